package grammar

import (
	"math/bits"
	"slices"
)

// Sets of points as bit masks, one bit per point, 64 to a word: the
// searches' sub-problems, an atom's agreement with the verdicts, a split's
// sides.

func (s *synth) and(a, b []uint64) []uint64 {
	out := make([]uint64, s.words)
	for w := range out {
		out[w] = a[w] & b[w]
	}
	return out
}

// wrongOn is the points of mask where the bit set a disagrees with Want.
func (s *synth) wrongOn(a, mask []uint64) []uint64 {
	out := make([]uint64, s.words)
	for w := range out {
		out[w] = (a[w] ^ s.p.Want[w]) & mask[w]
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

func wordsKey(m []uint64) []byte {
	b := make([]byte, 0, 8*len(m))
	for _, w := range m {
		for i := range 8 {
			b = append(b, byte(w>>(8*i)))
		}
	}
	return b
}

// overlap counts the points where both bit sets hold.
func overlap(a, b []uint64) int {
	n := 0
	for w := range b {
		n += bits.OnesCount64(a[w] & b[w])
	}
	return n
}

// overlap2 is overlap(a, b) and overlap(a, c), a's words read once.
func overlap2(a, b, c []uint64) (int, int) {
	nb, nc := 0, 0
	for w, x := range a {
		nb += bits.OnesCount64(x & b[w])
		nc += bits.OnesCount64(x & c[w])
	}
	return nb, nc
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
