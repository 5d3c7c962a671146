package design

import (
	"testing"
)

// The checks turn down what `rules check` turns down, and what the
// designer's look-back excludes.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		expr, starter, want string
	}{
		{`card.color != prev.color`, "", ""},
		{`n % 2 == 0 ? card.color == "red" : card.color == "black"`, "", ""}, // the position is not look-back
		{`prev2 == nil ? true : card.suit != prev2.suit`, "", ""},
		{`card.colour == "red"`, "", RejectCompile},
		{`card.rank > prev.rank`, "", RejectDeadEnd},     // stuck after a king
		{`card.rank == 1`, "", RejectDeadEnd},            // the aces run out
		{`card.rank != prev.rank`, "", RejectAcceptance}, // 12 in 13
		{`card.rank >= 2`, "", RejectAcceptance},         // 12 in 13
		{`prev2.color == card.color`, "", RejectRunTime}, // prev2 is nil after the starter
		{`line[0].color == card.color`, "", RejectLine},  // the whole line
		{`prev3 == nil or prev3.suit == card.suit`, "", RejectLookBack},
		{`card.even`, `card.rank > 20`, RejectRunTime}, // no starter
	} {
		c, reason := DefaultChecker.Check(Proposal{Expr: tc.expr, Starter: tc.starter, Origin: FromGrammar})
		if reason != tc.want {
			t.Errorf("%s: %q, want %q", tc.expr, reason, tc.want)
		}
		if (c == nil) != (reason != "") {
			t.Errorf("%s: candidate %v with reason %q", tc.expr, c, reason)
		}
	}
	// A rule of the bank is a baseline: measured, never turned down.
	c, reason := DefaultChecker.Check(Proposal{Name: "higher", Expr: `card.rank > prev.rank`, Origin: FromBank})
	if reason != "" || c.Name != "higher" || c.Acceptance == 0 {
		t.Errorf("a bank rule: %+v, %q", c, reason)
	}
	look := Checker{Acceptance: Band{0.2, 0.8}, LookBack: 1, Analyse: DefaultChecker.Analyse}
	if _, reason := look.Check(Proposal{Expr: `prev2 == nil ? true : card.suit != prev2.suit`}); reason != RejectLookBack {
		t.Errorf("look-back 1 let a prev2 rule in: %q", reason)
	}
}

// Proposals that behave alike on every reachable state are one candidate,
// written by the shortest text; others stay apart.
func TestPoolMergesEquivalent(t *testing.T) {
	pool := NewPool()
	add := func(expr, starter string) *Candidate {
		t.Helper()
		c, reason := DefaultChecker.Check(Proposal{Expr: expr, Starter: starter, Origin: FromMutation})
		if reason != "" {
			t.Fatalf("%s: %s", expr, reason)
		}
		c.Name = expr
		merged, err := pool.Add(c)
		if err != nil {
			t.Fatal(err)
		}
		return merged
	}
	groups := [][]string{
		// Only red, four ways.
		{`not (card.color == "black")`, `card.suit == "hearts" or card.suit == "diamonds"`, `card.color == "red"`, `card.color != "black"`},
		// The same colour as the last card, whatever is written first.
		{`card.color == prev.color`, `prev.color == card.color`, `prev.color == "red" ? card.color == "red" : card.color == "black"`},
		// A prev2 rule that ignores prev2.
		{`card.even`, `prev2 == nil ? card.even : card.even`},
	}
	for _, g := range groups {
		if m := add(g[0], ""); m != nil {
			t.Fatalf("%s merged into %s", g[0], m.Expr)
		}
		for _, e := range g[1:] {
			if m := add(e, ""); m == nil {
				t.Errorf("%s was not merged with %s", e, g[0])
			}
		}
	}
	if len(pool.Candidates) != len(groups) {
		t.Fatalf("%d candidates for %d behaviours", len(pool.Candidates), len(groups))
	}
	for i, want := range []string{`card.color == "red"`, `card.color == prev.color`, `card.even`} {
		c := pool.Candidates[i]
		if c.Expr != want || c.Texts != len(groups[i]) {
			t.Errorf("behaviour %d: %s with %d texts, want %s with %d", i+1, c.Expr, c.Texts, want, len(groups[i]))
		}
		if c.Name != groups[i][0] {
			t.Errorf("behaviour %d lost its name %s: %s", i+1, groups[i][0], c.Name)
		}
	}
	// Equivalence on reachable states: after a red starter, a rule that
	// admits only red cards never sees a black prev, so whatever it says
	// after one does not count.
	pool = NewPool()
	add(`card.color == "red"`, `card.color == "red"`)
	if m := add(`prev.color == "red" ? card.color == "red" : card.face`, `card.color == "red"`); m == nil {
		t.Errorf("two rules that agree on every reachable state were kept apart")
	}
	if m := add(`prev.color == "red" ? card.color == "red" : card.face`, ""); m != nil {
		t.Errorf("with any starter they differ (after a black starter), but were merged")
	}
	if m := add(`card.color == "black"`, `card.color == "red"`); m != nil {
		t.Errorf("only black was merged with only red")
	}
}
