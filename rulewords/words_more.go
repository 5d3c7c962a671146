package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/expr-lang/expr"
)

// The shorter ways people say what a card is and what it must be: a
// relation with its card left out ("same number", "the other colour"),
// adjectives in a row ("odd red"), a vague word defined in brackets ("low
// (up to 6)"), a list in brackets that says the same ("primes (2 3 5 7 J
// K)"), sums said as "add up to", kinds of card that may only follow
// others ("face cards only on red cards").

func (g *registry) buildMore() {
	onPrev := func(op string) func(v []any) any {
		return func(v []any) any {
			f := string(v[0].(fieldName))
			return fe(func(r string) *pred { return sameField(f, r, "prev", op) })
		}
	}
	g.named("f.sameprev", "feature", func(v []any) any {
		f := string(v[0].(fieldName))
		return fe(func(r string) *pred { return elidedSame(f, r) })
	}, "same $field", "[the] same $field as before", "[the] same $field as last time")
	g.named("f.otherprev", "feature", onPrev("!="), "of the other|opposite $field", "the other|opposite $field", "in the other|opposite $field",
		"a different $field than before", "another $field", "whose $field differs", "whose $field is different", "whose $field changes")
	g.named("f.rankpl>=", "feature", rankIs(">="), "$rankpl or higher|more|above|better|up|over", "$rankpl and up|above|higher|over")
	g.named("f.rankpl<=", "feature", rankIs("<="), "$rankpl or lower|less|below|under", "$rankpl and under|below|lower|down")
	g.named("f.suitone", "feature", func(v []any) any {
		s := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, s), r) })
	}, "$suit")
	// "odd red": adjectives in a row, the card is each
	g.named("f.adjs", "feature", func(v []any) any {
		a, b := v[0].(feature), v[1].(feature)
		if shareField(a, b) {
			return nil // "red red", "red black": not two adjectives of one card
		}
		return andF(a, b)
	}, "$adj $adjs")
	away := func(op string) func(v []any) any {
		return func(v []any) any {
			k, ref := v[0].(int), v[1].(string)
			return fe(func(r string) *pred {
				return related(fmt.Sprintf("abs(%s.rank - %s.rank) %s %d", r, ref, op, k), r, ref)
			})
		}
	}
	g.named("f.away>=", "feature", away(">="), "at least $steps away from $ref", "$steps or more away from $ref",
		"at least $steps apart from $ref", "at least $steps from $ref")
	g.named("f.away>", "feature", away(">"), "more than $steps away from $ref")
	// "3 or more higher than the last card": the 3 an amount, not a rank
	by := func(op, sign string) func(v []any) any {
		return func(v []any) any {
			k, ref := v[0].(int), v[1].(string)
			return fe(func(r string) *pred {
				return related(fmt.Sprintf("%s.rank %s %s.rank %s %d", r, op, ref, sign, k), r, ref)
			})
		}
	}
	g.named("f.upatleast", "feature", by(">=", "+"), "at least $steps higher|more than $ref", "$steps or more higher|more than $ref",
		"at least $steps above $ref", "$steps or more above $ref")
	g.named("f.downatleast", "feature", by("<=", "-"), "at least $steps lower|less than $ref", "$steps or more lower|less than $ref",
		"at least $steps below $ref", "$steps or more below $ref")
	g.named("f.exactlyaway", "feature", func(v []any) any {
		k, ref := v[0].(int), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("abs(%s.rank - %s.rank) == %d", r, ref, k), r, ref) })
	}, "exactly $steps away from $ref", "exactly $steps from $ref")
	// a card's rank against a number that is not a rank: "higher than the
	// difference between the last two"
	vsTerm := func(op string) func(v []any) any {
		return func(v []any) any {
			t := v[0].(term)
			if len(t.refs) == 0 && !slices.ContainsFunc([]rune(t.text), func(r rune) bool { return r < '0' || r > '9' }) {
				return nil // a plain number: "higher than 7" is a rank's
			}
			return fe(func(r string) *pred {
				return compared(fmt.Sprintf("%s.rank %s %s", r, op, paren(t.text)), []string{r}, t.refs)
			})
		}
	}
	g.named("f.gtterm", "feature", vsTerm(">"), "higher|greater|bigger|larger|more than $term")
	g.named("f.ltterm", "feature", vsTerm("<"), "lower|smaller|less than $term")
	g.named("f.geterm", "feature", vsTerm(">="), "at least as high as $term", "at least $term", "not lower than $term")
	g.named("f.leterm", "feature", vsTerm("<="), "at most $term", "not higher than $term")
	// "within 4 of the average of the line": the distance to a number
	// that is not a rank
	g.named("f.withinterm", "feature", func(v []any) any {
		k, t := v[0].(int), v[1].(term)
		if len(t.refs) == 0 && !slices.ContainsFunc([]rune(t.text), func(r rune) bool { return r < '0' || r > '9' }) {
			return nil // a plain number
		}
		return fe(func(r string) *pred {
			return compared(fmt.Sprintf("abs(%s.rank - %s) <= %d", r, paren(t.text), k), []string{r}, t.refs)
		})
	}, "within $steps of $term")
	// "the card's value must differ from the starter's value by at least
	// 3": two numbers a distance apart
	g.named("c.termsdiffer", "clause", func(v []any) any {
		a, b, s := v[0].(term), v[1].(term), v[2].(span)
		d := fmt.Sprintf("abs(%s - %s)", a.text, b.text)
		var ps []*pred
		switch {
		case s.lo == s.hi:
			ps = append(ps, compared(fmt.Sprintf("%s == %d", d, s.lo), a.refs, b.refs))
		default:
			if s.lo > 0 {
				ps = append(ps, compared(fmt.Sprintf("%s >= %d", d, s.lo), a.refs, b.refs))
			}
			if s.hi < noTop {
				ps = append(ps, compared(fmt.Sprintf("%s <= %d", d, s.hi), a.refs, b.refs))
			}
		}
		return and(ps...)
	}, "$term [must|should] differ|differs from $term by $byamount", "$term [must|should] be different from $term by $byamount")
	// "share either the colour or the parity with the last card, not both"
	share := func(xor bool) func(v []any) any {
		return func(v []any) any {
			fs, refs := slots(v)
			return fe(func(r string) *pred {
				a, b := sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "==")
				if xor {
					return atom(fmt.Sprintf("(%s) != (%s)", a.expr(), b.expr()))
				}
				return or(a, b)
			})
		}
	}
	g.named("vp.share2", "vp", share(false), "share|shares [either] the $field or the $field with $ref", "share|shares [either] $field or $field with $ref",
		"share|shares [either] a $field or a $field with $ref",
		"match|matches $ref in [either] $field or $field")
	g.named("vp.sharexor", "vp", share(true), "share|shares [either] the $field or the $field with $ref [,] [but] not both",
		"share|shares [either] $field or $field with $ref [,] [but] not both", "match|matches $ref in [either] $field or $field [,] [but] not both")
	g.named("vp.share", "vp", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred { return sameField(fs[0], r, refs[0], "==") })
	}, "share|shares the|a $field with $ref", "share|shares $field with $ref")

	// A vague word with its meaning in brackets: "low (up to 6)", "high
	// (8+)"; and a feature with what it means in brackets, which must say
	// the same: "a multiple of 3 (so 3 6 9 Q)".
	g.named("f.defined", "feature", func(v []any) any {
		if e := v[1].(feature)("@").expr(); !strings.Contains(e, "@.rank") || fieldRE.ReplaceAllString(e, "") != strings.ReplaceAll(e, "@.rank", "") {
			return nil // what "high" or "low" means is a rank: "low, even" is two features
		}
		return v[1]
	}, "$vague ( $features )", "$vague ( [so|ie|namely|like] $rankset )", "$vague , $features", "$vague : $features")
	g.named("vague", "vague", func([]any) any { return "vague" }, "low", "high", "a low card|one|number", "a high card|one|number", "low cards|ones|numbers",
		"high cards|ones|numbers", "low card|number", "high card|number", "small", "big", "a small card|one|number", "a big card|one|number",
		"small cards|numbers", "big cards|numbers")
	// (a construction of the level above what it adds to: a production
	// whose first slot is its own nonterminal never reads)
	g.named("f.confirmed", "featureA", func(v []any) any {
		a, b := v[0].(feature), v[1].(feature)
		if !sameOnCards(a, b) && !sameOnPairs(a, b) {
			return nil // the brackets say another rule
		}
		return a
	}, "$feature ( [so|ie|namely|like|that is] $features )", "$feature ( [so|ie|namely|like|that is] $rankset )")
	g.named("np.confirmed", "np", func(v []any) any {
		a, b := v[0].(feature), v[1].(feature)
		if !sameOnCards(a, b) {
			return nil
		}
		return a
	}, "$npnoun ( [so|ie|namely|like|that is] $features )", "$npnoun ( [so|ie|namely|like|that is] $rankset )", "$npnoun : $rankset",
		"$npnoun : $features")
	g.special["rankset"] = rankSet
	// words the reader does not know with the ranks they mean in brackets:
	// "fibonacci numbers (A 2 3 5 8 K)", "values that divide 12 (A 2 3 4
	// 6 Q)": the list is the rule
	g.special["unknown"] = unknownWords
	g.named("f.listed", "feature", func(v []any) any { return v[len(v)-1] }, "$unknown ( [so|ie|namely|like|that is] $rankset )",
		"$unknown : $rankset")
	g.named("s.listedonly", "simple", func(v []any) any { return v[len(v)-1].(feature)("card") }, "$unknown only ( $rankset )")

	// sums: "the card and the last card must add up to at least 12"
	g.named("c.addup", "clause", func(v []any) any {
		a, b := v[0].(string), v[1].(string)
		t := term{fmt.Sprintf("%s.rank + %s.rank", a, b), []string{a, b}, false}
		return v[2].(func(term) *pred)(t)
	}, "$ref and $ref [must] $sumvp", "$ref plus $ref [must] $sumvp", "$ref and $ref together [must] $sumvp")
	num := func(op string) func(v []any) any {
		return func(v []any) any {
			b := v[0].(term)
			return func(a term) *pred { return cmp(op)([]any{a, b}).(*pred) }
		}
	}
	g.named("sumvp.eq", "sumvp", num("=="), "add|adds up to $term", "make|makes $term", "total $term", "sum to $term", "add|adds to $term", "sum|sums to $term", "total|totals $term", "come|comes to $term")
	g.named("sumvp.ge", "sumvp", num(">="), "add|adds up to at least $term", "add|adds up to $term or more", "make|makes at least $term",
		"total at least $term", "sum to at least $term")
	g.named("sumvp.le", "sumvp", num("<="), "add|adds up to at most $term", "add|adds up to $term or less", "make|makes at most $term",
		"total at most $term", "sum to at most $term", "add|adds up to no more than $term")
	g.named("sumvp.gt", "sumvp", num(">"), "add|adds up to more than $term", "make|makes more than $term", "total more than $term")
	g.named("sumvp.lt", "sumvp", num("<"), "add|adds up to less than $term", "make|makes less than $term", "total less than $term")
	g.named("sumvp.num", "sumvp", func(v []any) any { return v[0] }, "$numvp")
	g.named("c.termwith", "clause", func(v []any) any {
		t := v[0].(term)
		return v[1].(func(term) *pred)(term{fmt.Sprintf("%s + card.rank", paren(t.text)), append(t.refs, "card"), t.frac})
	}, "$term $numvp after|with|including {your card|yours|it}", "$term must $numvp after|with|including {your card|yours|it}", "$term $numvp after you play [it]", "$term must $numvp after you play [it]", "$term $numvp once you play [it]", "$term must $numvp once you play [it]", "$term [must] $numvp including your card", "$term [must] $numvp with your card added")
	g.named("c.termvp", "clause", func(v []any) any {
		t := v[0].(term)
		if !cardNameRE.MatchString(t.text) {
			return nil // a number alone is nothing of the cards: "1 is odd"
		}
		return v[1].(func(term) *pred)(t)
	}, "$term $numvp", "$term must $numvp")

	// notes that say nothing of the rule: the values of the cards, how
	// places are counted
	g.named("note.value", "note", func(v []any) any {
		if v[0].(int) != v[1].(int) {
			return nil // another counting of the ranks: not ours
		}
		return note{}
	}, "$rankpl count|counts as $num", "$rankw counts as $num", "$rankpl are $num", "$rankw is $num", "$rankw = $num",
		"$rankpl count|counts $num", "$rankpl are worth $num", "$rankw is worth $num", "$rankpl are low", "$rankw is low")
	g.named("note.starter", "note", func([]any) any { return note{} },
		"the starter is position|card|number 1", "the starter is the first card|position", "counting the starter as {1|one|the first} [card]",
		"the starter counts as {1|one|the first} [card|position]", "the starter is 1|one", "starting from the starter", "the starter being 1",
		"counting from the starter", "the starter counts as position|card|number 1|one", "the starter is position|number one", "the starter is the 1st [card|position]", "the first card is the starter", "starter = 1", "the starter is card 1")
	g.def("aside", "", func(v []any) any { return v[0] }, "$note", "( $note )")

	// "the sum with the last card"
	g.named("t.sumwith", "tatom", func(v []any) any {
		r := v[0].(string)
		return term{fmt.Sprintf("card.rank + %s.rank", r), []string{"card", r}, false}
	}, "the sum with $ref", "the total with $ref", "its sum with $ref")
	// numbers that are not face cards, as a noun ("the others, numbers")
	notFace := func([]any) any { return fe(func(r string) *pred { return not(guarded(r+".face", r)) }) }
	g.named("noun.pip", "noun", notFace, "number card", "pip card", "numeral card", "spot card")
	g.named("nouns.pip", "nouns", notFace, "number cards", "pip cards", "numeral cards", "spot cards", "non face cards")
	g.named("np.pip", "npnoun", notFace, "numbers", "only numbers", "a number")
	g.named("s.neither", "simple", func(v []any) any { return not(or(v[0].(feature)("card"), v[1].(feature)("card"))) },
		"neither $npx nor $npx", "no $npx nor $npx", "not $npx nor $npx")

	// what the card must be, said shortly
	higher, lower := rankVs(">")([]any{"prev"}).(feature), rankVs("<")([]any{"prev"}).(feature)
	g.named("s.higher", "simple", func([]any) any { return higher("card") }, append([]string{"higher", "go higher|up", "up", "a higher one", "higher than last|before"}, dirVerbs(
		"ascend|increase|rise|climb", "ascends|increases|rises|climbs", "ascending|increasing|rising|climbing", "up|higher")...)...)
	g.named("s.lower", "simple", func([]any) any { return lower("card") }, append([]string{"lower", "go lower|down", "down", "a lower one", "lower than last|before"}, dirVerbs(
		"descend|decrease|fall|drop|sink", "descends|decreases|falls|drops|sinks", "descending|decreasing|falling|dropping|sinking", "down|lower")...)...)
	g.named("s.followsuit", "simple", func([]any) any { return sameField("suit", "card", "prev", "==") },
		"[you] [must] follow suit", "[you] [must] follow the suit", "suit must be followed", "stick to the suit", "stay in suit",
		"stay on|in the same suit")
	g.named("s.switch", "simple", func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", "!=") },
		"switch|swap|flip $field", "switch|swap|flip the $field", "the $field must|always switch|switches|flip|flips")
	g.named("s.differby", "simple", func(v []any) any {
		ref, k := "prev", 0
		for _, x := range v {
			switch x := x.(type) {
			case string:
				ref = x
			case int:
				k = x
			}
		}
		return or(related(fmt.Sprintf("card.rank == %s.rank + %d", ref, k), "card", ref), related(fmt.Sprintf("card.rank == %s.rank - %d", ref, k), "card", ref))
	}, "differ|differs from $ref by [exactly] $steps", "differ|differs by [exactly] $steps from $ref", "differ|differs by exactly $steps",
		"[the] $field must differ from $ref by [exactly] $steps", "be $steps away from $ref")
	g.named("s.nothing", "simple", func(v []any) any { return not(v[0].(feature)("card")) }, "nothing $feature", "nothing that is $features",
		"no $nps allowed|permitted", "no $nps are allowed|permitted", "no $nps may be played", "no more $nps",
		"no card $feature", "no cards $feature", "no $nps either", "not $npx either", "nothing $feature either", "none $feature",
		"no cards that are $features", "no card that is $features", "no card may|can|should be $features", "no card is allowed to be $features")
	g.named("s.vp", "simple", onCard, "must $vps", "$vps", "they must $vps", "they $vps", "it must $vps")
	// "a card with the same number or suit", "with a value of at least 7"
	rel := func(op string, two bool) func(v []any) any {
		return func(v []any) any {
			fs, refs := slots(v)
			ref := "prev"
			if len(refs) > 0 {
				ref = refs[0]
			}
			return fe(func(r string) *pred {
				p := sameField(fs[0], r, ref, op)
				if two {
					p = or(p, sameField(fs[1], r, ref, op))
				}
				return p
			})
		}
	}
	g.named("withf.same", "withf", rel("==", false), "the same $field as $ref", "the same $field")
	g.named("withf.same2", "withf", rel("==", true), "the same $field or $field [as $ref]", "the same $field or the same $field [as $ref]")
	g.named("withf.different", "withf", rel("!=", false), "a different $field [from|than $ref]")
	g.named("withf.higher", "withf", func(v []any) any {
		ref := "prev"
		if len(v) > 0 {
			ref = v[0].(string)
		}
		return rankVs(">")([]any{ref})
	}, "a higher value|rank|number [than $ref]")
	g.named("withf.lower", "withf", func(v []any) any {
		ref := "prev"
		if len(v) > 0 {
			ref = v[0].(string)
		}
		return rankVs("<")([]any{ref})
	}, "a lower value|rank|number [than $ref]")
	g.named("withf.value", "withf", func(v []any) any { return v[0] }, "a value|rank|number [of] $features", "a value|rank|number that is $features",
		"a value|rank|number $feature")
	g.named("withf.parity", "withf", func(v []any) any { return v[0] }, "an $adj value|rank|number")
	g.named("np.another", "npnoun", func(v []any) any { return v[0] }, "another $noun", "another one $feature")
	// "each red card must be even": a kind of card said with every, each
	// or another is the kind ("another red card" is a red card).
	g.named("np.every", "npnoun", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "every|each|another $adjs $noun")
	g.named("np.everynoun", "npnoun", func(v []any) any { return v[0] }, "every|each $noun")
	g.named("vp.with", "vp", func(v []any) any { return v[0] }, "has|have $withf")
	g.named("f.withinref", "feature", func(v []any) any {
		k, ref := v[0].(int), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("abs(%s.rank - %s.rank) <= %d", r, ref, k), r, ref) })
	}, "within $steps of $ref 's value|rank|number", "within $steps of the value|rank of $ref")
	g.named("s.notwice", "simple", func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", "!=") },
		"never play|repeat the same $field twice in a row", "cannot|can not play|repeat the same $field twice [in a row]", "never the same $field twice [in a row]", "no $field twice in a row",
		"the same $field never twice in a row", "no consecutive cards of the same $field", "never repeat the $field", "do not repeat the $field",
		"no repeated $field|$field", "no repeats of $field", "[you] {cannot|can not|must not|may not} repeat the|a $field", "[you] {cannot|can not|must not|may not} repeat $field", "no repeating the $field", "do not repeat $field", "[you] {cannot|can not} play the same $field again", "no repeating [the] $field", "no repeated $field", "repeating [the] $field is not allowed")
	g.named("s.need", "simple", onCard, "you need $npx", "you must use $npx", "use $npx", "lay down $npx", "throw $npx", "put down $npx",
		"you can only play $npx", "you may only play $npx", "it must be $npx")
	g.named("classitem.vp", "classitem", func(v []any) any { return saidItem{v[0].(feature), v[1].(feature)} }, "$np $vps")
	g.named("classitem.anys", "classitem", func(v []any) any { return [2]feature{v[0].(feature), fe(func(string) *pred { return yes }).(feature)} },
		"$nps anything", "$nps any card", "$nps whatever", "$nps [are] free", "$nps can be anything")
	g.named("classitem.any", "classitem", func(v []any) any { return [2]feature{v[0].(feature), fe(func(string) *pred { return yes }).(feature)} },
		"$np anything", "$np any card", "$np whatever", "$np [are] free", "$np can be anything", "$np [are] anything goes", "$np any")

	// kinds that may only follow others: "face cards can only go on red
	// cards, and number cards only on black ones"
	only := func(v []any) any { return ifThen(v[0].(feature)("card"), v[1].(feature)("prev"), yes) }
	g.named("s.onlyon", "sentence", only, "$nps can only go|follow on|after $nps", "$nps can only be played on|after $nps",
		"$nps only on|after $nps", "$nps may only go|follow on|after $nps", "$nps may only be played on|after $nps",
		"$nps only go on|after $nps", "$nps go only on|after $nps", "$nps can|may only follow $nps", "$nps can|may only come after $nps", "$nps can|may only be played {after|on top of} $nps", "$nps only ever follow $nps")
}

