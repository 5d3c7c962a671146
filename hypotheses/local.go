package hypotheses

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// Local classes: God's rule as one hand can show it.
//
// A hand starts from its opening (the starter, or the Divermazo chain) and
// can only ever reach the main lines that legal play leads to from there.
// Two rules that give the same verdict on every card in every such state
// cannot be told apart by any experiment of that hand: within a hand that
// starts red, "only red" and "same colour as the last card" are the same
// rule. God's local class is the set of hypotheses that agree with God on
// every state reachable from the hand's opening; a scientist whose best
// rule lies in it has identified the rule as far as the hand could show it.
//
// The states reachable from an opening are God's chart's (package godrule):
// for rules that read at most prev2 and neither n nor line, every window
// (the previous card, the one before it, the main line's length modulo 12)
// enumerated exactly, read here as the hypotheses' states (God's rule may
// read prev2's identity, the chartable families its colour; the position
// families read n % 2, 3, 4); for the others (prev3, n, line), and for the
// families a window does not cover, the states of random legal walks from
// the opening, and the class says so (Exact false).

// Class is a set of hypotheses of a space, kept as its sorted slot ids:
// classes are small (God's class in a hand holds a handful of rules), and a
// hand's runs keep one per distinct opening.
type Class struct {
	ids []int32
}

// Has reports whether hypothesis id is in the class.
func (c *Class) Has(id int) bool {
	if c == nil || id < 0 {
		return false
	}
	_, ok := slices.BinarySearch(c.ids, int32(id))
	return ok
}

// Len is the number of hypotheses in the class.
func (c *Class) Len() int {
	if c == nil {
		return 0
	}
	return len(c.ids)
}

// IDs lists the class's hypotheses in slot order.
func (c *Class) IDs() []int32 {
	if c == nil {
		return nil
	}
	return slices.Clone(c.ids)
}

// agreeKey names the hypotheses of a family that accept exactly mask in
// context x of the family.
type agreeKey struct {
	f    Family
	x    int32
	mask uint64
}

// agreeShards: the cache is split so that workers rarely wait on one lock.
const agreeShards = 16

type agreeShard struct {
	mu sync.RWMutex
	m  map[agreeKey][]uint64
}

// agreeCacheWords bounds the words the space keeps in its cache of
// agreement vectors (64 MiB); past it vectors are computed and not kept.
const agreeCacheWords = 8 << 20

// agreeVec is the words of family f (its local words) whose hypotheses
// accept exactly the cards of mask in context x. The vectors are cached in
// the space: a rule's local classes in different hands, and the classes of
// best rules, ask for the same contexts again and again.
func (sp *Space) agreeVec(f Family, x int, mask uint64) []uint64 {
	k := agreeKey{f, int32(x), mask}
	sh := &sp.agree[(uint64(x)*0x9e3779b97f4a7c15^mask)>>60]
	sh.mu.RLock()
	v, ok := sh.m[k]
	sh.mu.RUnlock()
	if ok {
		return v
	}
	fi := &sp.fams[f]
	v = slices.Clone(sp.valid[fi.w0 : fi.w0+fi.nw])
	for c := range uint8(52) {
		// Card by card over all words: each column is read in order.
		col := fi.column(x, c)
		if mask>>c&1 == 1 {
			for lw := range v {
				v[lw] &= col[lw]
			}
		} else {
			for lw := range v {
				v[lw] &^= col[lw]
			}
		}
	}
	if sp.agreeWords.Add(int64(len(v))) <= agreeCacheWords {
		sh.mu.Lock()
		if sh.m == nil {
			sh.m = map[agreeKey][]uint64{}
		}
		sh.m[k] = v
		sh.mu.Unlock()
	}
	return v
}

// agreeWord is the hypotheses of word lw that accept exactly the cards of
// mask in context x (one word of agreeVec's vector, computed alone).
func (fi *famIndex) agreeWord(x int, mask uint64, lw int) uint64 {
	w := ^uint64(0)
	for c := range uint8(52) {
		col := fi.column(x, c)[lw]
		if mask>>c&1 == 0 {
			col = ^col
		}
		if w &= col; w == 0 {
			return 0
		}
	}
	return w
}

