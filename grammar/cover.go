package grammar

import "math/bits"

// CoverParts is the most atoms a cover joins.
const CoverParts = 6

// covers are the rules "a or b or c …" of atoms that accept none of the
// refused points, chosen to accept every accepted point between them (a
// set cover), and "a and b and c …" of atoms true at every accepted point,
// chosen to refuse every refused one: the rules of several ways to play
// ("match the suit or the rank; eights are wild, and anything may follow
// an eight") that two levels of connectives cannot nest — whole, or as a
// branch of a split ("after an eight, the other colour; otherwise the suit,
// the rank or an eight"). Each is chosen
// greedily twice: the atom that explains most of what is left, and the
// one that explains most for its bits (weighted set cover, Chvátal 1979).
func (s *synth) covers(ors, ands []cand, pos, neg []uint64, bound int, emit func(Found)) {
	for _, perBit := range []bool{false, true} {
		if f, ok := s.cover(ors, pos, POr, bound, perBit); ok {
			emit(f)
		}
		if f, ok := s.cover(ands, neg, PAnd, bound, perBit); ok {
			emit(f)
		}
	}
}

// cover joins atoms of cs with p until every point of target is explained
// (accepted by one of them for an or, refused by one for an and), within
// bound bits and CoverParts atoms; not ok where it cannot.
func (s *synth) cover(cs []cand, target []uint64, p Prod, bound int, perBit bool) (Found, bool) {
	left := append([]uint64(nil), target...)
	var node *Node
	for range CoverParts {
		if empty(left) {
			break
		}
		var best *Class
		bestN, bestScore := 0, 0.0
		for _, c := range cs {
			n := explains(c.c.B, left, p)
			if n == 0 {
				continue
			}
			score := float64(n)
			if perBit {
				score /= float64(c.c.Bits)
			}
			if score > bestScore || score == bestScore && c.c.Bits < best.Bits {
				best, bestN, bestScore = c.c, n, score
			}
		}
		if bestN == 0 {
			return Found{}, false
		}
		if node == nil {
			node = best.Node
		} else {
			node = &Node{P: p, Kids: []*Node{node, best.Node}}
		}
		if node.Bits() > bound {
			return Found{}, false
		}
		for w := range left {
			if p == POr {
				left[w] &^= best.B[w]
			} else {
				left[w] &= best.B[w]
			}
		}
	}
	if !empty(left) || node == nil || node.P != p {
		return Found{}, false // not covered, or a single atom (the search's own)
	}
	return Found{node, node.Bits()}, true
}

// explains counts the points of left an atom of vector b explains: those
// it accepts (p: or), or refuses (and).
func explains(b, left []uint64, p Prod) int {
	n := 0
	for w, m := range left {
		if p == POr {
			n += bits.OnesCount64(b[w] & m)
		} else {
			n += bits.OnesCount64(m &^ b[w])
		}
	}
	return n
}
