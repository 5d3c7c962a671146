package grammar

import (
	"math/rand/v2"
	"testing"
)

// Rules that count conditions: "the same colour or the same parity as the
// last card, but not both", "exactly two of: a face card, the suit of the
// last card, higher than it". With Exactly the synthesizer finds each at
// its length; without, nothing as short behaves as it does.
func TestExactlyCountsThreeConditions(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"exactly one of colour, parity and face shared", `(card.color == prev.color ? 1 : 0) + (card.even == prev.even ? 1 : 0) + (card.face == prev.face ? 1 : 0) == 1`, 13},
		{"exactly two of face, suit and higher", `(card.face ? 1 : 0) + (card.suit == prev.suit ? 1 : 0) + (card.rank > prev.rank ? 1 : 0) == 2`, 13},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+9, 31))
			p, j := playedHands(t, rng, tc.rule, 12, 20)
			onlyWith(t, rng, p, j, tc.bits, "exactly", func(c *SynthConfig) { c.Exactly = true })
		})
	}
}

// TestThirdNeededAgreesWithACount holds the vector a third condition must
// have to a count at each point, on random vectors.
func TestThirdNeededAgreesWithACount(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	free, need := make([]uint64, 1), make([]uint64, 1)
	for range 2000 {
		a, b, want, mask := []uint64{rng.Uint64()}, []uint64{rng.Uint64()}, []uint64{rng.Uint64()}, []uint64{rng.Uint64() & rng.Uint64() & rng.Uint64()}
		for k := 1; k <= 2; k++ {
			ok := thirdNeeded(a, b, k, mask, want, free, need)
			// By a count: at each point of mask, which values of the third
			// give the verdict.
			possible := true
			for i := range 64 {
				if mask[0]>>i&1 == 0 {
					continue
				}
				n := int(a[0]>>i&1 + b[0]>>i&1)
				yes := want[0]>>i&1 == 1
				fits := [2]bool{(n == k) == yes, (n+1 == k) == yes}
				switch {
				case !fits[0] && !fits[1]:
					possible = false
				case ok && fits[0] && fits[1]:
					if free[0]>>i&1 == 0 {
						t.Fatalf("point %d: any third will do, but it is not free", i)
					}
				case ok:
					v := 0
					if fits[1] {
						v = 1
					}
					if free[0]>>i&1 == 1 || int(need[0]>>i&1) != v {
						t.Fatalf("point %d (pair %d, k %d, verdict %v): need %d, free %d; want %d", i, n, k, yes, need[0]>>i&1, free[0]>>i&1, v)
					}
				}
			}
			if ok != possible {
				t.Fatalf("thirdNeeded says %v, the count %v", ok, possible)
			}
		}
	}
}
