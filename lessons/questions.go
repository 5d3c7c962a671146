package lessons

import (
	"fmt"
	"math"
	"strings"

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
		qs = append(qs, packQA{Q: safe(q), A: safe(a), Topic: topic, Move: move})
	}
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
		add("a positive test refused", st.Move.Turn, fmt.Sprintf("At move %d, %s played %s, which its own best rule, %s, allowed: a positive test. God said no. What did that answer prove? What would a “yes” have proved?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), moveNoun(&st.Move, f), f.phrase(*st.Held)),
			fmt.Sprintf("The “no” refutes %s — and with it every rule that allowed it: the answer %s. The rule was too broad: it allowed what God refuses, the one kind of error a positive test can show. A “yes” would have proved nothing for certain: many other rules allow it too. Agreement with a theory never proves it; one clear disagreement refutes it (Popper's asymmetry).",
				f.phrase(*st.Held), n.ruledOut(st)))
	} else if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "positive" && played(st) }); i >= 0 {
		st := &n.Steps[i]
		add("a positive test accepted", st.Move.Turn, fmt.Sprintf("At move %d, %s played %s, which its own best rule, %s, allowed: a positive test. God said yes. Does that prove the rule?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), moveNoun(&st.Move, f), f.phrase(*st.Held)),
			fmt.Sprintf("No. The “yes” %s: agreement never proves a rule, it only fails to refute it. And a positive test can only show a rule too broad: if the rule is too narrow, every positive test will say yes.",
				n.stillFit(st)))
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
		outcome := "God said no, as the rule expected: it survived a test it could have failed."
		if st.Move.Verdict == sim.Yes {
			outcome = "God said yes: the rule was refuted at once — it was too narrow, forbidding what God accepts, and only a negative test could show that."
		}
		add("a negative test", st.Move.Turn, fmt.Sprintf("At move %d, %s played %s, which its own best rule, %s, forbade: a negative test. Why would a scientist play what it expects to be refused?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), moveNoun(&st.Move, f), f.phrase(*st.Held)),
			fmt.Sprintf("To give the rule a chance to fail where a positive test cannot reach. %s %s In Eleusis a refused card also costs cards, which is why players avoid negative tests.", outcome, klaymanHa))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, WasonMoment) }); i >= 0 && n.Wason != nil {
		w := n.Wason
		first := n.Steps[w.Tests[0]].Move.Turn
		who := "the players"
		if w.Holder >= 0 {
			who = f.text(n.seat(w.Holder))
		}
		answer := fmt.Sprintf("Because %s is too narrow on this hand: every card it allows, God allows too. A card it allows is always accepted, so every positive test was bound to say yes — and the more yeses, the surer %s grew. Only a card it forbids could show it wrong: ", f.phrase(w.Rule), who)
		if w.Refuted >= 0 {
			st := &n.Steps[w.Refuted]
			answer += fmt.Sprintf("at move %d %s did that with %s, and God said yes. ", st.Move.Turn, f.text(n.seat(st.Move.Player)), moveNoun(&st.Move, f))
		} else {
			answer += "nobody played one, and the rule stood to the end. "
		}
		add("the Wason moment", n.Steps[i].Move.Turn, fmt.Sprintf("From move %d %s tested %s only with cards it allows, and God said yes every time. Why could those answers never show it wrong? Which card could have?", first, who, f.phrase(w.Rule)),
			answer+wason246)
	}
	// (At the Wason moment's refutation, its own question tells the
	// surprise and the refutation.)
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Risky) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		add("a risky prediction", st.Move.Turn, fmt.Sprintf("At move %d the rule of %s, %s, predicted that God would say yes to %s, although %s gave that answer only %s. God said yes. Why does a prediction that could easily have failed count for more than a safe one?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), f.phrase(*st.Held), moveNoun(&st.Move, f), n.who(), Pct(st.PYes)),
			fmt.Sprintf("An answer given probability p carries log₂(1/p) bits of information: this one carried %s and %s. A rule that risks a bold prediction and survives has passed a severe test; a safe prediction that comes true tells little (Popper). Here the bold prediction was %s's, and it is %s that earns the credit.",
				bitsText(st.Bits), n.ruledOut(st), f.text(n.seat(st.Move.Player)), f.phrase(*st.Held)))
	} else if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Surprise) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		add("a surprise", st.Move.Turn, fmt.Sprintf("At move %d God said yes to %s, although %s gave that answer only %s. Why does an unlikely answer teach more than an expected one?",
			st.Move.Turn, moveNoun(&st.Move, f), n.who(), Pct(st.PYes)),
			fmt.Sprintf("An answer given probability p carries log₂(1/p) bits of information: this one carried %s and %s. But no rule the mover held had predicted it, so it corroborates no theory: it taught by ruling many out. Popper's credit for a bold prediction goes to a rule that made one and survived.",
				bitsText(st.Bits), n.ruledOut(st)))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Refuted) && !hasMoment(st, WasonMoment) }); i >= 0 {
		st := &n.Steps[i]
		fav := st.Top[0]
		next := "no rule"
		if len(st.Leaders) > 0 {
			next = f.phrase(st.Leaders[0])
		}
		add("the favourite refuted", st.Move.Turn, fmt.Sprintf("At move %d the favourite of %s, %s (%s), was refuted. Was it a mistake to hold it?", st.Move.Turn, n.who(), f.phrase(fav), Pct(fav.Prob)),
			fmt.Sprintf("No: it was the most probable rule given everything seen — simple, and consistent with every answer. Holding the best-supported hypothesis and dropping it when it fails is how science learns: the answer %s, and the new favourite is %s.",
				n.ruledOut(st), next))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Underdetermined) }); i >= 0 {
		st := &n.Steps[i]
		a, b := st.Leaders[0], st.Leaders[1]
		answer := fmt.Sprintf("Not from this hand: %s and %s give the same verdict on every card after every main line the hand could still reach, so %s. The evidence underdetermines the theory: both explain every card equally well. ", f.phrase(a), f.phrase(b), NoCardSentence)
		answer += n.whichIsGods(a, b, f)
		from := fmt.Sprintf("From move %d", st.TieSince)
		if st.TieSince == 0 {
			from = "From the opening"
		}
		add("underdetermination", st.Move.Turn, fmt.Sprintf("%s, %s and %s could not be told apart by any card. Which is God's rule? Could the players have found out?", from, f.phrase(a), f.phrase(b)), answer)
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, ClosedWorld) }); i >= 0 {
		st := &n.Steps[i]
		add("a closed world", st.Move.Turn, fmt.Sprintf("At move %d every rule %s could conceive had been contradicted. What does that tell us?", st.Move.Turn, n.who()),
			fmt.Sprintf("That God's rule was never among its candidates: a scientist can only confirm or refute the hypotheses it can formulate. Here the space held the %s simplest rules of its grammar; God's rule — %s — was not one of them. More evidence cannot help a closed world of hypotheses — a new idea can.",
				count(n.Space.Len()), n.godRule(f)))
	}
	add("the end", len(n.Steps), fmt.Sprintf("At the end of the hand, was %s right? Right on this hand, and right everywhere?", n.who()), n.verdictShort(f))
	return qs
}

