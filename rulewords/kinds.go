package rulewords

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/internal/numkinds"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// Kinds of numbers: "the two add up to a prime", "the card's rank is a
// Fibonacci number", "the difference is never a perfect square". The rule
// language has no word for a kind: a rule lists its numbers, the positive
// ones up to the greatest the term can be ("card.rank + prev.rank in [1,
// 4, 9, 16, 25]"), as the synthesizer writes them.

// numKind is one kind: its English words, its numbers decided in
// internal/numkinds (which the scientists' language shares). The
// constructions numvp.<name> and sumvp.<name> read it (numvp.not<name> and
// sumvp.not<name> none of its numbers), f.<name> a card of it; a phrase
// file lists its words under those names.
type numKind struct {
	name string
	// nouns: the kind as a noun phrase ("a prime [number]"), after "is",
	// "make", "add up to"; adjs: as an adjective, after "is" alone
	nouns, adjs []string
	kind        numkinds.Kind
	// cards: a card whose rank is of the kind ("a prime", "primes")
	cards []string
}

var numKinds = []numKind{
	{"prime", []string{"a prime [number]"}, []string{"prime"}, numkinds.Prime,
		[]string{"a prime", "prime", "a prime number|card|rank", "of prime rank|value", "primes", "prime cards|numbers"}},
	{"square", []string{"a perfect square [number]", "a square number", "a square"}, nil, numkinds.Square,
		[]string{"a perfect square", "perfect squares", "a square number|rank", "square numbers|ranks", "of square rank|value"}},
	{"triangular", []string{"a triangular|triangle number"}, []string{"triangular"}, numkinds.Triangular,
		[]string{"a triangular|triangle number|card|rank", "triangular|triangle numbers|cards|ranks", "of triangular rank|value"}},
	{"fibonacci", []string{"a fibonacci number", "in the fibonacci sequence"}, nil, numkinds.Fibonacci,
		[]string{"a fibonacci number|card|rank", "fibonacci numbers|cards|ranks", "of fibonacci rank|value"}},
	{"power2", []string{"a power of two|2"}, nil, numkinds.PowerOfTwo,
		[]string{"a power of two|2", "powers of two|2"}},
}

// kindVerbs are the ways a number is of a kind ({n} the kind's nouns, {a}
// its adjectives), and is not: after "is" said of any number (numvp), and
// "make" or "add up to" said of several together (sumvp: "the two add up
// to a square", never "the last three", a card of rank 3, adding up).
var kindVerbs = []struct {
	nt, pat string
	neg     bool
}{
	{"numvp", "is {n}", false}, {"numvp", "is {a}", false},
	{"numvp", "is not {n}", true}, {"numvp", "is not {a}", true}, {"numvp", "is never {n}", true}, {"numvp", "is never {a}", true},
	{"numvp", "not be {n}", true}, {"numvp", "not be {a}", true}, {"numvp", "never be {n}", true},
	// (sumvp: each of sumVerbs and sumNotVerbs before {n}, added in init)
}

// sumVerbs are the ways several numbers together make a number ("the two
// add up to", "make", "total"), sumNotVerbs the ways they do not: each
// reads before every number a sum is said to be after "is" (a kind, even
// or odd, a multiple of k: sumvp.*), as before a number or a bound
// (sumvp.eq, sumvp.ge …).
var (
	sumVerbs    = []string{"add|adds up to", "make|makes", "total|totals", "come|comes to", "sum|sums to", "add|adds to"}
	sumNotVerbs = []string{"do|does not add up to", "not add up to", "never add|adds up to", "do|does not make", "not make", "never make|makes",
		"do|does not total", "not total", "never total|totals", "do|does not come to", "never come|comes to"}
)

func init() {
	for _, v := range sumVerbs {
		kindVerbs = append(kindVerbs, struct {
			nt, pat string
			neg     bool
		}{"sumvp", v + " {n}", false})
	}
	for _, v := range sumNotVerbs {
		kindVerbs = append(kindVerbs, struct {
			nt, pat string
			neg     bool
		}{"sumvp", v + " {n}", true})
	}
}

// sumPats is each of verbs before each of objs: "add up to a multiple of
// $term", "make a multiple of $term" …
func sumPats(verbs []string, objs ...string) []string {
	var out []string
	for _, v := range verbs {
		for _, o := range objs {
			out = append(out, v+" "+o)
		}
	}
	return out
}

