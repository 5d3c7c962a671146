package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Sentences: the rule's own shapes ("if …: …; otherwise: …", "play …",
// "never two … in a row", "alternate …", "red cards below 8, black cards
// above 7") and the rule as sentences in a row.

// note is a sentence that says nothing of the rule ("A=1, J=11, Q=12,
// K=13": the values are ours).
type note struct{}

func onCard(v []any) any { return v[0].(feature)("card") }

func (g *registry) buildSentence() {
	g.def("npx", "", func(v []any) any { return v[0] }, "$nps", "$features")
	play := []string{"play $npx", "must play $npx", "only $nps may|can be played", "only $nps are allowed", "$nps only may be played",
		"play only $npx", "only play $npx", "only $npx", "you must|may|can|should play $npx",
		"you must|may|can|should only play $npx", "always play $npx", "you have to play $npx", "the card must be $features",
		"cards must be $features", "must be $features", "choose|pick|put|lay|place $npx", "each player must play $npx", "play any $npx",
		"$nps [only] [,] nothing else", "$nps are|is fine|ok|allowed [,] nothing else", "nothing but $nps", "play nothing but $nps",
		"only $nps count|counts|work|works", "only $nps are valid|allowed|ok|fine", "only $nps can be played"}
	g.def("simple", "s.play", onCard, play...)
	// "hearts only": what a following "after" belongs to ("figures only
	// after figures" is s.onlyon, not a branch)
	g.named("s.playonly", "simple", func(v []any) any {
		p := onCard(v).(*pred)
		return &pred{op: p.op, kids: p.kids, text: p.text, only: true}
	},
		"$npx only", "$npx only please")
	// "primes only (2 3 5 7 J K)": what the brackets list says the same
	g.named("s.confirmed", "xsentence", func(v []any) any {
		p, f := v[0].(*pred), v[1].(feature)
		e := p.expr()
		names := cardNameRE.FindAllString(e, -1)
		if len(names) == 0 || slices.ContainsFunc(names, func(m string) bool { return m != "card" }) {
			return nil // the rule reads more than the card: nothing to list
		}
		said := fe(func(r string) *pred { return atom(cardWordRE.ReplaceAllString(e, r)) }).(feature)
		if !sameOnCards(said, f) {
			return nil // the brackets say another rule
		}
		return p
	}, "$sentence ( [so|ie|namely|like|that is|i e] $features )", "$sentence ( [so|ie|namely|like|that is|i e] $rankset )")
	never := []string{"never play $npx", "do not play $npx", "you must|may|can|should not play $npx", "you cannot play $npx",
		"no $nps", "never $nps", "$npx are not allowed", "$npx are forbidden", "not $npx", "cannot|can not play $npx"}
	g.def("simple", "s.never", func(v []any) any { return not(v[0].(feature)("card")) }, never...)
	// "no black card above 7", "never black cards higher than 7"
	g.named("s.neveradj", "simple", func(v []any) any { return not(andF(v[0].(feature), v[1].(feature))("card")) },
		"no $adjs cards|card $feature", "never [play] $adjs cards $feature", "do not play $adjs cards $feature", "with no $adjs cards|card $feature")
	// a kind of card alone: "red", "hearts" (which a comma alone joins to
	// no other rule: "red, black, red, black …" is a pattern)
	g.def("simple", "s.bare", func(v []any) any {
		p := onCard(v).(*pred)
		if p == yes || p == no {
			return p // "anything": yes itself, which sentences compare with
		}
		for _, m := range cardNameRE.FindAllString(p.expr(), -1) {
			if m != "card" {
				return p // "same suit as the last card": no kind alone
			}
		}
		q := *p
		q.bare = true
		return &q
	}, "$features", "$nps")
	g.def("simple", "", func([]any) any { return rankVs(">")([]any{"prev"}).(feature)("card") }, "play higher", "go higher|up",
		"[the] cards|values|ranks|numbers must|always ascend|increase|rise", "[the] cards|values|ranks|numbers {go|goes|always go} up",
		"ascend|increase", "play a higher card|value|one")
	g.def("simple", "", func([]any) any { return rankVs("<")([]any{"prev"}).(feature)("card") }, "play lower", "go lower|down",
		"[the] cards|values|ranks|numbers must|always descend|decrease|fall", "[the] cards|values|ranks|numbers {go|goes|always go} down",
		"descend|decrease", "play a lower card|value|one")
	g.def("simple", "", func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", "!=") },
		"the $field must|should change every|each card|time", "the $field must|should change", "the $field changes every|each card|time",
		"change $field every|each card|time", "change the $field every|each card|time", "change $field")
	g.named("s.keep", "simple", func(v []any) any {
		fs, refs := slots(v)
		ref := "prev"
		if len(refs) > 0 {
			ref = refs[0]
		}
		return sameField(fs[0], "card", ref, "==")
	}, "the $field must|should stay|remain the same", "keep the same $field", "follow $field", "keep $field", "repeat the $field [of $ref]",
		"keep the $field [of $ref]", "look at $ref and play its $field", "play the $field of $ref", "copy the $field of $ref", "copy $ref 's $field", "play $ref 's $field")
	g.named("s.anybut", "simple", func(v []any) any {
		if v[0].(feature)("card").op == "not" {
			return nil // "any card but not face cards" is "but no face cards"
		}
		return not(v[0].(feature)("card"))
	}, "anything but $npx", "any card but|except $npx",
		"all cards but|except $npx", "everything but|except $npx", "play anything but $npx", "play any card but|except $npx", "any card that is not $npx", "anything that is not $npx", "any card other than $npx", "anything other than $npx", "everything except $npx")
	// "follow the suit of the most recent face card"
	g.named("s.follow", "simple", func(v []any) any { fs, refs := slots(v); return sameField(fs[0], "card", refs[0], "==") },
		"follow the $field of $ref", "follow $ref 's $field", "[you] must follow the $field of $ref", "[you] must follow $ref 's $field")
	g.def("simple", "", func(v []any) any {
		fs, refs := slots(v)
		return or(sameField(fs[0], "card", refs[0], "=="), sameField(fs[1], "card", refs[0], "=="))
	}, "match|matches $ref in $field or [in] $field", "match|matches $ref 's $field or $field", "match|matches the $field or [the] $field of $ref",
		"match|matches either the $field or the $field of $ref", "match|matches $ref in either $field or $field", "match|matches either $field or $field")
	g.def("simple", "", func(v []any) any { fs, refs := slots(v); return sameField(fs[0], "card", refs[0], "==") },
		"match|matches $ref in $field", "match|matches $ref 's $field", "match|matches the $field of $ref", "follow $ref 's $field")
	g.def("simple", "", func(v []any) any { return v[0] }, "$pred")

	g.def("sentence", "", func(v []any) any { return v[0] }, "$simple")
	g.def("sentence", "s.if", func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), v[2].(*pred)) },
		"if $pred : $sentence ; otherwise : $sentence", "if|when|whenever $pred [,|:] [then] $sentence [;|,|.] otherwise|else [,|:] $sentence",
		"if|when|whenever $pred [,|:] [then] $sentence [;|,|.] and otherwise [,|:] $sentence", "if $pred [,|:] [then] $sentence [;|,|.] if not [,|:] $sentence",
		"if $pred [,|:] [then] $sentence [;|,|.] otherwise|else if not [,|:] $sentence")
	g.def("sentence", "s.ifonly", func(v []any) any { return ifThen(v[0].(*pred), v[1].(*pred), yes) },
		"if $pred : $sentence", "if $pred [,|:] [then] $sentence", "when|whenever $pred [,|:] $sentence")
	g.def("sentence", "", func(v []any) any { return ifThen(v[1].(*pred), v[0].(*pred), v[2].(*pred)) },
		"$simple if|when $pred [;|,] otherwise|else [,] $sentence")
	g.def("sentence", "", func(v []any) any {
		if v[0].(*pred).only {
			return nil // "hearts only if …" is s.onlyif
		}
		return ifThen(v[1].(*pred), v[0].(*pred), yes)
	}, "$simple if|when|whenever $pred")
	// "X only if Y": Y is what X needs (X → Y), not what Y allows. "You can
	// only play X if Y" is read both ways (also "if Y, only X", above): people
	// write it for either, so each reading is offered.
	g.def("sentence", "s.onlyif", func(v []any) any { return ifThen(v[0].(feature)("card"), v[1].(*pred), yes) },
		"[you] can|may only play $npx if|when $pred", "only play $npx if|when $pred",
		"[you] can|may play $npx only if|when $pred", "play $npx only if|when $pred", "$npx only if|when $pred",
		"$npx can|may only be played if|when $pred", "$npx can|may be played only if|when $pred")
	g.named("s.unless", "sentence", func(v []any) any { return ifThen(v[1].(*pred), yes, v[0].(*pred)) }, "$simple [,] unless $pred")
	g.def("sentence", "", func(v []any) any { return ifThen(v[0].(feature)("prev"), v[1].(*pred), yes) },
		"after $npx [,|:] $sentence", "following $npx [,|:] $sentence", "on $npx [,|:] $sentence")
	g.def("sentence", "", func(v []any) any { return ifThen(v[0].(feature)("prev"), v[1].(*pred), v[2].(*pred)) },
		"after $npx [,|:] $simple [;|,] otherwise|else [,] $sentence")
	follow := func(v []any) any { return ifThen(v[0].(feature)("prev"), v[1].(feature)("card"), yes) }
	g.named("s.followedby", "sentence", follow, "$nps must|should|will be followed by $npx", "$nps is|are always followed by $npx",
		"$nps is|are followed by $npx", "every|each $np must be followed by $npx", "after $nps comes|come $npx",
		"$nps has|have to be followed by $npx")
	g.def("sentence", "", func(v []any) any { return follow([]any{v[1], v[0]}) }, "$npx must|should follow $nps", "$npx always follows|follow $nps",
		"$nps follow $nps", "$npx comes|come after $nps", "$npx always comes|come after $nps")
	g.def("sentence", "", func(v []any) any {
		if strings.Contains(v[0].(feature)("card").expr(), "?") {
			return nil // an "after" inside an "after" reads the other way
		}
		return follow([]any{v[1], v[0]})
	}, "must|always play $npx after $nps",
		"you must play $npx after $nps", "play $npx after $nps", "play $npx on $nps")
	// "you can only play a face card after a number card": face cards
	// only there, or only face cards there (each reading is offered)
	g.named("s.onlyafter", "sentence", func(v []any) any {
		x, y := v[0].(feature), v[1].(feature)
		if strings.Contains(x("card").expr(), "?") {
			return nil
		}
		return alts{ifThen(x("card"), y("prev"), yes), follow([]any{y, x})}
	}, "[you] can|may only play $npx after|on $nps", "only play $npx after|on $nps", "[you] can|may play $npx only after|on $nps")
	g.named("s.neverafter", "sentence", func(v []any) any { return not(and(v[1].(feature)("prev"), v[0].(feature)("card"))) },
		"never $npx after $nps", "no $npx after $nps", "$npx may|can|must not follow $nps", "$npx may|can|must never follow $nps",
		"never play $npx after $nps", "do not play $npx after $nps", "$npx never follows|follow $nps")
	g.def("sentence", "", func(v []any) any { return not(and(v[0].(feature)("prev"), v[1].(feature)("card"))) },
		"$nps may|can|must not be followed by $npx", "$nps is|are never followed by $npx")
	twice := func(v []any) any {
		f := v[0].(feature)
		if cardRE("prev").MatchString(f("#").expr()) {
			// "no two of the same suit in a row": a relation to the last
			// card says the two already (said of the last card too, it
			// would compare it with itself)
			return not(f("card"))
		}
		return not(and(f("prev"), f("card")))
	}
	g.def("sentence", "s.notwo", twice, "never two $nps in a row", "no two $nps in a row", "no two consecutive $nps",
		"never two consecutive $nps", "two $nps may|can|must never|not follow each other", "never two $nps consecutively|together",
		"no two $nps may|can be played in a row|consecutively", "two $nps cannot follow each other", "not two $nps in a row",
		"two $nps in a row are not allowed", "no $nps twice in a row", "never $nps twice in a row", "never play two $nps in a row")
	g.named("s.notwosame", "sentence", func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", "!=") },
		"never|no two cards of the same $field in a row", "never play two cards of the same $field in a row",
		"no two consecutive cards of the same $field", "never two consecutive cards of the same $field", "not two cards of the same $field in a row", "[you] {cannot|can not|may not|must not} play two cards of the same $field in a row", "two cards of the same $field {cannot|may not|must not} be played {in a row|consecutively}", "two cards of the same $field in a row are not allowed", "no two cards in a row of the same $field", "never the same $field two times in a row")
	// runs of one field, whatever its value: "never three cards of the same
	// colour in a row" (sameRun)
	// ("running", "consecutively", "in succession" are "in a row": en.yaml
	// respells them after "times" and "cards")
	// (the field and the number in either order: "never three cards of the
	// same colour in a row", "never the same colour three times in a row")
	g.named("s.nothreesame", "sentence", func(v []any) any { f, _ := fieldNum(v); return sameRun(f, 2) },
		"never|no three cards of the same $field in a row", "never play three cards of the same $field in a row",
		"no three consecutive cards of the same $field", "never three consecutive cards of the same $field",
		"never|no three cards in a row of the same $field", "never [play] the same $field three times in a row")
	g.named("s.maxrunsame", "sentence", func(v []any) any { return sameRun(fieldNum(v)) }, "no|never more than $num cards of the same $field in a row", "at most $num cards of the same $field in a row",
		"not more than $num cards of the same $field in a row", "max $num cards of the same $field in a row",
		"no|never more than $num cards in a row of the same $field", "at most $num cards in a row of the same $field")
	// the field first: "the same colour at most 2 times in a row"
	g.named("s.maxrunsame2", "sentence", func(v []any) any { return sameRun(fieldNum(v)) }, "[the] same $field {at most|no more than|not more than|max} $num times in a row",
		"[the] same $field [can] never [be played] more than $num times in a row",
		"[the] same $field {can not|cannot|may not|must not} [be played|come up|appear] more than $num times in a row",
		"never [play] the same $field more than $num times in a row", "[you] {can not|cannot|may not|must not} play the same $field more than $num times in a row")
	g.def("sentence", "", func(v []any) any { return sameRun(string(v[0].(fieldName)), 1) },
		"no|never more than one|1 card of the same $field in a row")
	g.named("s.nonumsame", "sentence", func(v []any) any { f, k := fieldNum(v); return sameRun(f, k-1) },
		"never|no $num cards of the same $field in a row", "never $num consecutive cards of the same $field",
		"never [play] the same $field $num times in a row")
	g.def("sentence", "s.nothree", func(v []any) any {
		f := v[0].(feature)
		return not(and(atom("prev2 != nil"), f("prev2"), f("prev"), f("card")))
	}, "never three $nps in a row", "no three $nps in a row", "no three consecutive $nps", "never three consecutive $nps",
		"never play three $nps in a row", "there {is not|are not} three $nps in a row", "there cannot be three $nps in a row", "you cannot play three $nps in a row", "three $nps in a row are not allowed")
	// Alternating colours or parities is differing from the last card in
	// them: said as that, the simplest expression.
	g.named("s.altfield", "sentence", func(v []any) any { return sameField(string(v[0].(fieldName)), "card", "prev", "!=") },
		append(takeTurns("$altfield"), "alternate $altfield", "alternate between $altfield", "alternating $altfield", "alternate the $altfield", "cards must alternate in $altfield",
			"cards alternate in $altfield", "[the] cards must|should alternate [between|in] $altfield", "[the] cards alternate [between|in] $altfield",
			"play alternately $altfield", "alternate $altfield cards", "the $altfield alternates|switches [each time]", "$altfield alternates")...)
	g.named("altfield.color", "altfield", func([]any) any { return fieldName("color") }, "colours|colors|colour|color", "card colours|colors", "red and black",
		"black and red", "red and black cards", "black and red cards", "reds and blacks", "blacks and reds", "the red and the black",
		"the black and the red", "the reds and the blacks", "the blacks and the reds")
	g.named("altfield.even", "altfield", func([]any) any { return fieldName("even") }, "parity|parities", "even and odd", "odd and even", "even and odd cards|numbers",
		"odd and even cards|numbers", "evens and odds", "odds and evens",
		"the even and the odd", "the odd and the even", "the evens and the odds", "the odds and the evens")
	g.named("altfield.face", "altfield", func([]any) any { return fieldName("face") }, "face and number cards", "number and face cards", "face cards and number cards",
		"number cards and face cards")
	// Two kinds that take turns are the only kinds played: "alternate
	// hearts and spades" is hearts after spades, spades after hearts, and
	// either of them after a club (a turn with no card before it to
	// follow), never a rule that stops at a club.
	alt := func(v []any) any {
		ab := v[0].([2]feature)
		a, b := ab[0], ab[1]
		return ifThen(a("prev"), b("card"), ifThen(b("prev"), a("card"), or(a("card"), b("card"))))
	}
	g.def("sentence", "s.alt", alt, append(takeTurns("$altpair"), "alternate $altpair", "alternate between $altpair", "alternating $altpair",
		"play alternately $altpair", "alternate the $altpair", "cards must alternate in $altpair", "cards alternate in $altpair")...)
	g.named("altpair", "altpair", func(v []any) any { return [2]feature{v[0].(feature), v[1].(feature)} }, "$np and $np", "$np with $np", "$np / $np",
		"$np or $np")
	g.def("iffs", "s.iff", func(v []any) any { return iff(v[0].(*pred), v[1].(*pred)) },
		"$pred if and only if $pred", "$pred iff $pred", "$pred exactly|precisely|just when $pred", "$pred when and only when $pred")
	g.def("sentence", "", func(v []any) any { return iff(v[0].(feature)("card"), v[1].(*pred)) },
		"$features if and only if $pred", "$features exactly|precisely|just when $pred")
	g.def("sentence", "", func(v []any) any { return v[0] }, "$classes")
	g.named("classitem", "classitem", func(v []any) any { return [2]feature{v[0].(feature), v[1].(feature)} },
		"$np $features", "$np : $features", "$nps $features", "$nps : $features")
	// a class said with a verb ("hearts must be higher than 5") is a
	// requirement on its kind alone: with every class so said, the cards
	// of no class are free (classes)
	g.named("classitem.said", "classitem", func(v []any) any { return saidItem{v[0].(feature), v[1].(feature)} },
		"$np must|should [always] [be] $features", "$np have|has to [be] $features", "$np are|is [always] $features",
		"$nps must|should [always] [be] $features", "$nps have|has to [be] $features", "$nps are|is [always] $features")
	// "…, other suits anything": the cards of no class are free
	g.named("classitem.rest", "classitem", constant(restFree{}),
		"[all] [the] other|remaining cards|suits|colours|colors|ranks|values|kinds [are] anything|free|fine|ok|whatever",
		"[all] [the] other|remaining cards|suits|colours|colors|ranks|values|kinds can be anything", "anything else [is] fine|ok|free|goes",
		"everything else [is] fine|ok|free|goes", "the rest [are|is] anything|free|fine|ok|whatever", "[the] others [are] anything|free|fine|ok|whatever")
	g.special["classes"] = classes
	// one class alone: "black cards must be lower than 8" says nothing of
	// the other cards
	g.named("s.class", "sentence", func(v []any) any { return ifThen(v[0].(feature)("card"), v[1].(feature)("card"), yes) },
		"$npnoun is|are $features", "$npnoun is|are always $features", "$npnoun is|are only $features")
	g.named("s.classnot", "sentence", func(v []any) any { return ifThen(v[0].(feature)("card"), not(v[1].(feature)("card")), yes) },
		"$npnoun is|are not $features", "$npnoun is|are never $features")
	values := map[string]int{"a": 1, "ace": 1, "aces": 1, "j": 11, "jack": 11, "jacks": 11, "q": 12, "queen": 12, "queens": 12,
		"k": 13, "king": 13, "kings": 13}
	g.special["values"] = func(p *reader, i int) []result {
		j, n := i, 0
		for j+2 < len(p.toks) {
			v, ok := values[p.toks[j]]
			if !ok || p.toks[j+1] != "=" && p.toks[j+1] != "is" {
				break
			}
			if p.toks[j+2] != fmt.Sprint(v) {
				return nil // another counting of the ranks: not ours
			}
			j += 3
			n++
			if j < len(p.toks) && p.toks[j] == "," {
				j++
			}
		}
		if n == 0 {
			return nil
		}
		return []result{{j, note{}}}
	}
	g.def("aside", "", func(v []any) any { return v[0] }, "$values", "( $values )")
}

