package stats

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Paired tests compare two strategies deal by deal: the same seeds, the
// same rules, so each deal is its own control. Every test here is
// two-sided and gives NaN where it cannot be computed (no pair, or no
// informative pair); a NaN in the data (a hand that failed, where the
// caller has no better value) drops its pair.

// McNemar is the exact McNemar test of paired binary outcomes (McNemar
// 1947; the exact form is the conditional binomial test on the discordant
// pairs, Agresti 2013, "Categorical Data Analysis", §11.1.4, as R's
// binom.test(b, b + c) or SciPy's binomtest(b, b + c, 0.5) gives it).
type McNemar struct {
	// AOnly: deals where A succeeded and B did not; BOnly the reverse.
	AOnly, BOnly int
	// P: 2·P(X ≤ min(b, c)), X ~ Binomial(b + c, ½), capped at 1; NaN
	// without a discordant pair.
	P float64
}

// McNemarExact tests a[i] against b[i] over the deals.
func McNemarExact(a, b []bool) McNemar {
	var m McNemar
	for i := range min(len(a), len(b)) {
		switch {
		case a[i] && !b[i]:
			m.AOnly++
		case b[i] && !a[i]:
			m.BOnly++
		}
	}
	m.P = mcNemarP(m.AOnly, m.BOnly)
	return m
}

func mcNemarP(b, c int) float64 {
	n := b + c
	if n == 0 {
		return math.NaN()
	}
	if b == c {
		return 1
	}
	p := 2 * distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(min(b, c)))
	return min(1, p)
}

// TTest is the paired t-test of a − b (Student 1908; as R's
// t.test(a, b, paired = TRUE)): t = d̄/(s/√n) on n − 1 degrees of freedom,
// the mean difference with its 95% interval d̄ ± t(0.975, n−1)·s/√n, and
// the two-sided p-value 2·(1 − F(|t|)).
type TTest struct {
	N            int
	Mean, Lo, Hi float64
	T, P         float64
}

// PairedTTest compares a and b deal by deal (a NaN drops its pair). When
// every difference is the same the interval is that point and p is 1
// (all zero) or 0.
func PairedTTest(a, b []float64) TTest {
	d := differences(a, b)
	r := TTest{N: len(d), Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), T: math.NaN(), P: math.NaN()}
	if r.N == 0 {
		return r
	}
	m, sd := stat.MeanStdDev(d, nil)
	r.Mean = m
	if r.N < 2 {
		return r
	}
	if sd == 0 {
		r.Lo, r.Hi, r.P = m, m, 0
		if m == 0 {
			r.P = 1
		}
		r.T = math.Copysign(math.Inf(1), m)
		return r
	}
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(r.N - 1)}
	se := sd / math.Sqrt(float64(r.N))
	h := st.Quantile(0.975) * se
	r.Lo, r.Hi = m-h, m+h
	r.T = m / se
	r.P = 2 * st.Survival(math.Abs(r.T))
	return r
}

// differences are a[i] − b[i] over the pairs where both are numbers.
func differences(a, b []float64) []float64 {
	var d []float64
	for i := range min(len(a), len(b)) {
		if !math.IsNaN(a[i]) && !math.IsNaN(b[i]) {
			d = append(d, a[i]-b[i])
		}
	}
	return d
}

// Holm adjusts p-values for testing them all at once by Holm's step-down
// method (Holm 1979, "A simple sequentially rejective multiple test
// procedure", Scand. J. Statist. 6: 65–70), as R's p.adjust(p, "holm"):
// with the m p-values sorted, p₍ᵢ₎ becomes max over j ≤ i of
// min(1, (m − j + 1)·p₍ⱼ₎). It controls the family-wise error rate
// without assuming independence. NaN entries stay NaN and do not count in
// m (as R's NA).
func Holm(p []float64) []float64 {
	out := make([]float64, len(p))
	var idx []int
	for i, x := range p {
		out[i] = math.NaN()
		if !math.IsNaN(x) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		switch {
		case p[i] < p[j]:
			return -1
		case p[i] > p[j]:
			return 1
		}
		return 0
	})
	m, run := len(idx), 0.0
	for k, i := range idx {
		run = max(run, min(1, float64(m-k)*p[i]))
		out[i] = run
	}
	return out
}
