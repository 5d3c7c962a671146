package rulebank

import (
	"github.com/expr-lang/expr/ast"
)

// expr 1.17.8 compiles its two backward loops, findLast and findLastIndex,
// with a loop test it never pops: every card the loop reads leaves a value
// on the stack beneath its answer. Alone, or on the left of an operator,
// the answer is still right; on the right of one, in a list or as a
// function's argument, the operator reads the stray values instead — a
// verdict silently wrong ("none(line, .face) or card.suit ==
// last(filter(line, .face)).suit" refused the ace of spades after the king
// of spades) or a run-time error. Its optimizer writes last(filter(…)) and
// filter(…)[-1], the way people write "the last face card", as findLast.
// A rule whose compiled tree holds either loop is compiled again without
// the optimizer, its own findLast and findLastIndex written as forward
// loops (forwardLoops): the verdicts its words say, at the cost of the
// optimizer's shortcuts for that rule alone.

// backwardLoops reports whether a compiled tree holds findLast or
// findLastIndex.
func backwardLoops(n ast.Node) bool {
	v := &findBackward{}
	ast.Walk(&n, v)
	return v.found
}

type findBackward struct{ found bool }

func (v *findBackward) Visit(n *ast.Node) {
	if b, ok := (*n).(*ast.BuiltinNode); ok && (b.Name == "findLast" || b.Name == "findLastIndex") {
		v.found = true
	}
}

// forwardLoops rewrites, before the checker, findLast(a, p) as
// last(filter(a, p)) and findLastIndex(a, p) as the index findIndex finds
// in reverse(a), counted from the start (nil when no element passes, as
// findLastIndex gives).
type forwardLoops struct{}

func (forwardLoops) Visit(n *ast.Node) {
	b, ok := (*n).(*ast.BuiltinNode)
	if !ok || len(b.Arguments) != 2 {
		return
	}
	a, p := b.Arguments[0], b.Arguments[1]
	switch b.Name {
	case "findLast":
		ast.Patch(n, &ast.BuiltinNode{Name: "last", Arguments: []ast.Node{
			&ast.BuiltinNode{Name: "filter", Arguments: []ast.Node{a, p}}}})
	case "findLastIndex":
		fromEnd := func() ast.Node {
			return &ast.BuiltinNode{Name: "findIndex", Arguments: []ast.Node{
				&ast.BuiltinNode{Name: "reverse", Arguments: []ast.Node{a}}, p}}
		}
		lastIndex := &ast.BinaryNode{Operator: "-", Left: &ast.BinaryNode{Operator: "-",
			Left: &ast.BuiltinNode{Name: "len", Arguments: []ast.Node{a}}, Right: &ast.IntegerNode{Value: 1}}, Right: fromEnd()}
		ast.Patch(n, &ast.ConditionalNode{Ternary: true,
			Cond: &ast.BinaryNode{Operator: "==", Left: fromEnd(), Right: &ast.NilNode{}},
			Exp1: &ast.NilNode{}, Exp2: lastIndex})
	}
}
