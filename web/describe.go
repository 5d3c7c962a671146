package web

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// Moves and verdicts in words, for the table's log.

// pretty writes cards with their suit symbols: "8♥ 9♠".
func pretty(cs []sim.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Pretty()
	}
	return strings.Join(out, " ")
}

// describeMove is a move before God's answer: "Ana plays 8♥".
func describeMove(who string, m sim.Move) string {
	switch m.Kind {
	case sim.Sequence:
		return fmt.Sprintf("%s plays the sequence %s", who, pretty(m.Cards))
	case sim.NoPlay:
		return fmt.Sprintf("%s says \"no play\", showing %s", who, pretty(m.Cards))
	}
	return fmt.Sprintf("%s plays %s", who, pretty(m.Cards))
}

// LogLine is one move in the table's log.
type LogLine struct {
	Turn    int
	Seat    int
	Move    string // what was played
	Verdict string // "yes" or "no"
	Then    string // what followed: penalty, Prophet, guess, …
	Cards   []sim.Card
}

// describeRecord tells a judged move.
func describeRecord(names []string, r *sim.MoveRecord) LogLine {
	l := LogLine{Turn: r.Turn, Seat: r.Player, Move: describeMove(names[r.Player], sim.Move{Kind: r.Kind, Cards: r.Cards}),
		Verdict: string(r.Verdict), Cards: r.Cards}
	var then []string
	if r.ProphetSaid != nil {
		then = append(then, fmt.Sprintf("the Prophet %s had said %s", names[r.Prophet], *r.ProphetSaid))
	}
	if r.ProphetFell {
		s := "the Prophet falls"
		if r.ProphetPenalty > 0 {
			s += fmt.Sprintf(" and draws %d", r.ProphetPenalty)
		}
		then = append(then, s)
	}
	switch {
	case r.Kind == sim.NoPlay && r.Verdict == sim.Yes && r.WentOut:
		then = append(then, "right: no card fits, and the hand was small enough to go out")
	case r.Kind == sim.NoPlay && r.Verdict == sim.Yes:
		then = append(then, fmt.Sprintf("right: no card fits; the cards go back and a new hand of %d is dealt", r.Refund))
	case r.Picked != nil:
		then = append(then, fmt.Sprintf("%s fits and goes on the main line", r.Picked.Pretty()))
	case r.Kind == sim.Sequence && r.Verdict == sim.No && len(r.Accepted) > 0:
		then = append(then, fmt.Sprintf("%s stay on the main line, the rest goes to the error column", pretty(r.Accepted)))
	}
	if r.Spared {
		then = append(then, "not punished (the Prophet erred)")
	}
	if r.Penalty > 0 {
		s := fmt.Sprintf("draws %d", r.Penalty)
		if r.Drawn != r.Penalty {
			s = fmt.Sprintf("should draw %d, the deck gives %d", r.Penalty, r.Drawn)
		}
		then = append(then, s)
	}
	if r.Eliminated {
		then = append(then, "sudden death: eliminated")
	}
	if r.WentOut && r.Kind != sim.NoPlay {
		then = append(then, "went out!")
	}
	if r.DeclaredProphet {
		then = append(then, names[r.Player]+" declares Prophet")
	}
	if r.Reshuffled {
		then = append(then, "the error columns are shuffled into a new deck")
	}
	if r.Guess != "" {
		switch {
		case r.GuessRight:
			then = append(then, fmt.Sprintf("states the rule %q: God says it is the rule!", r.Guess))
		case r.GuessError != "":
			then = append(then, fmt.Sprintf("states %q, which is not a rule: %s", r.Guess, r.GuessError))
		default:
			then = append(then, fmt.Sprintf("states the rule %q: God says it is not the rule", r.Guess))
		}
	}
	l.Then = strings.Join(then, "; ")
	return l
}

// endWords tells why a hand ended.
func endWords(e sim.EndReason, names []string, res *sim.Result) string {
	who := func(pred func(sim.PlayerResult) bool) string {
		for _, p := range res.Players {
			if pred(p) {
				return names[p.Seat]
			}
		}
		return "someone"
	}
	switch e {
	case sim.WentOut:
		return who(func(p sim.PlayerResult) bool { return p.WentOut }) + " went out"
	case sim.Guessed:
		return who(func(p sim.PlayerResult) bool { return p.Guessed }) + " found the rule"
	case sim.AllEliminated:
		return "every scientist was eliminated"
	case sim.DeckEmpty:
		return "the deck ran out"
	case sim.MaxTurns:
		return "the move limit was reached"
	}
	return "the teacher stopped the hand"
}
