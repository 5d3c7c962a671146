package rulewords

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// The shapes of expressions the sayer has words for, each recognised in
// one place.

// flatten is a run of one connective ("and" or "or") as its parts:
// a and (b and c) is a, b, c. keep says whether a part of the same
// connective is taken apart (a range of ranks is kept whole by SayIn).
func (s *sayer) flatten(x ast.Node, op string, apart func(*ast.BinaryNode) bool) []ast.Node {
	var parts []ast.Node
	var flat func(n ast.Node)
	flat = func(n ast.Node) {
		n = s.resolve(n)
		if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == op || b.Operator == map[string]string{"and": "&&", "or": "||"}[op]) && apart(b) {
			flat(b.Left)
			flat(b.Right)
			return
		}
		parts = append(parts, n)
	}
	flat(x)
	return parts
}

// grouped is parts with each run that may share its card — parts k to j
// where joins(k, j) holds for every j of the run — said as one by share.
func grouped[T any](parts []T, joins func(k, j int) bool, share func([]T) T) []T {
	var out []T
	for k := 0; k < len(parts); {
		j := k + 1
		for j < len(parts) && joins(k, j) {
			j++
		}
		if j == k+1 {
			out = append(out, parts[k])
		} else {
			out = append(out, share(parts[k:j]))
		}
		k = j
	}
	return out
}

// step is a card's rank a fixed distance from another's: kind "within"
// (abs(a.rank - b.rank) <= k), "above" or "below" (a.rank == b.rank ± k)
// and "above.wrap" or "below.wrap" (a.rank == (b.rank + d) % 13 + 1, or
// b.rank % 13 + 1 for d = 0, counting round: k ranks up for d < 6, else
// 12 - d down).
type step struct {
	kind     string
	card, of string
	k        int
}

// stepOf recognises l op r as a step; op is == for all kinds but within
// (<=).
func (s *sayer) stepOf(op string, l, r ast.Node) (step, bool) {
	if call, ok := l.(*ast.BuiltinNode); ok && call.Name == "abs" && op == "<=" && len(call.Arguments) == 1 {
		if k, ok := intValue(r); ok && k >= 1 {
			if d, ok := s.resolve(call.Arguments[0]).(*ast.BinaryNode); ok && d.Operator == "-" {
				a, af, aok := s.memberOf(d.Left)
				b, bf, bok := s.memberOf(d.Right)
				if aok && bok && af == "rank" && bf == "rank" {
					return step{"within", a, b, k}, true
				}
			}
		}
	}
	lref, lfield, lok := s.memberOf(l)
	rb, ok := r.(*ast.BinaryNode)
	if !lok || lfield != "rank" || op != "==" || !ok {
		return step{}, false
	}
	// (ref.rank + d) % 13 + 1, or ref.rank % 13 + 1 for d = 0 (the reader's
	// form; the scientists' grammar writes "+ 0")
	if one, ok := intValue(rb.Right); ok && one == 1 && rb.Operator == "+" {
		if m, ok := s.resolve(rb.Left).(*ast.BinaryNode); ok && m.Operator == "%" {
			if t, ok := intValue(m.Right); ok && t == 13 {
				ref, f, d, ok := "", "", 0, false
				if sum, isSum := s.resolve(m.Left).(*ast.BinaryNode); isSum && sum.Operator == "+" {
					var ok2 bool
					ref, f, ok = s.memberOf(sum.Left)
					d, ok2 = intValue(sum.Right)
					ok = ok && ok2
				} else {
					ref, f, ok = s.memberOf(m.Left)
				}
				if ok && f == "rank" && d >= 0 && d <= 11 {
					if k := d + 1; k <= 6 {
						return step{"above.wrap", lref, ref, k}, true
					}
					return step{"below.wrap", lref, ref, 12 - d}, true
				}
			}
		}
	}
	if rb.Operator == "+" || rb.Operator == "-" {
		ref, f, ok := s.memberOf(rb.Left)
		k, ok2 := intValue(rb.Right)
		if ok && ok2 && f == "rank" && k > 0 {
			if rb.Operator == "-" {
				return step{"below", lref, ref, k}, true
			}
			return step{"above", lref, ref, k}, true
		}
	}
	return step{}, false
}

