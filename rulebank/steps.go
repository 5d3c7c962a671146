package rulebank

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// The step analysis bounds, from a compiled expression's syntax tree, the
// steps one judgement can take (MaxSteps): each loop of a predicate builtin
// takes its body's steps once per element of the longest collection it can run
// over.

// value is what the step analysis knows of an expression's value: an upper
// bound on its length when it is a collection or a string (0 for a scalar)
// and on the length of its elements; for an integer, with ints, its range
// lo..hi (n, a rank, a constant, and sums and products of them).
type value struct {
	size, elem int
	ints       bool
	lo, hi     int
	// For an integer near n (n − 4, max(0, n − 4)): it is at least n + nlo
	// (with hasNlo) and at most n + nhi (with hasNhi), so that
	// line[n − 4:] is known to hold at most 4 cards.
	hasNlo, hasNhi bool
	nlo, nhi       int
}

// interval is an integer known to lie in lo..hi.
func interval(lo, hi int) value { return value{ints: true, lo: lo, hi: hi} }

// lineLength is n, len(line), for a main line of at most max cards.
func lineLength(max int) value {
	return value{ints: true, lo: 0, hi: max, hasNlo: true, hasNhi: true}
}

// isLine reports whether node is the main line itself.
func isLine(node ast.Node) bool {
	switch n := node.(type) {
	case *ast.IdentifierNode:
		return n.Value == "line"
	case *ast.MemberNode:
		id, ok1 := n.Node.(*ast.IdentifierNode)
		p, ok2 := n.Property.(*ast.StringNode)
		return ok1 && ok2 && id.Value == "$env" && p.Value == "line"
	}
	return false
}

// join is what is known of a value that is a or b.
func join(a, b value) value {
	v := value{size: max(a.size, b.size), elem: max(a.elem, b.elem)}
	if a.ints && b.ints {
		v.ints, v.lo, v.hi = true, min(a.lo, b.lo), max(a.hi, b.hi)
	}
	return v
}

// unknown is a collection the analysis cannot bound better: anything built
// at run time is within the memory budget.
var unknown = value{size: MemoryBudget, elem: MemoryBudget}

// stepBound bounds the steps one judgement of the compiled expression takes
// after a main line of at most line cards.
func stepBound(node ast.Node, line int) int {
	c := &stepper{line: line, vars: map[string]value{}}
	steps, _ := c.steps(node)
	return steps
}

type stepper struct {
	line     int // the longest main line
	vars     map[string]value
	pointers []value // the element of each enclosing predicate's collection
}

// add and mul saturate at a bound far above MaxSteps.
func add(a, b int) int { return min(a+b, 1<<40) }
func mul(a, b int) int {
	if a != 0 && b > (1<<40)/a {
		return 1 << 40
	}
	return a * b
}

// predicates are expr's builtins that run a closure over a collection.
var predicates = map[string]bool{"all": true, "none": true, "any": true, "one": true, "filter": true, "map": true,
	"find": true, "findIndex": true, "findLast": true, "findLastIndex": true, "count": true, "sum": true,
	"groupBy": true, "sortBy": true, "reduce": true}

