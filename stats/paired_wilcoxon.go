package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Wilcoxon is the Wilcoxon signed-rank test of a − b (Wilcoxon 1945), as
// R's wilcox.test(a, b, paired = TRUE) computes it (correct = TRUE, exact
// = NULL):
//
//   - zero differences are dropped (Wilcoxon's own treatment; SciPy's
//     zero_method="wilcox"), n is the count left;
//   - V is the sum of the ranks of |d| over the positive d, ties given
//     their average rank;
//   - exact when n < 50 and there were no ties and no zeros: the
//     distribution of V counts the subsets of {1…n} by their sum, and
//     p = min(1, 2·P(V ≤ v)) or min(1, 2·P(V ≥ v)) on the side v falls;
//   - otherwise the normal approximation with the tie and continuity
//     corrections: z = (V − n(n+1)/4 − ½·sign) / σ,
//     σ² = n(n+1)(2n+1)/24 − Σ(t³ − t)/48 over the groups of t tied |d|,
//     p = 2·(1 − Φ(|z|)).
//
// SciPy's wilcoxon gives the same p-values with method="exact" or
// method="approx", correction=True (its statistic is min(V, n(n+1)/2 − V)
// instead of V).
type Wilcoxon struct {
	// N: the pairs with a non-zero difference.
	N int
	// V: the sum of the positive differences' ranks.
	V float64
	// Exact: the p-value is exact (else the normal approximation).
	Exact bool
	P     float64
}

// wilcoxonExactBelow: below this many non-zero differences without ties
// the p-value is exact (R's rule).
const wilcoxonExactBelow = 50

// WilcoxonSignedRank tests a against b deal by deal (a NaN drops its pair).
func WilcoxonSignedRank(a, b []float64) Wilcoxon {
	all := differences(a, b)
	d := slices.DeleteFunc(slices.Clone(all), func(x float64) bool { return x == 0 })
	w := Wilcoxon{N: len(d), P: math.NaN()}
	if w.N == 0 {
		return w
	}
	abs := make([]float64, len(d))
	for i, x := range d {
		abs[i] = math.Abs(x)
	}
	r, ties := ranksTies(abs)
	for i, x := range d {
		if x > 0 {
			w.V += r[i]
		}
	}
	if w.N < wilcoxonExactBelow && ties == 0 && len(d) == len(all) {
		w.Exact = true
		w.P = signedRankP(w.N, int(w.V))
		return w
	}
	w.P = wilcoxonNormalP(w.N, w.V, ties, true)
	return w
}

// wilcoxonNormalP is the normal approximation's two-sided p-value of V
// with n ranks, ties = Σ(t³ − t), with or without the continuity
// correction (NaN when σ is 0).
func wilcoxonNormalP(n int, v, ties float64, correct bool) float64 {
	nf := float64(n)
	z := v - nf*(nf+1)/4
	sigma := math.Sqrt(nf*(nf+1)*(2*nf+1)/24 - ties/48)
	if sigma == 0 {
		return math.NaN()
	}
	if correct {
		switch { // R: z − ½·sign(z)
		case z > 0:
			z -= 0.5
		case z < 0:
			z += 0.5
		}
	}
	return min(1, 2*distuv.UnitNormal.Survival(math.Abs(z)/sigma))
}

// ranksTies ranks x from 1 (ties their average rank) and returns
// Σ(t³ − t) over the groups of t equal values.
func ranksTies(x []float64) ([]float64, float64) {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case x[a] < x[b]:
			return -1
		case x[a] > x[b]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(x))
	ties := 0.0
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		avg := float64(i+j)/2 + 1
		for k := i; k <= j; k++ {
			r[idx[k]] = avg
		}
		t := float64(j - i + 1)
		ties += t*t*t - t
		i = j + 1
	}
	return r, ties
}

// signedRankP is the exact two-sided p-value of V = v with n ranks: the
// counts of subsets of {1…n} by sum (at most 2⁴⁹ for n < 50, exact in a
// float64) over 2ⁿ.
func signedRankP(n, v int) float64 {
	top := n * (n + 1) / 2
	count := make([]float64, top+1)
	count[0] = 1
	for k := 1; k <= n; k++ {
		for s := k * (k + 1) / 2; s >= k; s-- {
			count[s] += count[s-k]
		}
	}
	total := math.Ldexp(1, n)
	tail := 0.0
	if 2*v > top { // upper side: P(V ≥ v)
		for s := v; s <= top; s++ {
			tail += count[s]
		}
	} else {
		for s := 0; s <= v; s++ {
			tail += count[s]
		}
	}
	return min(1, 2*tail/total)
}
