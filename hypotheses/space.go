package hypotheses

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/eleusis/eleusis/sim"
)

// Config chooses a space.
type Config struct {
	// Size is the number of distinct behaviours kept, the shortest
	// descriptions first (ties in the grammar's order).
	Size int
}

// DefaultSize is the default space's number of distinct behaviours.
const DefaultSize = 100_000

// Hypothesis is one distinct behaviour of the space.
type Hypothesis struct {
	// Expr is the shortest description, an expression of the rule language.
	Expr   string
	Family Family
	// Length is the shortest description's length in bits; Level is the
	// prior rounded to whole bits, −log2 of the summed prior of every rule
	// with this behaviour, so that each 64-bit word of the index holds one
	// prior level.
	Length, Level int
	// Rules is how many syntactic rules of the grammar have this behaviour.
	Rules int
	// cand is the shortest description in the grammar (for Phrase).
	cand candidate
}

// Stats says how the grammar collapsed into behaviours.
type Stats struct {
	Syntactic int // rules of the grammar
	Distinct  int // distinct behaviours among them
	Kept      int // behaviours kept in the space (Config.Size)
	// Collapsed is how many syntactic rules the kept behaviours stand for.
	Collapsed int
	// IndexBytes is the memory of the bitset index.
	IndexBytes int
}

func (s Stats) String() string {
	return fmt.Sprintf("%d syntactic rules, %d distinct behaviours; kept %d (standing for %d rules); index %.1f MiB",
		s.Syntactic, s.Distinct, s.Kept, s.Collapsed, float64(s.IndexBytes)/(1<<20))
}

// famIndex is one family's part of the index: for each (context, card) a
// column of nw words, bit i set when the family's i-th hypothesis accepts
// the card in that context.
type famIndex struct {
	w0, nw int // first global word, number of words
	cols   []uint64
}

func (fi *famIndex) column(x int, c uint8) []uint64 {
	o := (x*52 + int(c)) * fi.nw
	return fi.cols[o : o+fi.nw : o+fi.nw]
}

// Space is an immutable hypothesis space with its index, shared by all
// workers.
type Space struct {
	// Hyps is indexed by slot (global word × 64 + bit); padding slots have an
	// empty Expr.
	Hyps  []Hypothesis
	Stats Stats
	words int
	fams  [numFamilies]famIndex
	// valid has a bit per real hypothesis; weight is each word's prior
	// weight 2^−(level − minimum level); famOf is each word's family.
	valid  []uint64
	weight []float64
	famOf  []Family
	// order: each slot's place among the kept behaviours, shortest first
	// (−1 for padding): Prefix keeps the first ones.
	order []int32

	cdfOnce  sync.Once
	cdf      []float64
	tempered sync.Map // {kind, beta} → per beta: tempered weights (0), DrawFitting's cut (2)
	sample   *sampleIndex
	// initLive: each family's words holding hypotheses (a fresh belief's
	// live lists); beliefs: released beliefs for reuse.
	initLive [numFamilies][]int32
	beliefs  sync.Pool
	exprOnce sync.Once
	byExpr   map[string]int
	// parent: the space this one is a prefix of (nil for a space built on
	// its own); its index is this one's, and an open belief reaches into
	// the rest of it before it synthesizes.
	parent *Space
	// maxLength is the longest description kept (where the index's cut
	// falls) and minLevel the lowest prior level: a weight is
	// 2^(minLevel − level).
	maxLength, minLevel int
	// gram is the grammar the space was built from (Phrase reads its
	// words).
	gram *idxGrammar
	// agree caches agreement vectors (local.go), agreeWords counts their
	// words.
	agree      [agreeShards]agreeShard
	agreeWords atomic.Int64
}

var (
	defaultOnce  sync.Once
	defaultSpace *Space
)

// Default is the space of DefaultSize behaviours, built once per process.
func Default() *Space {
	defaultOnce.Do(func() {
		sp, err := Build(Config{Size: DefaultSize})
		if err != nil {
			panic("hypotheses: default space: " + err.Error())
		}
		defaultSpace = sp
	})
	return defaultSpace
}