func (c *stepper) steps(node ast.Node) (int, value) {
	switch n := node.(type) {
	case nil:
		return 0, value{}
	case *ast.IntegerNode:
		return 1, interval(n.Value, n.Value)
	case *ast.NilNode, *ast.FloatNode, *ast.BoolNode:
		return 1, value{}
	case *ast.StringNode:
		return 1, value{size: len(n.Value)}
	case *ast.BytesNode:
		return 1, value{size: len(n.Value)}
	case *ast.ConstantNode:
		if v := reflect.ValueOf(n.Value); v.IsValid() && (v.Kind() == reflect.Slice || v.Kind() == reflect.Map || v.Kind() == reflect.String) {
			return 1, value{size: v.Len(), elem: constElem(v)}
		}
		return 1, value{}
	case *ast.IdentifierNode:
		switch n.Value {
		case "line":
			return 1, value{size: c.line}
		case "$env":
			return 1, value{size: 8, elem: c.line}
		case "n":
			return 1, lineLength(c.line)
		}
		if v, ok := c.vars[n.Value]; ok {
			return 1, v
		}
		return 1, value{}
	case *ast.PointerNode:
		if len(c.pointers) == 0 {
			return 1, unknown
		}
		p := c.pointers[len(c.pointers)-1]
		if n.Name == "acc" {
			return 1, unknown // reduce's accumulator may grow
		}
		return 1, value{size: p.elem, elem: MemoryBudget}
	case *ast.UnaryNode:
		s, v := c.steps(n.Node)
		if n.Operator == "-" && v.ints {
			return add(s, 1), interval(-v.hi, -v.lo)
		}
		return add(s, 1), value{}
	case *ast.ChainNode:
		return c.steps(n.Node)
	case *ast.MemberNode:
		s1, v := c.steps(n.Node)
		s2, _ := c.steps(n.Property)
		if id, ok := n.Node.(*ast.IdentifierNode); ok && id.Value == "$env" {
			if p, ok := n.Property.(*ast.StringNode); ok && p.Value == "line" {
				return add(s1, s2), value{size: c.line}
			}
		}
		if _, field := n.Property.(*ast.StringNode); field && v.size == 0 {
			return add(add(s1, s2), 1), interval(0, 13) // a field of a card: the rank is 1..13
		}
		return add(add(s1, s2), 1), value{size: v.elem, elem: MemoryBudget}
	case *ast.SliceNode:
		s, v := c.steps(n.Node)
		s1, from := c.steps(n.From)
		s2, to := c.steps(n.To)
		if n.From == nil {
			from = interval(0, 0)
		}
		if n.To == nil && isLine(n.Node) {
			to = lineLength(c.line)
		}
		switch {
		case from.hasNlo && to.hasNhi:
			v.size = min(v.size, max(0, to.nhi-from.nlo))
		case n.To == nil && from.ints && from.hi < 0: // line[-4:]
			v.size = min(v.size, -from.lo)
		case from.ints && to.ints && !to.hasNhi:
			v.size = min(v.size, max(0, to.hi-max(0, from.lo)))
		}
		return add(add(s, add(s1, s2)), v.size), v
	case *ast.BinaryNode:
		return c.binary(n)
	case *ast.ConditionalNode:
		s0, _ := c.steps(n.Cond)
		s1, v1 := c.steps(n.Exp1)
		s2, v2 := c.steps(n.Exp2)
		return add(s0, max(s1, s2)), join(v1, v2)
	case *ast.VariableDeclaratorNode:
		s1, v := c.steps(n.Value)
		old, had := c.vars[n.Name]
		c.vars[n.Name] = v
		s2, r := c.steps(n.Expr)
		if had {
			c.vars[n.Name] = old
		} else {
			delete(c.vars, n.Name)
		}
		return add(s1, s2), r
	case *ast.SequenceNode:
		steps, v := 0, value{}
		for _, x := range n.Nodes {
			var s int
			s, v = c.steps(x)
			steps = add(steps, s)
		}
		return steps, v
	case *ast.ArrayNode:
		steps, elem := len(n.Nodes), 0
		for _, x := range n.Nodes {
			s, v := c.steps(x)
			steps, elem = add(steps, s), max(elem, v.size)
		}
		return steps, value{size: len(n.Nodes), elem: elem}
	case *ast.MapNode:
		// A map's element is one of its values: a table of numbers
		// ({"clubs": 1, …}[card.suit]) holds nothing to loop over.
		steps, elem := len(n.Pairs), 0
		for _, x := range n.Pairs {
			s, v := c.steps(x)
			steps, elem = add(steps, s), max(elem, v.size)
		}
		return steps, value{size: len(n.Pairs), elem: elem}
	case *ast.PairNode: // a map's key and value: what is known of the value
		s1, _ := c.steps(n.Key)
		s2, v := c.steps(n.Value)
		return add(s1, s2), v
	case *ast.CallNode:
		steps := 1
		for _, x := range n.Arguments {
			s, v := c.steps(x)
			steps = add(steps, add(s, v.size))
		}
		return steps, unknown
	case *ast.BuiltinNode:
		return c.builtin(n)
	case *ast.PredicateNode:
		return c.steps(n.Node)
	}
	return 1 << 40, unknown // a node this analysis does not know: refused
}

