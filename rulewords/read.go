package rulewords

import (
	"fmt"
	"strings"
)

// Reading is one way to read a text: the rule as an expression of the rule
// language, and that rule said back by Say (which may word it differently
// from the text: the reader checks).
type Reading struct {
	Expr  string `json:"expr"`
	Words string `json:"words"`
}

// Read parses a rule written in English ("only red cards", "if the last
// card was black play 7 or higher, otherwise 6 or lower", "never two face
// cards in a row") into expressions of the rule language. A text the
// grammar reads in more than one way gives every reading, in the order
// found, none chosen; readings may still be the same rule written two ways
// (rulebank.ReadWords merges those). A text it cannot read is an error
// that says where the reading stopped: Read never guesses.
func Read(text string) ([]Reading, error) { return englishTongue().readText(text) }

// stuck says where reading stopped: the furthest word any reading got to.
func (p *reader) stuck() error {
	far := p.far
	for k, rs := range p.memo {
		if k.nt == "unknown" {
			continue // words not known are no reading's progress
		}
		for _, r := range rs {
			far = max(far, r.end)
		}
	}
	if far >= len(p.toks) {
		return fmt.Errorf("cannot read it as a rule: the words are known, but not in this order")
	}
	// the text's own words, not those read for them ("jogue", read as
	// "joga"); a word that stands for none is quoted as read
	said := func(k int) string {
		if k < len(p.from) && p.from[k] != "" {
			return p.from[k]
		}
		if k < len(p.from) && k > 0 {
			return "" // the rest of a respelling: its first word says it
		}
		return p.toks[k]
	}
	word := 1
	for k := 0; k < far; k++ {
		word += len(strings.Fields(said(k)))
	}
	var around []string
	for k := max(0, far-4); k <= far; k++ {
		if w := said(k); w != "" {
			around = append(around, w)
		}
	}
	at := said(far)
	if at == "" {
		at = p.toks[far]
	}
	return fmt.Errorf("cannot read it as a rule: stuck at %q (word %d: %s)", at, word, strings.Join(around, " "))
}
