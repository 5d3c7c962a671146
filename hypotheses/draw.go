package hypotheses

import (
	"cmp"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// Drawing ideas as a person does: among the rules that fit what one
// remembers, simple ones first.

// fitWord is a word of hypotheses that fit, with the cumulative tempered
// mass up to it (DrawFitting's scratch).
type fitWord struct {
	w   int32
	m   uint64
	cum float64
}

var fitScratch = sync.Pool{New: func() any { return new([]fitWord) }}

// DrawFitting draws n hypotheses (with replacement) among those that give
// every fact's verdict, each with probability ∝ prior^beta; none when no
// hypothesis fits. Words of negligible tempered mass are not read
// (temperedCut).
func (sp *Space) DrawFitting(rng *rand.Rand, facts []sim.Fact, beta float64, n int) []int {
	wt := sp.temperedWeights(beta)
	cut := sp.temperedCut(beta)
	buf := fitScratch.Get().(*[]fitWord)
	defer fitScratch.Put(buf)
	words := (*buf)[:0]
	var colBuf [16][]uint64
	acc := 0.0
	for f := range numFamilies {
		fi := &sp.fams[f]
		cols := colBuf[:0]
		for _, fact := range facts {
			cols = append(cols, fi.column(f.context(stateOf(fact.Line)), uint8(fact.Card)))
		}
		for lw := range cut[f] {
			m := sp.valid[fi.w0+lw]
			for i := 0; i < len(facts) && m != 0; i++ {
				if facts[i].Accepted {
					m &= cols[i][lw]
				} else {
					m &^= cols[i][lw]
				}
			}
			if m != 0 {
				w := fi.w0 + lw
				acc += float64(bits.OnesCount64(m)) * wt[w]
				words = append(words, fitWord{int32(w), m, acc})
			}
		}
	}
	*buf = words
	if len(words) == 0 || n <= 0 {
		return nil
	}
	out := make([]int, 0, n)
	for range n {
		u := rng.Float64() * acc
		k, _ := slices.BinarySearchFunc(words, u, func(x fitWord, u float64) int { return cmp.Compare(x.cum, u) })
		x := words[min(k, len(words)-1)]
		out = append(out, int(x.w)*64+bits.TrailingZeros64(nthBit(x.m, rng.IntN(bits.OnesCount64(x.m)))))
	}
	return out
}

// negligibleMass bounds the tempered prior mass DrawFitting leaves out.
const negligibleMass = 1e-6

// temperedCut is, per family, how many words (those of the lowest levels:
// a family's words are sorted by level) DrawFitting reads: the words past
// them hold together at most negligibleMass of the whole tempered prior.
// With beta = 2 that skips the most numerous, longest rules — which a
// draw would pick about once in a million — and most of the index.
func (sp *Space) temperedCut(beta float64) [numFamilies]int {
	v, _ := sp.tempered.LoadOrStore([2]float64{2, beta}, sync.OnceValue(func() [numFamilies]int {
		wt := sp.temperedWeights(beta)
		mass := func(w int) float64 { return float64(bits.OnesCount64(sp.valid[w])) * wt[w] }
		total := 0.0
		for w := range sp.words {
			total += mass(w)
		}
		// Drop words from the lightest up while the dropped mass stays
		// within the bound; a family keeps a prefix (sorted by level).
		var cut [numFamilies]int
		var byLevel []int
		for f := range numFamilies {
			cut[f] = sp.fams[f].nw
			for lw := range sp.fams[f].nw {
				byLevel = append(byLevel, sp.fams[f].w0+lw)
			}
		}
		// Lightest first, and within a weight a family's last words first, so
		// that what is dropped is always a family's tail.
		slices.SortFunc(byLevel, func(a, b int) int { return cmp.Or(cmp.Compare(wt[a], wt[b]), cmp.Compare(b, a)) })
		dropped := 0.0
		for _, w := range byLevel {
			if dropped+mass(w) > negligibleMass*total {
				break
			}
			dropped += mass(w)
			f := sp.famOf[w]
			cut[f] = min(cut[f], w-sp.fams[f].w0)
		}
		return cut
	}))
	return v.(func() [numFamilies]int)()
}

// temperedWeights is each word's prior weight raised to beta, computed once
// per beta.
func (sp *Space) temperedWeights(beta float64) []float64 {
	v, _ := sp.tempered.LoadOrStore([2]float64{0, beta}, sync.OnceValue(func() []float64 {
		wt := make([]float64, len(sp.weight))
		for w, x := range sp.weight {
			wt[w] = math.Pow(x, beta)
		}
		return wt
	}))
	return v.(func() []float64)()
}

// nthBit is the k-th set bit (0-based) of x, as a one-bit word.
func nthBit(x uint64, k int) uint64 {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return x & -x
}
