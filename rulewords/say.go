package rulewords

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// Say is an expression of the rule language in plain English, structured so
// that it reads one way only: "if the last card is black: the card is 7 or
// higher; otherwise: the card is 6 or lower", "the card is black and the
// card is a face card if and only if the last card is not a face card" is
// never written — a part that is itself compound is bracketed. Read reads
// everything Say writes back to the same rule.
func Say(src string) (words string, err error) {
	return speak(src, func(s *sayer, n ast.Node) string { return s.sentence(n).text })
}

// speak parses src and says it with say; a part say has no words for is
// an error.
func speak(src string, say func(s *sayer, n ast.Node) string) (words string, err error) {
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
	return say(&sayer{g: theGrammar(), lets: map[string]ast.Node{}, named: map[string]string{}}, tree.Node), nil
}

// sayError is a part of an expression Say has no words for.
type sayError struct{ what string }

func (e sayError) Error() string { return "no words for " + e.what }

func cannot(n ast.Node) { panic(sayError{fmt.Sprintf("%q", n.String())}) }

// said is a rule in words, with what its composition needs: its kind (a
// compound part is bracketed inside another) and, for a clause about one
// card, the card and the verb phrase.
type said struct {
	text     string
	kind     string // "clause", "and", "or", "if", "iff"
	subj, vp string
	// list: the verb phrase is a list ("is a heart or a club"), bracketed
	// when it joins others.
	list bool
}

func clause(text string) said { return said{text: text, kind: "clause"} }

