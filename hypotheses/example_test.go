package hypotheses_test

import (
	"fmt"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// A scientist's belief learns from God's verdicts: after the starter KH,
// God refuses every card of the last card's colour and accepts the others. Strict
// elimination (ε = 0) removes every hypothesis that contradicts a verdict;
// the prior (2^−description length) ranks the survivors.
func ExampleRecord_Apply() {
	space := hypotheses.Default() // 100,000 hypotheses, built once per process
	belief := space.NewBelief(0)
	belief.Exact()
	rec := hypotheses.NewRecord(belief)
	starter, _ := sim.ParseCards("KH")
	rec.Start(starter, nil)
	show := func(when string) {
		ids, ps := rec.Top(2)
		fmt.Printf("%s: %d hypotheses left;", when, rec.Count())
		for i, id := range ids {
			fmt.Printf(" %s (%.2f)", space.Hyps[id].Expr, ps[i])
		}
		fmt.Println()
	}
	show("before")
	for _, m := range []struct {
		card    string
		verdict sim.Verdict
	}{{"5H", sim.No}, {"9S", sim.Yes}, {"3C", sim.No}, {"4D", sim.Yes}, {"7D", sim.No}, {"JC", sim.Yes}, {"QS", sim.No}, {"8H", sim.Yes}} {
		c, _ := sim.ParseCard(m.card)
		move := sim.MoveRecord{Kind: sim.Play, Cards: []sim.Card{c}, Verdict: m.verdict, Prophet: -1}
		if m.verdict == sim.Yes {
			move.Accepted = move.Cards
		}
		rec.Apply(&move, nil)
	}
	show("after 8 verdicts")
	// Output:
	// before: 100000 hypotheses left; true (0.01) card.color == "red" (0.01)
	// after 8 verdicts: 361 hypotheses left; card.color != prev.color (0.29) prev.color == "red" ? card.color == "black" or card.face : card.color == "red" and not card.face (0.04)
}
