package grammar

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"time"
)

// Problem is what a rule must do on a set of points: accept the points of
// Want and refuse the others, at the points of Care (the points whose
// verdict is known).
type Problem struct {
	Points *Points
	Want   []uint64
	Care   []uint64
}

// SynthConfig bounds a synthesis.
type SynthConfig struct {
	// PoolBits: the atoms enumerated bottom-up (merged by behaviour on the
	// points) are those of at most PoolBits bits; TermBits: the integer
	// terms, which the comparisons found top down reach further.
	PoolBits, TermBits int
	// MaxBits: the longest rule returned.
	MaxBits int
	// Slack: rules up to this many bits longer than the shortest found are
	// returned too (a belief needs its rivals, not only the best).
	Slack int
	// Max: the most rules returned.
	Max int
	// Keep: members kept per class of the pool (alternatives that behave
	// alike on the points and may differ elsewhere); each is returned as a
	// rule of its own.
	Keep int
	// MaxClasses bounds the pool and MaxSolves the sub-problems solved
	// (0: no bound): a budget of work, so that a synthesis finds the same
	// rules at any load. Budget bounds the time as well (0: no limit; a
	// time limit makes the result depend on the machine).
	MaxClasses, MaxSolves int
	Budget                time.Duration
}

// DefaultSynth is the configuration the scientists synthesize with.
var DefaultSynth = SynthConfig{PoolBits: 10, TermBits: 11, MaxBits: 26, Slack: 3, Max: 64, Keep: 3, Budget: 150 * time.Millisecond}

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
	s := &synth{p: p, cfg: cfg, deadline: deadline, memo: map[string][]Found{}}
	s.e = NewEnumerator(p.Points)
	s.e.Connectives, s.e.Keep, s.e.MaxBool = false, max(1, cfg.Keep), cfg.PoolBits
	s.e.Stop = s.late
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
	found := s.top()
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
	atoms  []*Class
	dis    []uint64
	ints   []*Class
	words  int
	memo   map[string][]Found
	solves int
}

