package hypotheses

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// SampleSize is the number of prior draws in a space's sample index.
const SampleSize = 1024

// minSample is how many live sample members an estimate needs; below it the
// belief computes exactly (by then few words of the index are live).
const minSample = 24

// sampleIndex is a small, cache-resident index over a fixed sample of the
// prior (drawn with replacement, so that equal weights stand for the prior):
// bit i of column (family, context, card) is set when sample member i
// belongs to the family and accepts the card there. A member drawn twice
// counts twice.
type sampleIndex struct {
	ids []int32
	sw  int // words of members
	// Members are sorted by family: family f's members lie in words
	// [lo[f], hi[f]), so its columns hold only those words (col); fmask[f]
	// marks them. (A column of every word would make the sample as large
	// as the caches: most families hold a word or two of members.)
	cols   [numFamilies][]uint64
	lo, hi [numFamilies]int
	fmask  [numFamilies][SampleSize / 64]uint64
}

func (sp *Space) buildSample() {
	rng := rand.New(rand.NewPCG(0x5a4d, 0x706c65))
	si := &sampleIndex{sw: SampleSize / 64}
	for range SampleSize {
		si.ids = append(si.ids, int32(sp.SamplePrior(rng)))
	}
	slices.SortStableFunc(si.ids, func(a, b int32) int { return int(sp.Hyps[a].Family) - int(sp.Hyps[b].Family) })
	for f := range numFamilies {
		si.lo[f], si.hi[f] = si.sw, 0
	}
	for i, id := range si.ids {
		f := sp.Hyps[id].Family
		si.lo[f] = min(si.lo[f], i/64)
		si.hi[f] = max(si.hi[f], i/64+1)
		si.fmask[f][i/64] |= 1 << (i % 64)
	}
	for f := range numFamilies {
		si.cols[f] = make([]uint64, f.Contexts()*52*max(0, si.hi[f]-si.lo[f]))
	}
	for i, id := range si.ids {
		f := sp.Hyps[id].Family
		fi := &sp.fams[f]
		lw, bit := int(id)/64-fi.w0, uint(id%64)
		for x := range f.Contexts() {
			for c := range uint8(52) {
				if fi.column(x, c)[lw]>>bit&1 == 1 {
					si.col(f, x, c)[i/64-si.lo[f]] |= 1 << (i % 64)
				}
			}
		}
	}
	sp.sample = si
}

// col is the column of family f for card c in context x: word w-lo[f] holds
// the members of sample word w that accept the card there.
func (si *sampleIndex) col(f Family, x int, c uint8) []uint64 {
	n := si.hi[f] - si.lo[f]
	o := (x*52 + int(c)) * n
	return si.cols[f][o : o+n : o+n]
}

// sampled refreshes the sample's planes from the exact belief: member i is
// in plane j when its hypothesis is.
func (b *Belief) sampled() {
	si := b.sp.sample
	if b.splanes == nil {
		b.splanes = make([][]uint64, len(b.planes))
	}
	b.slive = 0
	for j := range b.splanes {
		if b.splanes[j] == nil {
			if j > b.top {
				continue
			}
			b.splanes[j] = make([]uint64, si.sw)
		}
		clear(b.splanes[j])
	}
	for i, id := range si.ids {
		w, bit := int(id)/64, uint(id%64)
		for j := 0; j <= b.top; j++ {
			if b.planes[j][w]>>bit&1 == 1 {
				b.splanes[j][i/64] |= 1 << (i % 64)
				b.slive++
				break
			}
		}
	}
	b.sfresh = true
}

// familyMask is the bits of sample word w whose members are of family f.
func familyMask(si *sampleIndex, f Family, w int) uint64 {
	return si.fmask[f][w]
}

// mirror applies an observation to the sample's planes as observe applies
// it to the exact ones; once too few members are live, sampling stops for
// the rest of the hand (with ε = 0 members only die; with ε > 0 they only
// lose weight or drop).
//
// It returns the sample's estimate of the probability of the verdict
// (before it), or −1 when the sample is not in use.
func (b *Belief) mirror(lits []lit, truth bool) float64 {
	if b.noSample || b.sp.sample == nil {
		return -1
	}
	if !b.sfresh {
		b.sampled()
	}
	if b.slive < minSample {
		b.noSample = true
		return -1
	}
	si := b.sp.sample
	b.slive = 0
	var agree, all float64
	// The members for which every literal holds, word by word.
	var m [SampleSize / 64]uint64
	for w := range m {
		m[w] = ^uint64(0)
	}
	for _, l := range lits {
		var acc [SampleSize / 64]uint64
		for f := range numFamilies {
			if lo := si.lo[f]; lo < si.hi[f] {
				for i, v := range si.col(f, f.context(l.s), l.c) {
					acc[lo+i] |= v
				}
			}
		}
		for w := range m {
			if l.neg {
				acc[w] = ^acc[w]
			}
			m[w] &= acc[w]
		}
	}
	for w := range si.sw {
		m := m[w]
		if truth {
			m = ^m
		}
		for j := b.top; j >= 0; j-- {
			if b.splanes[j] == nil {
				continue
			}
			scale := math.Exp2(-float64(j))
			all += float64(bits.OnesCount64(b.splanes[j][w])) * scale
			agree += float64(bits.OnesCount64(b.splanes[j][w]&^m)) * scale
			moved := b.splanes[j][w] & m
			b.splanes[j][w] &^= moved
			if b.shift > 0 && j+b.shift < len(b.splanes) && moved != 0 {
				if b.splanes[j+b.shift] == nil {
					b.splanes[j+b.shift] = make([]uint64, si.sw)
				}
				b.splanes[j+b.shift][w] |= moved
			}
		}
	}
	for _, pl := range b.splanes {
		for _, w := range pl {
			b.slive += bits.OnesCount64(w)
		}
	}
	if b.slive < minSample {
		b.noSample = true
	}
	return agree / all
}

