package rulewords_test

import "testing"

// Groups of kinds each paired with a requirement ("hearts and diamonds
// below 7, spades and clubs 7 or higher"): a requirement after a list of
// bare nouns is said of them all, as an adjective is; each group is a
// class (classes). Both readings of classes that cover every card are
// listed (the same rule: rulebank merges them); said with a verb, only
// the branches.
func TestReadGroupedKinds(t *testing.T) {
	const (
		either = `(((card.suit == "hearts") or (card.suit == "diamonds")) and (card.rank < 7)) or (((card.suit == "spades") or (card.suit == "clubs")) and (card.rank >= 7))`
		branch = `((card.suit == "hearts") or (card.suit == "diamonds")) ? (card.rank < 7) : (card.rank >= 7)`
		below  = `((card.suit == "hearts") or (card.suit == "diamonds")) and (card.rank < 7)`
	)
	readsExactly(t, []readCase{
		{"en", "hearts and diamonds below 7, spades and clubs 7 or higher", []string{either, branch}},
		{"en", "hearts or diamonds below 7, spades or clubs 7 or higher", []string{either, branch}},
		{"en", "hearts and diamonds must be below 7, spades and clubs must be 7 or higher", []string{branch}},
		{"en", "hearts and diamonds below 7", []string{below}},
		{"en", "hearts, diamonds below 7", []string{below}},
		// one kind each, as before
		{"en", "red cards below 8, black cards above 7", []string{
			`((card.color == "red") and (card.rank < 8)) or ((card.color == "black") and (card.rank > 7))`,
			`(card.color == "red") ? (card.rank < 8) : (card.rank > 7)`}},
		{"pt", "copas e ouros abaixo de 7, espadas e paus 7 ou mais", []string{either, branch}},
		{"pt", "copas e ouros devem ser menores que 7, espadas e paus devem ser 7 ou mais", []string{branch}},
		{"es", "corazones y diamantes menores que 7, picas y tréboles 7 o más", []string{either, branch}},
		{"es", "los corazones y los diamantes deben ser menores que 7, las picas y los tréboles deben ser 7 o más", []string{branch}},
		{"ca", "cors i diamants menors que 7, piques i trèvols 7 o més", []string{either, branch}},
		{"ca", "els cors i els diamants han de ser menors que 7, les piques i els trèvols han de ser 7 o més", []string{branch}},
	})
	saysBack(t, "en", "hearts and diamonds below 7, spades and clubs 7 or higher")
	saysBack(t, "pt", "copas e ouros abaixo de 7, espadas e paus 7 ou mais")
}
