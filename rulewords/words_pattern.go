package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Patterns and steps: a pattern of cards that repeats ("odd then even and
// so on", "take turns: red, black", "red red black, repeat", "three reds
// then three blacks"), the suits in a cycle ("suits go clubs, diamonds,
// hearts, spades and back to clubs"), steps of ranks ("go up by one",
// "one or two more than the last card") and counting round from king to
// ace ("wrapping from king to ace", "king and ace count as next to each
// other", "(K then A)").

// patItem is one item of a pattern: what a card is (f), or which way its
// rank goes from the card before (rel: ">" or "<").
type patItem struct {
	f   feature
	rel string
}

// wrapNote says that ranks count round: after a king, an ace.
type wrapNote struct{}

func (g *registry) buildPattern() {
	g.named("pat.np", "patitem", func(v []any) any { return []patItem{{f: v[0].(feature)}} }, "$np")
	g.named("pat.times", "patitem", func(v []any) any {
		k, f := v[0].(int), v[1].(feature)
		if k < 1 || k > 6 {
			return nil
		}
		out := make([]patItem, k)
		for i := range out {
			out[i] = patItem{f: f}
		}
		return out
	}, "$num $nps", "$num $nps in a row")
	g.named("pat.up", "patitem", func([]any) any { return []patItem{{rel: ">"}} }, "up", "higher", "a higher card|one", "go up")
	g.named("pat.down", "patitem", func([]any) any { return []patItem{{rel: "<"}} }, "down", "lower", "a lower card|one", "go down")
	g.special["patlist"] = patList
	g.named("patsep", "patsep", func([]any) any { return "sep" }, ",", "then", ", then", "→", "/", "followed by", "and then", "and", ", and",
		"-", "next", "after that", ", after that")
	g.named("cycleback", "cycleback", func([]any) any { return "back" }, "and back to", "then back to", ", back to", "back to", ", and back to",
		"and then", "then", "→", ",", "before", "and again", ", then", "then again", ", then again",
		"and round|around to", "and then back to", ", returning to", "returning to", "and back round|around to", ", and then back to", "and then round|around to")
	g.named("cycleend", "cycleend", func([]any) any { return "end" }, "and repeat", ", repeat", "repeat", "and so on", ", and so on", "…", "and again",
		"etc", ", etc", "and around again", "over and over", "again", "and so on", "again and so on",
		"and back to the first|start [one|suit]", "then back to the first|start [one|suit]", ", back to the first|start [one|suit]")
	pattern := func(v []any) any { return patternRule(v[0].([]patItem)) }
	g.named("s.pattern", "sentence", pattern,
		"$patlist [,] and so on", "$patlist [,] etc", "$patlist …", "$patlist [,] and repeat", "$patlist [,] repeat", "$patlist [,] repeating",
		"$patlist [,] over and over", "$patlist [,] and again", "$patlist [,] and so forth", "$patlist [,] in a loop", "$patlist [,] forever",
		"$patlist [,] then repeat", "$patlist [,] and back again", "take turns [:|,] $patlist", "take turns [:|,] $patlist …",
		"take turns [:|,] $patlist [,] and so on", "[the] pattern [is] [:] $patlist", "[the] pattern [is] [:] $patlist [,] repeat",
		"[the] pattern [is] [:] $patlist [,] and repeat", "[the] pattern [is] [:] $patlist …", "repeat $patlist", "cycle through $patlist",
		"a pattern of $patlist", "repeat the pattern $patlist", "alternate [:] $patlist [,] and so on", "the cards go $patlist [,] and so on",
		"$patlist [,] again and again", "$patlist [,] then again", "$patlist [,] and then again", "$patlist [,] again", "$patlist [,] and then repeat", "$patlist [,] rinse and repeat", "$patlist [,] and start again", "$patlist [,] then start again", "$patlist [,] and so on forever", "[the] pattern [is] [:] $patlist [,] then|and again", "[the] pattern [is] [:] $patlist [,] and so on|forth", "[the] pattern [is] [:] $patlist [,] over and over", "[the] pattern [is] [:] $patlist [,] etc", "$patlist [,] alternating", "$patlist [,] alternately", "$patlist [,] in turns", "$patlist [,] taking turns")
	// a pattern written out twice says itself: "red, black, red, black"
	g.named("s.patternshown", "sentence", func(v []any) any {
		items := v[0].([]patItem)
		if k := period(items); k == len(items) || len(items) < 2*k {
			return nil
		}
		return patternRule(items)
	}, "$patlist", "alternate $patlist", "take turns $patlist")

	// the suits in a cycle
	cyc := func(v []any) any {
		c := v[0].([4]string)
		return fe(func(r string) *pred {
			return related(fmt.Sprintf("%s[prev.suit] == %s.suit", cycleMap(c), r), r, "prev")
		}).(feature)("card")
	}
	g.named("s.suitcycle", "sentence", cyc, "[the] suits go|cycle|rotate|run [in the order] [:] $suitorder", "[the] suit order is [:] $suitorder",
		"play the suits in the order $suitorder", "[the] suits must go|follow [:] $suitorder", "[the] suits follow the order $suitorder",
		"[the] suits [go] in order [:] $suitorder", "suits : $suitorder", "[the] suits in this|that order [:] $suitorder", "[the] suits go in this|that order [:] $suitorder", "play the suits in this order [:] $suitorder", "[the] suits in order [:] $suitorder", "[the] suits must be played in this|the order [:] $suitorder", "[the] suits rotate [:] $suitorder",
		"[the] suits go|run|follow in a cycle [:] $suitorder", "[the] suits follow a|the cycle [:] $suitorder", "[the] suits in a cycle [:] $suitorder", "[the] suits cycle through [:] $suitorder")
	g.special["suitorder"] = suitOrder

	// steps of ranks
	steps := func(dir string) func(v []any) any {
		return func(v []any) any {
			ks, ref := []int{}, "prev"
			for _, x := range v {
				switch x := x.(type) {
				case []int:
					ks = x
				case int:
					ks = []int{x}
				case string:
					ref = x
				}
			}
			return fe(func(r string) *pred {
				var ps []*pred
				for _, k := range ks {
					for _, d := range dir {
						sign := map[rune]string{'+': "+", '-': "-"}[d]
						ps = append(ps, related(fmt.Sprintf("%s.rank == %s.rank %s %d", r, ref, sign, k), r, ref))
					}
				}
				return or(ps...)
			})
		}
	}
	g.named("f.stepup", "feature", steps("+"), "up by [exactly] $stepset", "$stepset up", "up $stepset", "$stepset higher", "$stepset rank|ranks|step|steps higher|up",
		"$stepset more", "$stepset more than $ref", "$stepset higher than $ref", "[exactly] $stepset above $ref", "$stepset above|over", "$stepset up from $ref", "up by [exactly] $stepset from $ref", "exactly $stepset more|higher than $ref", "exactly $stepset higher|more", "exactly $stepset up",
		"higher $stepsby", "higher than $ref $stepsby")
	g.named("f.stepdown", "feature", steps("-"), "down by [exactly] $stepset", "$stepset down", "down $stepset", "$stepset lower",
		"$stepset rank|ranks|step|steps lower|down", "$stepset less", "$stepset less than $ref", "$stepset lower than $ref", "[exactly] $stepset below $ref", "$stepset below|under", "$stepset down from $ref",
		"down by [exactly] $stepset from $ref", "exactly $stepset less|lower than $ref", "exactly $stepset lower|less", "exactly $stepset down",
		"lower $stepsby", "lower than $ref $stepsby")
	// a verb of a direction and its amounts said with a preposition ("rise
	// by one or two", "puja d'un o de dos": words_byamount.go)
	g.named("stepverb.up", "stepverb", steps("+"), "{rise|rises|climb|climbs|increase|increases|go up|goes up} $stepsby")
	g.named("stepverb.down", "stepverb", steps("-"), "{fall|falls|drop|drops|descend|descends|decrease|decreases|go down|goes down} $stepsby")
	g.named("f.stepboth", "feature", steps("+-"), "up or down by [exactly] $stepset", "$stepset up or down", "$stepset higher or lower",
		"$stepset away", "[exactly] $stepset away from $ref", "$stepset either way", "$stepset from $ref either way", "exactly $stepset higher or lower [than $ref]", "$stepset higher or lower than $ref", "exactly $stepset up or down",
		"$stepset apart", "[exactly] $stepset apart from $ref")
	g.named("vp.step", "vp", func(v []any) any { return v[0] }, "go|goes $featstep", "move|moves $featstep", "step|steps $featstep")
	g.named("featstep", "featstep", func(v []any) any { return v[0] }, "$featureA")
	g.named("s.step", "simple", func(v []any) any { return v[0].(feature)("card") }, "go|move|step $featstep", "you go $featstep")
	// stepcmp: an amount before a comparative ("2 más alta que la
	// anterior"); the word for one alone is no amount there but the
	// article or pronoun of the card: "juega una más alta que la
	// anterior" is a higher card ("una más que la anterior", "sube
	// una", "1 más alta" stay one up)
	g.special["stepcmp"] = func(p *reader, i int) []result {
		rs := p.parse("stepset", i)
		if i >= len(p.toks) || len(p.g.t.numbers) < 2 || !slices.Contains(strings.Split(p.g.t.numbers[1], "|"), p.toks[i]) {
			return rs
		}
		return slices.DeleteFunc(slices.Clone(rs), func(r result) bool { return r.end == i+1 })
	}
	g.named("stepset", "stepset", func(v []any) any { return []int{v[0].(int)} }, "$steps")
	g.named("stepset2", "stepset", amounts, "$num or $num", "$numors ranks|steps|cards", "either $numors",
		"$num or exactly $num", "$num , exactly $num or exactly $num")

	// counting round
	g.named("wrap", "wrap", func([]any) any { return wrapNote{} },
		"wrapping [round|around] [from] [the] king to [the] ace", "wrapping [round|around] [from] [the] ace to [the] king", "wrapping [round|around]",
		"counting|going|wrapping round|around [from] [the] king|k to [the] ace|a", "counting|going|wrapping round|around [from] [the] ace|a to [the] king|k",
		"counting round|around the corner", "with wraparound|wrapping", "wraparound", "wrap around", "wraps around", "counting round|around", "going round|around",
		"king and ace count as next to each other", "king and ace are next to each other", "king and ace are adjacent",
		"ace and king count as next to each other", "ace and king are next to each other", "ace and king are adjacent",
		"king and ace count as adjacent", "after a|the king comes an|the ace", "after a king an ace", "after king , ace", "ace follows king",
		"an ace follows a king", "k then a", "king then ace", "a then k", "ace then king", "k → a", "a → k", "king → ace", "ace → king",
		"the king wraps to the ace", "king wraps to ace", "round the corner", "circular", "the ranks wrap", "ranks wrap around",
		"from king back to ace", "back from king to ace", "the ace comes after the king", "king is followed by ace", "a king is followed by an ace",
		"after the king comes the ace again", "wrapping from k to a", "wrapping k to a", "wrapping a to k", "and king to ace", "with king to ace", "after a|the ace comes a|the king", "the king comes after the ace", "ace goes to king", "king goes to ace", "k goes to a", "a goes to k", "ace wraps to king", "[going] round|around the corner", "[going] round|around the corner from king|k to ace|a", "[going] round|around the corner from ace|a to king|k", "the ace is below the king", "wrapping from a|ace to k|king", "wrap from king|k to ace|a", "wrap from ace|a to king|k", "wraps from king|k to ace|a", "king|k wraps around to ace|a", "kings wrap to aces", "aces wrap to kings", "ace loops to king", "king loops to ace", "after ace comes king", "after king comes ace")
	g.named("aside.wrap", "aside", func(v []any) any { return v[0] }, "$wrap", "( $wrap )")
	g.named("f.wrapped", "featureA", func(v []any) any {
		f := v[0].(feature)
		if wrapped(f("card")) == nil {
			return nil // nothing to count round
		}
		return fe(func(r string) *pred { return wrapped(f(r)) })
	}, "$feature [,] $wrap", "$feature ( $wrap )")
}

// patList reads the items of a pattern: what cards are, in a row,
// separated by commas, "then", arrows, slashes or nothing.
func patList(p *reader, i int) []result {
	var out []result
	var walk func(i int, items []patItem)
	walk = func(i int, items []patItem) {
		for _, r := range p.parse("patitem", i) {
			its := append(slices.Clone(items), r.val.([]patItem)...)
			if len(items) == 0 && p.midList(i, its) {
				continue // "otherwise higher, higher, lower, repeat": the list began before
			}
			if len(its) >= 2 {
				out = append(out, result{r.end, its})
			}
			if len(its) >= 12 {
				continue
			}
			if r.end == i+1 && r.end < len(p.toks) && !p.isNumber(i) && !p.isNumber(r.end) {
				// single words in a row: "red red black" (not numbers:
				// "three reds")
				walk(r.end, its)
			}
			if p.isNumber(i) && r.end < len(p.toks) && p.isNumber(r.end) {
				// counted items in a row: "one red one black", "two reds
				// two blacks"
				walk(r.end, its)
			}
			for _, sep := range p.parse("patsep", r.end) {
				walk(sep.end, its)
			}
		}
	}
	walk(i, nil)
	return out
}

// isNumber: the word at i is a number.
func (p *reader) isNumber(i int) bool { return len(p.g.special["num"](p, i)) > 0 }

// period is the length of the shortest run the items repeat.
func period(items []patItem) int {
	key := func(it patItem) string {
		if it.f != nil {
			return it.f("@").expr()
		}
		return it.rel
	}
	for k := 1; k <= len(items); k++ {
		ok := true
		for i := k; i < len(items) && ok; i++ {
			ok = key(items[i]) == key(items[i%k])
		}
		if ok {
			return k
		}
	}
	return len(items)
}

// patternRule is the rule a repeating pattern says. Two kinds of card
// that are each other's opposite (red and black, odd and even) take turns:
// each card is the other kind from the one before. The four suits, each
// once, go in their cycle. Rank steps ("up, down") take turns from the
// step before, or by place (two readings). Anything else is by place: the
// starter is the pattern's first card, and the card with n cards before
// it is item n mod k.
func patternRule(items []patItem) any {
	k := period(items)
	items = items[:k]
	if k < 2 {
		return nil
	}
	rels := 0
	for _, it := range items {
		if it.rel != "" {
			rels++
		}
	}
	switch {
	case rels == k:
		return relPattern(items)
	case rels > 0:
		return nil
	case k == 2 && sameOnCards(items[1].f, fe(func(r string) *pred { return not(items[0].f(r)) }).(feature)):
		a, b := items[0].f, items[1].f
		return or(and(a("prev"), b("card")), and(b("prev"), a("card")))
	case k == 2:
		// two kinds that are not each other's opposite: after the first
		// the second, else the first; or by place
		a, b := items[0].f, items[1].f
		return alts{ifThen(a("prev"), b("card"), a("card")), byPlace(items, 0)}
	}
	if c, ok := suitsCycle(items); ok {
		return related(fmt.Sprintf("%s[prev.suit] == card.suit", cycleMap(c)), "card", "prev")
	}
	return byPlace(items, 0)
}

// byPlace: the card with n cards before it is item (n - shift) mod k.
func byPlace(items []patItem, shift int) *pred {
	k := len(items)
	rest := items[k-1].f("card")
	for i := k - 2; i >= 0; i-- {
		rest = ifThen(atom(fmt.Sprintf("n %% %d == %d", k, (i+shift)%k)), items[i].f("card"), rest)
	}
	return rest
}

// relPattern: steps that take turns. Two readings of two steps: each is
// the other after the step the last card made (no step to follow on the
// first card), or by place (the first card after the starter makes the
// first step); longer patterns by place only.
func relPattern(items []patItem) any {
	k := len(items)
	step := func(rel, a, b string) *pred { return atom(fmt.Sprintf("%s.rank %s %s.rank", a, rel, b)) }
	var readings alts
	if k == 2 {
		// after a step of the first kind, the second; after any other, the
		// first (no step to follow on the first card)
		a, b := items[0].rel, items[1].rel
		readings = append(readings, ifThen(atom("prev2 == nil"), yes, ifThen(step(a, "prev", "prev2"), step(b, "card", "prev"), step(a, "card", "prev"))))
	}
	rest := step(items[k-1].rel, "card", "prev")
	for i := k - 2; i >= 0; i-- {
		rest = ifThen(atom(fmt.Sprintf("n %% %d == %d", k, (i+1)%k)), step(items[i].rel, "card", "prev"), rest)
	}
	return append(readings, rest)
}

// suitsCycle: the items are the four suits, each once.
func suitsCycle(items []patItem) ([4]string, bool) {
	var c [4]string
	if len(items) != 4 {
		return c, false
	}
	re := regexp.MustCompile(`^@\.suit == "(\w+)"$`)
	seen := map[string]bool{}
	for i, it := range items {
		m := re.FindStringSubmatch(it.f("@").expr())
		if m == nil || seen[m[1]] {
			return c, false
		}
		seen[m[1]] = true
		c[i] = m[1]
	}
	return c, true
}

// cycleOrOrder reads a cycle of suits, and the suits in a row as the
// order of suits reads them too: "spades, hearts, clubs, diamonds,
// spades", "… and back to spades".
func cycleOrOrder(p *reader, i int) []result {
	out := cycle(p, i)
	for _, r := range suitOrder(p, i) {
		if !slices.ContainsFunc(out, func(o result) bool { return o.end == r.end }) {
			out = append(out, r)
		}
	}
	return out
}

// suitOrder reads the suits in their order: "spades, hearts, diamonds and
// clubs", "clubs → diamonds → hearts → spades → clubs", "… and back to
// clubs", "…, repeat".
func suitOrder(p *reader, i int) []result {
	var out []result
	var walk func(i int, order []string)
	walk = func(i int, order []string) {
		for _, r := range p.parse("suits", i) {
			o := append(slices.Clone(order), r.val.(string))
			if slices.Contains(order, o[len(o)-1]) {
				if len(o) == 5 && o[4] == o[0] {
					out = append(out, result{r.end, [4]string(o[:4])})
					// "…, then hearts again"
					for _, end := range p.parse("cycleend", r.end) {
						out = append(out, result{end.end, [4]string(o[:4])})
					}
				}
				continue
			}
			j := r.end
			if len(o) == 4 {
				// the first again ("and back to clubs") or the end of a
				// cycle ("and repeat")
				out = append(out, result{j, [4]string(o)})
				for _, sep := range p.parse("cycleback", j) {
					walk(sep.end, o)
				}
				for _, end := range p.parse("cycleend", j) {
					out = append(out, result{end.end, [4]string(o)})
				}
				continue
			}
			for _, sep := range p.parse("patsep", j) {
				walk(sep.end, o)
			}
		}
	}
	walk(i, nil)
	return out
}
