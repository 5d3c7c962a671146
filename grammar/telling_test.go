package grammar

import (
	"math/rand/v2"
	"slices"
	"strings"
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

// The telling sets of a term are the sets of its values where a label
// holds, or where it does not, when no value is on both sides, worked out
// by hand.
func TestTellingSetsByHand(t *testing.T) {
	set := func(vs ...int) int {
		s := 0
		for _, v := range vs {
			s |= 1 << v
		}
		return s
	}
	cases := []struct {
		name  string
		vals  []int32
		label uint64 // the points (bits) where the label holds
		sets  []int
	}{
		{"beats 0, 3, 6 against 1, 2, 4", []int32{0, 1, 3, 2, 6, 4, 3}, 0b1010101, []int{set(0, 3, 6), set(1, 2, 4)}},
		{"a value on both sides: none", []int32{0, 1, 3, 3}, 0b0101, nil},
		{"a run on one side: only the other", []int32{2, 3, 4, 9, 11}, 0b00111, []int{set(9, 11)}},
		{"one value on a side: none there", []int32{5, 1, 7}, 0b001, []int{set(1, 7)}},
		{"a value past 62: none", []int32{1, 70, 3, 5}, 0b0101, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			care := []uint64{1<<len(tc.vals) - 1}
			s := &synth{p: Problem{Want: []uint64{tc.label}, Care: care}, words: 1}
			if got := s.tellingSets(tc.vals, [][]uint64{{tc.label}}); !slices.Equal(got, tc.sets) {
				t.Errorf("got %v; want %v", got, tc.sets)
			}
		})
	}
}

// A rule split by a threshold on a term of the look-back pool is found
// from played hands at its length with an option, and nothing as short
// that behaves as it does without it: the ranks since the last low card
// (a term of 9 bits) with the look-back conditions to 9 bits, the ranks
// since the last ace reaching 25 (a constant past 15) with the telling
// thresholds; a rule comparing the face cards with the low cards, with
// the count pairs; and the son clave's beats (n % 16 in a set, the
// verdicts xor "red"), with the telling sets.
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
		{"red on the son clave's beats (0, 3, 6, 10 and 12 of sixteen), black elsewhere",
			`n % 16 in [0, 3, 6, 10, 12] ? card.color == "red" : card.color == "black"`, 35,
			"the telling sets (and look-back conditions of 9 bits)", func(c *SynthConfig) { c.Telling, c.BackCondBits = true, 9 }},
	}
	fitting := wideTest
	fitting.FitSplits = true
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 67))
			p, j := playedHands(t, rng, tc.rule, 20, 30)
			base := fitting
			base.Telling = !strings.HasPrefix(tc.option, "the telling")
			onlyWithFrom(t, rng, p, j, tc.bits, tc.option, base, tc.on)
		})
	}
}
