package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The telling thresholds of a term are the ks for which "t >= k" tells the
// verdicts apart best, the best first, worked out by hand on a few points.
func TestTellingThresholdByHand(t *testing.T) {
	cases := []struct {
		name string
		vals []int32
		yes  []bool
		ks   []int32
	}{
		// 30 splits them whole (gain 1); 29 and 31 leave one point on the
		// wrong side among four (gain 0.46 each, the smaller k first).
		{"refused from 30 on", []int32{5, 12, 29, 30, 31, 44}, []bool{true, true, true, false, false, false}, []int32{30, 29, 31}},
		// By 27 one accepted point of three is left under it (gain 0.42),
		// by 9 one refused point over it among four (0.32).
		{"accepted from 25 on, one value skipped", []int32{3, 9, 40, 25, 27}, []bool{false, false, true, true, true}, []int32{25, 27, 9}},
		{"the verdicts mixed alike on both sides: no gain", []int32{1, 1, 2, 2}, []bool{true, false, true, false}, nil},
		{"one value only", []int32{7, 7, 7}, []bool{true, false, true}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, care := make([]uint64, 1), make([]uint64, 1)
			for i, y := range tc.yes {
				care[0] |= 1 << i
				if y {
					want[0] |= 1 << i
				}
			}
			s := &synth{p: Problem{Want: want, Care: care}}
			if ks := s.tellingThresholds(tc.vals); !slices.Equal(ks, tc.ks) {
				t.Errorf("got %v; want %v", ks, tc.ks)
			}
		})
	}
}

// A rule split by a threshold on a term of the look-back pool — the
// ranks since the last low card, the last king — is found from played
// hands at its length with the look-back pool's conditions to 9 bits and
// the telling thresholds, and nothing as short that behaves as it does
// without them; a rule comparing the face cards with the low cards, with
// the count pairs.
func TestTellingThresholdsFindALookBackCondition(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
		option     string
		on         func(*SynthConfig)
	}{
		{"once the ranks since the last two or lower reach 30, a two or lower, else 3 or higher",
			`sum(map(line[len(line) - (findIndex(reverse(line), .rank <= 2) ?? len(line)):], .rank)) >= 30 ? card.rank <= 2 : card.rank >= 3`, 30,
			"look-back conditions of 9 bits", func(c *SynthConfig) { c.BackCondBits = 9 }},
		{"more face cards than fours or lower on the table: a four or lower",
			`count(line, .face) > count(line, .rank <= 4) ? card.rank <= 4 : true`, 18,
			"count pairs", func(c *SynthConfig) { c.CountPairs = true }},
	}
	fitting := wideTest
	fitting.FitSplits = true
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 67))
			p, j := playedHands(t, rng, tc.rule, 20, 30)
			onlyWithFrom(t, rng, p, j, tc.bits, tc.option, fitting, tc.on)
		})
	}
}
