package rulebank

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Rules that read the last card of a kind, in the places where expr
// 1.17.8's backward loops gave wrong verdicts (the right of an operator, a
// list, an argument), judge as their words say: each against the same rule
// written in Go, on random lines.
func TestTheLastCardOfAKindIsReadRightEverywhere(t *testing.T) {
	// lastFace is the index of the line's last face card, -1 for none.
	lastFace := func(line []sim.Card) int {
		for i := len(line) - 1; i >= 0; i-- {
			if line[i].Face() {
				return i
			}
		}
		return -1
	}
	cases := []struct {
		expr string
		want func(line []sim.Card, c sim.Card) bool
	}{
		{`none(line, .face) or card.suit == last(filter(line, .face)).suit`, func(l []sim.Card, c sim.Card) bool {
			i := lastFace(l)
			return i < 0 || l[i].Suit() == c.Suit()
		}},
		{`card.rank > (findLast(line, .face)?.rank ?? 0)`, func(l []sim.Card, c sim.Card) bool {
			i := lastFace(l)
			return i < 0 || c.Rank() > l[i].Rank()
		}},
		{`none(line, .face) or card.color == filter(line, .face)[-1].color`, func(l []sim.Card, c sim.Card) bool {
			i := lastFace(l)
			return i < 0 || l[i].Red() == c.Red()
		}},
		{`card.rank + (findLastIndex(line, .face) ?? -1) > 7`, func(l []sim.Card, c sim.Card) bool {
			return c.Rank()+lastFace(l) > 7
		}},
		{`[card.rank, findLastIndex(line, .face) ?? 20][1] >= n - 3`, func(l []sim.Card, c sim.Card) bool {
			i := lastFace(l)
			return i < 0 || i >= len(l)-3
		}},
		{`max(card.rank, (findLast(line, .face) ?? card).rank) == card.rank`, func(l []sim.Card, c sim.Card) bool {
			i := lastFace(l)
			return i < 0 || l[i].Rank() <= c.Rank()
		}},
	}
	rng := rand.New(rand.NewPCG(8, 1))
	for _, tc := range cases {
		c, err := Compile(Rule{Name: "r", Expr: tc.expr})
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		j := c.NewJudge()
		for range 400 {
			line := make([]sim.Card, 1+rng.IntN(10))
			for i := range line {
				line[i] = sim.Card(rng.IntN(sim.NumCards))
			}
			card := sim.Card(rng.IntN(sim.NumCards))
			got, err := j.Accepts(line, card)
			if err != nil {
				t.Fatalf("%s after %s: %v", tc.expr, sim.CardsString(line), err)
			}
			if want := tc.want(line, card); got != want {
				t.Fatalf("%s: %s after %s: %v, its words say %v", tc.expr, card, sim.CardsString(line), got, want)
			}
		}
	}
}
