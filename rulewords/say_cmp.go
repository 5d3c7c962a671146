package rulewords

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// Say's comparisons, numbers and quantifiers.

var flipOp = map[string]string{"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}

// kindOf is the type of a part: "bool", "int", "string", "card" or "".
func (s *sayer) kindOf(n ast.Node) string {
	n = s.resolve(n)
	switch x := n.(type) {
	case *ast.BoolNode:
		return "bool"
	case *ast.IntegerNode:
		return "int"
	case *ast.StringNode:
		return "string"
	case *ast.NilNode:
		return "nil"
	case *ast.UnaryNode:
		if x.Operator == "-" {
			return "int"
		}
		return "bool"
	case *ast.IdentifierNode:
		if x.Value == "n" {
			return "int"
		}
		if _, ok := s.card(x); ok {
			return "card"
		}
	case *ast.MemberNode:
		if _, field, ok := s.member(x); ok {
			return map[string]string{"rank": "int", "suit": "string", "color": "string", "face": "bool", "even": "bool", "odd": "bool"}[field]
		}
		if _, ok := x.Node.(*ast.MapNode); ok {
			return "string"
		}
		if _, ok := s.card(x); ok {
			return "card"
		}
	case *ast.BinaryNode:
		switch x.Operator {
		case "+", "-", "*", "%", "/":
			return "int"
		}
		return "bool"
	case *ast.ConditionalNode:
		return s.kindOf(x.Exp1)
	case *ast.BuiltinNode:
		switch x.Name {
		case "all", "any", "none", "one":
			return "bool"
		case "count", "len", "sum", "abs", "min", "max":
			return "int"
		case "first", "last":
			return "card"
		}
	}
	return ""
}

// comparison says a comparison, or reports that it has no words for it.
func (s *sayer) comparison(x *ast.BinaryNode) (said, bool) {
	op := x.Operator
	l, r := s.resolve(x.Left), s.resolve(x.Right)
	if _, ok := flipOp[op]; !ok && op != "in" && op != "not in" {
		return said{}, false
	}
	lk, rk := s.kindOf(l), s.kindOf(r)
	switch {
	case op == "not in":
		w, ok := s.comparison(&ast.BinaryNode{Operator: "in", Left: l, Right: r})
		if !ok {
			return said{}, false
		}
		return s.negate(w), true
	case lk == "bool" && rk == "bool" && (op == "==" || op == "!="):
		if b, ok := r.(*ast.BoolNode); ok {
			w := s.sentence(l)
			if b.Value != (op == "==") {
				w = s.negate(w)
			}
			return w, true
		}
		a, b := s.sentence(l), s.sentence(r)
		if op == "!=" {
			b = s.negate(b)
		}
		return said{text: s.g.say("s.iff", s.bracket(a, "iff"), s.bracket(b, "iff")), kind: "iff"}, true
	case lk == "nil" || rk == "nil":
		if lk == "nil" {
			l = r
		}
		ref, ok := s.card(l)
		if !ok || (op != "==" && op != "!=") {
			return said{}, false
		}
		short := map[string]string{"prev2": "card before the last one", "prev3": "card three back"}[ref]
		switch {
		case op == "!=" && short != "":
			return clause(s.g.say("c.exists", "a "+short)), true
		case op == "!=":
			return clause(s.g.say("c.exists", s.refSay(ref))), true
		case short != "":
			return clause("there is no " + short), true
		}
		return clause(s.g.say("c.missing", s.refSay(ref))), true
	case lk == "string" || rk == "string":
		return s.stringComparison(op, l, r)
	case lk == "int" || rk == "int":
		return s.numberComparison(op, l, r)
	}
	return said{}, false
}

func (s *sayer) stringComparison(op string, l, r ast.Node) (said, bool) {
	if _, ok := l.(*ast.StringNode); ok {
		l, r = r, l
	}
	if op == "in" {
		ref, field, ok := s.memberOf(l)
		suits, isSuits := suitsIn(r)
		if !ok || !isSuits || field != "suit" {
			return said{}, false
		}
		var fs []string
		for _, suit := range suits {
			fs = append(fs, s.g.say("f.suit", suitWord(suit)))
		}
		w := s.vpClause(ref, s.g.say("vp.is", strings.Join(fs, " or ")))
		w.list = len(fs) > 1
		return w, true
	}
	if op != "==" && op != "!=" {
		return said{}, false
	}
	lref, lfield, lok := s.memberOf(l)
	if str, ok := r.(*ast.StringNode); ok && lok {
		var f string
		switch lfield {
		case "color":
			f = s.g.say("f.color", str.Value)
		case "suit":
			f = s.g.say("f.suit", suitWord(str.Value))
		}
		if f == "" || f == "a " {
			return said{}, false
		}
		w := s.vpClause(lref, s.g.say("vp.is", f))
		if op == "!=" {
			w = s.negate(w)
		}
		return w, true
	}
	rref, rfield, rok := s.memberOf(r)
	if lok && rok && lfield == rfield {
		if rref == "#" && lref != "#" {
			lref, rref = rref, lref
		}
		key := "vp.same"
		if op == "!=" {
			key = "vp.different"
		}
		return s.vpClause(lref, s.g.say(key, fieldSay(lfield), s.refSay(rref))), true
	}
	// a suit cycle: {"spades": "diamonds", …}[prev.suit] == card.suit
	for _, side := range [][2]ast.Node{{l, r}, {r, l}} {
		m, ok := side[0].(*ast.MemberNode)
		if !ok || op != "==" {
			continue
		}
		cyc, ok := suitCycle(m.Node)
		from, field, ok2 := s.memberOf(m.Property)
		to, tfield, ok3 := s.memberOf(side[1])
		if ok && ok2 && ok3 && field == "suit" && tfield == "suit" {
			return s.vpClause(to, s.g.say("vp.is", s.g.say("f.cycle", s.refSay(from), cycleSay(cyc)))), true
		}
		if pairs, ok := suitPairs(m.Node); ok && ok2 && ok3 && field == "suit" && tfield == "suit" {
			return s.vpClause(to, s.g.say("vp.is", s.g.say("f.suitmap", s.refSay(from), pairs))), true
		}
	}
	return said{}, false
}

func (s *sayer) memberOf(n ast.Node) (string, string, bool) {
	m, ok := s.resolve(n).(*ast.MemberNode)
	if !ok {
		return "", "", false
	}
	return s.member(m)
}

// suitWord is a suit's word for the feature "a heart" (its slot).
func suitWord(suit string) string {
	for _, v := range suitVocab {
		if v.suit == suit {
			return v.one[0]
		}
	}
	panic(sayError{fmt.Sprintf("the suit %q", suit)})
}

// suitCycle reads a map that sends each suit to the next of a cycle.
func suitCycle(n ast.Node) ([4]string, bool) {
	m, ok := n.(*ast.MapNode)
	if !ok || len(m.Pairs) != 4 {
		return [4]string{}, false
	}
	next := map[string]string{}
	for _, p := range m.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			return [4]string{}, false
		}
		k, ok1 := pair.Key.(*ast.StringNode)
		v, ok2 := pair.Value.(*ast.StringNode)
		if !ok1 || !ok2 {
			return [4]string{}, false
		}
		next[k.Value] = v.Value
	}
	var cyc [4]string
	cur := "spades"
	for i := range 4 {
		cyc[i] = cur
		cur = next[cur]
	}
	if cur != "spades" {
		return [4]string{}, false
	}
	seen := map[string]bool{}
	for _, c := range cyc {
		seen[c] = true
	}
	return cyc, len(seen) == 4 && seen["hearts"] && seen["clubs"] && seen["diamonds"]
}

