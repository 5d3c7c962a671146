package rulebank

import (
	"errors"
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// Resolve finds the rule a user names: a rule of the bank by name, an
// expression of the rule language, or a rule in words (FromWords).
func (b *Bank) Resolve(spec string) (*Compiled, error) {
	if c, err := b.Get(spec); err == nil {
		return c, nil
	}
	c, exprErr := Compile(Rule{Name: "expr", Expr: spec})
	if exprErr == nil {
		return c, nil
	}
	r, wordsErr := FromWords(spec)
	if wordsErr != nil {
		return nil, fmt.Errorf("%q is no rule of the bank, no expression (%v) and no rule in words (%v)", spec, exprErr, wordsErr)
	}
	return Compile(Rule{Name: "words", Expr: r.Expr, Words: spec})
}

// Comparison is the answer to "do these rules give the same verdict in
// every state legal play can reach?": Same is nil when it could not be
// decided. When they differ, Line is a shortest main line after which Card
// is judged differently (shortest for rules of bounded look-back; a line of
// random legal play for rules that read line or n).
type Comparison struct {
	A     string     `json:"a"`
	B     string     `json:"b"`
	Same  *bool      `json:"same"`
	Exact bool       `json:"exact"`
	Line  []sim.Card `json:"line,omitempty"`
	Card  *sim.Card  `json:"card,omitempty"`
	// VerdictA, VerdictB: each rule's verdict on Card after Line.
	VerdictA *bool  `json:"verdict_a,omitempty"`
	VerdictB *bool  `json:"verdict_b,omitempty"`
	Error    string `json:"error,omitempty"`
}

// CompareSpecs resolves two rules (names, expressions or words) and
// compares them (Compare); anyStarter as the preset opens.
func (b *Bank) CompareSpecs(specA, specB string, anyStarter bool) Comparison {
	out := Comparison{A: specA, B: specB}
	a, err := b.Resolve(specA)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	c, err := b.Resolve(specB)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	e, err := Compare(a, c, anyStarter)
	if err != nil {
		if !errors.Is(err, ErrUndecided) {
			err = fmt.Errorf("%w: %w", ErrUndecided, err)
		}
		out.Error = err.Error()
		return out
	}
	same := e.Equal
	out.Same, out.Exact = &same, e.Exact
	if !same {
		out.Line, out.Card = e.Line, e.Card
		va, errA := a.NewJudge().Accepts(e.Line, *e.Card)
		vb, errB := c.NewJudge().Accepts(e.Line, *e.Card)
		if errA == nil && errB == nil {
			out.VerdictA, out.VerdictB = &va, &vb
		}
	}
	return out
}
