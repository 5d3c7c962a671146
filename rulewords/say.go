package rulewords

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// Say is an expression of the rule language in plain English, structured so
// that it reads one way only: "if the last card is black: the card is 7 or
// higher; otherwise: the card is 6 or lower", "the card is black and the
// card is a face card if and only if the last card is not a face card" is
// never written — a part that is itself compound is bracketed. Read reads
// everything Say writes back to the same rule.
func Say(src string) (words string, err error) { return SayIn("en", src) }

// speak parses src and says it with say; a part say has no words for is
// an error.
func speak(t *tongue, src string, say func(s *sayer, n ast.Node) string) (words string, err error) {
	tree, err := parser.Parse(src)
	if err != nil {
		return "", fmt.Errorf("not an expression of the rule language: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(sayError); ok {
				words, err = "", e
				return
			}
			panic(p)
		}
	}()
	return say(&sayer{t: t, lets: map[string]ast.Node{}}, tree.Node), nil
}

// sayError is a part of an expression Say has no words for.
type sayError struct{ what string }

func (e sayError) Error() string { return "no words for " + e.what }

func cannot(n ast.Node) { panic(sayError{fmt.Sprintf("%q", n.String())}) }

// sayer says a rule in a tongue's words.
type sayer struct {
	t    *tongue
	lets map[string]ast.Node
}

// resolve follows let names and drops the parser's wrappers.
func (s *sayer) resolve(n ast.Node) ast.Node {
	for {
		switch x := n.(type) {
		case *ast.IdentifierNode:
			if v, ok := s.lets[x.Value]; ok {
				n = v
				continue
			}
		case *ast.ChainNode:
			n = x.Node
			continue
		case *ast.VariableDeclaratorNode:
			s.lets[x.Name] = x.Value
			n = x.Expr
			continue
		case *ast.PredicateNode:
			n = x.Node
			continue
		}
		return n
	}
}

// member is ref.field for a card the rule names, "#" for the element of a
// quantifier.
func (s *sayer) member(x *ast.MemberNode) (ref, field string, ok bool) {
	prop, isStr := x.Property.(*ast.StringNode)
	if !isStr {
		return "", "", false
	}
	ref, ok = s.card(x.Node)
	return ref, prop.Value, ok
}

// card is the expression of a card the rule names: card, prev, prev2,
// prev3, the starter (line[0], first(line)), the last card (line[-1],
// last(line)), or the element of a quantifier.
func (s *sayer) card(n ast.Node) (string, bool) {
	n = s.resolve(n)
	switch x := n.(type) {
	case *ast.IdentifierNode:
		switch x.Value {
		case "card", "prev", "prev2", "prev3":
			return x.Value, true
		}
	case *ast.PointerNode:
		return "#", true
	case *ast.MemberNode:
		if id, ok := x.Node.(*ast.IdentifierNode); ok && id.Value == "line" {
			if i, ok := intValue(x.Property); ok {
				switch i {
				case 0:
					return "line[0]", true
				case -1:
					return "prev", true
				}
			}
		}
	case *ast.BuiltinNode:
		if f, ok := s.resolve(firstArg(x)).(*ast.BuiltinNode); ok && x.Name == "last" && f.Name == "filter" && len(f.Arguments) == 2 && isLine(s.resolve(f.Arguments[0])) {
			return "last(" + f.String() + ")", true
		}
		if len(x.Arguments) == 1 && isLine(x.Arguments[0]) {
			switch x.Name {
			case "first":
				return "line[0]", true
			case "last":
				return "prev", true
			}
		}
	}
	return "", false
}

func firstArg(x *ast.BuiltinNode) ast.Node {
	if len(x.Arguments) != 1 {
		return &ast.NilNode{}
	}
	return x.Arguments[0]
}

func isLine(n ast.Node) bool {
	id, ok := n.(*ast.IdentifierNode)
	return ok && id.Value == "line"
}

// intValue is an integer literal, negative ones included.
func intValue(n ast.Node) (int, bool) {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return x.Value, true
	case *ast.UnaryNode:
		if x.Operator == "-" {
			if v, ok := intValue(x.Node); ok {
				return -v, true
			}
		}
	case *ast.ConstantNode:
		if v, ok := x.Value.(int); ok {
			return v, true
		}
	}
	return 0, false
}