var fieldRE = regexp.MustCompile(`@\.(\w+)`)

// shareField: two features of a card read the same field of it.
func shareField(a, b feature) bool {
	fa := fieldRE.FindAllStringSubmatch(a("@").expr(), -1)
	fb := fieldRE.FindAllStringSubmatch(b("@").expr(), -1)
	for _, x := range fa {
		for _, y := range fb {
			if x[1] == y[1] || (x[1] == "even" || x[1] == "odd") && (y[1] == "even" || y[1] == "odd") {
				return true
			}
		}
	}
	return false
}

// rankSet reads ranks in a row, with or without commas, "and" or "or"
// before the last: "2 3 5 7 J K", "3, 6, 9 and Q". At least two.
func rankSet(p *reader, i int) []result {
	var out []result
	var walk func(i int, ks []int)
	walk = func(i int, ks []int) {
		rs := p.parse("rankw", i)
		if p.g.t.lang == "en" && i+1 < len(p.toks) && p.toks[i] == "a" {
			// "A 2 3 5 8 K": in a list of ranks "a" is the ace, not the
			// article of "a 2"
			rs = []result{{i + 1, 1}}
		}
		for _, r := range rs {
			k := append(slices.Clone(ks), r.val.(int))
			if len(k) >= 2 {
				out = append(out, result{r.end, ranksFeature(k)})
			}
			if len(k) >= 13 {
				continue
			}
			j := r.end
			walk(j, k)
			for _, sep := range [][]string{{","}, {p.g.and}, {p.g.or}, {",", p.g.and}, {",", p.g.or}} {
				if j+len(sep) <= len(p.toks) && slices.Equal(p.toks[j:j+len(sep)], sep) {
					walk(j+len(sep), k)
				}
			}
		}
	}
	walk(i, nil)
	return out
}

