package rulebank

import (
	"strings"
	"testing"
)

// A bank rule whose words and expr cannot be compared within the budget of
// work is refused as undecided, with what the writer can do, never as two
// different rules; words that read as another rule still say so.
func TestBankWordsUndecidedIsNotDifferent(t *testing.T) {
	// A bank's words and expr are both the writer's: compared on God's
	// budget.
	defer func(w int) { godWork = w }(godWork)
	godWork = 1_000 // too little to decide anything
	for _, c := range []struct {
		name, expr, words string
		want, not         []string
	}{
		{"undecided", `prev2 == nil or (card.rank + prev.rank + prev2.rank) % 2 == 0`,
			"the card's rank plus the last card's rank plus the rank of the card before the last one is even",
			[]string{`rule "undecided"`, "could not be decided", "units of work", "put the words in description"}, []string{"which is not the rule of expr"}},
		{"last-face", `none(line, .face) or last(filter(line, .face)).suit == card.suit`, "the card has the same suit as the last face card",
			[]string{"could not be decided"}, []string{"which is not the rule of expr"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			bank := "rules:\n  - name: " + c.name + "\n    expr: '" + c.expr + "'\n    words: " + c.words + "\n"
			_, err := Load([]byte(bank), "mine.yaml")
			if err == nil {
				t.Fatal("loaded")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v: want %q", err, w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(err.Error(), w) {
					t.Errorf("%v: must not say %q", err, w)
				}
			}
		})
	}
	godWork = 2_000_000_000
	_, err := Load([]byte("rules:\n  - name: differ\n    expr: card.color == \"red\"\n    words: only black cards\n"), "mine.yaml")
	// where they part: a card expr refuses and the words accept (any black
	// card, after any line)
	for _, w := range []string{"which is not the rule of expr: after the main line", "expr refuses", "the words accept it", "reword the words or mend expr"} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("different rules: %v; want %q", err, w)
		}
	}
}
