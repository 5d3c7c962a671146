package grammar

import (
	"cmp"
	"slices"
)

// Exactly (SynthConfig.Exactly): "exactly k of three conditions" at the
// top ("the same colour or the same parity as the last card, not both";
// "share exactly one of three things with it"). No condition alone tells
// the verdicts apart, nor do two of them: the search's splits, which pick
// conditions by what they explain, never reach the rule. Here every pair
// of the shortest conditions fixes, at each point, the value the third
// must have (a point's verdict and the pair's count decide it, or leave it
// free); the third is looked up among the longer ones by that vector.

const (
	// exactlyPairs: the conditions paired (each with each), the
	// exactlyShortest shortest and then the shortest that relate the card
	// to another (the shortest are the card's own kinds: red, even, face);
	// exactlyThirds: the conditions tried as the third, shortest first.
	exactlyPairs    = 40
	exactlyShortest = 16
	exactlyThirds   = 4000
)

// exactly finds the rules "exactly k of a, b, c" (k = 1 or 2) that give
// every point its verdict.
func (s *synth) exactly() []Found {
	mask, want := s.p.Care, s.p.Want
	var pairs, thirds []*Class
	seen := map[string]bool{}
	for pi, pool := range [][]*Class{s.atoms, s.arithAtoms} {
		for _, a := range pool {
			if a.Node.P == PTrue || empty(s.and(mask, a.B)) || empty(s.andNot(mask, a.B)) {
				continue
			}
			key := string(wordsKey(s.and(mask, a.B)))
			if seen[key] {
				continue // a condition of the same points
			}
			seen[key] = true
			if pi == 0 && (len(pairs) < exactlyShortest || len(pairs) < exactlyPairs && relation(a)) {
				pairs = append(pairs, a)
			}
			thirds = append(thirds, a)
		}
	}
	slices.SortStableFunc(thirds, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	thirds = thirds[:min(len(thirds), exactlyThirds)]
	own := Table[PExactly].Bits(nil)
	var out []Found
	free, need := make([]uint64, s.words), make([]uint64, s.words)
	for i, a := range pairs {
		for _, b := range pairs[i+1:] {
			if s.interrupted(true) {
				return out
			}
			for k := 1; k <= 2 && len(out) < s.cfg.Max; k++ {
				if !thirdNeeded(a.B, b.B, k, mask, want, free, need) {
					continue
				}
				for _, c := range thirds {
					bits := own + a.Bits + b.Bits + c.Bits
					if bits > s.cfg.MaxBits || c == a || c == b {
						continue
					}
					if fitsWhere(c.B, need, free) {
						out = append(out, Found{&Node{P: PExactly, K: k, Kids: []*Node{a.Node, b.Node, c.Node}}, bits})
					}
				}
			}
		}
	}
	return out
}

// thirdNeeded fills need with the value a third condition must have at
// each point of mask for "exactly k of a, b and it" to give the verdicts
// want, and free with the points where any value will do (no third makes
// the pair's count k there, and God refuses); false when no third can (an
// accepted point where none makes it k).
func thirdNeeded(a, b []uint64, k int, mask, want, free, need []uint64) bool {
	for w := range mask {
		none, one, both := ^a[w]&^b[w], a[w]^b[w], a[w]&b[w]
		// Where the pair counts k, the third must be false to accept;
		// where it counts k-1, true; elsewhere no third makes k.
		exact, under, never := one, none, both
		if k == 2 {
			exact, under, never = both, one, none
		}
		if mask[w]&never&want[w] != 0 {
			return false
		}
		free[w] = ^mask[w] | never
		need[w] = under&want[w] | exact&^want[w]
	}
	return true
}

// fitsWhere reports whether v equals need at every point outside free.
func fitsWhere(v, need, free []uint64) bool {
	for w := range v {
		if (v[w]^need[w])&^free[w] != 0 {
			return false
		}
	}
	return true
}

// relation reports whether a condition reads the card and another card.
func relation(a *Class) bool {
	r := a.Node.Reads()
	return r.Card && r.Slots&^(1<<SlotCard) != 0
}
