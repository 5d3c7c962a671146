package rulewords

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// SayIn's comparisons, numbers and quantifiers over the main line. A
// negated comparison turns its operator ("not (a < b)" is "a >= b").

var negOp = map[string]string{"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

func (s *sayer) comparison(x *ast.BinaryNode, neg bool) (said, bool) {
	op := x.Operator
	l, r := s.resolve(x.Left), s.resolve(x.Right)
	if _, ok := flipOp[op]; !ok && op != "in" && op != "not in" {
		return said{}, false
	}
	lk, rk := s.kindOf(l), s.kindOf(r)
	switch {
	case op == "in" && s.isLastOfKind(r):
		return s.asLast(l, r.(*ast.BuiltinNode), neg)
	case op == "not in":
		return s.comparison(&ast.BinaryNode{Operator: "in", Left: l, Right: r}, !neg)
	case lk == "bool" && rk == "bool" && (op == "==" || op == "!="):
		if b, ok := r.(*ast.BoolNode); ok {
			return s.sentence(l, neg != (b.Value != (op == "=="))), true
		}
		a, b := s.sentence(l, false), s.sentence(r, (op == "!=") != neg)
		return said{text: s.t.say("iff", "a", operandOf(a, "iff"), "b", operandOf(b, "iff")), kind: "iff"}, true
	case lk == "nil" || rk == "nil":
		if lk == "nil" {
			l = r
		}
		ref, ok := s.card(l)
		name := map[string]string{"prev": "prev", "prev2": "prev2", "prev3": "prev3", "line[0]": "starter"}[ref]
		if !ok || name == "" || (op != "==" && op != "!=") {
			return said{}, false
		}
		if (op == "==") != neg {
			return clause(s.t.say("missing." + name)), true
		}
		return clause(s.t.say("exists." + name)), true
	case lk == "string" || rk == "string":
		return s.stringComparison(op, l, r, neg)
	case lk == "int" || rk == "int":
		return s.numberComparison(op, l, r, neg)
	}
	return said{}, false
}

// suitFeature is "de copas"; suitName is "copas".
func (s *sayer) suitFeature(suit string) string {
	if !slices.Contains([]string{"spades", "hearts", "diamonds", "clubs"}, suit) {
		panic(sayError{fmt.Sprintf("the suit %q", suit)})
	}
	return s.t.say(suit)
}

// suitMany is "de copas" said of several cards: "hearts" where English
// has it.
func (s *sayer) suitMany(suit string) string {
	if s.t.has(suit + ".many") {
		return s.t.say(suit + ".many")
	}
	return s.suitFeature(suit)
}

func (s *sayer) stringComparison(op string, l, r ast.Node, neg bool) (said, bool) {
	if _, ok := l.(*ast.StringNode); ok {
		l, r = r, l
	}
	if op == "in" {
		ref, field, ok := s.memberOf(l)
		suits, isSuits := suitsIn(r)
		if !ok || !isSuits || field != "suit" {
			return said{}, false
		}
		var fs, fms []string
		for _, suit := range suits {
			fs, fms = append(fs, s.suitFeature(suit)), append(fms, s.suitMany(suit))
		}
		return s.alternatives(ref, fs, fms, neg), true
	}
	if op != "==" && op != "!=" {
		return said{}, false
	}
	if op == "!=" {
		neg = !neg
	}
	lref, lfield, lok := s.memberOf(l)
	if str, ok := r.(*ast.StringNode); ok && lok {
		switch lfield {
		case "color":
			if str.Value != "red" && str.Value != "black" {
				return said{}, false
			}
			return s.clauseOf(lref, s.is(s.t.say(str.Value), s.t.say(str.Value+".many")), neg), true
		case "suit":
			return s.clauseOf(lref, s.is(s.suitFeature(str.Value), s.suitMany(str.Value)), neg), true
		}
		return said{}, false
	}
	rref, rfield, rok := s.memberOf(r)
	if lok && rok && lfield == rfield && (lfield == "color" || lfield == "suit") {
		if rref == "#" && lref != "#" {
			lref, rref = rref, lref
		}
		key := "same."
		if neg {
			key = "different."
		}
		ref := s.refSay(rref)
		return s.clauseOf(lref, s.vp(key+lfield, "ref", ref), false), true
	}
	// a suit cycle, or another map of every suit to a suit
	for _, side := range [][2]ast.Node{{l, r}, {r, l}} {
		m, ok := side[0].(*ast.MemberNode)
		if !ok {
			continue
		}
		from, field, ok2 := s.memberOf(m.Property)
		to, tfield, ok3 := s.memberOf(side[1])
		if !ok2 || !ok3 || field != "suit" || tfield != "suit" {
			continue
		}
		if cyc, ok := suitCycle(m.Node); ok {
			names := make([]string, 5)
			for i := range 5 {
				names[i] = s.t.say(cyc[i%4] + ".name")
			}
			f := s.t.say("cycle", "ref", s.refSay(from), "cycle", strings.Join(names, " → "))
			return s.clauseOf(to, s.is(f, ""), neg), true
		}
		if pairs, ok := suitPairs(m.Node); ok {
			for _, suit := range []string{"spades", "hearts", "diamonds", "clubs"} {
				pairs = strings.ReplaceAll(pairs, suit, s.t.say(suit+".name"))
			}
			f := s.t.say("suitmap", "ref", s.refSay(from), "pairs", pairs)
			return s.clauseOf(to, s.is(f, ""), neg), true
		}
	}
	return said{}, false
}

// alternatives is "a carta é um ás, um 3 ou um 5", negated "a carta não é
// nem um ás, nem um 3, nem um 5".
func (s *sayer) alternatives(ref string, xs, xmanys []string, neg bool) said {
	if neg {
		// "não é nem um ás, nem um 8"; "is neither an ace nor an 8"
		return s.clauseOf(ref, s.is(s.nor(xs), s.nor(xmanys)), !s.t.has("nor.first"))
	}
	v := s.is(s.or(xs), s.or(xmanys))
	v.list = len(xs) > 1
	return s.clauseOf(ref, v, false)
}

var relPhrase = map[string]string{">": "higher", "<": "lower", ">=": "atleast", "<=": "atmost"}
var rankPhrase = map[string]string{">=": "rank.ge", ">": "rank.gt", "<=": "rank.le", "<": "rank.lt"}
var termPhrase = map[string]string{"==": "t.eq", "!=": "t.ne", ">": "t.gt", "<": "t.lt", ">=": "t.ge", "<=": "t.le"}

// rankNoun is a rank as the noun of a threshold: "a jack" where the file
// has one ("a jack or higher"), else the number ("7 or higher").
func (s *sayer) rankNoun(k int) string {
	if key := fmt.Sprintf("noun.%d", k); s.t.has(key) {
		return s.t.say(key)
	}
	return fmt.Sprint(k)
}

func (s *sayer) rankWords(k int) string {
	if k < 1 || k > 13 {
		panic(sayError{fmt.Sprintf("the rank %d", k)})
	}
	return s.t.say(fmt.Sprintf("rank.%d", k))
}

func (s *sayer) numberComparison(op string, l, r ast.Node, neg bool) (said, bool) {
	if op == "in" {
		return s.membership(l, r, neg)
	}
	if _, ok := intValue(l); ok {
		l, r, op = r, l, flipOp[op]
	}
	if w, ok := s.rankStep(op, l, r, neg); ok {
		return w, true
	}
	k, isK := intValue(r)
	// n % m == k: the card's place on the main line; x % 2: parity;
	// x % m == 0: a multiple
	if b, ok := l.(*ast.BinaryNode); ok && b.Operator == "%" && isK && (op == "==" || op == "!=") {
		is := (op == "==") != neg
		m, mok := intValue(b.Right)
		if id, ok := s.resolve(b.Left).(*ast.IdentifierNode); ok && id.Value == "n" && mok && m >= 2 && m <= 12 && k >= 0 && k < m {
			w := s.clauseOf("card", vphrase{one: s.t.say("pos", "places", s.places(m, k))}, !is)
			w.subj = "" // not shared: "… carta da fila principal e …" would run on
			return w, true
		}
		if mok && m == 2 && (k == 0 || k == 1) {
			key := "t.even"
			if (k == 0) != is {
				key = "t.odd"
			}
			return clause(s.t.say(key, "a", s.term(b.Left))), true
		}
		if mok && k == 0 {
			if ref, field, ok := s.memberOf(b.Left); ok && field == "rank" {
				return s.clauseOf(ref, s.vp("rank.multiple", "k", fmt.Sprint(m)), !is), true
			}
			key := "t.multiple"
			if !is {
				key = "t.notmultiple"
			}
			return clause(s.t.say(key, "a", s.term(b.Left), "b", s.term(b.Right))), true
		}
	}
	if neg {
		op = negOp[op]
	}
	lref, lfield, lok := s.memberOf(l)
	if lok && lfield == "rank" && isK {
		switch op {
		case "==", "!=":
			return s.clauseOf(lref, s.is(s.rankWords(k), ""), op == "!="), true
		}
		return s.clauseOf(lref, s.vp(rankPhrase[op], "k", fmt.Sprint(k), "rank", s.rankNoun(k)), false), true
	}
	rref, rfield, rok := s.memberOf(r)
	if lok && rok && lfield == "rank" && rfield == "rank" {
		if rref == "#" && lref != "#" {
			lref, rref, op = rref, lref, flipOp[op]
		}
		key := relPhrase[op]
		switch op {
		case "==":
			key = "same.rank"
		case "!=":
			key = "different.rank"
		}
		return s.clauseOf(lref, s.vp(key, "ref", s.refSay(rref)), false), true
	}
	// "the average rank of the main line is above 7", however the rule
	// multiplies it out.
	if w, m, ok := s.averageTimes(l, r); ok {
		return clause(s.t.say(termPhrase[op], "a", s.avgWords(w), "b", fmt.Sprint(m))), true
	}
	if w, m, ok := s.averageTimes(r, l); ok {
		return clause(s.t.say(termPhrase[flipOp[op]], "a", s.avgWords(w), "b", fmt.Sprint(m))), true
	}
	return clause(s.t.say(termPhrase[op], "a", s.term(l), "b", s.term(r))), true
}

// places are the places of the cards with n % m == k: the card with n
// cards before it is the (n+1)-th, and the 1st is the starter.
func (s *sayer) places(m, k int) string {
	p := k + 1
	if p < 2 {
		p += m
	}
	ord := func(i int) string { return s.t.say("ordinal", "k", fmt.Sprint(i), "ord", Ordinal(i)) }
	return fmt.Sprintf("%s, %s, %s …", ord(p), ord(p+m), ord(p+2*m))
}

func (s *sayer) steps(k int) string {
	if k == 1 {
		return s.t.say("steps", "k", "1")
	}
	return s.t.say("steps.many", "k", fmt.Sprint(k))
}

// rankStep says a card k ranks above or below another (counting round or
// not) and abs(a.rank - b.rank) <= k.
func (s *sayer) rankStep(op string, l, r ast.Node, neg bool) (said, bool) {
	if op == "!=" {
		op, neg = "==", !neg
	}
	st, ok := s.stepOf(op, l, r)
	if !ok {
		return said{}, false
	}
	return s.clauseOf(st.card, vphrase{one: s.t.say(st.kind, "steps", s.steps(st.k), "ref", s.refSay(st.of))}, neg), true
}

// membership says x in [list] and x in a..b.
func (s *sayer) membership(l, r ast.Node, neg bool) (said, bool) {
	ref, field, isRank := s.memberOf(l)
	isRank = isRank && field == "rank"
	m, isM := membersOf(r)
	switch {
	case !isM:
		return said{}, false
	case m.isRange && isRank:
		return s.clauseOf(ref, s.vp("rank.between", "a", fmt.Sprint(m.lo), "b", fmt.Sprint(m.hi)), neg), true
	case m.isRange:
		w := clause(s.t.say("t.range", "a", s.term(l), "lo", fmt.Sprint(m.lo), "hi", fmt.Sprint(m.hi)))
		if neg {
			w = clause(s.t.say("not.clause", "a", w.text))
		}
		return w, true
	}
	ks := m.list
	if len(ks) == 0 {
		return s.sentence(&ast.BoolNode{Value: false}, neg), true
	}
	if isRank && !slices.ContainsFunc(ks, func(k int) bool { return k < 1 || k > 13 }) {
		words := make([]string, len(ks))
		for i, k := range ks {
			words[i] = s.rankWords(k)
		}
		return s.alternatives(ref, words, make([]string, len(ks)), neg), true
	}
	nums := make([]string, len(ks))
	for i, k := range ks {
		nums[i] = fmt.Sprint(k)
	}
	w := clause(s.t.say("t.in", "a", s.term(l), "list", strings.Join(nums, ", ")))
	if neg {
		w = clause(s.t.say("not.clause", "a", w.text))
	}
	return w, true
}

var arithPhrase = map[string]string{"+": "t.plus", "-": "t.minus", "*": "t.times", "%": "t.mod", "/": "t.div"}

// term is a number in words; a compound operand is bracketed.
func (s *sayer) term(n ast.Node) string {
	n = s.resolve(n)
	if k, ok := intValue(n); ok {
		return fmt.Sprint(k)
	}
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if x.Value == "n" {
			return s.t.say("t.n")
		}
	case *ast.MemberNode:
		if ref, field, ok := s.member(x); ok && field == "rank" {
			return s.t.say("t.rank", "ref", s.refSay(ref))
		}
	case *ast.BinaryNode:
		if w, ok := s.average(x); ok {
			return s.avgWords(w)
		}
		if key := arithPhrase[x.Operator]; key != "" {
			return s.t.say(key, "a", s.operand(x.Left), "b", s.operand(x.Right))
		}
	case *ast.UnaryNode:
		if x.Operator == "-" {
			return s.t.say("t.neg", "a", s.operand(x.Node))
		}
	case *ast.ConditionalNode:
		return s.t.say("t.if", "a", s.term(x.Exp1), "c", operandOf(s.sentence(x.Cond, false), "if"), "b", s.term(x.Exp2))
	case *ast.BuiltinNode:
		if x.Name == "int" && len(x.Arguments) == 1 {
			return s.t.say("t.whole", "a", s.operand(x.Arguments[0]))
		}
		if c, ok := s.numberCallOf(x); ok {
			switch c.kind {
			case "distance", "min", "max":
				return s.t.say("t."+c.kind, "a", s.operand(c.args[0]), "b", s.operand(c.args[1]))
			case "abs":
				return s.t.say("t.abs", "a", s.operand(c.args[0]))
			case "n":
				return s.t.say("t.n")
			case "count":
				return s.ofKind("count", c.args[0], c.args[1])
			case "balance":
				return s.ofKind("balance", c.args[0], c.args[1])
			case "sumranks", "maxranks", "minranks":
				kind, k := s.coll(c.args[0])
				return s.t.say(strings.TrimSuffix(c.kind, "ranks")+"."+kind, "k", k)
			}
		}
	}
	cannot(n)
	return ""
}

