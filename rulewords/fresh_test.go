package rulewords_test

import "testing"

// What a writer of a fresh rule bank met: each idea read in general, not
// its one wording. Each text's readings, exactly (nil: refused).
func TestReadFreshBank(t *testing.T) {
	const (
		notLast2 = `(card.suit != prev.suit) and ((prev2 == nil) or (card.suit != prev2.suit))`
		notLast3 = notLast2 + ` and ((prev3 == nil) or (card.suit != prev3.suit))`
	)
	cases := []readCase{
		// a number after "the last" is how many cards, each of them
		// compared with the card played; a rank only where no number is
		{"en", "play a card of a different suit from the last two", []string{notLast2}},
		{"en", "play a card of a different suit from the last two cards", []string{notLast2}},
		{"en", "a different suit from the previous 3 cards", []string{notLast3}},
		{"en", "higher than the last 2", []string{`(card.rank > prev.rank) and ((prev2 == nil) or (card.rank > prev2.rank))`}},
		{"en", "the same suit as the last king", []string{`(none(line, #.rank == 13)) or (last(filter(line, #.rank == 13)).suit == card.suit)`}},
		// the last cards said alone are there, as before
		{"en", "if the last two cards are red, play black",
			[]string{`((prev2 != nil) and (prev2.color == "red") and (prev.color == "red")) ? (card.color == "black") : true`}},
		// what a number is, said twice: the number carries over, never
		// the card played ("not 14" is no card of rank 14)
		{"en", "the sum of the card and the last card is not 13 and not 14", []string{`((card.rank + prev.rank) != 13) and ((card.rank + prev.rank) != 14)`}},
		{"en", "the sum of the card and the last card is not 13 and not 7", []string{`((card.rank + prev.rank) != 13) and ((card.rank + prev.rank) != 7)`}},
		{"en", "the sum of the card and the last card is less than 5 or more than 14", []string{`((card.rank + prev.rank) < 5) or ((card.rank + prev.rank) > 14)`}},
		{"en", "the sum of the card and the last card is more than 5 and less than 10", []string{`((card.rank + prev.rank) > 5) and ((card.rank + prev.rank) < 10)`}},
		{"en", "the card and the last card must not add up to 13 or 14", []string{`not ((card.rank + prev.rank) in [13, 14])`}},
		{"en", "the card and the last card must add up to 13 or 14", []string{`(card.rank + prev.rank) in [13, 14]`}},
		{"en", "the two cards must not add up to 13", []string{`card.rank + prev.rank != 13`}},
		{"es", "la suma de la carta y la anterior es menor que 5 o mayor que 14", []string{
			`(card.rank + prev.rank < 5) or (card.rank + prev.rank > 14)`, `((card.rank + prev.rank) < 5) or ((card.rank + prev.rank) > 14)`}},
		{"ca", "la suma de la carta i l'anterior és menor que 5 o major que 14", []string{
			`(card.rank + prev.rank < 5) or (card.rank + prev.rank > 14)`, `((card.rank + prev.rank) < 5) or ((card.rank + prev.rank) > 14)`}},
		// the card alone keeps "and not 7"
		{"en", "hearts but not 7", []string{`(card.suit == "hearts") and (not (card.rank == 7))`}},
		// a comparison no cards make true is no reading
		{"en", "the card is twice its rank", nil},
		{"en", "the card is not 14", nil},
		// "counting round" after a coordination is said of every step and
		// distance in it; a list of amounts is no list of ranks
		{"en", "play a card 1, 2 or 3 ranks above the last card counting round from king to ace",
			[]string{`(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 1) % 13 + 1) or (card.rank == (prev.rank + 2) % 13 + 1)`}},
		{"en", "play a card one higher or one lower than the last card counting round",
			[]string{`(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 11) % 13 + 1)`}},
		{"en", "one higher or one lower than the last card or the same value, counting round",
			[]string{`(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 11) % 13 + 1) or (card.rank == prev.rank)`}},
		{"en", "within 3 of the last card, counting round from king to ace", []string{`min(abs(card.rank - prev.rank), 13 - abs(card.rank - prev.rank)) <= 3`}},
		{"en", "play an ace, a 2 or 3 ranks above the last card", []string{`(card.rank == 1) or (card.rank == 2) or (card.rank == prev.rank + 3)`}},
		// conditions that cover every case: the last branch is the
		// otherwise (the starter is the 1st card: odd turns are n % 2 == 0)
		{"en", "on odd turns play red, on even turns play black", []string{`(n % 2 == 0) ? (card.color == "red") : (card.color == "black")`}},
		{"en", "every third card is red, the others are black", []string{`(n % 3 == 2) ? (card.color == "red") : (card.color == "black")`}},
		{"pt", "se a última carta for vermelha, jogue preta; se for preta, jogue vermelha", []string{`(prev.color == "red") ? (card.color == "black") : (card.color == "red")`}},
		// conditions that leave cases out keep their "anything"
		{"en", "spades after hearts, hearts after spades, anything else goes",
			[]string{`(prev.suit == "hearts") ? (card.suit == "spades") : ((prev.suit == "spades") ? (card.suit == "hearts") : true)`}},
		// bounds at twice a card, a field that differs said with "whose"
		{"en", "play a card at most double the last card", []string{`card.rank <= 2 * prev.rank`}},
		{"en", "the card must be less than twice the last card", []string{`card.rank < 2 * prev.rank`}},
		{"en", "play a card whose suit differs from the last card's", []string{`card.suit != prev.suit`}},
		{"en", "play a card whose suit differs", []string{`card.suit != prev.suit`}},
		{"en", "a card whose colour is the same as the last card's", []string{`card.color == prev.color`}},
	}
	readsExactly(t, cases)
}