func (c *stepper) binary(n *ast.BinaryNode) (int, value) {
	s1, l := c.steps(n.Left)
	s2, r := c.steps(n.Right)
	steps := add(add(s1, s2), 1)
	switch n.Operator {
	case "..":
		size := MemoryBudget
		if l.ints && r.ints {
			size = max(0, r.hi-l.lo+1)
		}
		return add(steps, size), value{size: size}
	case "+", "-", "*", "%":
		if l.ints && r.ints {
			v := arith(n.Operator, l, r)
			near := func(x, k value, sign int) { // x near n, k a plain integer
				if k.hasNlo || k.hasNhi || n.Operator == "*" || n.Operator == "%" {
					return
				}
				lo, hi := k.lo, k.hi
				if sign < 0 {
					lo, hi = -k.hi, -k.lo
				}
				v.hasNlo, v.nlo, v.hasNhi, v.nhi = x.hasNlo, x.nlo+lo, x.hasNhi, x.nhi+hi
			}
			switch {
			case l.hasNlo || l.hasNhi:
				sign := 1
				if n.Operator == "-" {
					sign = -1
				}
				near(l, r, sign)
			case (r.hasNlo || r.hasNhi) && n.Operator == "+":
				near(r, l, 1)
			}
			return steps, v
		}
		if n.Operator == "+" && !number(n.Left) && !number(n.Right) { // strings or arrays joined (a number added to anything else is an error, not a join)
			return add(steps, add(l.size, r.size)), value{size: add(l.size, r.size), elem: max(l.elem, r.elem)}
		}
	case "in", "not in", "contains", "startsWith", "endsWith", "matches":
		return add(steps, add(l.size, r.size)), value{}
	case "??":
		return steps, join(l, r)
	}
	return steps, value{}
}

// number reports whether the type checker knows node to be a number: the
// analysis's own ints cannot say (it bounds every field of a card as a
// rank, card.suit too).
func number(node ast.Node) bool {
	if t := node.Type(); t != nil {
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
			reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			return true
		}
	}
	return false
}

// arith bounds the integer result of l op r; the bounds saturate far
// beyond any range the memory budget allows.
func arith(op string, l, r value) value {
	clamp := func(x int) int { return max(-1<<40, min(x, 1<<40)) }
	switch op {
	case "+":
		return interval(clamp(l.lo+r.lo), clamp(l.hi+r.hi))
	case "-":
		return interval(clamp(l.lo-r.hi), clamp(l.hi-r.lo))
	case "*":
		var ps []int
		for _, a := range []int{l.lo, l.hi} {
			for _, b := range []int{r.lo, r.hi} {
				ps = append(ps, clamp(mulSigned(a, b)))
			}
		}
		return interval(min(ps[0], ps[1], ps[2], ps[3]), max(ps[0], ps[1], ps[2], ps[3]))
	case "%":
		m := max(abs(r.lo), abs(r.hi))
		return interval(-m, m)
	}
	return value{}
}

func abs(x int) int { return max(x, -x) }

func mulSigned(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if abs(a) > (1<<40)/abs(b) {
		if (a < 0) != (b < 0) {
			return -1 << 40
		}
		return 1 << 40
	}
	return a * b
}

