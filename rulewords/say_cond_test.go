package rulewords_test

import "testing"

// A condition that relates the card to the last one ("the card is even if
// and only if the last card is even") is bracketed inside "if", so that its
// "if and only if" is not read as a second condition (found by the
// hypotheses' read-back test once such conditions joined the grammar).
func TestSayRelationalCondition(t *testing.T) {
	for _, e := range []string{
		`(card.even == prev.even) ? card.even : (card.color == "black" and not card.face)`,
		`(card.color == prev.color) ? (card.rank > prev.rank) : (card.rank < prev.rank)`,
		`(card.suit == prev.suit) ? card.face : (card.rank == prev.rank)`,
		`(card.face == prev.face) ? (card.color == "red") : card.odd`,
	} {
		roundTrip(t, e)
	}
}