// suitPairs says a map of every suit to a suit: "spades → clubs, clubs →
// spades, hearts → diamonds, diamonds → hearts".
func suitPairs(n ast.Node) (string, bool) {
	m, ok := n.(*ast.MapNode)
	if !ok || len(m.Pairs) != 4 {
		return "", false
	}
	var parts []string
	seen := map[string]bool{}
	for _, p := range m.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			return "", false
		}
		k, ok1 := pair.Key.(*ast.StringNode)
		v, ok2 := pair.Value.(*ast.StringNode)
		if !ok1 || !ok2 || !slices.Contains([]string{"spades", "hearts", "diamonds", "clubs"}, v.Value) {
			return "", false
		}
		seen[k.Value] = true
		parts = append(parts, k.Value+" → "+v.Value)
	}
	return strings.Join(parts, ", "), len(seen) == 4 && seen["spades"] && seen["hearts"] && seen["diamonds"] && seen["clubs"]
}

func cycleSay(cyc [4]string) string {
	return strings.Join(append(slices.Clone(cyc[:]), cyc[0]), " → ")
}

// threshold words of a rank compared with a number, by operator.
var rankKeys = map[string]string{">=": "f.rank>=", ">": "f.rank>", "<=": "f.rank<=", "<": "f.rank<"}
var relKeys = map[string]string{">": "f.higher", "<": "f.lower", ">=": "f.atleast", "<=": "f.atmost"}
var termKeys = map[string]string{"==": "t.eq", "!=": "t.ne", ">": "t.gt", "<": "t.lt", ">=": "t.ge", "<=": "t.le"}

// rankNoun is a rank as the subject of "or higher": "7", "a jack".
func rankNoun(k int) string {
	if k == 1 || k > 10 && k <= 13 {
		return aRank(k)
	}
	return fmt.Sprint(k)
}

