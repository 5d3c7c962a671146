package rulebank

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Legal judges one card of each class of the attributes a rule reads of
// the card: it must give what judging all 52 one by one gives, on rules
// that read some attributes, all of them, or the card whole.
func TestLegalByClassesAgreesWithEveryCard(t *testing.T) {
	cases := []struct {
		expr    string
		classes int // cards Legal judges
	}{
		{`count(line, .suit == card.suit) <= 2 or n % 4 == 0`, 4},
		{`card.color != line[len(line)-1].color or n % 3 == 0`, 2},
		{`prev2 == nil or (card.face ? prev2.even : card.odd)`, 4}, // face or not, odd or even
		{`card.rank > sum(map(line[-2:], .rank)) % 13`, 13},
		{`prev3 == nil or card.suit == prev3.suit and card.rank != prev.rank`, 52},
		{`none(line, # == card) or n < 3`, 52}, // the card read whole
		{`let c = card; c.rank > prev.rank`, 52},
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for _, tc := range cases {
		t.Run(tc.expr, func(t *testing.T) {
			c := mustCompile(t, "x", tc.expr)
			if got := len(c.cards.reps); got != tc.classes {
				t.Errorf("%d classes of the card, want %d", got, tc.classes)
			}
			j := c.NewJudge()
			accepted := 0
			for range 200 {
				line := make([]sim.Card, 1+rng.IntN(12))
				for i := range line {
					line[i] = sim.Card(rng.IntN(sim.NumCards))
				}
				got, err := j.Legal(line)
				if err != nil {
					t.Fatal(err)
				}
				var want uint64
				for card := sim.Card(0); card < sim.NumCards; card++ {
					if ok, err := j.eval(line, card); err != nil {
						t.Fatal(err)
					} else if ok {
						want |= 1 << card
					}
				}
				if got != want {
					t.Fatalf("after %s: Legal %s, one by one %s", sim.CardsString(line), setString(got), setString(want))
				}
				accepted += bits.OnesCount64(got)
			}
			if accepted == 0 || accepted == 200*sim.NumCards {
				t.Errorf("the rule accepts every card or none on the lines tried: the check tells nothing")
			}
		})
	}
}

func setString(m uint64) string {
	var cs []sim.Card
	for ; m != 0; m &= m - 1 {
		cs = append(cs, sim.Card(bits.TrailingZeros64(m)))
	}
	return sim.CardsString(cs)
}