// members are the numbers of x in [list] (list) or x in a..b (lo, hi,
// isRange).
type members struct {
	list    []int
	lo, hi  int
	isRange bool
}

func membersOf(r ast.Node) (members, bool) {
	switch x := r.(type) {
	case *ast.ArrayNode:
		var m members
		for _, e := range x.Nodes {
			k, ok := intValue(e)
			if !ok {
				return members{}, false
			}
			m.list = append(m.list, k)
		}
		return m, true
	case *ast.BinaryNode:
		a, ok1 := intValue(x.Left)
		b, ok2 := intValue(x.Right)
		if x.Operator != ".." || !ok1 || !ok2 {
			return members{}, false
		}
		return members{lo: a, hi: b, isRange: true}, true
	}
	return members{}, false
}

// numberCall is a call that is a number: kind "distance" (abs(a - b)),
// "abs", "min" and "max" (their arguments), "n" (len(line)), "count"
// (a run of the main line and a predicate), "sumranks", "maxranks" and
// "minranks" (the run: its ranks' sum, the highest, the lowest), "balance"
// (a run and a predicate: its ranks added, those that fail it taken away).
type numberCall struct {
	kind string
	args []ast.Node
}

func (s *sayer) numberCallOf(x *ast.BuiltinNode) (numberCall, bool) {
	args := x.Arguments
	switch {
	case x.Name == "abs" && len(args) == 1:
		if d, ok := s.resolve(args[0]).(*ast.BinaryNode); ok && d.Operator == "-" {
			return numberCall{"distance", []ast.Node{d.Left, d.Right}}, true
		}
		return numberCall{"abs", args}, true
	case (x.Name == "min" || x.Name == "max") && len(args) == 2:
		return numberCall{x.Name, args}, true
	case x.Name == "len" && len(args) == 1 && isLine(s.resolve(args[0])):
		return numberCall{"n", nil}, true
	case x.Name == "len" && len(args) == 1:
		if f, ok := s.resolve(args[0]).(*ast.BuiltinNode); ok && f.Name == "filter" && len(f.Arguments) == 2 {
			return numberCall{"count", f.Arguments}, true
		}
	case x.Name == "count" && len(args) == 2:
		return numberCall{"count", args}, true
	case x.Name == "sum" && len(args) == 1 && s.isBalance(args[0]):
		m := s.resolve(args[0]).(*ast.BuiltinNode)
		return numberCall{"balance", []ast.Node{m.Arguments[0], s.resolve(m.Arguments[1]).(*ast.ConditionalNode).Cond}}, true
	case (x.Name == "sum" || x.Name == "max" || x.Name == "min") && len(args) == 1:
		if m, ok := s.resolve(args[0]).(*ast.BuiltinNode); ok && m.Name == "map" && len(m.Arguments) == 2 {
			if _, f, ok := s.memberOf(m.Arguments[1]); ok && f == "rank" {
				return numberCall{x.Name + "ranks", m.Arguments[:1]}, true
			}
		}
	}
	return numberCall{}, false
}

// isBalance reports whether n is map(run, test ? .rank : -.rank) (or
// 0 - .rank): the cards that pass the test add their rank, the others take
// it away.
func (s *sayer) isBalance(n ast.Node) bool {
	m, ok := s.resolve(n).(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return false
	}
	c, ok := s.resolve(m.Arguments[1]).(*ast.ConditionalNode)
	if !ok {
		return false
	}
	var taken ast.Node // -.rank, or 0 - .rank
	switch neg := s.resolve(c.Exp2).(type) {
	case *ast.UnaryNode:
		if neg.Operator == "-" {
			taken = neg.Node
		}
	case *ast.BinaryNode:
		if z, ok := intValue(neg.Left); ok && z == 0 && neg.Operator == "-" {
			taken = neg.Right
		}
	}
	// Each card's own rank, not the card judged's: ".rank", never "card.rank".
	elemRank := func(x ast.Node) bool {
		ref, f, ok := s.memberOf(x)
		return ok && ref == "#" && f == "rank"
	}
	return taken != nil && elemRank(c.Exp1) && elemRank(taken)
}

