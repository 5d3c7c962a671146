package rulebank

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Expressions from outside of any size or shape: a clear error before expr
// parses them (a deep one would overflow its recursive parser, which no
// recover catches), or a bound on the steps a judgement may take.
func TestUntrustedExpressions(t *testing.T) {
	mb := 1 << 20
	cases := []struct {
		name, src, want string
	}{
		{"1 MB of !", strings.Repeat("!", mb) + "true", "longer than 4096 bytes (1048580)"},
		{"1 MB of (", strings.Repeat("(", mb), "longer than 4096 bytes"},
		{"deep brackets", strings.Repeat("(", 100) + "true" + strings.Repeat(")", 100), "nested more than 64 deep"},
		{"deep negation", strings.Repeat("!", 70) + "true", "nested more than 64 deep"},
		{"deep not", strings.Repeat("not ", 70) + "true", "nested more than 64 deep"},
		{"deep minus", strings.Repeat("-", 70) + "1 > 0", "nested more than 64 deep"},
		{"ternary chain", strings.Repeat("card.rank > 1 ? true : ", 70) + "false", "nested more than 64 deep"},
		{"not UTF-8", "card.suit == \"\xff\"", "not valid UTF-8"},
		{"a long range", "all(1..900000, # > 0)", "up to 4500003 steps"},
		{"a range on n", "n > 0 and all(1..n*1000, # > 0)", "at most 20000 are allowed"},
		{"line inside line", "all(line, any(line, .rank == card.rank))", "at most 20000 are allowed"},
		{"line three deep", "all(line, all(line, all(line, true)))", "steps"},
		{"a growing string", `reduce(1..5000, #acc + "xxxxxxxxxx", "") != ""`, "steps"},
		{"the clock", "now().Year() > 2000", "unknown name now"},
		{"a huge repeat", `len(repeat("x", 100000000)) > 0`, "steps"},
		{"a huge repeat at run time", `len(repeat("x", card.rank * 100000000)) > 0`, "steps"},
		{"a long range in a map", `let o = {"a": 1..900000}; all(o["a"], # > 0)`, "steps"},
		{"lists in a map joined inside a loop", `all(line, all(line, len({"a": [1, 2]}["a"] + {"a": [1, 2]}["a"]) > 0))`, "steps"},
		{"a long string joined to a suit inside a loop", `all(line, len(card.suit + "` + strings.Repeat("x", 3000) + `") > 0)`, "steps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile(Rule{Name: "r", Expr: c.src})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %.300v, want %q", err, c.want)
			}
			// As a starter predicate too.
			if _, err := Compile(Rule{Name: "r", Expr: "true", Starter: c.src}); err == nil {
				t.Errorf("starter accepted")
			}
		})
	}
	// Bounded, and allowed: loops over the line, short slices of it,
	// ranges over n, nesting within the bound, strings with brackets.
	for _, src := range []string{
		`all(line, .rank != card.rank)`,
		`none(line[max(0, n - 4):], {.rank == card.rank})`,
		`none(line[-3:], .suit == card.suit)`,
		`any(1..n, # % 13 == card.rank)`,
		`count(line, .face) < count(line, !.face)`,
		// A table of points written inline (expr folds it to a constant):
		// its elements are numbers, not lists to loop over.
		`[0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3][card.rank] + [0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3][prev.rank] <= 4`,
		`sum(map(line, [0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3][.rank])) < 2 * n`,
		// A table of numbers by suit, added to a rank: a number, not a
		// string or a list joined.
		`let o = {"clubs": 1, "diamonds": 2, "hearts": 3, "spades": 4}; card.rank * 4 + o[card.suit] > prev.rank * 4 + o[prev.suit]`,
		`card.rank + {"clubs": 1, "diamonds": 2, "hearts": 3, "spades": 4}[card.suit] > 5`,
		// The bit functions give a number, compared with a list or
		// another: no loop (they were charged as one).
		`bitxor(card.rank, prev.rank) in [1, 2, 4, 8]`,
		`let x = bitxor(card.rank, prev.rank); x in [1, 2, 4, 8] or bitshl(1, 3) == card.rank`,
		`bitxor(bitxor(card.rank, prev.rank), n) != 0 and abs(bitor(card.rank, 1)) < 14`,
		// The letters of the ranks' names: a table of strings, split into
		// letters and looped over.
		`let names = ["", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"]; any(split(names[card.rank], ""), names[prev.rank] contains #)`,
		`any(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t"], ["ace", "two", "three"][card.rank % 3] contains # and ["ace", "two", "three"][prev.rank % 3] contains #)`,
		strings.Repeat("!", 60) + "true",
		`card.suit != "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("`,
	} {
		c, err := Compile(Rule{Name: "r", Expr: src})
		if err != nil {
			t.Errorf("%.60s: %v", src, err)
			continue
		}
		if c.Steps > MaxSteps {
			t.Errorf("%.60s: %d steps", src, c.Steps)
		}
		line := []sim.Card{1, 2, 3, 4, 5, 6}
		if _, err := c.NewJudge().Accepts(line, 7); err != nil {
			t.Errorf("%.60s: %v", src, err)
		}
	}
}

