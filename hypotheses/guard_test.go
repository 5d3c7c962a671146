package hypotheses

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// A part's own nil guard is cut inside a compound guarded by the same slot
// or a deeper one, and kept otherwise.
func TestUnguarded(t *testing.T) {
	sameSuit2 := same(grammar.SlotCard, grammar.SlotPrev2, grammar.AttrSuit, grammar.Eq)
	sameSuit3 := same(grammar.SlotCard, grammar.SlotPrev3, grammar.AttrSuit, grammar.Eq)
	red := is(grammar.SlotCard, grammar.PropRed)
	for _, tc := range []struct {
		part  *grammar.Node
		guard slot
		want  *grammar.Node
	}{
		{guardEq(grammar.SlotPrev2, sameSuit2), slPrev2, sameSuit2},
		{guardNe(grammar.SlotPrev2, sameSuit2), slPrev2, sameSuit2},
		{guardEq(grammar.SlotPrev3, sameSuit3), slPrev2, guardEq(grammar.SlotPrev3, sameSuit3)}, // prev3 may be missing when prev2 is not
		{guardEq(grammar.SlotPrev2, sameSuit2), slPrev3, sameSuit2},
		{red, slPrev2, red},
		{guardEq(grammar.SlotPrev2, sameSuit2), 0, guardEq(grammar.SlotPrev2, sameSuit2)},
	} {
		if got := unguarded(tc.part, tc.guard); !got.Equal(tc.want) {
			t.Errorf("unguarded(%s, %d) = %s, want %s", tc.part.Expr(), tc.guard, got.Expr(), tc.want.Expr())
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
