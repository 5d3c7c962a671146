package lessons

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// Sentences that teach: what each bot stands for, the two directions of a
// test (Klayman & Ha), Wason's 2-4-6. Kept together so that each idea is
// worded once, and a translator finds them in one place.

// botHabits says, for each strategy, what it does and which human habit
// it stands for, in one plain sentence.
var botHabits = map[string]string{
	"random":          "plays any card at random: a player who tests no idea at all, the baseline every other player should beat.",
	"positive-tester": "plays a card its most probable rule allows: the everyday habit of testing an idea where one expects to be right (Klayman and Ha's “positive test strategy”).",
	"negative-tester": "plays a card its most probable rule forbids: the habit of trying to prove oneself wrong, Popper's advice taken literally (a negative test).",
	"bayes-greedy":    "plays the card most likely to be accepted: a player after points, who sheds cards and learns only by the way.",
	"bayes-eig":       "plays the card whose answer it expects to teach it most, with a little care for penalties: an ideal experimenter — no person's habit, a yardstick for the others.",
	"bounded-human":   "keeps a few simple ideas that fit the last plays it remembers, plays by one of them and sometimes slips: a person with a short memory and a taste for simple rules.",
	"oracle":          "knows God's rule and plays only cards God accepts: it tests nothing, and shows the best score possible.",
	"exec":            "is an outside program: what it stands for is its author's to say.",
}

// ruledOut says how many rules an answer ruled out: "ruled out 12 of the
// 100 rules still possible". In a hand where God erred the scientist
// allows for mistakes (Eps), and an answer makes rules less probable
// without ruling any out: the sentence says so rather than "0 of".
func (n *Narration) ruledOut(st *NarratedMove) string {
	if n.Eps > 0 {
		return "ruled no rule out for good (in this hand God erred, and the scientist allows for mistakes: an answer only makes the rules it contradicts less probable)"
	}
	return fmt.Sprintf("ruled out %s of the %s rules still possible", count(st.Possible-st.Left), count(st.Possible))
}

// stillFit is ruledOut with the rules left that fit every answer (none
// is said where the scientist allows for God's mistakes).
func (n *Narration) stillFit(st *NarratedMove) string {
	if n.Eps > 0 {
		return n.ruledOut(st)
	}
	return fmt.Sprintf("ruled out %s rules, but %s others still fitted everything seen", count(st.Possible-st.Left), count(st.Left))
}

// botSentence is a seat's strategy explained ("" for a person).
func (n *Narration) botSentence(seat int) string {
	if seat >= len(n.Strategies) || n.Strategies[seat] == "" {
		return ""
	}
	name, _, _ := strings.Cut(n.Strategies[seat], "(")
	if strings.HasPrefix(name, "exec:") {
		name = "exec"
	}
	if name == "falsifier" {
		name = "negative-tester"
	}
	h, ok := botHabits[name]
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s %s", n.seat(seat), h)
}

// testDirection says, in a sentence, what a refutation shows about the
// rule by the kind of test that made it: expected is what the rule
// expected ("yes": the cards played were ones it allows; for a "no play",
// that none shown fits).
func testDirection(m *sim.MoveRecord, expected bool) string {
	if positiveOf(m, expected) {
		return "A positive test (a card it allows, refused): it was too broad here."
	}
	return "A negative test (a card it forbids, accepted): it was too narrow here, which no positive test could have shown."
}

// klaymanHa is the two directions of a test, and what Klayman and Ha
// argued about them.
const klaymanHa = "A positive test — a card your rule allows — can only show that a rule is too broad (it allows a card God refuses). A rule that is too narrow — it forbids cards God accepts, as “numbers going up by two” is too narrow in Wason's 2-4-6 task — passes every positive test: only a negative test, a card it forbids that God accepts, can show it wrong. Klayman and Ha (1987) argued that testing positively is a sensible default, not a bias in itself: when the true rule is rare, a positive test is the one most likely to fail. It misleads when the rule you hold is narrower than the truth."

// wasonTitle names the Wason moment.
const wasonTitle = "A Wason moment (2-4-6)"

// wason246 is Wason's task in two sentences.
const wason246 = "This is Wason's 2-4-6 task (1960): told that 2-4-6 fits a rule, people guess “numbers going up by two” and test it with 8-10-12 and 20-22-24 — all yes — but the rule is “any three increasing numbers”, and only a triple their guess forbids, such as 1-2-3, could have shown them wrong."

// wasonText tells a Wason moment.
func (n *Narration) wasonText(w *Wason, f textFormat) string {
	first, last := n.Steps[w.Tests[0]].Move.Turn, n.Steps[w.Tests[len(w.Tests)-1]].Move.Turn
	var played []string
	for _, i := range w.Tests {
		m := &n.Steps[i].Move
		c := f.cards(m.Cards)
		if m.Kind == sim.Sequence {
			c += " (in a row)"
		}
		played = append(played, c)
	}
	who := "the players"
	if w.Holder >= 0 {
		who = f.text(n.seat(w.Holder))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From move %d to move %d, %s tested %s only with cards it allows — %s — and God said yes every time; belief in it rose from %s to %s. ",
		first, last, who, f.phrase(w.Rule), strings.Join(played, ", "), Pct(w.From), Pct(w.To))
	fmt.Fprintf(&b, "Those answers could not have shown it wrong: on this hand %s is too narrow — every card it allows God allows too, and God allows more — so a card it allows is always accepted. ", f.phrase(w.Rule))
	if w.Refuted >= 0 {
		st := &n.Steps[w.Refuted]
		fmt.Fprintf(&b, "At move %d %s played %s, which %s forbids — a negative test — and God said yes: %s is refuted. ",
			st.Move.Turn, f.text(n.seat(st.Move.Player)), f.cards(st.Move.Cards), f.phrase(w.Rule), f.phrase(w.Rule))
	} else {
		fmt.Fprintf(&b, "The hand ended with %s standing: nobody played a card it forbids, the only kind of card that could have shown it wrong. ", f.phrase(w.Rule))
	}
	b.WriteString(wason246)
	return b.String()
}

// refutedAgain lists the further refuted favourites by move.
func refutedAgain(moves []int) string {
	ms := make([]string, len(moves))
	for i, m := range moves {
		ms[i] = fmt.Sprint(m)
	}
	s := "move " + ms[0]
	if len(ms) > 1 {
		s = "moves " + strings.Join(ms[:len(ms)-1], ", ") + " and " + ms[len(ms)-1]
	}
	return fmt.Sprintf("The favourite of the moment fell again at %s: the appendix tells each.", s)
}
