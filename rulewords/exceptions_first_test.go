package rulewords_test

import "testing"

// "After X anything" and "X are wild" said first, then "otherwise" and
// several rules: an exception to them all, as said last (it once read as
// an exception to the first rule after it only, and the ace after an ace
// starter had to be lower than it).
func TestReadExceptionsFirst(t *testing.T) {
	const (
		kA      = `(prev.rank in [13, 1]) ? true : `
		redBlk  = `((prev.color == "red") ? (card.rank > prev.rank) : (card.rank < prev.rank))`
		redBlkA = `(((prev.color == "red") ? (card.rank > prev.rank) : true) and ((prev.color == "black") ? (card.rank < prev.rank) : true))`
		wildKA  = `(card.rank == 13) or (card.rank == 1) or `
		wildKA2 = `(card.rank in [13, 1]) or `
		redBlkC = `((prev.color == "red") ? (card.rank > prev.rank) : ((prev.color == "black") ? (card.rank < prev.rank) : true))`
	)
	cases := []readCase{
		{"en", "after a king or an ace anything; otherwise after a red card play higher, after a black card play lower", []string{kA + redBlkA, kA + redBlk}},
		{"en", "after a king or an ace anything; otherwise after a red card play higher; after a black card play lower", []string{kA + redBlkA, kA + redBlk}},
		{"en", "anything after a king, otherwise after a red card play higher, after a black card play lower", []string{
			`(prev.rank == 13) ? true : ` + redBlkA, `(prev.rank == 13) ? true : ` + redBlk}},
		{"en", "kings and aces are wild, otherwise after a red card play higher, after a black card play lower", []string{
			wildKA + redBlkA, wildKA + redBlkC, wildKA2 + redBlkA, wildKA2 + redBlkC}},
		// said last, as before
		{"en", "after a red card go higher, after a black card go lower, and after a king or an ace anything", []string{kA + redBlkA, kA + redBlk}},
		// beside a rule in a sentence of its own too, as said last
		{"en", "after a king anything, otherwise higher. never two hearts in a row", []string{
			`(prev.rank == 13) ? true : ((card.rank > prev.rank) and (not ((prev.suit == "hearts") and (card.suit == "hearts"))))`}},
		{"en", "never two hearts in a row. after a king anything, otherwise higher", []string{
			`(prev.rank == 13) ? true : ((not ((prev.suit == "hearts") and (card.suit == "hearts"))) and (card.rank > prev.rank))`}},
	}
	readsExactly(t, cases)
}
