package rulewords

import (
	"slices"
	"strings"
)

// The rule as sentences in a row: which sentences a full stop, a
// semicolon, a comma or "and" join, and what they say together (all of
// them, or a rule and its exception).

// sentences reads the rule: sentences in a row, all of which hold,
// separated by full stops, semicolons, commas or "and"; a note on the
// values of the cards says nothing.
func sentences(p *reader, i int) []result {
	var out []result
	// sep: what joins the sentence to the one before: "," a comma alone,
	// "and" the language's "and" alone, "(" nothing but an aside's bracket
	// from: where the sentence before begins
	var walk func(i int, got []*pred, wrap bool, prev int, sep string, from int)
	walk = func(i int, got []*pred, wrap bool, prev int, sep string, from int) {
		comma, onlyAside := sep == ",", sep == "("
		for _, nt := range []string{"sentence", "xsentence", "aside", "wild"} {
			if onlyAside && nt != "aside" {
				continue
			}
			for _, r := range p.parse(nt, i) {
				if comma && p.listTail("sentence", from, i, r.end) {
					continue // "the card must be 1, 2 or 3 lower …": one list
				}
				if from < i && p.boundTail("sentence", from, i, r.end) {
					continue // "… at least 3 and at most 8 away …": one range
				}
				if from < i && p.wildTail(from, i, r.end, r.val) {
					continue // "face cards and aces are always allowed": both wild
				}
				g, w, kind := got, wrap, aside
				switch v := r.val.(type) {
				case *pred:
					if v.kindWild && len(got) > 0 {
						continue // (the whole text only)
					}
					kind = other
					switch {
					case v.op == "if" && v.kids[2] == yes:
						kind = exception
					case v.op == "if":
						kind = cond
					case v.bare:
						kind = bareRule
					}
					g = append(slices.Clone(got), v)
				case wild:
					// cards said wild in a sentence of their own ("…; face
					// cards can always be played"): an exception to the
					// others, before or after them (combineSentences)
					kind = exception
					g = append(slices.Clone(got), loneWild(v.f("card")))
				case wrapNote:
					w = true
				case note:
				case refusal:
					// words read whole as what the reader cannot say: the
					// reason, where the text reads no other way (readText)
					if len(got) == 0 && r.end == len(p.toks) {
						out = append(out, result{r.end, v})
					}
					continue
				default:
					continue
				}
				if comma && !commaJoins(prev, kind) {
					continue
				}
				// "and" alone joins an aside ("… and from king back to
				// ace"), conditionals that say nothing otherwise ("depois
				// de um par vem um ímpar e depois de um ímpar vem um par";
				// one that does ends the branches read together) and two
				// rules that forbid ("never three red cards in a row and
				// never three black cards in a row"; one that reads as a
				// conditional too, "no hearts after a spade", is read as
				// the conditionals above, as before)
				if sep == "and" && kind != aside && !(prev == exception && kind == exception) && !freeing(r.val) && !(bothNot(got, r.val) && !p.readsAsException(i, r.end)) && !(prev == other && ofAKind(r.val)) {
					continue
				}
				// "but" joins a rule and one that narrows it ("even cards or
				// face cards, but never two face cards in a row"); an
				// exception after "but" is read by its own constructions
				if sep == "but" && (kind != other && !ofAKind(r.val) && !freeing(r.val) || prev != other && prev != bareRule) {
					continue
				}
				switch {
				case len(g) > 0:
					for _, c := range combineSentences(g) {
						if w {
							if c = wrapped(c); c == nil {
								continue // nothing to count round
							}
						}
						out = append(out, result{r.end, c})
					}
				case r.end == len(p.toks) && !w:
					out = append(out, result{r.end, note{}})
				}
				if len(g) >= 5 || saysKindWild(r.val) {
					continue // (a kind alone and cards wild: the whole text only)
				}
				seps := [][]string{{"."}, {";"}, {";", p.g.and}, {",", p.g.and}, {","}, {}, {p.g.and}}
				if but := p.g.but; but != "" {
					seps = append(seps, []string{",", but}, []string{but})
				}
				for _, sep := range seps {
					j := r.end
					if j+len(sep) <= len(p.toks) && slices.Equal(p.toks[j:j+len(sep)], sep) {
						// nothing only before an aside: "… (A = 1)"
						joint := strings.Join(sep, " ")
						switch {
						case len(sep) == 0 && (j >= len(p.toks) || p.toks[j] != "("):
							continue
						case len(sep) == 0:
							joint = "("
						case joint == p.g.and:
							joint = "and"
						case sep[len(sep)-1] == p.g.but:
							joint = "but"
						}
						walk(j+len(sep), g, w, kind, joint, i)
					}
				}
			}
		}
	}
	walk(i, nil, false, aside, "", i)
	return out
}

