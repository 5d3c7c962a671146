// Package ruletest holds the helpers the tests of God's rule's packages
// (godrule, hypotheses) share: a rule compiled or the test fails, cards
// parsed, a run of cards checked legal, and the reachable main lines found
// by brute force — an implementation independent of the ones under test.
// It imports rulebank and sim only, so that any package above them may use
// it in its tests (internal/testkit imports agents, too high for these).
package ruletest

import (
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Compile compiles expr as a rule, or fails the test.
func Compile(t testing.TB, expr string) *rulebank.Compiled {
	t.Helper()
	c, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: expr})
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return c
}

// Cards parses cards written as the transcripts write them ("9H 10S"), or
// fails the test.
func Cards(t testing.TB, s string) []sim.Card {
	t.Helper()
	cs, err := sim.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// LegalRun fails the test unless every card of run is legal under c, in
// turn, after line.
func LegalRun(t testing.TB, c *rulebank.Compiled, line, run []sim.Card) {
	t.Helper()
	j := c.NewJudge()
	l := append([]sim.Card(nil), line...)
	for _, card := range run {
		ok, err := j.Accepts(l, card)
		if err != nil || !ok {
			t.Fatalf("%s after %s is not legal (%v)", card, sim.CardsString(l), err)
		}
		l = append(l, card)
	}
}

// NaiveStates enumerates the main lines reachable from the opening by
// breadth-first search over concrete lines, one per key (the card two back,
// the last card, n mod 12), judging with the rule's own expression; each
// line comes with the cards c accepts after it.
func NaiveStates(t testing.TB, c *rulebank.Compiled, opening []sim.Card) (lines [][]sim.Card, verdicts []uint64) {
	t.Helper()
	j := c.NewJudge()
	key := func(line []sim.Card) int {
		n := len(line)
		p2 := 52
		if n >= 2 {
			p2 = int(line[n-2])
		}
		return (p2*52+int(line[n-1]))*12 + n%12
	}
	seen := map[int]bool{key(opening): true}
	queue := [][]sim.Card{opening}
	for i := 0; i < len(queue); i++ {
		line := queue[i]
		var m uint64
		for card := sim.Card(0); card < sim.NumCards; card++ {
			ok, err := j.Accepts(line, card)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				m |= 1 << card
				next := append(append([]sim.Card{}, line...), card)
				if !seen[key(next)] {
					seen[key(next)] = true
					queue = append(queue, next)
				}
			}
		}
		verdicts = append(verdicts, m)
	}
	return queue, verdicts
}
