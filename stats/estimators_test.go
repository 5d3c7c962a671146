package stats

import (
	"math"
	"testing"
)

// Kendall's τ-b against values worked out by hand (and given by R's
// cor(method = "kendall") and SciPy's kendalltau, which compute τ-b).
func TestKendallTauB(t *testing.T) {
	cases := []struct {
		name string
		x, y []float64
		want float64
	}{
		// No ties: 5 concordant, 1 discordant of 6 pairs → 4/6.
		{"no ties", []float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6},
		// Ties in both (SciPy's documented example): n_c = 2, n_d = 6,
		// 2 pairs tied in x, 1 in y, 1 of them in both: (2 − 6)/√(8·9).
		{"ties", []float64{12, 2, 1, 12, 2}, []float64{1, 4, 7, 1, 0}, -4 / math.Sqrt(72)},
		// Perfect agreement with ties in both: τ-b = 1 (τ-a would be 5/6).
		{"tied agreement", []float64{1, 1, 2, 3}, []float64{5, 5, 6, 7}, 1},
		{"reversed", []float64{1, 2, 3}, []float64{3, 2, 1}, -1},
	}
	for _, tc := range cases {
		if got := Kendall(tc.x, tc.y); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: τ-b = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A constant variable has no rank correlation: undefined, not ±1 (as
	// gonum's stat.Kendall says for this case).
	if got := Kendall([]float64{0.25, 0.25}, []float64{3, 1}); !math.IsNaN(got) {
		t.Errorf("constant x: τ-b = %v, want NaN", got)
	}
}

// The expected calibration error of a hand-computed example: bins
// [0.2, 0.3): confidences 0.2, 0.25, hits 0, 1 → |0.5 − 0.225| = 0.275 on 2
// of 5; [0.9, 1]: 0.9, 0.95, 1.0, hits 1, 1, 0 → |0.6667 − 0.95| = 0.2833
// on 3 of 5. ECE = 0.4·0.275 + 0.6·0.28333 = 0.28.
func TestCalibrate(t *testing.T) {
	c := Calibrate([]float64{0.2, 0.25, 0.9, 0.95, 1.0}, []bool{false, true, true, true, false}, 3)
	if math.Abs(float64(c.ECE)-0.28) > 1e-9 {
		t.Errorf("ECE = %v, want 0.28", c.ECE)
	}
	if c.N != 5 || math.Abs(c.Empty.Est-3.0/8) > 1e-12 {
		t.Errorf("n %d, empty %v: want 5 and 3/8", c.N, c.Empty.Est)
	}
	if math.Abs(float64(c.Confidence)-0.66) > 1e-12 || math.Abs(float64(c.Accuracy)-0.6) > 1e-12 {
		t.Errorf("confidence %v accuracy %v", c.Confidence, c.Accuracy)
	}
	// Brier: (0.04 + 0.5625 + 0.01 + 0.0025 + 1)/5 = 0.323.
	if math.Abs(float64(c.Brier)-0.323) > 1e-12 {
		t.Errorf("Brier = %v", c.Brier)
	}
	if b := c.Bins[2]; b.N != 2 || math.Abs(float64(b.Confidence)-0.225) > 1e-12 || b.Accuracy.Est != 0.5 {
		t.Errorf("bin [0.2, 0.3): %+v", b)
	}
	if b := c.Bins[9]; b.N != 3 {
		t.Errorf("confidence 1 belongs to the last bin: %+v", b)
	}
	if e := Calibrate(nil, nil, 4); e.N != 0 || !math.IsNaN(float64(e.ECE)) || e.Empty.Est != 1 {
		t.Errorf("only empty beliefs: %+v", e)
	}
}

// Learning curves of different lengths: a curve that has ended counts with
// its last value.
func TestCurveCarriesLastValue(t *testing.T) {
	var c CurveMean
	c.Add([]float64{0.2, 1})
	c.Add([]float64{0, 0, 0.5, 0.5})
	c.Add(nil) // a seat measured without moves counts as 0 throughout
	want := []float64{0.2 / 3, 1.0 / 3, 1.5 / 3, 1.5 / 3}
	got := c.Curve()
	for i := range want {
		if math.Abs(got[i]-math.Round(want[i]*1000)/1000) > 1e-12 {
			t.Fatalf("curve %v, want %v", got, want)
		}
	}
}

// The paired t-test against the closed form of Student's t with 3 degrees
// of freedom: F(t) = 1/2 + (1/π)(t/(√3(1 + t²/3)) + atan(t/√3)).
func TestPairedTTestClosedForm(t *testing.T) {
	a := []float64{3, 5, 7, 9, math.NaN()}
	b := []float64{1, 2, 3, 4, 5}
	r := PairedTTest(a, b)
	diff, n, p := r.Mean, r.N, r.P
	// d = 2, 3, 4, 5: mean 3.5, sd √(5/3), t = 3.5/(sd/2).
	tt := 3.5 / (math.Sqrt(5.0/3) / 2)
	F := 0.5 + (tt/(math.Sqrt(3)*(1+tt*tt/3))+math.Atan(tt/math.Sqrt(3)))/math.Pi
	if n != 4 || math.Abs(diff-3.5) > 1e-12 || math.Abs(p-2*(1-F)) > 1e-9 {
		t.Errorf("diff %v n %d p %g, want 3.5, 4, %g", diff, n, p, 2*(1-F))
	}
	if p := PairedTTest([]float64{1, 2, 3}, []float64{1, 2, 3}).P; p != 1 {
		t.Errorf("no difference: p = %g", p)
	}
	if p := PairedTTest([]float64{2, 3, 4}, []float64{1, 2, 3}).P; p != 0 {
		t.Errorf("the same difference on every deal: p = %g", p)
	}
}
