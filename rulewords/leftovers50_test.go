package rulewords_test

import (
	"testing"
)

// What writers of rules in words reported left unread (the fiftieth
// round), each a construction read in every language where it exists:
// windows of cards, runs going up or down, a field missing from the last
// cards, "una" before a comparison, "joga maior", "the same suit or the
// same value as one of the last three", "either of the previous two",
// "after two cards of the same suit", and a clause said as an
// alternative after a full rule.
func TestReadLeftovers50(t *testing.T) {
	const (
		// the window ending at the card: the card and the last four
		suit5x2 = `count(line[max(0, n - 4):], .suit == card.suit) < 2`
		hearts5 = `not ((card.suit == "hearts") and (count(line[max(0, n - 4):], .suit == "hearts") >= 2))`
		// some red card among the card and the two before it, once there
		// are three cards
		red3 = `not ((prev2 != nil) and (not (prev2.color == "red")) and (not (prev.color == "red")) and (not (card.color == "red")))`
		red5 = `(n < 4) or (card.color == "red") or (any(line[max(0, n - 4):], .color == "red"))`
		// four cards going up: the card would be the fourth of a rising run
		up4   = `not ((prev3 != nil) and (card.rank > prev.rank) and (prev.rank > prev2.rank) and (prev2.rank > prev3.rank))`
		down4 = `not ((prev3 != nil) and (card.rank < prev.rank) and (prev.rank < prev2.rank) and (prev2.rank < prev3.rank))`
		// a suit missing from the last cards
		suitNot3 = `none(line[max(0, n - 3):], .suit == card.suit)`
		suitNot2 = `none(line[max(0, n - 2):], .suit == card.suit)`
		higher   = `card.rank > prev.rank`
		plus1    = `card.rank == prev.rank + 1`
		alt7     = `(card.color != prev.color) and ((card.color == "black") ? (card.rank <= 7) : true)`
		same3    = `((card.suit == prev.suit) or ((prev2 != nil) and (card.suit == prev2.suit)) or ((prev3 != nil) and (card.suit == prev3.suit))) or ((card.rank == prev.rank) or ((prev2 != nil) and (card.rank == prev2.rank)) or ((prev3 != nil) and (card.rank == prev3.rank)))`
		same2    = `((card.suit == prev.suit) or ((prev2 != nil) and (card.suit == prev2.suit))) or ((card.rank == prev.rank) or ((prev2 != nil) and (card.rank == prev2.rank)))`
		either2  = `(card.suit == prev.suit) or ((prev2 != nil) and (card.suit == prev2.suit))`
		either2c = `(card.color == prev.color) or ((prev2 != nil) and (card.color == prev2.color))`
		after2   = `((prev2 != nil) and (prev2.suit == prev.suit)) ? (card.suit != prev.suit) : true`
		or13     = `(card.rank > prev.rank) or (card.rank + prev.rank == 13)`
	)
	cases := []readCase{
		// 1. windows of k cards: the card and the k-1 before it
		{"en", "in any five cards in a row, no suit appears more than twice", []string{suit5x2}},
		{"en", "in any 5 consecutive cards no suit appears more than 2 times", []string{suit5x2}},
		{"en", "no suit more than twice in any five cards in a row", []string{suit5x2}},
		{"en", "among any five consecutive cards, no more than two hearts", []string{hearts5}},
		{"en", "at most two hearts in any five cards in a row", []string{hearts5}},
		{"en", "among any three consecutive cards there is a red one", []string{red3}},
		{"en", "any three consecutive cards include a red card", []string{red3}},
		{"en", "at least one red card in every three cards in a row", []string{red3}},
		{"en", "in any five cards in a row there is a red card", []string{red5}},
		{"pt", "em quaisquer cinco cartas seguidas, nenhum naipe aparece mais de duas vezes", []string{suit5x2}},
		{"pt", "entre quaisquer três cartas seguidas há uma vermelha", []string{red3}},
		{"es", "en cualquier grupo de cinco cartas seguidas, ningún palo aparece más de dos veces", []string{suit5x2}},
		{"es", "entre cualesquiera tres cartas seguidas hay una roja", []string{red3}},
		{"ca", "en qualsevol grup de cinc cartes seguides, cap pal no apareix més de dues vegades", []string{suit5x2}},
		{"ca", "entre qualsevol grup de tres cartes seguides hi ha una roja", []string{red3}},
		// 2. runs going up or down: k cards in a row, each higher (lower)
		// than the one before it
		{"en", "never four cards in a row going up", []string{up4}},
		{"en", "never four ascending cards in a row", []string{up4}},
		{"en", "no more than three descending cards in a row", []string{down4}},
		{"en", "no more than 3 cards in a row going down", []string{down4}},
		// five or more: a run past prev3, which the words said back
		// cannot name (refused)
		{"en", "never five cards in a row in ascending order", nil},
		{"en", "never go up three times in a row", []string{up4}},
		{"en", "never four cards in a row going up, and never four going down", []string{"(" + up4 + ") and (" + down4 + ")"}},
		{"pt", "nunca quatro cartas seguidas subindo", []string{up4}},
		{"pt", "não mais de três cartas descendentes seguidas", []string{down4}},
		{"es", "nunca cuatro cartas seguidas en orden ascendente", []string{up4}},
		{"es", "no más de tres cartas descendentes seguidas", []string{down4}},
		{"ca", "mai quatre cartes seguides pujant", []string{up4}},
		{"ca", "no més de tres cartes descendents seguides", []string{down4}},
		// 3. a field missing from the last k cards
		{"en", "play a suit that is not among the last three cards", []string{suitNot3}},
		{"en", "the card's suit must be missing from the last two cards", []string{suitNot2}},
		{"en", "play a suit missing from the last three cards", []string{suitNot3}},
		{"pt", "joga um naipe que não esteja entre as três últimas cartas", []string{suitNot3}},
		{"pt", "o naipe da carta não pode estar nas duas últimas cartas", []string{suitNot2}},
		{"es", "juega un palo que no esté entre las tres últimas cartas", []string{suitNot3}},
		{"es", "el palo de la carta no puede estar en las dos últimas cartas", []string{suitNot2}},
		{"ca", "juga un pal que no estiga entre les tres últimes cartes", []string{suitNot3}},
		{"ca", "el pal de la carta no pot estar en les dues últimes cartes", []string{suitNot2}},
		// 4. "una" before a comparison is the card, not the number one
		{"es", "juega una más alta que la anterior", []string{higher}},
		{"es", "juega una mayor que la anterior", []string{higher}},
		{"es", "juega una carta más alta que la anterior", []string{higher}},
		{"es", "una más que la anterior", []string{plus1}},
		{"es", "sube una", []string{plus1}},
		{"es", "exactamente una más que la anterior", []string{plus1}},
		{"ca", "juga una més alta que l'anterior", []string{higher}},
		{"ca", "juga una major que l'anterior", []string{higher}},
		{"ca", "una més que l'anterior", []string{plus1}},
		{"pt", "joga uma mais alta que a anterior", []string{higher}},
		{"pt", "joga uma maior que a anterior", []string{higher}},
		{"pt", "uma a mais que a anterior", []string{plus1}},
		// 5. a comparative alone after the verb of playing; a field that
		// alternates said in the singular
		{"pt", "joga maior", []string{higher}},
		{"pt", "jogue mais alta", []string{higher}},
		{"es", "juega mayor", []string{higher}},
		{"es", "juega más alta", []string{higher}},
		{"ca", "juga més alta", []string{higher}},
		{"ca", "juga major", []string{higher}},
		{"pt", "joga menor", []string{`card.rank < prev.rank`}},
		{"pt", "a cor alterna, e as pretas têm de ser 7 ou menos", []string{alt7}},
		{"en", "the colour alternates, and black cards must be 7 or lower", []string{alt7}},
		{"es", "el color alterna, y las negras tienen que ser 7 o menos", []string{alt7}},
		{"ca", "el color alterna, i les negres han de ser 7 o menys", []string{alt7}},
		// 6. "the same suit or the same value as X": X is both's
		{"en", "the same suit or the same value as one of the last three cards", []string{same3}},
		{"en", "the same suit or the same value as the card before the last one", []string{`(prev2 == nil) or (card.suit == prev2.suit) or (card.rank == prev2.rank)`}},
		{"en", "same suit or same value as the starter", []string{`(card.suit == line[0].suit) or (card.rank == line[0].rank)`}},
		{"en", "the same suit as the last card or the same value as one of the last three cards", []string{`(card.suit == prev.suit) or ((card.rank == prev.rank) or ((prev2 != nil) and (card.rank == prev2.rank)) or ((prev3 != nil) and (card.rank == prev3.rank)))`}},
		{"pt", "o mesmo naipe ou o mesmo valor que uma das duas últimas cartas", []string{same2}},
		{"pt", "o mesmo naipe ou o mesmo valor que uma das três últimas cartas", []string{same3}},
		{"es", "el mismo palo o el mismo valor que una de las tres últimas cartas", []string{same3}},
		{"ca", "el mateix pal o el mateix valor que una de les tres últimes cartes", []string{same3}},
		// 7. either of the last two, said in more ways
		{"en", "the card must share a suit with either of the last two cards", []string{either2}},
		{"en", "the card must share a suit with either one of the last two cards", []string{either2}},
		{"en", "same suit as either of the previous two cards", []string{either2}},
		{"en", "the card must be the same colour as either of the two previous cards", []string{either2c}},
		{"en", "same suit as one of the two last cards", []string{either2}},
		{"pt", "a carta deve ter o mesmo naipe que qualquer uma das duas últimas cartas", []string{either2}},
		{"pt", "o mesmo naipe de uma das duas cartas anteriores", []string{either2}},
		{"es", "la carta debe tener el mismo palo que cualquiera de las dos últimas cartas", []string{either2}},
		{"es", "el mismo palo que alguna de las dos cartas anteriores", []string{either2}},
		{"ca", "la carta ha de tindre el mateix pal que qualsevol de les dues últimes cartes", []string{either2}},
		{"ca", "el mateix pal que alguna de les dues cartes anteriors", []string{either2}},
		// 8. after two cards of the same suit (or two of a kind in a row)
		{"en", "after two cards of the same suit, change suit", []string{after2}},
		{"en", "after two cards of the same suit in a row, play a different suit", []string{after2}},
		{"en", "after two hearts in a row, play a club", []string{`((prev2 != nil) and (prev2.suit == "hearts") and (prev.suit == "hearts")) ? (card.suit == "clubs") : true`}},
		{"pt", "depois de duas cartas do mesmo naipe, muda de naipe", []string{after2}},
		{"es", "después de dos cartas del mismo palo, cambia de palo", []string{after2}},
		{"ca", "després de dues cartes del mateix pal, canvia de pal", []string{after2}},
		// 9. a clause said as an alternative after a full rule
		{"en", "higher than the last card, or the two cards must add up to 13", []string{or13}},
		{"en", "play higher than the last card, or the two cards must add up to 13", []string{or13}},
		{"en", "play higher than the last card, or the card must be red", []string{`(card.rank > prev.rank) or (card.color == "red")`}},
		{"pt", "joga maior que a anterior, ou as duas cartas devem somar 13", []string{or13}},
		{"es", "juega más alta que la anterior, o las dos cartas deben sumar 13", []string{or13}},
		{"ca", "juga més alta que l'anterior, o les dues cartes han de sumar 13", []string{or13}},
	}
	readsExactly(t, cases)
}
