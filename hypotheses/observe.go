package hypotheses

import (
	"math/bits"
	"slices"
)

// Evidence: how a belief takes God's verdicts on the cards played (observe:
// the index's part here, the open part's beside it) and the cards God
// put down himself, at random among the cards his rule allows (godChose).

// observe conditions on God's verdict that the conjunction of lits is
// truth: the hypotheses that disagree lose b.shift bits of likelihood, or
// are removed when ε = 0. It returns the probability the belief gave to the
// verdict beforehand (with the label noise).
func (b *Belief) observe(lits []lit, truth bool) float64 { return b.observeP(lits, truth, true) }

// observeP is observe; without needP it skips the probability (and the
// masses it needs), leaving the total to be recounted when asked.
func (b *Belief) observeP(lits []lit, truth, needP bool) float64 {
	var ti, mo, agreeOpen float64 // the index's and the open part's mass before, what of it agreed
	if b.open != nil {
		if mo = b.open.total(); mo > 0 {
			ti = b.idxTotal()
			needP = true
		}
		agreeOpen = b.open.observe(lits, truth)
	}
	p := b.observeIdx(lits, truth, needP)
	if mo > 0 {
		// The open part's share: its agreeing mass beside the index's.
		p = min(1, (p*ti+agreeOpen)/(ti+mo))
	}
	return (1-b.eps)*p + b.eps*(1-p)
}

// observeIdx updates the index on a verdict and returns the probability
// its posterior gave the verdict (without the label noise).
func (b *Belief) observeIdx(lits []lit, truth, needP bool) float64 {
	// While the sample is in use it estimates the probability of the
	// verdict; otherwise one pass gives the mass that agrees and the mass
	// that does not, with the update.
	ps := b.mirror(lits, truth)
	if ps >= 0 {
		needP = false
	}
	t := -1.0
	if needP {
		t = b.idxTotal()
	}

	var agree, disagree float64
	for f := range numFamilies {
		if len(b.live[f]) == 0 {
			continue // nothing left to judge in this family
		}
		fi := &b.sp.fams[f]
		cols := b.columns(f, lits)
		wt := b.sp.weight[fi.w0 : fi.w0+fi.nw]
		if b.top == 0 && b.shift == 0 {
			// The common case (ε = 0, no size-principle weights yet): one
			// plane, and disagreeing hypotheses are simply removed.
			plane := b.planes[0][fi.w0 : fi.w0+fi.nw]
			// Branch-free on purpose: the loads of the column are the cost
			// (they miss the cache), and a mispredicted branch per word would
			// stop the processor from issuing the next words' loads early.
			live, n := b.live[f], 0
			if len(lits) == 1 { // a single judged card: its column, no loop
				col, flip := cols[0], uint64(0)
				if lits[0].neg != truth {
					flip = ^uint64(0)
				}
				for _, lw := range live {
					keep := plane[lw] &^ (col[lw] ^ flip)
					plane[lw] = keep // (strict: the losers' mass is not needed)
					// Counted always: the new total comes free with the update.
					agree += float64(bits.OnesCount64(keep)) * wt[lw]
					live[n] = lw
					n += nonZero(keep)
				}
			} else {
				flip := uint64(0)
				if truth {
					flip = ^uint64(0)
				}
				for _, lw := range live {
					keep := plane[lw] &^ (conj(lits, cols, lw) ^ flip)
					plane[lw] = keep
					agree += float64(bits.OnesCount64(keep)) * wt[lw]
					live[n] = lw
					n += nonZero(keep)
				}
			}
			b.live[f] = live[:n]
			continue
		}
		live := b.live[f][:0]
		for _, lw := range b.live[f] {
			w := fi.w0 + int(lw)
			m := conj(lits, cols, lw)
			if truth {
				m = ^m
			}
			scale := wt[lw]
			var left uint64
			for j := 0; j <= b.top; j++ {
				if p := b.planes[j][w]; p != 0 {
					disagree += float64(bits.OnesCount64(p&m)) * scale
					agree += float64(bits.OnesCount64(p&^m)) * scale
				}
				scale /= 2
			}
			b.penalise(w, m, b.shift)
			for j := 0; j <= b.top; j++ {
				left |= b.planes[j][w]
			}
			if left != 0 {
				live = append(live, lw) // the word still holds hypotheses
			}
		}
		b.live[f] = live
	}
	p := 0.5
	switch {
	case ps >= 0:
		p = ps
	case t > 0:
		p = min(1, agree/t)
	}

	b.total = -1
	for b.top > 0 && b.planeEmpty(b.top) {
		b.top--
	}
	if b.shift == 0 || disagree == 0 {
		// The survivors keep their weights: the new total is what agreed.
		// (With ε > 0 the losers moved down a plane: recounted when asked.)
		b.total = agree
	}
	return p
}

// penalise moves the hypotheses of word w in mask down by sh bits of
// likelihood; sh = 0 removes them, and so does a move past the last plane.
func (b *Belief) penalise(w int, mask uint64, sh int) {
	if mask == 0 {
		return
	}
	for j := b.top; j >= 0; j-- {
		moved := b.planes[j][w] & mask
		if moved == 0 {
			continue
		}
		b.planes[j][w] &^= moved
		if sh > 0 && j+sh < len(b.planes) {
			b.plane(j + sh)[w] |= moved
			b.top = max(b.top, j+sh)
		}
	}
}

// plane returns plane j, allocating it and the ones below on first use (the
// loops read every plane up to top).
func (b *Belief) plane(j int) []uint64 {
	for i := 1; i <= j; i++ {
		if b.planes[i] == nil {
			b.planes[i] = make([]uint64, b.sp.words)
		}
	}
	return b.planes[j]
}

// godChose conditions on God having put card c in state s, chosen at random
// among the cards of choices the rule allows: c is accepted, and a
// hypothesis that allows k of the choices has likelihood 1/k (rounded to
// whole bits).
func (b *Belief) godChose(l lit, choices []uint8) {
	s, c := l.s, l.c
	b.observeIdx([]lit{{s: s, c: c}}, true, false)
	b.total = -1
	b.open.chose(l, choices) // the card accepted, and 1/k
	choices = slices.Compact(slices.Sorted(slices.Values(choices)))
	for f := range numFamilies {
		fi := &b.sp.fams[f]
		x := f.context(s)
		for _, lw := range b.live[f] {
			w := fi.w0 + int(lw)
			var any uint64
			for j := 0; j <= b.top; j++ {
				any |= b.planes[j][w]
			}
			// A bit-sliced counter of the choices each hypothesis allows.
			var cnt [6]uint64
			for _, ch := range choices {
				carry := fi.column(x, ch)[lw] & any
				for i := 0; i < len(cnt) && carry != 0; i++ {
					cnt[i], carry = cnt[i]^carry, cnt[i]&carry
				}
			}
			var by [7]uint64 // hypotheses by the bits 1/k costs
			for r := any; r != 0; r &= r - 1 {
				bit := bits.TrailingZeros64(r)
				k := 0
				for i := range cnt {
					k |= int(cnt[i]>>bit&1) << i
				}
				by[sizeBits(k)] |= 1 << bit
			}
			for sh := 1; sh < len(by); sh++ {
				b.penalise(w, by[sh], sh)
			}
		}
	}
	b.compact()
}