// kept is a behaviour found while building.
type kept struct {
	fam   Family
	rows  []uint64
	cand  candidate
	mass  float64 // summed 2^−L of its rules
	rules int
	order int
}

// Build enumerates the grammar, shortest first, merges rules with the same
// behaviour (exact: same row in every context of the family; a rule whose
// rows do not depend on its family's extra feature joins the prev family),
// keeps the Size first behaviours and builds the index.
func Build(cfg Config) (*Space, error) {
	if cfg.Size < 1 {
		return nil, fmt.Errorf("hypotheses: a space needs at least one hypothesis, not %d", cfg.Size)
	}
	g := newGrammar()
	var (
		ks      []*kept
		seen    = map[uint64]int32{} // hash → kept index, or −1 when not kept
		buf     = make([]uint64, maxContexts)
		minCost = 1.0 // "true"
		stats   Stats
		// want: the behaviours to find before stopping after a whole
		// length: at least the default space's, so that every smaller
		// space is a prefix of the default one (Prefix).
		want  = max(cfg.Size, DefaultSize)
		arena rowArena
		norm  normScratch
	)
	g.levels(func(k candidate) bool {
		stats.Syntactic++
		fam := k.fam
		rows := buf[:fam.Contexts()]
		if !g.rows(k, rows) || allZero(rows) {
			return stats.Distinct < want // accepts nothing: not a rule anyone plays under
		}
		fam, rows = norm.normalise(fam, rows)
		h := hashRows(fam, rows)
		mass := math.Exp2(minCost - float64(k.cost))
		if i, ok := seen[h]; ok {
			if i >= 0 && ks[i].fam == fam && slices.Equal(ks[i].rows, rows) {
				ks[i].mass += mass
				ks[i].rules++
				return stats.Distinct < want
			}
			if i < 0 {
				return stats.Distinct < want // a behaviour past the size: counted once
			}
			// Otherwise a 64-bit hash collision between two behaviours: the
			// newcomer is kept apart (and not registered).
		}
		stats.Distinct++
		if len(ks) < cfg.Size {
			seen[h] = int32(len(ks))
			ks = append(ks, &kept{fam: fam, rows: arena.clone(rows), cand: k, mass: mass, rules: 1, order: len(ks)})
		} else if _, ok := seen[h]; !ok {
			seen[h] = -1
		}
		return stats.Distinct < want
	})
	g.lifted = nil // only Build lifts rows
	sp := pack(g, ks, minCost)
	sp.Stats.Syntactic, sp.Stats.Distinct = stats.Syntactic, stats.Distinct
	sp.buildSample()
	for f := range numFamilies {
		sp.Stats.IndexBytes += 8 * len(sp.sample.cols[f])
	}
	return sp, nil
}

// Prefix is the space of the size shortest behaviours of sp — the space
// Build(Config{Size: size}) makes, the same hypotheses with the same
// priors — sharing sp's index instead of building its own: a line-up that
// uses the default space and a smaller one builds one index. (The
// hypotheses sit in other slots than in a space built alone, and its prior
// sample is drawn anew.)
func (sp *Space) Prefix(size int) (*Space, error) {
	if size < 1 {
		return nil, fmt.Errorf("hypotheses: a space needs at least one hypothesis, not %d", size)
	}
	if size >= sp.Stats.Kept {
		return sp, nil
	}
	p := &Space{words: sp.words, fams: sp.fams, weight: sp.weight, famOf: sp.famOf, order: sp.order, gram: sp.gram, minLevel: sp.minLevel, parent: sp.root(),
		Hyps: make([]Hypothesis, len(sp.Hyps)), valid: make([]uint64, sp.words)}
	p.Stats = Stats{Syntactic: sp.Stats.Syntactic, Distinct: sp.Stats.Distinct, Kept: size, IndexBytes: sp.Stats.IndexBytes}
	for id, h := range sp.Hyps {
		if h.Expr != "" && int(sp.order[id]) < size {
			p.Hyps[id] = h
			p.maxLength = max(p.maxLength, h.Length)
			p.valid[id/64] |= 1 << (id % 64)
			p.Stats.Collapsed += h.Rules
		} else {
			p.Hyps[id] = Hypothesis{Family: h.Family, Level: h.Level}
		}
	}
	for f := range numFamilies {
		fi := &p.fams[f]
		for lw := range fi.nw {
			if p.valid[fi.w0+lw] != 0 {
				p.initLive[f] = append(p.initLive[f], int32(lw))
			}
		}
	}
	p.buildSample()
	return p, nil
}