type sayer struct {
	g    *grammar
	lets map[string]ast.Node
	// named: the words of cards found by a search of the main line ("the
	// last card of the main line that is a face card"), by expression.
	named map[string]string
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

func (s *sayer) sentence(n ast.Node) said {
	n = s.resolve(n)
	switch x := n.(type) {
	case *ast.BoolNode:
		if x.Value {
			return clause(s.g.say("c.any"))
		}
		return clause(s.g.say("c.none"))
	case *ast.UnaryNode:
		if x.Operator == "not" || x.Operator == "!" {
			return s.negate(s.sentence(x.Node))
		}
	case *ast.ConditionalNode:
		c, a, b := s.sentence(x.Cond), s.sentence(x.Exp1), s.sentence(x.Exp2)
		then := a.text
		if a.kind == "if" {
			then = "(" + then + ")"
		}
		return said{text: s.g.say("s.if", s.bracket(c, "if"), then, b.text), kind: "if"}
	case *ast.BinaryNode:
		switch x.Operator {
		case "and", "&&", "or", "||":
			return s.list(x)
		}
		if w, ok := s.comparison(x); ok {
			return w
		}
	case *ast.MemberNode:
		if ref, field, ok := s.member(x); ok {
			switch field {
			case "face":
				return s.vpClause(ref, s.g.say("vp.is", s.g.say("f.face")))
			case "even", "odd":
				return s.vpClause(ref, s.g.say("vp.is", s.g.say("f."+field)))
			}
		}
	case *ast.BuiltinNode:
		if w, ok := s.quantifier(x); ok {
			return w
		}
	}
	cannot(n)
	return said{}
}

// bracket is a part's words as an operand of a compound of kind outer.
func (s *sayer) bracket(w said, outer string) string {
	// A condition needs no brackets before its colon, but "if and only
	// if" inside "if" reads as a second condition.
	if w.kind == "clause" || (outer == "if" && w.kind != "if" && w.kind != "iff") {
		return w.text
	}
	return "(" + w.text + ")"
}

// vpClause is "the card" + "is red".
func (s *sayer) vpClause(ref, vp string) said {
	subj := s.refSay(ref)
	return said{text: s.g.say("c.subj", subj, vp), kind: "clause", subj: ref, vp: vp}
}

func (s *sayer) refSay(ref string) string {
	if w, ok := s.named[ref]; ok {
		return w
	}
	if w, ok := refWords(ref); ok {
		return w
	}
	panic(sayError{"the card " + ref})
}

// negate is "not" in words: inside the verb where there is one.
func (s *sayer) negate(w said) said {
	if w.subj != "" && w.kind == "clause" {
		if rest, ok := strings.CutPrefix(w.vp, "is not "); ok {
			return s.vpClause(w.subj, s.g.say("vp.is", rest))
		}
		// Not a list of alternatives: "is not a 2, 3 or king" would read
		// as "(is not a 2) or 3 or king"; the whole clause is negated.
		if rest, ok := strings.CutPrefix(w.vp, "is "); ok && !w.list {
			return s.vpClause(w.subj, s.g.say("vp.isnot", rest))
		}
		if rest, ok := strings.CutPrefix(w.vp, "has the same "); ok {
			return s.vpClause(w.subj, "has a different "+strings.Replace(rest, " as ", " from ", 1))
		}
		if rest, ok := strings.CutPrefix(w.vp, "has a different "); ok {
			return s.vpClause(w.subj, "has the same "+strings.Replace(rest, " from ", " as ", 1))
		}
	}
	if strings.HasPrefix(w.text, "there is no ") {
		return clause("there is a " + strings.TrimPrefix(w.text, "there is no "))
	}
	if w.text == s.g.say("c.any") {
		return clause(s.g.say("c.none"))
	}
	text := w.text
	if w.kind != "clause" || strings.HasPrefix(text, wNotCase) {
		text = "(" + text + ")"
	}
	return clause(s.g.say("c.not", text))
}

// list is a run of and or of or, flat: "the card is red and even", "either
// the card is a heart or the last card is a face card".
func (s *sayer) list(x *ast.BinaryNode) said {
	op := "and"
	if x.Operator == "or" || x.Operator == "||" {
		op = "or"
	}
	var parts []said
	for _, n := range s.flatten(x, op, func(*ast.BinaryNode) bool { return true }) {
		parts = append(parts, s.sentence(n))
	}
	// Runs of clauses about one card share it: "the card is red and even",
	// "the card is red and has the same suit as the last card". A verb
	// phrase that is a list itself is bracketed: "the card is an ace and
	// (a heart or a club)". (A relative clause, "… that is a face card",
	// ends a run: what follows could be read as part of it.)
	runs := grouped(parts, func(k, j int) bool {
		return parts[k].kind == "clause" && parts[k].subj != "" && parts[j].kind == "clause" && parts[j].subj == parts[k].subj &&
			!strings.Contains(parts[j-1].vp, " that ")
	}, func(run []said) said { return s.share(run, op) })
	if len(runs) == 1 {
		return runs[0]
	}
	texts := make([]string, len(runs))
	for i, p := range runs {
		texts[i] = s.bracket(p, op)
	}
	if op == "or" {
		return said{text: wEither + " " + strings.Join(texts, " "+wOr+" "), kind: "or"}
	}
	return said{text: strings.Join(texts, " "+wAnd+" "), kind: "and"}
}

// share says clauses about one card as one: "the card is red and even".
func (s *sayer) share(parts []said, op string) said {
	allIs := true
	for _, p := range parts {
		allIs = allIs && strings.HasPrefix(p.vp, "is ") && !strings.HasPrefix(p.vp, "is not ")
	}
	vps := make([]string, len(parts))
	for i, p := range parts {
		vp := p.vp
		if rest, ok := strings.CutPrefix(vp, "is "); ok && p.list {
			vp = "is (" + rest + ")"
		}
		if allIs {
			vp = strings.TrimPrefix(vp, "is ")
		}
		vps[i] = vp
	}
	vp := strings.Join(vps, " "+op+" ")
	if allIs {
		vp = "is " + vp
	}
	subj := parts[0].subj
	return said{text: s.g.say("c.subj", s.refSay(subj), vp), kind: op, subj: subj, vp: vp}
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
			ref := "last(" + f.String() + ")"
			s.named[ref] = s.g.say("ref.lastof", s.elementVP(f.Arguments[1]))
			return ref, true
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
