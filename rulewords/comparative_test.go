package rulewords_test

import "testing"

// A comparative before a plural noun is said of the cards, never dropped.
func TestReadComparativeBeforePlural(t *testing.T) {
	readsExactly(t, []readCase{
		{"en", "play higher cards", []string{`card.rank > prev.rank`}},
		{"en", "play lower cards", []string{`card.rank < prev.rank`}},
		{"en", "play higher red cards", []string{`(card.rank > prev.rank) and (card.color == "red")`}},
		{"en", "play lower even cards", []string{`(card.rank < prev.rank) and card.even`}},
		{"en", "play a higher red card", []string{`(card.rank > prev.rank) and (card.color == "red")`}},
		{"en", "play higher", []string{`card.rank > prev.rank`}},
		{"en", "play red cards", []string{`card.color == "red"`}},
	})
}
