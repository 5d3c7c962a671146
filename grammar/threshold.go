package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// Atoms found top down: a term of the pool compared with a number, or with
// another term, where the points ask for it. The pool holds the terms (up
// to TermBits), not every comparison of them with every number (most of
// which no hand needs): the comparisons are made for the points at hand.

// thresholds finds the comparisons of a pool term with a number that
// agree with Want on mask — "t >= k", "t <= k", "t == k", "t != k" — and
// its divisibility by k, at the number that costs least; each atom with
// its nil guard when the term reads prev2 or prev3 (the short lines must
// then all be accepted, or all refused). Deep is the top of the search:
// every term of the pool; below it, the short terms only.
func (s *synth) thresholds(mask []uint64, budget int, deep bool) []Found {
	var out []Found
	ps := s.p.Points
	maxTerm := budget - 5
	if !deep {
		maxTerm = min(maxTerm, s.cfg.PairBits-2) // below the top, the shorter terms only
	}
	for _, t := range s.ints {
		if t.Bits > maxTerm || s.late() {
			break
		}
		if isConst(t) {
			continue
		}
		d := int(t.depth)
		m := mask
		guard := Op(255)
		if d >= 2 {
			short := s.and(mask, ps.short[d])
			m = s.andNot(mask, ps.short[d])
			switch {
			case allOf(s.p.Want, short):
				guard = Eq
			case noneOf(s.p.Want, short):
				guard = Ne
			default:
				continue
			}
		}
		st, useless := scanUntilUseless(t.I, m, s.p.Want, true)
		if useless || st.pos == 0 || st.neg == 0 {
			continue // a term alone says nothing here (or where all agree)
		}
		add := func(n *Node) {
			if guard != 255 {
				n = &Node{P: PGuard, Slot: guardSlot[d], Op: guard, Kids: []*Node{n}}
			}
			if b := n.Bits(); b <= budget {
				out = append(out, Found{n, b})
			}
		}
		cmpK := func(op Op, k int32) {
			add(&Node{P: PCmp, Op: op, Kids: []*Node{t.Node, {P: PConst, K: int(k)}}})
		}
		// Every threshold the points allow (a few): the rivals a belief
		// needs, each at its own length.
		if st.minPos > st.maxNeg {
			for k := st.maxNeg + 1; k <= st.minPos && k <= st.maxNeg+4; k++ {
				cmpK(Ge, k)
			}
		}
		if st.maxPos < st.minNeg {
			for k := st.maxPos; k < st.minNeg && k <= st.maxPos+3; k++ {
				cmpK(Le, k)
			}
		}
		if st.onePos && !st.negHas(st.minPos) {
			cmpK(Eq, st.minPos)
		}
		if st.oneNeg && !st.posHas(st.minNeg) {
			cmpK(Ne, st.minNeg)
		}
		// A range: every accepted value between the least and the
		// greatest, no refused one ("the last three add up to 15 to 25").
		if t.rankS == 0 && st.minPos < st.maxPos && st.maxNeg >= st.minPos && st.minNeg <= st.maxPos &&
			st.minPos >= 0 && st.maxPos <= 31 && !st.negIn(st.minPos, st.maxPos) {
			add(&Node{P: PRange, K: int(st.minPos), K2: int(st.maxPos), Kids: []*Node{t.Node}})
		}
		if s.cfg.Sets {
			sets(t, &st, add)
		}
		if t.Node.P != PMod {
			// Beyond 13, of the terms that go round k twice or more (a
			// running total "counted round 19").
			for k := int32(2); k <= maxModulus; k++ {
				if t.hi < k && t.lo >= 0 || k > 13 && t.hi < 2*k {
					break
				}
				if st.divEq>>k&1 == 1 {
					add(&Node{P: PDiv, Op: Eq, K: int(k), Kids: []*Node{t.Node}})
				} else if st.divNe>>k&1 == 1 {
					add(&Node{P: PDiv, Op: Ne, K: int(k), Kids: []*Node{t.Node}})
				}
			}
			kindAtoms(t.Node, t.hi, st.kindEq, st.kindNe, add)
			// By 2 to 13 as well where the pool holds no remainder of t
			// (a term that may be negative, or too long for t % 13).
			from := int32(14)
			if t.lo < 0 || t.Bits+modBits(13) > s.cfg.TermBits {
				from = 2
			}
			residueAtoms(t.Node, t.I, t.lo, t.hi, from, m, s.p.Want, add)
			if t.lo >= 0 {
				residueBounds(t.Node, t.I, t.hi, m, s.p.Want, add)
			}
		}
		if t.Node.P == PMod && t.Node.K%2 == 1 {
			// The parity of a remainder by an odd number ("add the card
			// and the last two, take the remainder by 13: it must be
			// even"), which no term's parity says.
			if st.divEq>>2&1 == 1 {
				add(&Node{P: PDiv, Op: Eq, K: 2, Kids: []*Node{t.Node}})
			} else if st.divNe>>2&1 == 1 {
				add(&Node{P: PDiv, Op: Ne, K: 2, Kids: []*Node{t.Node}})
			}
		}
		if t.Node.P == PN {
			// The card's place, the starter first ("court cards on the
			// square places"): n + 1.
			eq, ne := kindScan(t.I, m, s.p.Want, 1)
			kindAtoms(&Node{P: PArith, Op: Add, Kids: []*Node{t.Node, {P: PConst, K: 1}}}, t.hi+1, eq, ne, add)
		}
	}
	return out
}

