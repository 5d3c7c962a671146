package lessons

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/eleusis/eleusis/sim"
)

// Questions for a class, with their answers for the teacher: the
// discussion questions follow the moments of the hand (lesson.html), the
// handout's questions are answered at the move the handout stops
// (answerKey).

// stepWhere is the first move for which keep is true (−1: none).
func (n *Narration) stepWhere(keep func(st *NarratedMove) bool) int {
	for i := range n.Steps {
		if keep(&n.Steps[i]) {
			return i
		}
	}
	return -1
}

func hasMoment(st *NarratedMove, k MomentKind) bool {
	for _, m := range st.Moments {
		if m.Kind == k {
			return true
		}
	}
	return false
}

// discussion is the questions the hand's moments raise, answered, each
// with its topic and move for the lesson plan.
func (n *Narration) discussion(f textFormat) []packQA {
	var qs []packQA
	add := func(topic string, move int, q, a string) {
		qs = append(qs, packQA{Q: safe(q), A: safe(a), Topic: f.say("q.topic." + topic), Move: move})
	}
	seat := func(p int) string { return f.text(n.seatRef(p, f.lang())) }
	// A test of a rule the mover held with some conviction (a favourite,
	// or a person's chosen idea) that nothing before had contradicted, if
	// there is one; of any rule not contradicted otherwise.
	played := func(st *NarratedMove) bool {
		return st.Move.Kind != sim.NoPlay && n.heldStands(st) && (math.IsNaN(st.Held.Prob) || st.Held.Prob >= favouriteP)
	}
	if n.stepWhere(func(st *NarratedMove) bool { return st.Test != "" && played(st) }) < 0 {
		played = func(st *NarratedMove) bool { return st.Move.Kind != sim.NoPlay && n.heldStands(st) }
	}
	// A positive test: what a "no" proves, and what a "yes" cannot.
	if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "positive" && played(st) && st.Move.Verdict == sim.No }); i >= 0 {
		st := &n.Steps[i]
		a := f.say("a.positiveRefused", f.phrase(*st.Held), n.ruledOut(st, f))
		if rel := n.relationOnHand(n.acceptsExpr(st.Held.Expr)); rel.Narrow != nil {
			a += " " + f.say("case.alsoNarrow", lineEnd(rel.Narrow.Line, f), f.cards([]sim.Card{rel.Narrow.Card}))
		}
		add("positiveRefused", st.Move.Turn, f.say("q.positiveRefused", st.Move.Turn, seat(st.Move.Player), moveNoun(&st.Move, f), f.phrase(*st.Held)), a)
	} else if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "positive" && played(st) }); i >= 0 {
		st := &n.Steps[i]
		a := f.say("a.positiveAccepted", n.stillFit(st, f))
		if c := n.caseText(*st.Held, f); c != "" {
			a += " " + c
		}
		add("positiveAccepted", st.Move.Turn, f.say("q.positiveAccepted", st.Move.Turn, seat(st.Move.Player), moveNoun(&st.Move, f), f.phrase(*st.Held)), a)
	}
	// A negative test: why play a card one expects to be refused?
	// (One that refuted the rule, if there is one: the case a positive
	// test could not have made.)
	i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "negative" && played(st) && st.Move.Verdict == sim.Yes })
	if i < 0 {
		i = n.stepWhere(func(st *NarratedMove) bool { return st.Test == "negative" && played(st) })
	}
	if i >= 0 {
		st := &n.Steps[i]
		outcome := f.say("a.negative.no")
		if st.Move.Verdict == sim.Yes {
			outcome = f.say("a.negative.yes")
		}
		add("negative", st.Move.Turn, f.say("q.negative", st.Move.Turn, seat(st.Move.Player), moveNoun(&st.Move, f), f.phrase(*st.Held)),
			f.say("a.negative", outcome, f.say("lesson.klaymanHa")))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, WasonMoment) }); i >= 0 && n.Wason != nil {
		w := n.Wason
		first := n.Steps[w.Tests[0]].Move.Turn
		rule := f.phrase(w.Rule)
		end := f.say("a.wason.stood")
		if w.Refuted >= 0 {
			st := &n.Steps[w.Refuted]
			end = f.say("a.wason.refuted", st.Move.Turn, seat(st.Move.Player), moveNoun(&st.Move, f))
		}
		q := f.say("q.wason.table", first, rule)
		a := f.say("a.wason.table", rule, end, f.say("lesson.wason246"))
		if w.Holder >= 0 {
			q = f.say("q.wason", first, seat(w.Holder), rule)
			a = f.say("a.wason", rule, seat(w.Holder), end, f.say("lesson.wason246"))
		}
		add("wason", n.Steps[i].Move.Turn, q, a)
	}
	// (At the Wason moment's refutation, its own question tells the
	// surprise and the refutation.)
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Risky) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		add("risky", st.Move.Turn, f.say("q.risky", st.Move.Turn, seat(st.Move.Player), f.phrase(*st.Held), moveNoun(&st.Move, f), n.who(f), fpct(f, st.PYes)),
			f.say("a.risky", fbits(f, st.Bits), n.ruledOut(st, f), seat(st.Move.Player), f.phrase(*st.Held)))
	} else if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Surprise) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		why := f.say("a.surprise.noRule")
		if st.Unbold != nil {
			why = n.unboldText(st.Unbold, st.Move.Player, f)
		}
		add("surprise", st.Move.Turn, f.say("q.surprise", st.Move.Turn, moveNoun(&st.Move, f), n.who(f), fpct(f, st.PYes)),
			f.say("a.surprise", fbits(f, st.Bits), n.ruledOut(st, f), why))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Refuted) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		fav := st.Top[0]
		next := f.say("lesson.noRule")
		if len(st.Leaders) > 0 {
			next = f.phrase(st.Leaders[0])
		}
		add("refuted", st.Move.Turn, f.say("q.refuted", st.Move.Turn, n.whoOf(f), f.phrase(fav), fpct(f, fav.Prob)),
			f.say("a.refuted", n.ruledOut(st, f), next))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Underdetermined) }); i >= 0 {
		st := &n.Steps[i]
		a, b := st.Leaders[0], st.Leaders[1]
		answer := f.say("a.under", f.phrase(a), f.phrase(b), f.say("lesson.noCard"))
		if g := n.whichIsGods(a, b, f); g != "" {
			answer += " " + g
		}
		if n.Truth != nil && n.Truth.Class.Has(a.ID) && n.Truth.Class.Has(b.ID) {
			// Two ways of saying God's rule: there was nothing to find out.
			answer = f.say("a.under.same", f.phrase(a), f.phrase(b))
		}
		from := f.say("q.under.from", st.TieSince)
		if st.TieSince == 0 {
			from = f.say("q.under.opening")
		}
		add("under", st.Move.Turn, f.say("q.under", from, f.phrase(a), f.phrase(b)), answer)
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, ClosedWorld) }); i >= 0 {
		st := &n.Steps[i]
		add("closed", st.Move.Turn, f.say("q.closed", st.Move.Turn, n.who(f)),
			f.say("a.closed", n.Space.Len(), n.godRule(f)))
	}
	// In the order of the hand (the end last), as the plan asks them.
	slices.SortStableFunc(qs, func(a, b packQA) int { return cmp.Compare(a.Move, b.Move) })
	add("end", len(n.Steps), f.say("q.end", n.who(f)), n.verdictShort(f))
	return qs
}

