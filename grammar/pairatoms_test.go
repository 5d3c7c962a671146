package grammar

import (
	"math/rand/v2"
	"testing"
)

// A comparison of two look-back terms joined with a condition — "a smaller
// jump than the last, unless the last was a step of one or none" — is
// longer than the look-back pool's atoms; the synthesizer finds it from a
// played hand as one part of an "or"; and one alone, of a length the
// pool's bound on classes cut.
func TestPairAtomsJoinAComparisonWithACondition(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
		hands      int // 0: one hand of 300 moves
	}{
		{"jumps shrink until a step of one", `prev2 == nil or abs(prev.rank - prev2.rank) <= 1 or abs(card.rank - prev.rank) < abs(prev.rank - prev2.rank)`, 34, 0},
		// From several starters: after one, a queen, "the card is one
		// under the place, counted round 13" ((n - card.rank - 1) % 13
		// == 0, 20 bits) is the same rule on every state that hand
		// reaches, and shorter.
		{"the colour, or the rank that counts up from the starter", `card.color == prev.color or n % 13 == (card.rank - line[0].rank + 13) % 13`, 21, 3},
		// Alone, but in the lengths the look-back pool's bound cuts.
		{"more than half the gap between the last two", `prev2 == nil ? true : 2 * card.rank > abs(prev.rank - prev2.rank)`, 16, 0},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 61))
			p, j := playedHand(t, rng, tc.rule, 300)
			if tc.hands > 0 {
				p, j = playedHands(t, rng, tc.rule, tc.hands, 300/tc.hands)
			}
			found, st := Synthesize(p, wideTest)
			shortestAgrees(t, rng, found, st, j, tc.bits)
		})
	}
}

// oneSided's single pass with early ends gives, for a pair of terms, the
// comparisons that building each one's vector over every point finds false
// at every refused point (an or's part) or true at every accepted one (an
// and's), and the points each is true at, on the lines long enough for the
// terms.
func TestOneSidedAgreesWithTheVectors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	p, _ := playedHand(t, rng, `prev2 == nil or abs(card.rank - prev.rank) < abs(prev.rank - prev2.rank)`, 160)
	s := grownPools(p, SynthConfig{PoolBits: 7, TermBits: 8, ArithBits: 9, Keep: 2})
	ors, ands := 0, 0
	for trial := range 2000 {
		mask := make([]uint64, s.words)
		for range 1 + rng.IntN(1+trial%40) {
			i := rng.IntN(p.Points.Len())
			mask[i/64] |= 1 << (i % 64)
		}
		pos, neg := s.and(mask, p.Want), s.andNot(mask, p.Want)
		a, b := s.ints[rng.IntN(len(s.ints))], s.ints[rng.IntN(len(s.ints))]
		var tPos, tNeg [numCmps]int
		orOK, andOK := s.oneSided(a, b, pos, neg, &tPos, &tNeg)
		long := mask
		if d := max(a.depth, b.depth); d >= 2 {
			long = s.andNot(mask, p.Points.short[d])
		}
		for op := range numCmps {
			v := make([]uint64, s.words)
			cmpVec(op, a.I, b.I, v)
			onPos, onNeg := overlap(v, s.and(pos, long)), overlap(v, s.and(neg, long))
			wantOr, wantAnd := onNeg == 0, onPos == Ones(s.and(pos, long))
			if got := orOK>>op&1 == 1; got != wantOr {
				t.Fatalf("trial %d: %s %s %s as an or's part: %v, by its vector %v", trial, a.Node.Expr(), cmpText[op], b.Node.Expr(), got, wantOr)
			}
			if got := andOK>>op&1 == 1; got != wantAnd {
				t.Fatalf("trial %d: %s %s %s as an and's part: %v, by its vector %v", trial, a.Node.Expr(), cmpText[op], b.Node.Expr(), got, wantAnd)
			}
			if wantOr && tPos[op] != onPos {
				t.Fatalf("trial %d: true at %d accepted points, by its vector %d", trial, tPos[op], onPos)
			}
			if wantAnd && tNeg[op] != onNeg {
				t.Fatalf("trial %d: true at %d refused points, by its vector %d", trial, tNeg[op], onNeg)
			}
			if wantOr {
				ors++
			}
			if wantAnd {
				ands++
			}
		}
	}
	if ors < 200 || ands < 200 {
		t.Errorf("%d parts of an or, %d of an and: the test says little", ors, ands)
	}
}
