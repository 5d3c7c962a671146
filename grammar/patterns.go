package grammar

import (
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// The shapes of the last cards: the last two or three each fitting a
// concept in turn ("after two odd black cards"), and a run of ranks the
// card ends ("never three rising in a row").
var patternProds = map[Prod]Production{
	PPattern: {Name: "pattern", Type: Bool, Words: "the last two (or three) cards fit a concept each, in turn: \"after two odd black cards\"",
		Bits: func(n *Node) int {
			b := 2
			for _, t := range patternTables(n) {
				b += ConceptCost(Literals(t))
			}
			return b
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			sc := pt.Scene
			for i, s := range patternSlots(n) {
				if !sc.has(s) || n.K>>(8*i)>>conceptCell(sim.Card(sc.card[s]))&1 == 0 {
					return 0
				}
			}
			return 1
		},
		text: func(n *Node, _ []text) text {
			var parts []string
			for i, s := range patternSlots(n) {
				parts = append(parts, conceptText(patternTables(n)[i], slotText[s]).atLeast(precAnd+1))
			}
			return text{strings.Join(parts, " and "), precAnd}
		},
		reads: func(n *Node, r Reads) Reads {
			for _, s := range patternSlots(n) {
				r.slot(s)
			}
			return r
		}},
	PRun: {Name: "run", Type: Bool, Words: "the card ends (or does not end) a run of three or four cards whose ranks rise, fall or go one way: \"never three rising in a row\"",
		Bits: func(n *Node) int { return runBits(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return b(runHolds(n, pt) == (n.Op == Eq))
		},
		text: func(n *Node, _ []text) text { return runText(n) },
		reads: func(n *Node, r Reads) Reads {
			for _, s := range runSlots(n) {
				r.slot(s)
			}
			return r
		}},
}

// patternSlots are a pattern's cards, oldest first: prev2 and prev, or
// prev3, prev2 and prev (Node.Slot is the oldest).
func patternSlots(n *Node) []Slot {
	if n.Slot == SlotPrev3 {
		return patternOf3[:]
	}
	return patternOf3[1:]
}

var patternOf3 = [3]Slot{SlotPrev3, SlotPrev2, SlotPrev}

// patternTables are a pattern's concepts, oldest first (a byte each of
// Node.K).
func patternTables(n *Node) []int {
	out := make([]int, len(patternSlots(n)))
	for i := range out {
		out[i] = n.K >> (8 * i) & 0xff
	}
	return out
}
