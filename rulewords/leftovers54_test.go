package rulewords_test

import "testing"

// Readings of texts the fifty-fourth set's writers wrote, each idea in the
// languages it applies to: several amounts one of which is meant, a
// clause of both cards joined after a comma by "or", a colour cycle by
// place, an exception before branches, the same part never joined to
// itself, amounts after a card said as a card, and a mode that changes
// direction.

func TestAmountsOneOfWhich(t *testing.T) {
	const (
		d57  = `abs(card.rank - prev.rank) in [5, 7]`
		by57 = `(abs(card.rank - prev.rank) == 5) or (abs(card.rank - prev.rank) == 7)`
		up34 = `(card.rank == prev.rank + 3) or (card.rank == prev.rank + 4)`
		sum  = `(card.rank + prev.rank) in [10, 15]`
	)
	cases := []readCase{
		// what a number is, one of several values (a "be" of numbers)
		{"es", "la diferencia entre la carta y la anterior es exactamente 5 o exactamente 7", []string{d57}},
		{"es", "la diferencia entre la carta y la anterior es 5 o 7", []string{d57}},
		{"es", "la diferencia con la anterior tiene que ser 5 o 7", []string{d57}},
		{"es", "la diferencia entre la carta y la anterior es exactamente 5", []string{`abs(card.rank - prev.rank) == 5`}},
		{"pt", "a diferença entre a carta e a anterior é exatamente 5 ou exatamente 7", []string{d57}},
		{"pt", "a diferença entre a carta e a anterior tem de ser 5 ou 7", []string{d57}},
		{"ca", "la diferència entre la carta i l'anterior és exactament 5 o exactament 7", []string{d57}},
		{"ca", "la diferència entre la carta i l'anterior ha de ser 5 o 7", []string{d57}},
		{"en", "the difference between the card and the last card is exactly 5 or exactly 7", []string{d57}},
		{"en", "the difference between the card and the last card must be 5 or 7", []string{d57}},
		{"en", "the gap between the card's rank and the last card's rank is either 5 or 7", []string{d57}},
		// "exactly" before each amount of a list of amounts
		{"es", "la carta se diferencia de la anterior en exactamente 5 o exactamente 7", []string{by57}},
		{"es", "con una diferencia de exactamente 5 o exactamente 7 con la anterior", []string{by57}},
		{"pt", "com uma diferença de exatamente 5 ou exatamente 7 da anterior", []string{by57}},
		{"en", "the card must differ from the last card by exactly 3 or exactly 4", []string{`(abs(card.rank - prev.rank) == 3) or (abs(card.rank - prev.rank) == 4)`}},
		{"en", "the card is exactly 3 or exactly 4 higher than the last card", []string{up34}},
		{"pt", "a carta é exatamente 3 ou exatamente 4 acima da anterior", []string{up34}},
		{"es", "la carta es exactamente 3 o exactamente 4 más alta que la anterior", []string{up34}},
		{"ca", "la carta és exactament 3 o exactament 4 més alta que l'anterior", []string{up34}},
		{"en", "the card's rank is 5 or 7", []string{`card.rank in [5, 7]`}},
		// (a sum is said back without its brackets: the same rule, another
		// expression)
		{"en", "the sum of the card and the last card is exactly 10 or exactly 15", []string{sum}},
		{"en", "the sum of the card and the last card is not 10 or 15", []string{`not ((card.rank + prev.rank) in [10, 15])`}},
	}
	readsExactly(t, cases)
	for _, c := range cases[:len(cases)-2] {
		saysBack(t, c.lang, c.text)
	}
}

