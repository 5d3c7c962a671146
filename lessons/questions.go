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

// discussion is the questions the hand's moments raise, answered.
func (n *Narration) discussion(f textFormat) []packQA {
	var qs []packQA
	add := func(q, a string) { qs = append(qs, packQA{safe(q), safe(a)}) }
	// A test of a rule the mover held with some conviction (a favourite,
	// or a person's chosen idea), if there is one; of any rule otherwise.
	played := func(st *NarratedMove) bool {
		return st.Move.Kind != sim.NoPlay && (math.IsNaN(st.Held.Prob) || st.Held.Prob >= favouriteP)
	}
	if n.stepWhere(func(st *NarratedMove) bool { return st.Test != "" && played(st) }) < 0 {
		played = func(st *NarratedMove) bool { return st.Move.Kind != sim.NoPlay }
	}
	// A positive test: what a "no" proves, and what a "yes" cannot.
	if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "positive" && played(st) && st.Move.Verdict == sim.No }); i >= 0 {
		st := &n.Steps[i]
		add(fmt.Sprintf("At move %d, %s played %s, a card its own best rule, %s, allowed: a positive test. God said no. What did that answer prove? What would a “yes” have proved?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), f.cards(st.Move.Cards), f.phrase(*st.Held)),
			fmt.Sprintf("The “no” refutes %s — and with it every rule that allowed the card: it ruled out %s of the %s rules %s still held possible. A “yes” would have proved nothing for certain: many other rules allow the card too. Agreement with a theory never proves it; one clear disagreement refutes it (Popper's asymmetry).",
				f.phrase(*st.Held), count(st.Possible-st.Left), count(st.Possible), n.who()))
	} else if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "positive" && played(st) }); i >= 0 {
		st := &n.Steps[i]
		add(fmt.Sprintf("At move %d, %s played %s, a card its own best rule, %s, allowed: a positive test. God said yes. Does that prove the rule?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), f.cards(st.Move.Cards), f.phrase(*st.Held)),
			fmt.Sprintf("No. The “yes” ruled out %s rules, but %s others still fitted everything seen: agreement never proves a rule, it only fails to refute it.",
				count(st.Possible-st.Left), count(st.Left)))
	}
	// A negative test: why play a card one expects to be refused?
	if i := n.stepWhere(func(st *NarratedMove) bool { return st.Test == "negative" && played(st) }); i >= 0 {
		st := &n.Steps[i]
		outcome := "God said no, as the rule expected: it survived a test it could have failed."
		if st.Move.Verdict == sim.Yes {
			outcome = "God said yes: the rule was refuted at once."
		}
		add(fmt.Sprintf("At move %d, %s played %s, a card its own best rule, %s, forbade: a negative test. Why would a scientist play a card it expects to be refused?",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), f.cards(st.Move.Cards), f.phrase(*st.Held)),
			fmt.Sprintf("To give the rule a chance to fail where it claims something. %s Klayman and Ha (1987) showed that people prefer positive tests, which can only catch a rule that is too narrow; a negative test catches a rule that is too broad. In Eleusis a refused card also costs cards, which is why players avoid them.", outcome))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Risky) }); i >= 0 {
		st := &n.Steps[i]
		add(fmt.Sprintf("At move %d God said yes to %s, although %s gave that answer only %s. Why does an unlikely answer teach more than an expected one?",
			st.Move.Turn, f.cards(st.Move.Cards), n.who(), pct(st.PYes)),
			fmt.Sprintf("An answer given probability p carries log₂(1/p) bits of information: this one carried %s and ruled out %s of %s rules. A rule that risks a bold prediction and survives has passed a severe test; a safe prediction that comes true tells little (Popper).",
				bitsText(st.Bits), count(st.Possible-st.Left), count(st.Possible)))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Refuted) }); i >= 0 {
		st := &n.Steps[i]
		fav := st.Top[0]
		next := "no rule"
		if len(st.Leaders) > 0 {
			next = f.phrase(st.Leaders[0])
		}
		add(fmt.Sprintf("At move %d the favourite of %s, %s (%s), was refuted. Was it a mistake to hold it?", st.Move.Turn, n.who(), f.phrase(fav), pct(fav.Prob)),
			fmt.Sprintf("No: it was the most probable rule given everything seen — simple, and consistent with every answer. Holding the best-supported hypothesis and dropping it when it fails is how science learns: the answer ruled out %s rules, and the new favourite is %s.",
				count(st.Possible-st.Left), next))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Underdetermined) }); i >= 0 {
		st := &n.Steps[i]
		a, b := st.Leaders[0], st.Leaders[1]
		answer := fmt.Sprintf("Not from this hand: %s and %s give the same verdict on every card after every main line the hand could still reach, so %s. The evidence underdetermines the theory: both explain every card equally well. ", f.phrase(a), f.phrase(b), NoCardSentence)
		answer += n.whichIsGods(a, b, f)
		add(fmt.Sprintf("From move %d, %s and %s could not be told apart by any card. Which is God's rule? Could the players have found out?", st.Move.Turn, f.phrase(a), f.phrase(b)), answer)
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, ClosedWorld) }); i >= 0 {
		st := &n.Steps[i]
		add(fmt.Sprintf("At move %d every rule %s could conceive had been contradicted. What does that tell us?", st.Move.Turn, n.who()),
			fmt.Sprintf("That God's rule was never among its candidates: a scientist can only confirm or refute the hypotheses it can formulate. Here the space held the %s simplest rules of its grammar; God's rule — %s — was not one of them. More evidence cannot help a closed world of hypotheses — a new idea can.",
				count(n.Space.Len()), n.godRule(f)))
	}
	add(fmt.Sprintf("At the end of the hand, was %s right? Right on this hand, and right everywhere?", n.who()), n.verdictText(f))
	return qs
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
	add := func(q, a string) { qs = append(qs, packQA{safe(q), safe(a)}) }
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
		fits = append(fits, fmt.Sprintf("<li>%s, %s%s</li>", f.rule(r), pct(r.Prob), mark))
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
		fmt.Sprintf("The best test separates the leading rules. After move %d, for %s: %s A card that the student's own rule allows tests it positively, one it forbids negatively; either can refute it.", move, n.who(), test))
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
		fmt.Sprintf("If two rules judge every card alike after every line the game can reach, no experiment can tell them apart (underdetermination). Up to move %d the bots with a rule of their own made %d positive and %d negative tests. A positive test can be refused (refuting the rule) or accepted (which proves nothing); a negative test accepted refutes the rule too. What happened next: %s",
			move, tests[0], tests[1], n.verdictText(f)))
	return qs
}

// lowerFirst puts a sentence after a colon: "No card …" → "no card …".
func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