// cardWordRE finds the card judged in an expression.
var cardWordRE = regexp.MustCompile(`\bcard\b`)

// cardNameRE finds a card a rule names.
var cardNameRE = regexp.MustCompile(`\b(card|prev|prev2|prev3|line|n)\b`)

// classes reads "red cards below 8, black cards above 7": two or more
// classes of cards, each with what it must be. Two readings: the cards of
// no class are refused, or they are free. Where the classes cover every
// card (red, black) the two are the same rule.
func classes(p *reader, i int) []result {
	var out []result
	// said: every class so far said with a verb
	var walk func(i int, items [][2]feature, said bool)
	walk = func(i int, items [][2]feature, said bool) {
		for _, r := range p.parse("classitem", i) {
			var item [2]feature
			switch v := r.val.(type) {
			case restFree:
				if len(items) == 0 {
					continue
				}
				// the cards of no class are free, and nothing comes after
				chain := yes
				for k := len(items) - 1; k >= 0; k-- {
					chain = ifThen(items[k][0]("card"), items[k][1]("card"), chain)
				}
				out = append(out, result{r.end, chain})
				continue
			case saidItem:
				item = [2]feature(v)
			case [2]feature:
				item, said = v, false
			default:
				continue
			}
			kind := item[0]("@").expr()
			if kind == "true" || cardNameRE.MatchString(kind) {
				continue // a class is a kind of card: "the card's rank" is none
			}
			if idlepart(item) {
				continue
			}
			its := append(slices.Clone(items), item)
			if len(its) >= 2 {
				var alts []*pred
				chain := yes
				for k := len(its) - 1; k >= 0; k-- {
					chain = ifThen(its[k][0]("card"), its[k][1]("card"), chain)
					alts = append([]*pred{and(its[k][0]("card"), its[k][1]("card"))}, alts...)
				}
				if !said {
					out = append(out, result{r.end, or(alts...)})
				}
				out = append(out, result{r.end, chain})
			}
			if len(its) >= 4 {
				continue
			}
			for _, sep := range [][]string{{","}, {";"}, {p.g.and}, {",", p.g.and}, {"."}} {
				j := r.end
				if j+len(sep) <= len(p.toks) && slices.Equal(p.toks[j:j+len(sep)], sep) {
					walk(j+len(sep), its, said)
				}
			}
		}
	}
	walk(i, nil, true)
	return out
}

