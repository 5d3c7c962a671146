// Package handwords holds the words of a hand that the printed lessons and
// the web table both say — a move, why a hand ended, a list of cards, a
// probability — written once. Moves and ends are messages of the
// catalogue (i18n), said in the reader's language; their String is the
// English.
package handwords
