package stats

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(want) != math.IsNaN(got) || !math.IsNaN(want) && math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (±%g)", what, got, want, tol)
	}
}

// exactBinomTwoSided is 2·P(X ≤ k), X ~ Binomial(n, ½), summed in exact
// rationals.
func exactBinomTwoSided(k, n int) float64 {
	sum := new(big.Int)
	for i := 0; i <= k; i++ {
		sum.Add(sum, new(big.Int).Binomial(int64(n), int64(i)))
	}
	r := new(big.Rat).SetFrac(new(big.Int).Mul(sum, big.NewInt(2)), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	f, _ := r.Float64()
	return min(1, f)
}

func TestMcNemarExact(t *testing.T) {
	// R: binom.test(2, 10)$p.value = 0.109375 (112/1024).
	a := []bool{true, true, false, false, false, false, false, false, false, false, false, false, true, false}
	b := []bool{false, false, true, true, true, true, true, true, true, true, false, false, true, false}
	m := McNemarExact(a, b)
	if m.AOnly != 2 || m.BOnly != 8 {
		t.Fatalf("discordant = %d, %d; want 2, 8", m.AOnly, m.BOnly)
	}
	near(t, "p(2, 8)", m.P, 0.109375, 1e-12)
	for _, c := range [][2]int{{0, 1}, {0, 5}, {3, 3}, {1, 20}, {17, 40}, {150, 86}, {300, 250}} {
		want := exactBinomTwoSided(min(c[0], c[1]), c[0]+c[1])
		near(t, "p", mcNemarP(c[0], c[1]), want, 1e-9*max(want, 1e-300)+1e-15)
	}
	near(t, "no discordant pair", mcNemarP(0, 0), math.NaN(), 0)
}

func TestPairedTTest(t *testing.T) {
	// R: with(sleep, t.test(extra[group == 1], extra[group == 2],
	// paired = TRUE)): t = -4.0621, df = 9, p-value = 0.002833,
	// 95% CI -2.4598858 -0.7001142, mean difference -1.58.
	g1 := []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
	g2 := []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}
	r := PairedTTest(g1, g2)
	if r.N != 10 {
		t.Fatalf("n = %d", r.N)
	}
	near(t, "mean", r.Mean, -1.58, 1e-12)
	near(t, "t", r.T, -4.0621, 5e-5)
	near(t, "p", r.P, 0.002833, 5e-7)
	near(t, "lo", r.Lo, -2.4598858, 5e-8)
	near(t, "hi", r.Hi, -0.7001142, 5e-8)
	// A NaN drops its pair; constant differences.
	r = PairedTTest([]float64{1, math.NaN(), 3, 4}, []float64{0, 5, 2, 3})
	if r.N != 3 || r.P != 0 || r.Mean != 1 {
		t.Errorf("constant difference: %+v", r)
	}
	if r := PairedTTest([]float64{1, 2}, []float64{1, 2}); r.P != 1 {
		t.Errorf("no difference: p = %v", r.P)
	}
}

func TestWilcoxonSignedRank(t *testing.T) {
	zero := make([]float64, 20)
	cases := []struct {
		name    string
		a, b    []float64
		v, p    float64
		exact   bool
		tol     float64
		wantLen int
	}{
		// R: wilcox.test(x, y, paired = TRUE) on Hollander & Wolfe's
		// depression scores: V = 40, p-value = 0.03906 (20/512).
		{"hollander-wolfe", []float64{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30},
			[]float64{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29}, 40, 0.0390625, true, 1e-12, 9},
		// SciPy's wilcoxon docs: d = [6, 8, …], statistic 24.0 (= 120 − V),
		// p = 0.041259765625.
		{"scipy-docs", []float64{6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75}, zero[:15],
			96, 0.041259765625, true, 1e-12, 15},
		// Ties: by hand, d = 1, 2, 2, −3: ranks 1, 2.5, 2.5, 4, V = 6,
		// σ² = 4·5·9/24 − (2³ − 2)/48 = 7.375, z = (6 − 5 − ½)/√7.375.
		{"ties", []float64{1, 2, 2, -3}, zero[:4], 6, math.Erfc(0.5 / math.Sqrt(7.375) / math.Sqrt2), false, 1e-12, 4},
		// A zero difference is dropped and sends R to the approximation:
		// d = 0, 1, 2, 3, 4 → n = 4, V = 10, σ² = 7.5, z = (10 − 5 − ½)/√7.5.
		{"zero", []float64{0, 1, 2, 3, 4}, zero[:5], 10, math.Erfc(4.5 / math.Sqrt(7.5) / math.Sqrt2), false, 1e-12, 4},
	}
	for _, c := range cases {
		w := WilcoxonSignedRank(c.a, c.b)
		if w.N != c.wantLen || w.V != c.v || w.Exact != c.exact {
			t.Errorf("%s: n = %d, V = %v, exact = %v; want %d, %v, %v", c.name, w.N, w.V, w.Exact, c.wantLen, c.v, c.exact)
		}
		near(t, c.name+" p", w.P, c.p, c.tol)
	}
	// SciPy's docs, method="approx" (correction=False there):
	// p = 0.04088813291185591 for the same d.
	near(t, "scipy approx", wilcoxonNormalP(15, 96, 0, false), 0.04088813291185591, 1e-12)
	if w := WilcoxonSignedRank([]float64{1, 2}, []float64{1, 2}); !math.IsNaN(w.P) || w.N != 0 {
		t.Errorf("all zero: %+v", w)
	}
}

