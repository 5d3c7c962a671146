package grammar

import (
	"cmp"
	"iter"
	"math/bits"
	"slices"
	"sync"
	"time"
)

// The look-back pool: the arithmetic of the cards in view. Rules people
// write relate the card to the last two or three through a term of them
// all — "higher than the sum of the last two, mod 13", "the three add up
// to a multiple of 5", "a bigger jump from two back than the last" — terms
// of 12 to 15 bits that the main pool, which holds every count and sum of
// the line as well, cannot reach within its budget (it doubles with every
// bit). Over the ranks of card, prev, prev2, prev3 and the starter, the
// rank of the line's last card of a kind, a suit as a number, n and the
// numbers up to 13 alone, the language is narrow enough to go further: a
// second enumerator builds its terms to ArithBits and its atoms (a term
// compared with a number or with another term) to ArithBits + 2; two of
// its terms compared reach ArithBits + 4 as a whole rule (arithPairs: too
// many to keep). Its terms join the main pool's; its atoms are read beside
// the main pool's wherever an atom must fit whole: a rule, a part of an
// "or" or an "and", a condition, an iff's half.

// arithOnly is the look-back sub-language.
var arithOnly = func() (only [NumProds]bool) {
	for _, p := range []Prod{PRank, PN, PLast, PSince, PCount, PSumOf, PSumSince, PSuitNo, PConst, PArith, PMod, PSum3, PCmp, PDiv, PRange, PRun, PNear, PAvg, PShare, PBand, PFactor, PAsLast, PAvgIs, PJump, PSuitJump, PExtreme, PWorth, PWorthOf, PBalance, PTrick, PTrickLead, PEvents, PBack, PRound, PTotalRound, PAgain, PDistinct, PCross, PStanding, PToward, PInRound, PBackIs, PRoundSuit, PPrime, PBetween, PGuard} {
		only[p] = true
	}
	return only
}()

// arithLeaf: the ranks of the cards in view and of the starter, the last
// card of a kind (red, a face card, a spade, the card's suit …; not the
// concepts of two literals) and the cards since it, the copies of the card
// already played, the cards of one rank (an ace played, the cards since the
// last king), of a rank or higher, or next to the card's, the cards of
// the card's suit by rank (its ace, the one under or over it: the elements
// from ElSuitRank on), the ranks added
// up since the last card of a kind, the total of a kind (the red cards'
// ranks), a suit as a number, n and the numbers up to 13; and the atoms of
// a card near the line's average or far from it, of a kind's share of the
// line, of the card's band of ranks against the last card's and of a common
// factor of two ranks.
func arithLeaf(n *Node) bool {
	switch n.P {
	case PConst:
		return n.K <= 13
	case PLast, PSince, PSumSince:
		return n.El != ElConcept
	case PAvg: // the main pool's average as it is, the rounded one here
		return n.K2 == 1
	case PCount:
		return n.Win > MaxWindow || n.El == ElSameCard || n.El == ElRank || n.El == ElNext || n.El == ElAtLeast || n.El == ElAtMost || n.El == ElHigh || n.El == ElCard || n.El >= ElSuitRank // ElShares too
	}
	return true
}

// mainLeaf: the main pool leaves the last card of a kind and the cards
// since it, the elements after ElSameRank's (the copies of the card played
// before, the cards of one rank or higher, next to the card's), the totals
// of a kind, the card near the average, a kind's share of the line, the
// bands of ranks, the suit as a number, the runs and the common factors to
// the look-back pool (the hands' budget has no room for them).
func mainLeaf(n *Node) bool {
	switch n.P {
	case PLast, PSince, PSumSince, PSuitNo, PRun, PSumOf, PNear, PShare, PBand, PFactor, PAsLast, PAvgIs, PJump, PSuitJump, PExtreme, PWorth, PWorthOf, PBalance, PTrick, PTrickLead, PEvents, PBack, PRound, PTotalRound, PAgain, PDistinct, PCross, PStanding, PToward, PInRound, PBackIs, PRoundSuit:
		return false
	}
	if n.P == PAvg && n.K2 == 1 {
		return false // the look-back pool's: the average rounded down
	}
	return (n.El < ElSameCard || n.El == ElConcept) && n.Win <= MaxWindow
}

