package grammar

import (
	"cmp"
	"math/bits"
	"slices"
	"time"
)

// Fit splits (SynthConfig.FitSplits): "c ? a : b" at the top for the
// conditions c whose two sides an atom comes nearest to deciding alone.
// The search orders its splits by the condition's length and, past the
// shortest, by information gain; but the condition of many rules people
// write tells the verdicts apart no better than chance — "below 7 go up,
// above 7 go down", "a card of the last card's suit goes higher, one of
// its colour lower" — and a search that runs out of solves on the many
// shorter conditions never reaches it. Nor does it split on a condition
// that reads the card (a condition on the card is an "or" or an "and" of
// the parts, as short when the parts are atoms; here they are compounds).
// The fit splits run after the search, on a budget of solves of their own,
// on conditions of the line and of the card alike; then under the free
// passes ("a or (c ? x : y)", a card that may always be played) and under
// pairs of them (a wild card and an exception: "an eight always, and the
// same rank").

// The conditions tried: the short ones that leave each side nearest to
// one atom of the pool, and a few longer ones, all in one list, the
// nearest first (a split whose sides are atoms before the short
// conditions' many sub-problems: the budget of solves runs out on them).
const (
	fitCondsShort = 12
	fitCondsLong  = 4
	fitCondBits   = 5
	// fitCondsScored bounds the longer conditions scored (the shortest of
	// each pool): each first against the fitQuickAtoms shortest atoms of
	// the pool, then the best fitCondsRescored of them against every atom.
	fitCondsScored   = 3000
	fitQuickAtoms    = 1500
	fitCondsRescored = 200
	// The free passes tried under an "or" (freePasses), of at most
	// freePassBits bits.
	freePassesTried  = 3
	shortPassesTried = 3
	passPairsTried   = 3
	freePassBits     = 12
	// fitPassCondsScored: the longer conditions scored under a free pass
	// (the shortest of each pool), fewer than at the top: three passes.
	fitPassCondsScored = 600
)

// fitSplits tries the fit splits over every point, on a third of the
// synthesis's solves, for rules within the slack of the shortest known.
func (s *synth) fitSplits(known int) []Found {
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		return nil
	}
	defer func(ranOut bool, solves int) {
		s.timedOut, s.cfg.MaxSolves = s.timedOut || ranOut, solves
	}(s.timedOut, s.cfg.MaxSolves)
	all := s.cfg.MaxSolves
	if s.cfg.MaxSolves > 0 {
		s.cfg.MaxSolves = s.solves + (s.cfg.MaxSolves+2)/3
	}
	s.timedOut = false
	mask := s.p.Care
	var out []Found
	bestKnown := min(s.cfg.MaxBits, known)
	bound := func() int { return min(s.cfg.MaxBits, bestKnown+s.cfg.Slack) }
	emit := func(f Found) {
		out = append(out, f)
		bestKnown = min(bestKnown, f.Bits)
	}
	if bound() >= iteBits+4 { // a split of a condition and two atoms fits
		for _, c := range s.fitConds(s.fitCands(mask, fitCondsScored), mask, len(s.atoms)) {
			s.ite(c, mask, bound, 2, emit)
		}
	}
	// Under a free pass: "a or (c ? x : y)" for the atoms a never refused
	// that let the most cards by ("an ace or a face card may always be
	// played; between them, up while … and down while …"), the split
	// fitted to the points a leaves, on a sixth of the solves of its own.
	if all > 0 {
		s.cfg.MaxSolves = s.solves + (all+5)/6
	}
	s.timedOut = false
	passes, short := s.freePasses(mask)
	for i, a := range slices.Concat(passes, short) {
		rest := s.andNot(mask, a.B)
		own := 1 + a.Bits // "a or"
		under := func() int { return bound() - own }
		if under() < iteBits+4 {
			continue // no split of a condition and two atoms fits
		}
		orA := func(f Found) { emit(Found{&Node{P: POr, Kids: []*Node{a.Node, f.Node}}, own + f.Bits}) }
		if s.cfg.Paired {
			// The split looked up from a pair of atoms (no solves): "a jack
			// may always be played; otherwise up while the jacks played
			// are even, down while odd".
			for _, f := range s.pairedSplits(rest, under(), false) {
				orA(f)
			}
		}
		if i >= len(passes) {
			continue // the shortest passes: the paired splits only
		}
		for _, c := range s.fitConds(s.fitCands(rest, fitPassCondsScored), rest, len(s.atoms)) {
			s.ite(c, rest, under, 2, orA)
		}
	}
	// Under two free passes: "a or b or (c ? x : y)", a wild card and an
	// exception together ("an eight always, and the same rank; otherwise
	// after an eight a heart, else the suit"). Tried after every search,
	// not only where nothing else is known: with the conditions scored by
	// the shortest atoms it took no more CPU on the thirty-first set's bank
	// run, and gave four places shorter in the thirtieth, thirty-second
	// and thirty-third sets (none lost, none longer; one run each).
	for _, ab := range s.passPairs(slices.Concat(passes, short), mask) {
		a, b := ab[0], ab[1]
		if all > 0 { // a thirty-sixth of the solves of their own each
			s.cfg.MaxSolves = s.solves + (all+35)/36
		}
		s.timedOut = false
		rest := s.andNot(s.andNot(mask, a.B), b.B)
		own := 2 + a.Bits + b.Bits // "a or b or"
		under := func() int { return bound() - own }
		if under() < iteBits+4 {
			continue
		}
		orAB := func(f Found) {
			emit(Found{&Node{P: POr, Kids: []*Node{a.Node, {P: POr, Kids: []*Node{b.Node, f.Node}}}}, own + f.Bits})
		}
		// Scored by the shortest atoms only: the sides under two passes
		// are short, and scoring by every atom would double the fit
		// splits' time.
		for _, c := range s.fitConds(s.fitCands(rest, fitPassCondsScored), rest, fitQuickAtoms) {
			s.ite(c, rest, under, 2, orAB)
		}
	}
	return out
}

