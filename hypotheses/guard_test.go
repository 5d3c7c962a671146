package hypotheses

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

func TestUnguarded(t *testing.T) {
	for _, tc := range []struct {
		text  string
		guard slot
		want  string
	}{
		{`prev2 == nil or card.suit != prev2.suit`, slPrev2, `card.suit != prev2.suit`},
		{`prev2 == nil or card.rank == max(prev.rank, prev2.rank)`, slPrev2, `card.rank == max(prev.rank, prev2.rank)`},
		{`prev2 != nil and (prev2.rank < prev.rank or prev.face)`, slPrev2, `prev2.rank < prev.rank or prev.face`},
		{`prev2 != nil and prev2.color == "red" and prev.color == "red"`, slPrev2, `prev2 != nil and prev2.color == "red" and prev.color == "red"`},
		{`prev2 == nil or (a) and (b)`, slPrev2, `prev2 == nil or (a) and (b)`},
		{`prev3 == nil or card.suit == prev3.suit`, slPrev2, `prev3 == nil or card.suit == prev3.suit`}, // prev3 may be missing when prev2 is not
		{`prev2 == nil or card.suit == prev2.suit`, slPrev3, `card.suit == prev2.suit`},
		{`card.color == "red"`, slPrev2, `card.color == "red"`},
		{`prev2 == nil or card.suit != prev2.suit`, 0, `prev2 == nil or card.suit != prev2.suit`},
	} {
		if got := unguarded(tc.text, tc.guard); got != tc.want {
			t.Errorf("unguarded(%q, %d) = %q, want %q", tc.text, tc.guard, got, tc.want)
		}
	}
}

// The guarded compounds ("prev2 == nil or (…)", their parts' own nil tests
// cut) mean what expr says, on the short lines where the guard decides and
// on longer ones.
func TestGuardedCompoundsAgreeWithExpr(t *testing.T) {
	sp := Default()
	rng := rand.New(rand.NewPCG(9, 9))
	checked := 0
	for id, h := range sp.Hyps {
		if !strings.Contains(h.Expr, " == nil or (") || rng.IntN(8) != 0 {
			continue
		}
		j := compile(t, h.Expr).NewJudge()
		for n := 1; n <= 5; n++ {
			for range 6 {
				line := make([]sim.Card, n)
				for i := range line {
					line[i] = sim.Card(rng.IntN(52))
				}
				c := sim.Card(rng.IntN(52))
				want, err := j.Accepts(line, c)
				if err != nil {
					t.Fatalf("%s: %v", h.Expr, err)
				}
				if got := sp.accepts(id, stateOf(line), uint8(c)); got != want {
					t.Fatalf("%s after %s, card %s: index %v, expr %v", h.Expr, sim.CardsString(line), c, got, want)
				}
			}
		}
		checked++
	}
	if checked < 300 {
		t.Fatalf("only %d guarded compounds checked", checked)
	}
}
