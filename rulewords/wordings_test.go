package rulewords_test

import "testing"

// Wordings a writer of fresh rules found refused: "or equal" said after
// the comparative, and a span of steps counting round.
func TestReadOrEqualAndSpansRound(t *testing.T) {
	const up14 = `(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 1) % 13 + 1) or (card.rank == (prev.rank + 2) % 13 + 1) or (card.rank == (prev.rank + 3) % 13 + 1)`
	cases := []readCase{
		{"en", "higher or equal", []string{`card.rank >= prev.rank`}},
		{"en", "equal or higher", []string{`card.rank >= prev.rank`}},
		{"en", "play a card higher or equal to the last card", []string{`card.rank >= prev.rank`}},
		{"en", "same rank or lower", []string{`card.rank <= prev.rank`}},
		{"en", "the card must be the same value or higher than the last card", []string{`card.rank >= prev.rank`}},
		{"en", "after a red card play the same value or higher, after a black card play lower", []string{
			`((prev.color == "red") ? (card.rank >= prev.rank) : true) and ((prev.color == "black") ? (card.rank < prev.rank) : true)`,
			`(prev.color == "red") ? (card.rank >= prev.rank) : (card.rank < prev.rank)`}},
		{"es", "después de una roja, mayor o igual; después de una negra, menor", []string{
			`(prev.color == "red") ? (card.rank >= prev.rank) : (card.rank < prev.rank)`}},
		{"pt", "maior ou igual à anterior", []string{`card.rank >= prev.rank`}},
		{"ca", "més alta o igual que l'anterior", []string{`card.rank >= prev.rank`}},
		{"en", "1 to 4 higher than the last card, counting round from king to ace", []string{up14}},
		{"en", "between 1 and 4 higher than the last card, counting round from king to ace", []string{up14}},
		{"en", "go up by 1 to 4, counting round", []string{up14}},
		{"en", "2 to 3 lower than the last card, counting round", []string{`(card.rank == (prev.rank + 10) % 13 + 1) or (card.rank == (prev.rank + 9) % 13 + 1)`}},
		{"en", "go up by 1 to 4", []string{`(card.rank >= prev.rank + 1) and (card.rank <= prev.rank + 4)`}},
	}
	readsExactly(t, cases)
}
