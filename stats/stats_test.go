package stats

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func approx(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestWilson(t *testing.T) {
	// 81 of 263: 0.2553 to 0.3662 (Newcombe 1998, Stat. Med. 17:857, Table II,
	// method 3).
	iv := Wilson(81, 263)
	if !approx(iv.Lo, 0.2553, 5e-4) || !approx(iv.Hi, 0.3662, 5e-4) {
		t.Errorf("Wilson(81, 263) = %+v, want [0.2553, 0.3662]", iv)
	}
	// 0 of 10: lower bound 0, upper 0.2775 (Newcombe 1998, Table I).
	iv = Wilson(0, 10)
	if iv.Lo != 0 || !approx(iv.Hi, 0.2775, 5e-4) {
		t.Errorf("Wilson(0, 10) = %+v, want [0, 0.2775]", iv)
	}
}

func TestMeanT(t *testing.T) {
	// x = 1..5: mean 3, s = 1.5811, t(0.975, 4) = 2.7764 → ±1.9632.
	iv := MeanT([]float64{1, 2, 3, 4, 5})
	if !approx(iv.Est, 3, 1e-12) || !approx(iv.Lo, 3-1.9632, 1e-3) || !approx(iv.Hi, 3+1.9632, 1e-3) {
		t.Errorf("MeanT = %+v", iv)
	}
}

func TestSpearmanTies(t *testing.T) {
	// Ranks with ties: x ranks (1, 2.5, 2.5, 4), y ranks (1, 2, 3, 4).
	// Deviations: x (−1.5, 0, 0, 1.5), y (−1.5, −.5, .5, 1.5); Σxy = 4.5,
	// Σx² = 4.5, Σy² = 5: r = 4.5/√22.5 = 0.948683.
	x := []float64{1, 2, 2, 3}
	y := []float64{10, 20, 30, 40}
	if got := Spearman(x, y); !approx(got, 0.9486833, 1e-6) {
		t.Errorf("Spearman = %v, want 0.9487", got)
	}
	if got := Spearman([]float64{1, 2, 3}, []float64{3, 2, 1}); !approx(got, -1, 1e-12) {
		t.Errorf("reversed: %v", got)
	}
}

func TestKaplanMeier(t *testing.T) {
	// Times 1, 2+, 3, 3, 4+, 5 (+ censored), hand-computed:
	// t=1: 5/6 = .8333; t=2 censored; t=3: .8333 × (1 − 2/4) = .4167;
	// t=4 censored; t=5: 0.
	ts := []float64{3, 1, 5, 2, 3, 4}
	ev := []bool{true, true, true, false, true, false}
	c := KaplanMeier(ts, ev)
	want := []struct{ t, s float64 }{{1, 5.0 / 6}, {2, 5.0 / 6}, {3, 5.0 / 12}, {4, 5.0 / 12}, {5, 0}}
	if len(c) != len(want) {
		t.Fatalf("curve %+v", c)
	}
	for i, w := range want {
		if c[i].T != w.t || !approx(c[i].S, w.s, 1e-12) {
			t.Errorf("step %d: %+v, want t=%v S=%v", i, c[i], w.t, w.s)
		}
	}
	if m := KMMedian(c); m != 3 {
		t.Errorf("median %v, want 3", m)
	}
	if m := KMMedian(KaplanMeier([]float64{1, 2}, []bool{false, false})); !math.IsNaN(m) {
		t.Errorf("all censored: median %v, want NaN", m)
	}
}

// The bootstrap interval of the mean covers the true mean of an
// exponential distribution in about 95% of samples (percentile intervals
// under-cover a little at n = 40 on a skewed law: accept 0.90–0.97).
func TestBootstrapCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	law := distuv.Exponential{Rate: 1, Src: rand.New(rand.NewPCG(3, 4))}
	const trials = 400
	covered := 0
	for range trials {
		x := make([]float64, 40)
		for i := range x {
			x[i] = law.Rand()
		}
		if iv := BootstrapMean(x, 400, rng); iv.Lo <= 1 && 1 <= iv.Hi {
			covered++
		}
	}
	if c := float64(covered) / trials; c < 0.90 || c > 0.97 {
		t.Errorf("coverage %.3f, want about 0.95", c)
	}
}
