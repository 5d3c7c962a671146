package grammar

import "math/bits"

// commonValue is the value most points of pos take that no point of neg
// takes.
func commonValue(t *valueTally, vals []int32, pos, neg []uint64) (int32, bool) {
	t.clear()
	for w, m := range neg {
		for ; m != 0; m &= m - 1 {
			t.refuse(vals[w*64+bits.TrailingZeros64(m)])
		}
	}
	best, bestN := int32(0), int32(0)
	for w, m := range pos {
		for ; m != 0; m &= m - 1 {
			v := vals[w*64+bits.TrailingZeros64(m)]
			n := t.add(v)
			if n > bestN || n == bestN && n > 0 && v < best {
				best, bestN = v, n
			}
		}
	}
	return best, bestN > 0
}

// valueTally counts the accepted points of each value of a term, a refused
// value marked apart (count -1). The values terms take are mostly small:
// those are counted in an array, stamped with the call's epoch so that it
// need not be cleared; the rest in a map. Called for every term of the
// pool in every solve: a map alone was a tenth of a placement's time.
type valueTally struct {
	epoch uint32
	stamp [tallyHi - tallyLo]uint32
	count [tallyHi - tallyLo]int32
	far   map[int32]int32
}

const tallyLo, tallyHi = -256, 4096

func (t *valueTally) clear() {
	t.epoch++
	if t.epoch == 0 { // wrapped: every stamp is stale again
		t.stamp = [tallyHi - tallyLo]uint32{}
		t.epoch = 1
	}
	clear(t.far)
}

func (t *valueTally) refuse(v int32) {
	if v >= tallyLo && v < tallyHi {
		t.stamp[v-tallyLo], t.count[v-tallyLo] = t.epoch, -1
		return
	}
	if t.far == nil {
		t.far = map[int32]int32{}
	}
	t.far[v] = -1
}

// add counts an accepted point of value v: its count so far, 0 when v is
// refused.
func (t *valueTally) add(v int32) int32 {
	if v >= tallyLo && v < tallyHi {
		i := v - tallyLo
		if t.stamp[i] != t.epoch {
			t.stamp[i], t.count[i] = t.epoch, 0
		}
		if t.count[i] < 0 {
			return 0
		}
		t.count[i]++
		return t.count[i]
	}
	if t.far == nil {
		t.far = map[int32]int32{}
	}
	n := t.far[v]
	if n < 0 {
		return 0
	}
	t.far[v] = n + 1
	return n + 1
}
