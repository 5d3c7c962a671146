package rulewords_test

import "testing"

// Halving and doubling another card's rank by a pronoun ("double it or
// half of it", "double or half its value") and rounding a fraction down
// ("half the last card rounded down", "the last card's rank divided by 2,
// rounded down": the rule language's int(prev.rank / 2)).
func TestReadHalvesAndDoubles(t *testing.T) {
	const (
		same      = `card.rank == prev.rank`
		dbl       = `card.rank == 2 * prev.rank`
		half      = `card.rank * 2 == prev.rank`
		halfDown  = `card.rank == int((prev.rank / 2))`
		thirdDown = `card.rank == int((prev.rank / 3))`
		// "X, Y or Z": the list, and the comma as "and" before "Y or Z"
		// (no card is the same as the last card and double or half it:
		// rulebank drops it, TestHalvesAndDoublesOneRule)
		sameOr  = "(" + same + ") or (" + dbl + ") or (" + half + ")"
		sameAnd = "(" + same + ") and ((" + dbl + ") or (" + half + "))"
	)
	cases := []readCase{
		{"en", "the same value as the last card, double it or half of it", []string{sameAnd, sameOr}},
		{"en", "the same value as the last card, or double it, or half of it", []string{sameOr}},
		{"en", "the same value as the last card, double or half its value", []string{sameAnd, sameOr}},
		{"en", "the same value as the last card, or double or half its value", []string{sameOr}},
		{"en", "double or half the last card's value", []string{"(" + dbl + ") or (" + half + ")"}},
		{"en", "higher than the last card or double it", []string{"(card.rank > prev.rank) or (" + dbl + ")"}},
		{"en", "half the last card rounded down", []string{halfDown}},
		{"en", "half the last card's value, rounded down", []string{halfDown}},
		{"en", "play half the last card's value rounded down", []string{halfDown}},
		{"en", "a third of the last card's value rounded down", []string{thirdDown}},
		{"en", "the card's rank is the last card's rank divided by 2, rounded down", []string{halfDown}},
		{"en", "the card's rank is the whole part of (the last card's rank divided by 2)", []string{halfDown}},
		{"pt", "o mesmo valor que a última carta, o dobro dela ou a metade dela", []string{sameAnd, sameOr}},
		{"es", "el mismo valor que la última carta, el doble de ella o la mitad de ella", []string{sameAnd, sameOr}},
		{"ca", "el mateix valor que l'última carta, el doble d'ella o la meitat d'ella", []string{sameAnd, sameOr}},
		{"pt", "metade da última carta, arredondada para baixo", []string{halfDown}},
		{"es", "la mitad de la última carta, redondeada hacia abajo", []string{halfDown}},
		{"ca", "la meitat de l'última carta, arrodonida cap avall", []string{halfDown}},
		// as before
		{"en", "twice the last card's value or half the last card's value", []string{"(" + dbl + ") or (" + half + ")"}},
		{"en", "half the last card's value", []string{half}},
		// refused: no card named for "it", a whole number rounded, a
		// multiple rounded
		{"en", "double it", nil},
		{"en", "double or half its value", nil},
		{"en", "the card's rank rounded down is 5", nil},
		{"en", "double the last card rounded down", nil},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}
