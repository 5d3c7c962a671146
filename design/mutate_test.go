package design

import (
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
)

// Each operator makes the mutations it should, and only different texts.
func TestMutate(t *testing.T) {
	for _, tc := range []struct {
		expr string
		// want: mutations that must be there, by operator; count: how many
		// mutations of each operator in all.
		want  map[string][]string
		count map[string]int
	}{
		{expr: `card.face`,
			want:  map[string][]string{"attribute": {`card.even`, `card.odd`}, "negate": {`not card.face`}},
			count: map[string]int{"attribute": 2, "negate": 1}},
		{expr: `card.color == "red"`,
			want: map[string][]string{"constant": {`card.color == "black"`}, "comparison": {`card.color != "red"`},
				"attribute": {`card.suit == "spades"`, `card.suit == "hearts"`, `card.suit == "diamonds"`, `card.suit == "clubs"`}},
			count: map[string]int{"constant": 1, "comparison": 1, "attribute": 4, "negate": 1}},
		{expr: `card.suit == prev.suit`,
			want:  map[string][]string{"attribute": {`card.color == prev.color`}, "comparison": {`card.suit != prev.suit`}},
			count: map[string]int{"attribute": 1, "comparison": 1, "negate": 1}},
		{expr: `card.rank > prev.rank`,
			want:  map[string][]string{"comparison": {`card.rank == prev.rank`, `card.rank != prev.rank`, `card.rank < prev.rank`, `card.rank <= prev.rank`, `card.rank >= prev.rank`}},
			count: map[string]int{"comparison": 5, "negate": 1}},
		{expr: `card.rank in [2, 3]`,
			want:  map[string][]string{"constant": {`card.rank in [3]`, `card.rank in [2]`, `card.rank in [1, 2, 3]`, `card.rank in [2, 3, 13]`}},
			count: map[string]int{"constant": 2 + 11, "negate": 1}}, // 2 left out, 11 added
		{expr: `n % 2 == 0`,
			want: map[string][]string{"constant": {`n % 2 == 1`, `n % 3 == 0`, `n % 4 == 0`, `n % 1 == 0`, `n % 2 == 2`},
				"comparison": {`n % 2 != 0`, `n % 2 > 0`}},
			count: map[string]int{"constant": 5, "comparison": 5, "negate": 1}}, // n % 0 is never made
		{expr: `card.even and prev.face`,
			want:  map[string][]string{"connective": {`card.even or prev.face`}},
			count: map[string]int{"connective": 1, "attribute": 4, "negate": 1}},
		{expr: `{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
			want: map[string][]string{"suit-cycle": {`{spades: "hearts", diamonds: "spades", clubs: "diamonds", hearts: "clubs"}[prev.suit] == card.suit`}},
			// 23 other permutations; each of the 4 values set to each of the 3 other suits (12); the
			// comparison; the attribute (card.color == prev.color is not a relation of one attribute
			// here: none); the negation.
			count: map[string]int{"suit-cycle": 23, "constant": 12, "comparison": 1, "negate": 1}},
	} {
		ms, err := Mutate(tc.expr)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		got := map[string][]string{}
		seen := map[string]bool{canonical(tc.expr): true}
		for _, m := range ms {
			got[m.Op] = append(got[m.Op], m.Expr)
			if seen[m.Expr] {
				t.Errorf("%s: %s comes twice, or is the rule itself", tc.expr, m.Expr)
			}
			seen[m.Expr] = true
		}
		for op, want := range tc.want {
			for _, w := range want {
				if !slices.Contains(got[op], w) {
					t.Errorf("%s: no %s mutation %s among %q", tc.expr, op, w, got[op])
				}
			}
		}
		for op, n := range tc.count {
			if len(got[op]) != n {
				t.Errorf("%s: %d %s mutations, want %d: %q", tc.expr, len(got[op]), op, n, got[op])
			}
		}
		for op := range got {
			if _, ok := tc.count[op]; !ok {
				t.Errorf("%s: unexpected %s mutations %q", tc.expr, op, got[op])
			}
		}
	}
}

// Every mutation of every rule of the default bank, and every combination
// of a few of them, is a valid expression of the rule language: it
// compiles as a rule.
func TestMutationsCompile(t *testing.T) {
	bank := rulebank.Default()
	n := 0
	for _, r := range bank.Rules {
		ms, err := Mutate(r.Rule.Expr)
		if err != nil {
			t.Fatalf("%s: %v", r.Rule.Name, err)
		}
		for _, m := range ms {
			n++
			if _, err := rulebank.Compile(rulebank.Rule{Name: "m", Expr: m.Expr}); err != nil {
				t.Errorf("%s, %s mutation (%s): %s does not compile: %v", r.Rule.Name, m.Op, m.What, m.Expr, err)
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d mutations of the default bank", n)
	}
	rules := bank.Rules[:12]
	for _, a := range rules {
		for _, b := range rules {
			if a == b {
				continue
			}
			for _, m := range Combine(a.Rule.Expr, b.Rule.Expr) {
				if _, err := rulebank.Compile(rulebank.Rule{Name: "c", Expr: m.Expr}); err != nil {
					t.Errorf("%s %s %s: %s does not compile: %v", a.Rule.Name, m.Op, b.Rule.Name, m.Expr, err)
				}
			}
		}
	}
}

// Printing a rule from its syntax tree keeps its meaning: the printed text
// of every rule of the default bank that looks back at most two cards is
// equivalent to the rule.
func TestPrintedRulesEquivalent(t *testing.T) {
	for _, r := range rulebank.Default().Rules {
		if d := depth(r.Reads); d < 0 || d > 2 || r.Reads.N {
			continue
		}
		printed := canonical(r.Rule.Expr)
		c, err := rulebank.Compile(rulebank.Rule{Name: "printed", Expr: printed, Starter: r.Rule.Starter})
		if err != nil {
			t.Fatalf("%s printed as %s: %v", r.Rule.Name, printed, err)
		}
		e, err := rulebank.Equivalent(r, c)
		if err != nil || !e.Equal {
			t.Errorf("%s printed as %s: %v %v", r.Rule.Name, printed, e, err)
		}
	}
}

func TestCombine(t *testing.T) {
	ms := Combine(`card.even`, `card.color == prev.color`)
	if len(ms) != 2+len(PrevConditions)+len(PositionConditions) {
		t.Fatalf("%d combinations", len(ms))
	}
	want := []string{`card.even and card.color == prev.color`, `card.even or card.color == prev.color`,
		`prev.face ? card.even : card.color == prev.color`, `n % 3 == 1 ? card.even : card.color == prev.color`}
	var got []string
	for _, m := range ms {
		got = append(got, m.Expr)
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("no combination %s among\n%s", w, strings.Join(got, "\n"))
		}
	}
}
