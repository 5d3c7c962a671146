package grammar

import "fmt"

// Toward a mark or away from it: "each card closer to seven than the last",
// "never further from the starter than the card before", "head for the
// king". A writer measures both cards' distance from one rank — a number,
// or the starter's — and compares them. Two differences compared are past
// the look-back pool's atoms as they are built (each distance a term of
// 9 bits or more); as one atom it is as short as what it says.

// towardStarter is PToward's K for the starter's rank as the mark (K 1 to
// 13 is that rank).
const towardStarter = 0

var towardProds = map[Prod]Production{
	// Node.K the mark (towardStarter, or a rank), Op how the card's
	// distance from it compares with the last card's (Lt: closer).
	PToward: {Name: "toward", Type: Bool, Words: "the card's distance from a rank (a number, or the starter's) compared with the last card's: \"each card closer to seven than the last\"",
		// Naming the comparison and the mark.
		Bits: func(n *Node) int { return 5 + towardMarkBits(n.K) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			mark := int32(n.K)
			if n.K == towardStarter {
				mark = rankOf(pt, SlotFirst)
			}
			return b(compare(n.Op, arith(Dist, rankOf(pt, SlotCard), mark), arith(Dist, rankOf(pt, SlotPrev), mark)))
		},
		text: func(n *Node, _ []text) text {
			mark := fmt.Sprint(n.K)
			if n.K == towardStarter {
				mark = slotText[SlotFirst] + ".rank"
			}
			return text{fmt.Sprintf("abs(card.rank - %s) %s abs(prev.rank - %s)", mark, cmpText[n.Op], mark), precCmp}
		},
		reads: func(n *Node, r Reads) Reads {
			r = readCardPrev(n, r)
			if n.K == towardStarter {
				r.slot(SlotFirst)
			}
			return r
		}},
}

// towardMarkBits names the mark: the starter's rank in two bits, a rank
// as a number.
func towardMarkBits(k int) int {
	if k == towardStarter {
		return 2
	}
	return ConstBits(k)
}