// idlepart: a class's requirement is several, one of which no card of the
// class meets ("cors o diamants parells, o piques …" is no class of hearts
// and diamonds that are even or spades: the spades are a class of their own).
func idlepart(item [2]feature) bool {
	r := item[1]("card")
	if r.op != "or" {
		return false
	}
	return slices.ContainsFunc(r.kids, func(k *pred) bool { return clash(yes, item[0]("card"), k) })
}

// saidItem is a class of cards said with a verb, and what it must be
// ("hearts must be higher than 5"); restFree is "other suits anything".
type (
	saidItem [2]feature
	restFree struct{}
)

// arithOp is an operator of numbers in words, and how tight it binds (1
// before 2).
type arithOp struct {
	words []string
	op    string
	level int
}

var englishArith = []arithOp{{[]string{"plus"}, "+", 2}, {[]string{"+"}, "+", 2}, {[]string{"minus"}, "-", 2}, {[]string{"times"}, "*", 1},
	{[]string{"multiplied", "by"}, "*", 1}, {[]string{"*"}, "*", 1}, {[]string{"modulo"}, "%", 1}, {[]string{"mod"}, "%", 1},
	{[]string{"%"}, "%", 1}, {[]string{"divided", "by"}, "/", 1}, {[]string{"/"}, "/", 1}}