// verdicts sums up a set of judged states for the hypotheses: per family,
// the contexts the states visit and God's verdicts there — or ok false when
// two states share a context of the family but not their verdicts (the
// rule reads more than the family does: no hypothesis of it can agree) —
// and the distinct states. It does not depend on any space, so a chart keeps
// it per opening for every space's classes.
//
// The states come from two sources: exact ones (the breadth-first search
// over prev2, prev and n mod 12, for rules that read no more) for the
// chartable families, and sampled ones (random legal walks) for the
// others — families reading prev3, the starter or summaries of the line,
// which the search does not track — and for every family when the rule
// itself is sampled.
type verdicts struct {
	ok    [numFamilies]bool
	ctx   [numFamilies][]int32
	masks [numFamilies][]uint64
	// hstates: the distinct states of each source (0 exact, 1 sampled).
	hstates [2][]state
	exact   bool // the exact source is there
	pairs   int  // judged states summed up
}

// source is which of the verdicts' states family f is checked on.
func (v *verdicts) source(f Family) int {
	if v.exact && f.Chartable() {
		return 0
	}
	return 1
}

// summarise gathers judged states into verdicts; exact is nil for a rule
// charted by sampling only.
func summarise(exact, sampled []judgedState) *verdicts {
	v := &verdicts{pairs: len(exact) + len(sampled), exact: exact != nil}
	src := [2][]judgedState{exact, sampled}
	masks := make([]uint64, maxContexts)
	seen := make([]bool, maxContexts)
	for f := range numFamilies {
		clear(seen[:f.Contexts()])
		pairs := src[v.source(f)]
		v.ok[f] = len(pairs) > 0 // no states: no verdict to agree with
		for _, js := range pairs {
			x := f.context(js.s)
			if seen[x] && masks[x] != js.mask {
				v.ok[f], v.ctx[f], v.masks[f] = false, nil, nil
				break
			}
			if !seen[x] {
				seen[x], masks[x] = true, js.mask
				v.ctx[f] = append(v.ctx[f], int32(x))
				v.masks[f] = append(v.masks[f], js.mask)
			}
		}
		// Trim: the verdicts are kept per opening for the whole run.
		v.ctx[f], v.masks[f] = slices.Clip(v.ctx[f]), slices.Clip(v.masks[f])
	}
	for i, pairs := range src {
		states := make([]state, len(pairs))
		for k, js := range pairs {
			states[k] = js.s
		}
		slices.SortFunc(states, compareState)
		v.hstates[i] = slices.Clip(slices.Compact(states))
	}
	return v
}

func compareState(a, b state) int {
	c := cmp.Or(cmp.Compare(a.prev, b.prev), cmp.Compare(a.p2, b.p2), cmp.Compare(a.p3, b.p3),
		cmp.Compare(a.n12, b.n12), cmp.Compare(a.start, b.start), cmp.Compare(a.n13, b.n13))
	for f := ftRedPar; c == 0 && f < numFeatures; f++ {
		c = cmp.Compare(f.value(a), f.value(b))
	}
	return c
}

// classOn is the space's hypotheses that give every verdict.
//
// The class is the whole index's: for a prefix space, the hypotheses
// beyond the prefix too (an open belief reaches them).
func (sp *Space) classOn(v *verdicts) *Class {
	sp = sp.root()
	cl := &Class{}
	var words []uint64
	for f := range numFamilies {
		if !v.ok[f] {
			continue
		}
		fi := &sp.fams[f]
		words = append(words[:0], sp.valid[fi.w0:fi.w0+fi.nw]...)
		live := 0
		for i, x := range v.ctx[f] {
			if live*8 < fi.nw && i > 0 {
				// Few words still hold hypotheses: check those words
				// directly in the remaining contexts instead of building
				// (and caching) whole vectors for them.
				for lw, w := range words {
					for j := i; j < len(v.ctx[f]) && w != 0; j++ {
						w &= fi.agreeWord(int(v.ctx[f][j]), v.masks[f][j], lw)
					}
					words[lw] = w
				}
				break
			}
			live = 0
			for lw, a := range sp.agreeVec(f, int(x), v.masks[f][i]) {
				words[lw] &= a
				if words[lw] != 0 {
					live++
				}
			}
			if live == 0 {
				break
			}
		}
		for lw, w := range words {
			for ; w != 0; w &= w - 1 {
				cl.ids = append(cl.ids, int32((fi.w0+lw)*64+bits.TrailingZeros64(w)))
			}
		}
	}
	return cl
}

