package hypotheses

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// The typed part of the grammar (grammar.go has the productions and their
// bits): integer terms over the ranks of the cards the rule language names,
// enumerated bottom-up by size and merged by value (two terms with the same
// value for every assignment of ranks are one term, the shortest kept), and
// the Boolean atoms made from them and from suits, colours, positions and
// summaries of the main line.

// slot is a card the rule language names.
type slot uint8

const (
	slCard slot = iota
	slPrev
	slPrev2
	slPrev3
	slStart
	// slPos is the main line's length counted round the 13 ranks, n % 13,
	// read as a rank would be (0..12): "at least the position".
	slPos
	numSlots
)

var slotName = [numSlots]string{"card", "prev", "prev2", "prev3", "line[0]", "n % 13"}

// slotBits is what naming a slot costs: the card is the default subject;
// the position counted round 13 is a modulus as well as a name.
var slotBits = [numSlots]int{0, 1, 2, 3, 3, 4}

// featSet is a set of features (bit i: feature i).
type featSet uint32

func (fs featSet) has(ft feature) bool { return fs>>ft&1 == 1 }

// familyOf is the smallest family reading every feature of fs (false when
// no family reads them all together).
func familyOf(fs featSet) (Family, bool) {
	f := familyOfSet[fs]
	return Family(f), f >= 0
}

// familyOfSet tabulates familyOf for every set of features: each family
// marks the subsets of what it covers (a few features each), so the table
// costs a pass per family's subsets, not per family for each of the
// 2^numFeatures sets.
var familyOfSet = func() []int8 {
	out := make([]int8, 1<<numFeatures)
	for fs := range out {
		out[fs] = -1
	}
	for f := range numFamilies {
		c := coveredFeats[f]
		for fs := c; ; fs = (fs - 1) & c { // every subset of c, c itself first
			if out[fs] < 0 || f.Contexts() < Family(out[fs]).Contexts() {
				out[fs] = int8(f)
			}
			if fs == 0 {
				break
			}
		}
	}
	return out
}()

// coveredFeats is what a family can read: its features and the features
// they determine (prev2's colour from its suit, n % 2 from n % 6).
var coveredFeats = func() (out [numFamilies]featSet) {
	for f := range numFamilies {
		out[f] = familyFeats[f]
		for pair := range refines {
			if familyFeats[f].has(pair[0]) {
				out[f] |= 1 << pair[1]
			}
		}
	}
	return out
}()

var familyFeats = func() (out [numFamilies]featSet) {
	for f := range numFamilies {
		for _, ft := range familyDefs[f].feats {
			out[f] |= 1 << ft
		}
	}
	return out
}()

// What a slot's attribute needs read: its rank, suit or colour.
func rankFeat(s slot) (featSet, bool) {
	switch s {
	case slCard:
		return 0, true
	case slPrev:
		return 1 << ftPrev, true
	case slPrev2:
		return 1 << ftP2Rank, true
	case slStart:
		return 1 << ftStart, true
	case slPos:
		return 1 << ftMod13, true
	}
	return 0, false
}

func suitFeat(s slot) featSet {
	return [numSlots]featSet{0, 1 << ftPrev, 1 << ftP2Suit, 1 << ftP3Suit, 1 << ftStart, 0}[s]
}

func colourFeat(s slot) featSet {
	return [numSlots]featSet{0, 1 << ftPrev, 1 << ftP2Col, 1 << ftP3Col, 1 << ftStart, 0}[s]
}

// view is a state and a card decoded for the typed atoms: each slot's card
// (−1 when the main line is too short to have it).
type view [numSlots]int8

func viewOf(s state, c sim.Card) view {
	v := view{int8(c), int8(s.prev), int8(s.p2) - 1, int8(s.p3) - 1, int8(s.start), int8(s.n13)}
	return v
}

func (v view) rank(s slot) int { return int(v[s])%13 + 1 }
func (v view) suit(s slot) int { return int(v[s]) / 13 }
func (v view) red(s slot) bool { return sim.Card(v[s]).Red() }

// term is an integer expression over the ranks of some slots, with its
// value for every assignment of ranks to them (1..13 each; the first slot
// varies fastest).
type term struct {
	text  string
	cost  int
	slots []slot
	vals  []int16
	op    byte // the outermost infix operator ('+', '-', '*', '%'), 0 for a leaf or a call
}

func (t *term) mask() uint8 {
	var m uint8
	for _, s := range t.slots {
		m |= 1 << s
	}
	return m
}

// at is the term's value for the ranks r (indexed by slot).
func (t *term) at(r *[numSlots]int) int16 {
	i := 0
	for k := len(t.slots) - 1; k >= 0; k-- {
		i = i*13 + r[t.slots[k]] - 1
	}
	return t.vals[i]
}

// assignments calls f with every assignment of ranks to the slots.
func assignments(slots []slot, f func(r *[numSlots]int)) {
	var r [numSlots]int
	n := 1
	for range slots {
		n *= 13
	}
	for i := range n {
		x := i
		for _, s := range slots {
			r[s] = x%13 + 1
			x /= 13
		}
		f(&r)
	}
}

