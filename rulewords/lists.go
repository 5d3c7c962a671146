package rulewords

import (
	"regexp"
	"slices"
	"strings"
)

// Lists: of ranks and numbers ("2, 3, 5 or 7"), and the lists a
// coordination must not take apart. A list of numbers after "be", "must
// not be" or before "away" has one subject and one relation, shared by
// every number: "the card must not be 8, 9 or 10" is none of them, never
// "is not an 8, or is a 9 or a 10"; "1 or 2 away from the last card" is
// one or two ranks away, the 1 an amount like the 2, never "an ace, or 2
// away".

// listOf reads "2, 3, 5 or 7" (at least two items; article allowed before
// each when article; a list of numbers may say "exactly" before each:
// "exactly 5 or exactly 7").
func listOf(item string, article bool) func(p *reader, i int) []result {
	return func(p *reader, i int) []result {
		var out []result
		var walk func(i int, ks []int)
		walk = func(i int, ks []int) {
			if article && i < len(p.toks) && slices.Contains(p.g.articles, p.toks[i]) {
				i++
			}
			for _, r := range p.listItem(item, i) {
				k := append(slices.Clone(ks), r.val.(int))
				j := r.end
				if j < len(p.toks) && p.toks[j] == "," {
					walk(j+1, k)
					if j+1 < len(p.toks) && (p.toks[j+1] == p.g.or || p.toks[j+1] == p.g.and) {
						last(p, j+2, k, item, article, &out)
					}
				}
				if j < len(p.toks) && (p.toks[j] == p.g.or || p.toks[j] == p.g.and) {
					last(p, j+1, k, item, article, &out)
				}
			}
		}
		walk(i, nil)
		return out
	}
}

func last(p *reader, i int, ks []int, item string, article bool, out *[]result) {
	if article && i < len(p.toks) && slices.Contains(p.g.articles, p.toks[i]) {
		i++
	}
	for _, r := range p.listItem(item, i) {
		*out = append(*out, result{r.end, append(slices.Clone(ks), r.val.(int))})
	}
}

// listItem reads an item of a list from i: a number may have the
// language's "exactly" before it.
func (p *reader) listItem(item string, i int) []result {
	rs := p.parse(item, i)
	if item != "num" {
		return rs
	}
	for _, e := range p.parse("exactly", i) {
		rs = append(slices.Clone(rs), p.parse(item, e.end)...)
	}
	return rs
}

// numOrs reads a list of numbers joined by commas and the language's "or"
// ("1, 2 or 3"): amounts, one of which is meant.
func numOrs(p *reader, i int) []result {
	var out []result
	for _, r := range listOf("num", false)(p, i) {
		if !slices.Contains(p.toks[i:r.end], p.g.and) {
			out = append(out, r)
		}
	}
	return out
}

// amounts are the numbers of a list of amounts ("1, 2 or 3 ranks away"),
// each once, from the smallest up, as they are written.
func amounts(v []any) any {
	var ks []int
	for _, x := range v {
		switch x := x.(type) {
		case int:
			ks = append(ks, x)
		case []int:
			ks = append(ks, x...)
		}
	}
	for k := 1; k < len(ks); k++ {
		if ks[k] <= ks[k-1] {
			return nil
		}
	}
	return ks
}

// choice: p is one of several things, as "either" says: an "or", or a
// list of ranks ("either 4 or 5" is the card's rank in [4, 5]).
func choice(p *pred) bool {
	return p.op == "or" || p.op == "atom" && strings.Contains(p.text, ".rank in [") && strings.Contains(p.text, ",")
}

