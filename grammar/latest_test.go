package grammar

import (
	"testing"
)

// modeKind finds a kind of PLatest by its test.
func modeKindOf(t *testing.T, test string) int {
	for k, m := range modeKinds {
		if m.test == test {
			return k
		}
	}
	t.Fatalf("no kind %q", test)
	return -1
}

// Which of two kinds came last, and the card some places back, worked out
// by hand on a few lines: the mode a two starts and an ace ends, the card
// four back and whether it is a face card.
func TestModesAndCardsBackByHand(t *testing.T) {
	two, ace := modeKindOf(t, ".rank == 2"), modeKindOf(t, ".rank == 1")
	face, low := modeKindOf(t, ".face"), modeKindOf(t, ".rank <= 2")
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       int32
	}{
		{"a two, then no ace: the mode is on", Node{P: PLatest, K: two, K2: ace}, "5S 2H 9C", "3S", 1},
		{"a two, then an ace: off", Node{P: PLatest, K: two, K2: ace}, "5S 2H 9C AD 4C", "3S", 0},
		{"an ace, then a two: on again", Node{P: PLatest, K: two, K2: ace}, "AS 2H", "3S", 1},
		{"neither yet: off", Node{P: PLatest, K: two, K2: ace}, "5S 9C", "3S", 0},
		{"an ace alone: off", Node{P: PLatest, K: two, K2: ace}, "5S AC", "3S", 0},
		{"a face card after the last low card: going down", Node{P: PLatest, K: face, K2: low}, "2S 5H QD 9C", "3S", 1},
		{"a low card after the face card: going up", Node{P: PLatest, K: face, K2: low}, "2S 5H QD AC", "3S", 0},
		{"the card four back (5H) is no face card", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD 9C 3D", "3S", 0},
		{"the card four back (QD) is a face card", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD 9C 3D 4S", "3S", 1},
		{"a line of three: no card four back, false", Node{P: PBackIs, K: PropFace, K2: 4}, "KS 5H QD", "3S", 0},
		{"a line of three: no card four back, free", Node{P: PBackIs, K: PropFace, K2: 4 | backFree}, "KS 5H QD", "3S", 1},
		{"the card (3S) and the last two (9C 3D) span 6", Node{P: PExtreme, Win: 2, K: 2, K2: 1}, "KS 5H QD 9C 3D", "3S", 6},
		{"a king and the last two (9C 3D) span 10", Node{P: PExtreme, Win: 2, K: 2, K2: 1}, "KS 5H QD 9C 3D", "KS", 10},
		{"the last two alone span 6", Node{P: PExtreme, Win: 2, K: 2}, "KS 5H QD 9C 3D", "KS", 6},
		{"as many back as the last card's rank (3): QD, red", Node{P: PBackIs, K: PropRed, K2: backByRank}, "KS 5H QD 9C 3D", "3S", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { byHand(t, tc.node, tc.line, tc.card, tc.want) })
	}
}

// The pairs of kinds a mode is enumerated for leave out the pairs whose
// question is empty or is the last card's: one kind within the other, or
// the two values of one attribute.
func TestModePairsLeaveOutEmptyQuestions(t *testing.T) {
	pairs := map[[2]int]bool{}
	for _, p := range modePairs() {
		pairs[p] = true
	}
	k := func(s string) int { return modeKindOf(t, s) }
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{".rank == 2", ".rank == 1", true},
		{".face", ".rank <= 2", true},
		{`.suit == "spades"`, `.suit == "hearts"`, true},
		{".rank == 2", ".rank <= 2", false}, // a two is a card of two or lower
		{".rank <= 2", ".rank == 2", false},
		{".rank == 12", ".face", false},
		{`.color == "red"`, `.color == "black"`, false}, // the last card's colour
		{".even", ".odd", false},
	} {
		if got := pairs[[2]int{k(tc.a), k(tc.b)}]; got != tc.want {
			t.Errorf("pair %s, %s enumerated: %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if n := len(pairs); n < 500 || n > 800 {
		t.Errorf("%d pairs of kinds", n)
	}
}
