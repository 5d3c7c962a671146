package rulewords

import (
	"slices"
	"strings"
)

// How far words reach: readings whose grouping nobody means.

// negWords are the words of the tongue that negate what follows them:
// English "not" and "never", the first word of the phrase that negates a
// verb phrase elsewhere (Portuguese "não", Spanish and Valencian "no").
func (t *tongue) negWords() []string {
	if t.lang == "en" {
		return []string{"not", "never"}
	}
	if ws := strings.Fields(t.phrases["not.vp"]); len(ws) > 0 && !strings.HasPrefix(ws[0], "{") {
		return []string{ws[0]}
	}
	return nil
}

// notOverNots: a coordination (items at spans) right after a negation
// whose later items are negated themselves: "not the same suit and not the
// same value", "not red and not even". The first "not" is the first
// item's, as the others are theirs, never the whole coordination's ("not
// (the same suit and not the same value)" is nobody's rule).
func (p *reader) notOverNots(spans [][2]int) bool {
	if len(spans) < 2 || spans[0][0] == 0 {
		return false
	}
	neg := p.g.t.negWords()
	if !slices.Contains(neg, p.toks[spans[0][0]-1]) {
		return false
	}
	for _, s := range spans[1:] {
		if s[0] < len(p.toks) && slices.Contains(neg, p.toks[s[0]]) {
			return true
		}
	}
	return false
}

// midList: a pattern's items read from i would start inside a list that
// begins before it: the words before i are an item of the same sort and a
// comma ("otherwise higher, higher, lower, repeat" is no "otherwise
// higher" and a pattern "higher, lower" after it). The item before counts
// when it is a step (up, down) and the pattern's are steps, or a kind of
// card the pattern names ("otherwise red, red, black, repeat"); another
// rule before a comma ends there ("no spades, red, black, repeat").
func (p *reader) midList(i int, items []patItem) bool {
	if i < 2 || p.toks[i-1] != "," {
		return false
	}
	key := func(it patItem) string {
		if it.f != nil {
			return it.f("@").expr()
		}
		return it.rel
	}
	for k := max(0, i-7); k < i-1; k++ {
		for _, r := range p.parse("patitem", k) {
			before, ok := r.val.([]patItem)
			if !ok || r.end != i-1 || len(before) == 0 {
				continue
			}
			b := before[len(before)-1]
			if b.rel != "" && items[0].rel != "" || slices.ContainsFunc(items, func(it patItem) bool { return key(it) == key(b) }) {
				return true
			}
		}
	}
	return false
}
