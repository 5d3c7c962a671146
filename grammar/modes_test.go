package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A mode's length is its own bits and its two kinds' names, worked out by
// hand, and its text is the rule language's: the later of the two kinds'
// last places.
func TestModesLengthsAndText(t *testing.T) {
	twoOrLower := slices.Index(modeKinds, modeKind{countOf: countOf{El: ElAtMost, K: 2}})
	for _, c := range []struct {
		name string
		node Node
		bits int
	}{
		{"a 7 on, an ace off: 6 + 4 + 4", Node{P: PMode, K: modeKindOf(ElRank, 7), K2: modeKindOf(ElRank, 1)}, 14},
		{"a face card on, two or lower off: 6 + 1 + 5", Node{P: PMode, K: modeKindOf(ElFace, 0), K2: twoOrLower}, 12},
		{"a heart on, a club off: 6 + 2 + 2", Node{P: PMode, K: modeKindOf(ElHearts, 0), K2: modeKindOf(ElClubs, 0)}, 10},
	} {
		if got := c.node.Bits(); got != c.bits {
			t.Errorf("%s: %d bits, want %d", c.name, got, c.bits)
		}
	}
	n := &Node{P: PMode, K: modeKindOf(ElRank, 7), K2: modeKindOf(ElRank, 1)}
	want := "(findIndex(reverse(line), .rank == 7) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n)"
	if got := n.String(); got != want {
		t.Errorf("a 7 switches on, an ace off: %s; want %s", got, want)
	}
}

// Modes worked out by hand on a few lines: on from the last card of one kind
// until a card of the other.
func TestModesByHand(t *testing.T) {
	seven, ace, face := modeKindOf(ElRank, 7), modeKindOf(ElRank, 1), modeKindOf(ElFace, 0)
	twoOrLower := slices.Index(modeKinds, modeKind{countOf: countOf{El: ElAtMost, K: 2}})
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       int32
	}{
		{"a 7 and no ace since: on", Node{P: PMode, K: seven, K2: ace}, "KS 7H 5D 9C", "3S", 1},
		{"an ace after the 7: off", Node{P: PMode, K: seven, K2: ace}, "KS 7H AD 9C", "3S", 0},
		{"a 7 after the ace: on again", Node{P: PMode, K: seven, K2: ace}, "7S AH 9D 7C 2D", "3S", 1},
		{"neither yet: off", Node{P: PMode, K: seven, K2: ace}, "KS 5H 9C", "3S", 0},
		{"the card itself switches nothing", Node{P: PMode, K: seven, K2: ace}, "KS 5H 9C", "7S", 0},
		{"a face card, then a 2: off", Node{P: PMode, K: face, K2: twoOrLower}, "5S QH 9D 2C", "3S", 0},
		{"a face card, then an ace (two or lower): off", Node{P: PMode, K: face, K2: twoOrLower}, "5S QH 9D AC", "3S", 0},
		{"a 2, then a face card: on", Node{P: PMode, K: face, K2: twoOrLower}, "2S 9D JC 4H", "3S", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { byHand(t, tc.node, tc.line, tc.card, tc.want) })
	}
}

// A rule in a mode a kind of card switches on and another off is found
// from played hands at its length with the modes, and nothing as short that
// behaves as it does without them.
func TestModesFindARuleSwitchedOnAndOff(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	const corked = `(findIndex(reverse(line), .rank == 7) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n)`
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"a 7 corks the bottle until an ace: only odd cards while corked",
			corked + ` ? card.rank % 2 == 1 : true`, 17},
		{"from a face card on, down until a two",
			`(findIndex(reverse(line), .face) ?? n) < (findIndex(reverse(line), .rank == 2) ?? n) ? card.rank < prev.rank : true`, 15},
		{"after a queen, odd cards until a 3; else even cards",
			`(findIndex(reverse(line), .rank == 12) ?? n) < (findIndex(reverse(line), .rank == 3) ?? n) ? card.rank % 2 == 1 : card.rank % 2 == 0`, 22},
		{"from a heart on, higher until a club",
			`(findIndex(reverse(line), .suit == "hearts") ?? n) < (findIndex(reverse(line), .suit == "clubs") ?? n) ? card.rank > prev.rank : true`, 14},
	}
	// A condition that alone tells the verdicts apart no better than
	// chance ("odd cards while on, even while off") is a fit split's.
	fitting := wideTest
	fitting.FitSplits = true
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 67))
			p, j := playedHands(t, rng, tc.rule, 20, 30)
			onlyWithFrom(t, rng, p, j, tc.bits, "modes", fitting, func(c *SynthConfig) { c.Modes = true })
		})
	}
}

// modeKindOf is the index of a kind in modeKinds.
func modeKindOf(e Elem, k int) int {
	return slices.Index(modeKinds, modeKind{countOf: countOf{El: e, K: k}})
}
