package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// The top-down half of the synthesizer: a problem on a mask of points is
// split by a connective into smaller problems, each solved one level down
// (divide and conquer, as EUSolver does; Alur, Radhakrishna & Udupa 2017).
//
//	a or b          a accepts no refused point; b explains what a does not
//	a and b         a accepts every accepted point; b refuses what a lets by
//	c ? b : true    every refused point lies under c
//	c ? x : y       c splits the points (the most informative splits, and
//	                the conditions that cover what a single rule gets wrong:
//	                "anything after a king, else higher")
//	case t % k      one rule for each value of a term mod k
//
// Candidates are the pool's atoms and the conditions of its terms made on
// the spot (thresholds: "after a card of 10 or more", "while the last two
// add up to more than 13"); each connective tries the few that split the
// points best, shortest first, and stops once its parts alone are longer
// than the best rule known (branch and bound).

// cand is a candidate part of a split: a class (of the pool, or made for
// the split) and how well it splits.
type cand struct {
	c     *Class
	score float64
}

// job is a split to try: a connective and its condition (or first part).
type job struct {
	p Prod
	c *Class
}

// iteBits is the conditional's own bits (Table[PIte]).
const iteBits = 4

// compounds splits the problem on mask with the connectives.
func (s *synth) compounds(mask []uint64, budget, depth, limit, bestKnown int) []Found {
	var out []Found
	// At the root of the top search, a rule verified right bounds the rest
	// (the rules it finds after must be shorter to come first).
	whole := s.whole(depth)
	bound := func() int {
		if whole {
			return min(budget, bestKnown+s.cfg.Slack, s.settled-1)
		}
		return min(budget, bestKnown+s.cfg.Slack)
	}
	neg := s.andNot(mask, s.p.Want)
	pos := s.and(mask, s.p.Want)
	nPos, nNeg := Ones(pos), Ones(neg)
	breadth := 48
	if depth < 2 {
		breadth = 12
	}
	// The candidates of every atom are gathered in memory kept per depth
	// (a solve calls only the depth below it): tens of thousands of them,
	// every solve, of which a few dozen are kept.
	sc := &s.scratch[depth]
	ors, ands, imps, ites := sc.ors[:0], sc.ands[:0], sc.imps[:0], sc.ites[:0]
	defer func() { sc.ors, sc.ands, sc.imps, sc.ites = ors, ands, imps, ites }()
	consider := func(a *Class) {
		onPos, onNeg := overlap2(a.B, pos, neg)
		if onNeg == 0 && onPos > 0 && onPos < nPos {
			ors = append(ors, cand{a, float64(onPos)})
		}
		if onPos == nPos && onNeg < nNeg && onNeg > 0 {
			ands = append(ands, cand{a, float64(nNeg - onNeg)})
		}
		if a.card {
			return // a condition reads the line, not the card
		}
		if onNeg == nNeg && onPos < nPos {
			imps = append(imps, cand{a, float64(nPos - onPos)})
		}
		if in := onPos + onNeg; in > 0 && in < nPos+nNeg {
			// The split that tells the verdicts apart best: the
			// information gain of a decision tree's split (Quinlan's ID3).
			ites = append(ites, cand{a, gain(onPos, onNeg, nPos-onPos, nNeg-onNeg)})
		}
	}
	for _, a := range s.atoms {
		if a.Node.P == PTrue {
			continue
		}
		if a.Bits+2 > bound() {
			break
		}
		consider(a)
	}
	for _, a := range s.arithAtoms {
		if a.Bits+2 > bound() {
			break
		}
		consider(a)
	}
	if depth == 2 {
		for _, conds := range [][]*Class{s.conds, s.counts} {
			for _, a := range conds {
				if a.Bits+2 <= bound() {
					consider(a)
				}
			}
		}
		for _, a := range s.pureThresholds(pos, neg, bound()-2) {
			consider(a)
		}
		for _, a := range s.pairAtoms(pos, neg, bound()-2) {
			consider(a)
		}
		if s.inTop {
			s.splitsAhead() // all they need of the top search is made
		}

	}
	top := func(cs []cand) []cand {
		// Half the breadth the shortest, half the best scores of any
		// length (a long atom that explains most points — "between the
		// last two" — beats many short ones that explain few); tried
		// shortest first. A new list: cs is the depth's scratch.
		sc.sorted = byBits(sc.sorted[:0], cs)
		cs = sc.sorted
		if len(cs) <= breadth {
			return slices.Clone(cs)
		}
		short := cs[:breadth/2]
		cs = append(slices.Clone(short), bestScores(cs[breadth/2:], breadth-breadth/2)...)
		slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.c.Bits, b.c.Bits) })
		return cs
	}
	if depth >= 1 && s.cfg.Covers {
		// Beside the search, not ahead of it: a cover does not shorten the
		// bound the splits below are searched within. In a split's branch
		// too (depth 1): one greedy pass over the candidates gathered
		// above, where an "or" of three atoms needs a third level.
		s.covers(ors, ands, pos, neg, bound(), func(f Found) { out = append(out, f) })
	}
	// The splits to try, chosen now, before any sub-problem is solved.
	var jobs []job
	for _, c := range top(ors) {
		jobs = append(jobs, job{POr, c.c})
	}
	for _, c := range top(ands) {
		jobs = append(jobs, job{PAnd, c.c})
	}
	for _, c := range top(imps) {
		jobs = append(jobs, job{PImp, c.c})
	}
	for _, c := range top(ites) {
		jobs = append(jobs, job{PIte, c.c})
	}
	emit := func(f Found) {
		out = append(out, f)
		bestKnown = min(bestKnown, f.Bits)
		if whole {
			s.verify(f)
		}
	}
	try := func(p Prod, a *Class, sub []uint64, own int) {
		if own+a.Bits+1 > bound() || s.late() {
			return
		}
		for _, b := range s.solve(sub, bound()-own-a.Bits, depth-1, 2) {
			if b.Node.P != PTrue {
				emit(Found{&Node{P: p, Kids: []*Node{a.Node, b.Node}}, own + a.Bits + b.Bits})
			}
		}
	}
	ite := func(c *Class) { s.ite(c, mask, bound, depth, emit) }
	if depth == 2 && s.cfg.Paired {
		for _, f := range s.pairedSplits(mask, bound(), true) {
			emit(f)
		}
		for _, f := range s.termSplits(mask, bound()) {
			emit(f)
		}
	}
	if depth == 2 {
		// The case splits first: a few sub-problems each, and the rules
		// they find (by position, by a product mod k) are long ones that
		// the other splits would spend the budget of solves before.
		for _, f := range s.cases(mask, bound(), depth) {
			emit(f)
		}
	}
	// One list of every split to try, the shortest first part first
	// across the connectives (an "or" of two short atoms before an "if"
	// on a long condition), so that a budget of solves goes where short
	// rules are.
	for _, c := range s.exceptions(mask, bound(), depth) {
		jobs = append(jobs, job{PIte, c})
	}
	slices.SortStableFunc(jobs, func(a, b job) int { return cmp.Compare(a.c.Bits, b.c.Bits) })
	done := map[job]bool{}
	if depth == 2 && s.inTop {
		// The last round's near rules mended first, on solves of their
		// own (exceptions.go).
		s.apart(func() {
			for _, c := range s.repairs(mask, bound()) {
				if j := (job{PIte, c}); !done[j] && !s.late() {
					done[j] = true
					ite(c)
				}
			}
		})
	}
	if depth == 2 {
		// The modes' splits and the telling thresholds', each on solves
		// of their own (modes.go).
		for _, conds := range [][]*Class{s.modeConds, s.telling} {
			s.apart(func() {
				for _, j := range s.leadSplits(conds, pos, neg) {
					if !done[j] && !s.late() {
						done[j] = true
						if j.p == PImp {
							try(PImp, j.c, s.and(mask, j.c.B), 1)
						} else {
							ite(j.c)
						}
					}
				}
			})
		}
	}
	for _, j := range jobs {
		if done[j] || s.late() {
			continue
		}
		done[j] = true
		switch j.p {
		case POr:
			try(POr, j.c, s.andNot(mask, j.c.B), 1) // b explains what a does not
		case PAnd:
			try(PAnd, j.c, s.and(mask, j.c.B), 1) // b refuses what a lets by
		case PImp:
			try(PImp, j.c, s.and(mask, j.c.B), 1) // every refusal is under c
		case PIte:
			ite(j.c)
		}
	}
	return out
}