// Local is God's rule seen from one hand: the states reachable from the
// hand's opening, and the hypotheses that agree with God on all of them.
type Local struct {
	// Class: God's local class in the space.
	Class *Class
	// Exact: every reachable state was examined; otherwise a sample of
	// random legal walks from the opening.
	Exact bool
	// States: distinct (state, verdicts) pairs examined.
	States int
	sp     *Space
	// v: the hand's verdicts (their distinct states: God may give several
	// verdict sets for one state of the hypotheses when he reads more).
	v *verdicts
	// check: the walks' main lines, for the open part's hypotheses.
	check *lineCheck
}

// Agreeing is the set of hypotheses that agree with hypothesis id on every
// state of the hand: id's own local class. Its posterior mass is a belief's
// confidence that its best rule is right as far as the hand can tell.
func (l *Local) Agreeing(id int) *Agreement {
	f := l.sp.Hyps[id].Family
	rows := map[int]uint64{}
	rowsAt := func(states []state) []judgedState {
		pairs := make([]judgedState, len(states))
		for i, s := range states {
			x := f.context(s)
			r, ok := rows[x]
			if !ok {
				r = l.sp.row(id, s)
				rows[x] = r
			}
			pairs[i] = judgedState{s, r}
		}
		return pairs
	}
	// id's verdicts stand for God's: on both sources when id's family is
	// charted exactly, on the sampled states otherwise (the exact states do
	// not say what id reads).
	var v *verdicts
	if l.v.source(f) == 0 {
		v = summarise(rowsAt(l.v.hstates[0]), rowsAt(l.v.hstates[1]))
	} else {
		v = summarise(nil, rowsAt(l.v.hstates[1]))
	}
	return &Agreement{sp: l.sp, verdicts: v}
}

// Agreement is the set of hypotheses that give the verdicts of a set of
// judged states, checked only for the hypotheses asked about (a belief's
// live ones, a person's few candidates): cheaper than a Class when the
// verdicts rarely repeat.
type Agreement struct {
	sp *Space
	*verdicts
	// visited: the contexts a hand's main line passed through (Visited).
	visited *[numFamilies]map[int32]bool
}

// order is the order in which ProbAgreeing visits family f's contexts:
// those the hand's main line never passed through first. A live hypothesis
// has given God's verdicts wherever the hand judged a card, so it parts from
// the best rule, if at all, mostly in contexts the hand never saw; checking
// them first empties most words early.
func (g *Agreement) order(f Family) []int {
	idx := make([]int, len(g.ctx[f]))
	for i := range idx {
		idx[i] = i
	}
	if g.visited != nil {
		slices.SortStableFunc(idx, func(a, b int) int {
			return compareBool(g.visited[f][g.ctx[f][a]], g.visited[f][g.ctx[f][b]])
		})
	}
	return idx
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Visited marks the contexts a main line passed through (for order).
func (g *Agreement) Visited(line []sim.Card) *Agreement {
	g.visited = new([numFamilies]map[int32]bool)
	for f := range numFamilies {
		g.visited[f] = map[int32]bool{}
		for n := 1; n <= len(line); n++ {
			g.visited[f][int32(f.context(stateOf(line[:n])))] = true
		}
	}
	return g
}

// word is the hypotheses among keep, in word lw of family f, that give
// every verdict. Most words fail within a few cards.
func (g *Agreement) word(f Family, lw int, keep uint64) uint64 {
	if !g.ok[f] {
		return 0
	}
	fi := &g.sp.fams[f]
	for i, x := range g.ctx[f] {
		cols, mask := fi.cols[int(x)*52*fi.nw+lw:], g.masks[f][i]
		for c := range 52 {
			col := cols[c*fi.nw]
			if mask>>c&1 == 0 {
				col = ^col
			}
			if keep &= col; keep == 0 {
				return 0
			}
		}
	}
	return keep
}

// Has reports whether hypothesis id belongs to the set.
func (g *Agreement) Has(id int) bool {
	if g == nil || id < 0 {
		return false
	}
	f := g.sp.Hyps[id].Family
	return g.word(f, id/64-g.sp.fams[f].w0, 1<<(id%64)) != 0
}

// row is hypothesis id's accepted cards in state s.
func (sp *Space) row(id int, s state) uint64 {
	f := sp.Hyps[id].Family
	fi := &sp.fams[f]
	lw, bit := id/64-fi.w0, uint(id%64)
	x := f.context(s)
	var row uint64
	for c := range uint8(52) {
		row |= (fi.column(x, c)[lw] >> bit & 1) << c
	}
	return row
}

func newLocal(sp *Space, v *verdicts, exact bool) *Local {
	return &Local{Exact: exact, States: v.pairs, sp: sp, Class: sp.classOn(v), v: v}
}
