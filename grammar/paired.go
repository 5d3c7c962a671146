package grammar

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// pairedSplits are the rules "c ? a : b" of two atoms that each fit part of
// the points and together fit them all, and a condition that holds where
// b is wrong and fails where a is: "after a pair adding up to more than 13,
// a low card; otherwise a high one". The condition alone tells the verdicts
// apart no better than chance (half its points are accepted, as are half
// the others), so the splits that try the most informative conditions
// first reach it last, if at all; here it is looked up from the pair.
//
// With thresholds (at the top), the pairs first found also look for a
// threshold of a term that separates them (separatingThresholds: a pass
// over every term, the split's costliest part); without (under a free
// pass), fewer pairs look up a condition.
func (s *synth) pairedSplits(mask []uint64, budget int, thresholds bool) []Found {
	type part struct {
		c     *Class
		wrong []uint64
	}
	conds := s.pairedConds()
	if len(conds) == 0 {
		return nil
	}
	least := conds[0].Bits
	var parts []part
	for i, a := range s.atoms {
		if 2*a.Bits+iteBits+least > budget || len(parts) == pairedAtoms {
			break
		}
		if !a.card || a.Node.P == PTrue {
			continue
		}
		wrong := s.and(s.dis[i*s.words:(i+1)*s.words], mask)
		if !empty(wrong) && !equalWords(wrong, mask) {
			parts = append(parts, part{a, wrong})
		}
	}
	// The pairs that fit every point between them, shortest first.
	type pair struct{ a, b part }
	var pairs []pair
	for i, a := range parts {
		for _, b := range parts[i+1:] {
			// Not an atom and its opposite, wrong everywhere the other is
			// right (the iffs find those): some point both fit.
			if a.c.Bits+b.c.Bits+iteBits+least <= budget && noneOf(a.wrong, b.wrong) && !covers(a.wrong, b.wrong, mask) {
				pairs = append(pairs, pair{a, b})
			}
		}
	}
	slices.SortStableFunc(pairs, func(x, y pair) int { return cmp.Compare(x.a.c.Bits+x.b.c.Bits, y.a.c.Bits+y.b.c.Bits) })
	var out []Found
	most := pairedPairs
	if !thresholds {
		most = pairedPassPairs
	}
	for k, p := range pairs[:min(len(pairs), most)] {
		ab := p.a.c.Bits + p.b.c.Bits + iteBits
		for _, c := range conds {
			if c.Bits+ab > budget {
				break // the conditions come shortest first
			}
			// c holds where b is wrong and fails where a is (a under c),
			// or the other way round.
			var kids []*Node
			switch {
			case allOf(c.B, p.b.wrong) && noneOf(c.B, p.a.wrong):
				kids = []*Node{c.Node, p.a.c.Node, p.b.c.Node}
			case allOf(c.B, p.a.wrong) && noneOf(c.B, p.b.wrong):
				kids = []*Node{c.Node, p.b.c.Node, p.a.c.Node}
			default:
				continue
			}
			out = append(out, Found{&Node{P: PIte, Kids: kids}, c.Bits + ab})
			budget = min(budget, c.Bits+ab+s.cfg.Slack)
		}
		if thresholds && k < pairedThresholdPairs {
			for _, f := range s.separatingThresholds(p.a.wrong, p.b.wrong, budget-ab) {
				out = append(out, Found{&Node{P: PIte, Kids: []*Node{f.Node, p.a.c.Node, p.b.c.Node}}, f.Bits + ab})
				budget = min(budget, f.Bits+ab+s.cfg.Slack)
			}
		}
	}
	return out
}

