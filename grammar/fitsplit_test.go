package grammar

import (
	"math/rand/v2"
	"testing"
)

// Rules split on a condition that tells the verdicts apart no better than
// chance, each side a compound of its own: split on the card ("a card of
// the last card's colour goes lower; one of the other colour higher,
// unless it is a face card") and on the line with a dead zone ("after a
// low card go up, after a high one go down, after a middling one anything
// goes"). With FitSplits the synthesizer finds each at its length;
// without, nothing as short behaves as it does.
func TestFitSplitsFindRulesSplitOnAnUninformativeCondition(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"split on the card", `card.color == prev.color ? card.rank < prev.rank : (card.face or card.rank > prev.rank)`, 16},
		{"split on the line, with a dead zone", `prev.rank <= 5 ? card.rank > prev.rank : (prev.rank >= 9 ? card.rank < prev.rank : true)`, 21},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+3, 17))
			p, j := playedHand(t, rng, tc.rule, 240)
			onlyWith(t, rng, p, j, tc.bits, "fit splits", func(c *SynthConfig) { c.FitSplits = true })
		})
	}
}

// A rule split on a condition of six bits, among hundreds as long ("a card
// of the starter's suit goes below it, any other above"): the conditions
// past the shortest are scored first against the shortest atoms, so that
// the one whose sides are each an atom is tried first, before the budget
// of solves is spent on the short conditions.
func TestFitSplitsReachALongerConditionFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 5))
	p, j := playedHands(t, rng, `card.suit == line[0].suit ? card.rank < line[0].rank : card.rank > line[0].rank`, 12, 20)
	cfg := wideTest
	cfg.Guarded, cfg.FitSplits = false, true
	found, st := Synthesize(p, cfg)
	shortestAgrees(t, rng, found, st, j, 22)
}
