package grammar

import "math/bits"

// Residues past 13: "the running total, counted round the twenty floors
// of an Italian lift, is never 17" (t % 20 != 17). The pool holds the
// remainders of its terms by 2 to 13; a modulus past 13 (to maxModulus)
// is looked for top down, for the terms that go round it twice or more,
// where the points ask for it: every accepted point's remainder one r
// and no refused point's (t % k == r), or every refused point's one r and
// no accepted point's (t % k != r). The remainder 0 is divisibility
// (thresholds' PDiv, shorter).

// residueAtoms offers those atoms of the term t (values vals, greatest
// hi) on the points of mask.
func residueAtoms(t *Node, vals []int32, hi int32, mask, want []uint64, add func(*Node)) {
	var posR, negR [maxModulus + 1]int32
	// posOne, negOne: bit k while every accepted (refused) point seen has
	// one remainder by k, posR[k] (negR[k]).
	var posOne, negOne uint32
	var all uint32
	for k := int32(14); k <= maxModulus && 2*k <= hi; k++ {
		all |= 1 << k
	}
	if all == 0 {
		return
	}
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
				r[k] = x % k
			case x%k != r[k]:
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
				if k := int32(bits.TrailingZeros32(z)); x%k == negR[k] {
					negOne &^= 1 << k
				}
			}
		} else {
			for z := posOne; z != 0; z &= z - 1 {
				if k := int32(bits.TrailingZeros32(z)); x%k == posR[k] {
					posOne &^= 1 << k
				}
			}
		}
	})
	residue := func(k, r int32, op Op) {
		if r > 0 { // 0: divisibility, PDiv
			add(&Node{P: PCmp, Op: op, Kids: []*Node{{P: PMod, K: int(k), Kids: []*Node{t}}, {P: PConst, K: int(r)}}})
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
