package web

import (
	"slices"

	"github.com/eleusis/eleusis/sim"
)

// What a person learns of their own move: God's answer in their own box
// ("your 10♠: no — you draw 2") and, in their hand — sorted again after
// every move — the cards that move brought them, marked as new.

// MyMove is a seat's last judged move, as its own page tells it.
type MyMove struct {
	Turn   int
	Kind   sim.MoveKind
	Cards  []sim.Card
	Yes    bool
	Drawn  int  // penalty cards dealt
	Refund int  // after a right "no play": the new hand's cards
	Latest bool // no one has moved since
}

// apply is the engine's Apply for a judged move; it notes the cards each
// seat got from it (a penalty, a new hand, a falling Prophet's cards).
func (t *table) apply(pm *pendingMove) (*sim.MoveRecord, error) {
	before := make([][]sim.Card, len(t.setup.Seats))
	for i := range before {
		before[i] = slices.Clone(t.hand.HandOf(i))
	}
	rec, err := t.hand.Apply(pm.seat, pm.move, sim.Decisions{ProphetSays: pm.says, Pick: pm.pick})
	if err != nil {
		return rec, err
	}
	if t.fresh == nil {
		t.fresh = make([][]sim.Card, len(t.setup.Seats))
	}
	for i := range before {
		got := gained(before[i], t.hand.HandOf(i))
		if len(got) > 0 || i == pm.seat {
			t.fresh[i] = got // a seat's own move ends the marks of the one before
		}
	}
	return rec, nil
}

// gained is the cards of after that before did not hold (as many copies as
// are new).
func gained(before, after []sim.Card) []sim.Card {
	had := map[sim.Card]int{}
	for _, c := range before {
		had[c]++
	}
	var out []sim.Card
	for _, c := range after {
		if had[c] > 0 {
			had[c]--
			continue
		}
		out = append(out, c)
	}
	return out
}

// newMarks tells which cards of a sorted hand are new.
func newMarks(hand, fresh []sim.Card) []bool {
	left := map[sim.Card]int{}
	for _, c := range fresh {
		left[c]++
	}
	marks := make([]bool, len(hand))
	for i, c := range hand {
		if left[c] > 0 {
			left[c]--
			marks[i] = true
		}
	}
	return marks
}

// myMove is seat's last judged move in the history, or nil.
func myMove(history []sim.MoveRecord, seat int) *MyMove {
	for i := len(history) - 1; i >= 0; i-- {
		r := &history[i]
		if r.Player != seat {
			continue
		}
		return &MyMove{Turn: r.Turn, Kind: r.Kind, Cards: r.Cards, Yes: r.Verdict == sim.Yes, Drawn: r.Drawn, Refund: r.Refund,
			Latest: i == len(history)-1}
	}
	return nil
}
