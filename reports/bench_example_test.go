package reports_test

import (
	"fmt"

	"github.com/eleusis/eleusis/reports"
)

// The mixed design's schedule for four strategies at three seats: the 12
// rows of Bose's orthogonal Latin squares over GF(4). Each ordered pair of
// strategies sits in each ordered pair of seats exactly once.
func ExampleSchedule() {
	lineups, err := reports.Schedule([]string{"A", "B", "C", "D"}, 3)
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
	p := &reports.Plan{Seed: 1, Rules: []string{"same-suit"}, Presets: []string{"new-eleusis"}, Hands: 10}
	if err := p.SeatBench([]string{"bayes-eig", "random", "oracle"}, []reports.Design{reports.Solo, reports.Mixed}, 3); err != nil {
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