func (c *stepper) builtin(n *ast.BuiltinNode) (int, value) {
	if predicates[n.Name] && len(n.Arguments) >= 2 {
		s0, coll := c.steps(n.Arguments[0])
		c.pointers = append(c.pointers, coll)
		body, bv := c.steps(n.Arguments[1])
		mapped, mv := c.steps(n.Map)
		c.pointers = c.pointers[:len(c.pointers)-1]
		steps := 0
		for _, x := range n.Arguments[2:] { // reduce's initial value
			s, _ := c.steps(x)
			steps = add(steps, s)
		}
		per := add(add(body, mapped), 1)
		if n.Name == "reduce" {
			per = add(per, coll.size) // the accumulator may grow each turn
		}
		steps = add(steps, add(s0, mul(coll.size, per)))
		switch n.Name {
		case "filter", "sortBy", "groupBy":
			if n.Map != nil {
				return steps, value{size: coll.size, elem: mv.size}
			}
			return steps, value{size: coll.size, elem: coll.elem}
		case "map":
			return steps, value{size: coll.size, elem: bv.size}
		case "find", "findLast":
			return steps, value{size: coll.elem, elem: MemoryBudget}
		case "reduce":
			return steps, unknown
		}
		return steps, value{}
	}
	steps, first, total := 1, value{}, 0
	for i, x := range n.Arguments {
		s, v := c.steps(x)
		steps, total = add(steps, s), add(total, v.size)
		if i == 0 {
			first = v
		}
	}
	switch n.Name {
	case "len":
		if len(n.Arguments) == 1 && isLine(n.Arguments[0]) {
			return steps, lineLength(c.line)
		}
		return steps, interval(0, first.size)
	case "max", "min":
		return steps, extreme(n.Name, c, n.Arguments)
	case "type", "get", "first", "last":
	default:
		steps = add(steps, total) // a pass over the arguments
	}
	switch n.Name {
	case "abs", "ceil", "floor", "round", "int", "float", "type", "mean", "median",
		"indexOf", "lastIndexOf", "hasPrefix", "hasSuffix", "sum",
		"bitand", "bitor", "bitxor", "bitnand", "bitnot", "bitshl", "bitshr", "bitushr":
		return steps, value{} // a number: nothing to loop over
	case "split", "splitAfter": // at most a piece per character (and one), each no longer than the string
		// (A card's field reads as a number here: its words, "diamonds"
		// the longest, are bounded by cardWords.)
		size := max(first.size, cardWords)
		return add(steps, size), value{size: size + 1, elem: size}
	case "sort", "reverse", "uniq", "take", "keys", "values", "toPairs", "fromPairs":
		return steps, first
	case "first", "last", "get":
		return steps, value{size: first.elem, elem: MemoryBudget}
	case "repeat": // a string as long as the first times the count
		if len(n.Arguments) == 2 {
			if _, k := c.steps(n.Arguments[1]); k.ints {
				size := mul(max(first.size, 1), max(0, k.hi))
				return add(steps, size), value{size: size}
			}
		}
		return add(steps, MemoryBudget), unknown
	case "concat":
		return steps, value{size: total, elem: MemoryBudget}
	case "trim", "trimPrefix", "trimSuffix", "upper", "lower", "string":
		return steps, value{size: first.size}
	}
	return steps, unknown
}

// cardWords bounds the length of a card's words (its suit, "diamonds",
// and its colour).
const cardWords = 8

// extreme bounds max(a, b, …) or min(a, b, …) of integers: max is at least
// each argument, min at most each.
func extreme(name string, c *stepper, args []ast.Node) value {
	var out value
	for i, x := range args {
		_, v := c.steps(x)
		if !v.ints {
			return value{}
		}
		if i == 0 {
			out = v
			continue
		}
		if name == "max" {
			out.lo, out.hi = max(out.lo, v.lo), max(out.hi, v.hi)
			if v.hasNlo && (!out.hasNlo || v.nlo > out.nlo) {
				out.hasNlo, out.nlo = true, v.nlo
			}
			out.hasNhi = out.hasNhi && v.hasNhi
			out.nhi = max(out.nhi, v.nhi)
		} else {
			out.lo, out.hi = min(out.lo, v.lo), min(out.hi, v.hi)
			if v.hasNhi && (!out.hasNhi || v.nhi < out.nhi) {
				out.hasNhi, out.nhi = true, v.nhi
			}
			out.hasNlo = out.hasNlo && v.hasNlo
			out.nlo = min(out.nlo, v.nlo)
		}
	}
	return out
}

// constElem is the size of a folded constant's elements: none for a list
// of numbers or truths (an inline table of points, "[0, 4, 0, …][card.rank]")
// or a map to them ({"clubs": 1, …}[card.suit]), the longest for a list of
// strings (the names of the ranks, whose letters a rule may loop over), the
// budget for anything else that could be looped over.
func constElem(v reflect.Value) int {
	var elems []reflect.Value
	switch v.Kind() {
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			elems = append(elems, it.Value())
		}
	case reflect.Slice:
		for i := range v.Len() {
			elems = append(elems, v.Index(i))
		}
	default:
		return MemoryBudget
	}
	longest := 0
	for _, e := range elems {
		if e.Kind() == reflect.Interface {
			e = e.Elem()
		}
		switch {
		case !e.IsValid() || scalar(e.Kind()):
		case e.Kind() == reflect.String:
			longest = max(longest, e.Len())
		default:
			return MemoryBudget
		}
	}
	return longest
}

func scalar(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
