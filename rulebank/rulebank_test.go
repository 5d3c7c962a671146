package rulebank

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

func mustCompile(t testing.TB, name, src string) *Compiled {
	t.Helper()
	c, err := Compile(Rule{Name: name, Expr: src})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cards(t testing.TB, s string) []sim.Card {
	t.Helper()
	cs, err := sim.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestLookBack(t *testing.T) {
	cases := []struct {
		expr  string
		depth int
		reads string
		table bool
	}{
		{`card.color == "red"`, 0, "card", true},
		{`card.color != prev.color`, 1, "card,prev", true},
		{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, 2, "card,prev,prev2", false},
		{`prev3 == nil or prev3.suit != card.suit`, 3, "card,prev3", false},
		{`n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, -1, "card,prev,n", false},
		{`all(line, {.rank != card.rank})`, -1, "card,line", false},
		{`$env.prev.rank < card.rank`, -1, "card,line", false},
	}
	for _, c := range cases {
		r := mustCompile(t, "x", c.expr)
		if r.Reads.Depth() != c.depth || r.Reads.String() != c.reads || r.Table() != c.table {
			t.Errorf("%s: depth %d reads %s table %v; want %d %s %v", c.expr, r.Reads.Depth(), r.Reads, r.Table(), c.depth, c.reads, c.table)
		}
	}
}

// The truth table equals expr's answer on all 2,704 pairs, for every rule of
// the default bank that has one.
func TestTruthTableMatchesExpr(t *testing.T) {
	tables := 0
	for _, c := range Default().Rules {
		if !c.Table() {
			continue
		}
		tables++
		j := c.NewJudge()
		for p := sim.Card(0); p < sim.NumCards; p++ {
			for card := sim.Card(0); card < sim.NumCards; card++ {
				line := []sim.Card{p}
				viaTable, _ := j.Accepts(line, card)
				viaExpr, err := j.eval(line, card)
				if err != nil || viaTable != viaExpr {
					t.Fatalf("%s: %s after %s: table %v, expr %v (%v)", c.Rule.Name, card, p, viaTable, viaExpr, err)
				}
			}
		}
	}
	if tables < 30 {
		t.Errorf("only %d rules have truth tables", tables)
	}
}

func TestJudgeDeepRules(t *testing.T) {
	cases := []struct {
		expr, line, card string
		want             bool
	}{
		{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, "3H 4D", "5H", false},
		{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, "3H 4D", "5S", true},
		{`prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`, "4D", "5H", true},
		{`n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, "3H", "5H", true},
		{`n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, "3H 5H", "7H", false},
		{`card.color == line[0].color or card.rank == line[0].rank`, "3H 5S 9C", "3S", true},
		{`card.color == line[0].color or card.rank == line[0].rank`, "3H 5S 9C", "4S", false},
	}
	for _, c := range cases {
		j := mustCompile(t, "x", c.expr).NewJudge()
		got, err := j.Accepts(cards(t, c.line), cards(t, c.card)[0])
		if err != nil || got != c.want {
			t.Errorf("%s after %s: %s got %v (%v), want %v", c.expr, c.line, c.card, got, err, c.want)
		}
	}
}

func TestRuntimeErrorNamesRuleAndState(t *testing.T) {
	j := mustCompile(t, "past-the-end", `line[n + 1].rank > 3`).NewJudge()
	_, err := j.Accepts(cards(t, "3H 4S"), cards(t, "5D")[0])
	if err == nil || !strings.Contains(err.Error(), `"past-the-end"`) || !strings.Contains(err.Error(), "3H 4S") {
		t.Fatalf("want an error naming the rule and the main line, got %v", err)
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		name, expr, starter string
		want                []string
	}{
		{"unknown-name", `colour == "red"`, "", []string{`rule "unknown-name"`, "expr:", "unknown name colour", "^"}},
		{"unknown-field", `card.colour == "red"`, "", []string{"a card has no field colour", "color", "^"}},
		{"unknown-field-in-line", `line[0].rnk > 3`, "", []string{"a card has no field rnk (its fields: rank, suit, color, face, even, odd)"}},
		{"let-names-a-builtin", `let max = 3; card.rank < max`, "", []string{"let cannot name a value max", "functions", "^"}},
		{"outer-element-in-an-inner-loop", `any(["spades", "hearts"], none(line, .suit == #))`, "", []string{"mismatched types string and card", "inner loop's element", "^"}},
		{"not-boolean", `card.rank + 1`, "", []string{"expected bool"}},
		{"malformed", `card.rank >`, "", []string{"unexpected token"}},
		{"empty", `  `, "", []string{"empty"}},
		{"starter-reads-prev", `true`, `prev.rank > 3`, []string{"starter:", "unknown name prev", "only read card"}},
	}
	for _, c := range cases {
		_, err := Compile(Rule{Name: c.name, Expr: c.expr, Starter: c.starter, File: "bank.yaml", Line: 7})
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		var re *Error
		if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), "bank.yaml:7: ") {
			t.Errorf("%s: error does not name the file and line: %v", c.name, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}
}

func TestBankErrors(t *testing.T) {
	cases := []struct {
		name, yaml string
		want       []string
	}{
		{"yaml syntax", "rules:\n  - name: a\n    expr: [unclosed\n", []string{"bank.yaml", "line"}},
		{"duplicate", "rules:\n  - name: a\n    expr: 'true'\n  - name: a\n    expr: 'false'\n", []string{"bank.yaml:4", `rule "a"`, "duplicate name", "line 2"}},
		{"unknown field", "rules:\n  - name: a\n    exp: 'true'\n", []string{"bank.yaml:3", `unknown field "exp"`}},
		{"no expr", "rules:\n  - name: a\n", []string{"bank.yaml:2", "no expr"}},
		{"bad name", "rules:\n  - name: Black High\n    expr: 'true'\n", []string{"kebab-case"}},
		{"bad rule", "rules:\n  - name: ok\n    expr: 'true'\n  - name: bad\n    expr: 'card.rank + 1'\n", []string{"bank.yaml:4", `rule "bad"`, "expected bool"}},
		{"a // comment in a folded rule", "rules:\n  - name: c\n    expr: >-\n      card.rank > prev.rank // higher\n      or prev.face\n", []string{"bank.yaml:3", `rule "c"`, "write it as /* … */"}},
		{"a // comment swallowing a bracket", "rules:\n  - name: c\n    expr: '(card.rank > prev.rank // higher\n      or prev.face)'\n", []string{`rule "c"`, "write comments there as /* … */"}},
		{"not a list", "rules: 3\n", []string{"list of rules"}},
		{"top key", "rulez: []\n", []string{`unknown key "rulez"`}},
		{"empty", "", []string{"empty"}},
		{"tags not list", "rules:\n  - name: a\n    expr: 'true'\n    tags: {x: 1}\n", []string{"bank.yaml:4", "tags must be a list"}},
	}
	for _, c := range cases {
		_, err := Load([]byte(c.yaml), "bank.yaml")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.name, err, w)
			}
		}
	}
}

func TestBankMergeAndGet(t *testing.T) {
	b := Default()
	extra, err := Load([]byte("rules:\n  - name: opposite-colour\n    expr: 'card.color == prev.color'\n  - name: brand-new\n    expr: 'card.face'\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	n := len(b.Rules)
	b.Merge(extra)
	if len(b.Rules) != n+1 {
		t.Errorf("merge gave %d rules, want %d", len(b.Rules), n+1)
	}
	c, err := b.Get("opposite-colour")
	if err != nil || c.Rule.File != "mine.yaml" {
		t.Errorf("the rule of the same name should be replaced: %v %v", c, err)
	}
	if _, err := b.Get("opposite"); err == nil || !strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a near miss should suggest names: %v", err)
	}
}

// The default bank: at least 60 rules, each described and sourced, the
// seeds' examples present, every look-back depth present, and the dead-end
// tag true to the analysis.
func TestDefaultBank(t *testing.T) {
	b := Default()
	if len(b.Rules) < 60 {
		t.Fatalf("%d rules, want at least 60", len(b.Rules))
	}
	depths := map[int]int{}
	sources := map[string]int{}
	for _, c := range b.Rules {
		r := c.Rule
		if r.Description == "" || r.Source == "" || len(r.Tags) == 0 {
			t.Errorf("%s: needs a description, a source and tags", r.Name)
		}
		depths[c.Reads.Depth()]++
		sources[r.Source]++
	}
	for d := -1; d <= 3; d++ {
		if depths[d] == 0 {
			t.Errorf("no rule of look-back %d", d)
		}
	}
	for _, s := range []string{"new-eleusis-pt", "new-eleusis-es", "abbott-eleusis-pt", "eleusis-express-ca", "eleusis-express-es"} {
		if sources[s] == 0 {
			t.Errorf("no rule from %s", s)
		}
	}
	if testing.Short() {
		return
	}
	for _, c := range b.Rules {
		r := Analyse(c, DefaultAnalyse)
		if r.Error != "" {
			t.Errorf("%s: %s", c.Rule.Name, r.Error)
		}
		if tagged := slices.Contains(c.Rule.Tags, "dead-end"); tagged != (r.DeadEnd != nil) {
			t.Errorf("%s: tagged dead-end %v, analysis found %+v", c.Rule.Name, tagged, r.DeadEnd)
		}
		if r.Acceptance <= 0 || r.Acceptance > 1 {
			t.Errorf("%s: acceptance %v", c.Rule.Name, r.Acceptance)
		}
	}
}

func TestAnalyseKnownValues(t *testing.T) {
	// Suit cycle: exactly 13 of 52 cards follow any card: acceptance 1/4.
	r := Analyse(mustCompile(t, "cycle", `{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`), DefaultAnalyse)
	if r.Acceptance != 0.25 || r.DeadEnd != nil || r.Windows != 52 {
		t.Errorf("suit cycle: %+v", r)
	}
	// Only aces: with 2 decks, the 8th ace on the main line is a dead end.
	r = Analyse(mustCompile(t, "aces", `card.rank == 1`), DefaultAnalyse)
	if r.DeadEnd == nil || len(r.DeadEnd.Line) != 8 || r.DeadEnd.Structural {
		t.Errorf("only aces: want a dead end after 8 aces, got %+v", r.DeadEnd)
	}
	// Strictly higher: a King is a structural dead end right after the start.
	r = Analyse(mustCompile(t, "higher", `card.rank > prev.rank`), DefaultAnalyse)
	if r.DeadEnd == nil || !r.DeadEnd.Structural || r.DeadEnd.Line[len(r.DeadEnd.Line)-1].Rank() != 13 {
		t.Errorf("higher: want a structural dead end at a King, got %+v", r.DeadEnd)
	}
}

func TestEquivalence(t *testing.T) {
	cases := []struct {
		a, b  string
		equal bool
		exact bool
	}{
		{`card.color != prev.color`, `(prev.color == "red") == (card.color == "black")`, true, true},
		{`card.color != prev.color`, `card.color != prev.color and card.rank != 13`, false, true},
		// differs only after the K of spades
		{`card.rank >= prev.rank or prev.rank == 13`, `card.rank >= prev.rank or (prev.rank == 13 and prev.suit != "spades")`, false, true},
		{`prev.odd != card.odd`, `(card.rank + prev.rank) % 2 == 1`, true, true},
		{`prev2 == nil ? true : card.color == prev2.color`, `prev2 == nil or prev2.color == card.color`, true, true},
		{`prev2 == nil ? true : card.color == prev2.color`, `card.color == prev.color`, false, true},
		// Under "same colour", prev2 always has prev's colour: equivalent over
		// reachable states although not over all windows.
		{`card.color == prev.color`, `prev2 == nil ? card.color == prev.color : card.color == prev2.color`, true, true},
		{`n % 2 == 0 ? card.color == "red" : card.color == "black"`, `len(line) % 2 == 0 ? card.color == "red" : card.color != "red"`, true, false},
		{`n % 2 == 0 ? card.color == "red" : card.color == "black"`, `n % 4 == 0 ? card.color == "red" : card.color == "black"`, false, false},
	}
	for _, c := range cases {
		e, err := Equivalent(mustCompile(t, "a", c.a), mustCompile(t, "b", c.b))
		if err != nil {
			t.Fatal(err)
		}
		if e.Equal != c.equal || e.Exact != c.exact {
			t.Errorf("%s ≡ %s: %v, want equal=%v exact=%v", c.a, c.b, e, c.equal, c.exact)
		}
		if !e.Equal && (e.Card == nil || len(e.Line) == 0) {
			t.Errorf("%s vs %s: no counterexample", c.a, c.b)
		}
	}
}

func TestGuess(t *testing.T) {
	j := mustCompile(t, "god", `card.color != prev.color`).NewJudge()
	if ok, err := j.Equivalent(`(prev.color == "red") == (card.color == "black")`); !ok || err != nil {
		t.Errorf("equivalent guess: %v %v", ok, err)
	}
	if ok, err := j.Equivalent(`card.suit != prev.suit`); ok || err != nil {
		t.Errorf("wrong guess: %v %v", ok, err)
	}
	if _, err := j.Equivalent(`card.color !=`); err == nil {
		t.Errorf("a guess that does not compile must be an error")
	}
}

// The check says how it found each dead end, or none: a dead end of cards
// used up was always found by the walks, even where the search for
// structural ones was exact.
func TestDeadEndSearchSaysHowItWasFound(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"cards used up at depth 0", `card.rank == 1`, "walks"},
		{"cards used up at depth 1", `card.suit == prev.suit`, "walks"},
		{"no card legal after a King", `card.rank > prev.rank`, "exact"},
		{"none, structural search exact", `card.color != prev.color`, "exact + walks"},
		{"none, a rule of the line", `count(line, .face) < 20 or card.face`, "walks"},
	} {
		if got := Analyse(mustCompile(t, c.name, c.src), DefaultAnalyse).Search(); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.src, got, c.want)
		}
	}
}