// unreadable reports whether slots m mix the starter or the position with a
// card other than the one judged: no family reads them together.
func unreadable(m uint8) bool {
	for _, s := range []slot{slStart, slPos} {
		if m>>s&1 == 1 && m&^(1<<s|1<<slCard) != 0 {
			return true
		}
	}
	return false
}

func slotsOf(m uint8) []slot {
	var out []slot
	for s := range numSlots {
		if m>>s&1 == 1 {
			out = append(out, s)
		}
	}
	return out
}

// constBits is the description length of a small integer constant.
func constBits(k int) int {
	switch {
	case k >= 0 && k <= 7:
		return 3
	case k >= 0 && k <= 15:
		return 4
	case k >= 0 && k <= 31:
		return 5
	}
	return 6
}

// Term grammar limits: terms up to termBits bits over up to three slots.
const (
	termBits = 9
	opBits   = 3 // choosing one of the binary operators
	modBits  = 4 // "% k" for k = 2..6: the operator and k
	sum3Bits = 7 // card.rank + prev.rank + prev2.rank
)

// dependsOnAll reports whether vals (over slots) changes with every slot.
func dependsOnAll(slots []slot, at func(r *[numSlots]int) int) bool {
	for _, s := range slots {
		varies := false
		assignments(slots, func(r *[numSlots]int) {
			if varies || r[s] != 1 {
				return
			}
			a := at(r)
			for k := 2; k <= 13 && !varies; k++ {
				r[s] = k
				varies = at(r) != a
			}
			r[s] = 1
		})
		if !varies {
			return false
		}
	}
	return true
}

// intTerms enumerates the integer terms bottom-up by size, one per value
// table: leaves (X.rank), binary operations (+, −, *, abs(a − b), min, max,
// the wrap-around sum (a + b − 1) % 13 + 1, a % b for a rank b) and
// t % k for k = 2..6.
func intTerms() []*term {
	seen := map[string]bool{}
	var all []*term
	byCost := map[int][]*term{}
	add := func(t *term) {
		key := fmt.Sprint(t.mask(), t.vals)
		if seen[key] {
			return
		}
		seen[key] = true
		all = append(all, t)
		byCost[t.cost] = append(byCost[t.cost], t)
	}
	for s := range numSlots {
		if _, ok := rankFeat(s); !ok {
			continue
		}
		t := &term{text: slotName[s] + ".rank", cost: 1 + slotBits[s], slots: []slot{s}}
		if s == slPos {
			// n % 13 takes 0..12 where a rank takes 1..13; a % written
			// out, for the parentheses expr needs around it.
			t.text, t.op = slotName[s], '%'
		}
		assignments(t.slots, func(r *[numSlots]int) {
			v := r[s]
			if s == slPos {
				v--
			}
			t.vals = append(t.vals, int16(v))
		})
		add(t)
	}
	// The sum of the card and the two before it is one idea ("the last
	// three add up to an even number"), one production at a bit more than
	// the sum of two cards, not a sum of a sum.
	{
		t := &term{text: "card.rank + prev.rank + prev2.rank", cost: sum3Bits, slots: []slot{slCard, slPrev, slPrev2}, op: '+'}
		assignments(t.slots, func(r *[numSlots]int) { t.vals = append(t.vals, int16(r[slCard]+r[slPrev]+r[slPrev2])) })
		add(t)
	}
	type binop struct {
		name string
		f    func(a, b int) (int, bool)
	}
	ops := []binop{
		{"+", func(a, b int) (int, bool) { return a + b, true }},
		{"-", func(a, b int) (int, bool) { return a - b, true }},
		{"*", func(a, b int) (int, bool) { return a * b, true }},
		{"abs", func(a, b int) (int, bool) { return max(a-b, b-a), true }},
		{"min", func(a, b int) (int, bool) { return min(a, b), true }},
		{"max", func(a, b int) (int, bool) { return max(a, b), true }},
		{"wrap", func(a, b int) (int, bool) { return ((a+b-1)%13+13)%13 + 1, a > 0 && b > 0 }},
		// How many ranks up from b to a, counting round from king to ace.
		{"up", func(a, b int) (int, bool) { return ((a-b)%13 + 13) % 13, a > 0 && b > 0 }},
		{"%", func(a, b int) (int, bool) {
			if b <= 0 {
				return 0, false
			}
			return a % b, true
		}},
	}
	for cost := 2; cost <= termBits; cost++ {
		// t % k
		for _, t := range byCost[cost-modBits] {
			for k := 2; k <= 6; k++ {
				nt := &term{text: fmt.Sprintf("%s %% %d", operand(t, '%', false), k), cost: cost, slots: t.slots, op: '%'}
				for _, v := range t.vals {
					nt.vals = append(nt.vals, v%int16(k))
				}
				if !constVals(nt.vals) {
					add(nt)
				}
			}
		}
		for ca := 1; ca <= cost-opBits-1; ca++ {
			cb := cost - opBits - ca
			for _, a := range slices.Clone(byCost[ca]) {
				for _, b := range slices.Clone(byCost[cb]) {
					m := a.mask() | b.mask()
					if a == b || len(slotsOf(m)) > 3 || unreadable(m) {
						continue
					}
					for _, op := range ops {
						if op.name == "%" && b.op != 0 || op.name == "wrap" && (len(a.slots) > 1 || len(b.slots) > 1) ||
							op.name == "up" && (len(a.slots) > 1 || len(b.slots) > 1 || a.op != 0 || b.op != 0) {
							continue // a % b for a rank b; the wrap of two ranks; ranks up between two ranks
						}
						nt := &term{cost: cost, slots: slotsOf(m)}
						ok := true
						assignments(nt.slots, func(r *[numSlots]int) {
							v, good := op.f(int(a.at(r)), int(b.at(r)))
							ok = ok && good
							nt.vals = append(nt.vals, int16(v))
						})
						if !ok || constVals(nt.vals) || !dependsOnAll(nt.slots, func(r *[numSlots]int) int { return int(nt.at(r)) }) {
							continue
						}
						switch op.name {
						case "abs":
							nt.text = fmt.Sprintf("abs(%s - %s)", a.text, operand(b, '-', true))
						case "min", "max":
							nt.text = fmt.Sprintf("%s(%s, %s)", op.name, a.text, b.text)
						case "wrap":
							nt.text, nt.op = fmt.Sprintf("(%s + %s - 1) %% 13 + 1", a.text, b.text), '+'
						case "up":
							nt.text, nt.op = fmt.Sprintf("(%s - %s + 13) %% 13", a.text, b.text), '%'
						default:
							nt.text, nt.op = operand(a, op.name[0], false)+" "+op.name+" "+operand(b, op.name[0], true), op.name[0]
						}
						add(nt)
					}
				}
			}
		}
	}
	return all
}