// predictSample estimates the predictive probabilities from the sample;
// it reports false when too few members are live to trust it.
func (b *Belief) predictSample(s state, cards []uint8, out []float64) bool {
	return b.predictSampleGiven(nil, s, cards, out)
}

// predictSampleGiven is predictSample for the probability that every
// literal of given holds and the card is accepted (a sequence's next card).
func (b *Belief) predictSampleGiven(given []lit, s state, cards []uint8, out []float64) bool {
	if b.sp.sample == nil || b.noSample {
		return false
	}
	if !b.sfresh {
		b.sampled()
	}
	if b.slive < minSample {
		b.noSample = true
		return false
	}
	si := b.sp.sample
	clear(out)
	var total float64
	scale := 1.0
	for j := 0; j <= b.top && j < len(b.splanes); j++ {
		n := 0
		for _, w := range b.splanes[j] {
			n += bits.OnesCount64(w)
		}
		total += float64(n) * scale
		scale /= 2
	}
	if total == 0 {
		return false
	}
	// The members for which every given literal holds (all when none).
	var g [SampleSize / 64]uint64
	for w := range g {
		g[w] = ^uint64(0)
	}
	for _, l := range given {
		for f := range numFamilies {
			lo, hi := si.lo[f], si.hi[f]
			if lo >= hi {
				continue
			}
			col := si.col(f, f.context(l.s), l.c)
			for w := lo; w < hi; w++ {
				acc := col[w-lo]
				if l.neg {
					acc = ^acc
				}
				// Members of other families in a boundary word keep their
				// bit here; their own family's pass decides them.
				g[w] &= acc | ^familyMask(si, f, w)
			}
		}
	}
	// Per family, the live members of each plane for which given holds,
	// gathered once, then a popcount per card over only those words.
	var live [SampleSize / 64]uint64
	for f := range numFamilies {
		lo, hi := si.lo[f], si.hi[f]
		if lo >= hi {
			continue
		}
		x := f.context(s)
		scale := 1.0
		for j := 0; j <= b.top && j < len(b.splanes); j, scale = j+1, scale/2 {
			if b.splanes[j] == nil {
				continue
			}
			any := uint64(0)
			for w := lo; w < hi; w++ {
				live[w] = b.splanes[j][w] & g[w] & familyMask(si, f, w)
				any |= live[w]
			}
			if any == 0 {
				continue // nothing of this family lives in this plane
			}
			for k, c := range cards {
				col := si.col(f, x, c)
				n := 0
				for w, m := range live[lo:hi] {
					n += bits.OnesCount64(m & col[w])
				}
				out[k] += float64(n) * scale
			}
		}
	}
	for k := range out {
		out[k] /= total
	}
	return true
}

// postDraws is how many hypotheses predictPosterior draws.
const postDraws = 32

// minPostWords: below this many live words the exact computation is as
// cheap as drawing.
const minPostWords = 64

// predictPosterior estimates the predictive probabilities from a
// systematic sample of the exact posterior: postDraws hypotheses at evenly
// spaced points of the cumulative posterior mass, in index order (no
// randomness, so hands stay reproducible). One pass over the live words,
// then postDraws × cards bit lookups, instead of a popcount per live word
// and card. It reports false when few words are live (exact is cheap).
func (b *Belief) predictPosterior(s state, cards []uint8, out []float64) bool {
	return b.predictPosteriorGiven(nil, s, cards, out)
}

// predictPosteriorGiven is predictPosterior for the probability that every
// literal of given holds and the card is accepted.
func (b *Belief) predictPosteriorGiven(given []lit, s state, cards []uint8, out []float64) bool {
	if b.noPostSample {
		return false
	}
	words := 0
	for f := range numFamilies {
		words += len(b.live[f])
	}
	if words < minPostWords {
		return false
	}
	t := b.idxTotal()
	if t == 0 {
		return false
	}
	clear(out)
	step := t / postDraws
	next := step / 2 // the first point, then every step
	acc := 0.0
	drawn := 0
	for f := range numFamilies {
		fi := &b.sp.fams[f]
		x := f.context(s)
		for _, lw := range b.live[f] {
			w := fi.w0 + int(lw)
			scale := b.sp.weight[w]
			for j := 0; j <= b.top; j++ {
				m := b.planes[j][w]
				if m == 0 {
					scale /= 2
					continue
				}
				mass := float64(bits.OnesCount64(m)) * scale
				for acc+mass > next && drawn < postDraws {
					// The point falls in this word and plane: the k-th
					// hypothesis of it (all weigh the same here).
					k := int((next - acc) / scale)
					r := m
					for range min(k, bits.OnesCount64(m)-1) {
						r &= r - 1
					}
					bit := uint(bits.TrailingZeros64(r))
					holds := true
					for _, l := range given {
						accepts := fi.column(f.context(l.s), l.c)[lw]>>bit&1 == 1
						if accepts == l.neg {
							holds = false
							break
						}
					}
					if holds {
						for i, c := range cards {
							out[i] += float64(fi.column(x, c)[lw] >> bit & 1)
						}
					}
					drawn++
					next += step
				}
				acc += mass
				scale /= 2
			}
		}
	}
	if drawn == 0 {
		return false
	}
	for i := range out {
		out[i] /= float64(drawn)
	}
	return true
}
