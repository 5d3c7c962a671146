package hypotheses

import (
	"math"
	"math/bits"
	"slices"
)

// Reading a belief: probabilities of hypotheses and sets of them, the most
// probable ones.

// weightOf is the unnormalised posterior weight of hypothesis id.
func (b *Belief) weightOf(id int) float64 {
	if h := b.openHypOf(id); h != nil {
		return h.weight()
	}
	w, bit := id/64, uint(id%64)
	for j := 0; j <= b.top; j++ {
		if b.planes[j][w]>>bit&1 == 1 {
			return b.sp.weight[w] * math.Exp2(-float64(j))
		}
	}
	return 0
}

// Prob is the posterior probability of hypothesis id.
func (b *Belief) Prob(id int) float64 {
	t := b.Total()
	if t == 0 {
		return 0
	}
	return b.weightOf(id) / t
}

// ProbOf is the posterior probability of a set of hypotheses.
func (b *Belief) ProbOf(ids []int32) float64 {
	t := b.Total()
	if t == 0 {
		return 0
	}
	var m float64
	for _, id := range ids {
		m += b.weightOf(int(id))
	}
	return min(1, m/t)
}

// Count is the number of hypotheses with non-zero posterior.
func (b *Belief) Count() int {
	n := 0
	for f := range numFamilies {
		w0 := b.sp.fams[f].w0
		for _, lw := range b.live[f] {
			for j := 0; j <= b.top; j++ {
				n += bits.OnesCount64(b.planes[j][w0+int(lw)])
			}
		}
	}
	return n + b.OpenCount()
}

// Top returns the k most probable hypotheses, most probable first (ties in
// the space's order), with their posterior probabilities.
func (b *Belief) Top(k int) (ids []int, probs []float64) {
	type cand struct {
		id int
		w  float64
	}
	var cs []cand
	for j := 0; j <= b.top; j++ {
		for f := range numFamilies {
			w0 := b.sp.fams[f].w0
			got := 0
			for _, lw := range b.live[f] {
				for r := b.planes[j][w0+int(lw)]; r != 0 && got < k; r &= r - 1 {
					id := (w0+int(lw))*64 + bits.TrailingZeros64(r)
					cs = append(cs, cand{id, b.sp.weight[w0+int(lw)] * math.Exp2(-float64(j))})
					got++
				}
				if got >= k {
					break
				}
			}
		}
	}
	b.openCands(func(id int, w float64) { cs = append(cs, cand{id, w}) })
	slices.SortStableFunc(cs, func(a, c cand) int {
		if a.w != c.w {
			if a.w > c.w {
				return -1
			}
			return 1
		}
		return a.id - c.id
	})
	t := b.Total()
	for i := 0; i < len(cs) && i < k; i++ {
		ids = append(ids, cs[i].id)
		probs = append(probs, cs[i].w/t)
	}
	return ids, probs
}

// MAP is the most probable hypothesis and its probability; −1 when the
// belief is empty. (Top(1) without its allocations: each family's words are
// in prior order, so the first live bit of each plane and family is that
// stream's best.)
func (b *Belief) MAP() (int, float64) {
	best, bw := -1, 0.0
	scale := 1.0
	for j := 0; j <= b.top; j++ {
		for f := range numFamilies {
			w0 := b.sp.fams[f].w0
			for _, lw := range b.live[f] {
				if r := b.planes[j][w0+int(lw)]; r != 0 {
					id := (w0+int(lw))*64 + bits.TrailingZeros64(r)
					if w := b.sp.weight[w0+int(lw)] * scale; w > bw || w == bw && id < best {
						best, bw = id, w
					}
					break
				}
			}
		}
		scale /= 2
	}
	b.openCands(func(id int, w float64) {
		if w > bw {
			best, bw = id, w
		}
	})
	if best < 0 {
		return -1, 0
	}
	return best, bw / b.Total()
}

// refute conditions on God's saying that hypothesis id is not his rule, as
// on any verdict: with label noise ε the answer may be one of God's
// mistakes, so the hypothesis loses log2((1−ε)/ε) bits; with ε = 0 it is
// removed.
func (b *Belief) refute(id int) {
	if h := b.openHypOf(id); h != nil {
		b.open.penalise(h)
		return
	}
	b.penalise(id/64, 1<<uint(id%64), b.shift)
	b.compact()
}

// ProbOfClass is the posterior probability of a class.
func (b *Belief) ProbOfClass(c *Class) float64 {
	if c == nil {
		return 0
	}
	return b.ProbOf(c.ids)
}

// ProbAgreeing is the posterior probability of the hypotheses of an
// Agreement (a best rule's local class), checked on the live ones only:
// context by context, card by card over the words still in play, so that
// each column is read in order.
func (b *Belief) ProbAgreeing(g *Agreement) float64 {
	t := b.Total()
	if t == 0 || g == nil {
		return 0
	}
	var mass float64
	var words []int32
	var keep []uint64
	for f := range numFamilies {
		if !g.ok[f] || len(b.live[f]) == 0 {
			continue
		}
		fi := &b.sp.fams[f]
		words, keep = words[:0], keep[:0]
		for _, lw := range b.live[f] {
			var live uint64
			for j := 0; j <= b.top; j++ {
				live |= b.planes[j][fi.w0+int(lw)]
			}
			words, keep = append(words, lw), append(keep, live)
		}
		for _, i := range g.order(f) {
			x, mask := g.ctx[f][i], g.masks[f][i]
			for c := range uint8(52) {
				col := fi.column(int(x), c)
				if mask>>c&1 == 1 {
					for k, lw := range words {
						keep[k] &= col[lw]
					}
				} else {
					for k, lw := range words {
						keep[k] &^= col[lw]
					}
				}
			}
			n := 0 // drop the words left empty
			for k := range words {
				if keep[k] != 0 {
					words[n], keep[n] = words[k], keep[k]
					n++
				}
			}
			words, keep = words[:n], keep[:n]
			if n == 0 {
				break
			}
		}
		for k, lw := range words {
			w := fi.w0 + int(lw)
			scale := b.sp.weight[w]
			for j := 0; j <= b.top; j++ {
				if x := b.planes[j][w] & keep[k]; x != 0 {
					mass += float64(bits.OnesCount64(x)) * scale
				}
				scale /= 2
			}
		}
	}
	return min(1, mass/t)
}