// listTail: the item of a coordination from i to end, after an item that
// begins at prev, is the rest of a list the item before it reads whole,
// so it is no item of its own.
//
//   - A feature (or a kind of card) that begins with a number or a rank ("9", "a 9", "2 away
//     from the last card"), when the two read as one feature from prev:
//     "not 8, 9 or 10" is none of them, never "not an 8, or a 9, or a
//     10"; "1 or 2 away" is one or two ranks away, never "an ace, or 2
//     away".
//   - A verb phrase without a verb ("9", "2 away from the last card")
//     after one that reads the list to its end: "must not be 8, 9 or 10"
//     is "must not be" the whole list, never "must not be 8" or "(is) 9"
//     or "(is) 10".
//   - A sentence after a comma that begins with a number or a rank, when
//     the sentence before reads on to its end: "the card must be 1, 2 or 3
//     lower than the last card" is one sentence, never "must be an ace"
//     and "2 or 3 lower".
func (p *reader) listTail(item string, prev, i, end int) bool {
	if p.boundTail(item, prev, i, end) {
		return true
	}
	if !p.endsInNumber(prev, i) {
		// "a face card, an ace or a ten": a list of kinds of card, each
		// an item of its own.
		return false
	}
	if p.isNumber(i) && slices.ContainsFunc(p.parse("stepset", prev), func(r result) bool { return r.end > i }) {
		// "1, 2 or 3 ranks above …": the numbers are the amounts of one
		// step, never ranks, whatever follows the step (", counting round")
		return true
	}
	if p.amountTail(prev, i) {
		// "differs from the last card by exactly 5 or 7": the 7 is an
		// amount like the 5, never a card that is a 7; a text with no
		// words for the list of amounts is refused
		return true
	}
	switch item {
	case "featureA", "np":
		return (p.isNumber(i) || len(p.parse("rankn", i)) > 0) && p.reaches(item, prev, end)
	case "vp":
		return p.reaches("features", i, end) && p.reaches("vp", prev, end)
	case "sentence":
		return (p.isNumber(i) || len(p.parse("rankn", i)) > 0) && p.reaches("sentence", prev, end)
	}
	return false
}

// amountTail: the item from prev ends, before the connective before i, in
// a number a pattern read as an amount ("by exactly 5", "up 2", "at least
// 2"), and the item from i begins with a number: it is the same list's.
func (p *reader) amountTail(prev, i int) bool {
	j := i - 1
	for j > prev && (p.toks[j] == "," || p.toks[j] == p.g.or || p.toks[j] == p.g.and) {
		j--
	}
	return j >= prev && j < i-1 && p.amountEnd[j+1] && p.isNumber(i)
}

// endsInNumber: the item from prev that ends before the connective before
// i ends in a number or a rank ("not 8", "1"): only then is what follows
// the rest of a list of numbers.
func (p *reader) endsInNumber(prev, i int) bool {
	j := i - 1
	for j > prev && (p.toks[j] == "," || p.toks[j] == p.g.or || p.toks[j] == p.g.and) {
		j--
	}
	return j >= prev && p.numberAt(j)
}

// numberAt: the word at j is a number or ends a rank ("9", "ace").
func (p *reader) numberAt(j int) bool {
	if j < 0 || j >= len(p.toks) {
		return false
	}
	return p.isNumber(j) || slices.ContainsFunc(p.parse("rankn", j), func(r result) bool { return r.end == j+1 })
}

// reaches: nt reads the words from i to end.
func (p *reader) reaches(nt string, i, end int) bool {
	return slices.ContainsFunc(p.parse(nt, i), func(r result) bool { return r.end == end })
}

// boundTail: the item of a coordination from i to end comes after an item
// (from prev) that ends in a bound on an amount ("at least 3"), and the
// two read as one item: the bounds share the relation after them ("at
// least 3 and at most 8 away from the last card" is 3 to 8 ranks away,
// never "3 or higher, and within 8 ranks"). Features, kinds of card,
// verb phrases and sentences alike: whatever is coordinated, the first
// bound is no item of its own.
func (p *reader) boundTail(item string, prev, i, end int) bool {
	// the connective before i is one or two words ("and", ", but")
	ends := false
	for e := max(prev+1, i-2); e < i && !ends; e++ {
		for k := prev; k < e && !ends; k++ {
			ends = p.reaches("bound", k, e)
		}
	}
	return ends && p.reaches(item, prev, end)
}

// amountInCardList: the item v from i begins with a number alone that it
// reads as an amount from another card ("3 higher than the last card"),
// after items of a list one of which is a card said as a card, with an
// article or in the plural ("a 2", "an ace", "2s"): one list, one
// meaning, so "a 2 or 3 higher than the last card" is a 2 or a 3 that is
// higher, never a 2 or a card 3 higher (numbers alone are amounts: "1, 2
// or 3 higher than the last card").
//
// Only where the list and the words after it read so: "an ace, a 2 or 3
// ranks above the last card" says the 3 is an amount.
func (p *reader) amountInCardList(spans [][2]int, i, end int, v any) bool {
	if !p.reaches("feature", i+1, end) {
		return false
	}
	// a card said as a card, the item's words or its last words ("play a
	// 2": a command joined to others, vp.play)
	card := func(s [2]int) bool {
		for k := s[0]; k < s[1]; k++ {
			if !p.numeral(k, s[1]) && slices.ContainsFunc(append(p.parse("np", k), p.parse("nouns", k)...), func(r result) bool {
				f := featureOf(r.val)
				return f != nil && r.end == s[1] && rankIsNumberRE.MatchString(f("@").expr())
			}) {
				return true
			}
		}
		return false
	}
	if !p.numeral(i, i+1) || !slices.ContainsFunc(spans, card) {
		return false
	}
	f := featureOf(v)
	if f == nil {
		return false
	}
	e := f("@").expr()
	return cardNameRE.MatchString(e) && !rankIsNumberRE.MatchString(e)
}

