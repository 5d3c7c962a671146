package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// Exceptions: "b, except after …" ("higher than the last card, but
// anything after a king"). For a short rule b that fits most points, the
// conditions that cover what it misses become the conditional's, its
// branches solved one level down (split.go's compounds).
//
// Repairs: the rules that came near, mended with an exception. People
// write "b, except after …" where b is itself a compound: "match the last
// card's suit or rank; after an eight, match the card before it". The
// exceptions above start from single atoms that fit most points; a
// compound b is not one. But a search in rounds has met b already: a
// round's rules fit its sample, and the next sample holds the points they
// miss (counterexample-guided synthesis). When those misses lie under one
// condition ("after an eight"), the conditional that gives the condition's
// points a rule of their own and leaves the rest to a rule like b is
// likely the rule: the search tries it first among its splits.

// maxNear is the most near rules a search mends (the shortest first),
// maxRepairs the most conditions it tries.
const maxNear, maxRepairs = 16, 16

// repairShare: the repairs may solve a quarter as many sub-problems as
// the search (MaxSolves), apart from its own: mending a near rule must not
// take the solves a short rule of the search's own needs.
const repairShare = 4

// repairs are the conditions of "c ? x : y" at the top that hold on every
// point one of the problem's Near rules misses on mask: for each near
// rule, in turn the tightest (holding on the fewest other points: a
// condition true nearly everywhere leaves the whole problem to one
// branch) and the shortest (a rule's exception is a short one, "after a
// jack"; a few misses are covered tightly by long conditions that only
// describe the sample); the near rules taken in turn, at most maxRepairs.
func (s *synth) repairs(mask []uint64, budget int) []*Class {
	total := Ones(mask)
	var lists [][]*Class // each near rule's conditions, best first
	var misses [][]uint64
	for _, near := range s.p.Near[:min(len(s.p.Near), maxNear)] {
		v := s.p.Points.Eval(near).B
		miss := make([]uint64, s.words)
		for w := range miss {
			miss[w] = (v[w] ^ s.p.Want[w]) & mask[w]
		}
		n := Ones(miss)
		if n == 0 || 3*n > total {
			continue // right here (the sample grew elsewhere), or no near rule
		}
		type cover struct {
			c     *Class
			extra int
		}
		var covers []cover
		for _, c := range s.condCands(2) {
			if c.Bits+iteBits+2 > budget {
				break
			}
			if allOf(c.B, miss) {
				if extra := overlap(c.B, mask) - n; 2*(extra+n) < total {
					covers = append(covers, cover{c, extra})
				}
			}
		}
		tight := slices.Clone(covers)
		slices.SortStableFunc(tight, func(a, b cover) int { return cmp.Or(cmp.Compare(a.extra, b.extra), cmp.Compare(a.c.Bits, b.c.Bits)) })
		slices.SortStableFunc(covers, func(a, b cover) int { return cmp.Or(cmp.Compare(a.c.Bits, b.c.Bits), cmp.Compare(a.extra, b.extra)) })
		var list []*Class
		for i := range min(len(covers), 3) {
			if i < 2 {
				list = append(list, tight[i].c)
			}
			list = append(list, covers[i].c)
		}
		lists, misses = append(lists, list), append(misses, miss)
	}
	var out []*Class
	seen := map[*Class]bool{}
	for i := 0; len(out) < maxRepairs; i++ {
		more := false
		for k, list := range lists {
			if i >= len(list) {
				continue
			}
			more = true
			if c := list[i]; !seen[c] && len(out) < maxRepairs {
				seen[c] = true
				out = append(out, c)
				out = append(out, s.guarded(c, misses[k], mask)...)
			}
		}
		if !more {
			break
		}
	}
	return out
}