// The static bound is an upper bound: every rule of the default bank takes
// fewer steps, and the longest still judge a card quickly.
func TestStepsOfTheDefaultBank(t *testing.T) {
	for _, c := range Default().Rules {
		if c.Steps < 1 || c.Steps > MaxSteps {
			t.Errorf("%s: %d steps", c.Rule.Name, c.Steps)
		}
		if j := c.NewJudge(); j.vm.MemoryBudget != MemoryBudget {
			t.Errorf("%s: the judge's memory budget is %d", c.Rule.Name, j.vm.MemoryBudget)
		}
	}
	for _, c := range []struct {
		src      string
		min, max int
	}{
		{`card.rank > 3`, 3, 10},
		// 416 turns (8 decks of cards on the line) of a body of a few steps
		{`all(line, .rank != card.rank)`, 416 * 4, 416 * 10},
		// the slice holds at most 4 cards
		{`none(line[max(0, n - 4):], {.rank == card.rank})`, 4 * 4, 100},
		{`none(line[-3:], .suit == card.suit)`, 3 * 4, 100},
		// n ≤ 416
		{`any(1..n, # % 13 == card.rank)`, 416 * 4, 416 * 12},
		// a table of numbers: a lookup, no loop
		{`let o = {"clubs": 1, "diamonds": 2, "hearts": 3, "spades": 4}; card.rank + o[card.suit] > 5`, 5, 40},
	} {
		r := mustCompile(t, "r", c.src)
		if r.Steps < c.min || r.Steps > c.max {
			t.Errorf("%s: %d steps, want %d to %d", c.src, r.Steps, c.min, c.max)
		}
	}
}

// A guess of any size from an outside agent is recorded cut and judged
// invalid, with the reason; the hand goes on.
func TestHugeGuess(t *testing.T) {
	o, _ := sim.Preset("express")
	c := mustCompile(t, "alternate", `card.color != prev.color`)
	h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: c.NewJudge(), Opening: []sim.Card{sim.NewCard(5, sim.Spades)}, HandSizes: []int{12, 12, 12}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Apply(0, sim.Move{Kind: sim.Play, Cards: []sim.Card{sim.NewCard(7, sim.Hearts)}}, sim.Decisions{}); err != nil {
		t.Fatal(err)
	}
	right, err := h.Guess(0, strings.Repeat("!", 1<<20)+"true")
	rec := h.Result().History[0]
	if right || err != nil || !strings.Contains(rec.GuessError, "longer than 4096 bytes") || len(rec.Guess) > sim.MaxGuessRecord+4 {
		t.Errorf("right %v, err %v, guess of %d bytes, error %q", right, err, len(rec.Guess), rec.GuessError)
	}
}