// arithIDs numbers the look-back pool's classes apart from the main pool's.
const arithIDs = 1 << 28

// growArith builds the look-back pool and adds what the main pool lacks
// to the atoms and terms the searches read.
func (s *synth) growArith() {
	if s.cfg.ArithBits <= s.poolBits {
		return
	}
	a := NewEnumerator(s.p.Points)
	a.Only, a.Leaf, a.Connectives, a.Keep, a.Seen, a.Near = &arithOnly, arithLeaf, false, max(1, s.cfg.Keep), true, true
	a.MaxInt, a.idBase, a.Stop = s.cfg.ArithBits, arithIDs, s.lateNow
	if s.cfg.MaxClasses > 0 {
		a.Limit = 4 * s.cfg.MaxClasses
	}
	top := s.cfg.ArithBits + arithCmpBits
	for L := 1; L <= top && !a.Stopped(); L++ {
		a.Grow(L)
		if !a.Stopped() {
			s.arithWhole = L
		}
	}
	s.arith = a
	for L := 1; L <= top; L++ {
		for _, c := range a.Bools(L) {
			if !s.inMain(c.Vec) {
				s.arithAtoms = append(s.arithAtoms, c)
			}
		}
		if L <= s.cfg.ArithBits {
			for _, c := range a.Ints(L) {
				if L > s.poolBits || !s.inMain(c.Vec) {
					s.ints = append(s.ints, c)
				}
			}
		}
	}
	slices.SortStableFunc(s.ints, func(x, y *Class) int { return cmp.Compare(x.Bits, y.Bits) })
	s.indexArith()
}

// indexArith lays the look-back atoms out by point: arithCols[i] is the
// set of atoms (bit j: arithAtoms[j]) true at point i.
func (s *synth) indexArith() {
	w := (len(s.arithAtoms) + 63) / 64
	s.arithCols = make([][]uint64, s.p.Points.Len())
	flat := make([]uint64, w*len(s.arithCols))
	for i := range s.arithCols {
		s.arithCols[i] = flat[i*w : (i+1)*w : (i+1)*w]
	}
	for j, a := range s.arithAtoms {
		for k, word := range a.B {
			for ; word != 0; word &= word - 1 {
				if i := k*64 + bits.TrailingZeros64(word); i < len(s.arithCols) {
					s.arithCols[i][j/64] |= 1 << (j % 64)
				}
			}
		}
	}
}

// arithFits are the look-back pool's atoms that agree with Want on mask,
// of at most budget bits.
//
// The atoms are too many to try one by one at every sub-problem: the
// column index gives the ones that fit as the atoms true at every accepted
// point of the mask and false at every refused one, and the set is most
// often empty after a few points. The atoms come shortest first, as a scan
// would give them.
func (s *synth) arithFits(mask []uint64, budget, limit int) []Found {
	n, _ := slices.BinarySearchFunc(s.arithAtoms, budget+1, func(a *Class, b int) int { return cmp.Compare(a.Bits, b) })
	if n == 0 {
		return nil
	}
	cand := make([]uint64, (n+63)/64)
	for k := range cand {
		cand[k] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		cand[len(cand)-1] = 1<<r - 1
	}
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			col, yes := s.arithCols[i], s.p.Want[w]>>(i%64)&1 == 1
			var any uint64
			for k := range cand {
				if yes {
					cand[k] &= col[k]
				} else {
					cand[k] &^= col[k]
				}
				any |= cand[k]
			}
			if any == 0 {
				return nil
			}
		}
	}
	var out []Found
	for k, word := range cand {
		for ; word != 0 && len(out) < limit; word &= word - 1 {
			a := s.arithAtoms[k*64+bits.TrailingZeros64(word)]
			out = append(out, Found{a.Node, a.Bits})
		}
	}
	return out
}

// arithCmpBits is how far past its terms the look-back pool compares them
// as atoms (a term and a number, or two terms); arithPairBits how far the
// comparisons of two terms as a whole rule go (made at the top, where
// they are checked against the verdicts, not kept: they are too many).
const arithCmpBits, arithPairBits = 2, 4

