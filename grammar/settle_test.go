package grammar

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A search told which whole rules are right (Verify) looks past a right
// rule only for shorter ones: the first right rule of its answer is the
// one the search finds without being told, and it spends fewer solves.
// The rules are found at the top (an "or"), by a split of the short lines
// and by a fit split, so that each phase is bounded by the ones before.
func TestVerifyKeepsTheFirstRightRule(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cfg := wideTest
	cfg.Split, cfg.FitSplits, cfg.Exactly, cfg.Guarded = true, true, true, false
	cases := []struct{ name, rule string }{
		{"at the top", `card.face or card.rank > prev.rank`},
		{"split on the short lines", `prev2 == nil ? card.color != prev.color : card.rank > prev2.rank`},
		{"fit split", `card.color == prev.color ? card.rank < prev.rank : (card.face or card.rank > prev.rank)`},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+21, 3))
			p, j := playedHand(t, rng, tc.rule, 240)
			right := rightOn(t, rand.New(rand.NewPCG(uint64(i), 4)), j)
			plain, pst := Synthesize(p, cfg)
			told := cfg
			calls := 0
			told.Verify = func(n *Node) bool { calls++; return right(n) }
			settled, sst := Synthesize(p, told)
			a, b := firstRight(plain, right), firstRight(settled, right)
			if a == nil {
				t.Fatalf("no right rule found among %d (%+v)", len(plain), pst)
			}
			if b == nil || a.Node.Expr() != b.Node.Expr() {
				t.Fatalf("told which rules are right, the first right one is %v; untold, %s (%d bits)", b, a.Node, a.Bits)
			}
			if calls == 0 || sst.Solves > pst.Solves {
				t.Errorf("told: %d rules verified, %d solves; untold %d solves", calls, sst.Solves, pst.Solves)
			}
			t.Logf("%s (%d bits); solves %d → %d, %d rules verified", a.Node, a.Bits, pst.Solves, sst.Solves, calls)
		})
	}
}

// rightOn is whether a rule gives judge j's verdict on every card after
// every prefix of 30 lines of legal play (a fixed sample: a function of the
// rule alone, as Verify must be).
func rightOn(t *testing.T, rng *rand.Rand, j *rulebank.Judge) func(*Node) bool {
	t.Helper()
	var scenes []*Scene
	var legal []uint64
	legalPlay(t, rng, j, 30, 25, func(sc *Scene, m uint64) {
		scenes, legal = append(scenes, sc), append(legal, m)
	})
	return func(n *Node) bool {
		fn := Compile(n)
		for i, sc := range scenes {
			pt := Point{Scene: sc}
			for c := sim.Card(0); c < sim.NumCards; c++ {
				pt.Card = c
				if (fn(&pt) == 1) != (legal[i]>>c&1 == 1) {
					return false
				}
			}
		}
		return true
	}
}

// firstRight is the first rule of found, in its order, that is right.
func firstRight(found []Found, right func(*Node) bool) *Found {
	for i := range found {
		if right(found[i].Node) {
			return &found[i]
		}
	}
	return nil
}