func (s *sayer) numberComparison(op string, l, r ast.Node) (said, bool) {
	if op == "in" {
		return s.membership(l, r)
	}
	if _, ok := intValue(l); ok {
		l, r, op = r, l, flipOp[op]
	}
	lref, lfield, lok := s.memberOf(l)
	k, isK := intValue(r)
	if lok && lfield == "rank" && isK {
		switch op {
		case "==":
			return s.vpClause(lref, s.g.say("vp.is", s.g.say("f.rank==", aRank(k)))), true
		case "!=":
			return s.vpClause(lref, s.g.say("vp.isnot", s.g.say("f.rank==", aRank(k)))), true
		}
		return s.vpClause(lref, s.g.say("vp.is", s.g.say(rankKeys[op], rankNoun(k)))), true
	}
	rref, rfield, rok := s.memberOf(r)
	if lok && rok && lfield == "rank" && rfield == "rank" {
		if rref == "#" && lref != "#" {
			lref, rref, op = rref, lref, flipOp[op]
		}
		switch op {
		case "==":
			return s.vpClause(lref, s.g.say("vp.same", fieldSay("rank"), s.refSay(rref))), true
		case "!=":
			return s.vpClause(lref, s.g.say("vp.different", fieldSay("rank"), s.refSay(rref))), true
		}
		return s.vpClause(lref, s.g.say("vp.is", s.g.say(relKeys[op], s.refSay(rref)))), true
	}
	if w, ok := s.rankStep(op, l, r); ok {
		return w, true
	}
	// n % k == r: the card's place on the main line
	if b, ok := l.(*ast.BinaryNode); ok && b.Operator == "%" && isK && (op == "==" || op == "!=") {
		if id, ok := s.resolve(b.Left).(*ast.IdentifierNode); ok && id.Value == "n" {
			if m, ok := intValue(b.Right); ok && m >= 2 && m <= 12 && k >= 0 && k < m {
				w := s.vpClause("card", "is the "+placesSay(m, k)+" card of the main line")
				w.subj = ""
				w.text = s.g.say("c.pos", s.refSay("card"), placesSay(m, k))
				if op == "!=" {
					w = clause(strings.Replace(w.text, " is the ", " is not the ", 1))
				}
				return w, true
			}
		}
		if m, ok := intValue(b.Right); ok && (op == "==") {
			switch {
			case m == 2 && k == 0:
				return clause(s.g.say("t.even", s.term(b.Left))), true
			case m == 2 && k == 1:
				return clause(s.g.say("t.odd", s.term(b.Left))), true
			case k == 0:
				if ref, field, ok := s.memberOf(b.Left); ok && field == "rank" {
					return s.vpClause(ref, s.g.say("vp.is", s.g.say("f.multiple", fmt.Sprint(m)))), true
				}
				return clause(s.g.say("t.multiple", s.term(b.Left), s.term(b.Right))), true
			}
		}
	}
	return clause(s.g.say(termKeys[op], s.term(l), s.term(r))), true
}

// placesSay is the places of the cards with n % k == r: the card with n
// cards before it is the (n+1)-th, and the 1st is the starter, which no
// rule judges.
func placesSay(k, r int) string {
	p := r + 1
	if p < 2 {
		p += k
	}
	return fmt.Sprintf("%s, %s, %s …", Ordinal(p), Ordinal(p+k), Ordinal(p+2*k))
}

// rankStep says card.rank == (prev.rank + d) % 13 + 1 (k ranks up or down,
// counting round), card.rank == prev.rank ± k and abs(card.rank -
// prev.rank) <= k.
func (s *sayer) rankStep(op string, l, r ast.Node) (said, bool) {
	st, ok := s.stepOf(op, l, r)
	if !ok {
		return said{}, false
	}
	return s.vpClause(st.card, s.g.say("vp.is", s.g.say("f."+st.kind, stepsSay(st.k), s.refSay(st.of)))), true
}

// membership says x in [list] and x in a..b.
func (s *sayer) membership(l, r ast.Node) (said, bool) {
	ref, field, ok := s.memberOf(l)
	m, isM := membersOf(r)
	switch {
	case !isM:
		return said{}, false
	case m.isRange && ok && field == "rank":
		return s.vpClause(ref, s.g.say("vp.is", s.g.say("f.between", rankNoun(m.lo), rankNoun(m.hi)))), true
	case m.isRange:
		return clause(s.g.say("t.range", s.term(l), fmt.Sprint(m.lo), fmt.Sprint(m.hi))), true
	}
	ks := m.list
	if len(ks) == 0 {
		return clause(s.g.say("c.none")), true
	}
	if ok && field == "rank" && !slices.ContainsFunc(ks, func(k int) bool { return k < 1 || k > 13 }) {
		if len(ks) == 1 {
			return s.vpClause(ref, s.g.say("vp.is", s.g.say("f.rank==", aRank(ks[0])))), true
		}
		words := make([]string, len(ks))
		for i, k := range ks {
			words[i] = rankSay(k)
		}
		list := article(words[0])
		if len(words) > 2 {
			list += ", " + strings.Join(words[1:len(words)-1], ", ")
		}
		list += " or " + words[len(words)-1]
		w := s.vpClause(ref, s.g.say("vp.is", s.g.say("f.ranks", list)))
		w.list = true
		return w, true
	}
	nums := make([]string, len(ks))
	for i, k := range ks {
		nums[i] = fmt.Sprint(k)
	}
	if len(nums) == 1 {
		return clause(s.g.say("t.eq", s.term(l), nums[0])), true
	}
	list := strings.Join(nums[:len(nums)-1], ", ") + " or " + nums[len(nums)-1]
	return clause(s.g.say("t.in", s.term(l), list)), true
}