// termScan summarises a term's values at the accepted and refused points
// of a mask.
type termScan struct {
	pos, neg       int
	minPos, maxPos int32
	minNeg, maxNeg int32
	onePos, oneNeg bool // every accepted (refused) point has one value
	// divEq, divNe: bit k set when "t % k == 0" ("!= 0") holds exactly at
	// the accepted points.
	divEq, divNe uint32
	// kindEq, kindNe: bit k set when the term is of numberKinds[k]
	// exactly at the accepted (the refused) points.
	kindEq, kindNe uint8
	// posSet, negSet: the values (0 … maxInValue) at the accepted and the
	// refused points; outside: some value lies beyond.
	posSet, negSet uint64
	outside        bool
	values         []int32
	want, mask     []uint64
}

func scanTerm(vals []int32, mask, want []uint64) termScan {
	st, _ := scanUntilUseless(vals, mask, want, false)
	return st
}

// scanUntilUseless is scanTerm, which, when stop is set, ends the scan at
// the first value seen both accepted and refused (useless: every
// comparison thresholds makes is a function of the term's value): most
// terms, in most sub-problems, after a few points.
func scanUntilUseless(vals []int32, mask, want []uint64, stop bool) (termScan, bool) {
	st := termScan{minPos: 1 << 30, maxPos: -1 << 30, minNeg: 1 << 30, maxNeg: -1 << 30, values: vals, want: want, mask: mask,
		divEq: ^uint32(0), divNe: ^uint32(0), kindEq: ^uint8(0), kindNe: ^uint8(0)}
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			if stop && st.posSet&st.negSet != 0 {
				// A value both accepted and refused: no comparison of the
				// term alone tells the points apart.
				return st, true
			}
			i := w*64 + bits.TrailingZeros64(m)
			x := vals[i]
			z, kz := divisors(x), kindsOf(x)
			var v uint64
			if x >= 0 && x <= maxInValue {
				v = 1 << x
			} else {
				st.outside = true
			}
			if want[w]>>(i%64)&1 == 1 {
				st.posSet |= v
				st.pos++
				st.minPos, st.maxPos = min(st.minPos, x), max(st.maxPos, x)
				st.divEq &= z
				st.divNe &^= z
				st.kindEq &= kz
				st.kindNe &^= kz
			} else {
				st.negSet |= v
				st.neg++
				st.minNeg, st.maxNeg = min(st.minNeg, x), max(st.maxNeg, x)
				st.divEq &^= z
				st.divNe &= z
				st.kindEq &^= kz
				st.kindNe &= kz
			}
		}
	}
	st.onePos, st.oneNeg = st.minPos == st.maxPos, st.minNeg == st.maxNeg
	return st, false
}

// negIn reports whether some refused point of the mask has a value in
// [lo, hi].
func (st *termScan) negIn(lo, hi int32) bool {
	for w, m := range st.mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			if x := st.values[i]; x >= lo && x <= hi && st.want[w]>>(i%64)&1 == 0 {
				return true
			}
		}
	}
	return false
}

