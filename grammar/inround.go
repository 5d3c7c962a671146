package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// The cards of the round so far: "no rank twice in the same over of six",
// "no suit twice in a round of four", "at most two red cards in each
// round of five". A writer cuts the line into rounds of k cards — from the
// starter, or from the first card played after it, as cricket's overs and
// a trick's cards are counted — and looks at the cards of the card's own
// round played before it, not at the last k. A count over them, of a kind
// or held against the card, is an integer term of the look-back pool,
// compared with a number (none: == 0).

// inRoundElems are the tests the round's cards are counted by.
var inRoundElems = [...]Elem{ElRed, ElBlack, ElFace, ElSameSuit, ElSameColour, ElSameRank, ElHigher, ElLower}

// minInRound, maxInRound bound the rounds' lengths (PInRound's K): a round
// of k reads at most k − 1 cards back, within the Scene's back.
const minInRound, maxInRound = 2, 13

var inRoundProds = map[Prod]Production{
	// Node.K the round's length, K2 0 when the starter opens the first
	// round and 1 when the rounds start after it, El the test.
	PInRound: {Name: "in-round", Type: Int, Words: "how many cards of the card's round of k so far (rounds from the starter, or from the card after it) pass a test: count(line[n - (n - 1) % 6:], .rank == card.rank) == 0 for no rank twice in an over of six",
		// Naming k, where the rounds start and the test.
		Bits: func(n *Node) int { return 4 + ConstBits(n.K) + elemBits[n.El] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			var c int32
			for d := 1; d <= inRoundSoFar(n, pt.Scene.N); d++ {
				if x, ok := pt.Scene.backCard(d); ok && inRoundHolds(n.El, x, pt.Card) {
					c++
				}
			}
			return c
		},
		text: func(n *Node, _ []text) text {
			start := fmt.Sprintf("n - n %% %d", n.K)
			if n.K2 == 1 {
				start = fmt.Sprintf("n - (n - 1) %% %d", n.K)
			}
			return call("count", "line["+start+":]", elemText[n.El])
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line, r.N = true, true
			if n.El.readsCard() {
				r.Card = true
			}
			return r
		},
		bounds: func(n *Node, _ [3]span) span { return span{0, int32(n.K - 1)} }},
}

// inRoundSoFar is how many cards of the card's round are on the line: the
// places from the round's first to the last card (n − 1).
func inRoundSoFar(n *Node, lineLen int) int {
	if n.K2 == 1 {
		return (lineLen - 1) % n.K
	}
	return lineLen % n.K
}

// inRoundHolds reports whether an earlier card x passes test e, against the
// card c where the test reads it.
func inRoundHolds(e Elem, x, c sim.Card) bool {
	switch e {
	case ElRed, ElBlack, ElFace:
		return kindOf(e, x)
	case ElSameSuit:
		return x.Suit() == c.Suit()
	case ElSameColour:
		return x.Red() == c.Red()
	case ElSameRank:
		return x.Rank() == c.Rank()
	case ElHigher:
		return x.Rank() > c.Rank()
	case ElLower:
		return x.Rank() < c.Rank()
	}
	panic("grammar: a round's cards counted by an unknown test")
}