// featureOf: v's feature, of a kind of card or a feature; nil otherwise.
func featureOf(v any) feature {
	switch x := v.(type) {
	case feature:
		return x
	case kind:
		return x.f
	}
	return nil
}

// rankIsNumberRE: an expression says the card's rank is a number ("3 of
// the same suit as the last card" is a 3).
var rankIsNumberRE = regexp.MustCompile(`@\.rank (==|in) \[?\d`)

// misreadInList: the item v from i to end, after the items of spans, is
// read in a way the list it stands in does not allow (amountInCardList,
// rankBeforeDirection, directionAfterAmounts).
func (p *reader) misreadInList(spans [][2]int, i, end int, v any) bool {
	return p.amountInCardList(spans, i, end, v) || p.rankBeforeDirection(spans, i, end, v) || p.directionAfterAmounts(spans, i, end)
}

// directionAfterAmounts: the item from i to end is a direction with no
// amount of its own ("lower than the last card") after an item that
// says amounts ("[the card is] 1 or 2 higher"), and from them on the two
// read as one step
// either way: "1 or 2 higher or lower than the last card" is 1 or 2 ranks
// up or down, never "1 or 2 higher, or any lower card". The amounts are
// the two directions'.
func (p *reader) directionAfterAmounts(spans [][2]int, i, end int) bool {
	if len(spans) == 0 || p.isNumber(i) {
		return false
	}
	s := spans[len(spans)-1]
	for k := s[0]; k < s[1]; k++ {
		if !p.isNumber(k) || !slices.ContainsFunc(p.parse("stepset", k), func(r result) bool { return r.end < s[1] }) {
			continue
		}
		if slices.ContainsFunc(p.parse("feature", k), func(r result) bool {
			g := featureOf(r.val)
			return r.end == end && g != nil && stepBothRE.MatchString(g("@").expr())
		}) {
			return true
		}
	}
	return false
}

// stepBothRE: a card's rank an amount above or below another's, both ways
// ("@.rank == prev.rank + 1 or @.rank == prev.rank - 1").
var stepBothRE = regexp.MustCompile(`@\.rank == .*\b(prev|prev2|prev3)\b.*\+.*@\.rank == .*-|@\.rank == .*\b(prev|prev2|prev3)\b.*-.*@\.rank == .*\+`)

// rankBeforeDirection: the item v is a number alone read as a card ("1":
// an ace) where the numbers from it are the amounts of one step ("1 or 2
// lower than the last card"), in a coordination none of whose items is a
// card said as a card: "1 or 2 higher or 1 or 2 lower than the last card"
// is never "… or an ace or 2 lower". In a list of amounts right before a
// direction the 1 is no ace ("an ace, 2 or 3 higher", said as cards, are
// cards: amountInCardList).
func (p *reader) rankBeforeDirection(spans [][2]int, i, end int, v any) bool {
	if len(spans) == 0 || !p.numeral(i, end) {
		return false
	}
	f := featureOf(v)
	if f == nil || !rankIsNumberRE.MatchString(f("@").expr()) {
		return false
	}
	step := func(r result) bool {
		g := featureOf(r.val)
		return r.end > end && g != nil && stepFromCardRE.MatchString(g("@").expr())
	}
	if !slices.ContainsFunc(p.parse("stepset", i), func(r result) bool { return r.end > end }) || !slices.ContainsFunc(p.parse("feature", i), step) {
		return false // "a face card, 8, 9 or 10": no direction after the numbers
	}
	return !slices.ContainsFunc(spans, func(s [2]int) bool {
		return !p.numeral(s[0], s[1]) && slices.ContainsFunc(append(p.parse("np", s[0]), p.parse("nouns", s[0])...), func(r result) bool {
			f := featureOf(r.val)
			return f != nil && r.end == s[1] && rankIsNumberRE.MatchString(f("@").expr())
		})
	})
}

// stepFromCardRE: a card's rank an amount from another card's.
var stepFromCardRE = regexp.MustCompile(`@\.rank == .*\b(prev|prev2|prev3)\b`)
