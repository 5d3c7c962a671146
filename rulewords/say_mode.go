package rulewords

import "github.com/expr-lang/expr/ast"

// mode says which of two kinds of card came last on the main line, the
// state a mode is in (words_mode.go):
// (findIndex(reverse(line), A) ?? n) < (findIndex(reverse(line), B) ?? n)
// is "a card that is A has been played more recently than every card that
// is B"; negated, the clause negated whole.
func (s *sayer) mode(x *ast.BinaryNode, neg bool) (said, bool) {
	if x.Operator != "<" {
		return said{}, false
	}
	a, ok1 := s.sinceKind(x.Left)
	b, ok2 := s.sinceKind(x.Right)
	if !ok1 || !ok2 {
		return said{}, false
	}
	va, vb := s.elementVP(a, false), s.elementVP(b, false)
	w := clause(s.t.say("mode", "a", va.one, "b", vb.one))
	if neg {
		return clause(s.t.say("not.clause", "a", w.text)), true
	}
	return w, true
}

// sinceKind is the test of (findIndex(reverse(line), test) ?? n): how
// many cards back the line's last card of a kind is.
func (s *sayer) sinceKind(n ast.Node) (ast.Node, bool) {
	c, ok := s.resolve(n).(*ast.BinaryNode)
	if !ok || c.Operator != "??" {
		return nil, false
	}
	if id, ok := s.resolve(c.Right).(*ast.IdentifierNode); !ok || id.Value != "n" {
		return nil, false
	}
	f, ok := s.resolve(c.Left).(*ast.BuiltinNode)
	if !ok || f.Name != "findIndex" || len(f.Arguments) != 2 {
		return nil, false
	}
	r, ok := s.resolve(f.Arguments[0]).(*ast.BuiltinNode)
	if !ok || r.Name != "reverse" || len(r.Arguments) != 1 || !isLine(s.resolve(r.Arguments[0])) {
		return nil, false
	}
	return f.Arguments[1], true
}