// operand is a term as a part of another: bracketed when compound, or
// when its words hold the language's "and" ("a diferença entre (o menor
// entre A e B) e C").
func (s *sayer) operand(n ast.Node) string {
	t := s.term(n)
	compound := false
	switch x := s.resolve(n).(type) {
	case *ast.BinaryNode:
		compound = arithPhrase[x.Operator] != ""
	case *ast.BuiltinNode:
		compound = x.Name == "abs" || x.Name == "min" || x.Name == "max"
	}
	if (compound || slices.Contains(strings.Fields(t), s.t.say("and"))) && !WholeParen(t) {
		return "(" + t + ")"
	}
	return t
}

// coll is a run of the main line a quantifier ranges over: ("line", "")
// or ("last", k).
func (s *sayer) coll(n ast.Node) (kind, k string) {
	count, ok := s.run(n)
	switch {
	case !ok:
		cannot(n)
	case count == 0:
		return "line", ""
	}
	return "last", fmt.Sprint(count)
}

// elementVP is what a quantifier says of each card of the main line.
func (s *sayer) elementVP(n ast.Node, neg bool) vphrase {
	w := s.sentence(n, neg)
	if w.subj == "#" && w.vp.one != "" {
		return w.vp
	}
	panic(sayError{fmt.Sprintf("%q about each card of the main line", n.String())})
}

