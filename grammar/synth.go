package grammar

import (
	"cmp"
	"math"
	"slices"
	"sync"
	"time"
)

// Problem is what a rule must do on a set of points: accept the points of
// Want and refuse the others, at the points of Care (the points whose
// verdict is known).
type Problem struct {
	Points *Points
	Want   []uint64
	Care   []uint64
	// Near: rules that came near, each wrong on a few points (a search in
	// rounds: the last round's rules, which the points it added refute);
	// the search tries them mended with an exception (exceptions.go).
	Near []*Node
}

// Found is one rule consistent with a problem.
type Found struct {
	Node *Node
	Bits int
}

// SynthStats says what a synthesis did.
type SynthStats struct {
	Classes, Nodes int  // the pool's classes and the nodes tried to build them
	PoolBits       int  // the length the pool reached
	Solves         int  // sub-problems solved
	TimedOut       bool // the budget (time or solves) ran out
	Elapsed        time.Duration
}

// Synthesize finds the shortest rules of the language consistent with a
// problem: an atom of the pool; a threshold, an equality or a
// divisibility of a term of the pool; or a connective over them, found top
// down — a rule "a or b" explains the points of a and leaves the rest to b,
// "c ? a : b" splits the points between a and b (the divide and conquer of
// EUSolver, Alur et al. 2017), to two levels. Rules are returned shortest
// first.
func Synthesize(p Problem, cfg SynthConfig) ([]Found, SynthStats) {
	start := time.Now()
	var deadline time.Time
	if cfg.Budget > 0 {
		deadline = start.Add(cfg.Budget)
	}
	s := &synth{p: p, cfg: cfg, deadline: deadline, memo: map[string][]Found{}, settled: unsettled}
	// The rules under a nil guard are a synthesis of their own: it runs
	// beside this one (the same rules, sooner on two cores).
	var long []Found
	var longDone sync.WaitGroup
	if cfg.Guarded {
		longDone.Add(1)
		go func() {
			defer longDone.Done()
			long = solveLong(p, cfg, deadline)
		}()
	}
	s.e = NewEnumerator(p.Points)
	s.e.Connectives, s.e.Keep, s.e.MaxBool = false, max(1, cfg.Keep), cfg.PoolBits
	s.e.Stop = s.lateNow
	s.e.Leaf = mainLeaf
	if cfg.MaxClasses > 0 {
		s.e.Limit = cfg.MaxClasses
	}
	// The pool grows while it takes less than half the budget: each length
	// costs about twice the one before.
	for L := 1; L <= max(cfg.PoolBits, cfg.TermBits); L++ {
		t0 := time.Now()
		s.e.Grow(L)
		if s.e.Stopped() {
			break
		}
		s.poolBits = L
		if cfg.Budget > 0 && time.Since(start)+2*time.Since(t0) > cfg.Budget/2 {
			break
		}
	}
	s.index()
	s.growArith()
	s.layout()
	// The search's phases, each a whole rule's; after each, a right rule
	// bounds the ones after it (settle).
	found := s.top()
	if cfg.Split {
		found = s.slack(append(found, s.settle(s.joinSplits())...))
	}
	if cfg.FitSplits {
		found = s.slack(append(found, s.settle(s.fitSplits(best(found)))...))
	}
	if cfg.Exactly {
		found = s.slack(append(found, s.exactly()...))
	}
	if cfg.Guarded {
		longDone.Wait()
		found = s.slack(append(found, long...))
	}
	found = s.expand(found)
	st := SynthStats{Classes: s.e.Classes(), Nodes: s.e.Nodes(), PoolBits: s.poolBits, Solves: s.solves,
		TimedOut: s.timedOut, Elapsed: time.Since(start)}
	return found, st
}

