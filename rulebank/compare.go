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

// The exit statuses of `rules compare`: the rules are the same, they
// differ, or the comparison was not decided (or a rule was not read).
const (
	StatusSame      = 0
	StatusDifferent = 1
	StatusUndecided = 2
)

// Status is the comparison's exit status: StatusSame, StatusDifferent or
// StatusUndecided.
func (c Comparison) Status() int {
	switch {
	case c.Same == nil:
		return StatusUndecided
	case !*c.Same:
		return StatusDifferent
	}
	return StatusSame
}

// String says the comparison's answer in a line.
func (c Comparison) String() string {
	switch {
	case c.Same == nil:
		return fmt.Sprintf("undecided: %s", c.Error)
	case *c.Same && c.Exact:
		return "the same rule: the same verdict in every reachable state (checked exactly)"
	case *c.Same:
		return fmt.Sprintf("the same verdicts on %d random legal main lines of up to %d cards (a bounded check: the rules read the whole line)", boundWalks, boundLength)
	}
	verdict := func(v *bool) string {
		switch {
		case v == nil:
			return "?"
		case *v:
			return "accepts"
		}
		return "refuses"
	}
	return fmt.Sprintf("different: after %s, A %s %s and B %s it", sim.CardsString(c.Line), verdict(c.VerdictA), c.Card, verdict(c.VerdictB))
}
