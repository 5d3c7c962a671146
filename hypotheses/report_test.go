package hypotheses

import (
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
)

// The report counts every kept hypothesis once among the families, lists
// the top hypotheses a priori most probable first, and places each rule.
func TestReport(t *testing.T) {
	sp := small()
	rules := []*rulebank.Compiled{compile(t, `card.suit == prev.suit`), compile(t, `card.color != prev.color`)}
	truth := func(r *rulebank.Compiled) (*Truth, error) {
		return sp.Classify(r, godrule.Config{Walks: 2, Horizon: 20, Seed: 1})
	}
	rep, err := sp.Report(5, rules, truth, testPlace)
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for _, f := range rep.Families {
		kept += f.Count
	}
	if kept != rep.Stats.Kept || len(rep.Families) != len(Families()) {
		t.Errorf("families hold %d hypotheses in %d families; the space keeps %d", kept, len(rep.Families), rep.Stats.Kept)
	}
	if len(rep.Top) != 5 {
		t.Fatalf("%d top hypotheses, want 5", len(rep.Top))
	}
	for i := 1; i < len(rep.Top); i++ {
		if rep.Top[i].Prior > rep.Top[i-1].Prior {
			t.Errorf("top %d (%v) more probable than top %d (%v)", i, rep.Top[i].Prior, i-1, rep.Top[i-1].Prior)
		}
	}
	want := []string{"card.suit == prev.suit", "card.color != prev.color"}
	for i, p := range rep.Rules {
		if !p.Reached || !p.Index || p.Expr != want[i] || p.Class < 1 || p.States < 1 {
			t.Errorf("rule %d: %+v", i, p)
		}
	}
}
