package grammar

import (
	"fmt"
	"strings"
)

// A run is three or four cards in a row with ranks that keep going one
// way: "never three rising in a row", "no three steps the same way", "after
// three falling cards, go up". Node.Slot is the run's oldest card and
// Node.Slot2 its newest: the card (prev2 to the card, three cards; prev3 to
// the card, four) or, as a condition, the last card (prev3 to prev). Node.K
// is its direction and Node.Op whether the cards make one (Eq) or not (Ne).
const (
	RunUp   = 1 // each rank above the one before
	RunDown = 2 // each rank below the one before
	RunOne  = 3 // either: every step up, or every step down
)

// runSlots are a run's cards, oldest first.
func runSlots(n *Node) []Slot {
	all := []Slot{SlotPrev3, SlotPrev2, SlotPrev, SlotCard}
	from, to := 3-slotDepth[n.Slot], 3-slotDepth[n.Slot2]
	return all[from : to+1]
}

// runBits: naming a run of three that ends at the card; a run of four, a
// run that ends at the last card, "either way" and "must not" cost a bit
// each.
func runBits(n *Node) int {
	bits := 4
	if n.Slot == SlotPrev3 {
		bits++
	}
	if n.K == RunOne {
		bits++
	}
	if n.Op == Ne {
		bits++
	}
	return bits
}

// runHolds reports whether the card ends the run (false while the line is
// too short to hold it: a nil guard above decides those points).
func runHolds(n *Node, pt *Point) bool {
	slots := runSlots(n)
	up, down := true, true
	for i := 1; i < len(slots); i++ {
		if !pt.Scene.has(slots[i-1]) {
			return false
		}
		a, c := rankOf(pt, slots[i-1]), rankOf(pt, slots[i])
		up = up && c > a
		down = down && c < a
	}
	switch n.K {
	case RunUp:
		return up
	case RunDown:
		return down
	}
	return up || down
}

// runText writes a run as comparisons of neighbours: "prev2.rank <
// prev.rank and prev.rank < card.rank".
func runText(n *Node) text {
	slots := runSlots(n)
	way := func(op string) string {
		var parts []string
		for i := 1; i < len(slots); i++ {
			parts = append(parts, fmt.Sprintf("%s.rank %s %s.rank", slotText[slots[i-1]], op, slotText[slots[i]]))
		}
		return strings.Join(parts, " and ")
	}
	t := text{way("<"), precAnd}
	switch n.K {
	case RunDown:
		t = text{way(">"), precAnd}
	case RunOne:
		t = text{"(" + way("<") + ") or (" + way(">") + ")", precOr}
	}
	if n.Op == Ne {
		return text{"not " + t.atLeast(precPrimary), precUnary}
	}
	return t
}
