package grammar

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// The meanings the productions share: the integer operations and
// comparisons, their bounds, the primes and the suit cycles.

// arith is the integer operations' meaning; ok is false where the rule
// language would fail (a remainder by zero), which the enumerator avoids.
func arith(op Op, a, b int32) int32 {
	switch op {
	case Add:
		return a + b
	case Sub:
		return a - b
	case Mul:
		return a * b
	case Rem:
		if b == 0 {
			return 0
		}
		return a % b
	case Dist:
		return max(a-b, b-a)
	case Min:
		return min(a, b)
	case Max:
		return max(a, b)
	case Wrap:
		return ((a+b-1)%13+13)%13 + 1
	case Up:
		return ((a-b)%13 + 13) % 13
	case Xor:
		return a ^ b
	}
	panic("grammar: unknown operation")
}

func compare(op Op, a, b int32) bool {
	switch op {
	case Eq:
		return a == b
	case Ne:
		return a != b
	case Lt:
		return a < b
	case Le:
		return a <= b
	case Gt:
		return a > b
	case Ge:
		return a >= b
	}
	panic("grammar: unknown comparison")
}

var arithNames = [numArith]string{"+", "-", "*", "%", "abs", "min", "max", "wrap", "up", "bitxor"}

func arithText(op Op, a, b text) text {
	switch op {
	case Add, Sub:
		return infix(a, arithNames[op], b, precAdd)
	case Mul, Rem:
		return infix(a, arithNames[op], b, precMul)
	case Dist:
		return call("abs", infix(a, "-", b, precAdd).s)
	case Min, Max:
		return call(arithNames[op], a.s, b.s)
	case Wrap:
		return text{"(" + infix(a, "+", b, precAdd).s + " - 1) % 13 + 1", precAdd}
	case Up:
		return text{"(" + infix(a, "-", b, precAdd).s + " + 13) % 13", precMul}
	case Xor:
		return call("bitxor", a.s, b.s)
	}
	panic("grammar: unknown operation")
}

// maxTerm bounds the values the enumerator lets a term take (a product of
// products would overflow the 32 bits of a value).
const maxTerm = 1 << 24

// winLen is the most cards a window holds.
func winLen(w Window) int32 {
	if w == 0 {
		return MaxLine
	}
	return int32(w)
}

// arithBounds is interval arithmetic for the integer operations.
func arithBounds(op Op, a, b span) span {
	switch op {
	case Add:
		return span{a.lo + b.lo, a.hi + b.hi}
	case Sub:
		return span{a.lo - b.hi, a.hi - b.lo}
	case Mul:
		// In 64 bits, clamped: a product of sums would overflow 32.
		c := []int64{int64(a.lo) * int64(b.lo), int64(a.lo) * int64(b.hi), int64(a.hi) * int64(b.lo), int64(a.hi) * int64(b.hi)}
		lo, hi := min(c[0], c[1], c[2], c[3]), max(c[0], c[1], c[2], c[3])
		return span{int32(max(lo, -maxTerm)), int32(min(hi, maxTerm))}
	case Rem:
		m := max(b.hi, -b.lo) - 1
		return span{max(-m, min(0, a.lo)), min(m, max(0, a.hi))}
	case Dist:
		d := arithBounds(Sub, a, b)
		lo := int32(0)
		if d.lo > 0 {
			lo = d.lo
		} else if d.hi < 0 {
			lo = -d.hi
		}
		return span{lo, max(d.hi, -d.lo)}
	case Min:
		return span{min(a.lo, b.lo), min(a.hi, b.hi)}
	case Max:
		return span{max(a.lo, b.lo), max(a.hi, b.hi)}
	case Wrap:
		return span{1, 13}
	case Up:
		return span{0, 12}
	case Xor:
		if a.lo < 0 || b.lo < 0 {
			return span{-maxTerm, maxTerm}
		}
		top := int32(1)<<bits.Len32(uint32(max(a.hi, b.hi))) - 1 // every binary digit either has
		return span{0, top}
	}
	panic("grammar: unknown operation")
}

// Bounds is an integer node's least and greatest value (for a Boolean node,
// 0 and 1).
func (n *Node) Bounds() (lo, hi int32) {
	s := n.bounds()
	return s.lo, s.hi
}

func (n *Node) bounds() span {
	p := n.prod()
	if p.bounds == nil {
		return span{0, 1}
	}
	var k [3]span
	for i, c := range n.Kids {
		k[i] = c.bounds()
	}
	return p.bounds(n, k)
}

// suitCycles are the six cyclic orders of the four suits, as "next suit"
// tables; the first is the seeds' ♠ → ♦ → ♣ → ♥.
var suitCycles = func() (out [6][4]sim.Suit) {
	rest := []sim.Suit{sim.Hearts, sim.Diamonds, sim.Clubs}
	perms := [6][3]int{{1, 2, 0}, {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}}
	for i, p := range perms {
		order := [4]sim.Suit{sim.Spades, rest[p[0]], rest[p[1]], rest[p[2]]}
		for j, s := range order {
			out[i][s] = order[(j+1)%4]
		}
	}
	return out
}()

// maxInValue is the greatest number a set of PIn holds (a bit of Node.K).
const maxInValue = 62

// setBits is what naming a set of numbers costs: each number's bits.
func setBits(set int) int {
	b := 0
	for rest := uint64(set); rest != 0; rest &= rest - 1 {
		b += ConstBits(bits.TrailingZeros64(rest))
	}
	return b
}

// setText writes a set of numbers as expr's array: "[3, 6, 10]".
func setText(set int) string {
	var vs []string
	for rest := uint64(set); rest != 0; rest &= rest - 1 {
		vs = append(vs, strconv.Itoa(bits.TrailingZeros64(rest)))
	}
	return "[" + strings.Join(vs, ", ") + "]"
}

// gcd is the greatest common divisor of two ranks.
func gcd(a, b int32) int32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
