package rulewords

import (
	"strings"
	"testing"
)

// A number said as a bound ("6 or less", "12 or over") is read wherever a
// number or a rank stands: after "a card of", "a rank of", "of rank", "a
// value of", bare, and for sums and distances (one list of words,
// ormore and orless).
func TestBoundsAfterANumber(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		{"en", "after a club play a card of 6 or less", `prev.suit == "clubs" ? card.rank <= 6 : true`},
		{"en", "play a card of 10 or more", `card.rank >= 10`},
		{"en", "play cards of 6 or lower", `card.rank <= 6`},
		{"en", "play a card of 7", `card.rank == 7`},
		{"en", "play a card of a jack or higher", `card.rank >= 11`},
		{"en", "play a card of at least 7", `card.rank >= 7`},
		{"en", "play a card of 2, 3 or 5", `card.rank in [2, 3, 5]`},
		{"en", "no cards of 10 or more", `card.rank < 10`},
		{"en", "a value of 10 or greater", `card.rank >= 10`},
		{"en", "a card with a value of 9 or bigger", `card.rank >= 9`},
		{"en", "of rank 4 or above", `card.rank >= 4`},
		{"en", "play 7 or larger", `card.rank >= 7`},
		{"en", "the sum of the card and the last card is 12 or over", `card.rank + prev.rank >= 12`},
		{"en", "the sum of the card and the last card must be 10 or smaller", `card.rank + prev.rank <= 10`},
		{"en", "the difference between the card and the last card is 2 or under", `abs(card.rank - prev.rank) <= 2`},
		{"pt", "jogue uma carta de 6 ou menos", `card.rank <= 6`},
		{"pt", "depois de paus, jogue uma carta de 10 ou mais", `prev.suit == "clubs" ? card.rank >= 10 : true`},
		{"es", "juega una carta de 6 o menos", `card.rank <= 6`},
		{"es", "la carta debe ser de 10 o más", `card.rank >= 10`},
		{"ca", "juga una carta de 10 o més", `card.rank >= 10`},
		{"ca", "la carta ha de ser de 6 o menys", `card.rank <= 6`},
		// guard: "of" takes a rank only
		{"en", "play a card of the same suit", `card.suit == prev.suit`},
	}
	readsOnPairs(t, cases)
}

// Differing by an amount is the distance "N away from" reads.
func TestDifferBy(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		{"en", "the card must differ from the last card by at least 2", `abs(card.rank - prev.rank) >= 2`},
		{"en", "the card must differ from the last card by 2 or more", `abs(card.rank - prev.rank) >= 2`},
		{"en", "the card should differ from the previous card by no more than 2", `abs(card.rank - prev.rank) <= 2`},
		{"en", "the card has to differ by at least 3 from the last card", `abs(card.rank - prev.rank) >= 3`},
		{"en", "play a card that differs from the last card by 3 or more", `abs(card.rank - prev.rank) >= 3`},
		{"en", "play a card differing from the last card by more than 2", `abs(card.rank - prev.rank) >= 3`},
		{"en", "the two cards must differ by at most 4", `abs(card.rank - prev.rank) <= 4`},
		{"en", "the two cards must differ by more than 5", `abs(card.rank - prev.rank) >= 6`},
		{"en", "differ from the last card by exactly 3", `abs(card.rank - prev.rank) == 3`},
		{"en", "the card must differ from the last card by less than 3", `abs(card.rank - prev.rank) <= 2`},
		{"en", "the difference between the card and the last card must be 3 or more", `abs(card.rank - prev.rank) >= 3`},
	}
	readsOnPairs(t, cases)
}

// After a condition, "it" is the card judged, and a comparative with no
// object is with the last card.
func TestItAfterACondition(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		{"en", "if the card has the same colour as the last card it must be higher", `card.color == prev.color ? card.rank > prev.rank : true`},
		{"en", "if the last card is red, it must be higher", `prev.color == "red" ? card.rank > prev.rank : true`},
		{"en", "when the last card is a king, it has to be a queen", `prev.rank == 13 ? card.rank == 12 : true`},
		{"en", "if the card is red, it must be a heart", `card.color == "red" ? card.suit == "hearts" : true`},
		{"en", "when the card is red, it can only be a heart", `card.color == "red" ? card.suit == "hearts" : true`},
		{"en", "whenever the last card is a face card, it must be a number card", `prev.face ? !card.face : true`},
		{"en", "if the last card is odd, it must be a higher card, otherwise lower", `prev.odd ? card.rank > prev.rank : card.rank < prev.rank`},
		{"en", "if it was red, it must be black", `prev.color == "red" ? card.color == "black" : true`},
		{"en", "if the last card is higher than 7, it must be lower", `prev.rank > 7 ? card.rank < prev.rank : true`},
	}
	readsOnPairs(t, cases)
}

// Where reading stops, the error says what the grammar would have taken
// there, in the text's language.
func TestStuckSaysWhatItTakes(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       []string
	}{
		{"en", "after a club play a card of 6 or best", []string{`stuck at "best"`, `after "or" the reader takes "higher", "more"`}},
		{"en", "play the best card", []string{`stuck at "best"`, `after "the" the reader takes`, `"same"`}},
		{"en", "play a card of 6 and best", []string{`stuck at "best"`, `the reader takes`}},
		{"pt", "jogue uma carta de 6 ou melhor", []string{`stuck at "melhor"`, `the reader takes`, `"mais"`}},
	} {
		t.Run(c.lang+" "+c.text, func(t *testing.T) {
			_, err := ReadIn(c.lang, c.text)
			if err == nil {
				t.Fatal("read")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v\nwant …%s", err, w)
				}
			}
			if n := strings.Count(err.Error()[strings.Index(err.Error(), "takes"):], ", "); n > maxWanted-1 {
				t.Errorf("%d suggestions: %v", n+1, err)
			}
		})
	}
}
