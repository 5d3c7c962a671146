package grammar

import "math/bits"

// Points is a fixed set of points (cards judged after scenes) on which
// nodes are evaluated all at once: an integer node as a vector of values, a
// Boolean node as a bit set (bit i: the node holds at point i). Immutable
// once made.
type Points struct {
	pts   []Point
	words int
	// short[d]: the points whose main line has fewer than d cards (a guard
	// on prev2 reads short[2], on prev3 short[3]).
	short [4][]uint64
}

// NewPoints makes the set of the points pts (kept, not copied).
func NewPoints(pts []Point) *Points {
	ps := &Points{pts: pts, words: (len(pts) + 63) / 64}
	for d := range ps.short {
		ps.short[d] = make([]uint64, ps.words)
		for i, pt := range pts {
			if pt.Scene.N < d {
				ps.short[d][i/64] |= 1 << (i % 64)
			}
		}
	}
	return ps
}

// Len is the number of points.
func (ps *Points) Len() int { return len(ps.pts) }

// Words is the number of 64-bit words of a Boolean vector.
func (ps *Points) Words() int { return ps.words }

// Point is point i.
func (ps *Points) Point(i int) Point { return ps.pts[i] }

// Vec is a node's values on every point of a set: I for an integer node,
// B (a bit per point) for a Boolean one.
type Vec struct {
	I []int32
	B []uint64
}

// Eval evaluates a node on every point (its children first).
func (ps *Points) Eval(n *Node) Vec {
	if n.P == PCase {
		kids := make([]Vec, len(n.Kids))
		for i, k := range n.Kids {
			kids[i] = ps.Eval(k)
		}
		return ps.caseVec(n.K, kids[0].I, kids[1:])
	}
	var kids [3]Vec
	for i, k := range n.Kids {
		kids[i] = ps.Eval(k)
	}
	return ps.apply(n, kids)
}

// apply evaluates n on every point from its children's vectors.
func (ps *Points) apply(n *Node, kids [3]Vec) Vec {
	var out Vec
	return ps.applyInto(n, kids, &out)
}

// applyInto is apply into buf's memory (grown as needed): the returned
// vector is valid until the next call with the same buf.
func (ps *Points) applyInto(n *Node, kids [3]Vec, buf *Vec) Vec {
	p := n.prod()
	var out Vec
	if p.Type == Int {
		if cap(buf.I) < len(ps.pts) {
			buf.I = make([]int32, len(ps.pts))
		}
		out.I = buf.I[:len(ps.pts)]
	} else {
		if cap(buf.B) < ps.words {
			buf.B = make([]uint64, ps.words)
		}
		out.B = buf.B[:ps.words]
		clear(out.B)
	}
	if ps.kernel(n, kids, out) {
		return out
	}
	eval := p.eval
	var k [3]int32
	for i := range ps.pts {
		for j, v := range kids[:len(n.Kids)] {
			if v.I != nil {
				k[j] = v.I[i]
			} else {
				k[j] = int32(v.B[i/64] >> (i % 64) & 1)
			}
		}
		x := eval(n, &ps.pts[i], k)
		if out.I != nil {
			out.I[i] = x
		} else if x != 0 {
			out.B[i/64] |= 1 << (i % 64)
		}
	}
	return out
}

// kernel evaluates the productions the enumerator builds most — the
// connectives, comparisons and arithmetic — word by word or value by value
// rather than through eval; TestKernelsAgreeWithEval holds them to eval.
func (ps *Points) kernel(n *Node, kids [3]Vec, out Vec) bool {
	a, b, c := kids[0], kids[1], kids[2]
	switch n.P {
	case PNot:
		for w := range out.B {
			out.B[w] = ^a.B[w]
		}
	case PAnd:
		for w := range out.B {
			out.B[w] = a.B[w] & b.B[w]
		}
	case POr:
		for w := range out.B {
			out.B[w] = a.B[w] | b.B[w]
		}
	case PIte, PMirror, PAlt:
		for w := range out.B {
			out.B[w] = a.B[w]&b.B[w] | ^a.B[w]&c.B[w]
		}
	case PImp:
		for w := range out.B {
			out.B[w] = a.B[w]&b.B[w] | ^a.B[w]
		}
	case PIff:
		for w := range out.B {
			out.B[w] = ^(a.B[w] ^ b.B[w])
		}
	case PGuard:
		short := ps.short[slotDepth[n.Slot]]
		for w := range out.B {
			if n.Op == Eq {
				out.B[w] = a.B[w] | short[w]
			} else {
				out.B[w] = a.B[w] &^ short[w]
			}
		}
	case PSplit:
		short := ps.short[slotDepth[n.Slot]]
		for w := range out.B {
			out.B[w] = a.B[w]&short[w] | b.B[w]&^short[w]
		}
	case PCmp:
		cmpVec(n.Op, a.I, b.I, out.B)
	case PArith:
		for i := range out.I {
			out.I[i] = arith(n.Op, a.I[i], b.I[i])
		}
	case PMod:
		k := int32(n.K)
		for i := range out.I {
			out.I[i] = a.I[i] % k
		}
	default:
		return false
	}
	ps.trim(out.B)
	return true
}

// trim clears the bits past the last point.
func (ps *Points) trim(v []uint64) {
	if r := len(ps.pts) % 64; r != 0 && len(v) > 0 {
		v[len(v)-1] &= 1<<r - 1
	}
}

func cmpVec(op Op, a, b []int32, out []uint64) {
	b = b[:len(a)]
	set := func(i int, v bool) {
		if v {
			out[i/64] |= 1 << (i % 64)
		}
	}
	switch op { // the comparison chosen once, not per point
	case Eq:
		for i := range a {
			set(i, a[i] == b[i])
		}
	case Ne:
		for i := range a {
			set(i, a[i] != b[i])
		}
	case Lt:
		for i := range a {
			set(i, a[i] < b[i])
		}
	case Le:
		for i := range a {
			set(i, a[i] <= b[i])
		}
	case Gt:
		for i := range a {
			set(i, a[i] > b[i])
		}
	case Ge:
		for i := range a {
			set(i, a[i] >= b[i])
		}
	}
}

// Ones is the number of points where a Boolean vector holds.
func Ones(v []uint64) int {
	n := 0
	for _, w := range v {
		n += bits.OnesCount64(w)
	}
	return n
}

// caseVec is a case split's vector: at each point, the rule the term's
// value mod k picks.
func (ps *Points) caseVec(k int, t []int32, rules []Vec) Vec {
	out := Vec{B: make([]uint64, ps.words)}
	for i := range ps.pts {
		j := t[i] % int32(k)
		if j < 0 {
			j += int32(k)
		}
		out.B[i/64] |= rules[j].B[i/64] & (1 << (i % 64))
	}
	return out
}