// arithmetic reads numbers with operators, times and modulo before plus and
// minus, each from the left: "the card's rank plus the last card's rank".
func arithmetic(p *reader, i int) []result { return arithmeticWith(englishArith)(p, i) }

func arithmeticWith(ops []arithOp) func(p *reader, i int) []result {
	return func(p *reader, i int) []result {
		var out []result
		var walk func(i int, ts []term, os []string, levels []int)
		walk = func(i int, ts []term, os []string, levels []int) {
			for _, r := range p.parse("tatom", i) {
				t2 := append(slices.Clone(ts), r.val.(term))
				if len(t2) > 1 && slices.ContainsFunc(t2, func(t term) bool { return setRE.MatchString(t.text) }) {
					continue // "the card plus the last two" adds no card to each of them
				}
				t := combineTerms(t2, os, levels)
				out = append(append(out, result{r.end, t}), p.rounded(t, r.end)...)
				if len(t2) >= 5 {
					continue
				}
				for _, o := range ops {
					j := r.end
					if j+len(o.words) <= len(p.toks) && slices.Equal(p.toks[j:j+len(o.words)], o.words) {
						walk(j+len(o.words), t2, append(slices.Clone(os), o.op), append(slices.Clone(levels), o.level))
					}
				}
			}
		}
		walk(i, nil, nil, nil)
		return out
	}
}

