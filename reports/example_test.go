package reports_test

import (
	"context"
	"fmt"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/reports"
	"github.com/eleusis/eleusis/rulebank"
)

// The Wilson interval of 3 hands found in 12: the estimate 0.25 and a
// 95% interval that stays inside [0, 1].
func ExampleWilson() {
	iv := reports.Wilson(3, 12)
	fmt.Printf("%.2f [%.3f, %.3f]\n", iv.Est, iv.Lo, iv.Hi)
	// Output:
	// 0.25 [0.089, 0.532]
}

// Kaplan–Meier: five hands, the rule found at moves 4, 6 and 6; two hands
// ended at moves 5 and 9 without anyone finding it (censored). The median
// is the first time the curve is at or below 0.5.
func ExampleKaplanMeier() {
	curve := reports.KaplanMeier([]float64{4, 5, 6, 6, 9}, []bool{true, false, true, true, false})
	for _, st := range curve {
		fmt.Printf("t=%g S=%.3f at risk %d, found %d, censored %d\n", st.T, st.S, st.AtRisk, st.Events, st.Censors)
	}
	fmt.Println("median:", reports.KMMedian(curve))
	// Output:
	// t=4 S=0.800 at risk 5, found 1, censored 0
	// t=5 S=0.800 at risk 4, found 0, censored 1
	// t=6 S=0.267 at risk 3, found 2, censored 0
	// t=9 S=0.267 at risk 1, found 0, censored 1
	// median: 6
}

// A plan of 2 rules × 3 hands with random players: Run hands each record,
// in index order, to Each (nothing is kept in memory; with RunOptions.Out
// the records also go to hands.jsonl, beside run.json).
func ExampleLab_Run() {
	runner := &reports.Lab{Bank: rulebank.Default(), Kit: agents.NewKit()}
	plan := &reports.Plan{Seed: 1, Rules: []string{"same-suit", "only-red"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 3, NoDiscovery: true}
	hands := map[string]int{}
	_, err := runner.Run(context.Background(), plan, reports.RunOptions{Workers: 2, Each: func(h *reports.HandRecord) error {
		hands[h.Rule]++
		return nil
	}})
	fmt.Println(hands, err)
	fmt.Println(plan.Defs[1].Expr)
	// Output:
	// map[only-red:3 same-suit:3] <nil>
	// card.color == "red"
}
