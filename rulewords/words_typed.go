package rulewords

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// More of the ways people type rules: outside the last two cards, places
// counted from a card on ("from the 10th card on"), the last cards and
// yours added up, a step of at least so many ranks from each of the last
// cards, "unless …, then keep it", classes that go higher or lower, a
// multiple or a divisor of the last card, "no wrapping", matching in one
// field and not another, the last card of a kind.

func (g *registry) buildTyped() {
	g.named("f.outsidelast2", "feature", func([]any) any {
		return fe(func(r string) *pred {
			return or(atom("prev2 == nil"), atom(fmt.Sprintf("%s.rank < min(prev.rank, prev2.rank) or %s.rank > max(prev.rank, prev2.rank)", r, r)))
		})
	}, "outside the last two [cards]", "outside the last 2 [cards]", "not between the last two [cards]", "not in between the last two [cards]",
		"outside the last two [cards] [,] not in between them", "outside the range of the last two [cards]", "outside the last two [cards] [,] not between them")
	// "every other card is a face card (the 2nd, 4th, 6th …)": the places
	// in brackets say the same
	g.named("br.placeconfirmed", "branch", func(v []any) any {
		a, b := v[0].(*pred), v[1].(*pred)
		if a.expr() != b.expr() {
			return nil // the brackets say other places
		}
		return &branch{cond: a, then: v[2].(feature)("card")}
	}, "$place ( [the] $ordlist ) [card] is|are $features", "$place ( [the] $ordlist ) [card] must be $features")
	g.named("br.placeconfirmed2", "branch", func(v []any) any {
		a, b := v[0].(*pred), v[2].(*pred)
		if a.expr() != b.expr() {
			return nil
		}
		return &branch{cond: a, then: v[1].(feature)("card")}
	}, "$place [card] is|are $features ( [the] $ordlist )")
	// from a place on: "from the 10th card on only face cards"
	g.named("br.from", "branch", func(v []any) any {
		k := v[0].(int)
		if k < 2 || k > 52 {
			return nil
		}
		return &branch{cond: atom(fmt.Sprintf("n >= %d", k-1)), then: v[1].(*pred)}
	}, "from the $ordinal card on|onwards|onward [,] $sentence", "starting with|from the $ordinal card [,] $sentence",
		"from the $ordinal card on|onwards|onward [,] [you] [must] $sentence")
	// the last k cards and yours: with fewer than k down, those there, or
	// the rule waits (two readings)
	g.named("c.lastkplus", "clause", func(v []any) any {
		k, f := v[0].(int), v[1].(func(term) *pred)
		if k < 1 || k > 12 {
			return nil
		}
		coll := fmt.Sprintf("line[max(0, n - %d):]", k)
		now := f(term{fmt.Sprintf("sum(map(%s, .rank)) + card.rank", coll), []string{"card"}, false})
		if k == 1 {
			return now
		}
		waits := fmt.Sprintf("line[max(0, n - %s):]", waitFor(fmt.Sprint(k)))
		return alts{now, f(term{fmt.Sprintf("sum(map(%s, .rank)) + card.rank", waits), []string{"card"}, false})}
	}, "the last $num [cards] plus|and {yours|your card} [must] $sumvp", "your card plus|and the last $num [cards] [must] $sumvp",
		"the total|sum of your card and the last $num [cards] [must] $sumvp", "the total|sum of the last $num [cards] and {yours|your card} [must] $sumvp",
		"total|sum of your card and the last $num [cards] [must] $sumvp")
	// "at least 3 away from each of the last two" (differing by 3 or more:
	// vp.differspan, bounds.go)
	g.named("vp.awayby", "vp", func(v []any) any {
		k, ref := v[0].(int), v[1].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("abs(%s.rank - %s.rank) >= %d", r, ref, k), r, ref) })
	}, "is|are at least $steps away from $ref",
		"is|are $steps or more away from $ref")
	// "change colour, unless the last card was a seven, then keep it": the
	// rule's opposite when the exception holds
	g.named("s.unlessthennot", "sentence", func(v []any) any {
		s, c := v[0].(*pred), v[1].(*pred)
		return ifThen(c, not(s), s)
	}, "$simple [,] unless $pred [,] [then|in which case] keep|repeat it|that", "$simple [,] unless $pred [,] [then|in which case] keep|repeat the same",
		"$simple [,] unless $pred [,] [then|in which case] do the opposite")
	g.named("s.unlessitthennot", "sentence", func(v []any) any {
		s, f := v[0].(*pred), v[1].(feature)
		return ifThen(f("prev"), not(s), s)
	}, "$simple [,] unless it|that was|is $features [,] [then|in which case] switch|change|swap [it]",
		"$simple [,] unless it|that was|is $features [,] [then|in which case] do the opposite")
	// a place where any card goes: "the first card after the starter can
	// be anything"
	g.named("br.placeany", "branch", func(v []any) any { return &branch{cond: v[0].(*pred), then: yes} },
		"$place [card] can be anything|any card", "$place [card] is|are free", "$place [,|:] anything")
	// kinds in pairs: "suits come in pairs", "colours come in twos" (the
	// rule waits for the second card)
	g.named("s.pairs", "sentence", func(v []any) any {
		f := string(v[0].(fieldName))
		return ifThen(atom("prev2 == nil"), yes, ifThen(atom(fmt.Sprintf("prev.%s == prev2.%s", f, f)),
			atom(fmt.Sprintf("card.%s != prev.%s", f, f)), atom(fmt.Sprintf("card.%s == prev.%s", f, f))))
	}, "[the] $field [must] come|go in pairs|twos", "[the] $field [must] come|go two at a time", "two of each $field [at a time|in a row]",
		"[the] $field comes|goes in pairs|twos")
	// classes that go higher or lower: "clubs lower than the last card,
	// diamonds higher"
	higher, lower := rankVs(">")([]any{"prev"}).(feature), rankVs("<")([]any{"prev"}).(feature)
	g.named("classitem.higher", "classitem", func(v []any) any { return [2]feature{v[0].(feature), higher} }, "$np higher|up", "$np go|goes up")
	g.named("classitem.lower", "classitem", func(v []any) any { return [2]feature{v[0].(feature), lower} }, "$np lower|down", "$np go|goes down")
	// a multiple or a divisor of another card's rank
	g.named("f.multipleref", "feature", func(v []any) any {
		ref := "prev" // "… or a multiple of it"
		if len(v) > 0 {
			ref = v[0].(string)
		}
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank %% %s.rank == 0", r, ref), r, ref) })
	}, "a multiple of $ref", "divisible by $ref", "a multiple of $ref 's value|rank|number", "a multiple of the value|rank|number of $ref",
		"a multiple of it", "a multiple of the last value|rank|number")
	g.named("f.divisorref", "feature", func(v []any) any {
		ref := "prev"
		if len(v) > 0 {
			ref = v[0].(string)
		}
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank %% %s.rank == 0", ref, r), r, ref) })
	}, "a divisor|factor of $ref", "a divisor|factor of $ref 's value|rank|number", "a divisor|factor of the value|rank|number of $ref",
		"a divisor|factor of it", "a divisor|factor of the last value|rank|number")
	// a note that the ranks do not count round says nothing: they do not
	g.named("note.nowrap", "note", func([]any) any { return note{} }, "no wrapping|wraparound|wrap", "without wrapping|wraparound",
		"kings|aces do not wrap", "king|ace does not wrap", "it does not wrap", "not wrapping", "no going round|around", "kings are high",
		"the ranks do not wrap", "no wrapping around|round")
	// matching the last card in one field and not another
	g.named("vp.matchbutnot", "vp", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred {
			return and(sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "!="))
		})
	}, "match|matches $ref in $field but not [in] $field", "have|has the same $field as $ref but not the same $field",
		"have|has the same $field as $ref but a different $field")
	g.named("f.matchbutnot", "feature", func(v []any) any {
		fs, refs := slots(v)
		return fe(func(r string) *pred {
			return and(sameField(fs[0], r, refs[0], "=="), sameField(fs[1], r, refs[0], "!="))
		})
	}, "[of] [the] same $field as $ref but a different $field", "[of] [the] same $field as $ref but not the same $field")
	// what a number is, a multiple: "the total must be a multiple of 3"
	g.named("numvp.multiple", "numvp", multipleBy(false), "is a multiple of $term", "is divisible by $term", "divides by $term")
	// the card and the cards before it added up: "your card plus the two
	// before it" (with fewer down, those there, or the rule waits)
	g.named("t.cardpluslast", "tatom", func(v []any) any {
		k := v[0].(int)
		if k < 1 || k > 12 {
			return nil
		}
		now := term{fmt.Sprintf("card.rank + sum(map(line[max(0, n - %d):], .rank))", k), []string{"card"}, false}
		if k == 1 {
			return term{"card.rank + prev.rank", []string{"card", "prev"}, false}
		}
		return alts{now, term{fmt.Sprintf("card.rank + sum(map(line[max(0, n - %s):], .rank))", waitFor(fmt.Sprint(k))), []string{"card"}, false}}
	}, "your card plus|and the $num before it", "your card plus|and the last $num [cards]", "the card plus|and the $num before it",
		"the card plus|and the last $num [cards]", "the sum|total of your card and the $num before it", "the sum|total of your card and the last $num [cards]")
	// the difference with another card: "the difference with the last card"
	g.named("t.diffref", "tatom", func(v []any) any {
		r := v[0].(string)
		return term{fmt.Sprintf("abs(card.rank - %s.rank)", r), []string{"card", r}, false}
	}, "the difference with|from|to $ref", "the gap to|from $ref", "the distance to|from $ref")
	// "the difference" alone is the card's with the last card: a clause,
	// not a term ("the difference with the last card" is that, never "the
	// difference, plus the last card")
	g.named("c.diffvp", "clause", func(v []any) any {
		return v[0].(func(term) *pred)(term{"abs(card.rank - prev.rank)", []string{"card", "prev"}, false})
	}, "the difference|gap [in rank|value] [must] $numvp")
	// the colour or suit played least or most so far, a tie allowing
	// either: "play the colour that's been played less so far"
	fewest := func(most bool) func(v []any) any {
		return func(v []any) any {
			f := string(v[0].(fieldName))
			values := map[string][]string{"color": {"red", "black"}, "suit": {"spades", "hearts", "diamonds", "clubs"}}[f]
			if values == nil {
				return nil
			}
			op := "<="
			if most {
				op = ">="
			}
			if f == "color" {
				// the card's colour against the other: twice its count
				// against the cards down
				return fe(func(r string) *pred { return atom(fmt.Sprintf("count(line, .color == %s.color) * 2 %s n", r, op)) })
			}
			// each suit counted once
			return fe(func(r string) *pred {
				pick := "min"
				if most {
					pick = "max"
				}
				op := map[string]string{"min": "<=", "max": ">="}[pick]
				return atom(fmt.Sprintf(`let s = count(line, .suit == "spades"); let h = count(line, .suit == "hearts"); `+
					`let d = count(line, .suit == "diamonds"); let c = count(line, .suit == "clubs"); `+
					`count(line, .suit == %s.suit) %s %s(%s(s, h), %s(d, c))`, r, op, pick, pick, pick))
			})
		}
	}
	g.named("f.leastplayed", "feature", fewest(false), "the $field [that has been|that was] played least|less [often] [so far]",
		"the $field that is least common [on the line|in the line|on the table] [so far]", "a $field that is tied for least common [on the line|in the line|on the table] [so far]",
		"the $field that has come up least|less [often] [so far]", "the least|less played|common $field [so far]", "the rarest $field [so far]",
		"a $field that is tied for least common [so far]", "the $field that has been played the least [so far]", "the $field seen least [so far]")
	g.named("f.mostplayed", "feature", fewest(true), "the $field [that has been|that was] played most|more [often] [so far]",
		"the $field that is most common [on the line|in the line|on the table] [so far]", "a $field that is tied for most common [on the line|in the line|on the table] [so far]",
		"the $field that has come up most|more [often] [so far]", "the most|more played|common $field [so far]", "the commonest $field [so far]",
		"a $field that is tied for most common [so far]", "the $field that has been played the most [so far]", "the $field seen most [so far]")
	g.named("note.tie", "note", func([]any) any { return note{} }, "ties ok|okay|fine", "tie = whatever|anything|either|any", "ties are fine|ok|allowed",
		"if it is a tie [,] either|any|anything is fine|ok|goes", "if there is a tie [,] either|any|anything [is fine|is ok|goes]", "on a tie [,] anything|either",
		"if tied [,] any|either [of them]", "a tie means either", "ties : any")
	// a kind apart: "apart from kings, all cards must be below 8"
	g.named("s.apartfrom", "sentence", func(v []any) any { return ifThen(v[0].(feature)("card"), yes, v[1].(*pred)) },
		"{apart from|besides} $nps [,] $sentence", "{except for|aside from} $nps [,] $sentence", "other than $nps [,] $sentence")
	// more allowed after a kind: "ascending order, but an ace can be
	// played on a king"
	g.named("s.butcan", "sentence", func(v []any) any {
		s, x, y := v[0].(*pred), v[1].(feature), v[2].(feature)
		return ifThen(y("prev"), or(x("card"), s), s)
	}, "$simple [,|.|;] but $npx can|may [also] be played on|after $nps", "$simple [,|.|;] but $npx can|may [also] go on|after $nps",
		"$simple [,|.|;] but $npx is|are [also] allowed on|after $nps", "$simple [,|.|;] but $npx can|may [also] follow $nps")
	// what the last two add up to: "if the last two add up to more than 15"
	g.named("c.last2sum", "clause", func(v []any) any {
		return v[0].(func(term) *pred)(term{"prev.rank + prev2.rank", []string{"prev", "prev2"}, false})
	}, "the last two [cards] $sumvp", "the last two [cards] together $sumvp", "the two last cards $sumvp")
	g.named("c.last3sum", "clause", func(v []any) any {
		return v[0].(func(term) *pred)(term{"prev.rank + prev2.rank + prev3.rank", []string{"prev", "prev2", "prev3"}, false})
	}, "the last three|3 [cards] $sumvp", "the last three|3 [cards] together $sumvp", "the three last cards $sumvp")
	// "the 3rd card and every third card after it"
	g.named("place.everyfrom", "place", func(v []any) any {
		k, m := v[0].(int), v[1].(int)
		if k != m || k < 2 || k > 13 {
			return nil
		}
		return atom(fmt.Sprintf("n %% %d == %d", k, k-1))
	}, "the $ordinal card and every $ordinal [card|one] after|from it|that|then", "the $ordinal and every $ordinal [card|one] after|from it|that|then")
	// a kind of card and what it must be after it: "hearts above 5"
	// (a comparison: "aces twos and threes" is three kinds, not aces that
	// are twos)
	g.named("np.nounsfeature", "npnoun", func(v []any) any {
		if !comparison(v[1].(feature)) {
			return nil
		}
		return andF(v[0].(feature), v[1].(feature))
	}, "$nouns $feature")
	// twice or half another card's rank
	g.named("f.double", "feature", func(v []any) any {
		ref := v[0].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank == 2 * %s.rank", r, ref), r, ref) })
	}, "[exactly] double|twice $ref", "[exactly] double|twice the value|rank of $ref", "[exactly] twice as high as $ref")
	// a bound at twice another card's rank: "at most double the last card"
	twice := func(op string) func(v []any) any {
		return func(v []any) any {
			ref := v[0].(string)
			return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank %s 2 * %s.rank", r, op, ref), r, ref) })
		}
	}
	g.named("f.atmostdouble", "feature", twice("<="), "at most double|twice $ref", "no more than double|twice $ref", "up to double|twice $ref",
		"not more than double|twice $ref", "at most double|twice the value|rank of $ref")
	g.named("f.atleastdouble", "feature", twice(">="), "at least double|twice $ref", "no less than double|twice $ref", "at least double|twice the value|rank of $ref")
	g.named("f.morethandouble", "feature", twice(">"), "more than double|twice $ref", "more than double|twice the value|rank of $ref")
	g.named("f.lessthandouble", "feature", twice("<"), "less than double|twice $ref", "less than double|twice the value|rank of $ref")
	g.named("f.half", "feature", func(v []any) any {
		ref := v[0].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("%s.rank * 2 == %s.rank", r, ref), r, ref) })
	}, "[exactly] half $ref", "[exactly] half the value|rank of $ref")
	// a neighbour of another card: one rank up or down
	g.named("f.neighbour", "feature", func(v []any) any {
		ref := v[0].(string)
		return fe(func(r string) *pred { return related(fmt.Sprintf("abs(%s.rank - %s.rank) == 1", r, ref), r, ref) })
	}, "a neighbour|neighbor of $ref", "next to $ref [in rank|in value]", "adjacent to $ref", "a neighbouring|neighboring rank|value of $ref")
	// the last card of a kind: "the same suit as the last ace"
	g.named("ref.lastkind", "ref", func(v []any) any {
		kind := "#.face"
		if len(v) > 0 {
			switch x := v[0].(type) {
			case int:
				kind = fmt.Sprintf("#.rank == %d", x)
			case string:
				kind = fmt.Sprintf("#.suit == %q", x)
			}
		}
		return fmt.Sprintf("last(filter(line, %s))", kind)
	}, "the last $lastrank", "the last face card", "the last $suit", "the last $lastrank played", "the last $suit played", "the last face card played")
	// a number after "the last" is how many cards ("the last two", the
	// last cards as a set: ref.eachk), a rank only where no set is
	// (the last ace, the last king, the last 13)
	for k := 1; k <= 13; k++ {
		var ws []string
		for _, w := range rankVocab[k].one {
			if k < 2 || k > 12 || !numeral(w) {
				ws = append(ws, w)
			}
		}
		g.def("lastrank", "", constant(k), ws...)
	}
}

// numeral: English word w writes a number, in digits or a number word of
// rankVocab's (en.yaml's numbers: the grammar is built before the phrase
// files are read).
func numeral(w string) bool {
	_, err := strconv.Atoi(w)
	return err == nil || slices.Contains([]string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen"}, w)
}

// comparison: a feature that compares the card's rank, or relates it to
// another card ("above 5", "higher than the last card"), not a kind.
func comparison(f feature) bool {
	e := f("@").expr()
	return strings.ContainsAny(e, "<>%") || strings.Contains(e, "!=") || cardNameRE.MatchString(e)
}

// multipleBy is what a number is, a multiple of the term read (or, with
// negated, no multiple of it): "is a multiple of 3", "is not divisible by 10".
func multipleBy(negated bool) func(v []any) any {
	return func(v []any) any {
		b := v[0].(term)
		return func(a term) *pred {
			if negated {
				return not(multipleOf(a, b))
			}
			return multipleOf(a, b)
		}
	}
}
