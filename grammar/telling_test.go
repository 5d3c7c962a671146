package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The telling thresholds of a term are the ks for which "t >= k" tells
// apart best the verdicts, or where an atom of the card gives them and
// where its opposite does, worked out by hand on a few points.
func TestTellingThresholdsByHand(t *testing.T) {
	bitsOf := func(bs ...bool) []uint64 {
		w := make([]uint64, 1)
		for i, b := range bs {
			if b {
				w[0] |= 1 << i
			}
		}
		return w
	}
	const T, F = true, false
	vals := []int32{5, 12, 29, 30, 31, 44}
	cases := []struct {
		name string
		vals []int32
		want []uint64
		atom []uint64 // an atom of the card (nil: the verdicts alone)
		ks   []int32
	}{
		{"refused from 30 on", vals, bitsOf(T, T, T, F, F, F), nil, []int32{30}},
		{"accepted from 25 on, one value skipped", []int32{3, 9, 40, 25, 27}, bitsOf(F, F, T, T, T), nil, []int32{25}},
		{"the verdicts mixed alike on both sides: no gain", []int32{1, 1, 2, 2}, bitsOf(T, F, T, F), nil, nil},
		{"one value only", []int32{7, 7, 7}, bitsOf(T, F, T), nil, nil},
		// As many accepted as refused on each side: the verdicts alone
		// split best at 12 (gain 0.19), and the atom is right under 30 and
		// wrong from 30 on (gain 1), first.
		{"an atom right under 30, wrong from 30 on", vals, bitsOf(T, F, T, F, T, F), bitsOf(T, F, T, T, F, T), []int32{30, 12}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			care := bitsOf(T, T, T, T, T, T)
			s := &synth{p: Problem{Want: tc.want, Care: care}, words: 1}
			labels := [][]uint64{tc.want}
			if tc.atom != nil {
				labels = append(labels, []uint64{tc.want[0] ^ tc.atom[0]})
			}
			if ks := s.tellingThresholds(tc.vals, labels); !slices.Equal(ks, tc.ks) {
				t.Errorf("got %v; want %v", ks, tc.ks)
			}
		})
	}
}

// A rule split by a threshold on a term of the look-back pool is found
// from played hands at its length with an option, and nothing as short
// that behaves as it does without it: the ranks since the last low card
// (a term of 9 bits) with the look-back conditions to 9 bits, the ranks
// since the last ace reaching 25 (a constant past 15) with the telling
// thresholds; and a rule comparing the face cards with the low cards,
// with the count pairs.
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
		{"once the ranks since the last ace reach 25, an ace or a face card, else no face card",
			`sum(map(line[len(line) - (findIndex(reverse(line), .rank == 1) ?? len(line)):], .rank)) >= 25 ? card.rank == 1 or card.face : not card.face`, 37,
			"the telling thresholds", func(c *SynthConfig) { c.Telling = true }},
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
			base := fitting
			base.Telling = tc.option != "the telling thresholds"
			onlyWithFrom(t, rng, p, j, tc.bits, tc.option, base, tc.on)
		})
	}
}
