package rulewords

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// Say's numbers and quantifiers over the main line.

var arithWords = map[string]string{"+": "plus", "-": "minus", "*": "times", "%": "modulo", "/": "divided by"}

// term is a number in words; a compound operand is bracketed, so "(the
// card's rank plus 13) modulo 13" reads one way.
func (s *sayer) term(n ast.Node) string {
	n = s.resolve(n)
	if k, ok := intValue(n); ok {
		return fmt.Sprint(k)
	}
	operand := func(n ast.Node) string {
		t := s.term(n)
		if b, ok := s.resolve(n).(*ast.BinaryNode); ok && arithWords[b.Operator] != "" {
			return "(" + t + ")"
		}
		if c, ok := s.resolve(n).(*ast.ConditionalNode); ok && c != nil {
			return t // bracketed already
		}
		if b, ok := s.resolve(n).(*ast.BuiltinNode); ok && (b.Name == "min" || b.Name == "max") {
			// "(the larger of A and B) modulo 5": without the brackets
			// the modulo reads as B's alone.
			return "(" + t + ")"
		}
		return t
	}
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if x.Value == "n" {
			return s.g.say("t.n")
		}
	case *ast.MemberNode:
		if ref, field, ok := s.member(x); ok && field == "rank" {
			return s.g.say("t.rank", s.refSay(ref))
		}
	case *ast.BinaryNode:
		if w := arithWords[x.Operator]; w != "" {
			return operand(x.Left) + " " + w + " " + operand(x.Right)
		}
	case *ast.ConditionalNode:
		c := s.sentence(x.Cond)
		return s.g.say("t.if", s.term(x.Exp1), s.bracket(c, "if"), s.term(x.Exp2))
	case *ast.BuiltinNode:
		if c, ok := s.numberCallOf(x); ok {
			switch c.kind {
			case "distance", "min", "max":
				return s.g.say("t."+c.kind, s.ofTerm(c.args[0]), s.ofTerm(c.args[1]))
			case "abs":
				return s.g.say("t.abs", operand(c.args[0]))
			case "n":
				return s.g.say("t.n")
			case "count":
				return s.count(c.args[0], c.args[1])
			case "sumranks":
				return s.g.say("t.sumranks", s.coll(c.args[0]))
			}
		}
	}
	cannot(n)
	return ""
}

// ofTerm is an operand of "the distance between A and B": bracketed when
// compound, so that its "and" cannot be mistaken.
func (s *sayer) ofTerm(n ast.Node) string {
	t := s.term(n)
	if strings.Contains(t, " and ") || strings.Contains(t, " plus ") || strings.Contains(t, " minus ") ||
		strings.Contains(t, " times ") || strings.Contains(t, " modulo ") || strings.Contains(t, " divided by ") {
		if !WholeParen(t) {
			return "(" + t + ")"
		}
	}
	return t
}

// coll is a run of the main line a quantifier ranges over.
func (s *sayer) coll(n ast.Node) string {
	k, ok := s.run(n)
	switch {
	case !ok:
		cannot(n)
	case k == 0:
		return s.g.say("coll.line")
	}
	return s.g.say("coll.last", fmt.Sprint(k))
}

// run is the run of the main line n is: the whole line (k = 0), or its
// last k cards (line[-k:], line[max(0, n - k):]).
func (s *sayer) run(n ast.Node) (k int, ok bool) {
	n = s.resolve(n)
	if isLine(n) {
		return 0, true
	}
	sl, ok := n.(*ast.SliceNode)
	if !ok || !isLine(s.resolve(sl.Node)) || sl.To != nil || sl.From == nil {
		return 0, false
	}
	if k, ok := intValue(sl.From); ok && k < 0 {
		return -k, true
	}
	m, ok := s.resolve(sl.From).(*ast.BuiltinNode)
	if !ok || m.Name != "max" || len(m.Arguments) != 2 {
		return 0, false
	}
	if z, ok := intValue(m.Arguments[0]); !ok || z != 0 {
		return 0, false
	}
	d, ok := s.resolve(m.Arguments[1]).(*ast.BinaryNode)
	if !ok || d.Operator != "-" {
		return 0, false
	}
	if id, ok := s.resolve(d.Left).(*ast.IdentifierNode); !ok || id.Value != "n" {
		return 0, false
	}
	if k, ok := intValue(d.Right); ok && k > 0 {
		return k, true
	}
	return 0, false
}

// elementVP is a predicate on the element of a quantifier as a verb
// phrase: "is red", "has the same suit as the card".
func (s *sayer) elementVP(n ast.Node) string {
	w := s.sentence(n)
	if w.subj == "#" && w.vp != "" {
		return w.vp
	}
	panic(sayError{fmt.Sprintf("%q about each card of the main line", n.String())})
}

// count is "the number of cards of the main line that are red".
func (s *sayer) count(coll, pred ast.Node) string {
	return s.g.say("t.count", s.coll(coll), plural(s.elementVP(pred)))
}

// plural puts a verb phrase said of one card in the plural: "is a heart"
// → "are hearts".
func plural(vp string) string {
	for _, r := range []struct{ from, to string }{{"is not ", "are not "}, {"is ", "are "}, {"has ", "have "}, {"does not ", "do not "}} {
		if rest, ok := strings.CutPrefix(vp, r.from); ok {
			vp = r.to + rest
			break
		}
	}
	for _, r := range []struct{ from, to string }{{" a face card", " face cards"}, {" a heart", " hearts"}, {" a spade", " spades"},
		{" a diamond", " diamonds"}, {" a club", " clubs"}} {
		vp = strings.ReplaceAll(vp, r.from, r.to)
	}
	return vp
}

// quantifier says all, any, none and one over the main line.
func (s *sayer) quantifier(x *ast.BuiltinNode) (said, bool) {
	key := map[string]string{"all": "q.all", "any": "q.any", "none": "q.none", "one": "q.one"}[x.Name]
	if key == "" || len(x.Arguments) != 2 {
		return said{}, false
	}
	return clause(s.g.say(key, s.coll(x.Arguments[0]), s.elementVP(x.Arguments[1]))), true
}
