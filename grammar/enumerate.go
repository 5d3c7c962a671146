package grammar

import (
	"slices"
)

// Class is one behaviour on an Enumerator's points: every node found with
// these values, the shortest first.
type Class struct {
	// Node is the shortest member, Bits its description length.
	Node *Node
	Bits int
	// Members are the next shortest members (Node not among them), at most
	// Enumerator.Keep − 1 of them: what the class stands for on the points
	// it has not seen.
	Members []*Node
	Vec
	id    int32
	next  *Class // the next class with the same hash
	depth int8   // the unguarded depth of the shortest member (prev2: 2, prev3: 3)
	lo    int32  // an integer class's bounds (its shortest member's)
	hi    int32
	card  bool  // the shortest member reads the card
	rankS Slot  // for a class whose shortest member is X.rank: X + 1; 0 otherwise
	order bool  // the shortest member is a card's strength in a game's order (only compared)
	top   int32 // an integer class's greatest |value| on the points
}

// Enumerator builds the language bottom-up by description length on a set
// of points, one class per behaviour. Grow(L) adds the classes whose
// shortest member has L bits; a node with the values of an older class
// joins it as a member.
type Enumerator struct {
	ps *Points
	// Keep is how many members each class keeps (1: the shortest only).
	Keep int
	// Seen, when set, builds no remainder t % k of a term that stays
	// below k on the points: there it is t, and "t % k == 0" is "t == 0"
	// (a count of kings "a multiple of 10" while no hand has seen ten),
	// which would crowd the plain comparison out of its class.
	Seen bool
	// Near, when set, also builds a card's distance from a number,
	// abs(X.rank - k) for k from 2 to 12 ("at least as close to 7 as the
	// last card"). The look-back pool's: the hands' budget has no room for
	// them. (Of every term, not only a rank, they made the placements a
	// quarter slower.)
	Near bool
	// Limit bounds the number of classes (Grow stops adding beyond it).
	Limit int
	// Stop, when set, is asked now and then during Grow; true ends it
	// (a time budget).
	Stop func() bool
	// Connectives: build compounds (not, and, or, the conditionals) too,
	// not only terms and atoms.
	Connectives bool
	// MaxBool: Boolean classes are built up to this length only (integer
	// terms go on to the length Grow is given, for the comparisons the
	// synthesizer finds top down); 0: no bound. MaxInt likewise bounds the
	// integer terms (the comparisons of two terms then reach past them).
	MaxBool, MaxInt int
	// Leaf, when set, says which of the language's leaves (the nodes
	// without children) the enumeration starts from.
	Leaf func(n *Node) bool
	// idBase numbers this enumerator's classes from (two enumerators over
	// one set of points then never give two classes one id).
	idBase int32
	// Only, when set, restricts the language to the productions it marks
	// (a small grammar, for tests against brute force).
	Only        *[NumProds]bool
	ints, bools [][]*Class
	// seen: the first class of each hash (more with the same hash chain
	// through Class.next).
	seen    map[uint64]*Class
	classes int
	nodes   int
	stopped bool
	// onBool, when set, sees every new Boolean class (the synthesizer's
	// goal test).
	onBool func(c *Class)
	// scratch
	kids      [3]Vec
	scratch   Vec
	guardBuf  Vec
	sn, gn    Node // scratch nodes: a candidate, its nil guard
	skids     [3]*Node
	gkid      [1]*Node
	nodeSlab  []Node
	kidSlab   []*Node
	classSlab []Class
	ints32    []int32  // arena of the classes' integer vectors
	words     []uint64 // arena of their bit sets
}

// keep copies a scratch vector into the arenas.
func (e *Enumerator) keep(v Vec) Vec {
	if v.I != nil {
		if len(e.ints32) < len(v.I) {
			e.ints32 = make([]int32, max(1<<16, len(v.I)))
		}
		out := e.ints32[:len(v.I):len(v.I)]
		e.ints32 = e.ints32[len(v.I):]
		copy(out, v.I)
		return Vec{I: out}
	}
	if len(e.words) < len(v.B) {
		e.words = make([]uint64, max(1<<14, len(v.B)))
	}
	out := e.words[:len(v.B):len(v.B)]
	e.words = e.words[len(v.B):]
	copy(out, v.B)
	return Vec{B: out}
}

// NewEnumerator starts an enumeration over ps.
func NewEnumerator(ps *Points) *Enumerator {
	return &Enumerator{ps: ps, Keep: 4, Limit: 1 << 20, Connectives: true, seen: map[uint64]*Class{}}
}

// Classes is the number of classes found; Nodes the number of nodes tried.
func (e *Enumerator) Classes() int { return e.classes }
func (e *Enumerator) Nodes() int   { return e.nodes }

// Stopped reports whether Stop or Limit ended a Grow early.
func (e *Enumerator) Stopped() bool { return e.stopped }

