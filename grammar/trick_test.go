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
		// ("The suit led" alone is, on every reachable state, "the last
		// card's suit, or a new trick": this one needs the lead.)
		{"hearts are trumps: the suit led or a heart", `n % 4 == 0 or (let lead = line[n - n % 4]; card.suit in [lead.suit, "hearts"])`, 17},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 41))
			p, j := playedHand(t, rng, tc.rule, 240)
			found, st := Synthesize(p, wideTest)
			shortestAgrees(t, rng, found, st, j, tc.bits)
		})
	}
}
