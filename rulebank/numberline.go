package rulebank

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
)

// NumberLine checks the beginners' restriction of new-eleusis-es ("reglas
// solo de línea numérica"): the rule may read only the card and the value
// (`prev.rank`) of the last main-line card.
func NumberLine(c *Compiled) error {
	fail := func(f string, a ...any) error {
		return &Error{Rule: c.Rule.Name, File: c.Rule.File, Line: c.Rule.Line, Field: "expr",
			Err: fmt.Errorf("not a number-line rule: "+f, a...)}
	}
	if r := c.Reads; r.Prev2 || r.Prev3 || r.Line || r.N {
		return fail("it reads %s; only card and prev.rank are allowed", r)
	}
	v := &numberLineVisitor{}
	node := c.program.Node()
	ast.Walk(&node, v)
	switch {
	case v.other != "":
		return fail("it reads prev.%s; of the last card only prev.rank is allowed", v.other)
	case v.prevs > v.ranks:
		return fail("it uses the whole last card (prev); only prev.rank is allowed")
	}
	return nil
}

// numberLineVisitor counts the uses of prev and those that are prev.rank.
type numberLineVisitor struct {
	prevs, ranks int
	other        string
}

func (v *numberLineVisitor) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if n.Value == "prev" {
			v.prevs++
		}
	case *ast.MemberNode:
		if id, ok := n.Node.(*ast.IdentifierNode); ok && id.Value == "prev" {
			if s, ok := n.Property.(*ast.StringNode); ok && s.Value == "rank" {
				v.ranks++
			} else if ok {
				v.other = s.Value
			} else {
				v.other = "[…]"
			}
		}
	}
}

// NumberLineBank keeps the rules of b that pass NumberLine.
func NumberLineBank(b *Bank) *Bank {
	return b.Filter(func(c *Compiled) bool { return NumberLine(c) == nil })
}
