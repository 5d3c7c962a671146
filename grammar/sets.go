package grammar

import "math/bits"

// maxInSet is the most numbers a set of PIn names.
const maxInSet = 6

// sets adds "t in [a, b, …]" where the values of t at the accepted points
// are none of those at the refused ones ("the last two add up to a square:
// 4, 9, 16 or 25"), and "not (t in […])" of the refused points' values:
// each of two to maxInSet numbers, not a run of them (a range says that).
func sets(t *Class, st *termScan, add func(*Node)) {
	if st.outside || st.posSet&st.negSet != 0 {
		return
	}
	if namedSet(st.posSet) {
		add(&Node{P: PIn, K: int(st.posSet), Kids: []*Node{t.Node}})
	}
	if namedSet(st.negSet) {
		add(&Node{P: PNot, Kids: []*Node{{P: PIn, K: int(st.negSet), Kids: []*Node{t.Node}}}})
	}
}

// namedSet reports whether a set of values is one PIn names: two to
// maxInSet numbers, not a run of them (a range says that).
func namedSet(set uint64) bool {
	k := bits.OnesCount64(set)
	run := set >> bits.TrailingZeros64(set)
	return k >= 2 && k <= maxInSet && run&(run+1) != 0
}
