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
	return fmt.Errorf("cannot read it as a rule: stuck at %q (word %d: %s)", p.toks[far], far+1, strings.Join(p.toks[max(0, far-4):far+1], " "))
}