// apart runs f on a budget of solves of its own, MaxSolves / repairShare:
// the solves f spends are given back to the search.
func (s *synth) apart(f func()) {
	most, from, was := s.cfg.MaxSolves, s.solves, s.timedOut
	if most > 0 {
		s.cfg.MaxSolves = from + most/repairShare
	}
	f()
	if most > 0 {
		s.cfg.MaxSolves = most + s.solves - from
		s.timedOut = was || s.interrupted(true) // out of f's solves only: not out
	}
}

// guarded is condition c on the lines long enough for prev2 (prev3) alone,
// "prev2 != nil and c", where c holds on shorter lines and on longer ones
// with a miss: "after a jack, the card before it" has nothing to say
// after a jack that is the starter, where the rule's other case holds.
func (s *synth) guarded(c *Class, miss, mask []uint64) []*Class {
	var out []*Class
	for d := 2; d <= 3; d++ {
		short := s.p.Points.short[d]
		if noneOf(short, s.and(c.B, mask)) || allOf(short, miss) {
			continue
		}
		n := &Node{P: PGuard, Slot: guardSlot[d], Op: Ne, Kids: []*Node{c.Node}}
		out = append(out, &Class{Node: n, Bits: n.Bits(), Vec: Vec{B: s.andNot(c.B, short)}})
	}
	return out
}

// exceptions are the conditions of "c ? x : b" that cover exactly what a
// short rule b gets wrong: the rule people write as "b, except after …"
// ("higher than the last card, but anything after a king"). For the
// shortest rules that fit most of the points, the shortest conditions
// holding on every point they miss.
func (s *synth) exceptions(mask []uint64, budget, depth int) []*Class {
	type near struct {
		c    *Class
		miss []uint64
		n, i int
	}
	// The six with the fewest misses (then the shortest, then the first),
	// chosen as the atoms are read: a selection, not a sort of them all.
	nears := make([]near, 0, 7)
	total := Ones(mask)
	for i, a := range s.atoms {
		if a.Bits+iteBits+4 > budget {
			break
		}
		if a.Node.P == PTrue {
			continue
		}
		d := s.dis[i*s.words : (i+1)*s.words]
		n := 0
		for w := range mask {
			n += bits.OnesCount64(d[w] & mask[w])
		}
		if n == 0 || 3*n > 2*total { // right on a third of the points at least
			continue
		}
		// After every one kept that misses fewer, or as few and is as short.
		at := len(nears)
		for at > 0 && (nears[at-1].n > n || nears[at-1].n == n && nears[at-1].c.Bits > a.Bits) {
			at--
		}
		if at < 6 {
			nears = slices.Insert(nears, at, near{c: a, n: n, i: i})
			nears = nears[:min(len(nears), 6)]
		}
	}
	for k := range nears {
		nears[k].miss = s.and(s.dis[nears[k].i*s.words:(nears[k].i+1)*s.words], mask)
	}
	var out []*Class
	seen := map[*Class]bool{}
	conds := s.condCands(depth)
	for _, nr := range nears {
		// The conditions holding on every miss, the fewest other points
		// first (a condition true almost everywhere leaves the whole
		// problem to its branch), then the shortest.
		type cover struct {
			c     *Class
			extra int
		}
		var covers []cover
		for _, c := range conds {
			if c.Bits+nr.c.Bits+iteBits+1 > budget {
				break
			}
			if allOf(c.B, nr.miss) && !seen[c] {
				if extra := overlap(c.B, mask) - nr.n; 2*(extra+nr.n) < 3*total {
					covers = append(covers, cover{c, extra})
				}
			}
		}
		slices.SortStableFunc(covers, func(a, b cover) int { return cmp.Or(cmp.Compare(a.extra, b.extra), cmp.Compare(a.c.Bits, b.c.Bits)) })
		for _, cv := range covers[:min(len(covers), 3)] {
			seen[cv.c] = true
			out = append(out, cv.c)
		}
	}
	return out
}

// condCands are the conditions (classes that do not read the card),
// shortest first: the pool's, and at the top the thresholds of its terms.
func (s *synth) condCands(depth int) []*Class {
	if depth == 2 {
		return s.allConds
	}
	return s.poolConds
}
