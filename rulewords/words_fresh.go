package rulewords

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Words a writer of fresh rules used that the reader refused: a number
// that is not a multiple ("the total must never be a multiple of 10"),
// kinds of number coordinated after a sum's verb ("add up to a multiple of
// 4 or a multiple of 6"), a fraction or a multiple of another card's rank
// as a bound ("at least half the last card's value"), a closing "after
// anything else play anything", the places of cards played after the
// starter ("every fourth card played"), and more words that say a pattern
// repeats ("and round again").

func (g *registry) buildFresh() {
	// what a number is not: a multiple ("is not divisible by 10"; "must
	// never be" is respelled "is never")
	g.named("numvp.notmultiple", "numvp", multipleBy(true), "is not|never a multiple of $term", "is not|never divisible by $term", "not|never be a multiple of $term",
		"not|never be divisible by $term")
	// ("divide" stays a word the reader does not know: "values that divide
	// 12 (A 2 3 4 6 Q)" is read from its list)
	// what a number is, its verb left out after "or", "and" ("… is a
	// multiple of 4 or a multiple of 6", "… add up to a multiple of 4 or a
	// prime"): the tail of the phrase before (elided.go)
	g.named("numvpc.multiple", "numvpc", multipleBy(false), "a multiple of $term", "divisible by $term", "a number divisible by $term")
	g.named("numvpc.notmultiple", "numvpc", multipleBy(true), "not a multiple of $term", "not divisible by $term")
	par := func(r int) func([]any) any {
		return func([]any) any { return func(a term) *pred { return parityOf(a, r) } }
	}
	g.named("numvpc.even", "numvpc", par(0), "an even number|total|sum")
	g.named("numvpc.odd", "numvpc", par(1), "an odd number|total|sum")
	for _, k := range numKinds {
		k := k
		g.named("numvpc."+k.name, "numvpc", func([]any) any { return k.of }, k.nouns...)
	}

	// a bound at a fraction or a multiple of another card's rank: "at least
	// half the last card's value", "at most a third of it", "more than
	// three times the starter" — a bound (cmp.*), a multiplier (mult.*)
	// and a card's rank (multref), in every language's words
	for _, b := range boundWords {
		g.named("cmp."+b.name, "cmp", constant(b.op), b.words...)
	}
	for _, m := range multipliers {
		g.named("mult."+m.name, "mult", constant(m.multiplier), m.words...)
		g.named("multw."+m.name, "multw", constant(m.multiplier), m.bare...)
	}
	g.named("multref", "multref", func(v []any) any { return v[0] }, "$ref", "$ref 's value|rank|number", "the value|rank|number of $ref")
	g.every("feature", func(v []any) any {
		op, m, ref := v[0].(string), v[1].(multiplier), v[2].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf(m.format, r, op, ref), r, ref) })
	}, "$cmp $mult $multref")
	// the fraction or multiple itself: "double it or half of it", "twice
	// the last card's value" (half of an odd rank is no card's)
	g.named("f.mult", "feature", func(v []any) any {
		m, ref := v[0].(multiplier), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf(m.format, r, "==", ref), r, ref) })
	}, "$mult $multref")
	// two of them of one rank: "double or half its value" (an item that
	// joins its parts by "or" itself: after a comma in a list, the comma
	// is "or" too, coordinateKinds)
	g.def("feature", "", func(v []any) any { return v[0] }, "$orparts")
	g.named("f.multor", "orparts", func(v []any) any {
		a, b, ref := v[0].(multiplier), v[1].(multiplier), v[2].(string)
		return fe(func(r string) *pred {
			return or(related(fmt.Sprintf(a.format, r, "==", ref), r, ref), related(fmt.Sprintf(b.format, r, "==", ref), r, ref))
		})
	}, "$mult or $mult $multref")
	// where a multiplier's words end in "of" ("o dobro de"), the first
	// of two is said without it: "o dobro ou a metade da última carta"
	// (phrase files: f.multor2; English reads them as f.multor)
	g.named("f.multor2", "orparts", func(v []any) any {
		a, b, ref := v[0].(multiplier), v[1].(multiplier), v[2].(string)
		return fe(func(r string) *pred {
			return or(related(fmt.Sprintf(a.format, r, "==", ref), r, ref), related(fmt.Sprintf(b.format, r, "==", ref), r, ref))
		})
	}, "$multw or $mult $multref")
	// a fraction rounded down, its whole part: "half the last card rounded
	// down" is int(prev.rank / 2); a multiple has nothing to round
	g.named("f.multdown", "feature", func(v []any) any {
		m, ref := v[0].(multiplier), v[1].(string)
		if m.div == 0 {
			return nil
		}
		return fe(func(r string) *pred {
			return related(fmt.Sprintf("%s.rank == int((%s.rank / %d))", r, ref, m.div), r, ref)
		})
	}, "$mult $multref $rounddown")
	g.named("round.down", "rounddown", constant("down"), "[,] rounded|rounding down", "[,] round down", "[,] rounded down to a whole number")
	// rounded up, the whole part of the fraction of the rank plus the
	// divisor less one: "half the last card, rounded up" is
	// int(((prev.rank + 1) / 2)), as "the whole part of ((the last card's
	// rank plus 1) divided by 2)" reads
	g.named("f.multup", "feature", func(v []any) any {
		m, ref := v[0].(multiplier), v[1].(string)
		if m.div == 0 {
			return nil
		}
		return fe(func(r string) *pred {
			return related(fmt.Sprintf("%s.rank == int(((%s.rank + %d) / %d))", r, ref, m.div-1, m.div), r, ref)
		})
	}, "$mult $multref $roundup")
	g.named("round.up", "roundup", constant("up"), "[,] rounded|rounding up", "[,] round up", "[,] rounded up to a whole number")

	// a closing branch that allows any card: "…, after anything else play
	// anything", "…, otherwise anything"
	g.named("br.otherwiseany2", "branch", func([]any) any { return &branch{otherwise: true, then: yes} },
		"after|following anything|everything else [,] [you] [can|may] play anything|whatever", "after|following anything|everything else [,] anything [goes]",
		"after|following any other card [,] [you] [can|may] play anything|whatever", "after|following any other card [,] anything [goes]",
		"after|following anything|everything else [,] any card [is fine|ok|allowed]", "after|following any other card [,] any card [is fine|ok|allowed]",
		"otherwise [,] [you] [can|may] play anything|whatever", "otherwise [,] any card [is fine|ok|allowed]")
	g.named("br.otherwiseafter", "branch", func(v []any) any { return &branch{otherwise: true, then: onTheCard(v[0])} },
		"after|following anything|everything else [,] [you] [must|may|can] $sentence", "after|following any other card [,] [you] [must|may|can] $sentence")

	// every k-th card played: counted from the starter (its place on the
	// line, as "every fourth card") or from the first card played after it
	// (two readings); "after the starter" says the second
	everyFrom := func(after bool) func(v []any) any {
		return func(v []any) any {
			k := v[0].(int)
			if k < 2 || k > 13 {
				return nil
			}
			played := atom(fmt.Sprintf("n %% %d == 0", k))
			if after {
				return played
			}
			return alts{atom(fmt.Sprintf("n %% %d == %d", k, k-1)), played}
		}
	}
	g.named("place.everyplayed", "place", everyFrom(false), "every|each $ordinal card played", "every|each $ordinal card you play",
		"every|each $ordinal card that is played", "every|each $ordinal card to be played")
	g.named("place.everyafter", "place", everyFrom(true), "every|each $ordinal card [played] after the starter",
		"every|each $ordinal card [played] after the starting card", "every|each $ordinal card [played] after the first card",
		"every|each $ordinal card played after the first")

	// a pattern said to repeat in more words ("red, red, black, black, and
	// round again")
	g.named("s.patternround", "sentence", func(v []any) any { return patternRule(v[0].([]patItem)) },
		"$patlist [,] [and] round|around again", "$patlist [,] [and] then round|around again", "$patlist [,] and so on round|around",
		"$patlist [,] [and] round and round", "$patlist [,] [and] over and over again", "$patlist [,] and so on and so forth",
		"$patlist [,] [and] start over", "$patlist [,] then start over", "$patlist [,] [and] again and again", "$patlist [,] on a loop",
		"$patlist [,] in a loop", "$patlist [,] and loop", "$patlist [,] and round|around we go", "$patlist [,] in a cycle",
		"$patlist [,] and back to the start", "$patlist [,] then back to the start", "$patlist [,] and so on round and round")
}