// combineTerms applies the operators, tighter level first, left to right.
func combineTerms(ts []term, os []string, levels []int) term {
	ts, os, levels = slices.Clone(ts), slices.Clone(os), slices.Clone(levels)
	for _, lv := range []int{1, 2} {
		for k := 0; k < len(os); {
			if levels[k] != lv {
				k++
				continue
			}
			a, b := ts[k], ts[k+1]
			if os[k] == "%" {
				ts = slices.Replace(ts, k, k+2, remainder(a, b))
				os = slices.Delete(os, k, k+1)
				levels = slices.Delete(levels, k, k+1)
				continue
			}
			bt := b.text
			if lv == 1 || os[k] == "-" {
				bt = paren(bt)
			}
			at := a.text
			if lv == 1 {
				at = paren(at)
			}
			frac := os[k] == "/" || a.frac || b.frac
			t := term{fmt.Sprintf("%s %s %s", at, os[k], bt), append(slices.Clone(a.refs), b.refs...), frac}
			ts = slices.Replace(ts, k, k+2, t)
			os = slices.Delete(os, k, k+1)
			levels = slices.Delete(levels, k, k+1)
		}
	}
	return ts[0]
}

// takeTurns is the patterns of two kinds (slot: "$altfield", "$altpair")
// that take turns, said after them: "red and black (must) alternate",
// "red and black take turns", "the colours take it in turns".
func takeTurns(slot string) []string {
	var out []string
	for _, verb := range []string{"alternate", "take turns", "take it in turns"} {
		out = append(out, slot+" must|should "+verb, "the "+slot+" must|should "+verb, slot+" "+verb, "the "+slot+" "+verb)
	}
	return out
}

// fieldNum is the field and the number of a run's slots, in either order
// ("no more than 2 cards of the same colour", "the same colour at most 2
// times"); a number 0 where there is none.
func fieldNum(v []any) (f string, k int) {
	for _, x := range v {
		switch x := x.(type) {
		case fieldName:
			f = string(x)
		case int:
			k = x
		}
	}
	if f == "" {
		panic("rulewords: a run with no field")
	}
	return f, k
}

// sameRun is a run of at most k cards (1 to 3) with the same field ("no
// more than 2 cards of the same colour in a row"): the card and the k
// before it do not all share it; with fewer cards down there is no run
// (prevK != nil, as s.nothree and s.maxrun write it). Nil for another k.
func sameRun(f string, k int) *pred {
	if k < 1 || k > 3 {
		return nil
	}
	refs := []string{"card", "prev", "prev2", "prev3"}[:k+1]
	var ps []*pred
	if k >= 2 {
		ps = append(ps, atom(refs[k]+" != nil"))
	}
	for x := 1; x < len(refs); x++ {
		ps = append(ps, atom(fmt.Sprintf("%s.%s == %s.%s", refs[x-1], f, refs[x], f)))
	}
	return not(and(ps...))
}
