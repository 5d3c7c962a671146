package godrule_test

import (
	"fmt"
	"math/bits"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Under "follow suit", a hand that opens with a heart never sees anything
// but hearts: every window it can reach has a heart last and accepts the
// thirteen hearts (157 windows: the opening, then each heart after a red
// card at each length mod 12). So "only hearts", stated by a player, is
// God's rule as far as that hand can show it; from a spade it is refused
// at once.
func ExampleChart_CheckStated() {
	god, _ := rulebank.Compile(rulebank.Rule{Name: "same-suit", Expr: `card.suit == prev.suit`})
	chart, _ := godrule.NewChart(god, godrule.DefaultConfig, nil)
	heart, _ := sim.ParseCards("9H")
	windows, _ := chart.Reach(heart)
	hearts := 0
	for _, w := range windows {
		if w.Window.Prev.Suit() == sim.Hearts && bits.OnesCount64(w.Legal) == 13 {
			hearts++
		}
	}
	fmt.Printf("from 9H: %d windows, %d of them a heart accepting 13 cards\n", len(windows), hearts)
	stated, _ := rulebank.Compile(rulebank.Rule{Name: "hearts", Expr: `card.suit == "hearts"`})
	for _, opening := range []string{"9H", "9S"} {
		cards, _ := sim.ParseCards(opening)
		c, _ := chart.CheckStated(cards, stated)
		fmt.Printf("from %s, only hearts agrees: %v (exact %v)\n", opening, c.Agrees, c.Exact)
	}
	// Output:
	// from 9H: 157 windows, 157 of them a heart accepting 13 cards
	// from 9H, only hearts agrees: true (exact true)
	// from 9S, only hearts agrees: false (exact true)
}