// posHas and negHas report whether some accepted (refused) point of the
// mask has value x.
func (st *termScan) posHas(x int32) bool { return st.has(x, true) }
func (st *termScan) negHas(x int32) bool { return st.has(x, false) }

func (st *termScan) has(x int32, accepted bool) bool {
	for w, m := range st.mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			if st.values[i] == x && (st.want[w]>>(i%64)&1 == 1) == accepted {
				return true
			}
		}
	}
	return false
}

// divisors is the set of k in 2..maxModulus that divide x (bit k).
func divisors(x int32) uint32 {
	if x >= -divTableMax && x <= divTableMax {
		return divTable[x+divTableMax]
	}
	var z uint32
	for k := int32(2); k <= maxModulus; k++ {
		if x%k == 0 {
			z |= 1 << k
		}
	}
	return z
}

const divTableMax = 2048

var divTable = func() (t [2*divTableMax + 1]uint32) {
	for x := -divTableMax; x <= divTableMax; x++ {
		for k := 2; k <= maxModulus; k++ {
			if x%k == 0 {
				t[x+divTableMax] |= 1 << k
			}
		}
	}
	return t
}()

func (s *synth) pureThresholds(pos, neg []uint64, budget int) []*Class {
	var out []*Class
	mask := make([]uint64, s.words)
	for w := range mask {
		mask[w] = pos[w] | neg[w]
	}
	for _, t := range s.ints {
		if t.Bits+2+3 > budget || s.late() {
			break
		}
		if isConst(t) {
			continue
		}
		m := mask
		if t.depth >= 2 {
			m = s.andNot(mask, s.p.Points.short[t.depth])
		}
		st := scanTerm(t.I, m, s.p.Want)
		if st.pos == 0 || st.neg == 0 {
			continue
		}
		mk := func(op Op, k int32) {
			if k < 0 || k > 63 {
				return
			}
			n := &Node{P: PCmp, Op: op, Kids: []*Node{t.Node, {P: PConst, K: int(k)}}}
			variants := []*Node{n}
			if t.depth >= 2 { // false while short (an or's part), true (an and's)
				variants = []*Node{
					{P: PGuard, Slot: guardSlot[t.depth], Op: Ne, Kids: []*Node{n}},
					{P: PGuard, Slot: guardSlot[t.depth], Op: Eq, Kids: []*Node{n}},
				}
			}
			for _, v := range variants {
				if c := s.made(v); c != nil && c.Bits <= budget {
					out = append(out, c)
				}
			}
		}
		// For or: above every refused value (or below), as low (high) as
		// the accepted values go. For and: the least accepted value and up
		// (or the greatest and down).
		if st.maxPos > st.maxNeg {
			mk(Ge, st.maxNeg+1)
		}
		if st.minPos < st.minNeg {
			mk(Le, st.minNeg-1)
		}
		mk(Ge, st.minPos)
		mk(Le, st.maxPos)
		// For or: the one value most accepted points take and no refused
		// one does ("exactly one rank up, counting round", or …).
		if v, ok := commonValue(&s.values, t.I, s.and(pos, m), s.and(neg, m)); ok {
			mk(Eq, v)
		}
	}
	return out
}

// made is node n as a class of these points (nil when the pool holds its
// behaviour already, shorter or as short). A comparison of a pool term
// with a number (under a guard or not) is evaluated from the term's
// vector.
func (s *synth) made(n *Node) *Class {
	v, ok := s.cmpOfPool(n)
	if !ok {
		v = s.p.Points.Eval(n)
	}
	dup := false
	s.classesOf(v, func(*Class) { dup = true })
	if dup {
		return nil
	}
	return &Class{Node: n, Bits: n.Bits(), Vec: v, card: n.Reads().Card, depth: int8(n.Unguarded())}
}

