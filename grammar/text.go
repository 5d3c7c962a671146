package grammar

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// text is an expression of the rule language with the binding power of its
// outermost operator (expr's precedences: the ternary lowest, then or, and,
// the comparisons, + and −, * and %; a primary binds tightest).
type text struct {
	s    string
	prec int
}

const (
	precTernary = 1
	precOr      = 10
	precAnd     = 15
	precCmp     = 20
	precAdd     = 30
	precMul     = 60
	precUnary   = 70
	precPrimary = 100
)

func primary(s string) text { return text{s, precPrimary} }

// atLeast writes t as an operand that must bind at least as tightly as
// prec, in parentheses otherwise.
func (t text) atLeast(prec int) string {
	if t.prec < prec {
		return "(" + t.s + ")"
	}
	return t.s
}

// above writes t as an operand that must bind more tightly than prec (the
// right operand of − or %, a comparison's operands).
func (t text) above(prec int) string { return t.atLeast(prec + 1) }

// Expr is the node as an expression of the rule language, which expr
// evaluates to the node's values (a test checks every production).
func (n *Node) Expr() string { return n.text().s }

// String is Expr.
func (n *Node) String() string { return n.Expr() }

func (n *Node) text() text {
	kids := make([]text, len(n.Kids))
	for i, k := range n.Kids {
		kids[i] = k.text()
	}
	return n.prod().text(n, kids)
}

var cmpText = [numCmps]string{"==", "!=", "<", "<=", ">", ">="}

// windowText is the window as a list of the rule language.
func windowText(w Window) string {
	if w == 0 {
		return "line"
	}
	return fmt.Sprintf("line[max(0, n - %d):]", w)
}

// elemText is the element test as the predicate of count, any, none.
var elemText = [numElems]string{
	`.color == "red"`, `.color == "black"`, ".face", ".even", ".odd",
	`.suit == "spades"`, `.suit == "hearts"`, `.suit == "diamonds"`, `.suit == "clubs"`,
	".suit == card.suit", ".color == card.color", ".rank == card.rank", ".rank > card.rank", ".rank < card.rank",
	"abs(.rank - card.rank) <= 1", "abs(.rank - card.rank) <= 2", ".rank == card.rank and .suit == card.suit",
	"", // ElRank: elemTextOf
	"abs(.rank - card.rank) == 1",
	"", // ElAtLeast: elemTextOf
	"", // ElConcept: elemTextOf
	"", // ElCard: elemTextOf
	"", // ElHigh: elemTextOf
	"", // ElSuitRank: elemTextOf
	".suit == card.suit and .rank == card.rank - 1",
	".suit == card.suit and .rank == card.rank + 1",
	"", // ElShares: elemTextOf
	".rank == card.rank - 1", ".rank == card.rank + 1",
	".rank % 13 + 1 == card.rank", "card.rank % 13 + 1 == .rank",
	"", // ElAtMost: elemTextOf
}

// elemTextOf is a node's element test as a predicate (a concept's formula
// on the element: ".odd and .color == \"black\"").
func elemTextOf(n *Node) string {
	switch n.El {
	case ElConcept:
		return conceptText(n.K, "").s
	case ElRank:
		return fmt.Sprintf(".rank == %d", n.K)
	case ElAtLeast:
		return fmt.Sprintf(".rank >= %d", n.K)
	case ElHigh:
		return fmt.Sprintf(".rank >= %d or .rank == 1", n.K)
	case ElAtMost:
		return fmt.Sprintf(".rank <= %d", n.K)
	case ElSuitRank:
		return fmt.Sprintf(".suit == card.suit and .rank == %d", n.K)
	case ElShares:
		return sharesText(n.K)
	case ElCard:
		c := sim.Card(n.K)
		return fmt.Sprintf(".rank == %d and .suit == %q", c.Rank(), suitNames[c.Suit()])
	}
	return elemText[n.El]
}

// call writes a call of a built-in function.
func call(name string, args ...string) text {
	return primary(name + "(" + strings.Join(args, ", ") + ")")
}

// infix writes a op b for a left-associative operator of binding power
// prec (a + b − c is (a + b) − c; a − (b + c) keeps its parentheses).
func infix(a text, op string, b text, prec int) text {
	return text{a.atLeast(prec) + " " + op + " " + b.above(prec), prec}
}

// cmpOf writes a comparison: both operands above the comparisons.
func cmpOf(a text, op Op, b text) text {
	return text{a.above(precCmp) + " " + cmpText[op] + " " + b.above(precCmp), precCmp}
}