// pairsFrom is the length past which the look-back pool may lack a
// comparison of two of its terms: ArithBits + arithCmpBits, or sooner, the
// last length it grew whole, where its bound on classes stopped it (on a
// placement's points it stops at about 14 bits of 15, so that "more than
// half the gap between the last two", 15 bits, was in neither).
func (s *synth) pairsFrom() int {
	return min(s.cfg.ArithBits+arithCmpBits, s.arithWhole)
}

// inMain reports whether the main pool holds a class of vector v.
func (s *synth) inMain(v Vec) bool {
	for c := s.e.seen[hashVec(v)]; c != nil; c = c.next {
		if sameVec(c.Vec, v) {
			return true
		}
	}
	return false
}

// classesOf calls f with every class of either pool whose vector is v.
func (s *synth) classesOf(v Vec, f func(c *Class)) {
	h := hashVec(v)
	for _, e := range []*Enumerator{s.e, s.arith} {
		if e == nil {
			continue
		}
		for c := e.seen[h]; c != nil; c = c.next {
			if sameVec(c.Vec, v) {
				f(c)
			}
		}
	}
}

// arithPairs are the comparisons of two terms of the look-back pool, longer
// than its atoms, that agree with Want on mask as a whole rule (under a nil
// guard when they read prev2 or prev3): "a bigger jump from two back than
// the last", "the step from the last card the same as the one before it,
// counting round".
func (s *synth) arithPairs(mask []uint64, budget int) []Found {
	if s.arith == nil {
		return nil
	}
	var out []Found
	g := s.cmpGuards(mask)
	for a, b := range s.termPairs(budget) {
		out = s.comparisons(a, b, g, out)
	}
	return out
}

// termPairs are the pairs of look-back terms (a before b, one of them
// reading the card) whose comparison is longer than the look-back pool
// holds whole (pairsFrom) and at most budget bits and ArithBits +
// arithPairBits, shortest first; until the synthesis is late.
func (s *synth) termPairs(budget int) iter.Seq2[*Class, *Class] {
	return func(yield func(a, b *Class) bool) {
		lo, hi := s.pairsFrom(), min(budget, s.cfg.ArithBits+arithPairBits)
		own := Table[PCmp].Bits(nil)
		terms := s.pairTerms()
		for L := lo + 1; L <= hi; L++ {
			for la := 1; la <= L-own-1; la++ {
				lb := L - own - la
				if la > s.cfg.ArithBits || lb > s.cfg.ArithBits {
					continue
				}
				for _, a := range terms[la] {
					if s.late() {
						return
					}
					for _, b := range terms[lb] {
						if a.id < b.id && (a.card || b.card) && !yield(a, b) {
							return
						}
					}
				}
			}
		}
	}
}

// inArith reports whether a node is of the look-back language: its
// productions and its leaves (a count of the main pool's, of a kind of the
// line, is not: only the copies of the card are).
func inArith(n *Node) bool {
	if !arithOnly[n.P] || !arithLeaf(n) {
		return false
	}
	for _, k := range n.Kids {
		if !inArith(k) {
			return false
		}
	}
	return true
}

// solveLong finds the rules that hold once the line is long enough for prev2
// (prev3): "prev2 == nil ? true : …", when every shorter line's point has
// one verdict. The longer lines' points are a problem of their own,
// synthesized apart (its pool on those points alone, so that an iff or a
// case split reads them whole), and its rules go under the nil guard.
func solveLong(p Problem, cfg SynthConfig, deadline time.Time) []Found {
	// Both depths at once (each its own synthesis), read back in order.
	var byDepth [4][]Found
	var wg sync.WaitGroup
	for d := 2; d <= 3; d++ {
		sub, ok := longProblem(p, d)
		if !ok {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			byDepth[d] = solveGuarded(sub, d, cfg, deadline)
		}()
	}
	wg.Wait()
	return append(byDepth[2], byDepth[3]...)
}

// longSub is the points of the lines long enough for prev2 (d = 2) or
// prev3 (d = 3), and the one verdict of the shorter lines' points.
type longSub struct {
	pts []Point
	yes []bool
	op  Op // Eq: any card while the line is short; Ne: none
}