// the kinds of sentences in a row: a conditional, a conditional that
// says nothing otherwise, another rule, a kind of card alone, an aside (a
// note on the values, "counting round from king to ace")
const (
	cond = iota
	other
	aside
	bareRule
	exception // a conditional that says nothing otherwise
)

// commaJoins says whether a comma alone joins a sentence of kind prev to
// one of kind next: conditionals ("red after black, black after red"),
// asides, rules ("nada de figuras, só números") and a rule and its
// exception ("same suit as the last ace, if there is no ace yet play
// hearts"); not a conditional and a rule, nor a kind of card alone ("red,
// black, red …" is a pattern).
func commaJoins(prev, next int) bool {
	switch {
	case prev == aside || next == aside:
		return true
	case prev == bareRule || next == bareRule:
		return false
	case conditional(prev) && conditional(next):
		return true
	}
	return prev == next || prev == other && next == exception
}

func conditional(k int) bool { return k == cond || k == exception }

// combineSentences is what sentences in a row say: all of them; and where
// a sentence is a condition with no "otherwise" after a rule that has
// none ("anything but clubs. after a club anything"), it may be the
// exception to that rule: when its condition holds, it says what the card
// must be instead. An exception that allows any card, or none that the
// rule allows (clash), can only be one.
//
// A sentence that allows any card where its condition holds ("after a
// king or an ace anything") is an exception to all the others, before it
// or after it: joined to them with "and" it would say nothing (c ? true :
// true). So are cards said to be wild ("kings and aces are wild,
// otherwise after a red card …, after a black card …").
func combineSentences(ps []*pred) []*pred {
	var free, wilds []*pred
	ps = slices.DeleteFunc(slices.Clone(ps), func(s *pred) bool {
		if s.wild != nil && s.wild[1] == nil {
			wilds = append(wilds, s.wild[0])
			return true
		}
		return false
	})
	for k, s := range ps {
		if c, r, wild := hoisted(s); r != nil {
			// "after a red card play the same suit, but after a king
			// anything" beside other rules, or "…, otherwise the same
			// suit, but after a king anything": the king is theirs too;
			// so are cards said wild there ("…; kings can always be
			// played")
			if wild {
				wilds, ps[k] = append(wilds, c), r
			} else {
				free, ps[k] = append(free, c), r
			}
		}
	}
	if len(ps) > 1 {
		ps = slices.DeleteFunc(ps, func(s *pred) bool {
			if anythingWhen(s) {
				free = append(free, s.kids[0])
				return true
			}
			return false
		})
		for k, s := range ps {
			switch {
			case s.exempt:
				free, ps[k] = append(free, s.kids[0]), s.kids[2]
			case s.wild != nil:
				wilds, ps[k] = append(wilds, s.wild[0]), s.wild[1]
			}
		}
	}
	if len(ps) == 0 {
		return nil
	}
	out := combineRules(ps)
	for k, r := range out {
		if len(wilds) > 0 {
			r = or(append(slices.Clone(wilds), r)...)
		}
		if len(free) > 0 {
			r = ifThen(or(free...), yes, r)
		}
		out[k] = r
	}
	return out
}

// hoisted: s is "if c then (if e then any card else t)" (or that with an
// otherwise), the inner exception said with "but after" at the end of
// the sentence ("after a red card play the same suit, but after a king
// anything"): e, and s without it.
// Cards said wild there ("after a black card play lower; kings can always
// be played") are hoisted so too: wild, and the wild cards for e.
func hoisted(s *pred) (e, rest *pred, wild bool) {
	if s.op != "if" {
		return nil, nil, false
	}
	for b := 1; b <= 2; b++ {
		in := s.kids[b]
		q := *s
		q.kids = slices.Clone(s.kids)
		q.exempt = false
		switch {
		case in.op == "if" && in.tail && in.kids[1] == yes:
			q.kids[b] = in.kids[2]
			return in.kids[0], &q, false
		case in.wild != nil && in.tail:
			q.kids[b] = in.wild[1]
			return in.wild[0], &q, true
		}
	}
	return nil, nil, false
}

// freeing: v is an exception that frees cards from the rules beside it,
// "after a king anything" or cards said wild in a sentence of their own,
// which "and" or "but" may join to them ("higher, but aces can always be
// played and after a king anything goes").
func freeing(v any) bool {
	p, ok := v.(*pred)
	return ok && (anythingWhen(p) || p.wild != nil && p.wild[1] == nil)
}

// loneWild is cards w said wild in a sentence of their own: a conditional
// that says nothing otherwise, whose cards combineSentences makes an
// exception to the sentences beside it.
func loneWild(w *pred) *pred {
	return &pred{op: "if", kids: []*pred{w, yes, yes}, wild: &[2]*pred{w, nil}}
}

