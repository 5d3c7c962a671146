package rulebank

import (
	"testing"

	"github.com/eleusis/eleusis/sim"
)

func benchJudge(b *testing.B, src string) {
	j := mustCompile(b, "bench", src).NewJudge()
	line := cards(b, "3H 4S 9D JC 2H")
	card := cards(b, "7C")[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := j.Accepts(line, card); err != nil {
			b.Fatal(err)
		}
	}
}

// A card/prev rule is a truth-table lookup; deeper rules run on expr.
func BenchmarkJudgeTable(b *testing.B) {
	benchJudge(b, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`)
}
func BenchmarkJudgeExprPrev2(b *testing.B) {
	benchJudge(b, `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`)
}
func BenchmarkJudgeExprLine(b *testing.B) {
	benchJudge(b, `none(line[max(0, n - 4):], {.rank == card.rank})`)
}

// A rule that reads every card of the line, several fields of each.
func BenchmarkJudgeExprWholeLine(b *testing.B) {
	benchJudge(b, `let s = filter(line, .suit == card.suit); len(s) == 0 or card.rank > last(s).rank`)
}

// Whole hands of New Eleusis with four random players.
func benchHands(b *testing.B, rule string) {
	c, err := Default().Get(rule)
	if err != nil {
		b.Fatal(err)
	}
	o, _ := sim.Preset("new-eleusis")
	j := c.NewJudge()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ps := []sim.Player{sim.NewRandomPlayer(uint64(i)), sim.NewRandomPlayer(uint64(i) + 1),
			sim.NewRandomPlayer(uint64(i) + 2), sim.NewRandomPlayer(uint64(i) + 3)}
		h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: j, Players: ps, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := h.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHandRandomTableRule(b *testing.B) { benchHands(b, "black-high-red-low") }
func BenchmarkHandRandomExprRule(b *testing.B)  { benchHands(b, "two-reds-then-black") }

func BenchmarkAnalyse(b *testing.B) {
	c, _ := Default().Get("two-reds-then-black")
	for i := 0; i < b.N; i++ {
		Analyse(c, DefaultAnalyse)
	}
}

// BenchmarkRightGuess: deciding a right guess (the rule itself, written
// differently) for every rule of the default bank that looks three back or
// reads the whole line, with God's rule already explored (its walks and
// windows are kept per rule).
func BenchmarkRightGuess(b *testing.B) {
	for _, c := range Default().Rules {
		if d := c.Reads.Depth(); d != 3 && d != -1 {
			continue
		}
		guess := "true and (" + c.Rule.Expr + ")"
		if ok, err := c.NewJudge().Equivalent(guess); !ok || err != nil {
			b.Fatalf("%s: %v %v", c.Rule.Name, ok, err)
		}
		b.Run(c.Rule.Name, func(b *testing.B) {
			for b.Loop() {
				if ok, err := c.NewJudge().Equivalent(guess); !ok || err != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}
