package hypotheses

import (
	"math"
	"math/bits"
	"slices"

	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// lit is one judged card in a state; neg asks for the hypotheses that
// reject it. For the open part's syntax trees, line is the main line
// before the card, and sc that line prepared (scene): set when first
// needed, as the open part most often holds nothing to evaluate.
type lit struct {
	s    state
	c    uint8
	neg  bool
	sc   *grammar.Scene
	line []sim.Card
}

// scene is the lit's line prepared for the open part's syntax trees.
func (l *lit) scene() *grammar.Scene {
	if l.sc == nil {
		l.sc = grammar.NewScene(l.line)
	}
	return l.sc
}

// Belief is a posterior over a Space: prior × likelihood, where a
// hypothesis that contradicts a verdict has likelihood ε/(1−ε) relative to
// one that agrees (label noise ε), and a card God chose (the opening of
// chain3, God's pick after a wrong "no play") has likelihood 1/k for a
// hypothesis that allowed k choices (the size principle).
//
// Likelihoods are kept in whole bits: plane j holds the hypotheses whose
// likelihood is 2^−j, so that every mass is a sum of popcounts × the word's
// prior weight. A mismatch costs round(log2((1−ε)/ε)) bits; with ε = 0 it
// removes the hypothesis (strict elimination). A hypothesis whose
// likelihood falls below 2^−(planes−1) is dropped: with ε > 0 that is after
// about three mismatches, when its weight is under 10⁻⁴ of an agreeing one.
type Belief struct {
	sp     *Space
	eps    float64
	shift  int
	planes [][]uint64
	top    int
	live   [numFamilies][]int32 // local words with a bit in some plane
	total  float64              // cached mass of everything; < 0 when stale
	// The sample's planes (see sample.go); sfresh is false after an update.
	splanes  [][]uint64
	slive    int
	sfresh   bool
	noSample bool
	// noPostSample: no posterior sampling either (Exact).
	noPostSample bool
	// open: the synthesized hypotheses beside the index (nil: closed).
	open *openPart
	// scratch
	cols, gcols [][]uint64
	cnt         []int
}

// Exact makes every predictive probability exact (no sample estimates).
func (b *Belief) Exact() { b.noSample, b.noPostSample = true, true }

// NewBelief starts from the prior with label noise eps (0 ≤ eps < 0.5).
func (sp *Space) NewBelief(eps float64) *Belief {
	if v := sp.beliefs.Get(); v != nil {
		b := v.(*Belief)
		b.reset(eps)
		return b
	}
	b := &Belief{sp: sp}
	b.reset(eps)
	return b
}

// Release hands the belief back for reuse by a later NewBelief (a hand's
// beliefs are large: a plane is a bit per hypothesis). The belief, and any
// Record on it, must not be used afterwards.
func (b *Belief) Release() { b.sp.beliefs.Put(b) }

// reset makes b the prior with label noise eps, reusing its memory.
func (b *Belief) reset(eps float64) {
	sp := b.sp
	b.eps, b.shift = eps, 0
	planes := 8 // room for the size principle (1/52 is 6 bits)
	if eps > 0 {
		b.shift = max(1, min(8, int(math.Round(math.Log2((1-eps)/eps)))))
		planes = min(32, 3*b.shift+8)
	}
	if len(b.planes) != planes {
		b.planes = make([][]uint64, planes)
		b.splanes = nil
	}
	// Plane 0 now; the others when a hypothesis first falls to them (and
	// cleared here when a former hand used them).
	if b.planes[0] == nil {
		b.planes[0] = make([]uint64, sp.words)
	}
	copy(b.planes[0], sp.valid)
	for j := 1; j < len(b.planes); j++ {
		if b.planes[j] != nil {
			clear(b.planes[j])
		}
	}
	for f := range numFamilies {
		b.live[f] = append(b.live[f][:0], sp.initLive[f]...)
	}
	b.top, b.total = 0, -1
	b.slive, b.sfresh, b.noSample, b.noPostSample = 0, false, false, false
	b.open = nil
}

// Space is the belief's hypothesis space.
func (b *Belief) Space() *Space { return b.sp }

// Eps is the label noise.
func (b *Belief) Eps() float64 { return b.eps }

func (b *Belief) columns(f Family, lits []lit) [][]uint64 {
	fi := &b.sp.fams[f]
	b.cols = b.cols[:0]
	for _, l := range lits {
		b.cols = append(b.cols, fi.column(f.context(l.s), l.c))
	}
	return b.cols
}

// conj is the word of hypotheses (within word lw of the columns) for which
// every literal holds.
func conj(lits []lit, cols [][]uint64, lw int32) uint64 {
	m := ^uint64(0)
	for i, l := range lits {
		if l.neg {
			m &^= cols[i][lw]
		} else {
			m &= cols[i][lw]
		}
	}
	return m
}

// mass is the unnormalised posterior mass of the hypotheses for which every
// literal holds (all hypotheses when lits is empty).
func (b *Belief) mass(lits []lit) float64 {
	var total float64
	for f := range numFamilies {
		if len(b.live[f]) == 0 {
			continue
		}
		fi := &b.sp.fams[f]
		cols := b.columns(f, lits)
		wt := b.sp.weight[fi.w0 : fi.w0+fi.nw]
		scale := 1.0
		for j := 0; j <= b.top; j++ {
			plane := b.planes[j][fi.w0 : fi.w0+fi.nw]
			var sum float64
			for _, lw := range b.live[f] {
				if m := plane[lw] & conj(lits, cols, lw); m != 0 {
					sum += float64(bits.OnesCount64(m)) * wt[lw]
				}
			}
			total += sum * scale
			scale /= 2
		}
	}
	return total
}

// Total is the unnormalised mass of the whole posterior: the index's and
// the open part's.
func (b *Belief) Total() float64 {
	return b.idxTotal() + b.open.total()
}

// idxTotal is the index's part of Total.
func (b *Belief) idxTotal() float64 {
	if b.total < 0 {
		b.total = b.mass(nil)
	}
	return b.total
}

// Empty reports that no hypothesis is left (possible with ε = 0 when God's
// rule is not in the space).
func (b *Belief) Empty() bool { return b.Total() == 0 }

// prob is the posterior probability that every literal holds; 0.5 when the
// belief is empty (nothing left to go by).
func (b *Belief) prob(lits []lit) float64 {
	t := b.Total()
	if t == 0 {
		return 0.5
	}
	return min(1, (b.mass(lits)+b.open.mass(lits))/t)
}

// predict fills out[k] with the posterior predictive probability that card
// cards[k] is accepted in state s: one pass over the live words for all
// cards.
//
// While many hypotheses are live, the estimate comes from the space's
// prior sample (SampleSize draws; a card's probability is then within
// about ±0.07 at the least trusted point, 48 live members); the updates of
// the belief are always exact.
func (b *Belief) predict(s state, sc *grammar.Scene, cards []uint8, out []float64) {
	b.predictIdx(nil, s, cards, out)
	b.mixOpen(nil, sc, cards, out)
}

// predictIdx is the index's part of a prediction (normalised by the
// index's mass), estimated while many hypotheses are live.
func (b *Belief) predictIdx(given []lit, s state, cards []uint8, out []float64) {
	if b.predictSampleGiven(given, s, cards, out) || b.predictPosteriorGiven(given, s, cards, out) {
		return
	}
	b.predictGiven(given, s, cards, out)
}

// mixOpen mixes the open part into the index's predictive probabilities in
// out: each weighed by its mass.
func (b *Belief) mixOpen(given []lit, sc *grammar.Scene, cards []uint8, out []float64) {
	if b.open == nil {
		return
	}
	mo := b.open.total()
	if mo == 0 {
		return
	}
	mi := b.idxTotal()
	for k := range out {
		out[k] *= mi
	}
	if mi == 0 {
		clear(out)
	}
	b.open.predict(given, sc, cards, out)
	for k := range out {
		out[k] = min(1, out[k]/(mi+mo))
	}
}

// predictGiven fills out[k] with the probability that every literal of
// given holds and cards[k] is accepted in state s.
func (b *Belief) predictGiven(given []lit, s state, cards []uint8, out []float64) {
	clear(out)
	t := b.idxTotal()
	if t == 0 {
		for k := range out {
			out[k] = 0.5
		}
		return
	}
	for f := range numFamilies {
		if len(b.live[f]) == 0 {
			continue
		}
		fi := &b.sp.fams[f]
		x := f.context(s)
		b.gcols = append(b.gcols[:0], b.columns(f, given)...)
		gcols := b.gcols
		b.cols = b.cols[:0]
		for _, c := range cards {
			b.cols = append(b.cols, fi.column(x, c))
		}
		cols := b.cols
		wt := b.sp.weight[fi.w0 : fi.w0+fi.nw]
		if b.top == 0 && len(given) == 0 {
			// The common case: one plane. Card by card, so that each
			// column is read in order (one memory stream at a time).
			plane := b.planes[0][fi.w0 : fi.w0+fi.nw]
			live := b.live[f]
			for k, col := range cols {
				col = col[:len(plane)]
				sum, run, w := 0.0, 0, -1.0
				for _, lw := range live {
					if wt[lw] != w {
						sum += float64(run) * w
						run, w = 0, wt[lw]
					}
					run += bits.OnesCount64(plane[lw] & col[lw])
				}
				out[k] += sum + float64(run)*w
			}
			continue
		}
		scale := 1.0
		// Words are sorted by prior level: count bits in integers while the
		// weight stays the same, multiply once per run.
		cnt := b.counts(len(cols))
		for j := 0; j <= b.top; j++ {
			plane := b.planes[j][fi.w0 : fi.w0+fi.nw]
			w := -1.0
			for _, lw := range b.live[f] {
				m := plane[lw]
				if len(given) > 0 {
					m &= conj(given, gcols, lw)
				}
				if m == 0 {
					continue
				}
				if wt[lw] != w {
					flush(out, cnt, w*scale)
					w = wt[lw]
				}
				for k, col := range cols {
					cnt[k] += bits.OnesCount64(m & col[lw])
				}
			}
			flush(out, cnt, w*scale)
			scale /= 2
		}
	}
	for k := range out {
		out[k] = min(1, out[k]/t)
	}
}

func (b *Belief) counts(n int) []int {
	if cap(b.cnt) < n {
		b.cnt = make([]int, n)
	}
	return b.cnt[:n]
}

// flush adds the counted bits times w to out and zeroes the counts.
func flush(out []float64, cnt []int, w float64) {
	for k, c := range cnt {
		if c != 0 {
			out[k] += float64(c) * w
			cnt[k] = 0
		}
	}
}

// sizeBits is round(log2 k), the bits a choice among k cards costs.
func sizeBits(k int) int {
	if k <= 1 {
		return 0
	}
	return min(6, int(math.Round(math.Log2(float64(k)))))
}

// compact drops the words that no longer hold any hypothesis and marks the
// total stale.
func (b *Belief) compact() {
	b.total = -1
	b.sfresh = false
	for f := range numFamilies {
		w0 := b.sp.fams[f].w0
		b.live[f] = slices.DeleteFunc(b.live[f], func(lw int32) bool {
			for j := 0; j <= b.top; j++ {
				if b.planes[j][w0+int(lw)] != 0 {
					return false
				}
			}
			return true
		})
	}
	for b.top > 0 && b.planeEmpty(b.top) {
		b.top--
	}
}

func (b *Belief) planeEmpty(j int) bool {
	for f := range numFamilies {
		w0 := b.sp.fams[f].w0
		for _, lw := range b.live[f] {
			if b.planes[j][w0+int(lw)] != 0 {
				return false
			}
		}
	}
	return true
}

// nonZero is 1 when x has a bit set, else 0, without a branch.
func nonZero(x uint64) int { return int((x | -x) >> 63) }