// ofKind is a number of a run and the cards of it that pass a test, by
// the phrase key: "count" ("o número de cartas da fila principal que são
// vermelhas"), "balance" ("o saldo da fila principal (os valores das cartas
// que são pretas somados, …)").
func (s *sayer) ofKind(key string, coll, pred ast.Node) string {
	kind, k := s.coll(coll)
	v := s.elementVP(pred, false)
	if v.many == "" {
		panic(sayError{fmt.Sprintf("%q said of several cards", pred.String())})
	}
	return s.t.say(key+"."+kind, "k", k, "vp", v.many)
}

// quantifier says all, any, none and one over the main line; negated,
// all is some-not, some is none and none is some.
func (s *sayer) quantifier(x *ast.BuiltinNode, neg bool) (said, bool) {
	name := x.Name
	if !slices.Contains([]string{"all", "any", "none", "one"}, name) || len(x.Arguments) != 2 {
		return said{}, false
	}
	if w, ok := s.freeAsLast(x, neg); ok {
		return w, true
	}
	kind, k := s.coll(x.Arguments[0])
	elemNeg := false
	if neg {
		switch name {
		case "all":
			name, elemNeg = "any", true
		case "any":
			name = "none"
		case "none":
			name = "any"
		case "one":
			w, _ := s.quantifier(x, false)
			return clause(s.t.say("not.clause", "a", w.text)), true
		}
	}
	v := s.elementVP(x.Arguments[1], elemNeg)
	return clause(s.t.say(name+"."+kind, "k", k, "vp", v.one)), true
}

