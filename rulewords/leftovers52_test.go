package rulewords_test

import "testing"

// One list, one meaning: numbers in a list with a card said as a card ("a
// 2", "an ace", "2s") are cards, the number after "or" too; numbers alone
// before a direction are amounts ("1, 2 or 3 higher"), as before, and "3
// ranks above" says its number is an amount. (What is said back is the
// same rule with the ranks as a list, which rulebank merges.)
func TestListOfCardsBeforeADirection(t *testing.T) {
	const (
		kinds23 = `((card.rank == 2) or (card.rank == 3)) and (card.rank > prev.rank)`
		up23    = `(card.rank == prev.rank + 2) or (card.rank == prev.rank + 3)`
	)
	cases := []readCase{
		{"en", "a 2 or 3 higher than the last card", []string{kinds23}},
		{"en", "play a 2 or 3 higher than the last card", []string{kinds23}},
		{"en", "2s or 3 higher than the last card", []string{kinds23}},
		{"en", "a 2, 3 or 4 higher than the last card", []string{`((card.rank == 2) or (card.rank == 3) or (card.rank == 4)) and (card.rank > prev.rank)`}},
		{"en", "an ace or 2 higher than the last card", []string{`((card.rank == 1) or (card.rank == 2)) and (card.rank > prev.rank)`}},
		// as before
		{"en", "a 2 or a 3 higher than the last card", []string{kinds23}},
		{"en", "2 or 3 higher than the last card", []string{up23}},
		{"en", "a 2 or 3", []string{`card.rank in [2, 3]`}},
		{"en", "a 2 or 3 of the same suit as the last card", []string{`((card.rank == 2) or (card.rank == 3)) and (card.suit == prev.suit)`}},
		{"en", "higher than 5 or 3 higher than the last card", []string{`(card.rank > 5) or (card.rank == prev.rank + 3)`}},
		{"en", "a 2 or exactly 3 higher than the last card", []string{`(card.rank == 2) or (card.rank == prev.rank + 3)`}},
		{"en", "play an ace, a 2 or 3 ranks above the last card", []string{`(card.rank == 1) or (card.rank == 2) or (card.rank == prev.rank + 3)`}},
	}
	readsExactly(t, cases)
}