// longProblem is the points of p solved apart at depth d; not ok when the
// shorter lines' points are missing, have both verdicts, or are all.
func longProblem(p Problem, d int) (longSub, bool) {
	var sub longSub
	short := make([]uint64, len(p.Care)) // the cared-for points of the short lines
	for i := range p.Points.Len() {
		if p.Care[i/64]>>(i%64)&1 == 0 {
			continue
		}
		if p.Points.short[d][i/64]>>(i%64)&1 == 1 {
			short[i/64] |= 1 << (i % 64)
			continue
		}
		sub.pts = append(sub.pts, p.Points.Point(i))
		sub.yes = append(sub.yes, p.Want[i/64]>>(i%64)&1 == 1)
	}
	op, ok := shortGuard(p.Want, short)
	if empty(short) || !ok || len(sub.pts) == 0 {
		return sub, false
	}
	sub.op = op
	return sub, true
}

// shortGuard is the nil guard the points of short (lines too short for
// prev2 or prev3) call for: any card (Eq) where God accepts at all of
// them, none (Ne) where at none; not ok where he does both.
func shortGuard(want, short []uint64) (Op, bool) {
	switch {
	case allOf(want, short):
		return Eq, true
	case noneOf(want, short):
		return Ne, true
	}
	return 0, false
}

// solveGuarded synthesizes a long-lines problem and puts what it finds
// under the nil guard of depth d.
func solveGuarded(sub longSub, d int, cfg SynthConfig, deadline time.Time) []Found {
	c := cfg
	c.Guarded, c.MaxBits = false, cfg.MaxBits-1
	c.Verify = nil // its rules are a part of the whole, not whole ones
	if !deadline.IsZero() {
		if c.Budget = time.Until(deadline); c.Budget <= 0 {
			return nil
		}
	}
	found, _ := Synthesize(problemOfPoints(sub.pts, sub.yes), c)
	var out []Found
	for _, f := range found {
		n := &Node{P: PGuard, Slot: guardSlot[d], Op: sub.op, Kids: []*Node{f.Node}}
		out = append(out, Found{n, n.Bits()})
	}
	return out
}

// problemOfPoints is the problem of points with the verdicts yes.
func problemOfPoints(pts []Point, yes []bool) Problem {
	ps := NewPoints(pts)
	p := Problem{Points: ps, Want: make([]uint64, ps.Words()), Care: fullMask(ps)}
	for i, y := range yes {
		if y {
			p.Want[i/64] |= 1 << (i % 64)
		}
	}
	return p
}

// splits are the rules "prev2 == nil ? a : b" where the points of the
// lines too short for prev2 have both verdicts: a rule people write for
// the lines too short for the cards it reads ("the last two add up to 20 at
// most; once there are three, the three to 21"). Each side is solved on
// its points with the pools already grown, on a budget of solves of its own
// (a third of the synthesis's): most rules with both verdicts on short
// lines are no split at all.
func (s *synth) splits() []Found {
	short := s.and(s.p.Care, s.p.Points.short[2])
	long := s.andNot(s.p.Care, short)
	if _, one := shortGuard(s.p.Want, short); one || empty(short) || empty(long) {
		return nil
	}
	// Budgets of their own: a third of the synthesis's solves for the long
	// lines, a third of that for the short ones (their rules are short).
	// The synthesis's stats still say whether its own search ran out.
	defer func(ranOut bool) { s.timedOut = s.timedOut || ranOut }(s.timedOut)
	allow := func(solves int) {
		if s.cfg.MaxSolves > 0 {
			s.cfg.MaxSolves = s.solves + solves
		}
		s.timedOut = false
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		return nil
	}
	third := (s.cfg.MaxSolves + 2) / 3
	allow((third + 2) / 3)
	own := Table[PSplit].Bits(nil)
	as := s.solve(short, s.cfg.MaxBits-own-1, 2, 4)
	if len(as) == 0 {
		return nil
	}
	allow(third)
	var out []Found
	for _, b := range s.solve(long, s.cfg.MaxBits-own-as[0].Bits, 2, s.cfg.Max) {
		n := b.Node
		if n.P == PGuard && n.Slot == SlotPrev2 {
			n = n.Kids[0] // the split decides the short lines
		}
		for _, a := range as {
			if len(out) < s.cfg.Max {
				sp := &Node{P: PSplit, Slot: SlotPrev2, Kids: []*Node{a.Node, n}}
				out = append(out, Found{sp, sp.Bits()})
			}
		}
	}
	return out
}
