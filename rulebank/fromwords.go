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
	Expr     string              `json:"expr,omitempty"`
	Words    string              `json:"words,omitempty"`
	Source   string              `json:"source,omitempty"` // "parser" or "llm"
	Readings []rulewords.Reading `json:"readings,omitempty"`
	Analysis *Report             `json:"analysis,omitempty"`
	Examples []Example           `json:"examples,omitempty"`
	Error    string              `json:"error,omitempty"`
}

// Translator turns a text the parser cannot read into an expression (a
// language model, rulewords.Model); nil for none.
type Translator func(text string) (string, error)

// AnswerWords reads text: by the parser first, then, when the parser
// cannot read it at all and llm is not nil, by llm, whose expression is
// compiled, checked and said back — refused if it does not compile.
func AnswerWords(text string, cfg AnalyseConfig, llm Translator) Answer {
	a := Answer{Text: text}
	rs, err := ReadWords(text)
	var amb *AmbiguousError
	switch {
	case err == nil && len(rs) > 1:
		a.Readings = rs
		a.Error = (&AmbiguousError{Text: text, Readings: rs}).Error()
		return a
	case err == nil:
		a.Expr, a.Words, a.Source, a.Readings = rs[0].Expr, rs[0].Words, "parser", rs
	case llm != nil && !errors.As(err, &amb):
		expr, lerr := llm(text)
		if lerr != nil {
			a.Error = fmt.Sprintf("%v; the language model: %v", err, lerr)
			return a
		}
		if _, cerr := Compile(Rule{Name: "llm", Expr: expr}); cerr != nil {
			a.Error = fmt.Sprintf("%v; the language model answered %q, which is not a rule: %v", err, expr, cerr)
			return a
		}
		words, serr := rulewords.Say(expr)
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
			what := "no card is legal"
			if !r.DeadEnd.Structural {
				what = "every legal card is used up"
			}
			fmt.Fprintf(&b, "dead end:   after %s %s\n", sim.CardsString(r.DeadEnd.Line), what)
		default:
			fmt.Fprintf(&b, "dead ends:  none found (%s)\n", r.DeadEndSearch)
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

func orNone(cs []sim.Card) string {
	if len(cs) == 0 {
		return "(none)"
	}
	return sim.CardsString(cs)
}
