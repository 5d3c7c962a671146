package godrule

import (
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

func checkStated(t testing.TB, ch *Chart, opening []sim.Card, expr string) StatedCheck {
	t.Helper()
	r := compile(t, expr)
	c, err := ch.CheckStated(opening, r)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Cases worked out by hand.
func TestCheckStatedByHand(t *testing.T) {
	cases := []struct {
		god, opening, stated string
		agrees, exact        bool
	}{
		{`card.color == prev.color`, "5H", `card.color == "red"`, true, true},
		{`card.color == prev.color`, "5S", `card.color == "red"`, false, true},
		{`card.color == prev.color`, "5S", `card.color == prev.color`, true, true},
		{`card.color == prev.color`, "5S", `card.suit == "spades" or card.suit == "clubs"`, true, true},
		// Alternate colours from a red starter: red at odd lengths, black
		// at even ones (a rule of n, checked on walks).
		{`card.color != prev.color`, "2D", `n % 2 == 1 ? card.color == "black" : card.color == "red"`, true, false},
		{`card.color != prev.color`, "2D", `n % 2 == 0 ? card.color == "black" : card.color == "red"`, false, false},
		// The card two back, by identity: same suit as two back, from a
		// heart then a spade.
		{`prev2 == nil or card.suit == prev2.suit`, "4H 9S", `prev2 == nil or card.suit == prev2.suit`, true, true},
		{`prev2 == nil or card.suit == prev2.suit`, "4H 9S", `prev2 == nil or card.color == prev2.color`, false, true},
		// A stated rule that fails at run time (no card two back on a
		// one-card line) does not agree.
		{`card.color == "red"`, "5H", `prev2.color == "red" or card.color == "red"`, false, true},
		// Not a word of the stated rule matches God's, yet no hand from
		// this opening can tell them apart: only hearts follow hearts.
		{`card.suit == prev.suit`, "9H", `card.suit == "hearts"`, true, true},
	}
	for _, tc := range cases {
		c := checkStated(t, chart(t, tc.god), cards(t, tc.opening), tc.stated)
		if c.Agrees != tc.agrees || c.Exact != tc.exact {
			t.Errorf("God %s from %s, stated %s: agrees %v exact %v, want %v %v (differs after %s on %s)",
				tc.god, tc.opening, tc.stated, c.Agrees, c.Exact, tc.agrees, tc.exact, sim.CardsString(c.Line), c.Card)
		}
		if !c.Agrees && len(c.Line) == 0 {
			t.Errorf("%s: a disagreement without its main line", tc.stated)
		}
	}
}

// The check equals brute force: the lines naiveStates finds from the
// opening by breadth-first search over concrete lines (keyed by the card
// two back, the last card and n mod 12), each judged by both expressions.
// Rules of n (period dividing 12) are checked on walks: they may only miss
// a disagreement, and do not on these.
func TestCheckStatedBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force over every line: seconds; runs without -short")
	}
	gods := []struct{ expr, opening string }{
		{`card.color == "red"`, "5S"},
		{`card.rank > prev.rank or card.suit == prev.suit`, "QH"},
		{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, "3C"},
		{`card.color != prev.color`, "AD"},
		{`card.suit == prev.suit`, "7C"},
		{`prev2 == nil or card.suit != prev2.suit`, "4H 9S"},
		{`n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, "8D"},
	}
	stated := []string{
		`card.color == "red"`, `card.color == "black"`, `card.color != prev.color`, `card.color == prev.color`,
		`card.suit == prev.suit`, `card.suit == "clubs"`, `card.rank > prev.rank or card.suit == prev.suit`,
		`prev.color == "black" ? card.rank > 6 : card.rank < 7`,
		`prev2 == nil or card.suit != prev2.suit`, `prev2 == nil or card.color != prev2.color`,
		`n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`, `n % 2 == 1 ? card.color == "red" : card.color == "black"`,
	}
	for _, g := range gods {
		god := compile(t, g.expr)
		ch := chart(t, g.expr)
		opening := cards(t, g.opening)
		lines, verdicts := naiveStates(t, god, opening)
		for _, s := range stated {
			j := compile(t, s).NewJudge()
			want := true
			for k, line := range lines {
				for c := sim.Card(0); c < 52 && want; c++ {
					yes, err := j.Accepts(line, c)
					want = err == nil && yes == (verdicts[k]>>c&1 == 1)
				}
				if !want {
					break
				}
			}
			got := checkStated(t, ch, opening, s)
			if got.Agrees != want {
				t.Errorf("God %s from %s, stated %s: the check says %v (exact %v), brute force %v", g.expr, g.opening, s, got.Agrees, got.Exact, want)
			}
		}
	}
}

// Over every starter the check is rulebank's equivalence (an independent
// implementation, on classes of cards): a rule is God's over all his
// reachable states exactly when it agrees from each starter.
func TestCheckStatedIsEquivalenceFromEachStarter(t *testing.T) {
	pairs := [][2]string{
		{`card.color == prev.color`, `card.color == prev.color`},
		{`card.color == prev.color`, `card.color == "red"`},
		{`card.suit == prev.suit`, `card.suit == prev.suit and card.color == prev.color`},
		{`card.rank > prev.rank or card.suit == prev.suit`, `card.suit == prev.suit or card.rank > prev.rank`},
		{`card.rank > prev.rank or card.suit == prev.suit`, `card.suit == prev.suit or card.rank >= prev.rank`},
		{`prev2 == nil or card.suit != prev2.suit`, `prev2 == nil or card.color != prev2.color`},
	}
	for _, p := range pairs {
		god, stated := compile(t, p[0]), compile(t, p[1])
		ch := chart(t, p[0])
		e, err := rulebank.Equivalent(god, stated)
		if err != nil {
			t.Fatal(err)
		}
		all := true
		for st := sim.Card(0); st < 52; st++ {
			c, err := ch.CheckStated([]sim.Card{st}, stated)
			if err != nil {
				t.Fatal(err)
			}
			all = all && c.Agrees
		}
		if all != e.Equal {
			t.Errorf("God %s, stated %s: agrees from every starter %v, rulebank says %v", p[0], p[1], all, e)
		}
	}
}
