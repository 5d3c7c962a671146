package lessons_test

import (
	"fmt"
	"os"

	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A played hand read from its transcript (the book's second example),
// refereed with its rule from the default bank, and shown as `eleusis replay` shows it: how it ended, the
// scores and the first moves in words.
func ExampleNewHandReport() {
	data, err := os.ReadFile("../sim/testdata/example2.yaml")
	if err != nil {
		panic(err)
	}
	t, err := sim.ParseTranscript(data)
	if err != nil {
		panic(err)
	}
	rule, err := rulebank.Default().Get(t.RuleName)
	if err != nil {
		panic(err)
	}
	h, err := sim.Replay(t, rule.NewJudge())
	if err != nil {
		panic(err)
	}
	rep := lessons.NewHandReport(t.RuleName, t.Preset, t.God, t.Players, h.Result())
	fmt.Println(rep.End, "God", rep.God.Score)
	for _, p := range rep.Players {
		fmt.Println(p.Name, p.Score)
	}
	for _, m := range rep.Moves.Moves[:3] {
		fmt.Println(rep.Moves.Names[m.Player], m.Kind, m.Cards, m.Verdict, "penalty", m.Penalty)
	}
	// Output:
	// unfinished God 5
	// Ana 1
	// Bia 5
	// Caio 0
	// Duda 5
	// Ana seq [4S 9D JC] no penalty 6
	// Bia play [2D] yes penalty 0
	// Caio noplay [3S 4H 5H 6H 7H 8H 9S 10S JS QC KC AC AS 3C] no penalty 5
}