func constVals(vals []int16) bool {
	for _, v := range vals {
		if v != vals[0] {
			return false
		}
	}
	return true
}

// prec is an infix operator's binding power in the rule language.
func prec(op byte) int {
	switch op {
	case '*', '%':
		return 2
	case '+', '-':
		return 1
	}
	return 3
}

// operand writes t as an operand of op, with the parentheses expr needs.
func operand(t *term, op byte, right bool) string {
	p, q := prec(t.op), prec(op)
	if p < q || right && p == q && !(op == '+' && t.op == '+' || op == '*' && t.op == '*') {
		return "(" + t.text + ")"
	}
	return t.text
}

// typedAtom is an atom of the typed grammar: a Boolean expression with the
// features it reads and whether it reads the card.
type typedAtom struct {
	text  string
	cost  int
	feats featSet
	card  bool
	// guard: the deepest optional slot read (prev2, prev3) or numSlots; a
	// card atom holds, a condition fails, while the line is too short for it.
	guard slot
	// read: the atom's truth for card c in state s (the guard aside).
	read func(s state, c sim.Card) bool
	// rankOnly: it reads the card's rank only (not its suit).
	rankOnly bool
	// ranks: for a comparison of ranks, its truth table (read faster than
	// through read when the rows are tabulated).
	ranks *rankTable
}

// rankTable is a truth table over the ranks of some slots ('1' true).
type rankTable struct {
	slots  []slot
	stride []int
	tab    []byte
}

// cardRanks is the table's verdict for each rank of the card (bit r − 1)
// in state s.
func (rt *rankTable) cardRanks(s state) uint16 {
	v := viewOf(s, 0)
	base, cardStride := 0, 0
	for k, sl := range rt.slots {
		if sl == slCard {
			cardStride = rt.stride[k]
			continue
		}
		base += (v.rank(sl) - 1) * rt.stride[k]
	}
	var out uint16
	for r := range 13 {
		if rt.tab[base+r*cardStride] == '1' {
			out |= 1 << r
		}
	}
	return out
}

// slotAtom is an atom on the slots' cards.
func slotAtom(text string, cost int, feats featSet, m uint8, eval func(v view) bool) typedAtom {
	return typedAtom{text: text, cost: cost, feats: feats, card: m&1 == 1, guard: deepest(m),
		read: func(s state, c sim.Card) bool { return eval(viewOf(s, c)) }}
}

// guardText wraps an atom reading prev2 or prev3 in its nil test.
func (a *typedAtom) guardText() string {
	if a.guard == numSlots {
		return a.text
	}
	t := a.text
	if strings.Contains(t, " and ") || strings.Contains(t, " or ") {
		t = "(" + t + ")"
	}
	if a.card {
		return fmt.Sprintf("%s == nil or %s", slotName[a.guard], t)
	}
	return fmt.Sprintf("%s != nil and %s", slotName[a.guard], t)
}

func deepest(m uint8) slot {
	switch {
	case m>>slPrev3&1 == 1:
		return slPrev3
	case m>>slPrev2&1 == 1:
		return slPrev2
	}
	return numSlots
}
