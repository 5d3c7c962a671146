package stats

import (
	"cmp"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is an estimate with a two-sided 95% interval.
type Interval struct {
	Est, Lo, Hi float64
}

// Num is a float that is written to JSON as null when it is not a number
// (an interval of an empty sample, a median never reached).
type Num float64

// MarshalJSON implements json.Marshaler.
func (x Num) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(f)
}

// MarshalJSON writes NaN bounds as null.
func (iv Interval) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Est Num `json:"est"`
		Lo  Num `json:"lo"`
		Hi  Num `json:"hi"`
	}{Num(iv.Est), Num(iv.Lo), Num(iv.Hi)})
}

// z95 is the standard normal quantile for a two-sided 95% interval.
var z95 = distuv.UnitNormal.Quantile(0.975)

// Wilson is the Wilson score interval for k successes in n trials
// (Wilson 1927; Agresti & Coull 1998): centre (p̂ + z²/2n)/(1 + z²/n),
// half-width z·sqrt(p̂(1−p̂)/n + z²/4n²)/(1 + z²/n).
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{math.NaN(), 0, 1}
	}
	p, nf, z := float64(k)/float64(n), float64(n), z95
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	lo, hi := max(0, c-h), min(1, c+h)
	if k == 0 {
		lo = 0 // exactly, not a rounding residue
	}
	if k == n {
		hi = 1
	}
	return Interval{p, lo, hi}
}

// MeanT is the mean with Student's t interval (Student 1908): x̄ ±
// t(0.975, n−1)·s/√n, s the sample standard deviation (n − 1 in its
// denominator), as R's t.test(x)$conf.int.
func MeanT(x []float64) Interval {
	n := len(x)
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	m, sd := stat.MeanStdDev(x, nil)
	if n < 2 {
		return Interval{m, math.NaN(), math.NaN()}
	}
	h := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975) * sd / math.Sqrt(float64(n))
	return Interval{m, m - h, m + h}
}

// BootstrapMean is the percentile bootstrap interval of the mean (Efron &
// Tibshirani 1993, ch. 13): b resamples with replacement drawn from rng.
func BootstrapMean(x []float64, b int, rng *rand.Rand) Interval {
	n := len(x)
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	means := make([]float64, b)
	for i := range means {
		s := 0.0
		for range n {
			s += x[rng.IntN(n)]
		}
		means[i] = s / float64(n)
	}
	slices.Sort(means)
	return Interval{stat.Mean(x, nil), stat.Quantile(0.025, stat.Empirical, means, nil), stat.Quantile(0.975, stat.Empirical, means, nil)}
}

// ranks are the ranks of x, 1-based, ties given their average rank
// (ranksTies, which the Wilcoxon test reads its tie correction from too).
func ranks(x []float64) []float64 {
	r, _ := ranksTies(x)
	return r
}

// Spearman is Spearman's rank correlation (Spearman 1904): Pearson's
// correlation of the ranks, ties given average ranks (so it is right with
// ties, unlike 1 − 6Σd²/n(n²−1)), as R's cor(method = "spearman"). gonum
// has no Spearman; the correlation is gonum's.
func Spearman(x, y []float64) float64 {
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// Kendall is Kendall's τ-b (Kendall 1945; Agresti, Analysis of Ordinal
// Categorical Data, §7.1): (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2)), where
// n_c and n_d count the concordant and discordant pairs, n_0 = n(n−1)/2,
// and n_1, n_2 = Σ t(t−1)/2 over the groups of t tied values of x and of y.
// A pair tied in x or in y is neither concordant nor discordant. It is NaN
// when either variable is constant (τ-b is undefined there).
//
// Not gonum's stat.Kendall: that function decides each pair by the sign
// bit of x_j − x_i and y_j − y_i, so a tie (a difference of +0) counts as
// an increase, and divides by n(n−1)/2 — with every x tied it returns ±1
// instead of an undefined value.
func Kendall(x, y []float64) float64 {
	if len(x) != len(y) {
		panic("stats: Kendall: slice length mismatch")
	}
	var nc, nd, tx, ty float64
	n := len(x)
	for i := range n {
		for j := i + 1; j < n; j++ {
			dx, dy := cmp.Compare(x[i], x[j]), cmp.Compare(y[i], y[j])
			switch {
			case dx == 0 && dy == 0:
				tx++
				ty++
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case dx == dy:
				nc++
			default:
				nd++
			}
		}
	}
	n0 := float64(n*(n-1)) / 2
	d := math.Sqrt((n0 - tx) * (n0 - ty))
	if d == 0 {
		return math.NaN()
	}
	return (nc - nd) / d
}

// KMStep is one step of a Kaplan–Meier curve: survival S just after time T.
type KMStep struct {
	T       float64 `json:"t"`
	S       float64 `json:"s"`
	AtRisk  int     `json:"at_risk"`
	Events  int     `json:"events"`
	Censors int     `json:"censored"`
}

// KaplanMeier is the product-limit estimate (Kaplan & Meier 1958) of the
// survival curve of times t, where event[i] is false for a censored time
// (here: a hand that ended before anyone found the rule). At a time with
// both, events are counted before censorings. gonum has no survival
// analysis.
func KaplanMeier(t []float64, event []bool) []KMStep {
	idx := make([]int, len(t))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return t[idx[a]] < t[idx[b]] })
	var out []KMStep
	s, atRisk := 1.0, len(t)
	for i := 0; i < len(idx); {
		tt := t[idx[i]]
		d, c := 0, 0
		for ; i < len(idx) && t[idx[i]] == tt; i++ {
			if event[idx[i]] {
				d++
			} else {
				c++
			}
		}
		if d > 0 {
			s *= 1 - float64(d)/float64(atRisk)
		}
		out = append(out, KMStep{T: tt, S: s, AtRisk: atRisk, Events: d, Censors: c})
		atRisk -= d + c
	}
	return out
}

// KMMedian is the median survival time as R's survfit reports it: the
// smallest time at which survival is at or below 0.5, NaN
// when the curve never gets there (fewer than half the hands found it).
func KMMedian(curve []KMStep) float64 {
	for _, st := range curve {
		if st.S <= 0.5 {
			return st.T
		}
	}
	return math.NaN()
}
