package rulewords_test

import "testing"

// A list of amounts after "by", "differ by", "higher by", "at a distance
// of": every number of it an amount, never the card's rank ("differs from
// the last card by exactly 5 or 7" once read "or is a 7"); a text with no
// words for the list is refused, never read with a rank.
func TestReadListsOfAmounts(t *testing.T) {
	const (
		d57  = `(abs(card.rank - prev.rank) == 5) or (abs(card.rank - prev.rank) == 7)`
		d23  = `(abs(card.rank - prev.rank) == 2) or (abs(card.rank - prev.rank) == 3)`
		up23 = `(card.rank == prev.rank + 2) or (card.rank == prev.rank + 3)`
	)
	cases := []readCase{
		{"en", "the card must differ from the last card by exactly 5 or 7", []string{d57}},
		{"en", "the card must differ from the last card by 5 or 7", []string{d57}},
		{"en", "the card must differ from the last card by 5 or by 7", []string{d57}},
		{"en", "the card must differ from the last card by 5, 6 or 7", []string{
			`(abs(card.rank - prev.rank) == 5) or (abs(card.rank - prev.rank) == 6) or (abs(card.rank - prev.rank) == 7)`}},
		{"en", "differs by 2 or 3 from the last card", []string{d23}},
		{"en", "the two cards differ by 2 or 3", []string{d23}},
		{"en", "play a card that differs from the last card by 2 or 3, or is the same suit", []string{d23 + ` or (card.suit == prev.suit)`}},
		{"en", "higher than the last card by 2 or 3", []string{up23}},
		{"en", "lower than the last card by 1 or 2", []string{`(card.rank == prev.rank - 1) or (card.rank == prev.rank - 2)`}},
		{"en", "higher than the last card by at least 3", []string{`card.rank >= prev.rank + 3`}},
		{"en", "the card must differ from the last card by exactly 5", []string{`abs(card.rank - prev.rank) == 5`}},
		// a bound and a number: no words for it, and the number no rank
		{"en", "the card must differ from the last card by at least 2 or 3", nil},
		{"en", "within 1 or 2 of the last card", nil},
		{"pt", "a carta deve estar a 5 ou 7 de distância da última carta", []string{d57}},
		{"pt", "com uma diferença de 5 ou 7 da última carta", []string{d57}},
		{"pt", "a carta deve estar a 2 de distância da última carta", []string{`abs(card.rank - prev.rank) == 2`}},
		{"es", "la carta debe estar a 5 o 7 de distancia de la anterior", []string{d57}},
		{"es", "con una diferencia de 5 o 7 con la anterior", []string{d57}},
		{"ca", "a 5 o 7 de distància de l'anterior", []string{d57}},
		{"ca", "amb una diferència de 5 o 7 amb l'anterior", []string{d57}},
	}
	readsExactly(t, cases)
}

// Numbers alone in a list right before "higher (lower) than the last
// card" are amounts, never ranks; with an article or in the plural they
// are cards ("an ace, 2 or 3", "2s or 3s"), and before anything else a
// bare list is still ranks.
func TestNumbersBeforeADirectionAreAmounts(t *testing.T) {
	const (
		up123   = `(card.rank == prev.rank + 1) or (card.rank == prev.rank + 2) or (card.rank == prev.rank + 3)`
		down12  = `(card.rank == prev.rank - 1) or (card.rank == prev.rank - 2)`
		up234   = `(card.rank == prev.rank + 2) or (card.rank == prev.rank + 3) or (card.rank == prev.rank + 4)`
		kinds23 = `((card.rank == 2) or (card.rank == 3)) and (card.rank > prev.rank)`
	)
	readsExactly(t, []readCase{
		{"en", "1, 2 or 3 higher than the last card", []string{up123}},
		{"en", "play 1, 2 or 3 higher than the last card", []string{up123}},
		{"en", "one, two or three higher than the last card", []string{up123}},
		{"en", "1 or 2 lower than the last card", []string{down12}},
		{"en", "2, 3 or 4 above the last card", []string{up234}},
		{"en", "an ace, 2 or 3 higher than the last card", []string{`((card.rank == 1) or (card.rank == 2) or (card.rank == 3)) and (card.rank > prev.rank)`}},
		{"en", "2s or 3s higher than the last card", []string{kinds23}},
		{"en", "twos or threes higher than the last card", []string{kinds23}},
		{"en", "2 or 3 of the same suit as the last card", []string{`((card.rank == 2) or (card.rank == 3)) and (card.suit == prev.suit)`}},
		{"en", "hearts or diamonds higher than the last card", []string{`((card.suit == "hearts") or (card.suit == "diamonds")) and (card.rank > prev.rank)`}},
		{"pt", "1, 2 ou 3 maior que a anterior", []string{up123}},
		{"es", "1, 2 o 3 más alta que la anterior", []string{up123}},
		{"ca", "1, 2 o 3 més alta que l'anterior", []string{up123}},
	})
}
