package grammar

import (
	"math/rand/v2"
	"testing"
)

// A trick-taking player's rules, planted and found from played hands:
// the lead of the card's trick is an atom of the look-back pool.
func TestTricksAreAtomsOfTheLookBackPool(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"follow the suit led, or lead anything", `n % 4 == 0 or card.suit == line[n - n % 4].suit`, 11},
		{"hearts are trumps: the suit led or a heart", `n % 4 == 0 or (let lead = line[n - n % 4]; card.suit in [lead.suit, "hearts"])`, 17},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 41))
			p, j := playedHand(t, rng, tc.rule, 240)
			found, st := Synthesize(p, wideTest)
			if len(found) == 0 {
				t.Fatalf("nothing found (%+v)", st)
			}
			if a := agreement(t, rng, found[0].Node, j); a < 0.99 || found[0].Bits > tc.bits {
				t.Errorf("the shortest rule found, %s (%d bits), agrees on %.3f of the states of legal play; want %d bits", found[0].Node, found[0].Bits, a, tc.bits)
			}
		})
	}
}