// anythingWhen: s is "when c, any card" and nothing else.
func anythingWhen(s *pred) bool {
	return s.op == "if" && s.kids[1] == yes && s.kids[2] == yes
}

// combineRules is combineSentences of sentences that each say something.
// A kind of card said with what it must be beside a rule ("alternate
// colours, black cards 7 or lower only") is a requirement on that kind
// where the card of the kind both would leave no card to follow.
func combineRules(ps []*pred) []*pred {
	out := combineSaid(ps)
	if len(ps) < 2 || !slices.ContainsFunc(ps, func(s *pred) bool { return s.class != nil }) {
		return out
	}
	keep := slices.DeleteFunc(slices.Clone(out), stalls)
	if len(keep) == len(out) {
		return out
	}
	alt := make([]*pred, len(ps))
	for k, s := range ps {
		alt[k] = s
		if s.class != nil {
			alt[k] = ifThen(s.class[0], s.class[1], yes)
		}
	}
	return append(keep, combineSaid(alt)...)
}

// combineSaid is combineRules of the sentences as said. A requirement on
// a kind of card beside a rule ("alternate colours, and black cards must
// be 7 or lower") is one more requirement, never an exception that frees
// the kind from the rule, unless no card of the kind could meet both
// (clash).
func combineSaid(ps []*pred) []*pred {
	out := []*pred{ps[0]}
	for _, s := range ps[1:] {
		var next []*pred
		for _, acc := range out {
			if s.op == "if" && s.kids[2] == yes && acc.op != "if" && !hasIf(acc) {
				meets := s.kids[1] != yes && !clash(acc, s.kids[0], s.kids[1])
				if meets {
					next = append(next, and(acc, s))
				}
				if !meets || !ofTheCard(s.kids[0]) {
					next = append(next, ifThen(s.kids[0], s.kids[1], acc))
				}
				continue
			}
			next = append(next, and(acc, s))
		}
		out = next
	}
	return out
}

// ofTheCard: condition c reads the card played alone (a kind of card).
func ofTheCard(c *pred) bool {
	names := cardNameRE.FindAllString(c.expr(), -1)
	return len(names) > 0 && !slices.ContainsFunc(names, func(m string) bool { return m != "card" })
}

func hasIf(p *pred) bool {
	if p.op == "if" {
		return true
	}
	for _, k := range p.kids {
		if hasIf(k) {
			return true
		}
	}
	return false
}

// ofAKind: v is a requirement on a kind of card alone ("black cards must
// be 7 or lower"), which "and" or "but" after a rule adds to it ("the
// colours alternate and black cards are 7 or lower").
func ofAKind(v any) bool {
	p, ok := v.(*pred)
	return ok && p.op == "if" && p.kids[2] == yes && p.kids[1] != yes && ofTheCard(p.kids[0])
}

// bothNot: the sentence v and the one before it (the last of got) each
// forbid something (a negation): "and" between them can only say both.
func bothNot(got []*pred, v any) bool {
	p, ok := v.(*pred)
	return ok && p.op == "not" && len(got) > 0 && got[len(got)-1].op == "not"
}

// readsAsException: the words from i to end read as a conditional that
// says nothing otherwise, or as a branch of conditionals in a row ("no
// hearts after a spade").
func (p *reader) readsAsException(i, end int) bool {
	if slices.ContainsFunc(p.parse("branch", i), func(r result) bool { return r.end == end }) {
		return true // a branch of a chain of conditionals (branches)
	}
	for _, nt := range []string{"sentence", "xsentence"} {
		if slices.ContainsFunc(p.parse(nt, i), func(r result) bool {
			v, ok := r.val.(*pred)
			return ok && r.end == end && v.op == "if" && v.kids[2] == yes
		}) {
			return true
		}
	}
	return false
}

// wildTail: the sentence v from i to end says cards wild ("aces are
// always allowed") after a sentence that begins at from, and the words
// from there to end say wild cards whole: "face cards and aces are always
// allowed; …" is both kinds wild, never the face cards a rule of their own
// and the aces wild. What follows a list of kinds is said of them all.
func (p *reader) wildTail(from, i, end int, v any) bool {
	if !saysWild(v) {
		return false
	}
	return slices.ContainsFunc(p.parse("wild", from), func(r result) bool { return r.end == end }) ||
		slices.ContainsFunc(p.parse("sentence", from), func(r result) bool { return r.end == end && saysWild(r.val) })
}

// saysKindWild: v is a kind alone and cards said wild after it (kindWild).
func saysKindWild(v any) bool {
	s, ok := v.(*pred)
	return ok && s.kindWild
}

// saysWild: v is cards said wild, alone or as a sentence.
func saysWild(v any) bool {
	switch v := v.(type) {
	case wild:
		return true
	case *pred:
		return v.wild != nil
	}
	return false
}