// caseText says how a rule a player held stands to God's on this hand —
// right, only too narrow, only too broad, or both — with the main line and
// card that show each fault ("" when God's rule is not known).
func (n *Narration) caseText(r Ranked, f textFormat) string {
	accepts := n.acceptsExpr(r.Expr)
	if accepts == nil || n.godAccepts() == nil {
		return ""
	}
	rel := n.relationOnHand(accepts)
	card := func(ft *fault) string { return f.cards([]sim.Card{ft.Card}) }
	switch {
	case rel.Broad == nil && rel.Narrow == nil:
		return f.say("case.right", f.phrase(r))
	case rel.Broad == nil:
		return f.say("case.narrow", f.phrase(r), lineEnd(rel.Narrow.Line, f), card(rel.Narrow))
	case rel.Narrow == nil:
		return f.say("case.broad", f.phrase(r), lineEnd(rel.Broad.Line, f), card(rel.Broad))
	}
	return f.say("case.both", f.phrase(r), lineEnd(rel.Broad.Line, f), card(rel.Broad), lineEnd(rel.Narrow.Line, f), card(rel.Narrow))
}

// moveNoun names what a move put before God: "the card 5♦", "the
// sequence 5♦ 6♦ 7♦", "“no play”, showing …".
func moveNoun(m *sim.MoveRecord, f textFormat) string {
	switch m.Kind {
	case sim.Sequence:
		return f.say("noun.sequence", f.cards(m.Cards))
	case sim.NoPlay:
		return f.say("noun.noPlay", f.cards(m.Cards))
	}
	return f.say("noun.card", f.cards(m.Cards))
}