type synth struct {
	p        Problem
	cfg      SynthConfig
	e        *Enumerator
	poolBits int
	deadline time.Time
	timedOut bool
	// atoms: the pool's Boolean classes, shortest first; dis holds each
	// one's disagreement with Want (words per atom, flat).
	atoms []*Class
	dis   []uint64
	ints  []*Class
	// poolConds: the pool's atoms that do not read the card (conditions);
	// conds: the thresholds of its terms made as conditions; allConds:
	// these and counts, shortest first.
	poolConds, allConds, conds []*Class
	// counts: two counts of the line compared (countpairs.go), a list of
	// their own: the search's lists of conditions are cut by length, and
	// these are longer than most.
	counts []*Class
	// modeConds: which of two kinds of card came last (modes.go), a list
	// of their own, as counts are.
	modeConds []*Class
	// telling: the thresholds the verdicts change at most
	// (condThresholds), tried first like the modes and among the fit
	// splits' conditions.
	telling []*Class
	// paired: allConds and the look-back pool's conditions, for the paired
	// splits (pairedConds).
	paired []*Class
	// intOf finds a pool term's class by its node.
	intOf map[*Node]*Class
	arith *Enumerator // the look-back pool, when grown
	// arithWhole: the longest length the look-back pool holds whole.
	arithWhole int
	// arithAtoms: its Boolean classes the main pool lacks, shortest first;
	// arithCols[i]: those true at point i (bit j: arithAtoms[j]).
	arithAtoms []*Class
	arithCols  [][]uint64
	lookTerms  [][]*Class // pairTerms, once made
	// pairOr, pairAnd: the comparisons of two look-back terms that can be
	// a part of an "or" (an "and") at the top, pairBest the best-scoring
	// of them for the compounds, once made (pairsMade; pairatoms.go).
	pairOr, pairAnd, pairBest []*Class
	pairsMade                 bool
	words                     int
	memo                      map[string][]Found
	solves                    int
	// scratch: compounds' candidate lists, one set per depth of solve.
	scratch [3]struct{ ors, ands, imps, ites, sorted []cand }
	values  valueTally // commonValue's counts
	// lateCalls counts the calls of late.
	lateCalls int
	// settled: the length of the shortest whole rule Verify found right
	// (unsettled: none); inTop: the top search is running, its root
	// solve's rules are whole ones.
	settled int
	inTop   bool
	// twins: the terms of two cards' classes and their values (classTwins).
	twins []twin
	// splitting: the short lines' splits, run beside the top search from
	// its root (splitahead.go).
	splitting *splitRun
}

// index lays the pool out for the searches.
func (s *synth) index() {
	s.words = s.p.Points.Words()
	for L := 1; L <= s.poolBits; L++ {
		s.atoms = append(s.atoms, s.e.Bools(L)...)
	}
	for L := 1; L <= s.poolBits; L++ {
		s.ints = append(s.ints, s.e.Ints(L)...)
	}
}