// cmpOfPool evaluates "t op k" (or its nil guard) for a term t of the
// pool from t's vector; false for any other node.
func (s *synth) cmpOfPool(n *Node) (Vec, bool) {
	g := n
	if n.P == PGuard {
		n = n.Kids[0]
	}
	if n.P != PCmp || n.Kids[1].P != PConst {
		return Vec{}, false
	}
	t, ok := s.intOf[n.Kids[0]]
	if !ok {
		return Vec{}, false
	}
	ps := s.p.Points
	out := Vec{B: make([]uint64, ps.Words())}
	k := int32(n.Kids[1].K)
	for i, x := range t.I {
		if compare(n.Op, x, k) {
			out.B[i/64] |= 1 << (i % 64)
		}
	}
	if g.P == PGuard {
		guardVec(out.B, ps.short[slotDepth[g.Slot]], g.Op)
	}
	return out, true
}

// guardVec puts a vector under a nil guard: true on the short lines'
// points for "== nil or" (op Eq), false for "!= nil and" (Ne).
func guardVec(v, short []uint64, op Op) {
	for w := range v {
		if op == Eq {
			v[w] |= short[w]
		} else {
			v[w] &^= short[w]
		}
	}
}

// condThresholds are the conditions made of the pool's terms that do not
// read the card, compared with the numbers they take on the points ("after
// a card of 10 or more", "while the last two add up to more than 13"),
// each with its guard while prev2 or prev3 is missing (no card: a
// condition that cannot be read fails): for the conditionals at the top.
// The look-back pool's terms reach backBits ("once the cards since the
// last two or lower add up to 30": 9 bits).
func (s *synth) condThresholds(termBits, backBits int) []*Class {
	var out []*Class
	var labels [][]uint64
	if s.cfg.Telling {
		labels = s.tellingLabels()
	}
	for _, t := range s.ints {
		bound := termBits
		if t.id >= arithIDs {
			bound = max(termBits, backBits)
		}
		if t.Bits > max(termBits, backBits) {
			break
		}
		if t.Bits > bound || isConst(t) || t.card {
			continue
		}
		maxBits := bound + 2 + 4
		vals := slices.Clone(t.I)
		slices.Sort(vals)
		vals = slices.Compact(vals)
		if len(vals) < 2 {
			continue
		}
		if len(vals) > 12 { // the quantiles of the values, not every one
			q := make([]int32, 0, 12)
			for i := range 12 {
				q = append(q, vals[i*(len(vals)-1)/11])
			}
			vals = slices.Compact(q)
		}
		// And the ones the verdicts turn at ("once the cards since the
		// last ace add up to 25 or more, only aces and face cards"):
		// seldom a quantile, allowed a constant up to 63, and kept apart
		// as well (s.telling: the top search's first splits, leadSplits,
		// and the fit splits' candidates). None without cfg.Telling.
		var telling []int32
		if labels != nil {
			telling = s.tellingThresholds(t.I, labels)
		}
		for _, k := range telling {
			if !slices.Contains(vals, k) {
				vals = append(vals, k)
			}
		}
		slices.Sort(vals)
		for _, k := range vals {
			if k < 0 || k > 63 {
				continue
			}
			for _, op := range []Op{Ge, Le, Eq} {
				if op == Ge && k == vals[0] || op == Le && k == vals[len(vals)-1] {
					continue // holds everywhere
				}
				var n *Node = &Node{P: PCmp, Op: op, Kids: []*Node{t.Node, {P: PConst, K: int(k)}}}
				if t.depth >= 2 {
					n = &Node{P: PGuard, Slot: guardSlot[t.depth], Op: Ne, Kids: []*Node{n}}
				}
				limit := maxBits
				if op == Ge && slices.Contains(telling, k) {
					limit += 2
				}
				if n.Bits() > limit {
					continue
				}
				if c := s.made(n); c != nil {
					out = append(out, c)
					if limit > maxBits {
						s.telling = append(s.telling, c)
					}
				}
			}
		}
		if labels == nil {
			continue
		}
		for _, set := range s.tellingSets(t.I, labels) {
			var n *Node = &Node{P: PIn, K: set, Kids: []*Node{t.Node}}
			if t.depth >= 2 {
				n = &Node{P: PGuard, Slot: guardSlot[t.depth], Op: Ne, Kids: []*Node{n}}
			}
			if n.Bits() > maxBits+tellingSetBits {
				continue
			}
			if c := s.made(n); c != nil {
				out = append(out, c)
				s.telling = append(s.telling, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	return out
}
