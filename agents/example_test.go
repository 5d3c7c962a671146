package agents_test

import (
	"fmt"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Play one hand of New Eleusis: God holds "same suit", four random players
// sit at the table; the same seed always plays the same hand.
func ExampleKit_Play() {
	rule, _ := rulebank.Default().Get("same-suit")
	opts, _ := sim.Preset("new-eleusis")
	var lineup []agents.Spec
	for range 4 {
		s, _ := agents.ParseSpec("random")
		lineup = append(lineup, s)
	}
	out, err := agents.NewKit().Play(agents.HandSetup{Rule: rule, Options: opts, Lineup: lineup, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := out.Result
	fmt.Println("end:", r.End, "after", r.Turns, "moves")
	fmt.Println("main line starts:", sim.CardsString(r.MainLine[:4]))
	for _, p := range r.Players {
		fmt.Printf("seat %d: %d cards left, score %d\n", p.Seat+1, p.Cards, p.Score)
	}
	fmt.Println("God:", r.GodScore)
	// Output:
	// end: all_eliminated after 34 moves
	// main line starts: AS 7S QS 3S
	// seat 1: 20 cards left, score 0
	// seat 2: 20 cards left, score 0
	// seat 3: 16 cards left, score 4
	// seat 4: 20 cards left, score 0
	// God: 4
}
