package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// The comparisons of two look-back terms as parts of a rule. The look-back
// pool keeps its comparisons of two terms to ArithBits + 2 bits (or less,
// where its bound on classes stops it: pairsFrom); longer ones (to
// ArithBits + 4) are too many to keep, and arithPairs tries them as
// whole rules only. But people join them with a condition: "a smaller jump
// than the last, unless the last was a step of one or none", "closer to the
// starter than the last card, once within one of it anything". Here, at the
// top of a synthesis, the few of them that can be one side of such a rule
// are made into atoms for the compounds: for an "or", comparisons that
// accept no refused point (the most accepted ones first); for an "and",
// comparisons that accept every accepted point (the most refused ones
// refused first). Each pair of terms is read once for both.

// pairAtomsKept is how many comparisons of each side the compounds get: the
// compounds try the best-scoring few dozen candidates of any kind.
// pairListMax bounds the comparisons kept for the parts solved below.
const pairAtomsKept, pairListMax = 16, 16384

// pairAtoms are the comparisons of two look-back terms longer than the
// pool's atoms, of at most budget bits, that can be an "or"'s part (pos:
// the accepted points of the problem, neg: the refused ones) or an
// "and"'s: the best of each for the compounds to choose from. Every one of
// them is kept as well (pairOr, pairAnd), for the other part: the rest of
// an "or" is its accepted points that the first part leaves and all its
// refused ones — a comparison false at every refused point, true at those
// ("the same colour as the last card, or the rank that counts up from the
// starter one place at a time"). A comparison that reads prev2 (prev3) is
// guarded: false on the lines too short for it in an "or", true in an
// "and".
func (s *synth) pairAtoms(pos, neg []uint64, budget int) []*Class {
	if s.arith == nil || s.pairsMade {
		return s.pairBest // once, at the top: the parts of a split read them again
	}
	s.pairsMade = true
	var ors, ands []pairCmp
	var onPos, onNeg [numCmps]int
	nNeg := Ones(neg)
	for a, b := range s.termPairs(budget) {
		orOK, andOK := s.oneSided(a, b, pos, neg, &onPos, &onNeg)
		for op := range numCmps {
			if orOK>>op&1 == 1 && onPos[op] > 0 {
				ors = append(ors, pairCmp{a, b, op, onPos[op]})
			}
			if andOK>>op&1 == 1 && onNeg[op] < nNeg {
				ands = append(ands, pairCmp{a, b, op, -onNeg[op]})
			}
		}
	}
	// Shortest first, as they were found, for the parts below; the best
	// scores for the compounds.
	s.pairOr = s.pairClasses(ors, false, pairListMax)
	s.pairAnd = s.pairClasses(ands, true, pairListMax)
	best := func(ks []pairCmp) []pairCmp {
		slices.SortStableFunc(ks, func(x, y pairCmp) int { return cmp.Compare(y.score, x.score) })
		return ks[:min(len(ks), pairAtomsKept)]
	}
	s.pairBest = append(s.pairClasses(best(ors), false, pairAtomsKept), s.pairClasses(best(ands), true, pairAtomsKept)...)
	return s.pairBest
}

// pairFits are the comparisons kept by pairAtoms that agree with Want on
// mask, of at most budget bits: the other part of an "or" or an "and".
func (s *synth) pairFits(mask []uint64, budget, limit int) []Found {
	var out []Found
	for _, list := range [2][]*Class{s.pairOr, s.pairAnd} {
		for _, c := range list {
			if c.Bits <= budget && s.agrees(c.B, mask) {
				out = append(out, Found{c.Node, c.Bits})
				if len(out) >= limit {
					return out
				}
			}
		}
	}
	return out
}

// agrees reports whether a vector gives Want's verdict on every point of
// mask.
func (s *synth) agrees(v, mask []uint64) bool {
	for w, m := range mask {
		if (v[w]^s.p.Want[w])&m != 0 {
			return false
		}
	}
	return true
}