// TestSignedRankExactBruteForce checks the exact p-value against every
// one of the 2ⁿ sign patterns.
func TestSignedRankExactBruteForce(t *testing.T) {
	for n := 1; n <= 12; n++ {
		top := n * (n + 1) / 2
		counts := make([]int, top+1)
		for mask := 0; mask < 1<<n; mask++ {
			s := 0
			for k := range n {
				if mask>>k&1 == 1 {
					s += k + 1
				}
			}
			counts[s]++
		}
		for v := 0; v <= top; v++ {
			lo, hi := 0, 0
			for s, c := range counts {
				if s <= v {
					lo += c
				}
				if s >= v {
					hi += c
				}
			}
			want := min(1, 2*float64(min(lo, hi))/float64(int(1)<<n))
			if 2*v == top {
				want = 1
			}
			near(t, "exact p", signedRankP(n, v), want, 1e-15)
		}
	}
}

func TestHolm(t *testing.T) {
	// R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02;
	// p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), "holm") = 0.05 0.08 0.09 0.09 0.09.
	for _, c := range []struct{ p, want []float64 }{
		{[]float64{0.01, 0.04, 0.03, 0.005}, []float64{0.03, 0.06, 0.06, 0.02}},
		{[]float64{0.01, 0.02, 0.03, 0.04, 0.05}, []float64{0.05, 0.08, 0.09, 0.09, 0.09}},
		{[]float64{0.5, math.NaN(), 0.01}, []float64{0.5, math.NaN(), 0.02}},
		{[]float64{0.6, 0.7}, []float64{1, 1}},
	} {
		got := Holm(c.p)
		for i := range got {
			near(t, "holm", got[i], c.want[i], 1e-12)
		}
	}
}

// aml is R's survival::aml (Miller 1981): weeks to relapse, 0 censored,
// maintained chemotherapy or not.
var aml = []struct {
	t          float64
	relapse    bool
	maintained bool
}{
	{9, true, true}, {13, true, true}, {13, false, true}, {18, true, true}, {23, true, true}, {28, false, true},
	{31, true, true}, {34, true, true}, {45, false, true}, {48, true, true}, {161, false, true},
	{5, true, false}, {5, true, false}, {8, true, false}, {8, true, false}, {12, true, false}, {16, false, false},
	{23, true, false}, {27, true, false}, {30, true, false}, {33, true, false}, {43, true, false}, {45, true, false},
}

func TestLogRank(t *testing.T) {
	// R: survdiff(Surv(time, status) ~ x, data = aml): Maintained 7
	// observed, 10.69 expected, (O−E)²/V = 3.4 on 1 df, p = 0.07.
	var s []Subject
	for _, r := range aml {
		g := 1
		if r.maintained {
			g = 0
		}
		s = append(s, Subject{0, g, r.t, r.relapse})
	}
	r := StratifiedLogRank(s)
	near(t, "O−E", r.OMinusE, 7-10.69, 0.005)
	near(t, "chi2", r.Chi2, 3.396, 0.0005) // R prints 3.4 and p= 0.0653 (summary digits)
	near(t, "p", r.P, 0.0653, 0.00005)

	// Strata add up: two copies of the data as two strata double O − E and V.
	s2 := append([]Subject(nil), s...)
	for _, x := range s {
		x.Stratum = 1
		s2 = append(s2, x)
	}
	r2 := StratifiedLogRank(s2)
	near(t, "O−E ×2", r2.OMinusE, 2*r.OMinusE, 1e-9)
	near(t, "V ×2", r2.V, 2*r.V, 1e-9)
}

func TestPairedLogRank(t *testing.T) {
	// By hand: A first in deals 0, 1, 3; B first in 2; deal 4 ties (both
	// at 7: d = 2, n = 2, V = 0); deal 5: B censored at 3 before A
	// settles at 9 (nothing known); deal 6: A settles at 4 while B is
	// censored at 4 (at risk at 4: A first); deal 7 a failed pair (NaN).
	ta := []float64{3, 5, 9, 2, 7, 9, 4, math.NaN()}
	ea := []bool{true, true, true, true, true, true, true, false}
	tb := []float64{8, 6, 4, 12, 7, 3, 4, 2}
	eb := []bool{true, false, true, true, true, false, false, true}
	r := PairedLogRank(ta, ea, tb, eb)
	if r.AFirst != 4 || r.BFirst != 1 {
		t.Fatalf("A first %d, B first %d; want 4, 1", r.AFirst, r.BFirst)
	}
	// Each informative pair: ±½ and ¼; χ² = (a − b)²/(a + b) = 9/5.
	near(t, "O−E", r.OMinusE, 1.5, 1e-12)
	near(t, "V", r.V, 1.25, 1e-12)
	near(t, "chi2", r.Chi2, 9.0/5, 1e-12)
	near(t, "p", r.P, math.Erfc(math.Sqrt(9.0/5)/math.Sqrt2), 1e-12)

	// Random pairs: the statistic always equals the sign test's.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		n := 1 + rng.IntN(30)
		ta, tb := make([]float64, n), make([]float64, n)
		ea, eb := make([]bool, n), make([]bool, n)
		for i := range n {
			ta[i], tb[i] = float64(rng.IntN(10)), float64(rng.IntN(10))
			ea[i], eb[i] = rng.IntN(3) > 0, rng.IntN(3) > 0
		}
		r := PairedLogRank(ta, ea, tb, eb)
		if a, b := float64(r.AFirst), float64(r.BFirst); a+b > 0 {
			near(t, "sign-test chi2", r.Chi2, (a-b)*(a-b)/(a+b), 1e-9)
		} else if !math.IsNaN(r.P) {
			t.Errorf("no informative pair, p = %v", r.P)
		}
	}
}