// layout prepares the searches' tables over the atoms and terms.
func (s *synth) layout() {
	for _, a := range s.atoms {
		if !a.card && a.Node.P != PTrue {
			s.poolConds = append(s.poolConds, a)
		}
	}
	s.intOf = make(map[*Node]*Class, len(s.ints))
	for _, t := range s.ints {
		s.intOf[t.Node] = t
	}
	s.conds = s.condThresholds(s.cfg.CondBits, s.cfg.BackCondBits)
	s.counts = s.countPairs(countPairMax)
	s.modeConds = s.modes()
	s.allConds = slices.Concat(s.poolConds, s.conds, s.counts)
	slices.SortStableFunc(s.allConds, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	s.dis = make([]uint64, len(s.atoms)*s.words)
	for i, a := range s.atoms {
		for w := range s.words {
			s.dis[i*s.words+w] = a.B[w] ^ s.p.Want[w]
		}
	}
}

// fits reports whether atom i agrees with Want on every point of mask.
func (s *synth) fits(i int, mask []uint64) bool {
	d := s.dis[i*s.words : (i+1)*s.words]
	for w, m := range mask {
		if d[w]&m != 0 {
			return false
		}
	}
	return true
}

// misfits reports whether atom i gives the opposite of Want on every
// point of mask (its negation fits).
func (s *synth) misfits(i int, mask []uint64) bool {
	d := s.dis[i*s.words : (i+1)*s.words]
	for w, m := range mask {
		if d[w]&m != m {
			return false
		}
	}
	return true
}

// notBits is the price of a negation, from the table.
func notBits() int { return Table[PNot].Bits(nil) }

// top solves the whole problem, keeping every rule within Slack bits of
// the shortest.
func (s *synth) top() []Found {
	s.inTop = true
	all := s.solve(s.p.Care, s.cfg.MaxBits, 2, s.cfg.Max*4)
	s.inTop = false
	s.iffs(&all)
	return s.slack(s.settle(all))
}

// slack keeps the rules within Slack bits of the shortest (at most Max of
// them), shortest first, each once.
func (s *synth) slack(all []Found) []Found {
	slices.SortStableFunc(all, func(a, b Found) int { return cmp.Compare(a.Bits, b.Bits) })
	all = dedupFound(all)
	if len(all) == 0 {
		return nil
	}
	best := all[0].Bits
	out := all[:0]
	for _, f := range all {
		if f.Bits <= best+s.cfg.Slack && len(out) < s.cfg.Max {
			out = append(out, f)
		}
	}
	return out
}

// dedupFound drops repeated rules (the same tree found twice).
func dedupFound(fs []Found) []Found {
	seen := map[string]bool{}
	out := fs[:0]
	for _, f := range fs {
		k := f.Node.Expr()
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// solve finds rules agreeing with Want on mask, of at most budget bits,
// with connectives nested to depth; at most limit of them, shortest first.
func (s *synth) solve(mask []uint64, budget, depth, limit int) []Found {
	if budget <= 0 || s.timedOut {
		return nil
	}
	key := string(wordsKey(mask)) + string(rune(depth))
	if got, ok := s.memo[key]; ok {
		return clip(got, budget, limit)
	}
	s.solves++
	var out []Found
	if empty(s.andNot(mask, s.p.Want)) {
		out = append(out, Found{&Node{P: PTrue}, 1}) // nothing refused here
	}
	var nots []Found
	for i, a := range s.atoms {
		if a.Bits > budget {
			break
		}
		if s.fits(i, mask) {
			out = append(out, Found{a.Node, a.Bits})
			if len(out) >= limit {
				break
			}
		} else if len(nots) < limit && a.Node.P != PTrue && a.Bits+notBits() <= budget && s.misfits(i, mask) {
			// "not a prime": the pool holds an atom, the rule its
			// opposite; after the atoms of its length (the pool may hold
			// the opposite itself, written without the not).
			nots = append(nots, Found{&Node{P: PNot, Kids: []*Node{a.Node}}, a.Bits + notBits()})
		}
	}
	out = append(out, nots...)
	out = append(out, s.thresholds(mask, budget, depth == 2)...)
	out = append(out, s.sameClasses(mask, budget)...)
	out = append(out, s.beats(mask, budget)...)
	out = append(out, s.arithFits(mask, budget, limit)...)
	if depth == 2 {
		out = append(out, s.pairs(mask, budget)...)
		out = append(out, s.arithPairs(mask, budget)...)
	} else {
		out = append(out, s.pairFits(mask, budget, limit)...)
	}
	if depth > 0 && !s.late() {
		if s.whole(depth) {
			s.settle(out) // a right atom bounds the compounds
		}
		out = append(out, s.compounds(mask, budget, depth, limit, best(out))...)
	}
	slices.SortStableFunc(out, func(a, b Found) int { return cmp.Compare(a.Bits, b.Bits) })
	out = dedupFound(out)
	if len(out) > limit {
		out = out[:limit]
	}
	s.memo[key] = out
	return clip(out, budget, limit)
}

// whole reports whether a solve of this depth is the root of the top
// search: its rules are whole ones, for Verify.
func (s *synth) whole(depth int) bool { return s.inTop && depth == 2 && s.cfg.Verify != nil }

func best(fs []Found) int {
	b := 1 << 30
	for _, f := range fs {
		b = min(b, f.Bits)
	}
	return b
}

func clip(fs []Found, budget, limit int) []Found {
	var out []Found
	for _, f := range fs {
		if f.Bits <= budget && len(out) < limit {
			out = append(out, f)
		}
	}
	return out
}

// gain is the information gain, in bits, of splitting points of which p1
// + p2 are accepted and n1 + n2 refused into (p1, n1) and (p2, n2).
func gain(p1, n1, p2, n2 int) float64 {
	l, r := float64(p1+n1), float64(p2+n2)
	return entropy(p1+p2, n1+n2) - (l*entropy(p1, n1)+r*entropy(p2, n2))/(l+r)
}

// entropy is the entropy, in bits, of p accepted and n refused points.
func entropy(p, n int) float64 {
	if p == 0 || n == 0 {
		return 0
	}
	t := float64(p + n)
	a, b := float64(p)/t, float64(n)/t
	return -a*math.Log2(a) - b*math.Log2(b)
}

// iffs adds "c ? a : not a" where the pool has both: a must be the verdicts
// where c holds and their opposite elsewhere — one lookup per condition.
func (s *synth) iffs(all *[]Found) {
	if !equalWords(s.p.Care, fullMask(s.p.Points)) {
		return // the lookup needs the whole vector
	}
	want := make([]uint64, s.words)
	for _, c := range slices.Concat(s.atoms, s.arithAtoms) {
		// A condition on the card itself ("hearts or clubs ? even : odd")
		// is a condition like any other; of two card atoms, the iff is
		// found once, from the first of them.
		if c.Node.P == PTrue || c.Bits+3 > s.cfg.MaxBits {
			continue
		}
		for w := range want {
			want[w] = ^(s.p.Want[w] ^ c.B[w])
		}
		s.p.Points.trim(want)
		s.classesOf(Vec{B: want}, func(a *Class) {
			if a.Node.Type() == Bool && a.id != c.id && a.Node.P != PTrue && !(c.card && a.card && a.id < c.id) {
				*all = append(*all, Found{&Node{P: PIff, Kids: []*Node{c.Node, a.Node}}, 1 + c.Bits + a.Bits})
			}
		})
		// c ? not a : a, for an a the pool holds and not its opposite ("after
		// a prime, a card that is not").
		for w := range want {
			want[w] = s.p.Want[w] ^ c.B[w]
		}
		s.p.Points.trim(want)
		s.classesOf(Vec{B: want}, func(a *Class) {
			if a.Node.Type() == Bool && a.id != c.id && a.Node.P != PTrue && !(c.card && a.card && a.id < c.id) {
				not := &Node{P: PNot, Kids: []*Node{a.Node}}
				*all = append(*all, Found{&Node{P: PIff, Kids: []*Node{c.Node, not}}, 1 + c.Bits + not.Bits()})
			}
		})
	}
}

// expand adds, for every rule found, the rules made by replacing one of
// its pool atoms or terms with another member of its class (the same on
// these points, perhaps not elsewhere), up to Max rules.
func (s *synth) expand(fs []Found) []Found {
	if s.cfg.Keep <= 1 {
		return fs
	}
	members := map[*Node]*Class{}
	for _, c := range s.atoms {
		members[c.Node] = c
	}
	for _, c := range s.ints {
		members[c.Node] = c
	}
	out := slices.Clone(fs)
	seen := map[string]bool{}
	for _, f := range fs {
		seen[f.Node.Expr()] = true
	}
	for _, f := range fs {
		var walk func(n *Node, replace func(*Node) *Node)
		walk = func(n *Node, replace func(*Node) *Node) {
			if c, ok := members[n]; ok {
				for _, m := range c.Members {
					alt := replace(m)
					if k := alt.Expr(); !seen[k] && len(out) < s.cfg.Max {
						seen[k] = true
						out = append(out, Found{alt, alt.Bits()})
					}
				}
			}
			for i, k := range n.Kids {
				walk(k, func(m *Node) *Node {
					c := *n
					c.Kids = slices.Clone(n.Kids)
					c.Kids[i] = m
					return replace(&c)
				})
			}
		}
		walk(f.Node, func(m *Node) *Node { return m })
	}
	slices.SortStableFunc(out, func(a, b Found) int { return cmp.Compare(a.Bits, b.Bits) })
	return out
}
