package rulebank

import (
	"errors"
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Answer is what `rules from-words` says of one text: the rule it read, that
// rule said back in words (which may differ from the text: the reader
// checks), its analysis and a few lines with God's verdicts — or why it
// could not read it. An ambiguous text has Readings and no Expr.
type Answer struct {
	Text     string              `json:"text"`
	Lang     string              `json:"lang,omitempty"` // the language it was read in (en, pt, es, ca)
	Expr     string              `json:"expr,omitempty"`
	Words    string              `json:"words,omitempty"`
	Source   string              `json:"source,omitempty"` // "parser" or "llm"
	Readings []rulewords.Reading `json:"readings,omitempty"`
	Analysis *Report             `json:"analysis,omitempty"`
	Examples []Example           `json:"examples,omitempty"`
	Error    string              `json:"error,omitempty"`
}

// Translator turns a text the parser cannot read into an expression (a
// language model: llm.RuleReader); lang is the text's language, "auto" when
// it may be any. nil for none.
type Translator func(lang, text string) (string, error)

// AnswerWords reads text written in lang (en, pt, es, ca, or "auto": each
// language in the order rulewords.Guess gives, the first that reads it):
// by the parser first, then, when the parser cannot read it at all and
// llm is not nil, by llm, whose expression is compiled, checked and said
// back — refused if it does not compile or no card can follow it.
func AnswerWords(lang, text string, cfg AnalyseConfig, llm Translator) Answer {
	a := Answer{Text: text, Lang: lang}
	rs, read, err := readWordsAuto(lang, text)
	if read != "" {
		a.Lang = read
	}
	var amb *AmbiguousError
	var dead *ImpossibleError
	switch {
	case err == nil && len(rs) > 1:
		a.Readings = rs
		a.Error = (&AmbiguousError{Text: text, Readings: rs}).Error()
		return a
	case err == nil:
		a.Expr, a.Words, a.Source, a.Readings = rs[0].Expr, rs[0].Words, "parser", rs
	case llm != nil && !errors.As(err, &amb) && !errors.As(err, &dead):
		expr, lerr := llm(lang, text)
		if lerr != nil {
			a.Error = fmt.Sprintf("%v; the language model: %v", err, lerr)
			return a
		}
		c, cerr := Compile(Rule{Name: "llm", Expr: expr})
		if cerr != nil {
			a.Error = fmt.Sprintf("%v; the language model answered %q, which is not a rule: %v", err, expr, cerr)
			return a
		}
		if !Playable(c) {
			a.Error = fmt.Sprintf("%v; the language model answered %q, which no card can ever follow", err, expr)
			return a
		}
		if a.Lang == "auto" {
			a.Lang = "en"
		}
		words, serr := rulewords.SayIn(a.Lang, expr)
		if serr != nil {
			words = ""
		}
		a.Expr, a.Words, a.Source = expr, words, "llm"
		a.Readings = []rulewords.Reading{{Expr: expr, Words: words}}
	default:
		a.Error = err.Error()
		return a
	}
	c, err := Compile(Rule{Name: "words", Expr: a.Expr})
	if err != nil {
		a.Error = err.Error()
		return a
	}
	rep := Analyse(c, cfg)
	a.Analysis = &rep
	if rep.Error == "" {
		if ex, err := Examples(c, 4, cfg.Seed); err == nil {
			a.Examples = ex
		}
	}
	return a
}

// Text is the answer as people read it.
func (a Answer) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "text:       %s\n", a.Text)
	if a.Lang != "" && a.Lang != "en" {
		fmt.Fprintf(&b, "language:   %s\n", a.Lang)
	}
	if a.Error != "" {
		fmt.Fprintf(&b, "error:      %s\n", strings.ReplaceAll(a.Error, "\n", "\n            "))
		return b.String()
	}
	fmt.Fprintf(&b, "expression: %s\n", a.Expr)
	fmt.Fprintf(&b, "in words:   %s\n", a.Words)
	fmt.Fprintf(&b, "read by:    %s\n", a.Source)
	if r := a.Analysis; r != nil {
		fmt.Fprintf(&b, "look-back:  %s\n", r.LookBack)
		fmt.Fprintf(&b, "acceptance: %.3f of the cards, on average over the states random legal play visits\n", r.Acceptance)
		switch {
		case r.Error != "":
			fmt.Fprintf(&b, "error:      %s\n", r.Error)
		case r.DeadEnd != nil:
			fmt.Fprintf(&b, "dead end:   after %s %s\n", sim.CardsString(r.DeadEnd.Line), r.DeadEndWhat())
		default:
			fmt.Fprintf(&b, "dead ends:  none found (%s)\n", r.Search())
		}
	}
	if len(a.Examples) > 0 {
		b.WriteString("examples:\n")
		for _, e := range a.Examples {
			fmt.Fprintf(&b, "  after %-16s  yes: %-12s  no: %s\n", sim.CardsString(e.Line), orNone(e.Accepted), orNone(e.Refused))
		}
	}
	return b.String()
}

// readWordsAuto is ReadWordsIn, or for lang "auto" each language in
// turn (rulewords.Guess): the readings of the first that reads the text
// and that language, or the likeliest language's error.
func readWordsAuto(lang, text string) ([]rulewords.Reading, string, error) {
	if lang != "auto" {
		rs, err := ReadWordsIn(lang, text)
		return rs, lang, err
	}
	var first error
	var firstLang string
	for _, l := range rulewords.Guess(text) {
		rs, err := ReadWordsIn(l, text)
		if err == nil {
			return rs, l, nil
		}
		if first == nil {
			first, firstLang = err, l
		}
	}
	return nil, firstLang, first
}

func orNone(cs []sim.Card) string {
	if len(cs) == 0 {
		return "(none)"
	}
	return sim.CardsString(cs)
}