// ite tries "c ? x : y" on mask: x solves c's points, y the others, one
// level down.
func (s *synth) ite(c *Class, mask []uint64, bound func() int, depth int, emit func(Found)) {
	if c.Bits+iteBits+2 > bound() || s.late() {
		return
	}
	for _, x := range s.solve(s.and(mask, c.B), bound()-iteBits-c.Bits-1, depth-1, 2) {
		for _, y := range s.solve(s.andNot(mask, c.B), bound()-iteBits-c.Bits-x.Bits, depth-1, 2) {
			if y.Node.P == PTrue {
				// c ? x : true is an implication, emitted as one: the
				// other y that follow are longer than true (x or not x,
				// found by a split of c's others) and would be found
				// instead when c comes here and not as an implication's
				// condition (an exception, a repair).
				emit(Found{&Node{P: PImp, Kids: []*Node{c.Node, x.Node}}, Table[PImp].Bits(nil) + c.Bits + x.Bits})
				continue
			}
			if x.Node.Expr() == y.Node.Expr() {
				continue
			}
			emit(Found{&Node{P: PIte, Kids: []*Node{c.Node, x.Node, y.Node}}, iteBits + c.Bits + x.Bits + y.Bits})
		}
	}
}

// byBits is cs sorted by length, stably: a counting sort (the lengths are
// a few dozen, the candidates often thousands).
func byBits(out, cs []cand) []cand {
	longest := 0
	for _, c := range cs {
		longest = max(longest, c.c.Bits)
	}
	at := make([]int, longest+2)
	for _, c := range cs {
		at[c.c.Bits+1]++
	}
	for b := 1; b < len(at); b++ {
		at[b] += at[b-1]
	}
	out = slices.Grow(out[:0], len(cs))[:len(cs)]
	for _, c := range cs {
		out[at[c.c.Bits]] = c
		at[c.c.Bits]++
	}
	return out
}

