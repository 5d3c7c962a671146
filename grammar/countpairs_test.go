package grammar

import (
	"math/rand/v2"
	"testing"
)

// Every pair of counts is made within countPairMax: the longest, two
// ranks' counts, is not cut (its bits by hand: the comparison 2, each
// count 2 for the production, 0 for the whole line, 4 for a rank).
func TestCountPairBits(t *testing.T) {
	cases := []struct {
		name string
		a, b countOf
		bits int
	}{
		{"twos against threes", countOf{El: ElRank, K: 2}, countOf{El: ElRank, K: 3}, 2 + 6 + 6},
		{"hearts against spades", countOf{El: ElHearts}, countOf{El: ElSpades}, 2 + 4 + 4},
		{"reds against blacks", countOf{El: ElRed}, countOf{El: ElBlack}, 2 + 3 + 3},
		{"face cards against fives or lower", countOf{El: ElFace}, countOf{El: ElAtMost, K: 5}, 2 + 3 + 7},
	}
	for _, tc := range cases {
		n := &Node{P: PCmp, Op: Gt, Kids: []*Node{tc.a.node(), tc.b.node()}}
		if got := n.Bits(); got != tc.bits || got > countPairMax {
			t.Errorf("%s: %s is %d bits; want %d, at most %d", tc.name, n, got, tc.bits, countPairMax)
		}
	}
	for _, kind := range countKinds {
		for i, a := range kind {
			for _, b := range kind[i+1:] {
				if n := (&Node{P: PCmp, Op: Ge, Kids: []*Node{a.node(), b.node()}}); n.Bits() > countPairMax {
					t.Errorf("%s is %d bits, past countPairMax", n, n.Bits())
				}
			}
		}
	}
}

// A rule whose condition compares two counts of the line is found from
// played hands at its length with the count pairs (and the fit splits), and nothing as short
// that behaves as it does without them.
func TestCountPairsFindTwoCountsCompared(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"more twos than threes: red, else black",
			`count(line, .rank == 2) > count(line, .rank == 3) ? card.color == "red" : card.color == "black"`, 22},
		{"while hearts are fewer than spades a red card, else seven or higher",
			`count(line, .suit == "hearts") < count(line, .suit == "spades") ? card.color == "red" : card.rank >= 7`, 21},
		{"two more face cards than low cards: seven or lower, else seven or higher",
			`count(line, .face) - count(line, .rank <= 3) >= 2 ? card.rank <= 7 : card.rank >= 7`, 32},
	}
	// The condition alone tells the verdicts apart no better than chance:
	// the fit splits find it (the search's splits by information gain
	// would not).
	fitting := wideTest
	fitting.FitSplits = true
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 53))
			p, j := playedHands(t, rng, tc.rule, 20, 30)
			onlyWithFrom(t, rng, p, j, tc.bits, "count pairs", fitting, func(c *SynthConfig) { c.CountPairs = true })
		})
	}
}
