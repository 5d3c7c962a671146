package grammar

import "math/bits"

// pairs finds the comparisons of two terms of the pool that agree with
// Want on mask: a short term (the card's rank, prev's, n, a count) against
// any term ("higher than the sum of the last two mod 13", "fewer face
// cards than a third of the line"). Made at the top of the search only.
func (s *synth) pairs(mask []uint64, budget int) []Found {
	var out []Found
	var short []*Class
	for _, a := range s.ints {
		if a.Bits > 3 {
			break
		}
		if !isConst(a) {
			short = append(short, a)
		}
	}
	g := s.cmpGuards(mask)
	for _, t := range s.ints {
		if t.Bits+2+1 > budget || t.Bits > s.cfg.PairBits || s.late() {
			break
		}
		if isConst(t) {
			continue
		}
		for _, a := range short {
			if a.id == t.id || t.Bits+a.Bits+2 > budget {
				continue
			}
			out = s.comparisons(a, t, g, out)
		}
	}
	return out
}

// comparisons adds to out every "a op b" that gives Want's verdict on
// every point of mask, under the nil guard that makes it so when a or b
// reads prev2 or prev3 (g: the masks and guards, cmpGuards).
//
// Most pairs of terms fail on one of the first points they are held to:
// one pass over the points keeps the comparisons still agreeing (by the
// order of a and b there) and stops when none is left, rather than
// building each comparison's vector over every point first.
func (s *synth) comparisons(a, b *Class, g *cmpGuards, out []Found) []Found {
	d := max(int(a.depth), int(b.depth))
	if d >= 2 && !g.ok[d] {
		return out // the short lines' points have both verdicts: no guard serves
	}
	alive := uint8(1)<<numCmps - 1
	for w, m := range g.check[d] {
		want := s.p.Want[w]
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			alive &= opsAgreeing[order(a.I[i], b.I[i])][want>>(i%64)&1]
			if alive == 0 {
				return out
			}
		}
	}
	for op := range numCmps {
		if alive>>op&1 == 0 {
			continue
		}
		n := &Node{P: PCmp, Op: op, Kids: []*Node{a.Node, b.Node}}
		if d >= 2 {
			n = &Node{P: PGuard, Slot: guardSlot[d], Op: g.guard[d], Kids: []*Node{n}}
		}
		out = append(out, Found{n, n.Bits()})
	}
	return out
}

// order is 0 for x < y, 1 for x == y, 2 for x > y (opsAgreeing's index).
func order(x, y int32) int {
	switch {
	case x < y:
		return 0
	case x == y:
		return 1
	}
	return 2
}

// opsAgreeing[order][yes] is the set of comparisons (bit op) whose truth
// on a pair of that order (0: a < b, 1: a == b, 2: a > b) is yes.
var opsAgreeing = func() (t [3][2]uint8) {
	for order, ab := range [3][2]int32{{0, 1}, {1, 1}, {1, 0}} {
		for op := range numCmps {
			yes := 0
			if compare(op, ab[0], ab[1]) {
				yes = 1
			}
			t[order][yes] |= 1 << op
		}
	}
	return t
}()

// cmpGuards is, for a mask, the points a comparison is held to at each
// depth it reads (0 and 1: all of them; 2 and 3: those of the lines long
// enough, check[2] and check[3]) and the nil guard of depths 2 and 3: any
// card (Eq) or none (Ne) while the line is short, as the short lines'
// points say; ok[d] false when they say both.
type cmpGuards struct {
	check [4][]uint64
	guard [4]Op
	ok    [4]bool
}

func (s *synth) cmpGuards(mask []uint64) *cmpGuards {
	g := &cmpGuards{}
	g.check[0], g.check[1] = mask, mask
	for d := 2; d <= 3; d++ {
		short := s.p.Points.short[d]
		g.check[d] = s.andNot(mask, short)
		g.guard[d], g.ok[d] = shortGuard(s.p.Want, s.and(mask, short))
	}
	return g
}

// pureThresholds are the comparisons of pool terms with a number that the
// first part of an "or" or an "and" wants: accepting no refused point and
// as many accepted ones as can be (for or), or every accepted point and
// as few refused ones (for and) — built for these points, at the top.