// heldStands reports whether the mover's rule at st fitted every answer
// before it (a rule already refuted is no rule to ask a class about).
func (n *Narration) heldStands(st *NarratedMove) bool {
	return st.Held != nil && n.fitsBefore(n.acceptsExpr(st.Held.Expr), st.Move.Turn)
}

// whichIsGods says which of two rules a hand could not separate from here
// on is God's: on this hand (its local class), and over the whole game.
func (n *Narration) whichIsGods(a, b Ranked, f textFormat) string {
	if n.Truth == nil {
		return ""
	}
	ga, gb := n.isGods(a.ID), n.isGods(b.ID)
	switch {
	case ga && gb:
		s := f.say("gods.both", f.phrase(a), f.phrase(b))
		ea, eb := n.Truth.Class.Has(a.ID), n.Truth.Class.Has(b.ID)
		switch {
		case ea && eb:
			return s + " " + f.say("gods.bothEverywhere")
		case ea || eb:
			god, other := a, b
			if eb {
				god, other = b, a
			}
			s += " " + f.say("gods.everywhere", f.phrase(god))
			if w, err := n.Truth.Witness(other.ID, nil); err == nil && w.Found {
				s += " " + f.say("gods.another", f.cards(w.Line), f.phrase(other), n.witnessVerb(other.ID, &w, f))
			}
			return s
		}
		return s + " " + f.say("gods.neitherEverywhere", n.godRule(f))
	case ga || gb:
		god, other := a, b
		if gb {
			god, other = b, a
		}
		s := f.say("gods.is", f.phrase(god), f.phrase(other))
		opening := sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine
		if w, err := n.Truth.Witness(other.ID, opening); err == nil && w.Found {
			s += " " + f.say("gods.earlier", f.cards(w.Line), f.phrase(other), n.witnessVerb(other.ID, &w, f))
		}
		return s
	}
	return f.say("gods.neither", n.godRule(f))
}

// answerKey answers the handout's questions at the move it stops.
func (n *Narration) answerKey(move int, f textFormat) []packQA {
	var qs []packQA
	add := func(q, a string) { qs = append(qs, packQA{Q: safe(q), A: safe(a)}) }
	if move < 1 || move > len(n.Steps) {
		return nil
	}
	st := &n.Steps[move-1]
	var fits []string
	for _, r := range st.Leaders {
		key := "key.fit"
		if n.isGods(r.ID) {
			key = "key.fitGod"
		}
		fits = append(fits, "<li>"+f.say(key, f.rule(r), fpct(f, r.Prob))+"</li>")
	}
	a12 := f.say("key.a12", n.godRule(f), move, n.who(f), f.say("lesson.nRules", st.Left), strings.Join(fits, ""))
	if n.Truth != nil {
		a12 += " " + n.godsShareText(st, f)
	}
	if n.Hint != "" {
		a12 += " " + f.say("key.hint", n.hintText(f))
	}
	add(f.say("key.q12"), a12)
	test := f.say("key.empty")
	switch {
	case st.Parting != nil && st.Parting.Never:
		test = f.say("key.never", f.phrase(st.Leaders[0]), f.phrase(st.Leaders[1]), f.say("lesson.noCard"))
	case st.Parting != nil:
		test = lowerFirst(n.separationText(st, f))
	}
	add(f.say("key.q3"), f.say("key.a3", move, n.who(f), test))
	var tests [2]int
	for _, s := range n.Steps[:move] {
		switch s.Test {
		case "positive":
			tests[0]++
		case "negative":
			tests[1]++
		}
	}
	add(f.say("key.q45"), f.say("key.a45", move, f.say("key.nPositive", tests[0]), f.say("key.nNegative", tests[1])))
	return qs
}

// hintText is the bank's hint, in English: on another language's page it
// says so (lang="en").
func (n *Narration) hintText(f textFormat) string {
	if _, html := f.(htmlText); html && f.lang().Lang() != "en" {
		return `<span lang="en">` + f.text(n.Hint) + "</span>"
	}
	return f.text(n.Hint)
}

// lowerFirst puts a sentence after a colon: "No card …" → "no card …".
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}
