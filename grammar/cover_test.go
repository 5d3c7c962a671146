package grammar

import (
	"math/rand/v2"
	"testing"
)

// Rules of several ways to play — four atoms joined by or, three by and —
// are deeper than the search's two levels of connectives; the covers find
// them from a played hand, at their length, whole or as a branch of a
// split (crazy eights: "after an eight, the other colour; otherwise the
// suit, the rank or an eight").
func TestCoversFindRulesOfSeveralWays(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
		fit        bool // the split is found by the fit splits (fitsplit.go)
	}{
		{"the suit or the rank; eights wild, anything after an eight", `card.suit == prev.suit or card.rank == prev.rank or card.rank == 8 or prev.rank == 8`, 19, false},
		{"red, not a face card, not a repeat of the last rank", `card.color == "red" and not card.face and card.rank != prev.rank`, 12, false},
		{"crazy eights: after an eight the other colour, else the suit, the rank or an eight", `prev.rank == 8 ? card.color != prev.color : (card.rank == 8 or card.suit == prev.suit or card.rank == prev.rank)`, 25, true},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 53))
			p, j := playedHand(t, rng, tc.rule, 240)
			cfg := wideTest
			cfg.Covers, cfg.FitSplits = true, tc.fit
			found, st := Synthesize(p, cfg)
			shortestAgrees(t, rng, found, st, j, tc.bits)
		})
	}
}

// A cover joins the atoms that explain what is left, and gives up where
// they cannot explain it all.
func TestCoverJoinsAtomsUntilEveryPointIsExplained(t *testing.T) {
	atom := func(bits int, b uint64) cand {
		return cand{c: &Class{Node: &Node{P: PConst, K: bits}, Bits: bits, Vec: Vec{B: []uint64{b}}}}
	}
	s := &synth{words: 1}
	ors := []cand{atom(3, 0b0011), atom(3, 0b0110), atom(5, 0b1000)}
	f, ok := s.cover(ors, []uint64{0b1111}, POr, 40, false)
	want := ors[0].c.Node.Bits() + ors[1].c.Node.Bits() + ors[2].c.Node.Bits() + 2
	if !ok || f.Node.P != POr || f.Bits != want {
		t.Fatalf("cover of 1111 by 0011, 0110, 1000 = %+v, %v; want the three atoms joined, %d bits", f, ok, want)
	}
	if _, ok := s.cover(ors[:2], []uint64{0b1111}, POr, 40, false); ok {
		t.Error("0011 and 0110 cannot cover 1111")
	}
	if _, ok := s.cover(ors, []uint64{0b1111}, POr, want-1, false); ok {
		t.Errorf("a cover of %d bits within %d", want, want-1)
	}
	ands := []cand{atom(2, 0b1110), atom(2, 0b1101)}
	if f, ok := s.cover(ands, []uint64{0b0011}, PAnd, 40, true); !ok || f.Node.P != PAnd {
		t.Errorf("an and refusing 0011 from 1110 and 1101 = %+v, %v", f, ok)
	}
}