func ranksFeature(ks []int) feature {
	ks = slices.Clone(ks)
	slices.Sort(ks)
	ks = slices.Compact(ks)
	return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r) }).(feature)
}

// sameOnCards: two features of a card alone say the same of each of the
// 52 cards.
func sameOnCards(a, b feature) bool {
	ea, eb := a("card").expr(), b("card").expr()
	if ea == eb {
		return true
	}
	pa, err1 := expr.Compile(ea, expr.Env(cardEnv{}))
	pb, err2 := expr.Compile(eb, expr.Env(cardEnv{}))
	if err1 != nil || err2 != nil {
		return false // it reads more than the card
	}
	for _, c := range allCards() {
		x, err1 := expr.Run(pa, cardEnv{Card: c})
		y, err2 := expr.Run(pb, cardEnv{Card: c})
		if err1 != nil || err2 != nil || x != y {
			return false
		}
	}
	return true
}

// cardEnv is the rule language's card alone, for sameOnCards.
type cardEnv struct {
	Card oneCard `expr:"card"`
}

type oneCard struct {
	Rank  int    `expr:"rank"`
	Suit  string `expr:"suit"`
	Color string `expr:"color"`
	Face  bool   `expr:"face"`
	Even  bool   `expr:"even"`
	Odd   bool   `expr:"odd"`
}