// passPairs are the pairs of free passes of which each lets by accepted
// points of mask the other does not, the shortest first (then the most
// points let by): the passPairsTried first. (The passes that let the most
// by are often long atoms of the look-back pool true by chance on a
// sample; two exceptions people name are short.)
func (s *synth) passPairs(passes []*Class, mask []uint64) [][2]*Class {
	pos := s.and(mask, s.p.Want)
	type pair struct {
		ab     [2]*Class
		on     int
		length int
	}
	var pairs []pair
	for i, a := range passes {
		onA := s.and(pos, a.B)
		for _, b := range passes[i+1:] {
			onB := s.and(pos, b.B)
			if allOf(onA, onB) || allOf(onB, onA) {
				continue // one adds nothing to the other
			}
			pairs = append(pairs, pair{[2]*Class{a, b}, overlap(pos, a.B) + overlap(s.andNot(pos, a.B), b.B), a.Bits + b.Bits})
		}
	}
	slices.SortStableFunc(pairs, func(x, y pair) int { return cmp.Or(cmp.Compare(x.length, y.length), cmp.Compare(y.on, x.on)) })
	var out [][2]*Class
	for _, p := range pairs[:min(len(pairs), passPairsTried)] {
		out = append(out, p.ab)
	}
	return out
}

// freePasses are the atoms of at most freePassBits bits, of the card or of
// the line, that no refused point of mask passes: the freePassesTried
// that the most accepted points pass (then the shortest first), and beside
// them the shortPassesTried shortest of the others (a pass that lets few
// cards by — "a jack may always be played" — names an exception as often
// as a wide one).
func (s *synth) freePasses(mask []uint64) (passes, short []*Class) {
	pos, neg := s.and(mask, s.p.Want), s.andNot(mask, s.p.Want)
	type scored struct {
		c  *Class
		on int
	}
	var all []scored
	for _, pool := range [][]*Class{s.atoms, s.arithAtoms} {
		for _, a := range pool {
			if a.Bits > freePassBits {
				break
			}
			if a.Node.P == PTrue || overlap(a.B, neg) > 0 {
				continue
			}
			if on := overlap(a.B, pos); on > 0 {
				all = append(all, scored{a, on})
			}
		}
	}
	byBits := slices.Clone(all)
	slices.SortStableFunc(byBits, func(a, b scored) int { return cmp.Compare(a.c.Bits, b.c.Bits) })
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Or(cmp.Compare(b.on, a.on), cmp.Compare(a.c.Bits, b.c.Bits)) })
	for _, p := range all[:min(len(all), freePassesTried)] {
		passes = append(passes, p.c)
	}
	for _, p := range byBits {
		if len(short) == shortPassesTried {
			break
		}
		if !slices.Contains(passes, p.c) {
			short = append(short, p.c)
		}
	}
	return passes, short
}

