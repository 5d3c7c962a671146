package rulewords_test

import "testing"

// What a writer of a fresh bank reported refused (the fifty-first
// round): amounts said each with "exactly" ("by exactly 5 or exactly 7",
// "exactly 5 or exactly 7 away"), a comparative before a kind of card
// ("a higher even card", in every language), and a distance said even or
// odd ("differ from the last card by an even number").
func TestReadLeftovers51(t *testing.T) {
	const (
		by57    = `(abs(card.rank - prev.rank) == 5) or (abs(card.rank - prev.rank) == 7)`
		away57  = `(card.rank == prev.rank + 5) or (card.rank == prev.rank - 5) or (card.rank == prev.rank + 7) or (card.rank == prev.rank - 7)`
		oddEven = `prev.odd ? ((card.rank > prev.rank) and card.even) : true`
	)
	cases := []readCase{
		{"en", "the card must differ from the last card by exactly 5 or exactly 7", []string{by57}},
		{"en", "the card must differ from the last card by exactly 5 or 7", []string{by57}},
		{"en", "the card must differ from the last card by 5 or by 7", []string{by57}},
		{"en", "the card must be exactly 5 or exactly 7 away from the last card", []string{away57}},
		{"en", "after an odd card play a higher even card", []string{oddEven}},
		{"en", "play a lower red card", []string{`(card.rank < prev.rank) and (card.color == "red")`}},
		{"pt", "depois de uma carta ímpar joga uma carta par mais alta", []string{oddEven}},
		{"es", "después de una carta impar juega una carta par más alta", []string{oddEven}},
		{"ca", "després d'una carta senar juga una carta parella més alta", []string{oddEven}},
		{"en", "the card must differ from the last card by an even number", []string{`(abs(card.rank - prev.rank)) % 2 == 0`}},
		{"en", "the card must differ from the last card by an odd number", []string{`(abs(card.rank - prev.rank)) % 2 == 1`}},
		{"en", "the card must differ by an even amount from the last card", []string{`(abs(card.rank - prev.rank)) % 2 == 0`}},
		// as before
		{"en", "play a higher card", []string{`card.rank > prev.rank`}},
		{"en", "play an even card", []string{`card.even`}},
	}
	readsExactly(t, cases)
	// (a parity said back reads as card.even and as card.rank % 2 == 0,
	// the same rule, which rulebank merges: only the others here)
	for _, c := range cases[:4] {
		saysBack(t, c.lang, c.text)
	}
	saysBack(t, "en", "play a lower red card")
}

// A sum beside another requirement of the card, after "or": the sum's
// words first ("the card and the last card must add up to 14, or the same
// suit") or last ("… or a sum of 14 with it"), in every language.
func TestReadSumOrRequirement(t *testing.T) {
	const (
		sumFirst  = `(card.rank + prev.rank == 14) or (card.suit == prev.suit)`
		suitFirst = `(card.suit == prev.suit) or (card.rank + prev.rank == 14)`
	)
	cases := []readCase{
		{"en", "the card and the last card must add up to 14, or the same suit", []string{sumFirst}},
		{"en", "the card and the last card must add up to 14, or have the same suit as the last card", []string{sumFirst}},
		{"en", "the card and the last card add up to 14 or have the same suit", []string{sumFirst}},
		{"en", "the same suit as the last card, or the card's value plus the last card's value is 14", []string{suitFirst}},
		{"en", "either the same suit as the last card or a sum of 14 with it", []string{suitFirst}},
		{"en", "the same suit as the last card or a sum of 14 with the last card", []string{suitFirst}},
		{"pt", "a carta e a última carta devem somar 14, ou o mesmo naipe", []string{sumFirst}},
		{"pt", "o mesmo naipe que a última carta ou uma soma de 14 com ela", []string{suitFirst}},
		{"es", "la carta y la última carta deben sumar 14, o el mismo palo", []string{sumFirst}},
		{"es", "el mismo palo que la última carta o una suma de 14 con ella", []string{suitFirst}},
		{"ca", "la carta i l'última carta han de sumar 14, o el mateix pal", []string{sumFirst}},
		{"ca", "el mateix pal que l'última carta o una suma de 14 amb ella", []string{suitFirst}},
		// as before: a number's kind after "or" is the sum's
		{"en", "the card and the last card must add up to a multiple of 4 or a multiple of 6", []string{`((card.rank + prev.rank) % 4 == 0) or ((card.rank + prev.rank) % 6 == 0)`}},
		{"en", "the card and the last card must add up to 14", []string{`card.rank + prev.rank == 14`}},
		{"en", "the card and the last card must add up to 14 or 15", []string{`(card.rank + prev.rank) in [14, 15]`}},
	}
	readsExactly(t, cases)
	for _, c := range cases[:12] {
		saysBack(t, c.lang, c.text)
	}
}

// The order of a cycle of suits with commas as with arrows, the first
// suit again at its end ("spades, hearts, clubs, diamonds, spades", "…
// and back to spades"), and after a colon ("the next suit: …").
func TestReadCycleWithCommas(t *testing.T) {
	const (
		next = `{"spades": "hearts", "hearts": "clubs", "clubs": "diamonds", "diamonds": "spades"}[prev.suit] == card.suit`
		same = `(card.suit == prev.suit) or (` + next + `)`
	)
	cases := []readCase{
		{"en", "the same suit as the last card, or the next suit in the cycle spades, hearts, clubs, diamonds, spades", []string{same}},
		{"en", "the same suit as the last card, or the next suit: spades, hearts, clubs, diamonds and back to spades", []string{same}},
		{"en", "the same suit as the last card, or the next suit in the cycle spades → hearts → clubs → diamonds → spades", []string{same}},
		{"en", "the next suit in the cycle spades, hearts, clubs, diamonds", []string{next}},
		{"en", "the next suit in the cycle spades, hearts, clubs, diamonds, or the same suit", []string{`(` + next + `) or (card.suit == prev.suit)`}},
		{"pt", "o mesmo naipe que a última carta, ou do naipe que segue o da última carta no ciclo espadas, copas, paus, ouros, espadas", []string{same}},
		{"es", "el mismo palo que la última carta, o del palo que sigue al de la última carta en el ciclo picas, corazones, tréboles, diamantes, picas", []string{same}},
		{"ca", "el mateix pal que l'última carta, o del pal que seguix al de l'última carta en el cicle piques, cors, trèvols, diamants, piques", []string{same}},
		// the first suit again is the cycle's end, no other suit
		{"en", "the next suit in the cycle spades, hearts, clubs, diamonds, hearts", nil},
	}
	readsExactly(t, cases)
	for _, c := range cases[:8] {
		saysBack(t, c.lang, c.text)
	}
}

// A fraction or a multiple of another card's rank said alone, as what the
// card is ("twice the last card's value", "half the last card's value":
// exactly, so no card is half of an odd rank); with a bound as before.
func TestReadMultipleAlone(t *testing.T) {
	cases := []readCase{
		{"en", "twice the last card's value or half the last card's value", []string{`(card.rank == 2 * prev.rank) or (card.rank * 2 == prev.rank)`}},
		{"en", "the card must be half the last card's value", []string{`card.rank * 2 == prev.rank`}},
		{"en", "play double the last card", []string{`card.rank == 2 * prev.rank`}},
		// as before
		{"en", "at least half the last card's value", []string{`card.rank * 2 >= prev.rank`}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}