// root is the space whose index sp shares: its parent, or itself.
func (sp *Space) root() *Space {
	if sp.parent != nil {
		return sp.parent
	}
	return sp
}

// rowArena hands out copies of rows from large blocks (one allocation per
// block rather than per kept behaviour).
type rowArena struct{ block []uint64 }

func (a *rowArena) clone(rows []uint64) []uint64 {
	if len(a.block) < len(rows) {
		a.block = make([]uint64, max(1<<20, len(rows)))
	}
	out := a.block[:len(rows):len(rows)]
	a.block = a.block[len(rows):]
	copy(out, rows)
	return out
}

func allZero(rows []uint64) bool {
	for _, r := range rows {
		if r != 0 {
			return false
		}
	}
	return true
}

func hashRows(fam Family, rows []uint64) uint64 {
	h := uint64(fam)*0x9e3779b97f4a7c15 + 1
	for _, r := range rows {
		h ^= r
		h *= 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	return h
}

// pack orders the kept behaviours by family and prior level, pads each
// (family, level) group to whole 64-bit words and builds the index.
func pack(g *idxGrammar, ks []*kept, minCost float64) *Space {
	level := func(k *kept) int { return int(math.Round(minCost - math.Log2(k.mass))) }
	slices.SortStableFunc(ks, func(a, b *kept) int {
		return cmp.Or(cmp.Compare(a.fam, b.fam), cmp.Compare(level(a), level(b)), cmp.Compare(a.order, b.order))
	})
	sp := &Space{gram: g}
	minLevel := 0
	if len(ks) > 0 {
		minLevel = level(ks[0])
		for _, k := range ks {
			minLevel = min(minLevel, level(k))
		}
	}
	i := 0
	for f := range numFamilies {
		fi := &sp.fams[f]
		fi.w0 = sp.words
		start := len(sp.Hyps)
		for i < len(ks) && ks[i].fam == f {
			lv := level(ks[i])
			for i < len(ks) && ks[i].fam == f && level(ks[i]) == lv {
				k := ks[i]
				sp.Hyps = append(sp.Hyps, Hypothesis{Expr: g.text(k.cand), Family: f, Length: int(k.cand.cost), Level: lv, Rules: k.rules, cand: k.cand})
				sp.order = append(sp.order, int32(k.order))
				sp.Stats.Collapsed += k.rules
				i++
			}
			for len(sp.Hyps)%64 != 0 {
				sp.Hyps = append(sp.Hyps, Hypothesis{Family: f, Level: lv})
				sp.order = append(sp.order, -1)
			}
		}
		fi.nw = (len(sp.Hyps) - start) / 64
		sp.words += fi.nw
	}
	sp.minLevel = minLevel
	for _, h := range sp.Hyps {
		sp.maxLength = max(sp.maxLength, h.Length)
	}
	sp.valid = make([]uint64, sp.words)
	sp.weight = make([]float64, sp.words)
	sp.famOf = make([]Family, sp.words)
	for id, h := range sp.Hyps {
		w := id / 64
		sp.weight[w] = math.Exp2(float64(minLevel - h.Level))
		sp.famOf[w] = h.Family
		if h.Expr != "" {
			sp.valid[w] |= 1 << (id % 64)
		}
	}
	// Rows by slot, then the columns.
	rowsOf := make([][]uint64, len(sp.Hyps))
	j := 0
	for id := range sp.Hyps {
		if sp.Hyps[id].Expr != "" {
			rowsOf[id] = ks[j].rows
			j++
		}
	}
	for f := range numFamilies {
		fi := &sp.fams[f]
		ctx := f.Contexts()
		fi.cols = make([]uint64, ctx*52*fi.nw)
		var m [64]uint64
		for lw := range fi.nw {
			base := (fi.w0 + lw) * 64
			for x := range ctx {
				for b := range 64 {
					m[b] = 0
					if rows := rowsOf[base+b]; rows != nil {
						m[b] = rows[x]
					}
				}
				transpose64(&m) // m[c]: the word's hypotheses accepting card c
				for c := range 52 {
					fi.cols[(x*52+c)*fi.nw+lw] = m[c]
				}
			}
		}
		sp.Stats.IndexBytes += 8 * len(fi.cols)
	}
	sp.Stats.Kept = len(ks)
	for f := range numFamilies {
		fi := &sp.fams[f]
		for lw := range fi.nw {
			if sp.valid[fi.w0+lw] != 0 {
				sp.initLive[f] = append(sp.initLive[f], int32(lw))
			}
		}
	}
	return sp
}

// Hyp is hypothesis id of the space's index: for a prefix, a hypothesis
// past the prefix too (classes and open beliefs reach them).
func (sp *Space) Hyp(id int) Hypothesis {
	if sp.parent != nil && sp.Hyps[id].Expr == "" {
		return sp.parent.Hyps[id]
	}
	return sp.Hyps[id]
}

// Len is the number of hypotheses (slots with padding excluded).
func (sp *Space) Len() int { return sp.Stats.Kept }

// Slots is the number of slots, padding included.
func (sp *Space) Slots() int { return len(sp.Hyps) }

// accepts reports whether hypothesis id accepts card c in state s.
func (sp *Space) accepts(id int, s state, c uint8) bool {
	f := sp.Hyps[id].Family
	fi := &sp.fams[f]
	lw := id/64 - fi.w0
	return fi.column(f.context(s), c)[lw]>>(id%64)&1 == 1
}

// Accepts reports whether hypothesis id accepts card c after the main line.
func (sp *Space) Accepts(id int, line []sim.Card, c sim.Card) bool {
	return sp.accepts(id, stateOf(line), uint8(c))
}

// priorCDF is the cumulative prior mass by word, for sampling.
func (sp *Space) priorCDF() []float64 {
	sp.cdfOnce.Do(func() {
		sp.cdf = make([]float64, sp.words)
		acc := 0.0
		for w := range sp.words {
			acc += float64(bits.OnesCount64(sp.valid[w])) * sp.weight[w]
			sp.cdf[w] = acc
		}
	})
	return sp.cdf
}

// SamplePrior draws a hypothesis from the prior.
func (sp *Space) SamplePrior(rng *rand.Rand) int {
	cdf := sp.priorCDF()
	u := rng.Float64() * cdf[len(cdf)-1]
	w, _ := slices.BinarySearch(cdf, u)
	w = min(w, len(cdf)-1)
	for sp.valid[w] == 0 {
		w-- // only possible on a boundary: the previous word has mass
	}
	return w*64 + bits.TrailingZeros64(nthBit(sp.valid[w], rng.IntN(bits.OnesCount64(sp.valid[w]))))
}

// ByExpr finds the hypothesis written exactly as expr (its shortest
// description).
func (sp *Space) ByExpr(expr string) (int, bool) {
	sp.exprOnce.Do(func() {
		sp.byExpr = make(map[string]int, sp.Stats.Kept)
		for id, h := range sp.Hyps {
			if h.Expr != "" {
				sp.byExpr[h.Expr] = id
			}
		}
	})
	id, ok := sp.byExpr[expr]
	return id, ok
}
