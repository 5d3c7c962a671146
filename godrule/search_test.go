package godrule

import (
	"testing"

	"github.com/eleusis/eleusis/internal/ruletest"
	"github.com/eleusis/eleusis/sim"
)

// SearchWindows finds a shortest run of legal cards to a window where a
// reading parts from God: brute force's breadth-first order over concrete
// lines finds the first such line at the same depth, and "not found" when
// it finds none.
func TestSearchWindowsBruteForce(t *testing.T) {
	// The readings: "the ace of spades is never legal" (it parts where
	// God allows it), and "nothing is legal at n ≡ 5 after a black card".
	aceOfSpades := cards(t, "AS")[0]
	readings := map[string]func(w Window, legal uint64) uint64{
		"no ace of spades": func(_ Window, legal uint64) uint64 { return legal & (1 << aceOfSpades) },
		"nothing at 5 after black": func(w Window, legal uint64) uint64 {
			if w.N12 == 5 && !w.Prev.Red() {
				return legal
			}
			return 0
		},
	}
	for _, tc := range exactRules {
		if tc.long && testing.Short() {
			continue // brute force over every line of a rule of prev2: a second; runs without -short
		}
		ch := chart(t, tc.expr)
		opening := cards(t, tc.opening)
		lines, verdicts := naiveStates(t, ch.Rule, opening)
		for name, differ := range readings {
			t.Run(tc.expr+"/"+name, func(t *testing.T) {
				f, err := ch.SearchWindows([][]sim.Card{opening}, differ)
				if err != nil {
					t.Fatal(err)
				}
				depth, cardsApart := -1, uint64(0)
				for i, line := range lines {
					if d := differ(windowOf(line), verdicts[i]); d != 0 {
						depth, cardsApart = len(line)-len(opening), d
						break
					}
				}
				if !f.Found {
					if depth >= 0 {
						t.Fatalf("not found; brute force parts after %d cards", depth)
					}
					return
				}
				if len(f.Path) != depth || f.Start != 0 {
					t.Fatalf("a run of %d cards from start %d; brute force's shortest is %d", len(f.Path), f.Start, depth)
				}
				ruletest.LegalRun(t, ch.Rule, opening, f.Path)
				// prev2's colour is all a reading of windows may use: the
				// cards apart are the same at the end of any shortest run
				// only when they depend on the window alone, as these do.
				end := append(append([]sim.Card(nil), opening...), f.Path...)
				god, _ := ch.Rule.NewJudge().Legal(end)
				if d := differ(windowOf(end), god); d != f.Cards || d == 0 {
					t.Fatalf("after %s: cards apart %x, the search says %x (brute force's first: %x)", sim.CardsString(end), d, f.Cards, cardsApart)
				}
			})
		}
	}
}

// SearchWalks finds what it finds on legal play, the same each time it is
// asked.
func TestSearchWalks(t *testing.T) {
	ch := chart(t, `n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`)
	starts := [][]sim.Card{cards(t, "8D"), cards(t, "8D 8S")}
	// Parts at the first main line of seven cards or more on which God
	// accepts a club.
	differ := func(line []sim.Card, legal uint64) uint64 {
		if len(line) >= 7 {
			return legal & (0x1fff << (13 * uint64(sim.Clubs)))
		}
		return 0
	}
	f, err := ch.SearchWalks(starts, differ)
	if err != nil || !f.Found {
		t.Fatalf("%+v, %v: a club is legal within a few cards of either start", f, err)
	}
	ruletest.LegalRun(t, ch.Rule, starts[f.Start], f.Path)
	if n := len(starts[f.Start]) + len(f.Path); n < 7 {
		t.Fatalf("parted after a line of %d cards", n)
	}
	g, _ := ch.SearchWalks(starts, differ)
	if g.Start != f.Start || sim.CardsString(g.Path) != sim.CardsString(f.Path) || g.Cards != f.Cards {
		t.Fatal("the same question, two answers")
	}
	never, err := ch.SearchWalks(starts, func([]sim.Card, uint64) uint64 { return 0 })
	if err != nil || never.Found || never.States < SampleWalks {
		t.Fatalf("%+v, %v: readings that never part are searched on every walk", never, err)
	}
}
