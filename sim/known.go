package sim

import (
	"slices"
)

// What the referee of a replay knows of hands it cannot see: cards dealt
// and drawn face-down are Unknown until the player shows them ("no play");
// a card is refused when all its copies are accounted for.

// notShown explains why a "no play" does not show p's whole hand: a card p
// is known to hold is missing, or a card is shown that p cannot hold.
func (h *Hand) notShown(p int, shown []Card) error {
	rest := slices.Clone(shown)
	for _, c := range h.hands[p] {
		if c == Unknown {
			continue
		}
		i := slices.Index(rest, c)
		if i < 0 {
			return say("sim.noPlayMissing", h.who(p), c.String())
		}
		rest = slices.Delete(rest, i, i+1)
	}
	return say("sim.noPlayNotHeld", h.who(p), CardsString(rest))
}

// knownCopies counts the copies of c the referee knows of: on the table and
// face up in hands (a replay learns a hand's cards when they are shown).
func (h *Hand) knownCopies(c Card) int {
	n := 0
	count := func(cs []Card) {
		for _, x := range cs {
			if x == c {
				n++
			}
		}
	}
	count(h.main)
	for _, g := range h.errors {
		count(g.Cards)
	}
	for _, hd := range h.hands {
		count(hd)
	}
	return n
}

// faceDownCopies counts the copies of c among the earlier cards of a move
// that check matched to face-down cards: those beyond the known copies in
// the hand.
func (h *Hand) faceDownCopies(c Card, earlier, hand []Card) int {
	moved, held := 0, 0
	for _, x := range earlier {
		if x == c {
			moved++
		}
	}
	for _, x := range hand {
		if x == c {
			held++
		}
	}
	return max(0, moved-held)
}