// Bools are the Boolean classes of exactly L bits (after Grow(L)).
func (e *Enumerator) Bools(L int) []*Class {
	if L >= 0 && L < len(e.bools) {
		return e.bools[L]
	}
	return nil
}

// Ints are the integer classes of exactly L bits.
func (e *Enumerator) Ints(L int) []*Class {
	if L >= 0 && L < len(e.ints) {
		return e.ints[L]
	}
	return nil
}

// hashVec hashes a vector (integers and bits apart).
func hashVec(v Vec) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	mix := func(x uint64) {
		h ^= x
		h *= 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	if v.I != nil {
		mix(1)
		for _, x := range v.I {
			mix(uint64(uint32(x)))
		}
		return h
	}
	for _, w := range v.B {
		mix(w)
	}
	return h
}

func (e *Enumerator) level(L int) {
	for len(e.ints) <= L {
		e.ints = append(e.ints, nil)
		e.bools = append(e.bools, nil)
	}
}

// add offers node n of L bits with its children's vectors: a new class, a
// member of an old one, or nothing (an integer constant on every point the
// same as a number already named).
func (e *Enumerator) add(n *Node, L int, kids [3]Vec) {
	if e.stopped || e.Only != nil && !e.Only[n.P] {
		return
	}
	e.nodes++
	if e.nodes%4096 == 0 && e.Stop != nil && e.Stop() {
		e.stopped = true
		return
	}
	v := e.ps.applyInto(n, kids, &e.scratch)
	h := hashVec(v)
	first := e.seen[h]
	for c := first; c != nil; c = c.next {
		if c.Node.Type() == n.Type() && sameVec(c.Vec, v) {
			if len(c.Members)+1 < e.Keep {
				c.Members = append(c.Members, e.keepNode(n))
			}
			return
		}
	}
	if e.classes >= e.Limit {
		e.stopped = true
		return
	}
	v = e.keep(v)
	n = e.keepNode(n)
	c := e.newClass()
	*c = Class{Node: n, Bits: L, Vec: v, id: e.idBase + int32(e.classes), next: first, depth: int8(n.Unguarded())}
	e.classes++
	if n.Type() == Int {
		s := n.bounds()
		c.lo, c.hi = s.lo, s.hi
		if n.P == PRank {
			c.rankS = n.Slot + 1
		}
		c.order = n.P == PWorth && countings[n.K].order
		for _, x := range v.I {
			c.top = max(c.top, x, -x)
		}
	}
	c.card = n.Reads().Card
	e.seen[h] = c
	e.level(L)
	if n.Type() == Int {
		e.ints[L] = append(e.ints[L], c)
	} else {
		e.bools[L] = append(e.bools[L], c)
		if e.onBool != nil {
			e.onBool(c)
		}
	}
}

// keepNode copies a node the enumerator built in scratch memory (its own
// fields and its list of children; the children are kept nodes, but for a
// guard's, which is scratch too), into the enumerator's slabs.
func (e *Enumerator) keepNode(n *Node) *Node {
	if len(e.nodeSlab) == 0 {
		e.nodeSlab = make([]Node, 1024)
	}
	c := &e.nodeSlab[0]
	e.nodeSlab = e.nodeSlab[1:]
	*c = *n
	if k := len(n.Kids); k > 0 {
		if len(e.kidSlab) < k {
			e.kidSlab = make([]*Node, 4096)
		}
		c.Kids = e.kidSlab[:k:k]
		e.kidSlab = e.kidSlab[k:]
		copy(c.Kids, n.Kids)
	}
	if n.P == PGuard {
		c.Kids[0] = e.keepNode(n.Kids[0])
	}
	return c
}

// newClass is a fresh class from the enumerator's slab.
func (e *Enumerator) newClass() *Class {
	if len(e.classSlab) == 0 {
		e.classSlab = make([]Class, 1024)
	}
	c := &e.classSlab[0]
	e.classSlab = e.classSlab[1:]
	return c
}

// mk fills the scratch node with a production, its parameters and children.
func (e *Enumerator) mk(p Prod, op Op, k int, kids ...*Node) *Node {
	e.sn = Node{P: p, Op: op, K: k, Kids: append(e.skids[:0], kids...)}
	return &e.sn
}

func sameVec(a, b Vec) bool {
	if a.I != nil {
		return slices.Equal(a.I, b.I)
	}
	return slices.Equal(a.B, b.B)
}

// atom offers a Boolean atom: as itself when it is safe on every line, or
// in its two nil guards when it reads prev2 or prev3 (any card while the
// line is too short, as a rule says it; no card, as a condition does).
func (e *Enumerator) atom(n *Node, L int, kids [3]Vec) {
	if e.Only != nil && !e.Only[n.P] {
		return
	}
	d := n.Unguarded()
	// A window of the last two or three cards reads fewer while the line
	// is short; rules people write say either (count what is there, or
	// only once there are that many): both, the second with the guard.
	w := n.Reads().Win
	if d < 2 {
		e.add(n, L, kids)
		if w < 2 || w > 3 {
			return
		}
		d = w
	}
	v := e.ps.applyInto(n, kids, &e.guardBuf)
	slot := SlotPrev2
	if d == 3 {
		slot = SlotPrev3
	}
	for _, op := range []Op{Eq, Ne} {
		e.gn = Node{P: PGuard, Slot: slot, Op: op, Kids: append(e.gkid[:0], n)}
		e.add(&e.gn, L, [3]Vec{v})
	}
}

