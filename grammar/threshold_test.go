package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A scan that stops early because the term is useless stops only where no
// comparison thresholds makes could agree with the points: checked by
// brute force, every number and divisor, on the whole mask, for verdicts
// at random and for planted ones; and a scan that does not stop early
// reads every point, as scanTerm does.
func TestUselessTermsAreUseless(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	stopped, read := 0, 0
	for trial := range 3000 {
		n := 1 + rng.IntN(200)
		spread := []int32{2, 5, 14, 40, 120}[trial%5] // few values, or many
		vals := make([]int32, n)
		for i := range vals {
			vals[i] = int32(rng.IntN(int(spread))) - int32(rng.IntN(2))*int32(rng.IntN(3))
		}
		words := (n + 63) / 64
		mask, want := make([]uint64, words), make([]uint64, words)
		// The verdicts at random, or planted: a divisibility, an equality,
		// an inequality (a scan must never stop on those).
		bias, k, v := rng.Float64(), int32(2+rng.IntN(12)), vals[rng.IntN(n)]
		accepted := []func(int32) bool{
			func(int32) bool { return rng.Float64() < bias },
			func(x int32) bool { return x%k == 0 },
			func(x int32) bool { return x == v },
			func(x int32) bool { return x != v },
		}[trial/5%4]
		for i := range n {
			if rng.IntN(4) > 0 {
				mask[i/64] |= 1 << (i % 64)
			}
			if accepted(vals[i]) {
				want[i/64] |= 1 << (i % 64)
			}
		}
		full := scanTerm(vals, mask, want)
		st, useless := scanUntilUseless(vals, mask, want, true)
		if !useless {
			read++
			if st.pos != full.pos || st.neg != full.neg || st.minPos != full.minPos || st.maxNeg != full.maxNeg ||
				st.posSet != full.posSet || st.negSet != full.negSet || st.divEq != full.divEq || st.divNe != full.divNe {
				t.Fatalf("trial %d: a scan that did not stop differs from the whole scan", trial)
			}
			continue
		}
		stopped++
		var pos, neg []int32
		for i := range n {
			if mask[i/64]>>(i%64)&1 == 1 {
				if want[i/64]>>(i%64)&1 == 1 {
					pos = append(pos, vals[i])
				} else {
					neg = append(neg, vals[i])
				}
			}
		}
		if why := agreeingComparison(pos, neg); why != "" {
			t.Fatalf("trial %d: stopped as useless after %d accepted, %d refused points, but %s agrees with all %d and %d",
				trial, st.pos, st.neg, why, len(pos), len(neg))
		}
	}
	if stopped == 0 || read == 0 {
		t.Fatalf("%d scans stopped early, %d read every point: the test needs both", stopped, read)
	}
	t.Logf("%d scans stopped early, %d read every point", stopped, read)
}

// agreeingComparison names a comparison of the kinds thresholds makes that
// is true of every accepted value and false of every refused one (or the
// reverse, for divisibility), by brute force; "" when there is none.
func agreeingComparison(pos, neg []int32) string {
	all := func(xs []int32, f func(int32) bool) bool {
		return !slices.ContainsFunc(xs, func(x int32) bool { return !f(x) })
	}
	for k := int32(-10); k <= 130; k++ {
		switch {
		case all(pos, func(x int32) bool { return x >= k }) && all(neg, func(x int32) bool { return x < k }):
			return "t >= k"
		case all(pos, func(x int32) bool { return x <= k }) && all(neg, func(x int32) bool { return x > k }):
			return "t <= k"
		case all(pos, func(x int32) bool { return x == k }) && all(neg, func(x int32) bool { return x != k }):
			return "t == k"
		case all(neg, func(x int32) bool { return x == k }) && all(pos, func(x int32) bool { return x != k }):
			return "t != k"
		}
	}
	if !slices.ContainsFunc(pos, func(x int32) bool { return slices.Contains(neg, x) }) {
		return "a set of the accepted values"
	}
	lo, hi := slices.Min(pos), slices.Max(pos)
	if all(neg, func(x int32) bool { return x < lo || x > hi }) {
		return "the range of the accepted values"
	}
	for k := int32(2); k <= 13; k++ {
		div := func(x int32) bool { return x%k == 0 }
		if all(pos, div) && all(neg, func(x int32) bool { return !div(x) }) || all(neg, div) && all(pos, func(x int32) bool { return !div(x) }) {
			return "divisibility"
		}
	}
	return ""
}
