package design

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// Mutation is a rule made from others: its expression, the operator that
// made it and what the operator changed.
type Mutation struct {
	Expr string
	// Op is the operator: attribute, comparison, connective, constant,
	// suit-cycle or negate (Mutate); and, or, if-prev or if-position
	// (Combine).
	Op   string
	What string
}

// The card attributes of the rule language (docs/rule-language.md), by the
// type of their values: a mutation swaps an attribute for one of its kind.
var (
	boolAttrs = []string{"face", "even", "odd"}
	textAttrs = []string{"color", "suit"}
	suitNames = []string{"spades", "hearts", "diamonds", "clubs"}
	colors    = []string{"red", "black"}
	cardNames = []string{"card", "prev", "prev2", "prev3"}
	// equalities compare any values; orders numbers only.
	equalities = []string{"==", "!="}
	orders     = []string{"==", "!=", "<", "<=", ">", ">="}
)

// valuesOf are the values of a text attribute.
func valuesOf(attr string) []string {
	if attr == "suit" {
		return suitNames
	}
	return colors
}

// edit is one change an operator can make at one place of a syntax tree;
// apply makes it in place.
type edit struct {
	op, what string
	apply    func()
}

// Mutate lists every single mutation of a rule, in a fixed order, each a
// different expression from the rule's own: an attribute swapped for
// another of its kind (face, even, odd; colour and suit, with a constant of
// the new attribute), a comparison for another (== and != everywhere, the
// orders where numbers are compared), and for or, an integer constant
// moved by up to 2, a text constant for another value of its attribute, a
// rank set with one rank more or less, a map from suits to suits for any
// other permutation of the suits (the suit cycles among them), and the
// whole rule negated. Mutations are made on expr's syntax tree and printed
// from it, so each is an expression of the rule language; whether it makes
// a good rule is for the checks (Checker) to say.
func Mutate(expr string) ([]Mutation, error) {
	tree, err := parser.Parse(expr)
	if err != nil {
		return nil, err
	}
	own := tree.Node.String()
	n := len(edits(&tree.Node))
	var out []Mutation
	seen := map[string]bool{own: true}
	add := func(m Mutation) {
		if _, err := parser.Parse(m.Expr); err == nil && !seen[m.Expr] {
			seen[m.Expr] = true
			out = append(out, m)
		}
	}
	for i := range n {
		// Each edit on a fresh tree: edits change the tree in place.
		t, _ := parser.Parse(expr)
		es := edits(&t.Node)
		es[i].apply()
		add(Mutation{Expr: t.Node.String(), Op: es[i].op, What: es[i].what})
	}
	add(Mutation{Expr: canonical("not (" + own + ")"), Op: "negate", What: "the whole rule negated"})
	return out, nil
}

// canonical prints an expression as expr's printer does (no parentheses
// it does not need), or returns it as it is when it does not parse or
// when the printer's text would not parse again (`not let …`).
func canonical(expr string) string {
	t, err := parser.Parse(expr)
	if err != nil {
		return expr
	}
	s := t.Node.String()
	if _, err := parser.Parse(s); err != nil {
		return expr
	}
	return s
}

// edits lists the edits every operator can make on the tree, in the order
// of a post-order walk.
func edits(root *ast.Node) []edit {
	c := &collector{fixed: map[ast.Node]bool{}, divisors: map[ast.Node]bool{}}
	ast.Walk(root, roles{c})
	ast.Walk(root, c)
	return c.out
}

// roles marks the nodes whose role limits their mutations: the names of
// member accesses (the "color" of card.color), the keys of maps and the
// elements of lists are not constants to change one by one; a divisor
// never becomes 0.
type roles struct{ c *collector }

func (r roles) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.MemberNode:
		r.c.fixed[x.Property] = true
	case *ast.PairNode:
		r.c.fixed[x.Key] = true
	case *ast.BinaryNode:
		if x.Operator == "%" || x.Operator == "/" {
			r.c.divisors[x.Right] = true
		}
	case *ast.ArrayNode:
		for _, e := range x.Nodes {
			r.c.fixed[e] = true // a set changes by whole elements (rankSet)
		}
	}
}

