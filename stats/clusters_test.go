package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// R's sleep data, group 1 (Student 1908): t.test(sleep$extra[1:10]) gives
// mean 0.75, t = 1.3257, df = 9, p = 0.2176, 95% CI [−0.5297804,
// 2.0297804]. Here each value is a cluster (a rule) of three deals around
// it: the cluster analysis must give R's figures whatever the spread
// inside the clusters, where deals taken as independent would not.
func TestClusterMeanTKnownCase(t *testing.T) {
	extra := []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
	var x []float64
	var rule []string
	for i, v := range extra {
		for _, d := range []float64{-0.4, 0.1, 0.3} {
			x = append(x, v+d)
			rule = append(rule, fmt.Sprintf("r%d", i))
		}
	}
	r := ClusterMeanT(x, rule, 0.95)
	if r.Clusters != 10 || !close(r.Mean, 0.75, 1e-12) || !close(r.T, 1.3257, 5e-5) || !close(r.P, 0.2176, 5e-5) ||
		!close(r.Lo, -0.5297804, 5e-7) || !close(r.Hi, 2.0297804, 5e-7) {
		t.Errorf("cluster t: %+v", r)
	}
	// Deals taken as independent: the same mean, a narrower interval.
	naive := MeanT(x)
	if !(naive.Hi-naive.Lo < r.Hi-r.Lo) {
		t.Errorf("the deal-level interval %v is not narrower than the rule-level %v", naive, r)
	}
	// The random-effects ANOVA of a balanced design: the grand mean's
	// standard error is sqrt(MSB/(k·n)), on k − 1 degrees of freedom.
	k, n := 10.0, 3.0
	grand, msb := 0.0, 0.0
	for _, v := range x {
		grand += v
	}
	grand /= k * n
	for _, m := range ClusterMeans(x, rule) {
		msb += n * (m - grand) * (m - grand)
	}
	msb /= k - 1
	if se := math.Sqrt(msb / (k * n)); !close(r.T, grand/se, 1e-9) {
		t.Errorf("t = %v, the random-effects model's %v", r.T, grand/se)
	}
}

func close(x, want, tol float64) bool { return math.Abs(x-want) <= tol }

// A cluster of one observation each is the ordinary bootstrap: the same
// resamples from the same random source give the same interval.
func TestClusterBootstrapSingletons(t *testing.T) {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	var rule []string
	for i := range x {
		rule = append(rule, fmt.Sprint(i))
	}
	a := ClusterBootstrapMean(x, rule, 0.95, 2000, rand.New(rand.NewPCG(1, 2)))
	b := BootstrapMean(x, 2000, rand.New(rand.NewPCG(1, 2)))
	if a != b {
		t.Errorf("cluster bootstrap of singletons %v, bootstrap %v", a, b)
	}
	if iv := TInterval(x, 0.95); iv != MeanT(x) {
		t.Errorf("TInterval at 0.95 %v, MeanT %v", iv, MeanT(x))
	}
	if got := Bonferroni(0.95, 4); !close(got, 0.9875, 1e-15) {
		t.Errorf("Bonferroni(0.95, 4) = %v", got)
	}
}

// Coverage when rules differ: deals drawn as y = μ + u_rule + ε (20 rules,
// 5 deals each, u and ε standard normal). Over 400 benchmarks the 95%
// intervals with rules as the unit cover μ about 95% of the time; those
// that take every deal as independent cover it far less often (about
// 70%): they speak of these rules, not of new ones.
func TestClusterIntervalsCoverNewRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const sims, rules, deals = 400, 20, 5
	coverT, coverBoot, coverNaive := 0, 0, 0
	for range sims {
		var x []float64
		var rule []string
		for r := range rules {
			u := rng.NormFloat64()
			for range deals {
				x = append(x, u+rng.NormFloat64())
				rule = append(rule, fmt.Sprint(r))
			}
		}
		if c := ClusterMeanT(x, rule, 0.95); c.Lo <= 0 && 0 <= c.Hi {
			coverT++
		}
		if c := ClusterBootstrapMean(x, rule, 0.95, 500, rng); c.Lo <= 0 && 0 <= c.Hi {
			coverBoot++
		}
		if c := MeanT(x); c.Lo <= 0 && 0 <= c.Hi {
			coverNaive++
		}
	}
	share := func(k int) float64 { return float64(k) / sims }
	if s := share(coverT); s < 0.92 || s > 0.98 {
		t.Errorf("rule-level t covered %.3f", s)
	}
	if s := share(coverBoot); s < 0.89 || s > 0.98 {
		t.Errorf("cluster bootstrap covered %.3f", s)
	}
	if s := share(coverNaive); s > 0.85 {
		t.Errorf("deal-level t covered %.3f: it should fall short", s)
	}
}