func TestBothCardsAfterOr(t *testing.T) {
	const (
		upSame  = `(card.rank > prev.rank) or (card.rank == prev.rank)`
		upSuit  = `(card.rank > prev.rank) or (card.suit == prev.suit)`
		redDiff = `(card.color == "red") or (card.color != prev.color)`
	)
	cases := []readCase{
		{"es", "la carta es más alta que la anterior, o tienen el mismo valor", []string{upSame}},
		{"es", "la carta es más alta que la anterior o tienen el mismo valor", []string{upSame}},
		{"es", "juega más alta que la anterior, o las dos cartas son del mismo palo", []string{upSuit}},
		{"es", "una carta roja, o bien son de distinto color", []string{redDiff}},
		{"pt", "a carta é maior que a anterior, ou têm o mesmo valor", []string{upSame}},
		{"pt", "joga mais alta, ou as duas cartas são do mesmo naipe", []string{upSuit}},
		{"pt", "a carta é vermelha, ou são de cor diferente", []string{redDiff}},
		{"ca", "la carta és més alta que l'anterior, o tenen el mateix valor", []string{upSame}},
		{"ca", "juga més alta, o les dues cartes són del mateix pal", []string{upSuit}},
		{"en", "the card is higher than the last card, or they have the same value", []string{upSame}},
		{"en", "play a higher card, or both cards are the same suit", []string{upSuit}},
		{"en", "the card is red, or they are of different colours", []string{redDiff}},
		{"en", "they have the same suit", []string{`card.suit == prev.suit`}},
		{"es", "tienen el mismo valor", []string{`card.rank == prev.rank`}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// A part said twice, in the same words or in others, is one part: a
// reading never joins a part to itself.
func TestSamePartOnce(t *testing.T) {
	const noFace = `not card.face`
	cases := []readCase{
		{"pt", "nada de figura, só número", []string{noFace}},
		{"pt", "só números, nada de figuras", []string{noFace}},
		{"es", "nada de figuras, solo números", []string{noFace}},
		{"ca", "res de figures, només números", []string{noFace}},
		{"en", "no face cards, only numbers", []string{noFace}},
		{"en", "no face cards, number cards only", []string{noFace}},
		{"en", "play a red card or a red card", []string{`card.color == "red"`}},
		{"es", "una carta roja o una carta roja", []string{`card.color == "red"`}},
		{"en", "red cards only; red cards only", []string{`card.color == "red"`}},
	}
	readsExactly(t, cases)
}

// A list of ranks said once, with what its cards are besides ("a 2 or 3
// red card"): every rank of the list is of that kind.
func TestRanksOfAKind(t *testing.T) {
	const red23 = `(card.rank in [2, 3]) and (card.color == "red")`
	cases := []readCase{
		{"en", "a 2 or 3 red card", []string{red23}},
		{"en", "play a 2 or 3 red card", []string{red23}},
		{"en", "a 2, 3 or 4 black card", []string{`(card.rank in [2, 3, 4]) and (card.color == "black")`}},
		{"pt", "um 2 ou 3 vermelho", []string{red23}},
		{"pt", "joga um 2 ou 3 vermelho", []string{red23}},
		{"pt", "um 2 ou 3 de copas", []string{`(card.rank in [2, 3]) and (card.suit == "hearts")`}},
		{"es", "un 2 o 3 rojo", []string{red23}},
		{"es", "un 2 o 3 de corazones", []string{`(card.rank in [2, 3]) and (card.suit == "hearts")`}},
		{"ca", "un 2 o 3 roig", []string{red23}},
		{"ca", "un 2 o 3 de cors", []string{`(card.rank in [2, 3]) and (card.suit == "hearts")`}},
	}
	readsExactly(t, cases)
}

// Amounts said once before a direction either way ("1 or 2 higher or
// lower") are the amounts of both directions: never "1 or 2 higher, or
// any lower card".
func TestAmountsBothWays(t *testing.T) {
	const both = `(card.rank == prev.rank + 1) or (card.rank == prev.rank - 1) or (card.rank == prev.rank + 2) or (card.rank == prev.rank - 2)`
	cases := []readCase{
		{"en", "1 or 2 ranks higher or lower", []string{both}},
		{"en", "1 or 2 higher or lower than the last card", []string{both}},
		{"en", "the card is 1 or 2 ranks higher or lower than the last card", []string{both}},
		{"en", "play a card 1 or 2 ranks higher or lower", []string{both}},
		{"pt", "1 ou 2 maior ou menor que a anterior", []string{both}},
		{"pt", "a carta é 1 ou 2 acima ou abaixo da anterior", []string{both}},
		{"es", "1 o 2 más o menos que la anterior", []string{both}},
		{"es", "una carta 1 o 2 mayor o menor que la anterior", []string{both}},
		{"es", "la carta es 1 o 2 más alta o más baja que la anterior", []string{both}},
		{"ca", "1 o 2 més o menys que l'anterior", []string{both}},
		// as before: a direction after amounts and another item is an item
		{"en", "1 or 2 higher, or the same suit as the last card", []string{`(card.rank == prev.rank + 1) or (card.rank == prev.rank + 2) or (card.suit == prev.suit)`}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// Colours by place in a cycle ("black, black, red, and repeat"): beside
// it, no reading that asks a card both black and red.
func TestColourCycleByPlace(t *testing.T) {
	const (
		bbr = `(n % 3 == 0) ? (card.color == "black") : ((n % 3 == 1) ? (card.color == "black") : (card.color == "red"))`
		rrb = `(n % 3 == 0) ? (card.color == "red") : ((n % 3 == 1) ? (card.color == "red") : (card.color == "black"))`
	)
	cases := []readCase{
		{"pt", "preta preta vermelha, repete", []string{bbr}},
		{"en", "black, black, red, and repeat", []string{bbr}},
		{"en", "red, red, black, repeat", []string{rrb}},
		{"es", "negra, negra, roja, y se repite", []string{bbr}},
		{"ca", "negra, negra, roja, i torna a començar", []string{bbr}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}
