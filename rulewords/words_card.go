package rulewords

import (
	"fmt"
	"strings"
)

// The words for one card: features ("red", "7 or higher", "the same suit
// as the last card"), noun phrases ("a red card", "hearts", "face cards")
// and the small words they are made of (ranks, suits, numbers, cards).

func fe(f func(r string) *pred) any { return feature(f) }

// rankIs is a comparison of a card's rank with a number.
func rankIs(op string) rankAct {
	return func(v []any) any {
		k := v[0].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank %s %d", r, op, k), r) })
	}
}

// rankVs is a comparison of a card's rank with another card's.
func rankVs(op string) func(v []any) any {
	return func(v []any) any {
		ref := v[0].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank %s %s.rank", r, op, ref), r, ref) })
	}
}

// sameField is r and ref sharing a field (op "==") or not ("!=").
func sameField(field, r, ref, op string) *pred {
	if strings.HasPrefix(ref, "last(") {
		// the found card first: expr 1.17 judges card.suit ==
		// last(filter(line, .face)).suit false where the swapped
		// comparison is true
		return related(fmt.Sprintf("%s.%s %s %s.%s", ref, field, op, r, field), r, ref)
	}
	return related(fmt.Sprintf("%s.%s %s %s.%s", r, field, op, ref, field), r, ref)
}