type collector struct {
	fixed, divisors map[ast.Node]bool
	out             []edit
}

func (c *collector) add(op, what string, apply func()) {
	c.out = append(c.out, edit{op: op, what: what, apply: apply})
}

// cardField returns the card and the attribute of an access such as
// prev.suit.
func cardField(n ast.Node) (owner string, field *ast.StringNode, ok bool) {
	m, isMember := n.(*ast.MemberNode)
	if !isMember {
		return "", nil, false
	}
	id, isID := m.Node.(*ast.IdentifierNode)
	s, isStr := m.Property.(*ast.StringNode)
	if !isID || !isStr || !slices.Contains(cardNames, id.Value) {
		return "", nil, false
	}
	return id.Value, s, true
}

func (c *collector) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.MemberNode:
		owner, f, ok := cardField(x)
		if ok && slices.Contains(boolAttrs, f.Value) {
			for _, a := range boolAttrs {
				if a != f.Value {
					old := f.Value
					c.add("attribute", fmt.Sprintf("%s.%s → %s.%s", owner, old, owner, a), func() { f.Value = a })
				}
			}
		}
	case *ast.BinaryNode:
		c.binary(x)
	case *ast.IntegerNode:
		if c.fixed[x] {
			return
		}
		for d := -2; d <= 2; d++ {
			v := x.Value + d
			if d != 0 && v >= 0 && v <= 14 && (v != 0 || !c.divisors[x]) {
				old := x.Value
				c.add("constant", fmt.Sprintf("%d → %d", old, v), func() { x.Value = v })
			}
		}
	case *ast.StringNode:
		if c.fixed[x] {
			return
		}
		for _, vals := range [][]string{suitNames, colors} {
			if slices.Contains(vals, x.Value) {
				for _, v := range vals {
					if v != x.Value {
						old := x.Value
						c.add("constant", fmt.Sprintf("%q → %q", old, v), func() { x.Value = v })
					}
				}
			}
		}
	case *ast.ArrayNode:
		c.rankSet(x)
	case *ast.MapNode:
		c.suitMap(x)
	}
}

// binary: comparisons, connectives, and the attributes compared.
func (c *collector) binary(x *ast.BinaryNode) {
	switch x.Operator {
	case "and", "&&", "or", "||":
		to := map[string]string{"and": "or", "&&": "||", "or": "and", "||": "&&"}[x.Operator]
		old := x.Operator
		c.add("connective", old+" → "+to, func() { x.Operator = to })
		return
	}
	if !slices.Contains(orders, x.Operator) {
		return
	}
	ops := equalities
	if numeric(x.Left) || numeric(x.Right) || !slices.Contains(equalities, x.Operator) {
		ops = orders
	}
	for _, op := range ops {
		if op != x.Operator {
			old := x.Operator
			c.add("comparison", old+" → "+op, func() { x.Operator = op })
		}
	}
	if !slices.Contains(equalities, x.Operator) {
		return
	}
	lo, lf, lok := cardField(x.Left)
	ro, rf, rok := cardField(x.Right)
	// A relation between two cards on one attribute: the attribute swapped
	// on both sides (card.suit == prev.suit → card.color == prev.color).
	if lok && rok && lf.Value == rf.Value {
		for _, kind := range [][]string{boolAttrs, textAttrs} {
			if !slices.Contains(kind, lf.Value) {
				continue
			}
			for _, a := range kind {
				if a != lf.Value {
					old := lf.Value
					c.add("attribute", fmt.Sprintf("%s.%s %s %s.%s → %s", lo, old, x.Operator, ro, old, a), func() { lf.Value, rf.Value = a, a })
				}
			}
		}
		return
	}
	// A text attribute against a constant: the other attribute, with each
	// of its values (card.color == "red" → card.suit == "hearts", …).
	s, isStr := x.Right.(*ast.StringNode)
	if !lok {
		lo, lf, lok = ro, rf, rok
		s, isStr = x.Left.(*ast.StringNode)
	}
	if !lok || !isStr || !slices.Contains(textAttrs, lf.Value) {
		return
	}
	for _, a := range textAttrs {
		if a == lf.Value {
			continue // another value of the same attribute is a constant edit
		}
		for _, v := range valuesOf(a) {
			old, oldV := lf.Value, s.Value
			c.add("attribute", fmt.Sprintf("%s.%s == %q → %s.%s == %q", lo, old, oldV, lo, a, v), func() { lf.Value, s.Value = a, v })
		}
	}
}