// bestScores is the first k of cs sorted by score, highest first, stably
// (ties in cs's order), without sorting them all.
func bestScores(cs []cand, k int) []cand {
	best := make([]cand, 0, k+1)
	for _, c := range cs {
		if len(best) == k && c.score <= best[k-1].score {
			continue
		}
		// After every kept candidate of a score at least as high.
		i := len(best)
		for i > 0 && best[i-1].score < c.score {
			i--
		}
		best = slices.Insert(best, i, c)
		if len(best) > k {
			best = best[:k]
		}
	}
	return best
}

// cases splits the points by the value of a term mod k ("every third card
// red, then two black": n % 3; "by the product of the last three ranks mod
// 4"), each part solved one level down: for the terms and moduli whose
// split is the most informative.
func (s *synth) cases(mask []uint64, budget, depth int) []Found {
	type split struct {
		u    *Class
		k    int
		gain float64
	}
	var splits []split
	for _, u := range s.ints {
		if u.Bits > s.cfg.CaseBits {
			break
		}
		// A split of the line, or by the card's suit ("one rule for each
		// suit"): a split by another term of the card is rarely an idea.
		if u.card && u.Node.P != PSuitNo || isConst(u) || u.lo < 0 || slices.Min(u.I) < 0 {
			continue
		}
		for k := 2; k <= 6 && int32(k) <= u.hi+1; k++ {
			if 2+2*k+u.Bits+k > budget {
				break
			}
			// A split of the line alone need not tell the verdicts apart
			// (each state's accepted and refused cards fall in one part):
			// what counts is how simple it leaves each part (caseFit).
			if s.caseParts(u, k, mask) >= 2 {
				splits = append(splits, split{u, k, 0})
			}
		}
	}
	// Of the splits by the shortest terms (the position, a count, the sum
	// or the product of the last cards: a split by a long term is rarely
	// an idea), the ones whose parts are the shortest to explain.
	// Each estimated on its own: on both cores (the estimates, and so the
	// splits tried, are the same on any number).
	eachOf(len(splits), func(i int) {
		sp := &splits[i]
		sp.gain = -float64(2 + 2*sp.k + sp.u.Bits + s.caseFit(sp.u, sp.k, mask, budget))
	})
	// The splits whose parts are the shortest to explain (a split worth
	// making leaves simple parts), by an estimate of the rule's length.
	slices.SortStableFunc(splits, func(a, b split) int { return cmp.Or(cmp.Compare(b.gain, a.gain), cmp.Compare(a.k, b.k)) })
	var out []Found
	for _, sp := range splits[:min(len(splits), 12)] {
		if s.late() {
			break
		}
		own := Table[PCase].Bits(&Node{K: sp.k}) + sp.u.Bits
		kids := []*Node{sp.u.Node}
		total := own
		for r := range sp.k {
			part := s.residue(sp.u, sp.k, int32(r), mask)
			var best []Found
			if empty(part) {
				best = []Found{{&Node{P: PTrue}, 1}}
			} else {
				best = s.solve(part, budget-total-(sp.k-r-1), depth-1, 1)
			}
			if len(best) == 0 {
				total = -1
				break
			}
			kids = append(kids, best[0].Node)
			total += best[0].Bits
		}
		if total > 0 && total <= budget {
			out = append(out, Found{&Node{P: PCase, K: sp.k, Kids: kids}, total})
		}
	}
	return out
}

