package grammar

import (
	"fmt"
	"strings"
)

// Where a suit stands among the four by how often each has been played:
// "never the one suit that leads the counts", "play the suit played most",
// "no suit may get ahead of the starter's", "only the rarest suit". A
// writer holds the suits' counts over the line (or its last k cards, the
// card with them or not) against one suit's — the card's, the last card's
// or the starter's — and asks how many suits have at least as many (or
// more). The card's suit strictly leads when only it has at least as many
// (== 1), is among the most played when none has more (== 0), is the
// rarest when all four have at least as many (== 4). An integer term of
// the look-back pool, compared with a number.

// standingSlots are the cards whose suit is stood against the others
// (PStanding's Slot).
var standingSlots = [...]Slot{SlotCard, SlotPrev, SlotFirst}

var standingProds = map[Prod]Production{
	// Node.Win the stretch, Slot the card whose suit is stood against
	// the others, Op Ge (as many or more) or Gt (more), K2 1 with the card
	// counted in.
	PStanding: {Name: "standing", Type: Int, Words: "how many suits have been played at least as often (or more often) as one card's suit, in the line or its last k cards, the card counted in or not: 1 when the card's suit strictly leads the counts, 0 (of those with more) when it is among the most played",
		// Naming the card, the comparison and whether the card is counted.
		Bits: func(n *Node) int { return 6 + winBits[n.Win] + slotBits[n.Slot] + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			counts := t.suit
			if n.K2 == 1 {
				counts[pt.Card.Suit()]++
			}
			own := counts[pt.Scene.slotCard(n.Slot, pt.Card).Suit()]
			var c int32
			for _, k := range counts {
				if k > own || (n.Op == Ge && k == own) {
					c++
				}
			}
			return c
		},
		// The stretch grouped by suit once (a count per suit would loop
		// over the line eight times, past the referee's budget), in
		// parentheses: a let reaches to the end of what holds it.
		text: func(n *Node, _ []text) text {
			w := windowText(n.Win)
			if n.K2 == 1 {
				w = call("concat", w, "[card]").s
			}
			suits := make([]string, 4)
			for s := range suits {
				suits[s] = fmt.Sprintf("%q", suitNames[s])
			}
			return primary(fmt.Sprintf("(let bySuit = %s; %s)", call("groupBy", w, ".suit").s,
				call("count", "["+strings.Join(suits, ", ")+"]",
					fmt.Sprintf("len(bySuit[#] ?? []) %s len(bySuit[%s.suit] ?? [])", cmpText[n.Op], slotText[n.Slot])).s))
		},
		reads: func(n *Node, r Reads) Reads {
			r = readWindowAndCard(n, r)
			r.slot(n.Slot)
			return r
		},
		bounds: func(n *Node, _ [3]span) span {
			if n.Op == Ge {
				return span{1, 4}
			}
			return span{0, 3}
		}},
}