func (g *registry) buildCard() {
	// The small words.
	for _, r := range cardRefs {
		r := r
		g.def("ref", "ref "+r.expr, func([]any) any { return r.expr }, r.words...)
	}
	for _, c := range colorNames {
		c := c
		g.def("color", "", func([]any) any { return c }, c)
		g.def("colors", "", func([]any) any { return c }, c+"s")
	}
	for _, s := range suitVocab {
		s := s
		g.def("suit", "", func([]any) any { return s.suit }, s.one...)
		g.def("suits", "", func([]any) any { return s.suit }, s.several...)
	}
	for k := 1; k <= 13; k++ {
		k := k
		g.def("rankw", "", func([]any) any { return k }, rankVocab[k].one...)
		g.named(fmt.Sprintf("rankpl.%d", k), "rankpl", func([]any) any { return k }, rankVocab[k].several...)
	}
	// rankn: a rank or a number in a comparison, with or without article
	// ("7", "a 7", "an ace", "14").
	g.def("rankn", "", func(v []any) any { return v[0] }, "$rankw", "a|an $rankw", "$rnum")
	for _, f := range fieldWords {
		f := f
		g.def("field", "", func([]any) any { return fieldName(f.field) }, f.words...)
	}
	g.def("steps", "", func(v []any) any { return 1 }, "one rank|step|card", "1 rank|step")
	g.def("steps", "", func(v []any) any { return v[0] }, "$num ranks|steps|cards|places", "$num")

	// Features of a card.
	g.def("feature", "f.color", func(v []any) any {
		c := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.color == %q", r, c), r) })
	}, "$color", "a|an $color card", "$colors", "$color cards", "of a|the $color suit", "$color in colour|color")
	g.def("feature", "f.suit", func(v []any) any {
		s := v[0].(string)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, s), r) })
	}, "a|an $suit", "$suits", "of $suits", "in $suits", "a card of $suits", "the suit $suits", "of the suit|symbol $suits",
		"of the suit|symbol $suit", "a card of the suit|symbol $suits")
	parity := func(which string) func([]any) any {
		return func([]any) any { return fe(func(r string) *pred { return guarded(r+"."+which, r) }) }
	}
	g.def("feature", "f.even", parity("even"), "even", "even numbered", "with an even value|rank|number", "an even card|number", "of even rank|value", "even cards|numbers", "evens")
	g.def("feature", "f.odd", parity("odd"), "odd", "odd numbered", "with an odd value|rank|number", "an odd card|number", "of odd rank|value", "odd cards|numbers", "odds")
	g.def("feature", "f.face", parity("face"), "a face card", "a face|court|picture|figure|royal card", "a figure|face|court",
		"face|court|picture|figure|royal cards", "figures", "faces", "courts")
	g.def("feature", "", func([]any) any { return fe(func(r string) *pred { return not(guarded(r+".face", r)) }) },
		"a {number|numbered|numeral|pip|spot|non face} card", "{number|numbered|numeral|pip|spot|non face} cards", "a numeral")
	g.def("feature", "f.rank==", rankIs("=="), "$rankn", "$rankpl", "rank|value $rankw", "of rank|value $rankw", "$rankw")
	g.def("feature", "f.rank>=", rankIs(">="), "$rankn $ormore",
		"at least $rankn", "no lower|less than $rankn", "not lower|less than $rankn", "$rankn and up|above|higher|over",
		"$rankn or a higher card", "greater than or equal to $rankn", "higher than or equal to $rankn", "$rankn +")
	g.def("feature", "f.rank>", rankIs(">"), "higher than $rankn", "greater|larger|bigger|more than $rankn",
		"above|over $rankn", "strictly higher|greater than $rankn", "of a higher rank|value than $rankn")
	g.def("feature", "f.rank<=", rankIs("<="), "$rankn $orless",
		"at most $rankn", "no higher|more|greater than $rankn", "not higher|more|greater than $rankn", "up to $rankn",
		"$rankn and under|below|lower|less", "less than or equal to $rankn", "lower than or equal to $rankn")
	g.def("feature", "f.rank<", rankIs("<"), "lower than $rankn", "less|smaller than $rankn", "below|under $rankn",
		"strictly lower|less than $rankn", "of a lower rank|value than $rankn")
	g.def("feature", "f.between", func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		return fe(func(r string) *pred {
			return and(guarded(fmt.Sprintf("%s.rank >= %d", r, a), r), guarded(fmt.Sprintf("%s.rank <= %d", r, b), r))
		})
	}, "between $rankn and $rankn inclusive", "from $rankn to $rankn [inclusive]", "between $rankn and $rankn",
		"in the range $rankn to $rankn", "$rankn to $rankn", "$rankn through|thru $rankn", "from $rankn through|thru $rankn", "$rankn up to $rankn", "anything from $rankn to $rankn")
	g.def("feature", "", func(v []any) any {
		a, b := v[0].(int), v[1].(int)
		return fe(func(r string) *pred {
			return and(guarded(fmt.Sprintf("%s.rank > %d", r, a), r), guarded(fmt.Sprintf("%s.rank < %d", r, b), r))
		})
	}, "strictly between $rankn and $rankn", "between $rankn and $rankn exclusive")
	g.def("feature", "f.ranks", func(v []any) any {
		ks := v[0].([]int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r) })
	}, "$ranklist", "one of $ranklist", "$rankpllist")
	// a card whose rank is of a kind of number: "a prime", "fibonacci numbers"
	for _, k := range numKinds {
		ranks := intList(k.upTo(13))
		g.named("f."+k.name, "feature", func([]any) any {
			return fe(func(r string) *pred { return guarded(r+".rank in "+ranks, r) })
		}, k.cards...)
	}
	g.def("feature", "f.multiple", func(v []any) any {
		k := v[0].(int)
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank %% %d == 0", r, k), r) })
	}, "a multiple of $num", "divisible by $num", "multiples of $num")
	// "High" and "low" say no number: each reading is given.
	for _, k := range []int{7, 8} {
		g.def("feature", "", rankIs(">=").withArg(k), "high", "a high card", "high cards")
		g.def("feature", "", rankIs("<=").withArg(k-1), "low", "a low card", "low cards")
	}
	g.def("feature", "f.any", func([]any) any { return fe(func(string) *pred { return yes }) }, "any card", "anything", "any")

	// Relations to another card.
	g.def("feature", "f.higher", rankVs(">"), "higher than $ref", "greater|larger|bigger|more than $ref", "above $ref",
		"of a higher rank|value than $ref", "of higher rank|value than $ref", "higher in rank|value than $ref", "strictly higher than $ref")
	g.def("feature", "f.lower", rankVs("<"), "lower than $ref", "less|smaller than $ref", "below $ref",
		"of a lower rank|value than $ref", "of lower rank|value than $ref", "lower in rank|value than $ref", "strictly lower than $ref")
	g.def("feature", "f.atleast", rankVs(">="), "as high as $ref or higher", "at least as high as $ref", "not|no lower than $ref",
		"higher than or equal to $ref", "equal to or higher than $ref", "as high or higher than $ref", "the same rank as or higher than $ref",
		"higher than or the same as $ref", "greater than or equal to $ref")
	g.def("feature", "f.atmost", rankVs("<="), "as low as $ref or lower", "at most as high as $ref", "not|no higher than $ref",
		"lower than or equal to $ref", "equal to or lower than $ref", "as low or lower than $ref", "the same rank as or lower than $ref",
		"lower than or the same as $ref", "less than or equal to $ref")
	// "the same value or higher", "higher or equal": the last card's when
	// none is named
	orEqual := func(op string) func(v []any) any {
		return func(v []any) any {
			if len(v) == 0 {
				return rankVs(op)([]any{"prev"})
			}
			return rankVs(op)(v)
		}
	}
	g.named("f.atleast2", "feature", orEqual(">="), "higher|greater or equal [to $ref]", "higher|greater or equal than $ref", "equal or higher|greater [than $ref]",
		"higher or the same [as $ref]", "higher than or equal", "higher or equal in value|rank [to $ref]")
	g.named("f.atmost2", "feature", orEqual("<="), "lower|less or equal [to $ref]", "lower|less or equal than $ref", "equal or lower|less [than $ref]",
		"lower or the same [as $ref]", "lower than or equal", "lower or equal in value|rank [to $ref]")
	g.def("feature", "f.same", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred { return sameField(fs[0], r, refs[0], "==") })
	}, "the same $field as $ref", "of the same $field as $ref", "same $field as $ref", "in the same $field as $ref",
		"matching $ref 's $field", "matching the $field of $ref", "of $ref 's $field", "$ref 's $field", "the $field of $ref",
		"whose $field is the same as $ref [ 's ]", "whose $field matches $ref [ 's ]")
	g.def("feature", "f.different", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred { return sameField(fs[0], r, refs[0], "!=") })
	}, "a different $field from $ref", "a different $field than|to $ref", "of a different $field from|than|to $ref",
		"different in $field from $ref", "different $field from|than|to $ref", "not the same $field as $ref", "of another $field than $ref",
		"whose $field differs from $ref [ 's ]", "whose $field is different from|than|to $ref [ 's ]", "whose $field is not the same as $ref [ 's ]",
		"whose $field does not match $ref [ 's ]", "with a $field different from|than|to $ref [ 's ]", "[of] a $field different from|than|to $ref")
	g.def("feature", "", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred {
			return or(sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "=="))
		})
	}, "[of] the same $field or [the] [same] $field as $ref", "[of] same $field or [the] [same] $field as $ref")
	g.def("feature", "", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred {
			return and(sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "=="))
		})
	}, "[of] the same $field and [the] [same] $field as $ref")
	step := func(up, wrap bool) func(v []any) any {
		return func(v []any) any {
			k, ref := v[0].(int), v[1].(string)
			return fe(func(r string) *pred {
				switch {
				case wrap && up:
					return related(wrapStep(r, ref, mod13(k-1)), r, ref)
				case wrap:
					return related(wrapStep(r, ref, mod13(12-k)), r, ref)
				case up:
					return related(fmt.Sprintf("%s.rank == %s.rank + %d", r, ref, k), r, ref)
				}
				return related(fmt.Sprintf("%s.rank == %s.rank - %d", r, ref, k), r, ref)
			})
		}
	}
	round := []string{"counting|going|wrapping round|around from king to ace", "( after a king , an ace )", "( counting on from king to ace )",
		"with wraparound|wrapping", "wrapping round|around", "counting round|around", ", counting round|around from king to ace", ", after a king an ace"}
	down := []string{"counting|going|wrapping round|around from ace to king", "( after an ace , a king )", "( counting back from ace to king )",
		"with wraparound|wrapping", "wrapping round|around", "counting round|around", ", counting round|around from ace to king", ", after an ace a king"}
	suffixed := func(pats, suffixes []string) []string {
		var out []string
		for _, s := range suffixes {
			for _, p := range pats {
				out = append(out, p+" "+s)
			}
		}
		return out
	}
	above := []string{"$steps above $ref", "$steps higher than $ref", "$steps more than $ref", "exactly $steps above|higher than $ref"}
	below := []string{"$steps below $ref", "$steps lower than $ref", "$steps less than $ref", "exactly $steps below|lower than $ref"}
	g.def("feature", "f.above.wrap", step(true, true), suffixed(above, round)...)
	g.def("feature", "f.below.wrap", step(false, true), suffixed(below, down)...)
	g.def("feature", "f.above", step(true, false), append([]string{"exactly $steps above $ref"}, above...)...)
	g.def("feature", "f.below", step(false, false), append([]string{"exactly $steps below $ref"}, below...)...)
	g.def("feature", "", func(v []any) any {
		k, ref := v[0].(int), v[1].(string)
		return fe(func(r string) *pred {
			return or(related(fmt.Sprintf("%s.rank == %s.rank + %d", r, ref, k), r, ref), related(fmt.Sprintf("%s.rank == %s.rank - %d", r, ref, k), r, ref))
		})
	}, "$steps higher or lower than $ref", "$steps above or below $ref", "$steps more or less than $ref", "exactly $steps above or below $ref")
	g.named("f.updown", "feature", func(v []any) any {
		k, ref := v[0].(int), "prev"
		if len(v) > 2 {
			ref = v[2].(string)
		}
		if v[1].(int) != k {
			return nil
		}
		return fe(func(r string) *pred {
			return or(related(fmt.Sprintf("%s.rank == %s.rank + %d", r, ref, k), r, ref), related(fmt.Sprintf("%s.rank == %s.rank - %d", r, ref, k), r, ref))
		})
	}, "$steps higher or $steps lower than $ref", "$steps above or $steps below $ref", "$steps up or $steps down", "$steps higher or $steps lower", "$steps down or $steps up", "$steps lower or $steps higher", "exactly $steps higher or $steps lower [than $ref]", "exactly $steps up or $steps down", "$steps more or $steps less [than $ref]")
	// Without a card to compare with, the last card: "in ascending order",
	// "of a higher value", "of the same suit".
	g.named("f.higherprev", "feature", func([]any) any { return rankVs(">")([]any{"prev"}) }, "in ascending|increasing|rising order",
		"of increasing|ascending|rising value|rank", "of a higher|greater value|rank", "a higher card", "a higher one", "a higher value|rank|number", "higher cards", "higher ones", "a higher card")
	g.named("f.lowerprev", "feature", func([]any) any { return rankVs("<")([]any{"prev"}) }, "in descending|decreasing|falling order",
		"of decreasing|descending|falling value|rank", "of a lower|smaller value|rank", "a lower card", "a lower one", "a lower value|rank|number", "lower cards", "lower ones", "a lower card")
	// a comparative before a kind: "a higher even card", "lower red ones"
	g.named("f.higherkind", "feature", func(v []any) any { return andF(rankVs(">")([]any{"prev"}).(feature), v[0].(feature)) },
		"a higher $adjs card|one", "higher $adjs cards|ones")
	g.named("f.lowerkind", "feature", func(v []any) any { return andF(rankVs("<")([]any{"prev"}).(feature), v[0].(feature)) },
		"a lower $adjs card|one", "lower $adjs cards|ones")
	g.def("feature", "", func(v []any) any {
		return fe(func(r string) *pred { return elidedSame(string(v[0].(fieldName)), r) })
	},
		"of the same $field", "the same $field")
	g.def("feature", "", func(v []any) any {
		return fe(func(r string) *pred { return sameField(string(v[0].(fieldName)), r, "prev", "!=") })
	},
		"of a different $field", "a different $field", "of another $field")
	g.def("feature", "", func(v []any) any { return step(true, false)([]any{1, v[0]}) }, "the next rank after $ref", "one more than $ref", "the rank after $ref")
	g.def("feature", "f.within", func(v []any) any {
		k, ref := v[0].(int), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("abs(%s.rank - %s.rank) <= %d", r, ref, k), r, ref) })
	}, "within $steps of $ref", "at most $steps away from $ref", "no more than $steps away from $ref", "$steps or less away from|of $ref",
		"within $steps [of] either side of $ref")
	g.def("feature", "f.cycle", func(v []any) any {
		ref, cyc := v[0].(string), v[1].([4]string)
		return fe(func(r string) *pred {
			return related(fmt.Sprintf("%s[%s.suit] == %s.suit", cycleMap(cyc), ref, r), r, ref)
		})
	}, "of the suit after $ref 's in the cycle $cycle", "the next suit after $ref in the cycle $cycle", "the suit after $ref 's in the cycle $cycle")
	g.def("feature", "f.suitmap", func(v []any) any {
		ref, m := v[0].(string), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s[%s.suit] == %s.suit", m, ref, r), r, ref) })
	}, "of the suit given for $ref 's suit by $suitmap", "of the suit that $ref 's suit maps to in $suitmap")
	g.def("feature", "f.nextcycle", func(v []any) any {
		cyc := v[0].([4]string)
		return fe(func(r string) *pred {
			return guarded(fmt.Sprintf("%s[prev.suit] == %s.suit", cycleMap(cyc), r), r, "prev")
		})
	}, "the next suit in the cycle $cycle", "of the next suit in the cycle $cycle", "the next suit in the order $cycle",
		"the next suit in the cycle|order : $cycle", "the next suit : $cycle", "of the next suit : $cycle")
	// "red after a black card": featureA, so that "odd after odd and even
	// after even" is two of them.
	g.def("featureA", "", func(v []any) any { return v[0] }, "$feature")
	g.def("featureA", "", func(v []any) any {
		if !choice(v[0].(feature)("@")) {
			return nil
		}
		return v[0]
	}, "either $features")
	g.def("featureA", "f.not", func(v []any) any { f := v[0].(feature); return fe(func(r string) *pred { return not(f(r)) }) }, "not $feature")
	g.named("f.after", "featureA", func(v []any) any {
		a, b := v[0].(feature), v[1].(feature)
		if hasIf(a("@")) {
			return nil // an "after" inside an "after" is no card
		}
		return fe(func(r string) *pred { return ifThen(b("prev"), a(r), yes) })
	}, "$feature after $np", "$feature following $np")
	g.named("f.valued", "feature", func(v []any) any { return v[0] }, "a value|rank|number of $features", "with a value|rank|number of $features",
		"whose value|rank|number is $features", "with a value|rank|number $features", "numbered|valued|ranked $features",
		"of a value|rank of $features", "a card with a value|rank of $features", "of value|rank $features", "a value|rank|number $features", "any value|rank|number $features")
	g.def("feature", "", rankVs(">"), "a higher value|rank|number than $ref", "a higher card than $ref")
	g.def("feature", "", rankVs("<"), "a lower value|rank|number than $ref", "a lower card than $ref")
	g.def("feature", "f.paren", func(v []any) any { return v[0] }, "( $features )")

	// Noun phrases: "a red card", "red face cards", "an even heart", "a card
	// higher than 7".
	// A noun phrase with a noun ("hearts", "red cards", "a card higher
	// than 7") names a kind of card; kinds joined by "and" are the cards of
	// either kind ("jacks, queens and kings only"), where adjectives joined
	// by "and" are the cards that are both ("red and even").
	g.def("np", "", func(v []any) any { return v[0] }, "$feature", "$npnoun")
	g.named("np.adjnoun", "npnoun", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "a|an $adjs $noun", "$adjs $nouns", "any $adjs $noun", "all $adjs $nouns")
	g.named("np.noun", "npnoun", func(v []any) any { return v[0] }, "a|an $noun", "any $noun", "$noun", "$nouns", "all $nouns")
	g.def("npnoun", "", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "$adjs $noun")
	g.named("np.that", "npnoun", func(v []any) any { return v[0] }, "a card|one that|which is $features", "cards|ones that|which are $features",
		"a card $feature", "cards $feature", "any card that is $features", "a card|one that|which $vps", "cards that|which $vps",
		"anything|something $feature", "any card $feature", "anything|something that is $features", "a card with $withf",
		"cards with $withf", "any card with $withf", "a card whose $withf", "any card whose $withf", "one with $withf", "ones with $withf", "one that is $features", "one that $vps")
	// "play one under 7": "one" a card, where it is no step ("one higher
	// than the last card")
	g.named("np.one", "npnoun", func(v []any) any {
		f := v[0].(feature)
		if cardNameRE.MatchString(f("@").expr()) {
			return nil
		}
		return f
	}, "one $feature", "ones $feature")
	// "an odd card below 9", "only red cards above 7": adjectives before
	// the card and a feature after it (in the plural only after "only" or
	// "play": "black cards 7 or more; red cards 6 or less" is a rule per
	// class, not two kinds of card both allowed alone)
	g.named("np.adjthat", "npnoun", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) },
		"a|an $adjs card|one $feature", "any $adjs card $feature")
	g.named("s.adjthat", "simple", func(v []any) any { return andF(v[0].(feature), v[1].(feature))("card") },
		"only $adjs cards|ones $feature", "play [only] $adjs cards|ones $feature")
	// "black cards 7 or lower only" may be a requirement on black cards
	// alone: beside a rule it is read so where "only black cards of 7 or
	// lower" would leave no card to follow (combineRules)
	g.named("s.adjclass", "simple", func(v []any) any {
		k, f := v[0].(feature), v[1].(feature)
		q := *andF(k, f)("card")
		q.class = &[2]*pred{k("card"), f("card")}
		return &q
	}, "$adjs cards|ones $feature only", "$adjs cards|ones $feature")
	g.def("adjs", "", func(v []any) any { return v[0] }, "$adj")
	g.def("adjs", "", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "$adj $adjs", "$adj , $adjs")
	adj := func(f func(r string) *pred) func([]any) any { return func([]any) any { return fe(f) } }
	for _, c := range colorNames {
		c := c
		g.named("adj."+c, "adj", adj(func(r string) *pred { return guarded(fmt.Sprintf("%s.color == %q", r, c), r) }), c)
	}
	g.named("adj.even", "adj", adj(func(r string) *pred { return guarded(r+".even", r) }), "even", "even numbered")
	g.named("adj.odd", "adj", adj(func(r string) *pred { return guarded(r+".odd", r) }), "odd", "odd numbered")
	g.named("adj.prime", "adj", adj(func(r string) *pred { return guarded(r+".rank in "+kindRanks("prime"), r) }), "prime")
	g.named("adj.number", "adj", adj(func(r string) *pred { return not(guarded(r+".face", r)) }), "number", "numbered", "numeral", "pip", "spot", "non face")
	g.named("adj.face", "adj", adj(func(r string) *pred { return guarded(r+".face", r) }))
	g.named("adj.suit", "adj", func(v []any) any {
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, v[0]), r) })
	})
	for _, k := range []int{7, 8} {
		g.def("adj", "", rankIs(">=").withArg(k), "high")
		g.def("adj", "", rankIs("<=").withArg(k-1), "low")
	}
	card := func([]any) any { return fe(func(string) *pred { return yes }) }
	g.named("noun.card", "noun", card, "card", "one")
	g.named("nouns.card", "nouns", card, "cards", "ones")
	// "number" is a card with adjectives ("prime numbers", "an even
	// number"), a number card alone ("numbers only")
	g.named("noun.num", "numnoun", card, "number")
	g.named("nouns.num", "numnouns", card, "numbers")
	// a list of ranks said once with what the cards are besides ("a 2 or
	// 3 red card", "um 2 ou 3 vermelho", "a 2 or 3 of hearts"): every rank
	// of the list is of that kind (with an article before each, "un 2 o un
	// 3 rojo", the list is a coordination of kinds)
	g.named("np.ranksadj", "npnoun", func(v []any) any {
		ks, f := v[0].([]int), v[1].(feature)
		return andF(fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r) }).(feature), f)
	}, "[a|an] $ranksbare $adjs card|cards")
	g.named("np.adjnum", "npnoun", func(v []any) any { return andF(v[0].(feature), v[1].(feature)) }, "a|an $adjs $numnoun", "$adjs $numnouns",
		"a $numnoun $feature", "$numnouns $feature")
	face := adj(func(r string) *pred { return guarded(r+".face", r) })
	g.named("noun.face", "noun", face, "face|court|picture|figure|royal card", "figure", "face", "court")
	g.named("nouns.face", "nouns", face, "face|court|picture|figure|royal cards", "figures", "faces", "courts")
	g.def("noun", "", func(v []any) any {
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, v[0]), r) })
	}, "$suit")
	g.def("nouns", "", func(v []any) any {
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.suit == %q", r, v[0]), r) })
	}, "$suits")
	g.def("nouns", "", func(v []any) any {
		return fe(func(r string) *pred { return guarded(fmt.Sprintf("%s.color == %q", r, v[0]), r) })
	}, "$colors")
	g.named("noun.rank", "noun", func(v []any) any { return rankIs("==")(v) }, "$rankw")
	g.def("nouns", "", func(v []any) any { return rankIs("==")(v) }, "$rankpl")
}

