package grammar

import (
	"strings"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// Boolean concepts: every function of three binary features of a card —
// red, odd, face — as in the classic concept-learning studies (Shepard,
// Hovland & Jenkins 1961; Feldman 2000), so that a category of cards such as
// "red exactly when odd" is one atom (PConcept), priced by its Boolean
// complexity rather than by the connectives that would spell it.
//
// The Boolean complexity of a function is the number of literals in the
// shortest formula of and, or and not that computes it (Feldman 2000).
// Negation costs nothing: by De Morgan's laws a negated formula has a
// formula with the same literals, negated. minimalFormulas finds the exact
// minimum by exhaustive search over formula sizes; Feldman's own figures
// were upper bounds from a heuristic (Vigo 2006 found shorter formulas for
// some of them).

// conceptVars are the three features, as literals (the slot's name goes
// before each field).
var conceptVars = [3]struct {
	pos, neg string
	holds    func(c sim.Card) bool
}{
	{`X.color == "red"`, `X.color == "black"`, sim.Card.Red},
	{`X.odd`, `X.even`, func(c sim.Card) bool { return !c.Even() }},
	{`X.face`, `not X.face`, sim.Card.Face},
}

// conceptCell is the card's cell of the cube: bit 2 red, bit 1 odd, bit 0 face.
func conceptCell(c sim.Card) int { return int(conceptCells[c]) }

var conceptCells = func() (t [sim.NumCards]uint8) {
	for c := range sim.Card(sim.NumCards) {
		for i, v := range conceptVars {
			if v.holds(c) {
				t[c] |= 1 << (2 - i)
			}
		}
	}
	return t
}()

// ConceptCost is the description length, in bits, of a Boolean concept with
// k literals: k + 1, so that a one-literal concept ("red") costs the 2 bits
// of a single property.
func ConceptCost(literals int) int { return literals + 1 }

// formula is a shortest formula of one truth table of the cube.
type formula struct {
	literals int
	text     string // with X for the slot
	op       byte   // 0 literal, '&', '|'
}

// minimalFormulas returns, for each of the 256 truth tables of the cube
// (bit i set when cell i is in the concept), a shortest formula; the two
// constants (0 and 255) have none. The search builds formulas by size: a
// formula of k literals is a literal (k = 1) or the and/or of two formulas
// of i and k − i literals, so the first size at which a table appears is its
// minimal literal count.
var minimalFormulas = sync.OnceValue(searchFormulas)

func searchFormulas() [256]formula {
	var best [256]formula
	found := func(t int) bool { return best[t].literals > 0 }
	bySize := map[int][]int{}
	for i, v := range conceptVars {
		var t int
		for cell := range 8 {
			if cell>>(2-i)&1 == 1 {
				t |= 1 << cell
			}
		}
		for _, lit := range []struct {
			t    int
			text string
		}{{t, v.pos}, {^t & 0xff, v.neg}} {
			best[lit.t] = formula{literals: 1, text: lit.text}
			bySize[1] = append(bySize[1], lit.t)
		}
	}
	for k := 2; ; k++ {
		for i := 1; i <= k/2; i++ {
			for _, a := range bySize[i] {
				for _, b := range bySize[k-i] {
					for _, op := range []byte{'&', '|'} {
						t := a & b
						if op == '|' {
							t = a | b
						}
						if t == 0 || t == 0xff || found(t) {
							continue
						}
						best[t] = formula{literals: k, op: op, text: join(best[a], best[b], op)}
						bySize[k] = append(bySize[k], t)
					}
				}
			}
		}
		done := true
		for t := 1; t < 255; t++ {
			if !found(t) {
				done = false
			}
		}
		if done {
			return best
		}
	}
}

// join writes a op b with the parentheses expr needs (and binds tighter
// than or).
func join(a, b formula, op byte) string {
	word := " and "
	if op == '|' {
		word = " or "
	}
	wrap := func(f formula) string {
		if op == '&' && f.op == '|' || strings.HasPrefix(f.text, "not ") && f.op != 0 {
			return "(" + f.text + ")"
		}
		return f.text
	}
	return wrap(a) + word + wrap(b)
}

// conceptText is concept t of slot x as an expression.
func conceptText(t int, x string) text {
	f := minimalFormulas()[t]
	prec := precCmp
	switch {
	case f.op == '&':
		prec = precAnd
	case f.op == '|':
		prec = precOr
	case strings.HasPrefix(f.text, "not "):
		prec = precUnary
	case !strings.Contains(f.text, "=="):
		prec = precPrimary
	}
	return text{strings.ReplaceAll(f.text, "X.", x+"."), prec}
}

// Literals is the fewest literals of concept table t (0 for the constants).
func Literals(t int) int { return minimalFormulas()[t&0xff].literals }

// BooleanComplexity is the minimal literal count of the set of cards that
// accepts admits, as a Boolean concept over (red, odd, face); ok is false
// when the set is not a union of cells of that cube (it reads another
// feature). The empty and the full set have complexity 0.
func BooleanComplexity(accepts func(c sim.Card) bool) (literals int, ok bool) {
	t, ok := ConceptTable(accepts)
	if !ok || t == 0 || t == 0xff {
		return 0, ok
	}
	return minimalFormulas()[t].literals, true
}

// ConceptTable is the truth table over the cube's cells of the set of cards
// that accepts admits (bit i: cell i), false when the set is not a union of
// cells.
func ConceptTable(accepts func(c sim.Card) bool) (int, bool) {
	var t int
	seen := [8]int{}
	for c := sim.Card(0); c < sim.NumCards; c++ {
		cell := conceptCell(c)
		v := 1
		if !accepts(c) {
			v = 2
		}
		if seen[cell] != 0 && seen[cell] != v {
			return 0, false
		}
		seen[cell] = v
		if v == 1 {
			t |= 1 << cell
		}
	}
	return t, true
}
