package rank

import (
	"math"
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/stats"
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
		if got := stats.Kendall(tc.x, tc.y); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: τ-b = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A constant variable has no rank correlation: undefined, not ±1 (as
	// gonum's stat.Kendall says for this case).
	if got := stats.Kendall([]float64{0.25, 0.25}, []float64{3, 1}); !math.IsNaN(got) {
		t.Errorf("constant x: τ-b = %v, want NaN", got)
	}
}

// The expected calibration error of a hand-computed example: bins
// [0.2, 0.3): confidences 0.2, 0.25, hits 0, 1 → |0.5 − 0.225| = 0.275 on 2
// of 5; [0.9, 1]: 0.9, 0.95, 1.0, hits 1, 1, 0 → |0.6667 − 0.95| = 0.2833
// on 3 of 5. ECE = 0.4·0.275 + 0.6·0.28333 = 0.28.
func TestCalibrate(t *testing.T) {
	c := stats.Calibrate([]float64{0.2, 0.25, 0.9, 0.95, 1.0}, []bool{false, true, true, true, false}, 3)
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
	if e := stats.Calibrate(nil, nil, 4); e.N != 0 || !math.IsNaN(float64(e.ECE)) || e.Empty.Est != 1 {
		t.Errorf("only empty beliefs: %+v", e)
	}
}

// Learning curves of different lengths: a curve that has ended counts with
// its last value.
func TestCurveCarriesLastValue(t *testing.T) {
	var c stats.CurveAcc
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

// The ranking key on hands built by hand: which pairs are misidentified,
// the Wilson interval over pairs, the settle curve (censored at the hand's
// end), the sweet spot from per-seat outcomes, seats without beliefs left
// out, and rules no seat can express put in their own block.
func TestRankKeyByHand(t *testing.T) {
	bank, err := rulebank.Load([]byte(`rules:
  - name: easy
    expr: 'card.color == "red"'
  - name: hard
    expr: 'card.color != prev.color'
  - name: alien
    expr: 'card.rank * prev.rank % 7 == 3'
`), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := func(identified bool, settled int, expressible bool) *hypotheses.Measures {
		return &hypotheses.Measures{Identified: identified, Settled: settled, Expressible: expressible, Own: true, LocalExact: true}
	}
	observer := &hypotheses.Measures{Identified: true, Settled: 1, Expressible: true} // a random seat's: not counted
	p := &lab.Plan{Seed: 1, Rules: []string{"easy", "hard", "alien"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"bayes-eig", "bounded-human", "random"}}, Hands: 2}
	recs := []lab.HandRecord{
		// easy: every pair identified, settled at moves 2, 4, 3, 5.
		{Index: 0, Rule: "easy", Preset: "new-eleusis", Turns: 20, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(true, 2, true), m(true, 4, true), observer}},
		{Index: 1, Rule: "easy", Preset: "new-eleusis", Turns: 20, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(true, 3, true), m(true, 5, true), observer}},
		// hard: 3 of 4 pairs misidentified; one hand split (sweet).
		{Index: 2, Rule: "hard", Preset: "new-eleusis", Turns: 30, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(true, 25, true), m(false, -1, true), observer}},
		{Index: 3, Rule: "hard", Preset: "new-eleusis", Turns: 10, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(false, -1, true), m(false, -1, true), observer}},
		// alien: nobody can express it.
		{Index: 4, Rule: "alien", Preset: "new-eleusis", Turns: 20, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(false, -1, false), m(false, -1, false), observer}},
		{Index: 5, Rule: "alien", Preset: "new-eleusis", Turns: 20, Scores: []int{1, 2, 3}, Discovery: []*hypotheses.Measures{m(false, -1, false), m(false, -1, false), observer}},
	}
	rk, err := Rank(p, recs, bank, testkit.Kit())
	if err != nil {
		t.Fatal(err)
	}
	if len(rk.Rules) != 2 || rk.Rules[0].Rule != "hard" || rk.Rules[1].Rule != "easy" {
		t.Fatalf("order: %+v", rk.Rules)
	}
	if len(rk.Outside) != 1 || rk.Outside[0].Rule != "alien" {
		t.Fatalf("outside block: %+v", rk.Outside)
	}
	hard, easy := rk.Rules[0], rk.Rules[1]
	if hard.Pairs != 4 || hard.Misidentified != stats.Wilson(3, 4) || float64(hard.Difficulty) != 0.75 {
		t.Errorf("hard: %d pairs, misidentified %+v", hard.Pairs, hard.Misidentified)
	}
	if hard.Sweet != 0.5 || !hard.SweetSpot || easy.Sweet != 0 {
		t.Errorf("sweet: hard %v (spot %v), easy %v", hard.Sweet, hard.SweetSpot, easy.Sweet)
	}
	// easy settles at 2, 3, 4, 5: KM median 3 (S = 0.5 after 3).
	if easy.SettleMedian != 3 || easy.Difficulty != 0 {
		t.Errorf("easy: settle median %v, difficulty %v", easy.SettleMedian, easy.Difficulty)
	}
	// hard: two pairs censored at 10 (that hand's end), then one settles
	// at 25 of the two still at risk: S = 0.5, the median.
	if hard.SettleMedian != 25 {
		t.Errorf("hard: settle median %v, want 25", hard.SettleMedian)
	}
	if len(hard.Settle) == 0 || hard.Settle[0].T != 10 || hard.Settle[0].Censors != 2 || hard.Settle[0].S != 1 {
		t.Errorf("hard: the hand that ended at move 10 is censored there: %+v", hard.Settle)
	}
	if hard.Observer || hard.ExpressibleSeats != 1 || !hard.LocalExact {
		t.Errorf("hard: %+v", hard)
	}
}
