package grammar

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// The splits' candidates are ranked without sorting them all: by length
// with a counting sort, the best scores by insertion. Both must give what
// a stable sort gives, ties and all.
func TestCandidateRankingAgreesWithAStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	for trial := range 500 {
		cs := make([]cand, rng.IntN(200))
		for i := range cs {
			// Few lengths and few scores: many ties.
			cs[i] = cand{&Class{Bits: 1 + rng.IntN(12), id: int32(i)}, float64(rng.IntN(6))}
		}
		want := slices.Clone(cs)
		slices.SortStableFunc(want, func(a, b cand) int { return cmp.Compare(a.c.Bits, b.c.Bits) })
		if got := byBits(nil, cs); !slices.Equal(got, want) {
			t.Fatalf("trial %d: byBits differs from a stable sort", trial)
		}
		k := 1 + rng.IntN(30)
		want = slices.Clone(cs)
		slices.SortStableFunc(want, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
		want = want[:min(k, len(want))]
		if got := bestScores(cs, k); !slices.Equal(got, want) {
			t.Fatalf("trial %d: the best %d scores differ from a stable sort's", trial, k)
		}
	}
}
