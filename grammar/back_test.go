package grammar

import "testing"

// The card some places back and the spread of the last cards with the card,
// worked out by hand on a few lines.
func TestCardsBackAndSpreadsByHand(t *testing.T) {
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       int32
	}{
		{"the card four back (5H) is no face card", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD 9C 3D", "3S", 0},
		{"the card four back (QD) is a face card", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD 9C 3D 4S", "3S", 1},
		{"a line of three: no card four back, false", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD", "3S", 0},
		{"the card (3S) and the last two (9C 3D) span 6", Node{P: PExtreme, Win: 2, K: 2, K2: 1}, "KS 5H QD 9C 3D", "3S", 6},
		{"a king and the last two (9C 3D) span 10", Node{P: PExtreme, Win: 2, K: 2, K2: 1}, "KS 5H QD 9C 3D", "KS", 10},
		{"the last two alone span 6", Node{P: PExtreme, Win: 2, K: 2}, "KS 5H QD 9C 3D", "KS", 6},
		{"as many back as the last card's rank (3): QD, red", Node{P: PBackIs, K: PropRed, K2: backByRank}, "KS 5H QD 9C 3D", "3S", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { byHand(t, tc.node, tc.line, tc.card, tc.want) })
	}
}