// Differing from another card by an amount, by bounds or by an even (odd)
// number, in Portuguese, Spanish and Valencian as in English.
func TestReadDifferByInEveryTongue(t *testing.T) {
	const (
		even = `(abs(card.rank - prev.rank)) % 2 == 0`
		odd  = `(abs(card.rank - prev.rank)) % 2 == 1`
		by3  = `abs(card.rank - prev.rank) == 3`
		ge2  = `abs(card.rank - prev.rank) >= 2`
		by57 = `(abs(card.rank - prev.rank) == 5) or (abs(card.rank - prev.rank) == 7)`
	)
	cases := []readCase{
		{"pt", "a carta deve diferir da última carta em um número par", []string{even}},
		{"pt", "a carta deve diferir da última carta em um número ímpar", []string{odd}},
		{"pt", "a carta deve diferir da última carta em 3", []string{by3}},
		{"pt", "a carta difere da anterior em pelo menos 2", []string{ge2}},
		{"pt", "a carta difere da anterior em exatamente 5 ou 7", []string{by57}},
		{"es", "la carta debe diferenciarse de la anterior en un número par", []string{even}},
		{"es", "la carta debe diferenciarse de la anterior en un número impar", []string{odd}},
		{"es", "la carta debe diferir de la última carta en 3", []string{by3}},
		{"es", "la carta se diferencia de la anterior en al menos 2", []string{ge2}},
		{"es", "la carta difiere de la anterior en exactamente 5 o 7", []string{by57}},
		{"ca", "la carta ha de diferir de l'anterior en un nombre parell", []string{even}},
		{"ca", "la carta ha de diferir de l'anterior en un nombre senar", []string{odd}},
		{"ca", "la carta difereix de l'anterior en 3", []string{by3}},
		{"ca", "la carta ha de diferir de l'anterior en almenys 2", []string{ge2}},
		{"ca", "la carta ha de diferir de l'anterior en exactament 5 o 7", []string{by57}},
		// as before
		{"en", "the card must differ from the last card by an even number", []string{even}},
		{"en", "the card must differ from the last card by 3", []string{by3}},
		{"pt", "a carta tem um naipe diferente da última carta", []string{`card.suit != prev.suit`}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// Two cards that add up to a number or share a field ("as duas cartas
// somam 14 ou têm o mesmo naipe"), the cards said as "the two cards" or
// one by one, in every language.
func TestReadSumOrSameField(t *testing.T) {
	const (
		suit  = `(card.rank + prev.rank == 14) or (card.suit == prev.suit)`
		color = `(card.rank + prev.rank == 14) or (card.color == prev.color)`
	)
	cases := []readCase{
		{"en", "the two cards add up to 14 or have the same suit", []string{suit}},
		{"en", "the two cards must add up to 14 or be of the same colour", []string{color}},
		{"pt", "as duas cartas somam 14 ou têm o mesmo naipe", []string{suit}},
		{"pt", "as duas cartas devem somar 14 ou ter a mesma cor", []string{color}},
		{"pt", "a carta e a última carta somam 14 ou têm o mesmo naipe", []string{suit}},
		{"es", "las dos cartas suman 14 o tienen el mismo palo", []string{suit}},
		{"es", "la carta y la última carta suman 14 o tienen el mismo palo", []string{suit}},
		{"es", "las dos cartas deben sumar 14 o ser de el mismo color", []string{color}},
		{"ca", "les dues cartes sumen 14 o tenen el mateix pal", []string{suit}},
		{"ca", "la carta i l'última carta sumen 14 o tenen el mateix pal", []string{suit}},
		{"ca", "les dues cartes han de sumar 14 o ser de el mateix color", []string{color}},
		// as before
		{"en", "the card and the last card add up to 14 or have the same suit", []string{suit}},
		{"pt", "a carta e a última carta somam 14 ou o mesmo naipe", []string{suit}},
		{"pt", "as duas cartas somam 14", []string{`card.rank + prev.rank == 14`}},
		{"en", "the two cards add up to 14 or have", nil},
	}
	readsExactly(t, cases)
	for _, c := range cases[:11] {
		saysBack(t, c.lang, c.text)
	}
}

// Two multipliers of one card's rank joined by "or" where their words end
// in "of" ("o dobro de"): the first said without it ("o dobro ou a metade
// da última carta"), in every language.
func TestReadDoubleOrHalfInEveryTongue(t *testing.T) {
	const (
		dbl     = `card.rank == 2 * prev.rank`
		half    = `card.rank * 2 == prev.rank`
		dblHalf = "(" + dbl + ") or (" + half + ")"
		halfDbl = "(" + half + ") or (" + dbl + ")"
	)
	cases := []readCase{
		{"pt", "o dobro ou a metade da última carta", []string{dblHalf}},
		{"pt", "a metade ou o dobro do valor da última carta", []string{halfDbl}},
		{"es", "el doble o la mitad de la anterior", []string{dblHalf}},
		{"es", "la mitad o el doble de la última carta", []string{halfDbl}},
		{"ca", "el doble o la meitat de l'anterior", []string{dblHalf}},
		{"ca", "la meitat o el doble de l'última carta", []string{halfDbl}},
		{"en", "half or double the last card's value", []string{halfDbl}},
		{"en", "twice or three times the last card", []string{`(card.rank == 2 * prev.rank) or (card.rank == 3 * prev.rank)`}},
		// as before
		{"en", "double or half the last card", []string{dblHalf}},
		{"pt", "o mesmo valor que a última carta, ou o dobro ou a metade da última carta", []string{`(card.rank == prev.rank) or (` + dbl + `) or (` + half + `)`}},
		// refused: no card named
		{"es", "el doble o la mitad", nil},
		{"pt", "o dobro ou a metade", nil},
	}
	readsExactly(t, cases)
	for _, c := range cases[:10] {
		saysBack(t, c.lang, c.text)
	}
}

// A fraction of a card's rank rounded up: the whole part of the rank
// plus the divisor less one, divided ("half the last card, rounded up" is
// int(((prev.rank + 1) / 2))), in every language; what is said back
// reads back.
func TestReadRoundedUp(t *testing.T) {
	const (
		halfUp   = `card.rank == int(((prev.rank + 1) / 2))`
		thirdUp  = `card.rank == int(((prev.rank + 2) / 3))`
		halfDown = `card.rank == int((prev.rank / 2))`
	)
	cases := []readCase{
		{"en", "half the last card, rounded up", []string{halfUp}},
		{"en", "play half the last card's value rounded up", []string{halfUp}},
		{"en", "a third of the last card's value rounded up", []string{thirdUp}},
		{"en", "the card's rank is the last card's rank divided by 2, rounded up", []string{halfUp}},
		{"en", "the card's rank is the whole part of ((the last card's rank plus 1) divided by 2)", []string{halfUp}},
		{"pt", "metade da última carta, arredondada para cima", []string{halfUp}},
		{"pt", "o valor da carta é o valor da última carta dividido por 2, arredondado para cima", []string{halfUp}},
		{"es", "la mitad de la última carta, redondeada hacia arriba", []string{halfUp}},
		{"es", "la mitad de la anterior redondeada al alza", []string{halfUp}},
		{"ca", "la meitat de l'última carta, arrodonida cap amunt", []string{halfUp}},
		{"ca", "la meitat de l'anterior, arrodonida a l'alça", []string{halfUp}},
		// as before
		{"en", "half the last card rounded down", []string{halfDown}},
		{"en", "half the last card's value", []string{`card.rank * 2 == prev.rank`}},
		// refused: a multiple or a whole number is not rounded
		{"en", "double the last card rounded up", nil},
		{"en", "the card's rank rounded up is 5", nil},
	}
	readsExactly(t, cases)
	for _, c := range cases[:13] {
		saysBack(t, c.lang, c.text)
	}
}
