package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// The telling thresholds: besides the quantiles of a term's values,
// condThresholds compares it with the numbers the verdicts turn at
// ("once the cards since the last two or lower add up to 30, a two or
// lower"), which are seldom a quantile.

// tellingThresholds are the ks for which "t >= k" tells apart best (the
// greatest information gain) the verdicts, or where one of the shortest
// atoms of the card gives them and where its opposite does (labels: the
// verdicts, and the verdicts xor each atom): "once the ranks since the
// last two or lower reach 30, a two or lower, else 3 or higher" splits a
// sample of as many accepted cards as refused ones into two halves of as
// many each, and "a two or lower" is right on one side, wrong on the
// other. At most tellingTried of them, the best first.
func (s *synth) tellingThresholds(vals []int32, labels [][]uint64) []int32 {
	var idx []int
	for i := range vals {
		if s.p.Care[i/64]>>(i%64)&1 == 1 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(vals[a], vals[b]) })
	type split struct {
		k    int32
		gain float64
	}
	var splits []split
	for _, label := range labels {
		on := func(i int) bool { return label[i/64]>>(i%64)&1 == 1 }
		allYes := 0
		for _, i := range idx {
			if on(i) {
				allYes++
			}
		}
		allNo := len(idx) - allYes
		best := split{}
		belowYes, belowNo := 0, 0 // the points of values under k
		for j, i := range idx {
			if j > 0 && vals[i] != vals[idx[j-1]] {
				if g := gain(belowYes, belowNo, allYes-belowYes, allNo-belowNo); g > best.gain {
					best = split{vals[i], g}
				}
			}
			if on(i) {
				belowYes++
			} else {
				belowNo++
			}
		}
		if best.gain > 0 {
			splits = append(splits, best)
		}
	}
	slices.SortStableFunc(splits, func(a, b split) int { return cmp.Compare(b.gain, a.gain) })
	var out []int32
	for _, sp := range splits {
		if len(out) < tellingTried && !slices.Contains(out, sp.k) {
			out = append(out, sp.k)
		}
	}
	return out
}

// tellingLabels are what the telling thresholds tell apart: the verdicts,
// and the verdicts xor each of the tellingAtoms shortest atoms that read
// the card.
func (s *synth) tellingLabels() [][]uint64 {
	labels := [][]uint64{s.p.Want}
	for _, a := range s.atoms {
		if len(labels) > tellingAtoms {
			break
		}
		if a.card {
			x := make([]uint64, s.words)
			for w := range x {
				x[w] = s.p.Want[w] ^ a.B[w]
			}
			labels = append(labels, x)
		}
	}
	return labels
}

// tellingAtoms: the atoms of the card whose agreement with the verdicts a
// telling threshold may split.
const tellingAtoms = 24

// tellingTried is how many telling thresholds a term gives.
const tellingTried = 3

// tellingSets are the sets of values S for which "t in S" holds exactly
// where a label does, or exactly where it does not (the labels of the
// telling thresholds): "on the son clave's beats, n % 16 in [0, 3, 6, 10,
// 12], a red card, else a black one" parts a placement's sample where the
// verdicts xor "red" fall. Each names two to maxInSet numbers of 0 to
// maxInValue, not a run (namedSet).
func (s *synth) tellingSets(vals []int32, labels [][]uint64) []int {
	var out []int
	for _, label := range labels {
		var on, off uint64 // the values where the label holds, and where not
		named := true
		for w, m := range s.p.Care {
			for ; m != 0 && named; m &= m - 1 {
				i := w*64 + bits.TrailingZeros64(m)
				v := vals[i]
				if v < 0 || v > maxInValue {
					named = false
				} else if label[w]>>(i%64)&1 == 1 {
					on |= 1 << v
				} else {
					off |= 1 << v
				}
			}
		}
		if !named || on&off != 0 {
			continue
		}
		for _, set := range []uint64{on, off} {
			if namedSet(set) && !slices.Contains(out, int(set)) {
				out = append(out, int(set))
			}
		}
	}
	return out
}

// tellingSetBits is how much longer than a threshold of its term a
// telling set may be: the son clave's five beats of sixteen are 19 bits.
const tellingSetBits = 12
