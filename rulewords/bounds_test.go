package rulewords

import (
	"testing"

	"github.com/expr-lang/expr"
)

// Two bounds joined by "and" or "but" before one relation are both about
// that relation: "at least 3 and at most 8 away from the last card" is 3
// to 8 ranks away, never "3 or higher, and within 8 ranks". Every reading
// of each text must say what the rule meant says of every card after
// every card; a text with no reading fails.
func TestBoundsShareTheirRelation(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		// the tester's text: no reading of the 3 as the card's rank
		{"en", "play a card at least 3 and at most 8 away from the last card", `abs(card.rank - prev.rank) in 3..8`},
		{"en", "the card has to be at least 2 and at most 6 away from the previous card", `abs(card.rank - prev.rank) in 2..6`},
		{"en", "a card at least 4 and at most 9 apart from the last one", `abs(card.rank - prev.rank) in 4..9`},
		{"en", "the card must be more than 1 but less than 5 away from the last card", `abs(card.rank - prev.rank) in 2..4`},
		{"en", "play a card more than 2, but fewer than 7 ranks away from the last card", `abs(card.rank - prev.rank) in 3..6`},
		{"en", "the card must be no fewer than 2 and no more than 5 away from the last card", `abs(card.rank - prev.rank) in 2..5`},
		{"en", "the card must be at most 10 and at least 6 away from the last card", `abs(card.rank - prev.rank) in 6..10`},
		{"en", "the card must be between 3 and 7 away from the last card", `abs(card.rank - prev.rank) in 3..7`},
		{"en", "play a card from 1 to 3 ranks away from the last card", `abs(card.rank - prev.rank) in 1..3`},
		// higher and lower: how much, both bounds
		{"en", "the card must be at least 2 and at most 5 higher than the last card", `card.rank - prev.rank in 2..5`},
		{"en", "play a card at least 1 but at most 3 lower than the last card", `prev.rank - card.rank in 1..3`},
		{"en", "a card more than 3 but less than 9 higher than the previous one", `card.rank - prev.rank in 4..8`},
		{"en", "the card must be no fewer than 4 and no more than 6 below the last card", `prev.rank - card.rank in 4..6`},
		{"en", "the card must be from 2 to 4 above the last card", `card.rank - prev.rank in 2..4`},
		// other languages, each as its phrase file writes the bounds
		{"es", "la carta debe estar a al menos 3 y como máximo 8 de la última carta", `abs(card.rank - prev.rank) in 3..8`},
		{"es", "juega una carta más de 1 pero menos de 5 por encima de la anterior", `card.rank - prev.rank in 2..4`},
		{"pt", "a carta deve estar a pelo menos 2 e no máximo 6 de distância da última carta", `abs(card.rank - prev.rank) in 2..6`},
		{"pt", "jogue uma carta entre 2 e 4 abaixo da última carta", `prev.rank - card.rank in 2..4`},
		{"ca", "la carta ha d'estar a almenys 4 i com a màxim 7 de l'última carta", `abs(card.rank - prev.rank) in 4..7`},
		// guards: bounds with nothing shared are the card's rank
		{"en", "the card must be at least 3 and at most 8", `card.rank in 3..8`},
		{"en", "play a card higher than 3 and at most 4 away from the last card", `card.rank > 3 and abs(card.rank - prev.rank) <= 4`},
		{"en", "the card must be at least 10 and at most 3 away from the last card", `card.rank >= 10 and abs(card.rank - prev.rank) <= 3`},
	}
	readsOnPairs(t, cases)
}

// readsOnPairs reads each text in its language and holds every reading to
// what the rule meant, over every pair of last card and card.
func readsOnPairs(t *testing.T, cases []struct{ lang, text, want string }) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.lang+" "+c.text, func(t *testing.T) {
			rs, err := ReadIn(c.lang, c.text)
			if err != nil {
				t.Fatal(err)
			}
			behavesOnPairs(t, rs, c.want)
		})
	}
}

// behavesOnPairs: every reading says what want says of every card after
// every card.
func behavesOnPairs(t *testing.T, rs []Reading, want string) {
	t.Helper()
	w, err := expr.Compile(want, expr.Env(pairEnv{}), expr.AsBool())
	if err != nil {
		t.Fatal(err)
	}
	deck := allCards()
	for _, r := range rs {
		got, err := expr.Compile(r.Expr, expr.Env(pairEnv{}), expr.AsBool())
		if err != nil {
			t.Fatalf("reading %s: %v", r.Expr, err)
		}
	pairs:
		for i := range deck {
			for j := range deck {
				env := pairEnv{Prev: &deck[i], Card: &deck[j]}
				x, err1 := expr.Run(got, env)
				y, err2 := expr.Run(w, env)
				if err1 != nil || err2 != nil || x != y {
					t.Errorf("read as %s (%q): %v for %d after %d, want %s", r.Expr, r.Words, x, deck[j].Rank, deck[i].Rank, want)
					break pairs
				}
			}
		}
	}
}
