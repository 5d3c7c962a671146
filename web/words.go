package web

import (
	"net/url"
	"strings"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// A rule typed in words. The start page reads the teacher's words
// (rulebank.ReadWords: rulewords' grammar, readings that are the same rule
// merged) and, before any table opens, shows the rule back: said again in
// the scientists' words, as an expression, and on cards — main lines legal
// play can reach, with cards that would follow and cards that would not.
// The teacher opens the table by choosing a reading shown (read_expr), so
// that a misreading is seen before the class plays it.

// wordsPreview is the rule read from the teacher's words, waiting for the
// teacher's yes: one reading, or every reading of an ambiguous text.
type wordsPreview struct {
	Text     string
	Lang     string // the language the words were read in (the start page marks the teacher's text with it, "und" when none read it)
	Readings []previewReading
}

// previewReading is one reading: its words and expression, a few examples
// and what the rule checker says against it (a dead end).
type previewReading struct {
	Expr, Words string
	Examples    []rulebank.Example
	Problem     i18n.Msg
}

// previewSeed: the examples are the same each time the page is drawn, so
// that the teacher who looks twice sees the same cards.
const previewSeed = 1

// examplesShown is how many main lines the preview draws.
const examplesShown = 3

// readWordsRule reads the start page's rule in words. It returns the rule
// when the teacher chose one of the text's readings (read_expr), else the
// preview to show (and no rule); problems go into fe under rule_words.
func readWordsRule(f url.Values, o sim.Options, allow bool, fe formErrors) (RuleChoice, *rulebank.Compiled, *wordsPreview) {
	text := strings.TrimSpace(f.Get("rule_words"))
	switch {
	case text == "":
		fe.add("rule_words", "form.typeWords")
		return RuleChoice{}, nil, nil
	case len(text) > maxWords:
		fe.add("rule_words", "form.atMost", maxWords)
		return RuleChoice{}, nil, nil
	}
	if err := checkText("words", text, maxWords); err != nil {
		fe.addErr("rule_words", err)
		return RuleChoice{}, nil, nil
	}
	rs, lang, err := readWords(f.Get("words_lang"), text)
	if err != nil {
		fe.add("rule_words", "form.notRead", verbatim(text), foreign(err.Error()))
		return RuleChoice{}, nil, nil
	}
	chosen := f.Get("read_expr")
	p := &wordsPreview{Text: text, Lang: lang}
	for _, rd := range rs {
		c, err := rulebank.Compile(rulebank.Rule{Name: "typed", Expr: rd.Expr, Description: text, File: "the start page"})
		if err != nil { // ReadWords keeps only readings that compile
			fe.addErr("rule_words", err)
			return RuleChoice{}, nil, nil
		}
		problem := checkRule(c, o, allow)
		if rd.Expr == chosen && problem.IsZero() {
			return RuleChoice{Expr: rd.Expr, Words: text, Said: rd.Words, How: "typed in words by the teacher", Way: "words"}, c, nil
		}
		pr := previewReading{Expr: rd.Expr, Words: rd.Words, Problem: problem}
		if problem.IsZero() {
			pr.Examples, _ = rulebank.Examples(c, examplesShown, previewSeed)
		}
		p.Readings = append(p.Readings, pr)
	}
	return RuleChoice{}, nil, p
}

// readWords reads the teacher's words in the language of the page they
// were typed on (the start page's words_lang), else as English (the
// reader's first language): readings that are the same rule count as one
// (rulebank.ReadWordsIn).
func readWords(lang, text string) (rs []rulewords.Reading, readIn string, err error) {
	if lang == "" || lang == "en" {
		rs, err = rulebank.ReadWords(text)
		return rs, "en", err
	}
	rs, err = rulebank.ReadWordsIn(lang, text)
	if err != nil {
		if en, enErr := rulebank.ReadWords(text); enErr == nil {
			return en, "en", nil
		}
		return nil, "", err
	}
	return rs, lang, nil
}

// sayRule is a rule's expression in the scientists' English words, or ""
// when rulewords has none for it (the expression is shown anyway).
func sayRule(expr string) string { return sayIn("en", expr) }

// sayIn is a rule's expression in the scientists' words in a page's
// language (rulewords.SayIn: en, pt, es, ca), or "" when there are none:
// the pages show the expression beside it anyway.
func sayIn(lang, expr string) string {
	w, err := rulewords.SayIn(lang, expr)
	if err != nil {
		return ""
	}
	return w
}
