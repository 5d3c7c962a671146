package rulewords

import "testing"

// A list of numbers after "be", "must not be" or before "away" shares one
// subject and one relation, the negation covering the whole list; a bare
// number in a list of amounts is an amount, not a card named by its rank
// (an ace for the 1). Every reading of each text must say what the rule
// meant says of every card after every card.
func TestListsOfNumbersShareTheirRelation(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		// distances: the first number an amount like the others
		{"en", "the card must be 1 or 2 away from the last card", `abs(card.rank - prev.rank) in [1, 2]`},
		{"en", "a card 2 or 3 away from the previous one", `abs(card.rank - prev.rank) in [2, 3]`},
		{"en", "the next card has to be either 1 or 3 away from the last card", `abs(card.rank - prev.rank) in [1, 3]`},
		{"en", "play a card exactly 1 or 2 apart from the last card", `abs(card.rank - prev.rank) in [1, 2]`},
		{"en", "play a card 1, 2 or 3 ranks away from the last card", `abs(card.rank - prev.rank) in [1, 2, 3]`},
		{"en", "the card must not be 1 or 2 away from the last card", `not (abs(card.rank - prev.rank) in [1, 2])`},
		{"en", "the card must be 2, 3 or 4 lower than the last card", `prev.rank - card.rank in [2, 3, 4]`},
		{"en", "the card must be 1 or 2 higher than the previous card", `card.rank - prev.rank in [1, 2]`},
		{"en", "the card must be 3 or more higher than the last card", `card.rank >= prev.rank + 3`},
		{"es", "1, 2 o 3 más que la anterior", `card.rank - prev.rank in [1, 2, 3]`},
		// lists of ranks: one relation, the negation over the whole list
		{"en", "the card cannot be 2, 4 or 6", `not (card.rank in [2, 4, 6])`},
		{"en", "the card must not be 3 or 7", `not (card.rank in [3, 7])`},
		{"en", "the card is not 5, 6, 7 or 8", `not (card.rank in [5, 6, 7, 8])`},
		{"en", "cards must not be 10, jack, queen or king", `card.rank < 10`},
		{"en", "the card can't be an ace or a 2", `card.rank > 2`},
		{"en", "the card must be one of 3, 6 or 9", `card.rank in [3, 6, 9]`},
		{"en", "the card must be either 4 or 5", `card.rank in [4, 5]`},
		{"en", "play either an 8 or a 9", `card.rank in [8, 9]`},
		{"en", "the card must be 8, 9 or 10", `card.rank in [8, 9, 10]`},
		{"es", "la carta no puede ser 2, 3 o 4", `not (card.rank in [2, 3, 4])`},
		{"pt", "a carta não pode ser 5 ou 6", `not (card.rank in [5, 6])`},
		{"ca", "la carta no pot ser 9 o 10", `card.rank < 9 or card.rank > 10`},
		// a list of kinds of card, some of them ranks: each an item of its
		// own, never a kind and a list of ranks joined by a comma alone
		{"en", "play a red card, an ace or a 9", `card.color == "red" or card.rank in [1, 9]`},
		{"en", "if the last card was a face card play a face card, an ace or a ten", `prev.face ? (card.face or card.rank in [1, 10]) : true`},
		{"en", "if the last card was an ace or a 9 play a face card, an ace or a 9, otherwise anything", `prev.rank in [1, 9] ? (card.face or card.rank in [1, 9]) : true`},
		{"en", "play a face card, 8, 9 or 10", `card.face or card.rank in [8, 9, 10]`},
		{"en", "the card must be a spade, a 2 or a 3", `card.suit == "spades" or card.rank in [2, 3]`},
	}
	readsOnPairs(t, cases)
}
