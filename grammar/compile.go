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
	if fn := lazyFn(n); fn != nil {
		return fn
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

// lazyFn compiles the connectives that need not read every child (nil
// for the other productions): the same values as the table's eval (the
// children of a connective are truth values, 0 or 1), without judging the
// branch an "if" does not take or the rest of an "or" already true — a
// line's counts and sums in that branch cost more than the rest of the
// rule.
func lazyFn(n *Node) Fn {
	switch n.P {
	case PAnd:
		a, b := Compile(n.Kids[0]), Compile(n.Kids[1])
		return func(pt *Point) int32 {
			if a(pt) == 0 {
				return 0
			}
			return b(pt)
		}
	case POr:
		a, b := Compile(n.Kids[0]), Compile(n.Kids[1])
		return func(pt *Point) int32 {
			if a(pt) != 0 {
				return 1
			}
			return b(pt)
		}
	case PImp:
		c, a := Compile(n.Kids[0]), Compile(n.Kids[1])
		return func(pt *Point) int32 {
			if c(pt) == 0 {
				return 1
			}
			return a(pt)
		}
	case PIte, PMirror, PAlt: // c ? a : b
		c, a, e := Compile(n.Kids[0]), Compile(n.Kids[1]), Compile(n.Kids[2])
		return func(pt *Point) int32 {
			if c(pt) != 0 {
				return a(pt)
			}
			return e(pt)
		}
	case PGuard:
		a, short, depth := Compile(n.Kids[0]), b(n.Op == Eq), slotDepth[n.Slot]
		return func(pt *Point) int32 {
			if pt.Scene.N < depth {
				return short
			}
			return a(pt)
		}
	case PSplit:
		a, l, depth := Compile(n.Kids[0]), Compile(n.Kids[1]), slotDepth[n.Slot]
		return func(pt *Point) int32 {
			if pt.Scene.N < depth {
				return a(pt)
			}
			return l(pt)
		}
	}
	return nil
}