// Grow adds the classes of every length up to L not yet grown.
func (e *Enumerator) Grow(L int) {
	for l := len(e.ints); l <= L && !e.stopped; l++ {
		e.level(l)
		e.grow(l)
	}
}

// grow adds the classes of exactly L bits.
func (e *Enumerator) grow(L int) {
	if e.MaxInt == 0 || L <= e.MaxInt {
		e.intLeaves(L)
		e.intOps(L)
	}
	if e.MaxBool > 0 && L > e.MaxBool {
		return
	}
	e.boolLeaves(L)
	e.boolOfInts(L)
	if e.Connectives {
		e.connectives(L)
	}
}

func (e *Enumerator) intLeaves(L int) {
	for i := range leafCatalogue().ints[L] {
		n := &leafCatalogue().ints[L][i]
		if e.Leaf != nil && !e.Leaf(n) {
			continue
		}
		e.add(n, L, [3]Vec{})
	}
}

func isConst(c *Class) bool { return c.Node.P == PConst }

// intOps offers the arithmetic of two terms and the remainders t % k.
func (e *Enumerator) intOps(L int) {
	own := Table[PArith].Bits(nil)
	for la := 1; la <= L-own-1; la++ {
		lb := L - own - la
		for _, a := range e.Ints(la) {
			if isConst(a) {
				continue // a number on the right only
			}
			for _, b := range e.Ints(lb) {
				for op := range numArith {
					if !arithFits(op, a, b, e.Near) {
						continue
					}
					e.kids[0], e.kids[1] = a.Vec, b.Vec
					e.add(e.mk(PArith, op, 0, a.Node, b.Node), L, e.kids)
				}
			}
		}
	}
	for k := 2; k <= longCycle; k++ {
		for _, t := range e.Ints(L - modBits(k)) {
			if isConst(t) || t.order || t.hi < int32(k) && t.lo >= 0 || t.Node.P == PMod || e.Seen && t.top < int32(k) {
				continue // t % k is t; a remainder of a remainder
			}
			if k > 13 && (!e.Near || t.Node.P != PN) {
				continue // past 13, the place in a cycle: the look-back pool's
			}
			e.kids[0] = t.Vec
			e.add(e.mk(PMod, 0, k, t.Node), L, e.kids)
		}
	}
}

// longCycle is the longest cycle of places the look-back pool counts n
// round ("the son clave's sixteen beats": n % 16); the other terms' remainders
// stop at 13 (beyond, found top down: moduli.go).
const longCycle = 16

// arithFits reports whether a op b is worth building: each unordered pair
// once for the symmetric operations, a number only on the right and only to
// add, subtract or multiply (and, with near, for a rank's distance from a
// number inside its range: outside it the distance is a − k or k − a), a
// remainder by a rank, the sums counted round the ranks of two ranks;
// never a card's strength in a game's order, which is only compared (its
// sums would take the look-back pool's room from terms that mean something).
func arithFits(op Op, a, b *Class, near bool) bool {
	if a.order || b.order {
		return false // a strength's sums and differences mean nothing: it is only compared
	}
	if op == Mul {
		if s := arithBounds(Mul, span{a.lo, a.hi}, span{b.lo, b.hi}); s.hi >= maxTerm || s.lo <= -maxTerm {
			return false // it could overflow
		}
	}
	if isConst(b) {
		k := int32(b.Node.K)
		switch op {
		case Add, Sub:
			return k > 0
		case Mul:
			return k > 1
		case Dist:
			return near && a.rankS > 0 && k > a.lo && k < a.hi
		}
		return false
	}
	switch op {
	case Add, Mul, Wrap: // x + x, x * x are terms of their own
		if a.id > b.id {
			return false
		}
	case Dist, Min, Max:
		if a.id >= b.id {
			return false
		}
	case Sub:
		if a.id == b.id {
			return false
		}
	}
	switch op {
	case Xor: // the look-back pool's (near), of two ranks
		return near && a.rankS > 0 && b.rankS > 0 && a.id < b.id
	case Rem:
		return b.rankS > 0 && a.id != b.id
	case Wrap, Up:
		return a.rankS > 0 && b.rankS > 0 && (op == Wrap || a.id != b.id)
	}
	return true
}

// boolLeaves offers the atoms without children.
func (e *Enumerator) boolLeaves(L int) {
	for i := range leafCatalogue().bools[L] {
		if n := &leafCatalogue().bools[L][i]; e.Leaf == nil || e.Leaf(n) {
			e.atom(n, L, [3]Vec{})
		}
	}
}
