package hypotheses_test

import (
	"fmt"
	"math/bits"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Every hypothesis has a phrase in plain English that reads one way only.
func ExampleSpace_Phrase() {
	space := hypotheses.Default()
	for _, expr := range []string{`card.suit == prev.suit`, `prev.even ? card.color == "red" : card.color == "black"`, `card.rank >= 7`} {
		id, _ := space.ByExpr(expr)
		fmt.Println(space.Phrase(id))
	}
	// Output:
	// the card has the same suit as the last card
	// if the last card is even: the card is red; otherwise: the card is black
	// the card is 7 or higher
}

// Underdetermination: under "follow suit", from a line of spades, "only
// spades" and "the same suit as the last card" can never be told apart;
// after a heart, any spade or heart tells them apart at once.
func ExampleTruth_Parting() {
	space := hypotheses.Default()
	god, _ := rulebank.Compile(rulebank.Rule{Name: "same-suit", Expr: `card.suit == prev.suit`})
	truth, _ := space.Classify(god, godrule.DefaultConfig)
	same, _ := space.ByExpr(`card.suit == prev.suit`)
	spades, _ := space.ByExpr(`card.suit == "spades"`)
	for _, line := range []string{"AS 5S 9S", "AS 5S 9H"} {
		cards, _ := sim.ParseCards(line)
		p, _ := truth.Parting(cards, same, spades)
		fmt.Printf("after %s: never apart %v, cards that part them now: %d\n", line, p.Never, bits.OnesCount64(p.Now))
	}
	// Output:
	// after AS 5S 9S: never apart true, cards that part them now: 0
	// after AS 5S 9H: never apart false, cards that part them now: 26
}
