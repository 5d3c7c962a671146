package lab_test

import (
	"context"
	"fmt"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// A plan of 2 rules × 3 hands with random players: Run hands each record,
// in index order, to Each (nothing is kept in memory; with RunOptions.Out
// the records also go to hands.jsonl, beside run.json).
func ExampleLab_Run() {
	runner := &lab.Lab{Bank: rulebank.Default(), Kit: agents.NewKit()}
	plan := &lab.Plan{Seed: 1, Rules: []string{"same-suit", "only-red"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 3, NoDiscovery: true}
	hands := map[string]int{}
	_, err := runner.Run(context.Background(), plan, lab.RunOptions{Workers: 2, Each: func(h *lab.HandRecord) error {
		hands[h.Rule]++
		return nil
	}})
	fmt.Println(hands, err)
	fmt.Println(plan.Defs[1].Expr)
	// Output:
	// map[only-red:3 same-suit:3] <nil>
	// card.color == "red"
}

// The mixed design's schedule for four strategies at three seats: the 12
// rows of Bose's orthogonal Latin squares over GF(4). Each ordered pair of
// strategies sits in each ordered pair of seats exactly once.
func ExampleSchedule() {
	lineups, err := lab.Schedule([]string{"A", "B", "C", "D"}, 3)
	if err != nil {
		panic(err)
	}
	for _, lu := range lineups {
		fmt.Print(lu, " ")
	}
	fmt.Println()
	// Output:
	// [A B C] [B A D] [C D A] [D C B] [A C D] [B D C] [C A B] [D B A] [A D B] [B C A] [C B D] [D A C]
}

// A bench plan: each strategy alone against God, then together at tables
// of three (the solo tables need the option min_players=1).
func ExamplePlan_SeatBench() {
	p := &lab.Plan{Seed: 1, Rules: []string{"same-suit"}, Presets: []string{"new-eleusis"}, Hands: 10}
	if err := p.SeatBench([]string{"bayes-eig", "random", "oracle"}, []lab.Design{lab.Solo, lab.Mixed}, 3); err != nil {
		panic(err)
	}
	for i, lu := range p.Lineups {
		fmt.Println(p.Designs[i], lu)
	}
	fmt.Println(p.Options)
	// Output:
	// solo [bayes-eig]
	// solo [random]
	// solo [oracle]
	// mixed [bayes-eig random oracle]
	// mixed [random oracle bayes-eig]
	// mixed [oracle bayes-eig random]
	// mixed [bayes-eig oracle random]
	// mixed [random bayes-eig oracle]
	// mixed [oracle random bayes-eig]
	// [min_players=1]
}
