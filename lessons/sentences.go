package lessons

import (
	"math"
	"strings"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/sim"
)

// Sentences that teach: what each bot stands for, the two directions of a
// test (Klayman & Ha), Wason's 2-4-6. Kept together so that each idea is
// worded once, and a translator finds them in one place.

// botHabit is the catalogue's key for what a strategy does and which
// human habit it stands for, in one plain sentence ("" for none).
func botHabit(name string) string {
	switch name {
	case "random", "positive-tester", "negative-tester", "bayes-greedy", "bayes-eig", "bounded-human", "oracle", "exec":
		return "bot." + name
	}
	return ""
}

// fpct is a probability as a percentage in the format's language.
func fpct(f textFormat, p float64) string { return f.text(handwords.PctIn(f.lang(), p)) }

// fbits is an amount of information in the format's language: "0.53
// bits", "no information (0 bits)".
func fbits(f textFormat, b float64) string {
	switch {
	case b <= 0:
		return f.say("lesson.bits.none")
	case b < 0.01:
		return f.say("lesson.bits.tiny")
	case math.Abs(b-1) < 0.005:
		return f.say("lesson.bits.one")
	}
	return f.say("lesson.bits", f.lang().Decimal(b, 2))
}

// ruledOut says how many rules an answer ruled out: "ruled out 12 of the
// 100 rules still possible". In a hand where God erred the scientist
// allows for mistakes (Eps), and an answer makes rules less probable
// without ruling any out: the sentence says so rather than "0 of".
func (n *Narration) ruledOut(st *NarratedMove, f textFormat) string {
	if n.Eps > 0 {
		return f.say("ruled.eps")
	}
	return f.say("ruled.out", st.Possible-st.Left, st.Possible)
}

// stillFit is ruledOut with the rules left that fit every answer (none
// is said where the scientist allows for God's mistakes).
func (n *Narration) stillFit(st *NarratedMove, f textFormat) string {
	if n.Eps > 0 {
		return n.ruledOut(st, f)
	}
	return f.say("ruled.stillFit", f.say("lesson.nRules", st.Possible-st.Left), f.say("lesson.nOthers", st.Left))
}

// botSentence is a seat's strategy explained ("" for a person).
func (n *Narration) botSentence(seat int, f textFormat) string {
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
	key := botHabit(name)
	if key == "" {
		return ""
	}
	return f.say("bot.sentence", f.text(n.seatRef(seat, f.lang())), f.say(key))
}

// testDirection says, in a sentence, what a refutation shows about the
// rule by the kind of test that made it: expected is what the rule
// expected ("yes": the cards played were ones it allows; for a "no play",
// that none shown fits).
func testDirection(m *sim.MoveRecord, expected bool, f textFormat) string {
	if positiveOf(m, expected) {
		return f.say("test.positive")
	}
	return f.say("test.negative")
}

// wasonText tells a Wason moment.
func (n *Narration) wasonText(w *Wason, f textFormat) string {
	first, last := n.Steps[w.Tests[0]].Move.Turn, n.Steps[w.Tests[len(w.Tests)-1]].Move.Turn
	var played []string
	for _, i := range w.Tests {
		m := &n.Steps[i].Move
		c := f.cards(m.Cards)
		if m.Kind == sim.Sequence {
			c = f.say("wason.inRow", c)
		}
		played = append(played, c)
	}
	rule := f.phrase(w.Rule)
	var parts []string
	if w.Holder >= 0 {
		parts = append(parts, f.say("wason.tested", first, last, f.text(n.seatRef(w.Holder, f.lang())), rule, strings.Join(played, ", "), fpct(f, w.From), fpct(f, w.To)))
	} else {
		parts = append(parts, f.say("wason.tested.table", first, last, rule, strings.Join(played, ", "), fpct(f, w.From), fpct(f, w.To)))
	}
	parts = append(parts, f.say("wason.narrow", rule))
	if w.Refuted >= 0 {
		st := &n.Steps[w.Refuted]
		parts = append(parts, f.say("wason.refuted", st.Move.Turn, f.text(n.seatRef(st.Move.Player, f.lang())), f.cards(st.Move.Cards), rule, rule))
	} else {
		parts = append(parts, f.say("wason.stood", rule))
	}
	parts = append(parts, f.say("lesson.wason246"))
	return strings.Join(parts, " ")
}

// refutedAgain lists the further refuted favourites by move.
func refutedAgain(moves []int, f textFormat) string {
	at := f.say("moment.again.one", moves[0])
	if len(moves) > 1 {
		ms := make([]string, len(moves)-1)
		for i, m := range moves[:len(moves)-1] {
			ms[i] = f.lang().Number(m)
		}
		at = f.say("moment.again.many", f.say("lesson.list2", strings.Join(ms, ", "), f.lang().Number(moves[len(moves)-1])))
	}
	return f.say("moment.again", at)
}
