package rulewords

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// sound is a reading as the reader gives it, or false for one nobody
// means. "The card before it" that no relation placed is the last card;
// a comparison of a term with itself (prev.rank < prev.rank, card.suit ==
// card.suit) is no rule anyone writes — it comes of a reference read
// against the wrong card ("the last card was lower than the card before
// it" read with "it" as the card played) — and is dropped, so that the
// text reads as its other readings or, with none, is refused.
func sound(e string) (string, bool) {
	e = itPrevRE.ReplaceAllString(e, "prev")
	tree, err := parser.Parse(e)
	if err != nil {
		return e, true // the compiler says why, where the reading is compiled
	}
	v := &selfCompared{}
	ast.Walk(&tree.Node, v)
	return e, !v.found
}

// selfCompared finds a comparison whose two sides are the same term.
type selfCompared struct{ found bool }

func (v *selfCompared) Visit(n *ast.Node) {
	b, ok := (*n).(*ast.BinaryNode)
	if !ok {
		return
	}
	switch b.Operator {
	case "==", "!=", "<", "<=", ">", ">=":
		if b.Left.String() == b.Right.String() {
			v.found = true
		}
	}
}
