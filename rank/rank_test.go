package rank

import (
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/stats"
)

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
