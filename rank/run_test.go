package rank

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
)

// rankJSON is the ranking of a run's hands as --format json prints it.
func rankJSON(t *testing.T, p *lab.Plan, recs []lab.HandRecord, bank *rulebank.Bank) ([]byte, *Ranking) {
	t.Helper()
	rk, err := Rank(p, recs, bank, testkit.Kit())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := render.Render(&buf, "json", rk, rk.Tables()...); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), rk
}

// The same run played at 1, 2 and 8 workers ranks the rules to the same
// byte of JSON (the lab's own test holds its hands.jsonl alike).
func TestRankingAtAnyWorkers(t *testing.T) {
	p := &lab.Plan{Seed: 42, Rules: []string{"black-high-red-low", "same-suit"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{
			{"bayes-eig(size=3000)", "positive-tester(size=3000)", "random", "bounded-human(k=5)"},
			{"random", "bayes-greedy(size=3000)", "falsifier(size=3000)", "oracle"},
		}, Hands: 6, Moves: true}
	var first []byte
	for _, w := range []int{1, 2, 8} {
		recs, err := (&lab.Lab{Bank: rulebank.Default(), Kit: testkit.Kit()}).Run(context.Background(), p, lab.RunOptions{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		js, _ := rankJSON(t, p, recs, rulebank.Default())
		if first == nil {
			first = js
		} else if !bytes.Equal(js, first) {
			t.Errorf("the ranking differs at %d workers", w)
		}
	}
}

// A rule that fails at run time is ranked last with its error, and the
// other rules are ranked; its plots are drawn.
func TestRankingWithAFailingRule(t *testing.T) {
	bank, err := rulebank.Load([]byte("rules:\n  - name: breaks-late\n    expr: \"n < 3 ? true : line[n + 5].rank > 0\"\n  - name: fine\n    expr: \"card.color != prev.color\"\n"), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := &lab.Plan{Seed: 1, Rules: []string{"breaks-late", "fine"}, Presets: []string{"new-eleusis"}, Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 3}
	recs, err := (&lab.Lab{Bank: bank, Kit: testkit.Kit()}).Run(context.Background(), p, lab.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, rk := rankJSON(t, p, recs, bank)
	if err := RankPlots(t.TempDir(), rk); err != nil {
		t.Fatal(err)
	}
	last := rk.Rules[len(rk.Rules)-1]
	if rk.Rules[0].Rule != "fine" || last.Rule != "breaks-late" || last.Errors != 3 || !strings.Contains(last.Problem, "index out of range") {
		t.Errorf("ranking with a failing rule: %+v", rk.Rules)
	}
}
