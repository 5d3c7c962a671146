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
		return fmt.Errorf("cannot read it as a rule: the words are known, but not in this order%s", p.readsUpTo())
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
	return fmt.Errorf("cannot read it as a rule: stuck at %q (word %d: %s)%s", at, word, strings.Join(around, " "), p.expected(far))
}

// readsUpTo says how far the text reads as a rule from its start, when a
// first part does ("lower cards on top of red ones" of "lower cards on
// top of red ones, higher on black"): the chart holds it already, so the
// hint costs nothing, and it shows where the order goes wrong. "" when no
// first part reads as a rule.
func (p *reader) readsUpTo() string {
	end := 0
	for _, r := range p.memo[memoKey{"rule", 0}] {
		if _, ok := r.val.(*pred); ok && r.end < len(p.toks) {
			end = max(end, r.end)
		}
	}
	if end == 0 {
		return ""
	}
	said := func(from, to int) string {
		var ws []string
		for k := from; k < to; k++ {
			if k < len(p.from) && p.from[k] != "" {
				ws = append(ws, p.from[k])
			} else if k >= len(p.from) || k == 0 {
				ws = append(ws, p.toks[k])
			}
		}
		return strings.Join(ws, " ")
	}
	return fmt.Sprintf(": %q reads as a rule, but not with %q after it", said(0, end), strings.TrimLeft(said(end, len(p.toks)), ", "))
}
