package rulewords_test

import "testing"

// What a writer of fresh rules reported, each idea in several wordings:
// an exception that allows any card joined to other rules is an exception
// to them all, never a clause that says nothing; a pronoun is the card
// named before it; "not X and not Y" is both negated, never "not (X and
// not Y)"; a pattern does not begin inside a list; and words the reader
// refused (not a multiple, kinds after a sum's verb, fractions of a rank,
// a closing "after anything else anything", cards played after the
// starter, a pattern "round again").
func TestReadFreshWords(t *testing.T) {
	const (
		kA      = `(prev.rank in [13, 1]) ? true : `
		redBlk  = `((prev.color == "red") ? (card.rank > prev.rank) : (card.rank < prev.rank))`
		redBlkA = `(((prev.color == "red") ? (card.rank > prev.rank) : true) and ((prev.color == "black") ? (card.rank < prev.rank) : true))`
		hhl     = `((n % 3 == 1) ? (card.rank > prev.rank) : ((n % 3 == 2) ? (card.rank > prev.rank) : (card.rank < prev.rank)))`
		rrb     = `((n % 3 == 0) ? (card.color == "red") : ((n % 3 == 1) ? (card.color == "red") : (card.color == "black")))`
		rrbb    = `(n % 4 == 0) ? (card.color == "red") : ((n % 4 == 1) ? (card.color == "red") : ((n % 4 == 2) ? (card.color == "black") : (card.color == "black")))`
		alt     = `((prev.color == "red") and (card.color == "black")) or ((prev.color == "black") and (card.color == "red"))`
		hc      = `(prev.suit == "hearts") ? (card.suit == "clubs") : ((prev.suit == "clubs") ? (card.suit == "hearts") : true)`
		hcAnd   = `((prev.suit == "hearts") ? (card.suit == "clubs") : true) and ((prev.suit == "clubs") ? (card.suit == "hearts") : true)`
		sum     = `(card.rank + prev.rank)`
	)
	cases := []readCase{
		// a. an exception that allows any card, after the rules it excepts
		{"en", "after a red card go higher, after a black card go lower, and after a king or an ace anything", []string{kA + redBlkA, kA + redBlk}},
		{"en", "after a red card play higher and after a black card play lower; after a king or an ace anything goes", []string{kA + redBlkA, kA + redBlk}},
		{"en", "higher, higher, lower, repeat; after a king or an ace anything", []string{kA + hhl}},
		{"en", "red, black, repeat. after a face card anything", []string{`prev.face ? true : (` + alt + `)`}},
		{"en", "after a king anything. higher than the last card", []string{`(prev.rank == 13) ? true : (card.rank > prev.rank)`}},
		{"en", "after a red card go higher, after a king anything, after a black card go lower", []string{
			`(prev.rank == 13) ? true : ` + redBlkA, `(prev.rank == 13) ? true : ` + redBlk}},
		// d. "otherwise" before a pattern: the pattern whole
		{"en", "after a king or an ace anything; otherwise higher, higher, lower, repeat", []string{kA + hhl}},
		{"en", "after a king anything, otherwise up, up, down, and so on", []string{`(prev.rank == 13) ? true : ` + hhl}},
		{"en", "after a queen anything; otherwise red, red, black, repeat", []string{`(prev.rank == 12) ? true : ` + rrb}},
		{"en", "no spades, red, black, repeat", []string{`(not (card.suit == "spades")) and (` + alt + `)`}},
		// b. a pronoun is the card named before it
		{"en", "the same suit as the last card, or within 2 of its value", []string{`(card.suit == prev.suit) or (abs(card.rank - prev.rank) <= 2)`}},
		{"en", "same colour as the card two back, or within 1 of its rank", []string{`(prev2 == nil) or (card.color == prev2.color) or (abs(card.rank - prev2.rank) <= 1)`}},
		{"en", "the card must be higher than the last card or lower than it", []string{`(card.rank > prev.rank) or (card.rank < prev.rank)`}},
		{"en", "higher than the last card or the same suit as it", []string{`(card.rank > prev.rank) or (card.suit == prev.suit)`}},
		{"en", "play a card that differs from the last card by at least 2, or is the same suit as it", []string{`(abs(card.rank - prev.rank) >= 2) or (card.suit == prev.suit)`}},
		{"en", "within 2 of the starter's value or higher than it", []string{`(abs(card.rank - line[0].rank) <= 2) or (card.rank > line[0].rank)`}},
		{"en", "same suit as the last card, and its value must be odd", []string{`(card.suit == prev.suit) and card.odd`}}, // its value's parity is the card's own
		{"en", "the card is twice its rank", nil}, // card.rank == 2 * card.rank: no card
		// c. "not X and not Y"
		{"en", "not the same suit and not the same value as the last card", []string{
			`(not (card.suit == prev.suit)) and (not (card.rank == prev.rank))`, `(not (card.suit == prev.suit)) and (card.rank != prev.rank)`}},
		{"en", "not red and not even", []string{`(not (card.color == "red")) and (not card.even)`}},
		{"en", "the card must not be red and not odd", []string{`(not (card.color == "red")) and (not card.odd)`}},
		{"en", "the card is not a heart and not a face card", []string{`(not (card.suit == "hearts")) and (not card.face)`}},
		// e. not a multiple
		{"en", "the sum of the card and the last card must never be a multiple of 10", []string{`not (` + sum + ` % 10 == 0)`}},
		{"en", "the sum of the card and the last card is not divisible by 10", []string{`not (` + sum + ` % 10 == 0)`}},
		{"en", "the card plus the last card is never a multiple of 10", []string{`not (` + sum + ` % 10 == 0)`}},
		{"en", "the running total is not divisible by 10", []string{`not ((sum(map(line, .rank))) % 10 == 0)`}},
		{"en", "only values that divide 12 (A 2 3 4 6 Q)", []string{`card.rank in [1, 2, 3, 4, 6, 12]`}},
		// f. kinds of number coordinated after a sum's verb or "is"
		{"en", "the card and the last card must add up to a multiple of 4 or a multiple of 6", []string{`(` + sum + ` % 4 == 0) or (` + sum + ` % 6 == 0)`}},
		{"en", "the sum of the card and the last card is a multiple of 4 or a multiple of 6", []string{`(` + sum + ` % 4 == 0) or (` + sum + ` % 6 == 0)`}},
		{"en", "the two cards must add up to a multiple of 3 or a prime", []string{`(` + sum + ` % 3 == 0) or (` + sum + ` in [2, 3, 5, 7, 11, 13, 17, 19, 23])`}},
		{"en", "the card and the last card must make a multiple of 5 or an even number", []string{`(` + sum + ` % 5 == 0) or (` + sum + ` % 2 == 0)`}},
		// g. a pattern that repeats, said otherwise; without words that
		// say so a pattern shown once is refused ("three reds then three
		// blacks" may be the first six cards only)
		{"en", "red, red, black, black, and round again", []string{rrbb}},
		{"en", "red red black black and so on round", []string{rrbb}},
		{"en", "red, black, over and over again", []string{alt}},
		{"en", "three reds then three blacks", nil},
		// h. a fraction or a multiple of a rank as a bound
		{"en", "at least half the last card's value", []string{`card.rank * 2 >= prev.rank`}},
		{"en", "the card must be at least half the value of the last card", []string{`card.rank * 2 >= prev.rank`}},
		{"en", "play a card at most a third of the last card's value", []string{`card.rank * 3 <= prev.rank`}},
		{"en", "less than a third of the value of the last card", []string{`card.rank * 3 < prev.rank`}},
		{"en", "exactly twice the last card's value", []string{`card.rank == 2 * prev.rank`}},
		// i. a closing "after anything else anything"
		{"en", "after a heart play a club, after a club play a heart, after anything else play anything", []string{hc}},
		{"en", "after a heart play a club, after a club play a heart, and after any other card play anything", []string{hc}},
		{"en", "after a heart play a club, after a club play a heart, otherwise play anything", []string{hcAnd, hc}},
		// j. every k-th card played: from the starter or after it
		{"en", "every fourth card played must be red", []string{`(n % 4 == 3) ? (card.color == "red") : true`, `(n % 4 == 0) ? (card.color == "red") : true`}},
		{"en", "every third card you play must be a face card", []string{`(n % 3 == 2) ? card.face : true`, `(n % 3 == 0) ? card.face : true`}},
		{"en", "every fourth card after the starter must be red", []string{`(n % 4 == 0) ? (card.color == "red") : true`}},
		{"en", "every fourth card must be red", []string{`(n % 4 == 3) ? (card.color == "red") : true`}},
	}
	readsExactly(t, cases)
}
