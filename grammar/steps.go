package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// A step of the line as it came before: "no row may be rung twice" (the
// last card's rank followed by the card's has not been played before),
// "a suit may follow another only once". A writer remembers the pairs of
// neighbours the line has made, and asks whether the last card and the
// card make one of them again. The look-back pool's, a Boolean atom: with
// not, "never twice"; as a condition, "after a step already made".

// stepAttrs are the attributes a step is told by (PAgain's K is the place
// here): the ranks of the two cards, or their suits.
var stepAttrs = [...]int{AttrRank, AttrSuit} // followedOf reads them in this order

// followedOf is, for each of stepAttrs, the values (bit v) that followed
// an earlier card with the last card's value on line: every pair of
// neighbours but the last card and the card judged. Every scene is reset
// with it, the hands' too: one pass, the rank and the suit read directly.
func followedOf(line []sim.Card) (out [len(stepAttrs)]uint16) {
	n := len(line)
	if n < 2 {
		return out
	}
	rank, suit := line[n-1].Rank(), line[n-1].Suit()
	for i := 0; i+1 < n; i++ {
		c, next := line[i], line[i+1]
		if c.Rank() == rank {
			out[0] |= 1 << next.Rank()
		}
		if c.Suit() == suit {
			out[1] |= 1 << next.Suit()
		}
	}
	return out
}

var stepProds = map[Prod]Production{
	// The card after the last one makes a step of the line again (Node.K:
	// the attribute's place in stepAttrs), or (Op Ne) a step not made
	// before: the rule people write is mostly "never again".
	PAgain: {Name: "again", Type: Bool, Words: "the last card and the card make a step the line has made before: the last card's rank followed by the card's (a row rung twice), or its suit by the card's",
		// Naming the attribute among two, and again or never.
		Bits: func(*Node) int { return 7 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			again := pt.Scene.followed[n.K]>>attrs[stepAttrs[n.K]].value(pt.Card)&1 == 1
			return b(again == (n.Op == Eq))
		},
		text: func(n *Node, _ []text) text {
			f := attrs[stepAttrs[n.K]].field
			q := map[Op]string{Eq: "any", Ne: "none"}[n.Op]
			return primary(fmt.Sprintf("%s(0..(n - 2), line[#].%s == prev.%s and line[# + 1].%s == card.%s)", q, f, f, f, f))
		},
		reads: func(_ *Node, r Reads) Reads {
			r.Line, r.N = true, true
			r.slot(SlotCard)
			r.slot(SlotPrev)
			return r
		}},
}
