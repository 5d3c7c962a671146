package bench

import (
	"math"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
)

// The leaderboard's figures on hand-made records: one measured seat per
// hand (turning with the repetition in homogeneous tables), strategies
// without a belief not measured but their observer is, stated beliefs
// measured, a hand a seat failed counted against that seat's strategy
// (a strategy without a belief still unmeasured), one that failed without
// a seat to blame left out (stopped), scores only from the mixed design,
// pairs deal by deal in each design.
func TestBencherByHand(t *testing.T) {
	p := &lab.Plan{Seed: 1, Rules: []string{"r"}, Presets: []string{"new-eleusis"}, Hands: 2}
	if err := p.SeatBench([]string{"a", "b"}, []lab.Design{lab.Homogeneous, lab.Mixed}, 2); err != nil {
		t.Fatal(err)
	}
	// Line-ups: 0 [a a], 1 [b b] (homogeneous), 2 [a b], 3 [b a] (mixed).
	found := func(settled int, own bool) *hypotheses.Measures {
		return &hypotheses.Measures{Identified: true, Settled: settled, Confidence: 0.9, Own: own, Expressible: true, Predictive: 0.8}
	}
	missed := func(own bool) *hypotheses.Measures {
		return &hypotheses.Measures{Settled: -1, Confidence: 0.6, Own: own, Expressible: true, Predictive: 0.6}
	}
	idx := func(lineup, rep int) int { return lineup*p.Hands + rep }
	one := 1
	recs := []lab.HandRecord{
		// a, rep 0: seat 0 measured (found at 5); seat 1 missed (not read).
		{Index: idx(0, 0), Rule: "r", Preset: "new-eleusis", Players: []string{"a", "a"}, Turns: 20, Scores: []int{1, 2},
			Discovery: []*hypotheses.Measures{found(5, true), missed(true)}, Observer: found(4, false)},
		// a, rep 1: seat 1 measured: missed.
		{Index: idx(0, 1), Rule: "r", Preset: "new-eleusis", Players: []string{"a", "a"}, Turns: 30, Scores: []int{1, 2},
			Discovery: []*hypotheses.Measures{found(5, true), missed(true)}, Observer: found(9, false)},
		// b holds no belief: not measured; its observer is.
		{Index: idx(1, 0), Rule: "r", Preset: "new-eleusis", Players: []string{"b", "b"}, Turns: 20, Scores: []int{0, 0},
			Observer: missed(false)},
		{Index: idx(1, 1), Rule: "r", Preset: "new-eleusis", Players: []string{"b", "b"}, Error: "seat 1 (b): it crashed\nstack", FailedSeat: &one, Turns: 4},
		// mixed: [a b] scores 4, 0; [b a] failed at rep 0; rep 1 both played.
		{Index: idx(2, 0), Rule: "r", Preset: "new-eleusis", Players: []string{"a", "b"}, Scores: []int{4, 0}},
		{Index: idx(2, 1), Rule: "r", Preset: "new-eleusis", Players: []string{"a", "b"}, Scores: []int{2, 2}},
		{Index: idx(3, 0), Rule: "r", Preset: "new-eleusis", Players: []string{"b", "a"}, Error: "boom"},
		{Index: idx(3, 1), Rule: "r", Preset: "new-eleusis", Players: []string{"b", "a"}, Scores: []int{1, 3}},
	}
	lb := Bench(p, recs)
	row := func(s string, d lab.Design) StrategyRow {
		for _, r := range lb.Strategies {
			if r.Strategy == s && r.Design == d {
				return r
			}
		}
		t.Fatalf("no row %s %s", s, d)
		return StrategyRow{}
	}
	a, b := row("a", lab.Homogeneous), row("b", lab.Homogeneous)
	if a.Belief != "own" || a.Measured != 2 || a.Identified.Est != 0.5 || a.Settle.Est != 5 || a.Hands != 2 || a.Rank != 1 {
		t.Errorf("a homogeneous: %+v", a)
	}
	if math.Abs(a.Predictive.Est-0.7) > 1e-12 || a.ObserverIdentified.Est != 1 || a.ObserverSettle.Est != 4 {
		t.Errorf("a's predictive %v, observer %v settled %v", a.Predictive, a.ObserverIdentified, a.ObserverSettle)
	}
	if b.Belief != "none" || b.Measured != 0 || !math.IsNaN(b.Identified.Est) || b.Rank != 0 || b.ObserverIdentified.Est != 0 ||
		b.Hands != 1 || b.Failed != 1 || b.FailedShare.Est != 0.5 || b.FirstError != "seat 1 (b): it crashed" {
		t.Errorf("b homogeneous: %+v", b)
	}
	am, bm := row("a", lab.Mixed), row("b", lab.Mixed)
	if am.Seats != 3 || am.Score.Est != 3 || am.Hands != 3 || am.Failed != 0 || am.Stopped != 1 || bm.Score.Est != 1 || !math.IsNaN(am.Identified.Est) {
		t.Errorf("mixed: a %+v\nb %+v", am, bm)
	}
	// Mixed, deal by deal: rep 0 a 4 − b 0 (the failed table left out),
	// rep 1 (2+3)/2 − (2+1)/2 = 1. Homogeneous: b has no belief (no
	// discovery pair); on the deal its seat failed it scores the worst,
	// 0, against a's 2: (1 − 0 + 2 − 0)/2.
	if len(lb.Pairs) != 2 || lb.Pairs[1].Design != lab.Mixed || lb.Pairs[1].Scored != 2 || lb.Pairs[1].ScoreDiff.Est != 2.5 || lb.Pairs[1].A != "a" ||
		lb.Pairs[0].Identified != 0 || lb.Pairs[0].Scored != 2 || lb.Pairs[0].ScoreDiff.Est != 1.5 {
		t.Errorf("pairs %+v", lb.Pairs)
	}
	if lb.Errors != 2 || len(lb.AllFailed()) != 0 {
		t.Errorf("errors %d, all failed %v", lb.Errors, lb.AllFailed())
	}
	var text strings.Builder
	if err := render.Render(&text, "table", lb, lb.Tables()...); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Discovery, design homogeneous", "belief none: ", "Experiments, design homogeneous", "Score, design mixed",
		"Failures (failed seats: 1; stopped hands: 2)", "seat 1 (b): it crashed"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the tables do not say %q:\n%s", want, text.String())
		}
	}
}