// oneSided reads the pair (a, b) on the problem's points (those long
// enough for both terms): orOK is the comparisons (bit op) false at every
// refused point, andOK those true at every accepted one; onPos[op] is the
// accepted points an "or"'s comparison is true at (the more the better),
// onNeg[op] the refused points an "and"'s is true at (the fewer).
func (s *synth) oneSided(a, b *Class, pos, neg []uint64, onPos, onNeg *[numCmps]int) (orOK, andOK uint8) {
	d := max(int(a.depth), int(b.depth))
	var short []uint64
	if d >= 2 {
		short = s.p.Points.short[d]
	}
	orOK, andOK = 1<<numCmps-1, 1<<numCmps-1
	// The verdicts that rule a comparison out first, with an early end.
	for w := range pos {
		var sh uint64
		if short != nil {
			sh = short[w]
		}
		for m := neg[w] &^ sh; m != 0 && orOK != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			orOK &^= opsAgreeing[order(a.I[i], b.I[i])][1]
		}
		for m := pos[w] &^ sh; m != 0 && andOK != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			andOK &= opsAgreeing[order(a.I[i], b.I[i])][1]
		}
		if orOK == 0 && andOK == 0 {
			return 0, 0
		}
	}
	*onPos, *onNeg = [numCmps]int{}, [numCmps]int{}
	for w := range pos {
		var sh uint64
		if short != nil {
			sh = short[w]
		}
		if orOK != 0 {
			for m := pos[w] &^ sh; m != 0; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				tallyOps(onPos, orOK&opsAgreeing[order(a.I[i], b.I[i])][1])
			}
		}
		if andOK != 0 {
			for m := neg[w] &^ sh; m != 0; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				tallyOps(onNeg, andOK&opsAgreeing[order(a.I[i], b.I[i])][1])
			}
		}
	}
	return orOK, andOK
}

// tallyOps counts one point for every comparison of the set ops.
func tallyOps(count *[numCmps]int, ops uint8) {
	for ; ops != 0; ops &= ops - 1 {
		count[bits.TrailingZeros8(ops)]++
	}
}

// pairCmp is a comparison of two terms kept for the compounds, and its
// score (the higher the better).
type pairCmp struct {
	a, b  *Class
	op    Op
	score int
}

// pairClasses makes at most most of the comparisons classes of the
// points, under the nil guard their side needs ("prev2 != nil and …" in an
// or, "prev2 == nil or …" in an and), one of each behaviour (the first,
// the shortest) and none that either pool holds.
func (s *synth) pairClasses(ks []pairCmp, and bool, most int) []*Class {
	var out []*Class
	seen := map[uint64][]*Class{} // one of each behaviour, the shortest
	for _, k := range ks {
		if len(out) >= most {
			break
		}
		n := &Node{P: PCmp, Op: k.op, Kids: []*Node{k.a.Node, k.b.Node}}
		v := Vec{B: make([]uint64, s.words)}
		cmpVec(k.op, k.a.I, k.b.I, v.B)
		if d := max(int(k.a.depth), int(k.b.depth)); d >= 2 {
			short := s.p.Points.short[d]
			op := Ne // false while short: an or's part
			if and {
				op = Eq // true while short: an and's
			}
			n = &Node{P: PGuard, Slot: guardSlot[d], Op: op, Kids: []*Node{n}}
			guardVec(v.B, short, op)
		}
		h := hashVec(v)
		dup := slices.ContainsFunc(seen[h], func(c *Class) bool { return sameVec(c.Vec, v) })
		s.classesOf(v, func(*Class) { dup = true })
		if !dup {
			c := &Class{Node: n, Bits: n.Bits(), Vec: v, card: true, depth: int8(n.Unguarded())}
			seen[h] = append(seen[h], c)
			out = append(out, c)
		}
	}
	return out
}

// isNear reports whether n is a distance from a number, abs(t - k).
func isNear(n *Node) bool { return n.P == PArith && n.Op == Dist && n.Kids[1].P == PConst }

// pairTerms are the look-back terms of each length, once per synthesis (the
// main pool's shorter ones hold counts and sums of the line too; numbers
// are compared by the thresholds).
func (s *synth) pairTerms() [][]*Class {
	if s.lookTerms != nil {
		return s.lookTerms
	}
	terms := make([][]*Class, s.cfg.ArithBits+1)
	for L := 1; L <= s.cfg.ArithBits; L++ {
		from := s.arith.Ints(L)
		if L <= s.poolBits {
			// The main pool's, and what only the look-back pool builds
			// of them: the cards' distances from a number ("at least as
			// close to 7 as the last card"), a suit as a number and the
			// round of a place ("not the suit of the round": a suit's
			// number against the round's, mod 4).
			from = slices.Clone(s.e.Ints(L))
			for _, c := range s.arith.Ints(L) {
				if (isNear(c.Node) || c.Node.P == PSuitNo || c.Node.P == PRound) && !s.inMain(c.Vec) {
					from = append(from, c)
				}
			}
		}
		for _, c := range from {
			if !isConst(c) && inArith(c.Node) {
				terms[L] = append(terms[L], c)
			}
		}
	}
	s.lookTerms = terms
	return terms
}
