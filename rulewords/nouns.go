package rulewords

import (
	"regexp"
	"slices"
)

// Nouns alone and the adjectives after a list of them: "cors o diamants
// parells" is a heart or a diamond, even.

// bareNoun: the words from i to end are a noun alone ("copas", "figuras").
func (p *reader) bareNoun(i, end int) bool {
	for _, nt := range []string{"nouns", "noun"} {
		for _, r := range p.parse(nt, i) {
			if r.end == end {
				return true
			}
		}
	}
	return false
}

// nounThenAdjs: the words from i to end are a noun and adjectives (or
// what a card is) after it ("diamants parells", "diamonds below 7").
func (p *reader) nounThenAdjs(i, end int) bool {
	for _, nt := range []string{"nouns", "noun"} {
		for _, r := range p.parse(nt, i) {
			if r.end >= end {
				continue
			}
			for _, nt := range []string{"adjs", "features"} {
				for _, a := range p.parse(nt, r.end) {
					if a.end == end {
						return true
					}
				}
			}
		}
	}
	return false
}

// nounRun reads nouns alone joined by commas, "and" or "or" and the
// adjectives (or a feature) after the last, said of them all: "cors o diamants parells"
// is a heart or a diamond, even; "piques i trèvols senars" a spade or a
// club (kinds joined by "and" are either kind), odd.
func nounRun(p *reader, i int) []result {
	var out []result
	// numerals: every item so far is a number alone ("1, 2 or 3")
	var walk func(i int, fs []any, numerals bool)
	walk = func(i int, fs []any, numerals bool) {
		for _, nt := range []string{"nouns", "noun"} {
			for _, r := range p.parse(nt, i) {
				got := append(slices.Clone(fs), r.val)
				numerals := numerals && p.numeral(i, r.end)
				if len(got) >= 2 {
					for _, a := range p.parse("adjs", r.end) {
						out = append(out, result{a.end, andF(featComb("or", got).(feature), a.val.(feature))})
					}
					// "hearts or diamonds above 5": the feature after the
					// list is said of it all (and, read by the items, of
					// the last only: two readings); numbers alone before
					// "higher than the last card" are amounts ("1, 2 or 3
					// higher than the last card"), never ranks
					for _, a := range p.parse("feature", r.end) {
						if comparison(a.val.(feature)) && !(numerals && rankFromCard(a.val.(feature))) {
							out = append(out, result{a.end, andF(featComb("or", got).(feature), a.val.(feature))})
						}
					}
				}
				if len(got) >= 6 {
					continue
				}
				for _, c := range p.g.connectives() {
					j := r.end
					if c.words[len(c.words)-1] != p.g.but && j+len(c.words) <= len(p.toks) && slices.Equal(p.toks[j:j+len(c.words)], c.words) {
						walk(j+len(c.words), got, numerals)
					}
				}
			}
		}
	}
	walk(i, nil, true)
	return out
}

// numeral: the words from i to end are a number alone ("3", "three"), no
// article or plural ("a 3", "3s", "threes" are cards).
func (p *reader) numeral(i, end int) bool {
	if end != i+1 {
		return false
	}
	for _, r := range p.parse("num", i) {
		if r.end == end {
			return true
		}
	}
	return false
}

// rankFromCard: f compares the card's rank with another card's ("higher
// than the last card", "lower than both of the last two").
func rankFromCard(f feature) bool {
	e := f("@").expr()
	return rankFromCardRE.MatchString(e) && cardNameRE.MatchString(e)
}

var rankFromCardRE = regexp.MustCompile(`^@\.rank [<>]=? `)

// spans: nonterminal nt reads the words from i to end.
func (p *reader) spans(nt string, i, end int) bool {
	return slices.ContainsFunc(p.parse(nt, i), func(r result) bool { return r.end == end })
}

// orPartsLast is the connectives of a list whose last item, from i to
// end, joins its parts by "or" itself: a comma before it is "or" ("the
// same value as the last card, double or half its value").
func (p *reader) orPartsLast(ops []string, i, end int) []string {
	if len(ops) > 0 && ops[len(ops)-1] == "," && p.spans("orparts", i, end) {
		return append(slices.Clone(ops[:len(ops)-1]), ",or")
	}
	return ops
}