// isLastOfKind reports whether n is the attribute of the main line's last
// card that passes a test, in a list of one card or none:
// map(filter(line, test)[-1:], .field) (the grammar's as-last).
func (s *sayer) isLastOfKind(n ast.Node) bool {
	m, ok := n.(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return false
	}
	if _, ok := s.lastOfFilter(m.Arguments[0]); !ok {
		return false
	}
	_, ok = s.mappedField(m)
	return ok
}

// lastOfFilter is the filter of filter(line, test)[-1:]: the main line's
// last card that passes a test, in a list of one card or none.
func (s *sayer) lastOfFilter(n ast.Node) (*ast.BuiltinNode, bool) {
	sl, ok := s.resolve(n).(*ast.SliceNode)
	if !ok || sl.To != nil || sl.From == nil {
		return nil, false
	}
	if k, ok := intValue(sl.From); !ok || k != -1 {
		return nil, false
	}
	f, ok := s.resolve(sl.Node).(*ast.BuiltinNode)
	if !ok || f.Name != "filter" || len(f.Arguments) != 2 || !isLine(s.resolve(f.Arguments[0])) {
		return nil, false
	}
	return f, true
}

// freeAsLast says all(filter(line, test)[-1:], .field == x) as what it
// means (the grammar's as-last, free until the first): no card of the main
// line passes the test, or the last that does has the same field as x.
func (s *sayer) freeAsLast(x *ast.BuiltinNode, neg bool) (said, bool) {
	if x.Name != "all" {
		return said{}, false
	}
	f, ok := s.lastOfFilter(x.Arguments[0])
	if !ok {
		return said{}, false
	}
	eq, ok := s.resolve(x.Arguments[1]).(*ast.BinaryNode)
	if !ok || eq.Operator != "==" {
		return said{}, false
	}
	ref, field, ok := s.memberOf(eq.Left)
	if !ok || ref != "#" {
		return said{}, false
	}
	if r, other, ok := s.memberOf(eq.Right); !ok || r == "#" || other != field {
		return said{}, false
	}
	last := &ast.MemberNode{Node: &ast.BuiltinNode{Name: "last", Arguments: []ast.Node{f}}, Property: &ast.StringNode{Value: field}}
	none := &ast.BuiltinNode{Name: "none", Arguments: f.Arguments}
	return s.sentence(&ast.BinaryNode{Operator: "or", Left: none, Right: &ast.BinaryNode{Operator: "==", Left: last, Right: eq.Right}}, neg), true
}

// mappedField is the field a map over cards takes (.suit: "suit").
func (s *sayer) mappedField(m *ast.BuiltinNode) (string, bool) {
	x, ok := s.resolve(m.Arguments[1]).(*ast.MemberNode)
	if !ok {
		return "", false
	}
	ref, field, ok := s.member(x)
	return field, ok && ref == "#"
}

// asLast says "x in map(filter(line, test)[-1:], .field)" as what it
// means: some card of the main line passes the test, and the last that does
// has the same field as x.
func (s *sayer) asLast(l ast.Node, m *ast.BuiltinNode, neg bool) (said, bool) {
	field, _ := s.mappedField(m)
	if _, lfield, ok := s.memberOf(l); !ok || lfield != field {
		return said{}, false
	}
	f, _ := s.lastOfFilter(m.Arguments[0])
	last := &ast.MemberNode{Node: &ast.BuiltinNode{Name: "last", Arguments: []ast.Node{f}}, Property: &ast.StringNode{Value: field}}
	some := &ast.BuiltinNode{Name: "any", Arguments: f.Arguments}
	return s.sentence(&ast.BinaryNode{Operator: "and", Left: some, Right: &ast.BinaryNode{Operator: "==", Left: last, Right: l}}, neg), true
}
