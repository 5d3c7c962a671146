package sim

import "fmt"

// What a seat may do between moves, for tables where people play: a person
// hears God's verdict first and then decides whether to declare Prophet or to
// state the rule, and a move is checked before others (a Prophet) are asked
// about it. A simulation asks its players inside Apply instead (Decisions.Ask).

// Check reports whether seat p may make move m now (p's turn, the cards in
// p's hand, a legal sequence length, a "no play" showing the whole hand)
// without judging or applying it. Apply makes the same check.
func (h *Hand) Check(p int, m Move) error {
	if h.ended {
		return ErrHandOver
	}
	return h.check(p, m)
}

// CanGuess reports whether seat p may state the rule now with Guess: right
// after their own right move (Express), or after any own move in a
// cooperative hand, and not yet after this move.
func (h *Hand) CanGuess(p int) bool {
	return h.mayGuess(p) && h.history[len(h.history)-1].Guess == ""
}

// CanDeclareAfterMove reports whether seat p may declare Prophet now: right
// after their own move and before the next player's (docs/rules.md, "The
// Prophet"), when CanDeclare allows it.
func (h *Hand) CanDeclareAfterMove(p int) bool {
	return len(h.history) > 0 && h.lastMover == p && !h.history[len(h.history)-1].DeclaredProphet && h.CanDeclare(p)
}

// DeclareProphet makes seat p the Prophet right after their own move, once
// they have heard God's verdict. The hand is then as if the move had been
// applied with Decisions.DeclareProphet (the transcript's "prophet" word).
func (h *Hand) DeclareProphet(p int) error {
	if p < 0 || p >= len(h.hands) {
		return say("sim.noSeat", p+1)
	}
	if h.ended {
		return ErrHandOver
	}
	if len(h.history) == 0 || h.lastMover != p {
		return say("sim.declareAfterOwn", h.who(p))
	}
	if h.history[len(h.history)-1].DeclaredProphet {
		return say("sim.declaredAlready", h.who(p))
	}
	if !h.CanDeclareAfterMove(p) {
		return say("sim.mayNotDeclare", h.who(p), h.whyNotProphet(p))
	}
	h.prophet = p
	h.wasProphet[p] = true
	h.markerMain, h.markerTable, h.markerErrors = len(h.main), h.tableCount, h.errorsPlaced
	h.history[len(h.history)-1].DeclaredProphet = true
	return nil
}

// Withdraw takes seat p out of the hand: its player failed (SeatError), and
// the hand goes on without it, as if it had been eliminated. Its cards stay
// in its hand, it is asked nothing more, a Prophet's standing ends without
// a fall, and it scores the worst its options allow (WorstScore), whatever
// it held; the others' play and scores go on unchanged. When no seat is
// left to move the hand ends (all_eliminated).
func (h *Hand) Withdraw(p int) error {
	switch {
	case p < 0 || p >= len(h.hands):
		return say("sim.noSeat", p+1)
	case h.ended:
		return ErrHandOver
	case h.withdrawn[p]:
		return fmt.Errorf("%s has left the hand already", h.who(p))
	}
	h.withdrawn[p], h.eliminated[p] = true, true
	if p < len(h.players) {
		if ms, ok := h.players[p].(MetaSource); ok {
			ms.TakeMeta() // notes on an answer no move records: dropped
		}
	}
	if h.prophet == p {
		h.prophet = -1
	}
	if h.current == p {
		h.advance()
	}
	return nil
}

// Withdrawn reports whether seat p has left the hand (Withdraw).
func (h *Hand) Withdrawn(p int) bool { return h.withdrawn[p] }