// numeric: a node that is a number (a rank, a count, arithmetic).
func numeric(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.FloatNode:
		return true
	case *ast.IdentifierNode:
		return x.Value == "n"
	case *ast.MemberNode:
		_, f, ok := cardField(x)
		return ok && f.Value == "rank"
	case *ast.BinaryNode:
		return slices.Contains([]string{"+", "-", "*", "/", "%"}, x.Operator)
	case *ast.BuiltinNode:
		return slices.Contains([]string{"abs", "min", "max", "len", "count"}, x.Name)
	}
	return false
}

// rankSet: a list of ranks with one rank left out or one added.
func (c *collector) rankSet(x *ast.ArrayNode) {
	var ranks []int
	for _, e := range x.Nodes {
		i, ok := e.(*ast.IntegerNode)
		if !ok || i.Value < 1 || i.Value > 13 {
			return
		}
		ranks = append(ranks, i.Value)
	}
	if len(ranks) == 0 {
		return
	}
	for k := range ranks {
		if len(ranks) > 1 {
			old := slices.Clone(x.Nodes)
			c.add("constant", fmt.Sprintf("rank %d left out of %v", ranks[k], ranks), func() {
				x.Nodes = slices.Delete(slices.Clone(old), k, k+1)
			})
		}
	}
	for r := 1; r <= 13; r++ {
		if !slices.Contains(ranks, r) {
			c.add("constant", fmt.Sprintf("rank %d added to %v", r, ranks), func() {
				x.Nodes = append(slices.Clone(x.Nodes), &ast.IntegerNode{Value: r})
				slices.SortFunc(x.Nodes, func(a, b ast.Node) int { return a.(*ast.IntegerNode).Value - b.(*ast.IntegerNode).Value })
			})
		}
	}
}

// suitMap: a map from each suit to a suit (a suit cycle such as
// {"spades": "diamonds", …}[prev.suit]) given every other permutation.
func (c *collector) suitMap(x *ast.MapNode) {
	if len(x.Pairs) != len(suitNames) {
		return
	}
	var keys, vals []string
	var valNodes []*ast.StringNode
	for _, p := range x.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			return
		}
		k, ok1 := pair.Key.(*ast.StringNode)
		v, ok2 := pair.Value.(*ast.StringNode)
		if !ok1 || !ok2 {
			return
		}
		keys, vals, valNodes = append(keys, k.Value), append(vals, v.Value), append(valNodes, v)
	}
	if !isPermutation(keys) || !isPermutation(vals) {
		return
	}
	for _, perm := range permutations(suitNames) {
		if slices.Equal(perm, vals) {
			continue
		}
		c.add("suit-cycle", describeMap(keys, vals)+" → "+describeMap(keys, perm), func() {
			for i, v := range valNodes {
				v.Value = perm[i]
			}
		})
	}
}

func isPermutation(xs []string) bool {
	s := slices.Sorted(slices.Values(xs))
	want := slices.Sorted(slices.Values(suitNames))
	return slices.Equal(s, want)
}

// permutations of xs, in lexicographic order of positions.
func permutations(xs []string) [][]string {
	if len(xs) <= 1 {
		return [][]string{slices.Clone(xs)}
	}
	var out [][]string
	for i, x := range xs {
		rest := slices.Concat(xs[:i:i], xs[i+1:])
		for _, p := range permutations(rest) {
			out = append(out, append([]string{x}, p...))
		}
	}
	return out
}

func describeMap(keys, vals []string) string {
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(k[:1] + vals[i][:1])
	}
	return b.String()
}