// moveNoun names what a move put before God: "the card 5♦", "the
// sequence 5♦ 6♦ 7♦", "“no play”, showing …".
func moveNoun(m *sim.MoveRecord, f textFormat) string {
	switch m.Kind {
	case sim.Sequence:
		return "the sequence " + f.cards(m.Cards)
	case sim.NoPlay:
		return "“no play”, showing " + f.cards(m.Cards)
	}
	return "the card " + f.cards(m.Cards)
}

// heldStands reports whether the mover's rule at st fitted every answer
// before it (a rule already refuted is no rule to ask a class about).
func (n *Narration) heldStands(st *NarratedMove) bool {
	if st.Held == nil {
		return false
	}
	id, ok := n.Space.ByExpr(st.Held.Expr)
	if !ok {
		return true // a rule outside the followed space: not checked
	}
	accepts := func(line []sim.Card, c sim.Card) bool { return n.Space.Accepts(id, line, c) }
	for i := range n.Steps {
		prev := &n.Steps[i]
		if prev.Move.Turn >= st.Move.Turn {
			break
		}
		if expectsYes(accepts, &prev.Move, prev.Line) != (prev.Move.Verdict == sim.Yes) {
			return false
		}
	}
	return true
}

// whichIsGods says which of two rules a hand could not separate is God's,
// and where they part over the whole game.
func (n *Narration) whichIsGods(a, b Ranked, f textFormat) string {
	if n.Truth == nil {
		return ""
	}
	for _, pair := range [][2]Ranked{{a, b}, {b, a}} {
		god, other := pair[0], pair[1]
		if !n.Truth.Class.Has(god.ID) {
			continue
		}
		s := fmt.Sprintf("God's rule is %s.", f.phrase(god))
		if w, err := n.Truth.Witness(other.ID, nil); err == nil && w.Found {
			s += fmt.Sprintf(" Another hand could show it: after the main line %s, %s would %s.", f.cards(w.Line), f.phrase(other), n.witnessVerb(other.ID, &w, f))
		}
		return s
	}
	return fmt.Sprintf("In fact neither is God's rule: %s.", n.godRule(f))
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
		mark := ""
		if n.Truth != nil && n.Truth.Class.Has(r.ID) {
			mark = " — God's rule"
		}
		fits = append(fits, fmt.Sprintf("<li>%s, %s%s</li>", f.rule(r), Pct(r.Prob), mark))
	}
	hint := ""
	if n.Hint != "" {
		hint = fmt.Sprintf(" A hint you may give the class: “%s”.", f.text(n.Hint))
	}
	add("1–2. Which rule could God be using? Write two different rules that fit every card.",
		fmt.Sprintf("God's rule: %s. After move %d, %s still held %s rules possible; the most probable were:<ol>%s</ol>Any rule that accepts every main-line card after the card before it, and refuses every error card after the main-line card above it, is a right answer for the handout.%s",
			n.godRule(f), move, n.who(), count(st.Left), strings.Join(fits, ""), hint))
	test := "its space was empty: it had no rule left to test."
	switch {
	case st.Parting != nil && st.Parting.Never:
		test = fmt.Sprintf("its two leading rules were %s and %s, and %s.", f.phrase(st.Leaders[0]), f.phrase(st.Leaders[1]), NoCardSentence)
	case st.Parting != nil:
		test = lowerFirst(n.separationText(st, f))
	}
	add("3. Which card would you play next to test your rule?",
		fmt.Sprintf("The best test separates the leading rules. After move %d, for %s: %s A card the student's own rule allows tests it positively (it can show the rule too broad), one it forbids negatively (it can show the rule too narrow).", move, n.who(), test))
	var tests [2]int
	for _, s := range n.Steps[:move] {
		switch s.Test {
		case "positive":
			tests[0]++
		case "negative":
			tests[1]++
		}
	}
	add("4–5. Is there a card your two rules judge differently? Would you rather play a card your rule allows, or one it forbids?",
		fmt.Sprintf("If two rules judge every card alike after every line the game can reach, no experiment can tell them apart (underdetermination). Up to move %d the players whose own rule we know made %d positive and %d negative tests. A positive test refused shows a rule too broad; only a negative test accepted can show a rule too narrow. Either can refute; neither, passed, proves.",
			move, tests[0], tests[1]))
	return qs
}

// lowerFirst puts a sentence after a colon: "No card …" → "no card …".
func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
