package hypotheses

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/rulewords"
)

// Phrases: every hypothesis in plain English, for people who do not read
// the rule language: its expression as the readable-words package says it.

// Phrase is hypothesis id in plain English, as rulewords.Say words its
// expression: "if the last card is even: the card is red; otherwise: the
// card is black". Say brackets every compound part, so that a phrase reads
// one way only ("the card is black and (the card is a face card if and only
// if the last card is not a face card)"), and rulewords.Read reads it back
// to the same rule (TestPhraseReadsBack). The expression read out word by word
// (fallbackWords) stands in where Say has none. It panics on a padding slot
// (a caller's mistake, like an index out of range).
func (sp *Space) Phrase(id int) string {
	if sp.parent != nil && sp.Hyps[id].Expr == "" {
		return sp.parent.Phrase(id) // past a prefix: the whole index's
	}
	h := sp.Hyps[id]
	if h.Expr == "" {
		panic(fmt.Sprintf("hypotheses: slot %d holds no hypothesis", id))
	}
	if w, err := rulewords.Say(h.Expr); err == nil {
		return w
	}
	return fallbackWords(h.Expr)
}

// fallbackWords reads a typed atom's expression out in words, token by
// token, until the readable-words package (rulewords) says it better: the
// names and operators of the rule language in English, nothing else.
func fallbackWords(expr string) string {
	return strings.TrimSpace(strings.ReplaceAll(fallbackReplacer.Replace(expr), `"`, ""))
}

var fallbackReplacer = strings.NewReplacer(
	"last(filter(line, .face)).", "the last face card's ",
	"none(line, .face)", "no face card is down",
	"any(line, .face)", "a face card is down",
	`count(line, .color == "red")`, "the number of red cards down",
	`count(line, .color == "black")`, "the number of black cards down",
	"count(line, .face)", "the number of face cards down",
	"prev3 == nil", "fewer than three cards are down",
	"prev2 == nil", "only the starter is down",
	"prev3 != nil", "three cards are down",
	"prev2 != nil", "two cards are down",
	"line[0].", "the starter's ",
	"prev3.", "the third last card's ",
	"prev2.", "the second last card's ",
	"prev.", "the last card's ",
	"card.", "the card's ",
	"n % ", "the position modulo ",
	"color", "colour",
	" == ", " is ", " != ", " is not ", " <= ", " is at most ", " >= ", " is at least ",
	" < ", " is below ", " > ", " is above ", " % ", " modulo ", " + ", " plus ", " - ", " minus ", " * ", " times ",
	"abs(", "the distance (", "min(", "the lower of (", "max(", "the higher of (", ", ", " with ",
)