// multipliers: a fraction or a multiple of a rank, and the comparison of
// card r's rank with it (r, op, ref), written without a fraction.
// Its words are said before a card ("half of"); bare, before "or" and
// another's words that name the card ("half or double of …", multw).
var multipliers = []struct {
	name string
	multiplier
	words, bare []string
}{
	{"half", multiplier{"%s.rank * 2 %s %s.rank", 2}, []string{"half", "half of", "one half of"}, []string{"half", "one half"}},
	{"third", multiplier{"%s.rank * 3 %s %s.rank", 3}, []string{"a third of", "one third of"}, []string{"a third", "one third"}},
	{"quarter", multiplier{"%s.rank * 4 %s %s.rank", 4}, []string{"a quarter of", "one quarter of"}, []string{"a quarter", "one quarter"}},
	{"double", multiplier{"%s.rank %s 2 * %s.rank", 0}, []string{"twice", "double", "two times"}, []string{"twice", "double", "two times"}},
	{"triple", multiplier{"%s.rank %s 3 * %s.rank", 0}, []string{"three times", "triple", "thrice"}, []string{"three times", "triple", "thrice"}},
}

// multiplier is what a word of a fraction or a multiple means: the
// comparison of card r's rank with it (r, op, ref), and the divisor of a
// fraction (0: a multiple).
type multiplier struct {
	format string
	div    int
}