// unknownWords reads a run of words at least one of which no pattern of
// the language holds, and none of which says what a card is (a colour,
// a suit, an adjective): words whose meaning a list in brackets gives.
func unknownWords(p *reader, i int) []result {
	known := p.g.vocabulary()
	var out []result
	unknown := false
	for j := i; j < len(p.toks) && j < i+6; j++ {
		w := p.toks[j]
		if !strings.ContainsFunc(w, unicode.IsLetter) && !strings.ContainsFunc(w, unicode.IsDigit) {
			break // punctuation ends the run
		}
		for _, nt := range []string{"adj", "color", "colors", "suit", "suits"} {
			if len(p.parse(nt, j)) > 0 {
				return out
			}
		}
		if !known[w] && len(p.g.special["num"](p, j)) == 0 {
			unknown = true
		}
		if unknown {
			out = append(out, result{j + 1, "unknown"})
		}
	}
	return out
}

// dirVerbs are the patterns of a direction said as a verb, of every card
// ("everything must go down", "the cards must climb", "keep going up",
// "climb"): the verb's base, third person and -ing forms, and the word
// after "go" ("up").
func dirVerbs(base, third, ing, goWord string) []string {
	var gos, goings []string
	for _, w := range strings.Split(goWord, "|") {
		gos, goings = append(gos, "go "+w), append(goings, "going "+w)
	}
	v := "{" + base + "|" + strings.Join(gos, "|") + "}"
	vIng := "{" + ing + "|" + strings.Join(goings, "|") + "}"
	v3 := "{" + third + "|goes " + strings.Split(goWord, "|")[0] + "}"
	subj := "{everything|every card|each card|all cards|all the cards|the cards|cards|the values|values|the ranks|ranks|the numbers|numbers|each card played|each new card|each next card}"
	mod := "{must|should|has to|have to|needs to|need to|will|always|must always|should always|have to always|has to always}"
	keep := "{keep|keeps|must keep|should keep|keep on|must keep on|continue|continues|carry on|go on|you must keep|always}"
	return []string{
		v, "always " + v, v + " {always|each time|every time}",
		subj + " " + mod + " " + v,
		subj + " " + keep + " " + vIng,
		subj + " " + v3 + " [always]",
		keep + " " + vIng,
		vIng, // "… then back to going up"
	}
}
