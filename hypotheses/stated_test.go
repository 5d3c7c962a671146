package hypotheses

import (
	"math/rand/v2"
	"testing"
)

// For the hypotheses of the space (those that do not read n), the check
// agrees with membership of God's local class, an independent
// implementation on the hypotheses' own states.
func TestCheckLocalIsTheLocalClass(t *testing.T) {
	sp := tiny()
	rng := rand.New(rand.NewPCG(4, 5))
	in := 0
	for _, g := range []struct{ expr, opening string }{
		{`card.color == prev.color`, "5H"},
		{`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`, "3C"},
		{`card.suit != prev.suit`, "JD"},
		{`prev2 == nil or card.suit != prev2.suit`, "4H 9S"},
	} {
		tr, l := localOf(t, sp, g.expr, "", g.opening)
		opening := cards(t, g.opening)
		ids := l.Class.IDs()
		for range 120 {
			ids = append(ids, int32(rng.IntN(len(sp.Hyps))))
		}
		for _, id := range ids {
			h := sp.Hyps[id]
			if h.Expr == "" {
				continue
			}
			r := compile(t, h.Expr)
			if r.Reads.N || r.Reads.Line {
				continue
			}
			c, err := tr.CheckLocal(opening, r)
			if err != nil {
				t.Fatal(err)
			}
			if c.Agrees != l.Class.Has(int(id)) {
				t.Fatalf("God %s from %s: %s agrees %v, in the local class %v", g.expr, g.opening, h.Expr, c.Agrees, l.Class.Has(int(id)))
			}
			if c.Agrees {
				in++
			}
		}
	}
	if in < 10 {
		t.Fatalf("only %d hypotheses checked agree with God: the test checks little", in)
	}
}