// Equivalence by classes of cards agrees with comparing every card in
// every reachable window, on pairs of rules of the default bank and
// variants that differ in one corner.
func TestEquivalenceAgainstBruteForce(t *testing.T) {
	var rules []*Compiled
	for _, c := range Default().Rules {
		if d := c.Reads.Depth(); d >= 0 && d <= 2 && c.Rule.Starter == "" {
			rules = append(rules, c)
		}
	}
	variants := func(c *Compiled) []string {
		e := "(" + c.Rule.Expr + ")"
		return []string{e + " and true", e + ` != (card.rank == 13 and card.suit == "hearts")`,
			`prev.rank == 12 and prev.suit == "clubs" ? !` + e + " : " + e}
	}
	checked := 0
	for i, a := range rules {
		if i%3 != 0 && testing.Short() {
			continue
		}
		others := []string{rules[(i+1)%len(rules)].Rule.Expr}
		for _, src := range append(variants(a), others...) {
			b := mustCompile(t, "b", src)
			got, err := Equivalent(a, b)
			if err != nil {
				t.Fatalf("%s vs %s: %v", a.Rule.Expr, src, err)
			}
			want := bruteEquivalent(t, a, b)
			if got.Equal != want {
				t.Errorf("%s vs %s: equal %v, brute force says %v", a.Rule.Expr, src, got.Equal, want)
			}
			if !got.Equal {
				// The counterexample is a legal line on which they differ.
				ja, jb := a.NewJudge(), b.NewJudge()
				for k := 1; k < len(got.Line); k++ {
					if ok, _ := ja.Accepts(got.Line[:k], got.Line[k]); !ok {
						t.Fatalf("%s vs %s: counterexample %s is not legal", a.Rule.Expr, src, sim.CardsString(got.Line))
					}
				}
				x, _ := ja.Accepts(got.Line, *got.Card)
				y, _ := jb.Accepts(got.Line, *got.Card)
				if x == y {
					t.Fatalf("%s vs %s: they agree on %s after %s", a.Rule.Expr, src, got.Card, sim.CardsString(got.Line))
				}
			}
			checked++
		}
	}
	t.Logf("%d pairs", checked)
}

// bruteEquivalent compares two rules of look-back ≤ 2 on every card after
// every window of two cards reachable under a.
func bruteEquivalent(t *testing.T, a, b *Compiled) bool {
	ja, jb := a.NewJudge(), b.NewJudge()
	seen := map[[2]int]bool{}
	var todo [][]sim.Card
	for c := sim.Card(0); c < sim.NumCards; c++ {
		todo = append(todo, []sim.Card{c})
	}
	for len(todo) > 0 {
		w := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for c := sim.Card(0); c < sim.NumCards; c++ {
			x, err1 := ja.Accepts(w, c)
			y, err2 := jb.Accepts(w, c)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if x != y {
				return false
			}
			if x {
				next := []sim.Card{w[len(w)-1], c}
				if k := [2]int{int(next[0]), int(next[1])}; !seen[k] {
					seen[k] = true
					todo = append(todo, next)
				}
			}
		}
	}
	return true
}

// Right guesses on rules that look three back or read the whole line are
// decided, not cut; a check too big to finish is undecided, never a verdict.
func TestEquivalenceDecides(t *testing.T) {
	lineRules := 0
	for _, c := range Default().Rules {
		if d := c.Reads.Depth(); d != 3 && d != -1 {
			continue
		}
		if c.Reads.Depth() == -1 {
			// A few of them: a line rule's check judges ~24,000 lines
			// (BenchmarkRightGuess times them all).
			if lineRules++; lineRules > 3 {
				continue
			}
		}
		right, err := c.NewJudge().Equivalent("true and (" + c.Rule.Expr + ")")
		if err != nil || !right {
			t.Errorf("%s: right %v, %v", c.Rule.Name, right, err)
		}
	}
	if !testing.Short() {
		// A mode written with findLastIndex, reading the card's suit and
		// rank: God's walks cost 1.5 billion units (a placement judges its
		// rules on them itself).
		god := mustCompile(t, "king locks the suit", `let on = findLastIndex(line, .rank == 13) ?? -1; let off = findLastIndex(line, .rank == 4) ?? -1; on > off ? card.suit == prev.suit or card.rank == 4 : true`)
		if ws, err := BoundedWalks(god, false); err != nil || len(ws) != boundWalks {
			t.Errorf("a mode written with findLastIndex: %d walks, %v", len(ws), err)
		}
	}
	// Whole cards one, two and three back, with a guess that reads them
	// too: 52⁴ judgements, more than a check with a smaller budget may do
	// (the real budget allows them: a few seconds).
	defer func(w int) { guessWork = w }(guessWork)
	guessWork = 10_000_000
	god := mustCompile(t, "god", `card != prev and card != prev2 and card != prev3`)
	_, err := god.NewJudge().Equivalent(`prev != card and card != prev2 and prev3 != card`)
	if !errors.Is(err, ErrUndecided) {
		t.Errorf("a check beyond the budget: %v, want ErrUndecided", err)
	}
}

