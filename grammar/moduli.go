package grammar

import "math/bits"

// Residues past 13: "the running total, counted round the twenty floors
// of an Italian lift, is never 17" (t % 20 != 17). The pool holds the
// remainders of its short terms by 2 to 13; a modulus past 13 (to
// maxModulus), and a remainder by 2 to 13 of a longer term or of one that
// may be negative, are looked for top down, for the terms that go round
// the modulus twice or more, where the points ask for it: every accepted
// point's remainder one r and no refused point's (t % k == r), or every
// refused point's one r and no accepted point's (t % k != r). The
// remainder 0 is divisibility (thresholds' PDiv, shorter).
//
// A term that may be negative — the card against a total, "the card is
// never one more than the running total, counted round 13": card.rank -
// sum(line, .rank) — has its remainder counted as arithmetic counts it
// (−12 leaves 1 by 13), and is written so that expr, whose % keeps the
// sign, reads it so: (t - r) % k == 0.

// residueAtoms offers those atoms of the term t (values vals, least lo,
// greatest hi) on the points of mask, for the moduli from from on.
func residueAtoms(t *Node, vals []int32, lo, hi, from int32, mask, want []uint64, add func(*Node)) {
	var posR, negR [maxModulus + 1]int32
	// posOne, negOne: bit k while every accepted (refused) point seen has
	// one remainder by k, posR[k] (negR[k]).
	var posOne, negOne uint32
	var all uint32
	for k := from; k <= maxModulus && 2*k <= hi-min(lo, 0); k++ {
		all |= 1 << k
	}
	if all == 0 {
		return
	}
	mod := func(x, k int32) int32 { return (x%k + k) % k }
	posOne, negOne = all, all
	first := [2]bool{true, true}
	scan := func(visit func(x int32, accepted bool)) {
		for w, m := range mask {
			for ; m != 0; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				visit(vals[i], want[w]>>(i%64)&1 == 1)
			}
		}
	}
	scan(func(x int32, accepted bool) {
		one, r, f := &negOne, &negR, &first[1]
		if accepted {
			one, r, f = &posOne, &posR, &first[0]
		}
		for z := *one; z != 0; z &= z - 1 {
			k := int32(bits.TrailingZeros32(z))
			switch {
			case *f:
				r[k] = mod(x, k)
			case mod(x, k) != r[k]:
				*one &^= 1 << k
			}
		}
		*f = false
	})
	if first[0] || first[1] {
		return // one verdict only: nothing to tell apart
	}
	// The other side must never have the remainder.
	scan(func(x int32, accepted bool) {
		if accepted {
			for z := negOne; z != 0; z &= z - 1 {
				if k := int32(bits.TrailingZeros32(z)); mod(x, k) == negR[k] {
					negOne &^= 1 << k
				}
			}
		} else {
			for z := posOne; z != 0; z &= z - 1 {
				if k := int32(bits.TrailingZeros32(z)); mod(x, k) == posR[k] {
					posOne &^= 1 << k
				}
			}
		}
	})
	residue := func(k, r int32, op Op) {
		switch {
		case r == 0: // divisibility, PDiv
		case lo >= 0:
			add(&Node{P: PCmp, Op: op, Kids: []*Node{{P: PMod, K: int(k), Kids: []*Node{t}}, {P: PConst, K: int(r)}}})
		default: // (t - r) % k == 0: the remainder whatever t's sign
			add(&Node{P: PDiv, Op: op, K: int(k), Kids: []*Node{{P: PArith, Op: Sub, Kids: []*Node{t, {P: PConst, K: int(r)}}}}})
		}
	}
	for z := posOne; z != 0; z &= z - 1 {
		k := int32(bits.TrailingZeros32(z))
		residue(k, posR[k], Eq)
	}
	for z := negOne; z != 0; z &= z - 1 {
		k := int32(bits.TrailingZeros32(z))
		residue(k, negR[k], Ne)
	}
}

// residueBounds offers "t % k <= r" and "t % k >= r" for the moduli k
// from 3 to maxModulus that t (values vals, greatest hi, never negative)
// goes round twice or more, where every accepted point's remainder is on
// one side of r and every refused point's on the other: "the running
// total leaves a remainder of 4 or less by 9". The pool holds such
// comparisons only while the remainder's term is short: a sum of the line
// and the card by 9 is past it. Of the numbers that part the two sides,
// the one that costs least.
func residueBounds(t *Node, vals []int32, hi int32, mask, want []uint64, add func(*Node)) {
	for k := int32(3); k <= maxModulus && 2*k <= hi; k++ {
		loAcc, hiAcc, loRef, hiRef := k, int32(-1), k, int32(-1)
		for w, m := range mask {
			for ; m != 0; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				r := vals[i] % k
				if want[w]>>(i%64)&1 == 1 {
					loAcc, hiAcc = min(loAcc, r), max(hiAcc, r)
				} else {
					loRef, hiRef = min(loRef, r), max(hiRef, r)
				}
			}
		}
		if hiAcc < 0 || hiRef < 0 {
			return // one verdict only
		}
		bound := func(op Op, from, to int32) {
			best := from
			for r := from; r <= to; r++ {
				if ConstBits(int(r)) < ConstBits(int(best)) {
					best = r
				}
			}
			add(&Node{P: PCmp, Op: op, Kids: []*Node{{P: PMod, K: int(k), Kids: []*Node{t}}, {P: PConst, K: int(best)}}})
		}
		// r 0 or k-1 at the bound is a remainder of one value (residueAtoms,
		// or divisibility): only bounds that leave two or more on each side
		switch {
		case hiAcc < loRef && hiAcc >= 1 && loRef <= k-2:
			bound(Le, hiAcc, loRef-1)
		case hiRef < loAcc && hiRef >= 1 && loAcc <= k-2:
			bound(Ge, hiRef+1, loAcc)
		}
	}
}