func (s *synth) late() bool {
	if s.cfg.MaxSolves > 0 && s.solves >= s.cfg.MaxSolves {
		s.timedOut = true
		return true
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.timedOut = true
		return true
	}
	return false
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

func (s *synth) and(a, b []uint64) []uint64 {
	out := make([]uint64, s.words)
	for w := range out {
		out[w] = a[w] & b[w]
	}
	return out
}

func (s *synth) andNot(a, b []uint64) []uint64 {
	out := make([]uint64, s.words)
	for w := range out {
		out[w] = a[w] &^ b[w]
	}
	return out
}

func empty(m []uint64) bool {
	for _, w := range m {
		if w != 0 {
			return false
		}
	}
	return true
}

// top solves the whole problem, keeping every rule within Slack bits of
// the shortest.
func (s *synth) top() []Found {
	all := s.solve(s.p.Care, s.cfg.MaxBits, 2, s.cfg.Max*4)
	s.iffs(&all)
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
	for i, a := range s.atoms {
		if a.Bits > budget {
			break
		}
		if s.fits(i, mask) {
			out = append(out, Found{a.Node, a.Bits})
			if len(out) >= limit {
				break
			}
		}
	}
	out = append(out, s.thresholds(mask, budget, depth == 2)...)
	if depth > 0 && !s.late() {
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

func wordsKey(m []uint64) []byte {
	b := make([]byte, 0, 8*len(m))
	for _, w := range m {
		for i := range 8 {
			b = append(b, byte(w>>(8*i)))
		}
	}
	return b
}

// compounds splits the problem on mask with the connectives: or, and,
// implication and the two-branch conditional, their parts solved one level
// down. Each connective tries the few atoms that split the points best
// (Breadth at the top, fewer below), shortest first, and stops once its
// parts alone are longer than the best rule known (branch and bound).
func (s *synth) compounds(mask []uint64, budget, depth, limit, bestKnown int) []Found {
	var out []Found
	bound := func() int { return min(budget, bestKnown+s.cfg.Slack) }
	neg := s.andNot(mask, s.p.Want)
	pos := s.and(mask, s.p.Want)
	nPos, nNeg := Ones(pos), Ones(neg)
	breadth := 48
	if depth < 2 {
		breadth = 12
	}
	// The candidates of each connective, with a score: what the atom
	// settles (accepted points it explains, refused points it excludes).
	type cand struct {
		i     int
		score float64
	}
	var ors, ands, imps, ites []cand
	for i, a := range s.atoms {
		if a.Node.P == PTrue {
			continue
		}
		if a.Bits+2 > bound() {
			break
		}
		onPos, onNeg := overlap(a.B, pos), overlap(a.B, neg)
		if onNeg == 0 && onPos > 0 && onPos < nPos {
			ors = append(ors, cand{i, float64(onPos)})
		}
		if onPos == nPos && onNeg < nNeg && onNeg > 0 {
			ands = append(ands, cand{i, float64(nNeg - onNeg)})
		}
		if a.card {
			continue // a condition reads the line, not the card
		}
		if onNeg == nNeg && onPos < nPos {
			imps = append(imps, cand{i, float64(nPos - onPos)})
		}
		if in := onPos + onNeg; in > 0 && in < nPos+nNeg {
			// The split that tells the verdicts apart best: the
			// information gain of a decision tree's split (Quinlan's ID3).
			ites = append(ites, cand{i, gain(onPos, onNeg, nPos-onPos, nNeg-onNeg)})
		}
	}
	top := func(cs []cand) []cand {
		// Half the breadth the shortest, half the best scores of any
		// length (a long atom that explains most points — "between the
		// last two" — beats many short ones that explain few); tried
		// shortest first.
		if len(cs) <= breadth {
			return cs
		}
		short := cs[:breadth/2]
		rest := slices.Clone(cs[breadth/2:])
		slices.SortStableFunc(rest, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
		cs = append(slices.Clone(short), rest[:breadth-breadth/2]...)
		slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.i, b.i) })
		return cs
	}
	try := func(p Prod, c cand, sub []uint64, own int) {
		a := s.atoms[c.i]
		if own+a.Bits+1 > bound() || s.late() {
			return
		}
		for _, b := range s.solve(sub, bound()-own-a.Bits, depth-1, 2) {
			if b.Node.P == PTrue {
				continue
			}
			f := Found{&Node{P: p, Kids: []*Node{a.Node, b.Node}}, own + a.Bits + b.Bits}
			out = append(out, f)
			bestKnown = min(bestKnown, f.Bits)
		}
	}
	for _, c := range top(ors) {
		try(POr, c, s.andNot(mask, s.atoms[c.i].B), 1) // a or b: b explains what a does not
	}
	for _, c := range top(ands) {
		try(PAnd, c, s.and(mask, s.atoms[c.i].B), 1) // a and b: b refuses what a lets through
	}
	for _, c := range top(imps) {
		try(PImp, c, s.and(mask, s.atoms[c.i].B), 1) // c ? b : true: every refusal is under c
	}
	const iteBits = 4
	for _, c := range top(ites) {
		a := s.atoms[c.i]
		if a.Bits+iteBits+2 > bound() || s.late() {
			continue
		}
		for _, x := range s.solve(s.and(mask, a.B), bound()-iteBits-a.Bits-1, depth-1, 2) {
			for _, y := range s.solve(s.andNot(mask, a.B), bound()-iteBits-a.Bits-x.Bits, depth-1, 2) {
				if y.Node.P == PTrue || x.Node.Expr() == y.Node.Expr() {
					continue // c ? x : true is an implication
				}
				f := Found{&Node{P: PIte, Kids: []*Node{a.Node, x.Node, y.Node}}, iteBits + a.Bits + x.Bits + y.Bits}
				out = append(out, f)
				bestKnown = min(bestKnown, f.Bits)
			}
		}
	}
	return out
}

// gain is the information gain, in bits, of splitting points of which p1
// + p2 are accepted and n1 + n2 refused into (p1, n1) and (p2, n2).
func gain(p1, n1, p2, n2 int) float64 {
	h := func(p, n int) float64 {
		if p == 0 || n == 0 {
			return 0
		}
		t := float64(p + n)
		a, b := float64(p)/t, float64(n)/t
		return -a*math.Log2(a) - b*math.Log2(b)
	}
	l, r := float64(p1+n1), float64(p2+n2)
	return h(p1+p2, n1+n2) - (l*h(p1, n1)+r*h(p2, n2))/(l+r)
}

// overlap counts the points where both bit sets hold.
func overlap(a, b []uint64) int {
	n := 0
	for w := range b {
		n += bits.OnesCount64(a[w] & b[w])
	}
	return n
}

// iffs adds "c ? a : not a" where the pool has both: a must be the verdicts
// where c holds and their opposite elsewhere — one lookup per condition.
func (s *synth) iffs(all *[]Found) {
	if !equalWords(s.p.Care, fullMask(s.p.Points)) {
		return // the lookup needs the whole vector
	}
	want := make([]uint64, s.words)
	for _, c := range s.atoms {
		if c.card || c.Node.P == PTrue || c.Bits+3 > s.cfg.MaxBits {
			continue
		}
		for w := range want {
			want[w] = ^(s.p.Want[w] ^ c.B[w])
		}
		s.p.Points.trim(want)
		for a := s.e.seen[hashVec(Vec{B: want})]; a != nil; a = a.next {
			if a.Node.Type() == Bool && equalWords(a.B, want) && a.id != c.id && a.Node.P != PTrue {
				*all = append(*all, Found{&Node{P: PIff, Kids: []*Node{c.Node, a.Node}}, 1 + c.Bits + a.Bits})
			}
		}
	}
}

func equalWords(a, b []uint64) bool { return slices.Equal(a, b) }

func fullMask(ps *Points) []uint64 {
	m := make([]uint64, ps.Words())
	for i := range m {
		m[i] = ^uint64(0)
	}
	ps.trim(m)
	return m
}

func noneOf(a, m []uint64) bool {
	for w := range m {
		if a[w]&m[w] != 0 {
			return false
		}
	}
	return true
}

func allOf(a, m []uint64) bool {
	for w := range m {
		if m[w]&^a[w] != 0 {
			return false
		}
	}
	return true
}

func notOf(a []uint64, words int) []uint64 {
	out := make([]uint64, words)
	for w := range out {
		out[w] = ^a[w]
	}
	return out
}

// thresholds finds the comparisons of a pool term with a number that
// agree with Want on mask — "t >= k", "t <= k", "t == k", "t != k" — and
// its divisibility by k, at the number that costs least; each atom with
// its nil guard when the term reads prev2 or prev3 (the short lines must
// then all be accepted, or all refused). Deep is the top of the search:
// every term of the pool; below it, the short terms only.
func (s *synth) thresholds(mask []uint64, budget int, deep bool) []Found {
	var out []Found
	ps := s.p.Points
	maxTerm := budget - 5
	if !deep {
		maxTerm = min(maxTerm, 8)
	}
	for _, t := range s.ints {
		if t.Bits > maxTerm || s.late() {
			break
		}
		if isConst(t) {
			continue
		}
		d := int(t.depth)
		m := mask
		guard := Op(255)
		if d >= 2 {
			short := s.and(mask, ps.short[d])
			m = s.andNot(mask, ps.short[d])
			switch {
			case allOf(s.p.Want, short):
				guard = Eq
			case noneOf(s.p.Want, short):
				guard = Ne
			default:
				continue
			}
		}
		st := scanTerm(t.I, m, s.p.Want)
		if st.pos == 0 || st.neg == 0 {
			continue // a term alone says nothing where all agree
		}
		add := func(n *Node) {
			if guard != 255 {
				n = &Node{P: PGuard, Slot: []Slot{0, 0, SlotPrev2, SlotPrev3}[d], Op: guard, Kids: []*Node{n}}
			}
			if b := n.Bits(); b <= budget {
				out = append(out, Found{n, b})
			}
		}
		cmpK := func(op Op, k int32) {
			add(&Node{P: PCmp, Op: op, Kids: []*Node{t.Node, {P: PConst, K: int(k)}}})
		}
		// Every threshold the points allow (a few): the rivals a belief
		// needs, each at its own length.
		if st.minPos > st.maxNeg {
			for k := st.maxNeg + 1; k <= st.minPos && k <= st.maxNeg+4; k++ {
				cmpK(Ge, k)
			}
		}
		if st.maxPos < st.minNeg {
			for k := st.maxPos; k < st.minNeg && k <= st.maxPos+3; k++ {
				cmpK(Le, k)
			}
		}
		if st.onePos && !st.negHas(st.minPos) {
			cmpK(Eq, st.minPos)
		}
		if st.oneNeg && !st.posHas(st.minNeg) {
			cmpK(Ne, st.minNeg)
		}
		if t.Node.P != PMod {
			for k := int32(2); k <= 13; k++ {
				if t.hi < k && t.lo >= 0 {
					break
				}
				if st.divEq>>k&1 == 1 {
					add(&Node{P: PDiv, Op: Eq, K: int(k), Kids: []*Node{t.Node}})
				} else if st.divNe>>k&1 == 1 {
					add(&Node{P: PDiv, Op: Ne, K: int(k), Kids: []*Node{t.Node}})
				}
			}
		}
	}
	return out
}

// termScan summarises a term's values at the accepted and refused points
// of a mask.
type termScan struct {
	pos, neg       int
	minPos, maxPos int32
	minNeg, maxNeg int32
	onePos, oneNeg bool // every accepted (refused) point has one value
	// divEq, divNe: bit k set when "t % k == 0" ("!= 0") holds exactly at
	// the accepted points.
	divEq, divNe uint16
	values       []int32
	want, mask   []uint64
}

func scanTerm(vals []int32, mask, want []uint64) termScan {
	st := termScan{minPos: 1 << 30, maxPos: -1 << 30, minNeg: 1 << 30, maxNeg: -1 << 30, values: vals, want: want, mask: mask,
		divEq: ^uint16(0), divNe: ^uint16(0)}
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			x := vals[i]
			z := divisors(x)
			if want[w]>>(i%64)&1 == 1 {
				st.pos++
				st.minPos, st.maxPos = min(st.minPos, x), max(st.maxPos, x)
				st.divEq &= z
				st.divNe &^= z
			} else {
				st.neg++
				st.minNeg, st.maxNeg = min(st.minNeg, x), max(st.maxNeg, x)
				st.divEq &^= z
				st.divNe &= z
			}
		}
	}
	st.onePos, st.oneNeg = st.minPos == st.maxPos, st.minNeg == st.maxNeg
	return st
}

// posHas and negHas report whether some accepted (refused) point of the
// mask has value x.
func (st *termScan) posHas(x int32) bool { return st.has(x, true) }
func (st *termScan) negHas(x int32) bool { return st.has(x, false) }

func (st *termScan) has(x int32, accepted bool) bool {
	for w, m := range st.mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			if st.values[i] == x && (st.want[w]>>(i%64)&1 == 1) == accepted {
				return true
			}
		}
	}
	return false
}

// divisors is the set of k in 2..13 that divide x (bit k).
func divisors(x int32) uint16 {
	if x >= -divTableMax && x <= divTableMax {
		return divTable[x+divTableMax]
	}
	var z uint16
	for k := int32(2); k <= 13; k++ {
		if x%k == 0 {
			z |= 1 << k
		}
	}
	return z
}

const divTableMax = 2048

var divTable = func() (t [2*divTableMax + 1]uint16) {
	for x := -divTableMax; x <= divTableMax; x++ {
		for k := 2; k <= 13; k++ {
			if x%k == 0 {
				t[x+divTableMax] |= 1 << k
			}
		}
	}
	return t
}()

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
