package bench_test

import (
	"context"
	"fmt"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// The pipeline of `eleusis bench` on a small plan: two strategies, each
// alone against God (the solo design), on the same deals. The Bencher sums
// up the hands as the lab plays them; the Leaderboard ranks the strategies
// with a belief and lists the others unranked (rank 0, nothing measured).
func ExampleBencher() {
	runner := &lab.Lab{Bank: rulebank.Default(), Kit: agents.NewKit()}
	plan := &lab.Plan{Seed: 2, Rules: []string{"same-suit"}, Presets: []string{"new-eleusis"}, Hands: 3}
	if err := plan.SeatBench([]string{"bayes-eig(size=3000)", "random"}, []lab.Design{lab.Solo}, 1); err != nil {
		panic(err)
	}
	b := bench.NewBencher(plan)
	if _, err := runner.Run(context.Background(), plan, lab.RunOptions{Each: func(h *lab.HandRecord) error {
		b.Add(h)
		return nil
	}}); err != nil {
		panic(err)
	}
	for _, s := range b.Leaderboard().Strategies {
		fmt.Printf("%d %s (%s): %d hands, identified %.2f\n", s.Rank, s.Strategy, s.Design, s.Hands, s.Identified.Est)
	}
	// Output:
	// 1 bayes-eig(size=3000) (solo): 3 hands, identified 1.00
	// 0 random (solo): 3 hands, identified NaN
}