// fieldName is a card field a relation names ("color", "suit", "rank",
// "even" for parity): its own type, so that an action finds its fields
// and cards whatever their order in the words ("the suit of the last
// card", "the last card's suit").
type fieldName string

// slots are an action's fields and cards, each in order.
func slots(v []any) (fields, refs []string) {
	for _, x := range v {
		switch x := x.(type) {
		case fieldName:
			fields = append(fields, string(x))
		case string:
			refs = append(refs, x)
		}
	}
	return fields, refs
}

// withArg fixes a rank comparison's number.
func (f rankAct) withArg(k int) func([]any) any { return func([]any) any { return f([]any{k}) } }

type rankAct func(v []any) any

func andF(a, b feature) feature { return func(r string) *pred { return and(a(r), b(r)) } }

func mod13(k int) int { return ((k % 13) + 13) % 13 }

// wrapStep is card r's rank d + 1 ranks above to's counting round (a king
// is followed by an ace): "r.rank == (to.rank + d) % 13 + 1", and with
// no "+ 0" for one rank up.
func wrapStep(r, to string, d int) string {
	if d == 0 {
		return fmt.Sprintf("%s.rank == %s.rank %% 13 + 1", r, to)
	}
	return fmt.Sprintf("%s.rank == (%s.rank + %d) %% 13 + 1", r, to, d)
}

func intList(ks []int) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = fmt.Sprint(k)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// cycleMap is a cycle of the four suits as the map of each suit to the next.
func cycleMap(cyc [4]string) string {
	parts := make([]string, 4)
	for i, s := range cyc {
		parts[i] = fmt.Sprintf("%q: %q", s, cyc[(i+1)%4])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
