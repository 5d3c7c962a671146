package grammar

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The runs and the straights, worked out by hand: the card ends (or not)
// three or four cards going one way, or following on as a rummy meld.
func TestRunsByHand(t *testing.T) {
	three, four := Node{P: PRun, Slot: SlotPrev2, Slot2: SlotCard, Op: Eq}, Node{P: PRun, Slot: SlotPrev3, Slot2: SlotCard, Op: Eq}
	kind := func(n Node, k int) Node { n.K = k; return n }
	not := func(n Node) Node { n.Op = Ne; return n }
	cases := []struct {
		name       string
		node       Node
		line, card string
		want       bool
	}{
		{"2 5 9 rise", kind(three, RunUp), "2S 5H", "9C", true},
		{"2 5 9 is no straight", kind(three, RunStraight), "2S 5H", "9C", false},
		{"4 5 6 is a straight", kind(three, RunStraight), "4S 5H", "6C", true},
		{"6 5 4 falls one by one: a straight either way, not upwards", kind(three, RunStraight), "6S 5H", "4C", false},
		{"6 5 4, either way", kind(three, RunStraightOne), "6S 5H", "4C", true},
		{"6 5 5 does not fall", kind(three, RunStraightOne), "6S 5H", "5C", false},
		{"7 5 6 in any order", kind(three, RunMeld), "7S 5H", "6C", true},
		{"7 5 6 is no straight", kind(three, RunStraightOne), "7S 5H", "6C", false},
		{"7 5 5: a pair is no meld", kind(three, RunMeld), "7S 5H", "5C", false},
		{"7 5 9: a gap", kind(three, RunMeld), "7S 5H", "9C", false},
		{"Q A K: the ace low, no meld", kind(three, RunMeld), "QS AH", "KC", false},
		{"Q A K: the ace high, a meld", kind(three, RunMeldAce), "QS AH", "KC", true},
		{"A 3 2: the ace low, both kinds", kind(three, RunMeldAce), "AS 3H", "2C", true},
		{"K A 2 never: round the corner", kind(three, RunMeldAce), "KS AH", "2C", false},
		{"J A K Q: four with the ace high", kind(four, RunMeldAce), "JS AH KD", "QC", true},
		{"J A K 9: a gap", kind(four, RunMeldAce), "JS AH KD", "9C", false},
		{"3 2 5 4, four in any order", kind(four, RunMeld), "3S 2H 5D", "4C", true},
		{"2 3 4 5, a straight of four", kind(four, RunStraight), "2S 3H 4D", "5C", true},
		{"not a meld: 7 5 9", not(kind(three, RunMeld)), "7S 5H", "9C", true},
		{"a line too short: no run", kind(three, RunMeld), "5H", "6C", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line, err := sim.ParseCards(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			c, err := sim.ParseCards(tc.card)
			if err != nil {
				t.Fatal(err)
			}
			pt := Point{Scene: NewScene(line), Card: c[0]}
			if got := Compile(&tc.node)(&pt) == 1; got != tc.want {
				t.Errorf("%s with %s after %s = %v, want %v", tc.node.Expr(), tc.card, tc.line, got, tc.want)
			}
		})
	}
}

// Every run the catalogue holds agrees with expr on its text, on lines of
// a few neighbouring ranks (where runs and melds are common) and lines
// with aces and the top ranks.
func TestRunsAgreeWithExpr(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	draw := func(ranks []int) sim.Card {
		return sim.NewCard(ranks[rng.IntN(len(ranks))], sim.Suit(rng.IntN(4)))
	}
	sets := [][]int{{4, 5, 6, 7}, {1, 11, 12, 13}, {1, 2, 3, 4}}
	for _, ends := range [][2]Slot{{SlotPrev2, SlotCard}, {SlotPrev3, SlotCard}, {SlotPrev3, SlotPrev}} {
		for _, k := range runKinds {
			for _, op := range []Op{Eq, Ne} {
				n := &Node{P: PRun, Slot: ends[0], Slot2: ends[1], K: k, Op: op}
				rule := &Node{P: PGuard, Slot: SlotPrev3, Op: Eq, Kids: []*Node{n}}
				c, err := rulebank.Compile(rulebank.Rule{Name: "run", Expr: rule.Expr()})
				if err != nil {
					t.Fatalf("%s: expr refuses it: %v", rule.Expr(), err)
				}
				judge, fn, raw := c.NewJudge(), Compile(rule), Compile(n)
				var seen [2]int // lines long enough where the run held, and did not
				for i := range 1000 {
					ranks := sets[i%len(sets)]
					line := []sim.Card{draw(ranks), draw(ranks), draw(ranks), draw(ranks)}[:2+min(2, rng.IntN(5))]
					card := draw(ranks)
					want, err := judge.Accepts(line, card)
					if err != nil {
						t.Fatalf("%s after %v, %v: %v", rule.Expr(), line, card, err)
					}
					got := fn(&Point{Scene: NewScene(line), Card: card}) == 1
					if got != want {
						t.Fatalf("%s after %v, %v: the tree says %v, expr %v", rule.Expr(), line, card, got, want)
					}
					if len(line) >= n.Unguarded() {
						seen[raw(&Point{Scene: NewScene(line), Card: card})]++
					}
				}
				if seen[0] == 0 || seen[1] == 0 {
					t.Errorf("%s: true %d times, false %d times in 1,000 lines (the test draws too few)", n.Expr(), seen[1], seen[0])
				}
			}
		}
	}
}