// caseFit estimates the bits of the parts of the split by u % k: per part,
// the shortest atom that explains it, or else an or (an and) of the atom
// that explains most of its accepted (refused) points without a mistake
// and the shortest atom that explains the rest, or else a guess from the
// atom that misses least.
func (s *synth) caseFit(u *Class, k int, mask []uint64, budget int) int {
	bitsSum := 0
	for r := range k {
		part := s.residue(u, k, int32(r), mask)
		if empty(part) {
			bitsSum++ // true
			continue
		}
		bitsSum += s.partBits(part, budget)
	}
	return bitsSum
}

// partBits estimates the bits of a rule that explains the points of part.
func (s *synth) partBits(part []uint64, budget int) int {
	pos, neg := s.and(part, s.p.Want), s.andNot(part, s.p.Want)
	n, nPos, nNeg := Ones(part), Ones(pos), Ones(neg)
	est := budget
	var orA, andA *Class
	orCover, andCover := -1, -1
	for _, a := range s.atoms {
		if a.Bits >= est {
			break
		}
		onPos, onNeg := overlap2(a.B, pos, neg)
		miss := onNeg + nPos - onPos // the points where a is wrong
		if miss == 0 {
			return a.Bits
		}
		est = min(est, a.Bits+5+(24*miss+n-1)/n)
		if onNeg == 0 && onPos > orCover {
			orA, orCover = a, onPos
		}
		if onPos == nPos && nNeg-onNeg > andCover {
			andA, andCover = a, nNeg-onNeg
		}
	}
	// The second part of an or explains what the first leaves; of an and,
	// refuses what the first lets by.
	second := func(rest []uint64, first *Class) {
		for i, b := range s.atoms {
			if first.Bits+1+b.Bits >= est {
				return
			}
			d := s.dis[i*s.words : (i+1)*s.words]
			ok := true
			for w, m := range rest {
				if d[w]&m != 0 {
					ok = false
					break
				}
			}
			if ok {
				est = first.Bits + 1 + b.Bits
				return
			}
		}
	}
	if orA != nil {
		second(s.andNot(part, orA.B), orA)
	}
	if andA != nil {
		second(s.and(part, andA.B), andA)
	}
	return est
}

// residue is the points of mask where u % k == r.
func (s *synth) residue(u *Class, k int, r int32, mask []uint64) []uint64 {
	out := make([]uint64, s.words)
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			if u.I[i]%int32(k) == r {
				out[w] |= 1 << (i % 64)
			}
		}
	}
	return out
}

// caseParts is how many parts of the split of mask by u % k hold points.
func (s *synth) caseParts(u *Class, k int, mask []uint64) int {
	var seen [6]bool
	parts := 0
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			r := u.I[w*64+bits.TrailingZeros64(m)] % int32(k)
			if !seen[r] {
				seen[r] = true
				parts++
			}
		}
	}
	return parts
}
