package rulebank_test

import (
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// phrasings: rules in the English people use, each with the rule it means
// (checked by behaviour, not by text).
var phrasings = []struct{ text, want string }{
	// colour
	{"only red cards", `card.color == "red"`},
	{"play a red card", `card.color == "red"`},
	{"Red cards only.", `card.color == "red"`},
	{"the card must be black", `card.color == "black"`},
	{"never play a red card", `card.color == "black"`},
	{"no black cards", `card.color == "red"`},
	// suit
	{"only hearts", `card.suit == "hearts"`},
	{"play a heart or a diamond", `card.color == "red"`},
	{"anything but spades", `card.suit != "spades"`},
	{"no spades", `card.suit != "spades"`},
	{"cards of the symbol ♣ only", `card.suit == "clubs"`},
	// parity, face
	{"play an even card", `card.even`},
	{"only odd numbers", `card.odd`},
	{"no face cards", `!card.face`},
	{"play a figure", `card.face`},
	{"only court cards", `card.face`},
	{"only number cards", `!card.face`},
	{"a red face card", `card.color == "red" and card.face`},
	{"even hearts only", `card.even and card.suit == "hearts"`},
	// rank with numbers
	{"7 or higher", `card.rank >= 7`},
	{"play a card higher than 7", `card.rank > 7`},
	{"a value of at least eight", `card.rank >= 8`},
	{"only cards below 5", `card.rank < 5`},
	{"play a 10 or lower", `card.rank <= 10`},
	{"a card between 4 and 10", `card.rank >= 4 and card.rank <= 10`},
	{"a multiple of three", `card.rank % 3 == 0`},
	{"the card's value is divisible by 4", `card.rank % 4 == 0`},
	{"play a prime", `card.rank in [2, 3, 5, 7, 11, 13]`},
	{"only aces, kings or queens", `card.rank in [1, 12, 13]`},
	{"a jack or higher", `card.face`},
	{"A=1, J=11, Q=12, K=13. Play a queen or higher", `card.rank >= 12`},
	// relations to the last card
	{"play higher than the last card", `card.rank > prev.rank`},
	{"the card must be greater than the previous card", `card.rank > prev.rank`},
	{"play a lower value than the previous card", `card.rank < prev.rank`},
	{"equal to or higher than the last card", `card.rank >= prev.rank`},
	{"play a card of the same suit as the last card", `card.suit == prev.suit`},
	{"same colour as the previous card", `card.color == prev.color`},
	{"the card must have a different suit from the last card", `card.suit != prev.suit`},
	{"a different color than the previous one", `card.color != prev.color`},
	{"the same suit or the same rank as the last card", `card.suit == prev.suit or card.rank == prev.rank`},
	{"same suit or same number as the previous card", `card.suit == prev.suit or card.rank == prev.rank`},
	{"match the last card in suit or in value", `card.suit == prev.suit or card.rank == prev.rank`},
	{"one higher than the last card", `card.rank == prev.rank + 1`},
	{"within 2 of the last card", `abs(card.rank - prev.rank) <= 2`},
	{"the card's value plus the last card's value is at most 14", `card.rank + prev.rank <= 14`},
	{"the sum of the card and the previous card is odd", `(card.rank + prev.rank) % 2 == 1`},
	{"play the same colour as the starter", `card.color == line[0].color`},
	// alternation
	{"alternate colours", `card.color != prev.color`},
	{"alternate colors", `card.color != prev.color`},
	{"alternate between red and black", `card.color != prev.color`},
	{"alternate odd and even", `card.odd != prev.odd`},
	{"alternate face cards and number cards", `card.face != prev.face`},
	// conditionals
	{"if the last card was black play 7 or higher, otherwise 6 or lower", `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`},
	{"If the previous card is red, play a black card; otherwise play a red card", `card.color != prev.color`},
	{"after a red card, play a black card", `prev.color == "red" ? card.color == "black" : true`},
	{"a red card must be followed by a black card", `prev.color == "red" ? card.color == "black" : true`},
	{"a black card must follow a red card", `prev.color == "red" ? card.color == "black" : true`},
	{"if the last card is a face card, play a number card", `prev.face ? !card.face : true`},
	{"play higher than the last card, unless it is a face card", ``},
	{"when the previous card is odd play black, otherwise red", `prev.odd ? card.color == "black" : card.color == "red"`},
	{"if the last card was odd, play an even card, otherwise play an odd card", `card.even != prev.even`},
	{"red after black, black after red", `card.color != prev.color`},
	{"odd after odd and even after even", `card.even == prev.even`},
	{"after a heart play a club", `prev.suit == "hearts" ? card.suit == "clubs" : true`},
	{"hearts must be followed by clubs", `prev.suit == "hearts" ? card.suit == "clubs" : true`},
	// classes
	{"red cards below 8, black cards above 7", `card.color == "red" ? card.rank < 8 : card.rank > 7`},
	{"red cards must be even and black cards must be odd", `card.color == "red" ? card.even : card.odd`},
	{"black cards 7 or more; red cards 6 or less", `card.color == "black" ? card.rank >= 7 : card.rank <= 6`},
	// never in a row
	{"never two face cards in a row", `prev.face ? !card.face : true`},
	{"no two consecutive red cards", `prev.color == "red" ? card.color == "black" : true`},
	{"never play two cards of the same suit in a row", `card.suit != prev.suit`},
	{"never three cards of the same colour in a row", ``},
	{"never three red cards in a row", `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`},
	{"no face card after a face card", `prev.face ? !card.face : true`},
	// and / or / iff
	{"play a heart or a face card", `card.suit == "hearts" or card.face`},
	{"the card must be red and even", `card.color == "red" and card.even`},
	{"the card is red if and only if the last card is a face card", `(card.color == "red") == prev.face`},
	{"a face card exactly when the last card is not a face card", `card.face != prev.face`},
	{"play red or the same rank as the last card", `card.color == "red" or card.rank == prev.rank`},
	// the main line
	{"the number of red cards on the main line is even", `count(line, .color == "red") % 2 == 0`},
	{"no card of the main line has the same rank as the card", `none(line, .rank == card.rank)`},
	{"the card is the 3rd, 5th, 7th … card of the main line", `n % 2 == 0`},
	{"if the last two cards are both red, play black", `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`},
	{"play the same colour as the card before the last one", `prev2 == nil ? true : card.color == prev2.color`},
	// words people use: the card before last, "… otherwise" at the end,
	// kinds said with every, each or another, what a card has, counts so far
	{"play the same colour as the card before last", `prev2 == nil ? true : card.color == prev2.color`},
	{"match the suit of the one before last", `prev2 == nil or card.suit == prev2.suit`},
	{"play black if the last card was red, red otherwise", `card.color != prev.color`},
	{"if the last card is a face card play a number card, any other card otherwise", `prev.face ? !card.face : true`},
	{"after a king play a queen, otherwise anything else", `prev.rank == 13 ? card.rank == 12 : true`},
	// "X only if Y": what X needs
	{"you may play a heart only if the last card was a heart", `card.suit == "hearts" ? prev.suit == "hearts" : true`},
	{"face cards can only be played if the last card is red", `card.face ? prev.color == "red" : true`},
	{"play an odd card only when the last card was even", `card.odd ? prev.even : true`},
	{"pip cards only", `!card.face`},
	{"play a spot card", `!card.face`},
	{"no more face cards", `!card.face`},
	{"play another black face card", `card.color == "black" and card.face`},
	{"each red card must be even", `card.color == "red" ? card.even : true`},
	{"every face card must be red", `card.face ? card.color == "red" : true`},
	{"the card must have an odd value", `card.odd`},
	{"the card has a value of 7 or more", `card.rank >= 7`},
	{"play a card within 3 of the last card's value", `abs(card.rank - prev.rank) <= 3`},
	{"the card must fall within 2 of the last card", `abs(card.rank - prev.rank) <= 2`},
	{"the card must lie between 3 and 9", `card.rank >= 3 and card.rank <= 9`},
	{"the values must go down", `card.rank < prev.rank`},
	{"the ranks must descend", `card.rank < prev.rank`},
	{"the first card after the starter must be red", `n == 1 ? card.color == "red" : true`},
	{"when more than 4 face cards have been played, play only number cards", `count(line, .face) > 4 ? !card.face : true`},
	{"play a heart unless there are more than 3 hearts on the table", `count(line, .suit == "hearts") > 3 ? true : card.suit == "hearts"`},
	{"only odd cards below 9", `card.odd and card.rank < 9`},
	{"play an even card of the same suit as the last card", `card.even and card.suit == prev.suit`},
	{"red cards above 7 only", `card.color == "red" and card.rank > 7`},
	{"the suit must be the same as the last card's", `card.suit == prev.suit`},
	{"the colour has to be different from the last one", `card.color != prev.color`},
	{"the rank must not be the same as the card before the last one's", `prev2 == nil or card.rank != prev2.rank`},
}

func TestPhrasings(t *testing.T) {
	n := 0
	for _, c := range phrasings {
		if c.want == "" {
			continue // read below, as ambiguous or refused
		}
		n++
		rs, err := rulewords.Read(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		bs, err := behaviours(t, rs)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if len(bs) != 1 {
			t.Errorf("%q: %d readings, want one: %q", c.text, len(bs), bs)
			continue
		}
		ok, err := same(t, c.want, bs[0])
		if err != nil || !ok {
			t.Errorf("%q read as %s, want %s (%v)", c.text, bs[0], c.want, err)
		}
	}
	if n < 60 {
		t.Errorf("only %d phrasings", n)
	}
}