// suitsIn are the suits of a list of strings: ["hearts", "clubs"].
func suitsIn(n ast.Node) ([]string, bool) {
	arr, ok := n.(*ast.ArrayNode)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range arr.Nodes {
		str, ok := e.(*ast.StringNode)
		if !ok {
			return nil, false
		}
		out = append(out, str.Value)
	}
	return out, true
}

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

func (s *sayer) memberOf(n ast.Node) (string, string, bool) {
	m, ok := s.resolve(n).(*ast.MemberNode)
	if !ok {
		return "", "", false
	}
	return s.member(m)
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

// Say's numbers and quantifiers over the main line.

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

// average is the average rank of a run of the main line as a rule writes
// it — sum(map(line, .rank)) / n, or over the last w cards / min(n, w) —
// said as one noun (avgWords); w is 0 for the whole line.
func (s *sayer) average(x *ast.BinaryNode) (w int, ok bool) {
	if x.Operator != "/" {
		return 0, false
	}
	w, ok = s.sumOfRun(x.Left)
	return w, ok && s.isCount(x.Right, w)
}

// averageTimes is a comparison of a run's sum with m times its count —
// the average multiplied out, as people write "the average is above 7":
// sum(map(line, .rank)) > 7 * n.
func (s *sayer) averageTimes(l, r ast.Node) (w, m int, ok bool) {
	if w, ok = s.sumOfRun(l); !ok {
		return 0, 0, false
	}
	x, isMul := s.resolve(r).(*ast.BinaryNode)
	ok = isMul && x.Operator == "*" && either(x.Left, x.Right, func(k, count ast.Node) bool {
		var isK bool
		m, isK = intValue(s.resolve(k))
		return isK && s.isCount(count, w)
	})
	return w, m, ok
}

// sumOfRun is sum(map(run, .rank)) and the run's length (0: the whole
// line).
func (s *sayer) sumOfRun(n ast.Node) (w int, ok bool) {
	b, isCall := s.resolve(n).(*ast.BuiltinNode)
	if !isCall {
		return 0, false
	}
	if c, isNum := s.numberCallOf(b); isNum && c.kind == "sumranks" {
		return s.run(c.args[0])
	}
	return 0, false
}

// isCount reports whether n is the number of cards of the run: n (or
// len(line)) for the whole line, min(n, w) for the last w.
func (s *sayer) isCount(n ast.Node, w int) bool {
	isN := func(n ast.Node) bool {
		switch x := s.resolve(n).(type) {
		case *ast.IdentifierNode:
			return x.Value == "n"
		case *ast.BuiltinNode:
			c, ok := s.numberCallOf(x)
			return ok && c.kind == "n"
		}
		return false
	}
	if w == 0 {
		return isN(n)
	}
	b, ok := s.resolve(n).(*ast.BuiltinNode)
	return ok && b.Name == "min" && len(b.Arguments) == 2 && either(b.Arguments[0], b.Arguments[1], func(count, k ast.Node) bool {
		v, isK := intValue(s.resolve(k))
		return isK && v == w && isN(count)
	})
}

// avgWords is the average rank of the run in words.
func (s *sayer) avgWords(w int) string {
	if w == 0 {
		return s.t.say("avg.line")
	}
	return s.t.say("avg.last", "k", fmt.Sprint(w))
}

// either reports whether f holds of a and b in one order or the other.
func either(a, b ast.Node, f func(x, y ast.Node) bool) bool { return f(a, b) || f(b, a) }
