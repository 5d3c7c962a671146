package rulebank_test

import (
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// What rulebank keeps of "X, double it or half of it": the list alone.
func TestHalvesAndDoublesOneRule(t *testing.T) {
	for _, text := range []string{"the same value as the last card, double it or half of it", "the same value as the last card, double or half its value"} {
		rs, err := rulebank.ReadWordsIn("en", text)
		if err != nil || len(rs) != 1 || rs[0].Expr != `(card.rank == prev.rank) or (card.rank == 2 * prev.rank) or (card.rank * 2 == prev.rank)` {
			t.Errorf("%q: read as %v (%v), want the list alone", text, rs, err)
		}
	}
}

// The readings of windows, runs, missing fields and a trailing "or" said
// back read as the same rule (the same verdicts in every reachable state),
// and only as it.
func TestReaderLeftoversSayBack(t *testing.T) {
	for _, c := range []struct{ lang, text string }{
		{"en", "in any five cards in a row, no suit appears more than twice"},
		{"en", "among any five consecutive cards, no more than two hearts"},
		{"en", "among any three consecutive cards there is a red one"},
		{"en", "in any five cards in a row there is a red card"},
		{"en", "never four cards in a row going up"},
		{"en", "after two cards of the same suit, change suit"},
		{"en", "after two hearts in a row, play a club"},
		{"en", "the card's suit must be missing from the last two cards"},
		{"en", "higher than the last card, or the two cards must add up to 13"},
		{"pt", "em quaisquer cinco cartas seguidas, nenhum naipe aparece mais de duas vezes"},
		{"es", "no más de tres cartas descendentes seguidas"},
		{"ca", "entre qualsevol grup de tres cartes seguides hi ha una roja"},
	} {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil {
			t.Fatalf("%s %q: %v", c.lang, c.text, err)
		}
		for _, r := range rs {
			want, err := rulebank.Compile(rulebank.Rule{Name: "w", Expr: r.Expr})
			if err != nil {
				t.Fatalf("%s: %v", r.Expr, err)
			}
			back, err := rulewords.ReadIn(c.lang, r.Words)
			if err != nil {
				t.Errorf("%s %q: %s said back as %q: %v", c.lang, c.text, r.Expr, r.Words, err)
				continue
			}
			for _, b := range back {
				got, err := rulebank.Compile(rulebank.Rule{Name: "b", Expr: b.Expr})
				if err != nil {
					t.Fatalf("%s: %v", b.Expr, err)
				}
				for _, p := range [][2]*rulebank.Compiled{{want, got}, {got, want}} {
					if eq, err := rulebank.Equivalent(p[0], p[1]); err == nil && !eq.Equal {
						t.Errorf("%s %q: %s said back as %q, which reads %s", c.lang, c.text, r.Expr, r.Words, b.Expr)
					}
				}
			}
		}
	}
}
