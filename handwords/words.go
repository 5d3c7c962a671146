package handwords

import (
	"fmt"
	"math"
	"strings"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// Cards writes cards with their suit symbols: "8♥ 9♠".
func Cards(cs []sim.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Pretty()
	}
	return strings.Join(out, " ")
}

// Move is a move before God's answer: "Ana plays 8♥", "Ana plays the
// sequence 8♥ 9♠", "Ana says "no play", showing …".
func Move(who string, m sim.Move) i18n.Msg {
	switch m.Kind {
	case sim.Sequence:
		return i18n.M("move.sequence", who, Cards(m.Cards))
	case sim.NoPlay:
		return i18n.M("move.noPlay", who, Cards(m.Cards))
	}
	return i18n.M("move.plays", who, Cards(m.Cards))
}

// End says why a hand ended, naming who went out or found the rule
// (names by seat).
func End(e sim.EndReason, names []string, res *sim.Result) i18n.Msg {
	who := func(pred func(sim.PlayerResult) bool) any {
		for _, p := range res.Players {
			if pred(p) && p.Seat < len(names) {
				return names[p.Seat]
			}
		}
		return i18n.M("end.someone")
	}
	switch e {
	case sim.WentOut:
		return i18n.M("end.wentOut", who(func(p sim.PlayerResult) bool { return p.WentOut }))
	case sim.Guessed:
		return i18n.M("end.guessed", who(func(p sim.PlayerResult) bool { return p.Guessed }))
	case sim.AllEliminated:
		return i18n.M("end.allEliminated")
	case sim.DeckEmpty:
		return i18n.M("end.deckEmpty")
	case sim.MaxTurns:
		return i18n.M("end.maxTurns")
	case sim.Unfinished:
		return i18n.M("end.unfinished")
	}
	return i18n.M("end.stopped")
}

// Pct writes a probability as a whole percentage; one that would round to
// 0% or 100% without being either is "<1%" or ">99%".
func Pct(p float64) string {
	switch {
	case p > 0 && p < 0.005:
		return "<1%"
	case p < 1 && p > 0.995:
		return ">99%"
	}
	return fmt.Sprintf("%.0f%%", 100*p)
}

// PctIn is a probability as a percentage in a language: "27%", "27 %"
// in Spanish and Valencian. One that would round to 0% or 100% without
// being either is written to its first significant digit ("0.3%",
// "99.96%"), and past four decimals as "<0.01%" or ">99.99%": a number,
// where the sentence around it has an article ("un 0,3 %", "del 0,3 %").
func PctIn(l *i18n.Printer, p float64) string {
	pct := 100 * p
	switch {
	case p > 0 && pct < 0.01:
		return l.T("lesson.below1")
	case p < 1 && pct > 99.99:
		return l.T("lesson.above99")
	case p > 0 && pct < 0.5:
		return l.T("lesson.percentDec", l.Decimal(pct, significant(pct)))
	case p < 1 && pct >= 99.5:
		return l.T("lesson.percentDec", l.Decimal(pct, significant(100-pct)))
	}
	return l.T("lesson.percent", int(math.RoundToEven(pct)))
}

// significant is how many decimals show x's first significant digit
// (0 < x < 1): 1 for 0.3, 2 for 0.04.
func significant(x float64) int {
	return max(1, int(math.Ceil(-math.Log10(x)-1e-9)))
}
