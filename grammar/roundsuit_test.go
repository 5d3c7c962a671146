package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// The suit of the card's round worked out by hand: rounds of four from
// the starter in the order hearts, diamonds, clubs, spades (the starter's
// round is hearts, the card at place 4 opens diamonds' round), and each
// card its suit in turn after the starter.
func TestRoundSuitByHand(t *testing.T) {
	hdcs := 2 * orderOf(t, sim.Hearts, sim.Diamonds, sim.Clubs, sim.Spades)
	sdch := 2 * orderOf(t, sim.Spades, sim.Diamonds, sim.Clubs, sim.Hearts)
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       int32
	}{
		{"place 3, the first round: a heart", Node{P: PRoundSuit, K: 4, K2: hdcs + 1}, "AS 5H KD", "2H", 1},
		{"place 3, the first round: not a diamond", Node{P: PRoundSuit, K: 4, K2: hdcs + 1}, "AS 5H KD", "2D", 0},
		{"place 4 opens the second round: a diamond", Node{P: PRoundSuit, K: 4, K2: hdcs + 1}, "AS 5H KD 9C", "2D", 1},
		{"rounds after the starter: place 4 still the first", Node{P: PRoundSuit, K: 4, K2: hdcs}, "AS 5H KD 9C", "2H", 1},
		{"each card in turn: place 4 comes back to hearts", Node{P: PRoundSuit, K: 1, K2: hdcs + 1}, "AS 5H KD 9C", "2H", 1},
		{"each card in turn after the starter: place 2 a diamond", Node{P: PRoundSuit, K: 1, K2: sdch}, "AS 5H", "2D", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { byHand(t, tc.node, tc.line, tc.card, tc.want) })
	}
}

// A rule of the suit of the card's round, the suits in an order that is
// not the grammar's and a free pass beside it ("four cards a season, each
// season its suit; a face card any time"), is found from played hands at
// its length with the look-back pool, and nothing as short without it.
func TestRoundSuitFindsTheSeasons(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rule := `card.face or card.suit == ["hearts", "diamonds", "clubs", "spades"][int(n / 4) % 4]`
	rng := rand.New(rand.NewPCG(3, 71))
	p, j := playedHands(t, rng, rule, 20, 30)
	without := wideTest
	without.ArithBits = 0
	found, st := Synthesize(p, wideTest)
	best := shortestAgrees(t, rng, found, st, j, 15)
	rest, _ := Synthesize(p, without)
	for _, f := range rest {
		if f.Bits <= best.Bits && agreement(t, rng, f.Node, j) >= 0.99 {
			t.Errorf("without the look-back pool, %s (%d bits) is as short and agrees", f.Node, f.Bits)
		}
	}
}

// orderOf is the place of an order of the suits in suitOrders.
func orderOf(t *testing.T, o ...sim.Suit) int {
	t.Helper()
	i := slices.Index(suitOrders[:], [4]sim.Suit(o))
	if i < 0 {
		t.Fatalf("no order %v", o)
	}
	return i
}