// fitCands are the conditions that split mask, of the line or of the
// card: every short one, and the long shortest of each pool.
func (s *synth) fitCands(mask []uint64, long int) []*Class {
	var cands []*Class
	for _, pool := range [][]*Class{s.atoms, s.arithAtoms, s.conds, s.counts, s.modeConds, s.telling} {
		n := 0
		for _, a := range pool {
			if a.Node.P == PTrue || a.Bits+iteBits+2 > s.cfg.MaxBits || empty(s.and(mask, a.B)) || empty(s.andNot(mask, a.B)) {
				continue
			}
			if a.Bits > fitCondBits {
				if n == long {
					continue
				}
				n++
			}
			cands = append(cands, a)
		}
	}
	return cands
}

// fitConds picks the conditions of the split of mask from the candidates:
// those whose sides an atom of the pool (or its opposite) comes nearest to
// deciding alone — the points it misses on either side, fewest first. One
// of the conditions that split mask alike (a condition and its opposite
// are one split). The atoms are the pool's first atoms (its shortest).
func (s *synth) fitConds(cands []*Class, mask []uint64, atoms int) []*Class {
	type scored struct {
		c    *Class
		miss int
	}
	onMask := s.atomMisses(mask)
	miss := func(c *Class, atoms int) int {
		in, out := s.nearestAtoms(s.and(mask, c.B), s.andNot(mask, c.B), atoms, onMask)
		return in + out
	}
	byMiss := func(a, b scored) int { return cmp.Or(cmp.Compare(a.miss, b.miss), cmp.Compare(a.c.Bits, b.c.Bits)) }
	// Each condition scored on its own: on both cores (the scores, and so
	// the conditions picked, are the same on any number).
	var short, long []scored
	for _, c := range cands {
		if c.Bits <= fitCondBits {
			short = append(short, scored{c: c})
		} else {
			long = append(long, scored{c: c})
		}
	}
	eachOf(len(short), func(i int) { short[i].miss = miss(short[i].c, atoms) })
	eachOf(len(long), func(i int) { long[i].miss = miss(long[i].c, min(atoms, fitQuickAtoms)) })
	// The longer ones: scored first by the shortest atoms (most rules'
	// sides are short), the best of them by every atom.
	slices.SortStableFunc(long, byMiss)
	long = long[:min(len(long), fitCondsRescored)]
	if atoms > fitQuickAtoms { // scored by as many already
		eachOf(len(long), func(i int) { long[i].miss = miss(long[i].c, atoms) })
	}
	var picked []scored
	seen := map[string]bool{}
	pick := func(list []scored, k int) {
		slices.SortStableFunc(list, byMiss)
		for _, sc := range list {
			if k == 0 {
				return
			}
			key, notKey := string(wordsKey(s.and(mask, sc.c.B))), string(wordsKey(s.andNot(mask, sc.c.B)))
			if !seen[key] && !seen[notKey] {
				seen[key] = true
				picked = append(picked, sc)
				k--
			}
		}
	}
	pick(short, fitCondsShort)
	pick(long, fitCondsLong)
	slices.SortStableFunc(picked, byMiss)
	out := make([]*Class, len(picked))
	for i, sc := range picked {
		out[i] = sc.c
	}
	return out
}

// nearestAtoms is, for each of two sides, the fewest of its points that
// one of the first n atoms of the pool, or its opposite, misjudges. The
// sides split a mask whose misses per atom are onMask (atomMisses): an
// atom's misses on b are those on the mask less those on a, so each
// atom's words are read once, for a alone.
func (s *synth) nearestAtoms(a, b []uint64, n int, onMask []int32) (int, int) {
	allA, allB := Ones(a), Ones(b)
	bestA, bestB := allA, allB
	for i := range min(n, len(s.atoms)) {
		d := s.dis[i*s.words : (i+1)*s.words]
		missA := 0
		for w, x := range a {
			missA += bits.OnesCount64(d[w] & x)
		}
		missB := int(onMask[i]) - missA
		bestA, bestB = min(bestA, missA, allA-missA), min(bestB, missB, allB-missB)
		if bestA == 0 && bestB == 0 {
			break
		}
	}
	return bestA, bestB
}

// atomMisses is, for each atom of the pool, the points of mask it
// misjudges.
func (s *synth) atomMisses(mask []uint64) []int32 {
	out := make([]int32, len(s.atoms))
	for i := range s.atoms {
		d := s.dis[i*s.words : (i+1)*s.words]
		n := 0
		for w, m := range mask {
			n += bits.OnesCount64(d[w] & m)
		}
		out[i] = int32(n)
	}
	return out
}
