package rulewords

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// What the reader would have taken where it stopped: the stuck error
// reads the text again, watching the word it stopped at, and notes what
// each pattern that got there wanted next — its words, or the kind of
// phrase its slot reads (named in the phrase file: expect.<kind>). Only
// patterns that began before that word count: they are what the words
// before it started. The nearest starts come first ("6" before "a card of
// 6"), at most maxWanted of them.

// wanted is what a pattern begun at from wanted at the watched word: its
// next words, or a slot ("$num").
type wanted struct {
	from int
	what string
}

const maxWanted = 6

// literalRun is a pattern's words up to its next slot, at most three
// ("or lower", "away from").
func literalRun(pat []string) string {
	var ws []string
	for _, w := range pat {
		if strings.HasPrefix(w, "$") || len(ws) == 3 {
			break
		}
		ws = append(ws, w)
	}
	return strings.Join(ws, " ")
}

// slotKinds names the kind of phrase a slot reads, as the phrase files
// call it (expect.<kind>); a slot of no kind here is not suggested.
var slotKinds = map[string]string{
	"num": "number", "steps": "number", "rnum": "number", "term": "number",
	"rankn": "rank", "rankw": "rank", "ranklist": "rank",
	"ref":     "card",
	"feature": "kind", "features": "kind", "featureA": "kind", "np": "kind", "nps": "kind", "npx": "kind", "npnoun": "kind",
	"vp": "vp", "vps": "vp",
	"sentence": "rule", "simple": "rule", "pred": "rule", "clause": "rule",
	"color": "colour", "suit": "suit", "suits": "suit", "field": "field",
	"bound": "amount", "bounds": "amount", "byamount": "amount", "byset": "amount", "stepsby": "amount",
	"ormore": "ormore", "orless": "orless",
}

// expected says what the reader would have taken at word at: "after "a
// card of 6" the reader takes "or lower", "or higher", …", or "" when it
// knows nothing to say.
func (p *reader) expected(at int) string {
	q := &reader{g: p.g, toks: p.toks, from: p.from, memo: map[memoKey][]result{}, busy: map[memoKey]bool{}, watch: at}
	q.parse("rule", 0)
	ws := q.want
	// the nearest start first; among the same start, in the grammar's order
	slices.SortStableFunc(ws, func(a, b wanted) int { return b.from - a.from })
	var says []string
	seen := map[string]bool{}
	first := -1
	for _, w := range ws {
		s := p.wantedWords(w.what)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		if first < 0 {
			first = w.from
		}
		says = append(says, s)
		if len(says) == maxWanted {
			break
		}
	}
	if len(says) == 0 {
		return ""
	}
	after := p.saidBetween(first, at)
	return fmt.Sprintf(": after %q the reader takes %s", after, strings.Join(says, ", "))
}

// wantedWords is a wanted thing as the message says it: words quoted, a
// slot by its kind's name in the language ("a number"); "" for words
// that begin with a mark ("( so") or a slot of no kind.
func (p *reader) wantedWords(what string) string {
	if nt, ok := strings.CutPrefix(what, "$"); ok {
		kind := slotKinds[nt]
		if kind == "" || !p.g.t.has("expect."+kind) {
			return ""
		}
		return p.g.t.phrases["expect."+kind]
	}
	if r, _ := utf8.DecodeRuneInString(what); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		return ""
	}
	return fmt.Sprintf("%q", what)
}

// saidBetween is the text's own words for its words from to to.
func (p *reader) saidBetween(from, to int) string {
	var ws []string
	for k := from; k < to; k++ {
		if k < len(p.from) && p.from[k] != "" {
			ws = append(ws, p.from[k])
		} else if k >= len(p.from) || k == from {
			ws = append(ws, p.toks[k])
		}
	}
	return strings.Join(ws, " ")
}