func (g *registry) buildKinds() {
	for _, k := range numKinds {
		k := k
		pats := map[string][]string{}
		for _, v := range kindVerbs {
			words := k.nouns
			if strings.HasSuffix(v.pat, "{a}") {
				words = k.adjs
			}
			name := v.nt + "." + k.name
			if v.neg {
				name = v.nt + ".not" + k.name
			}
			for _, w := range words {
				pats[name] = append(pats[name], strings.NewReplacer("{n}", w, "{a}", w).Replace(v.pat))
			}
		}
		for _, nt := range []string{"numvp", "sumvp"} {
			g.named(nt+"."+k.name, nt, func([]any) any { return k.of }, pats[nt+"."+k.name]...)
			g.named(nt+".not"+k.name, nt, func([]any) any { return func(a term) *pred { return not(k.of(a)) } }, pats[nt+".not"+k.name]...)
		}
	}
	// even, odd and a multiple of a number, as after "is" ("the sum is a
	// multiple of 3": t.multiple): "the two must add up to a multiple of 3",
	// "make an even number", "total a number divisible by 4"
	par := func(r int) func([]any) any {
		return func([]any) any { return func(a term) *pred { return parityOf(a, r) } }
	}
	g.named("sumvp.even", "sumvp", par(0), sumPats(sumVerbs, "an even number|total|sum", "even")...)
	g.named("sumvp.odd", "sumvp", par(1), sumPats(sumVerbs, "an odd number|total|sum", "odd")...)
	multiples := []string{"a multiple of $term", "a number divisible by $term", "something divisible by $term"}
	g.named("sumvp.multiple", "sumvp", multipleBy(false), sumPats(sumVerbs, multiples...)...)
	g.named("sumvp.notmultiple", "sumvp", multipleBy(true), sumPats(sumNotVerbs, multiples...)...)
	// between two numbers, as t.range ("the sum is between 10 and 15")
	g.named("sumvp.range", "sumvp", func(v []any) any {
		lo, hi := v[0].(term), v[1].(term)
		return func(a term) *pred {
			x := paren(a.text)
			return counted(fmt.Sprintf("%s >= %s and %s <= %s", x, lo.text, x, hi.text), append(append(slices.Clone(a.refs), lo.refs...), hi.refs...)...)
		}
	}, sumPats(sumVerbs, "between $term and $term [inclusive]")...)
	// several numbers together, what they add up to: "the card plus the
	// two before it make a prime" (a sum, never one card's rank)
	g.named("c.termsum", "clause", func(v []any) any {
		t := v[0].(term)
		if !cardNameRE.MatchString(t.text) || !strings.Contains(t.text, "+") && !strings.Contains(t.text, "sum(") {
			return nil
		}
		return v[1].(func(term) *pred)(t)
	}, "$term $sumvp", "$term must $sumvp")
}

// of: the term is a number of the kind, listed up to the term's greatest.
func (k numKind) of(a term) *pred {
	return counted(fmt.Sprintf("%s in %s", paren(a.text), intList(k.upTo(termMax(a.text)))), a.refs...)
}

// upTo are the kind's numbers from 1 to top.
func (k numKind) upTo(top int) []int { return k.kind.UpTo(top) }

// kindRanks are the ranks of the kind named ("prime": a 2, 3, 5, 7, jack
// or king).
func kindRanks(name string) string {
	for _, k := range numKinds {
		if k.name == name {
			return intList(k.upTo(13))
		}
	}
	panic("rulewords: no kind of number " + name)
}

// lineMax is the most cards a main line holds as far as a rule can know,
// and lineTotal the most their ranks add up to: three decks (New Eleusis
// deals three, the most of any game the harness plays; the rule language
// does not say how many). A total over the line is listed that far, so
// the list is never short where a game ends; a term the reader cannot
// bound (termMax) is listed as far as the greatest any term it makes can
// be, the line's total with the card.
const (
	lineMax   = 3 * 52
	lineTotal = 3 * 4 * 91 // every rank of every suit of three decks
)

// termMax is the greatest value of a term of the rule language: a rank
// 13, sums and differences of ranks, a count or a sum over cards by how
// many there may be (the last k cards: k; the line: lineMax).
func termMax(text string) int {
	fallback := lineTotal + 13
	text = strings.ReplaceAll(waitRE.ReplaceAllString(text, "$1"), untilThere, "prev2")
	tree, err := parser.Parse(text)
	if err != nil {
		return fallback
	}
	if _, hi, ok := bounds(tree.Node); ok && hi < fallback {
		return hi
	}
	return fallback
}

