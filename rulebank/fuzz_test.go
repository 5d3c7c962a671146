package rulebank

import (
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// FuzzLoad: the bank loader never panics; what it accepts compiles.
func FuzzLoad(f *testing.F) {
	f.Add(defaultBank)
	f.Add([]byte("rules:\n  - name: a\n    expr: 'card.rank > prev.rank'\n"))
	f.Add([]byte("rules:\n  - name: a\n    expr: [\n"))
	f.Add([]byte("rules:\n  - {name: a, expr: 'true', tags: [x, y]}\n  - {name: a, expr: 'false'}\n"))
	f.Add([]byte("rules: !!binary AAAA\n"))
	f.Add([]byte("- a\n- b\n"))
	f.Add([]byte("rules:\n  - name: a\n    expr: 'true'\n    starter: 'prev.rank'\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Load(data, "fuzz.yaml")
		if err != nil {
			return
		}
		for _, c := range b.Rules {
			if c.Rule.Name == "" || c.program == nil {
				t.Fatalf("accepted a rule without name or program: %+v", c.Rule)
			}
		}
	})
}

// FuzzCompile: the compiler front never panics, and a compiled rule judges
// without panicking (a run-time failure is an error).
func FuzzCompile(f *testing.F) {
	for _, s := range []string{
		`card.color != prev.color`, `prev2 != nil and prev2.rank < card.rank`, `line[n-1].rank == prev.rank`,
		`count(line, .face) > 2`, `card.rank +`, `card.rank + 1`, `{"a": 1}[prev.suit] == 1`, `$env.card.rank > 3`,
		`let x = prev.rank; x > card.rank`, `line[99].rank > 1`, `prev3.rank > 1`, `1 / (card.rank - card.rank) > 0`,
		`all(1..900000, # > 0)`, `none(line[max(0, n - 4):], {.rank == card.rank})`, `!!!!!!!!!!!!true`,
		`((((((((((true))))))))))`, `reduce(1..n, #acc + #, 0) > 3`, `len(repeat("ab", card.rank)) > 3`,
		`any(map(line, [.rank, .suit]), #[0] == card.rank)`, `card.suit in ["hearts", "spades"] ? prev?.odd ?? true : false`,
		`- - - -1 < 0`, `not not not true`, `"(((" + "]]]" != ""`, `sortBy(line, .rank)[0].rank < card.rank`,
	} {
		f.Add(s)
	}
	god := Default().Rules[0].NewJudge()
	f.Fuzz(func(t *testing.T, src string) {
		c, err := Compile(Rule{Name: "fuzz", Expr: src})
		if err != nil {
			return
		}
		if c.Steps > MaxSteps {
			t.Fatalf("compiled a rule of %d steps", c.Steps)
		}
		j := c.NewJudge()
		line := []sim.Card{sim.NewCard(3, sim.Hearts), sim.NewCard(12, sim.Spades)}
		_, _ = j.Accepts(line, sim.NewCard(7, sim.Clubs))
		_, _ = j.Starter(sim.NewCard(1, sim.Diamonds))
		// As a guess against a rule that reads a few attributes.
		_, _ = god.Equivalent(src)
	})
}
