package hypotheses_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// The scientists' hypotheses in every language rulewords speaks (the
// space is this package's; the words are rulewords').

// codeIn is the code the words must never show, the first found: the
// rule language's names and signs ("" for none). Strings, not a regular
// expression: it reads every phrase of the space, and a backtracking
// search over the alternatives took most of the test's time.
func codeIn(p string) string {
	for _, s := range []string{"card.", "prev", "line[", "==", "!=", "<=", ">="} {
		if strings.Contains(p, s) {
			return s
		}
	}
	if i := strings.IndexAny(p, `<>%?"{}[]`); i >= 0 {
		return p[i : i+1]
	}
	for _, w := range strings.FieldsFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		if w == "nil" || w == "true" || w == "false" {
			return w
		}
	}
	return ""
}

func TestCodeIn(t *testing.T) {
	for p, want := range map[string]string{"a carta é vermelha": "", "card.rank > 3": "card.", "a carta vale 4.ª": "",
		"prev2 is red": "prev", "x is true": "true", "verdadeiro": "", "a {b}": "{", "la carta no és nil": "nil"} {
		if got := codeIn(p); got != want {
			t.Errorf("codeIn(%q) = %q, want %q", p, got, want)
		}
	}
}

// sharedWords are words English shares with Portuguese, Spanish or
// Valencian ("a", "no", "de" …): the other languages may write them.
var sharedWords = map[string]bool{"a": true, "no": true, "de": true, "e": true, "o": true, "i": true, "as": true}

// words are the words of a phrase, numbers and punctuation aside.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return strings.ContainsRune(" ,;:()…→.ª", r) || (r >= '0' && r <= '9')
	})
}

// Every hypothesis of the default space in each language (with the long
// tests; every 11th without): said, with no code and no English left, and
// no two hypotheses — two behaviours, the space merges rules by behaviour —
// with the same words.
func TestSayInEveryHypothesis(t *testing.T) {
	sp := hypotheses.Default()
	english := map[string]bool{}
	var exprs []string
	step := 11 // a sample: the whole space is the long tests'
	switch {
	case longtest.On():
		step = 1
	case testing.Short():
		step = 101
	}
	for id := 0; id < len(sp.Hyps); id += step {
		h := sp.Hyps[id]
		if h.Expr == "" {
			continue
		}
		exprs = append(exprs, h.Expr)
		for _, w := range words(sp.Phrase(id)) {
			if !sharedWords[w] {
				english[w] = true
			}
		}
	}
	for _, lang := range rulewords.Languages() {
		seen := make(map[string]string, len(exprs))
		for _, e := range exprs {
			p, err := rulewords.SayIn(lang, e)
			if err != nil {
				t.Fatalf("%s: SayIn(%s): %v", lang, e, err)
			}
			if p == "" || strings.TrimSpace(p) != p || strings.Contains(p, "  ") || strings.Count(p, "(") != strings.Count(p, ")") {
				t.Fatalf("%s: %s: %q", lang, e, p)
			}
			if c := codeIn(p); c != "" {
				t.Fatalf("%s: %s: %q holds the code %q", lang, e, p, c)
			}
			for _, w := range words(p) {
				if english[w] {
					t.Fatalf("%s: %s: %q holds the English word %q", lang, e, p, w)
				}
			}
			if other, dup := seen[p]; dup {
				t.Fatalf("%s: %q says both %s and %s", lang, p, other, e)
			}
			seen[p] = e
		}
		t.Logf("%s: %d hypotheses, %d phrases", lang, len(exprs), len(seen))
	}
}

// Every SayIn phrase of a wide sample of the scientists' space (every
// 23rd hypothesis with the long tests, every 199th without, in every
// language) reads at all: a phrase the grammar
// cannot take back ("é falso o seguinte: (…)" could not) fails here
// before a narrower sample meets it. Whether it reads as the rule only is
// TestReadInReadsSayIn's check, on fewer rules.
func TestReadInReadsTheSpace(t *testing.T) {
	sp := hypotheses.Default()
	said := 0
	step, least := 199, 1500
	switch {
	case longtest.On():
		step, least = 23, 10000
	case testing.Short():
		step, least = 997, 300
	}
	for id := 0; id < len(sp.Hyps); id += step {
		e := sp.Hyps[id].Expr
		if e == "" {
			continue
		}
		for _, lang := range append([]string{"en"}, rulewords.Languages()...) {
			words, err := rulewords.SayIn(lang, e)
			if err != nil {
				t.Errorf("%s: %s: %v", lang, e, err)
				continue
			}
			said++
			if _, err := rulewords.ReadIn(lang, words); err != nil {
				t.Errorf("%s (%v): %q (%s): %v", lang, sp.Hyps[id].Family, words, e, err)
			}
		}
	}
	if said < least {
		t.Errorf("only %d phrases said", said)
	}
}

// A sample of the space said in each language reads back as the
// hypothesis, and only as it (the same verdicts in every reachable state).
func TestSayInReadsBack(t *testing.T) {
	sp := hypotheses.Default()
	step := 7919
	if longtest.On() {
		step = 1999
	}
	for id := 0; id < len(sp.Hyps); id += step {
		e := sp.Hyps[id].Expr
		if e == "" {
			continue
		}
		want, err := rulebank.Compile(rulebank.Rule{Name: "h", Expr: e})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range rulewords.Languages() {
			words, err := rulewords.SayIn(lang, e)
			if err != nil {
				t.Errorf("%s: %s: %v", lang, e, err)
				continue
			}
			rs, err := rulewords.ReadIn(lang, words)
			if err != nil {
				t.Errorf("%s: %q (%s): %v", lang, words, e, err)
				continue
			}
			for _, r := range rs {
				got, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: r.Expr})
				if err != nil {
					t.Fatalf("%s: %q read as %s: %v", lang, words, r.Expr, err)
				}
				for _, p := range [][2]*rulebank.Compiled{{want, got}, {got, want}} {
					if eq, err := rulebank.Equivalent(p[0], p[1]); err == nil && !eq.Equal {
						t.Errorf("%s: %q (%s) reads as %s", lang, words, e, r.Expr)
					}
				}
			}
		}
	}
}
