package lab_test

import (
	"context"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// The speed harness measures on SpeedRule when the bank has it (else the
// bank's first rule), every figure from hands that were played, and an
// index only for a strategy with a space; a failing hand stops it.
func TestMeasureSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("plays hands to time them: seconds; runs without -short")
	}
	l := &lab.Lab{Bank: rulebank.Default(), Kit: testkit.Kit()}
	rule, rows, err := l.MeasureSpeed(context.Background(), lab.SpeedPlan{Strategies: []string{"random", "bayes-eig(size=2000)"}, Hands: 4, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rule != lab.SpeedRule || len(rows) != 2 {
		t.Fatalf("rule %q, rows %+v", rule, rows)
	}
	for _, r := range rows {
		if r.OneWorker <= 0 || r.AllWorkers <= 0 || r.Measured <= 0 || r.Workers != 1 || r.PerCore != r.AllWorkers {
			t.Errorf("%+v", r)
		}
	}
	if rows[0].IndexMiB != 0 || rows[1].IndexMiB <= 0 {
		t.Errorf("index: random %v, bayes-eig %v", rows[0].IndexMiB, rows[1].IndexMiB)
	}

	bank, err := rulebank.Load([]byte("rules:\n  - name: breaks-late\n    expr: \"n < 3 ? true : line[n + 5].rank > 0\"\n"), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	l = &lab.Lab{Bank: bank, Kit: testkit.Kit()}
	if rule, _, err := l.MeasureSpeed(context.Background(), lab.SpeedPlan{Strategies: []string{"random"}, Hands: 1}); err == nil || rule != "breaks-late" {
		t.Errorf("rule %q, error %v: want the bank's first rule and its failure", rule, err)
	}
}
