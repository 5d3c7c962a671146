package grammar

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// commonValue's tally (an array stamped per call, a map for far values)
// agrees with counting in a map, over calls that reuse it: values near
// and far, many ties, refused values among the accepted.
func TestCommonValueAgreesWithAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var tally valueTally
	spreads := []int32{4, 40, 5000, 1 << 20}
	for trial := range 2000 {
		n := 1 + rng.IntN(300)
		vals := make([]int32, n)
		spread := spreads[trial%len(spreads)]
		for i := range vals {
			vals[i] = rng.Int32N(2*spread) - spread
		}
		words := (n + 63) / 64
		pos, neg := make([]uint64, words), make([]uint64, words)
		for i := range n {
			switch rng.IntN(3) {
			case 0:
				pos[i/64] |= 1 << (i % 64)
			case 1:
				neg[i/64] |= 1 << (i % 64)
			}
		}
		want, wantOK := commonValueByMap(vals, pos, neg)
		got, ok := commonValue(&tally, vals, pos, neg)
		if got != want || ok != wantOK {
			t.Fatalf("trial %d: commonValue = %d, %v; by a map %d, %v", trial, got, ok, want, wantOK)
		}
	}
}

// commonValueByMap is the value most points of pos take that no point of
// neg takes, the least of equals, counted in maps.
func commonValueByMap(vals []int32, pos, neg []uint64) (int32, bool) {
	refused := map[int32]bool{}
	for w, m := range neg {
		for ; m != 0; m &= m - 1 {
			refused[vals[w*64+bits.TrailingZeros64(m)]] = true
		}
	}
	count := map[int32]int{}
	for w, m := range pos {
		for ; m != 0; m &= m - 1 {
			if v := vals[w*64+bits.TrailingZeros64(m)]; !refused[v] {
				count[v]++
			}
		}
	}
	best, bestN := int32(0), 0
	for v, c := range count {
		if c > bestN || c == bestN && v < best {
			best, bestN = v, c
		}
	}
	return best, bestN > 0
}
