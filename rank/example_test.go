package rank_test

import (
	"context"
	"fmt"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rank"
	"github.com/eleusis/eleusis/rulebank"
)

// The pipeline of `eleusis rank` on a small plan: the lab plays the hands
// (lab.Run), the Ranker sums them up as they come (Add) and orders the
// rules from the hardest (Ranking); render.WriteAll would then write its
// Tables. A rule no scientist of the line-up can express (here
// black-high-red-low, beyond a closed space of 3,000 hypotheses: synth=false)
// is set apart; with the default open belief the scientist reaches past
// its index, and every rule is ranked.
func ExampleRanker() {
	runner := &lab.Lab{Bank: rulebank.Default(), Kit: agents.NewKit()}
	plan := &lab.Plan{Seed: 3, Rules: []string{"same-suit", "black-high-red-low"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"bayes-eig(size=3000,synth=false)", "random", "random", "random"}}, Hands: 2}
	r := rank.NewRanker(plan, runner.Bank, runner.Kit)
	if _, err := runner.Run(context.Background(), plan, lab.RunOptions{Each: func(h *lab.HandRecord) error {
		r.Add(h)
		return nil
	}}); err != nil {
		panic(err)
	}
	rk, err := r.Ranking()
	if err != nil {
		panic(err)
	}
	for _, s := range rk.Rules {
		fmt.Printf("%s: %d hands, misidentified %.2f, God scored %.1f\n", s.Rule, s.Hands, s.Misidentified.Est, s.GodScore.Est)
	}
	for _, s := range rk.Outside {
		fmt.Printf("outside the scientists' space: %s\n", s.Rule)
	}
	// Output:
	// same-suit: 2 hands, misidentified 0.00, God scored 23.5
	// outside the scientists' space: black-high-red-low
}