func TestAnalyseConfigValidated(t *testing.T) {
	c := mustCompile(t, "r", `card.rank > prev.rank`)
	for _, cfg := range []AnalyseConfig{{Decks: 2, Walks: -5, Horizon: 40}, {Decks: 0, Walks: 5, Horizon: 40},
		{Decks: 2, Walks: 5, Horizon: -1}, {Decks: 2, Walks: 5, Horizon: 1 << 30}, {Decks: -1, Walks: -1, Horizon: 0}} {
		r := Analyse(c, cfg)
		if !strings.HasPrefix(r.Error, "analysis: ") {
			t.Errorf("%+v: error %q", cfg, r.Error)
		}
	}
}

// A bank's texts are bounded, with the rule and the line in the error.
func TestBankBounds(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	cases := []struct {
		name, yaml, want string
	}{
		{"description", fmt.Sprintf("rules:\n  - name: a\n    expr: 'true'\n    description: %s\n", long(5000)), `b.yaml:2: rule "a": description is longer than 4096 bytes (5000)`},
		{"expr", fmt.Sprintf("rules:\n  - name: a\n    expr: '%s'\n", long(5000)), "expr is longer than 4096 bytes"},
		{"name", fmt.Sprintf("rules:\n  - name: %s\n    expr: 'true'\n", long(200)), "name is longer than 100 bytes"},
		{"tags", "rules:\n  - name: a\n    expr: 'true'\n    tags: [" + strings.Repeat("t, ", 40) + "t]\n", "41 tags: at most 32"},
		{"file", "rules:\n  - name: a\n    expr: 'true'\n    description: " + long(9<<20) + "\n", "larger than 8 MiB"},
	}
	for _, c := range cases {
		_, err := Load([]byte(c.yaml), "b.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %.200v, want %q", c.name, err, c.want)
		}
	}
}

// God's walks for the bounded check are charged what each judgement can
// cost on its own line: a rule that filters the line costs less after a
// short line than after the longest, and the walks' work is the sum of
// those bounds, not the longest line's bound for every judgement.
func TestWalksAreChargedByTheLineTheyJudge(t *testing.T) {
	c := mustCompile(t, "each suit climbs", `let s = filter(line, .suit == card.suit); len(s) == 0 or card.rank > last(s).rank`)
	steps := c.walkSteps()
	if steps[1] >= steps[boundLength+1] {
		t.Fatalf("a judgement after one card bounded at %d steps, after %d cards at %d", steps[1], boundLength+1, steps[boundLength+1])
	}
	for k := 2; k < len(steps); k++ {
		if steps[k] < steps[k-1] {
			t.Fatalf("the bound falls from %d to %d steps at a line of %d cards", steps[k-1], steps[k], k)
		}
	}
	b := newBudget(1 << 40)
	ws, err := c.godWalks(1<<sim.NumCards-1, b)
	if err != nil {
		t.Fatal(err)
	}
	want, longest := 0, 0
	cl := newClasses(c.fields[0])
	for _, w := range ws {
		for k := 1; k <= len(w.masks); k++ {
			want += len(cl.reps) * (steps[k] + 25)
			longest += len(cl.reps) * (steps[boundLength+1] + 25)
		}
	}
	if b.work != want {
		t.Errorf("the walks spent %d units, want %d (the bounds of their own lines)", b.work, want)
	}
	if want >= longest {
		t.Errorf("charged by their lines, %d units; by the longest, %d", want, longest)
	}
	// A rule of the last card only costs the same on every line.
	if p := mustCompile(t, "higher", `card.rank > prev.rank`).walkSteps(); p[1] != p[boundLength+1] {
		t.Errorf("a rule of prev bounded at %d steps after one card, %d after %d", p[1], p[boundLength+1], boundLength+1)
	}
}
