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