// boundWords: the words of a bound and its comparison.
var boundWords = []struct {
	name, op string
	words    []string
}{
	{"ge", ">=", []string{"at least", "no less than", "not less than"}},
	{"le", "<=", []string{"at most", "no more than", "not more than", "up to"}},
	{"gt", ">", []string{"more than", "greater than", "higher than", "bigger than", "larger than"}},
	{"lt", "<", []string{"less than", "lower than", "smaller than"}},
	{"eq", "==", []string{"exactly", "equal to"}},
}

// rounded is fraction t, which ends at end, rounded down or up by the
// words after it: "the last card's rank divided by 2, rounded down" is its
// whole part, as "the whole part of (…)" reads; rounded up, a number
// divided by a whole number k is the whole part of (it plus k - 1) divided
// by k. A whole number is not rounded.
func (p *reader) rounded(t term, end int) []result {
	if !t.frac {
		return nil
	}
	var out []result
	for _, d := range p.parse("rounddown", end) {
		out = append(out, result{d.end, term{"int(" + paren(t.text) + ")", t.refs, false}})
	}
	if m := fracByWholeRE.FindStringSubmatch(t.text); m != nil {
		if k, _ := strconv.Atoi(m[2]); k >= 2 {
			for _, d := range p.parse("roundup", end) {
				out = append(out, result{d.end, term{fmt.Sprintf("int(((%s + %d) / %d))", m[1], k-1, k), t.refs, false}})
			}
		}
	} else if num, den, ok := fracOfOperand(t.text); ok {
		// "(the last two added) divided by 2, rounded up", "the average of
		// the last two, rounded up": a sum (one operand) divided by a whole
		// number k, or by min(n, k) (the cards there of the last k)
		up := ""
		if k, err := strconv.Atoi(den); err == nil && k >= 2 {
			up = fmt.Sprintf("int(((%s + %d) / %d))", num, k-1, k)
		} else if minNRE.MatchString(den) {
			up = fmt.Sprintf("int(((%s + %s - 1) / %s))", num, den, den)
		}
		for _, d := range p.parse("roundup", end) {
			if up != "" {
				out = append(out, result{d.end, term{up, t.refs, false}})
			}
		}
	}
	return out
}

// minNRE: the number of the last k cards that are there, min(n, k).
var minNRE = regexp.MustCompile(`^min\(n, \d+\)$`)

// fracOfOperand splits "x / d" where x is one operand (a name, a call or
// a bracketed expression: no operator outside brackets) and d a whole
// number or min(n, k).
func fracOfOperand(text string) (num, den string, ok bool) {
	i := strings.LastIndex(text, " / ")
	if i < 0 {
		return "", "", false
	}
	num, den = text[:i], text[i+3:]
	depth := 0
	for _, c := range num {
		switch c {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ' ':
			if depth == 0 {
				return "", "", false
			}
		}
	}
	if _, err := strconv.Atoi(den); err != nil && !minNRE.MatchString(den) {
		return "", "", false
	}
	return num, den, depth == 0
}

// fracByWholeRE: a field (or a number) divided by a whole number.
var fracByWholeRE = regexp.MustCompile(`^([a-z0-9_]+(?:\.[a-z]+)?) / (\d+)$`)
