package rulewords_test

import "testing"

// Runs of a field whatever its value ("never three cards of the same
// colour in a row"), and rules that forbid joined by "and": the prev2 (or
// prev3) guard as s.nothree and s.maxrun write it.
func TestReadSameFieldRuns(t *testing.T) {
	const (
		colour3 = `not ((prev2 != nil) and (card.color == prev.color) and (prev.color == prev2.color))`
		suit3   = `not ((prev2 != nil) and (card.suit == prev.suit) and (prev.suit == prev2.suit))`
	)
	cases := []readCase{
		{"en", "never three cards of the same colour in a row", []string{colour3}},
		{"en", "never 3 cards of the same colour in a row", []string{colour3}},
		{"en", "no three consecutive cards of the same colour", []string{colour3}},
		{"en", "no more than 2 cards of the same colour in a row", []string{colour3}},
		{"en", "at most 2 cards of the same suit in a row", []string{suit3}},
		{"en", "no three cards of the same suit in a row", []string{suit3}},
		{"en", "no more than 1 card of the same colour in a row", []string{`not (card.color == prev.color)`}},
		{"en", "no more than 3 cards of the same parity in a row",
			[]string{`not ((prev3 != nil) and (card.even == prev.even) and (prev.even == prev2.even) and (prev2.even == prev3.even))`}},
		// two rules that forbid, joined by "and": both
		{"en", "never three red cards in a row and never three black cards in a row", []string{
			`(not ((prev2 != nil) and (prev2.color == "red") and (prev.color == "red") and (card.color == "red"))) and (not ((prev2 != nil) and (prev2.color == "black") and (prev.color == "black") and (card.color == "black")))`}},
		{"en", "never two hearts in a row and never two spades in a row", []string{
			`(not ((prev.suit == "hearts") and (card.suit == "hearts"))) and (not ((prev.suit == "spades") and (card.suit == "spades")))`}},
		// a prohibition that is a conditional too reads as before
		{"en", "no face cards after a face card and no hearts after a spade", []string{
			`prev.face ? (not card.face) : ((prev.suit == "spades") ? (not (card.suit == "hearts")) : true)`}},
	}
	readsExactly(t, cases)
}
