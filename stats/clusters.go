package stats

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Rules, not deals, as the unit. A benchmark plays a few deals of each of
// a bank's rules; the deals of one rule are alike (an easy rule is easy
// for every deal), so treating every deal as independent says how sure we
// are about *these* rules, not about rules like them. The functions here
// take the cluster (the rule) of every observation and resample or
// average clusters, so that their intervals and tests generalise to new
// rules drawn as the bank's were.

// ClusterT is a t interval and test with clusters as the unit: the
// summary-measures analysis (Altman 1991, Practical Statistics for
// Medical Research, §16.1; Bland & Altman 1994, BMJ 308: 896): each
// cluster's mean first, then Student's t over the k cluster means,
// mean ± t(1 − α/2, k − 1)·s/√k, t = mean/(s/√k), p two-sided. With every
// cluster the same size it is the interval of the grand mean in the
// random-effects model y = μ + u_rule + ε (one-way ANOVA, the between
// mean square over k·n), the mixed model with rule as a random effect.
type ClusterT struct {
	Clusters     int
	Mean, Lo, Hi float64
	T, P         float64
}

// ClusterMeans are the mean of each cluster's observations (NaN ones
// dropped), in the order the clusters first appear.
func ClusterMeans(x []float64, cluster []string) []float64 {
	if len(x) != len(cluster) {
		panic("stats: slice length mismatch")
	}
	var order []string
	sum, n := map[string]float64{}, map[string]int{}
	for i, v := range x {
		if math.IsNaN(v) {
			continue
		}
		c := cluster[i]
		if _, ok := n[c]; !ok {
			order = append(order, c)
		}
		sum[c] += v
		n[c]++
	}
	out := make([]float64, len(order))
	for i, c := range order {
		out[i] = sum[c] / float64(n[c])
	}
	return out
}

// ClusterMeanT is the t interval at level (0.95: a 95% interval) of the
// mean over clusters, and the test of mean 0 (for paired differences).
func ClusterMeanT(x []float64, cluster []string, level float64) ClusterT {
	m := ClusterMeans(x, cluster)
	r := ClusterT{Clusters: len(m), Mean: math.NaN(), Lo: math.NaN(), Hi: math.NaN(), T: math.NaN(), P: math.NaN()}
	if len(m) == 0 {
		return r
	}
	mean, sd := stat.MeanStdDev(m, nil)
	r.Mean = mean
	if len(m) < 2 {
		return r
	}
	if sd == 0 {
		r.Lo, r.Hi, r.P = mean, mean, 0
		if mean == 0 {
			r.P = 1
		}
		r.T = math.Copysign(math.Inf(1), mean)
		return r
	}
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(m) - 1)}
	se := sd / math.Sqrt(float64(len(m)))
	h := st.Quantile(1-(1-level)/2) * se
	r.Lo, r.Hi = mean-h, mean+h
	r.T = mean / se
	r.P = 2 * st.Survival(math.Abs(r.T))
	return r
}

// ClusterBootstrapMean is the percentile interval at level of the mean of
// x, resampling whole clusters with replacement (the cluster bootstrap:
// Davison & Hinkley 1997, Bootstrap Methods and their Application, §3.8,
// "resampling clusters"; Field & Welsh 2007, JRSS B 69: 369): b resamples
// of k clusters drawn from the k clusters, each resample's mean over all
// the observations of the clusters drawn, the interval between its
// α/2 and 1 − α/2 quantiles. The estimate is the mean of x. A cluster of
// one observation each is the ordinary bootstrap (BootstrapMean).
func ClusterBootstrapMean(x []float64, cluster []string, level float64, b int, rng *rand.Rand) Interval {
	if len(x) != len(cluster) {
		panic("stats: slice length mismatch")
	}
	var order []string
	sum, n := map[string]float64{}, map[string]int{}
	all, count := 0.0, 0
	for i, v := range x {
		if math.IsNaN(v) {
			continue
		}
		c := cluster[i]
		if _, ok := n[c]; !ok {
			order = append(order, c)
		}
		sum[c] += v
		n[c]++
		all += v
		count++
	}
	k := len(order)
	if k == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	sums, sizes := make([]float64, k), make([]float64, k)
	for i, c := range order {
		sums[i], sizes[i] = sum[c], float64(n[c])
	}
	means := make([]float64, b)
	for j := range means {
		s, m := 0.0, 0.0
		for range k {
			i := rng.IntN(k)
			s += sums[i]
			m += sizes[i]
		}
		means[j] = s / m
	}
	slices.Sort(means)
	a := (1 - level) / 2
	return Interval{all / float64(count), stat.Quantile(a, stat.Empirical, means, nil), stat.Quantile(1-a, stat.Empirical, means, nil)}
}

// TInterval is the mean of x with its t interval at level (as MeanT, at
// any level): the simultaneous intervals of several comparisons are each
// at level 1 − α/m (Bonferroni), which covers all m at once with
// probability at least 1 − α.
func TInterval(x []float64, level float64) Interval {
	n := len(x)
	if n == 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	m, sd := stat.MeanStdDev(x, nil)
	if n < 2 {
		return Interval{m, math.NaN(), math.NaN()}
	}
	h := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(1-(1-level)/2) * sd / math.Sqrt(float64(n))
	return Interval{m, m - h, m + h}
}

// Bonferroni is the level of each of m intervals that together cover at
// least level (0.95 for m = 3: 1 − 0.05/3 each). It is the interval
// counterpart of Holm's adjusted p-values: an interval at this level
// excludes 0 whenever the Bonferroni-adjusted p is below 1 − level, and
// Holm's p is never above Bonferroni's.
func Bonferroni(level float64, m int) float64 {
	if m < 1 {
		return level
	}
	return 1 - (1-level)/float64(m)
}
