package rulebank

import (
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Under the always_valid starter policy (Express) a hand may open with a
// card the rule's starter predicate refuses; a guess is then compared from
// every card. "Alternate colours" agrees with "red on even positions" from
// every red starter, but not after 5S (which must be followed by black).
func TestGuessComparedFromEveryOpening(t *testing.T) {
	c, err := Default().Get("alternate-colour-by-position")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		preset, opening string
		right           bool
	}{
		{"express", "5S", false},    // any card opens: black starters count
		{"new-eleusis", "5H", true}, // redraw_until_valid: only red starters
	} {
		o, _ := sim.Preset(tc.preset)
		opening, _ := sim.ParseCards(tc.opening)
		j := c.NewJudge()
		h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: j, Opening: opening, HandSizes: []int{3, 3, 3, 3}})
		if err != nil {
			t.Fatal(err)
		}
		next, _ := sim.ParseCard("7C") // black, as God wants at n = 1 after either starter
		p := h.Current()
		if _, err := h.Apply(p, sim.Move{Kind: sim.Play, Cards: []sim.Card{next}}, sim.Decisions{}); err != nil {
			t.Fatal(err)
		}
		if tc.preset == "new-eleusis" {
			// New Eleusis has no guessing: ask the judge directly, as a hand
			// that allowed it would.
			right, err := j.Equivalent(`card.color != prev.color`)
			if err != nil || right != tc.right {
				t.Errorf("%s from %s: right %v (%v), want %v", tc.preset, tc.opening, right, err, tc.right)
			}
			continue
		}
		right, err := h.Guess(p, `card.color != prev.color`)
		if err != nil || right != tc.right {
			t.Errorf("%s from %s: right %v (%v), want %v", tc.preset, tc.opening, right, err, tc.right)
		}
	}
}
