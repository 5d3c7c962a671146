package hypotheses

import (
	"fmt"
	"slices"

	"github.com/eleusis/eleusis/grammar"
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

// leafOf is a slot's rank as a tree of the language: X.rank, or n % 13.
func leafOf(s slot) *grammar.Node {
	switch s {
	case slPos:
		return &grammar.Node{P: grammar.PMod, K: 13, Kids: []*grammar.Node{{P: grammar.PN}}}
	case slStart:
		return &grammar.Node{P: grammar.PRank, Slot: grammar.SlotFirst}
	}
	return &grammar.Node{P: grammar.PRank, Slot: grammar.Slot(s)}
}

// gslot is the grammar's name of a slot that names a card.
func gslot(s slot) grammar.Slot {
	if s == slStart {
		return grammar.SlotFirst
	}
	return grammar.Slot(s)
}

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

// term is an integer expression over the ranks of some slots (a tree of
// the language), with its value for every assignment of ranks to them
// (1..13 each; the first slot varies fastest).
type term struct {
	g     *grammar.Node
	slots []slot
	vals  []int16
}

func (t *term) cost() int { return t.g.Bits() }

// outer is the term's outermost infix operator ('+', '-', '*', '%'), 0
// for a rank or a call (abs, min, max): what may stand on the right of a
// remainder, and what the sums counted round the ranks take.
func (t *term) outer() byte {
	switch t.g.P {
	case grammar.PMod:
		return '%'
	case grammar.PSum3:
		return '+'
	case grammar.PArith:
		switch t.g.Op {
		case grammar.Add, grammar.Wrap:
			return '+'
		case grammar.Sub:
			return '-'
		case grammar.Mul:
			return '*'
		case grammar.Rem, grammar.Up:
			return '%'
		}
	}
	return 0
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

// termBits bounds the integer terms' description length: terms up to
// termBits bits over up to three slots.
const termBits = 9

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
// table: leaves (X.rank, n % 13), the last three's sum, the grammar's
// integer operations (+, −, *, abs(a − b), min, max, the wrap-around sum,
// ranks up counting round, a % b for a rank b) and t % k for k = 2..6.
// Each value is the production's own (grammar.Apply).
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
		byCost[t.cost()] = append(byCost[t.cost()], t)
	}
	for s := range numSlots {
		if _, ok := rankFeat(s); !ok {
			continue
		}
		t := &term{g: leafOf(s), slots: []slot{s}}
		assignments(t.slots, func(r *[numSlots]int) {
			v := r[s]
			if s == slPos {
				v-- // n % 13 takes 0..12 where a rank takes 1..13
			}
			t.vals = append(t.vals, int16(v))
		})
		add(t)
	}
	// The sum of the card and the two before it is one idea ("the last
	// three add up to an even number"), one production, not a sum of a sum.
	{
		t := &term{g: &grammar.Node{P: grammar.PSum3}, slots: []slot{slCard, slPrev, slPrev2}}
		assignments(t.slots, func(r *[numSlots]int) { t.vals = append(t.vals, int16(r[slCard]+r[slPrev]+r[slPrev2])) })
		add(t)
	}
	ops := []grammar.Op{grammar.Add, grammar.Sub, grammar.Mul, grammar.Dist, grammar.Min, grammar.Max, grammar.Wrap, grammar.Up, grammar.Rem}
	arithBits := grammar.Table[grammar.PArith].Bits(&grammar.Node{P: grammar.PArith}) // the operation's own bits
	for cost := 2; cost <= termBits; cost++ {
		// t % k
		for ct := 1; ct < cost; ct++ {
			for _, t := range byCost[ct] {
				for k := 2; k <= 6; k++ {
					nt := &term{g: &grammar.Node{P: grammar.PMod, K: k, Kids: []*grammar.Node{t.g}}, slots: t.slots}
					if nt.cost() != cost {
						continue
					}
					for _, v := range t.vals {
						nt.vals = append(nt.vals, int16(grammar.Apply(nt.g, int32(v))))
					}
					if !constVals(nt.vals) {
						add(nt)
					}
				}
			}
		}
		for ca := 1; ca <= cost-arithBits-1; ca++ {
			cb := cost - arithBits - ca
			for _, a := range slices.Clone(byCost[ca]) {
				for _, b := range slices.Clone(byCost[cb]) {
					m := a.mask() | b.mask()
					if a == b || len(slotsOf(m)) > 3 || unreadable(m) {
						continue
					}
					for _, op := range ops {
						single := len(a.slots) == 1 && len(b.slots) == 1
						if op == grammar.Rem && b.outer() != 0 || op == grammar.Wrap && !single ||
							op == grammar.Up && (!single || a.outer() != 0 || b.outer() != 0) {
							continue // a % b for a rank b; the wrap of two ranks; ranks up between two ranks
						}
						nt := &term{g: &grammar.Node{P: grammar.PArith, Op: op, Kids: []*grammar.Node{a.g, b.g}}, slots: slotsOf(m)}
						ok := true
						assignments(nt.slots, func(r *[numSlots]int) {
							x, y := a.at(r), b.at(r)
							ok = ok && !(op == grammar.Rem && y <= 0) && !((op == grammar.Wrap || op == grammar.Up) && (x <= 0 || y <= 0))
							nt.vals = append(nt.vals, int16(grammar.Apply(nt.g, int32(x), int32(y))))
						})
						if !ok || constVals(nt.vals) || !dependsOnAll(nt.slots, func(r *[numSlots]int) int { return int(nt.at(r)) }) {
							continue
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

// typedAtom is an atom of the typed grammar: a tree of the language (its
// nil guard included) with the features it reads and whether it reads the
// card.
type typedAtom struct {
	g     *grammar.Node
	feats featSet
	card  bool
	// guard: the deepest optional slot read (prev2, prev3) or numSlots; a
	// card atom holds, a condition fails, while the line is too short for it.
	guard slot
	// ranks: for an atom on ranks, its truth table (its rows are read from
	// it, a rank at a time); nil for the others, evaluated on the family's
	// scenes.
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

// guarded wraps an atom's tree in the nil test of the deepest optional
// slot it reads: "prev2 == nil or A" for an atom on the card (it holds
// while the line is too short), "prev2 != nil and C" for a condition.
func guarded(g *grammar.Node, deepest slot, card bool) *grammar.Node {
	if deepest == numSlots {
		return g
	}
	if card {
		return guardEq(grammar.Slot(deepest), g)
	}
	return guardNe(grammar.Slot(deepest), g)
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
