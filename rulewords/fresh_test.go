package rulewords_test

import (
	"slices"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// What a writer of a fresh rule bank met: each idea read in general, not
// its one wording. Each text's readings, exactly (nil: refused).
func TestReadFreshBank(t *testing.T) {
	const (
		notLast2 = `(card.suit != prev.suit) and ((prev2 == nil) or (card.suit != prev2.suit))`
		notLast3 = notLast2 + ` and ((prev3 == nil) or (card.suit != prev3.suit))`
	)
	cases := []struct {
		lang, text string
		want       []string
	}{
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
	}
	for _, c := range cases {
		t.Run(c.lang+" "+c.text, func(t *testing.T) {
			rs, err := rulewords.ReadIn(c.lang, c.text)
			var got []string
			for _, r := range rs {
				got = append(got, r.Expr)
			}
			if c.want == nil {
				if err == nil {
					t.Fatalf("read as %q, want it refused", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("read as\n  %q\nwant\n  %q", got, c.want)
			}
		})
	}
}