// bounds are the least and greatest values of an integer expression.
func bounds(n ast.Node) (lo, hi int, ok bool) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return n.Value, n.Value, true
	case *ast.IdentifierNode:
		if n.Value == "n" {
			return 0, lineMax, true
		}
	case *ast.MemberNode:
		if s, isStr := n.Property.(*ast.StringNode); isStr && s.Value == "rank" {
			return 1, 13, true
		}
	case *ast.UnaryNode:
		if l, h, ok := bounds(n.Node); ok && n.Operator == "-" {
			return -h, -l, true
		}
	case *ast.BinaryNode:
		a, b, okA := bounds(n.Left)
		c, d, okB := bounds(n.Right)
		if !okA || !okB {
			return 0, 0, false
		}
		switch n.Operator {
		case "+":
			return a + c, b + d, true
		case "-":
			return a - d, b - c, true
		case "*":
			ps := []int{a * c, a * d, b * c, b * d}
			return min(ps[0], ps[1], ps[2], ps[3]), max(ps[0], ps[1], ps[2], ps[3]), true
		case "%":
			if a >= 0 && c > 0 {
				return 0, min(b, d-1), true
			}
		}
	case *ast.ConditionalNode:
		a, b, okA := bounds(n.Exp1)
		c, d, okB := bounds(n.Exp2)
		return min(a, c), max(b, d), okA && okB
	case *ast.BuiltinNode:
		return builtinBounds(n)
	}
	return 0, 0, false
}

func builtinBounds(n *ast.BuiltinNode) (lo, hi int, ok bool) {
	args := n.Arguments
	switch {
	case n.Name == "abs" && len(args) == 1:
		a, b, ok := bounds(args[0])
		if !ok {
			return 0, 0, false
		}
		if a >= 0 {
			return a, b, true
		}
		return 0, max(-a, b), true
	case (n.Name == "max" || n.Name == "min") && len(args) > 0:
		lo, hi, ok = bounds(args[0])
		for _, x := range args[1:] {
			a, b, okX := bounds(x)
			ok = ok && okX
			if n.Name == "max" {
				lo, hi = max(lo, a), max(hi, b)
			} else {
				lo, hi = min(lo, a), min(hi, b)
			}
		}
		return lo, hi, ok
	case (n.Name == "len" || n.Name == "count") && len(args) >= 1:
		if k, ok := cards(args[0]); ok {
			return 0, k, true
		}
	case n.Name == "sum" && len(args) >= 1:
		k, okK := cards(args[0])
		a, b, okE := elemBounds(args)
		if okK && okE {
			return min(0, k*a), min(max(0, k*b), lineTotal), true
		}
	}
	return 0, 0, false
}

// elemBounds: the values a sum adds, sum(map(X, .rank)) or sum(X, .rank).
func elemBounds(args []ast.Node) (lo, hi int, ok bool) {
	if len(args) == 2 {
		if p, isPred := args[1].(*ast.PredicateNode); isPred {
			return bounds(p.Node)
		}
		return 0, 0, false
	}
	if m, isMap := args[0].(*ast.BuiltinNode); isMap && m.Name == "map" && len(m.Arguments) == 2 {
		if p, isPred := m.Arguments[1].(*ast.PredicateNode); isPred {
			return bounds(p.Node)
		}
	}
	return 0, 0, false
}

// cards is the most elements a list of cards has: the line lineMax, the
// line from max(0, n - k) k, a filter or map of a list as many.
func cards(n ast.Node) (int, bool) {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		if n.Value == "line" {
			return lineMax, true
		}
	case *ast.SliceNode:
		if m, isMax := n.From.(*ast.BuiltinNode); isMax && m.Name == "max" && len(m.Arguments) == 2 && n.To == nil {
			if d, isSub := m.Arguments[1].(*ast.BinaryNode); isSub && d.Operator == "-" {
				if id, isN := d.Left.(*ast.IdentifierNode); isN && id.Value == "n" {
					if k, isInt := d.Right.(*ast.IntegerNode); isInt {
						return k.Value, true
					}
				}
			}
		}
		return cards(n.Node)
	case *ast.BuiltinNode:
		if (n.Name == "filter" || n.Name == "map") && len(n.Arguments) >= 1 {
			return cards(n.Arguments[0])
		}
	}
	return 0, false
}
