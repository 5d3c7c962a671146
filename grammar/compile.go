package grammar

// Fn evaluates a node at one point: a truth value (0 or 1) or an integer.
type Fn func(pt *Point) int32

// Compile turns a node into a closure over its children's closures: the
// form the scientists use to judge cards on states no index holds. Safe for
// concurrent use.
func Compile(n *Node) Fn {
	p := n.prod()
	if n.P == PCase {
		return caseFn(n)
	}
	eval := p.eval
	switch len(n.Kids) {
	case 0:
		return func(pt *Point) int32 { return eval(n, pt, [3]int32{}) }
	case 1:
		a := Compile(n.Kids[0])
		return func(pt *Point) int32 { return eval(n, pt, [3]int32{a(pt)}) }
	case 2:
		a, b := Compile(n.Kids[0]), Compile(n.Kids[1])
		return func(pt *Point) int32 { return eval(n, pt, [3]int32{a(pt), b(pt)}) }
	}
	a, b, c := Compile(n.Kids[0]), Compile(n.Kids[1]), Compile(n.Kids[2])
	return func(pt *Point) int32 { return eval(n, pt, [3]int32{a(pt), b(pt), c(pt)}) }
}

// Holds judges card c after the scene with a Boolean node.
func (n *Node) Holds(pt Point) bool { return Compile(n)(&pt) != 0 }

// caseFn compiles a case split: the term mod k picks the one rule judged.
func caseFn(n *Node) Fn {
	t := Compile(n.Kids[0])
	rs := make([]Fn, len(n.Kids)-1)
	for i, k := range n.Kids[1:] {
		rs[i] = Compile(k)
	}
	k := int32(n.K)
	return func(pt *Point) int32 {
		i := t(pt) % k
		if i < 0 {
			i += k // expr counts a negative index from the end
		}
		return rs[i](pt)
	}
}