// pairedConds are the conditions a paired split looks up, shortest first:
// the top's (condCands) and the look-back pool's atoms that do not read
// the card ("while the jacks played are even"), merged once.
func (s *synth) pairedConds() []*Class {
	if s.paired == nil {
		s.paired = slices.Clone(s.condCands(2))
		for _, a := range s.arithAtoms {
			if !a.card {
				s.paired = append(s.paired, a)
			}
		}
		slices.SortStableFunc(s.paired, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	}
	return s.paired
}

// separatingThresholds are the conditions "t >= k" and "t <= k" of the
// pool's terms that do not read the card, true at every point of yes and
// false at every point of no: the threshold a split needs, where the
// conditions made in advance hold only the quantiles of each term's values
// ("the last two add up to 14 or more" between the 12 and the 15 of a sum's
// quantiles).
func (s *synth) separatingThresholds(no, yes []uint64, budget int) []Found {
	var out []Found
	for _, t := range s.ints {
		if t.Bits+Table[PCmp].Bits(nil)+ConstBits(0) > budget {
			break
		}
		if isConst(t) || t.card {
			continue
		}
		yLo, yHi, nLo, nHi, apart := extentsApart(t.I, yes, no)
		if !apart {
			continue
		}
		var n *Node
		switch {
		case yLo > nHi: // t >= k for k in (nHi, yLo]: the shortest k
			n = &Node{P: PCmp, Op: Ge, Kids: []*Node{t.Node, {P: PConst, K: int(cheapest(nHi+1, yLo))}}}
		case yHi < nLo: // t <= k for k in [yHi, nLo)
			n = &Node{P: PCmp, Op: Le, Kids: []*Node{t.Node, {P: PConst, K: int(cheapest(yHi, nLo-1))}}}
		default:
			continue
		}
		if n.Kids[1].K < 0 {
			continue // the language's numbers are not negative
		}
		if t.depth >= 2 {
			n = &Node{P: PGuard, Slot: guardSlot[t.depth], Op: Ne, Kids: []*Node{n}}
		}
		if b := n.Bits(); b <= budget {
			out = append(out, Found{n, b})
		}
	}
	return out
}

// extent is the least and greatest of vals at the points of m.
func extent(vals []int32, m []uint64) (lo, hi int32) {
	lo, hi = math.MaxInt32, math.MinInt32
	for w, word := range m {
		for ; word != 0; word &= word - 1 {
			v := vals[w*64+bits.TrailingZeros64(word)]
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// extentsApart is extent(vals, yes) and extent(vals, no), if the two do
// not overlap (every value at yes above every one at no, or below); not
// apart as soon as the values read so far overlap — both masks read a word
// at a time, side by side: most terms overlap within the first words.
func extentsApart(vals []int32, yes, no []uint64) (yLo, yHi, nLo, nHi int32, apart bool) {
	yLo, yHi, nLo, nHi = math.MaxInt32, math.MinInt32, math.MaxInt32, math.MinInt32
	for w := range yes {
		for word := yes[w]; word != 0; word &= word - 1 {
			v := vals[w*64+bits.TrailingZeros64(word)]
			yLo, yHi = min(yLo, v), max(yHi, v)
		}
		for word := no[w]; word != 0; word &= word - 1 {
			v := vals[w*64+bits.TrailingZeros64(word)]
			nLo, nHi = min(nLo, v), max(nHi, v)
		}
		if yHi >= nLo && nHi >= yLo {
			return yLo, yHi, nLo, nHi, false
		}
	}
	return yLo, yHi, nLo, nHi, true
}

// cheapest is the number from lo to hi that costs the fewest bits (the
// smallest of them).
func cheapest(lo, hi int32) int32 {
	best := lo
	for k := max(lo, 0); k <= hi && k <= 63; k++ {
		if best < 0 || ConstBits(int(k)) < ConstBits(int(best)) {
			best = k
		}
	}
	return best
}

// pairedAtoms is how many of the shortest atoms the paired splits pair;
// pairedPairs how many of the pairs that fit every point they look up a
// condition for, and pairedThresholdPairs for how many of those they also
// make a threshold; pairedPassPairs how many under a free pass (no
// thresholds there).
const pairedAtoms, pairedPairs, pairedThresholdPairs, pairedPassPairs = 600, 100, 32, 24

// covers reports whether a and b hold between them every point of m.
func covers(a, b, m []uint64) bool {
	for w := range m {
		if m[w]&^(a[w]|b[w]) != 0 {
			return false
		}
	}
	return true
}
