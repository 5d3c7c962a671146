package rulewords

import (
	"fmt"
)

// English's words for the cards, their fields, suits and ranks, as Read
// reads them (Say's are in locales/en.yaml).

// cardRef is a card a rule can name.
type cardRef struct {
	expr  string
	words []string
}

var cardRefs = []cardRef{
	{"card", []string{"the card", "the next card", "the card played", "the played card", "the new card", "this card",
		"each card", "every card", "your card", "the card you play", "a card", "cards", "the cards", "each card played", "yours",
		"your next card", "the card you put down", "the one you play", "the value", "the rank",
		"the value of the card", "the rank of the card", "the card's value", "the new card's value", "next card", "the next one", "the next"}},
	{"prev", []string{"the last card", "the previous card", "the last card played", "the card played before", "the preceding card",
		"the prior card", "the card before", "the last one", "the previous one", "the one before",
		"the top card", "the card on top", "the last card of the main line", "the last card on the main line",
		"the card it follows", "the card before this one", "the last", "last", "the previous", "previous", "the card before yours",
		"the one before yours", "the last one played", "the previous card played", "the most recent card",
		"the card just played", "the card on the table", "the top card of the main line"}},
	{"prev2", []string{"the card before the last one", "the card before the last card", "the card before last", "the one before last", "the card before the previous card",
		"the card before the previous one", "the card two back", "the card two cards back", "the second to last card",
		"the second last card", "the penultimate card", "the card two before", "the one before the last one",
		"a card before the last one"}},
	{"prev3", []string{"the card three back", "the card three cards back", "the third to last card", "the third last card",
		"the card before the card before the last one", "a card three back"}},
	// the card before the one a relation is said of: after "the last
	// card was lower than", the card before the last one (related)
	{itPrev, []string{"the card before it", "the one before it"}},
	{"#", []string{"that card"}}, // the card a quantifier is at: "every card of the main line …"
	{"line[0]", []string{"the starter", "the starter card", "the starting card", "the first card", "the first card of the main line",
		"the opening card", "the first card played"}},
}

// fields: the card's attributes that two cards can share. "parity" is
// even-or-odd (card.even == prev.even).
var fieldWords = []struct {
	field string
	words []string
}{
	{"color", []string{"colour", "color", "colours", "colors"}},
	{"suit", []string{"suit", "symbol", "suits", "symbols"}},
	{"rank", []string{"rank", "value", "number", "face value", "ranks", "values", "numbers", "denomination"}},
	{"even", []string{"parity", "parities"}},
}

var colorNames = []string{"red", "black"}

// suitVocab: one card of the suit, and the suit as a plural.
var suitVocab = []struct {
	suit         string
	one, several []string
}{
	{"spades", []string{"spade", "♠", "♤"}, []string{"spades", "♠", "♤"}},
	{"hearts", []string{"heart", "♥", "♡"}, []string{"hearts", "♥", "♡"}},
	{"diamonds", []string{"diamond", "♦", "♢"}, []string{"diamonds", "♦", "♢"}},
	{"clubs", []string{"club", "♣", "♧"}, []string{"clubs", "♣", "♧"}},
}

// rankVocab: the ranks as people name them (Ace 1, Jack 11, Queen 12,
// King 13), singular and plural.
var rankVocab = [14]struct{ one, several []string }{
	{},
	{[]string{"ace", "1"}, []string{"aces", "1s"}},
	{[]string{"2", "two", "deuce"}, []string{"2s", "twos", "deuces"}},
	{[]string{"3", "three", "trey"}, []string{"3s", "threes", "treys"}},
	{[]string{"4", "four"}, []string{"4s", "fours"}},
	{[]string{"5", "five"}, []string{"5s", "fives"}},
	{[]string{"6", "six"}, []string{"6s", "sixes"}},
	{[]string{"7", "seven"}, []string{"7s", "sevens"}},
	{[]string{"8", "eight"}, []string{"8s", "eights"}},
	{[]string{"9", "nine"}, []string{"9s", "nines"}},
	{[]string{"10", "ten"}, []string{"10s", "tens"}},
	{[]string{"jack", "j", "knave", "11", "eleven"}, []string{"jacks", "knaves", "11s", "elevens"}},
	{[]string{"queen", "q", "12", "twelve"}, []string{"queens", "12s", "twelves"}},
	{[]string{"king", "k", "13", "thirteen"}, []string{"kings", "13s", "thirteens"}},
}

// Ordinal is 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st (also the
// scientists' phrases of positions, hypotheses.Space.Phrase).
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
