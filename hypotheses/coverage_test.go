package hypotheses

import (
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
)

// outsideDefault is every rule of the default bank the default space
// cannot express, with the reason; docs/researcher.md names the same.
var outsideDefault = map[string]string{
	"two-odd-blacks-then-red-even-face": "a condition on the parity and colour of three cards",
	"product-mod-four":                  "arithmetic on the ranks of three cards",
	"spade-up-else-down":                "a condition whose branch is itself an or",
	"multiple-or-divisor":               "an or of two divisibility relations (23 bits)",
	"three-colours-no-repeat":           "three cards' colours and prev3's suit at once",
	"no-rank-repeat-in-five":            "a window of four cards' ranks (8,192 contexts: the family would double rank's time)",
	"fewer-faces-than-numbers":          "a count of face cards compared with n",
}

// Every rule of the default bank is in the default space, at the length
// of its shortest description there, but the named few.
func TestDefaultBankCoverage(t *testing.T) {
	sp := Default()
	bank := rulebank.Default()
	for _, c := range bank.Rules {
		r := c.Rule
		tr, err := sp.Classify(c, godrule.DefaultConfig)
		if err != nil {
			t.Fatal(err)
		}
		why, named := outsideDefault[r.Name]
		switch {
		case !tr.Expressible && !named:
			t.Errorf("%s (%s) is outside the default space", r.Name, r.Expr)
		case tr.Expressible && named:
			t.Errorf("%s is in the default space now (%s, %d bits): it was outside for %s", r.Name, tr.Expr, tr.Length, why)
		case tr.Expressible:
			for _, id := range tr.IDs {
				if sp.Hyps[id].Length < tr.Length {
					t.Errorf("%s: its length is %d bits, but %s is %d", r.Name, tr.Length, sp.Hyps[id].Expr, sp.Hyps[id].Length)
				}
			}
		}
	}
}

// Rules that read the card two back as a whole (its suit and rank, not the
// last card) are in the space, in the prev2-card family: they need a family
// that reads both.
func TestPrev2CardRules(t *testing.T) {
	sp := Default()
	for _, expr := range []string{
		`prev2 == nil or card.color == prev2.color or card.suit == prev2.suit or card.rank == prev2.rank`,
		`prev2 == nil or card.suit == prev2.suit or card.rank == prev2.rank`,
		`prev2 == nil or (card.suit != prev2.suit and card.rank != prev2.rank)`,
	} {
		tr, err := sp.Classify(compile(t, expr), godrule.DefaultConfig)
		if err != nil {
			t.Fatal(err)
		}
		if !tr.Expressible {
			t.Errorf("%s is outside the default space", expr)
			continue
		}
		if f := sp.Hyps[tr.IDs[0]].Family; f != FamPrev2Card {
			t.Errorf("%s: in %s, want prev2-card", expr, f)
		}
	}
}
