package grammar

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/eleusis/eleusis/internal/numkinds"
)

// The kinds of whole numbers a term can be of (PPrime, Node.K2): "the sum
// of the last three is a prime", "the running total is never a perfect
// square", "a Fibonacci number of cards on the line". Each kind is decided
// in one place, its is function; its text lists the kind's numbers up to
// the term's bound, or, when the list would be long, says the test in
// expr.

// numberKind is one kind of whole number (its numbers decided in
// internal/numkinds, which the reader of rules in words shares).
type numberKind struct {
	numkinds.Kind
	// bits is naming the kind: the prime the cheapest, as before there
	// were others.
	bits int
	// test is expr's test of a term t whose values reach hi, for the
	// kinds whose list would be long (nil: always listed).
	test func(t text, hi int) text
}

// listUpTo is the greatest bound whose primes a text lists.
const listUpTo = 200

// maxKindBound: the kinds beyond the primes are of the terms whose values
// stay under it (their lists stay short: 45 perfect squares, 63 triangular
// numbers).
const maxKindBound = 2100

// numberKinds are the kinds, by Node.K2.
var numberKinds = [...]numberKind{
	{numkinds.Prime, 3, primeTest},
	{numkinds.Square, 5, nil},
	{numkinds.Triangular, 5, nil},
	{numkinds.Fibonacci, 5, nil},
	{numkinds.PowerOfTwo, 5, nil},
}

// primeTest: t is a prime when no number from 2 to the square root of its
// greatest value divides it. The term is named once (let), so that the
// loop does not evaluate it again at each step (a sum over the line would
// be over the referee's bounds, rulebank/limits.go).
func primeTest(t text, hi int) text {
	return primary(fmt.Sprintf("(let t = %s; t >= 2 and none(2..%d, # < t and t %% # == 0))", t.s, max(2, numkinds.Isqrt(hi))))
}

// kindText says "t is of kind k" for a term t whose values go up to hi: its
// numbers listed ("t in [2, 3, 5, 7]"), or expr's test when they would be
// many.
func kindText(k int, t text, hi int) text {
	kind := numberKinds[k]
	if hi > listUpTo && kind.test != nil {
		return kind.test(t, hi)
	}
	var vs []string
	for _, v := range kind.UpTo(hi) {
		vs = append(vs, fmt.Sprint(v))
	}
	return text{t.above(precCmp) + " in [" + strings.Join(vs, ", ") + "]", precCmp}
}

// kindsOf is the set of kinds v is of (bit k: numberKinds[k]).
func kindsOf(v int32) uint8 {
	if v >= 0 && v < int32(len(kindTable)) {
		return kindTable[v]
	}
	return kindsOfSlow(v)
}

func kindsOfSlow(v int32) uint8 {
	var z uint8
	for k, kind := range numberKinds {
		if kind.Is(int(v)) {
			z |= 1 << k
		}
	}
	return z
}

// kindTable holds kindsOf for the values most terms take (a running total
// of three decks is under 1,100).
var kindTable = func() (t [2048]uint8) {
	for v := range t {
		t[v] = kindsOfSlow(int32(v))
	}
	return t
}()

// kindAtoms offers the atoms "t is of kind k" for the kinds the term t is
// of exactly at the accepted points (eq, bit k), and "not" those it is of
// exactly at the refused ones (ne): "the running total is never a perfect
// square". hi is t's greatest value.
func kindAtoms(t *Node, hi int32, eq, ne uint8, add func(*Node)) {
	for k := range numberKinds {
		if hi < 4 || k > 0 && (hi < 10 || hi > maxKindBound) {
			break
		}
		kind := &Node{P: PPrime, K: int(hi), K2: k, Kids: []*Node{t}}
		if eq>>k&1 == 1 {
			add(kind)
		} else if ne>>k&1 == 1 {
			add(&Node{P: PNot, Kids: []*Node{kind}})
		}
	}
}

// kindScan is termScan's kindEq and kindNe for the values vals + shift at
// the points of mask.
func kindScan(vals []int32, mask, want []uint64, shift int32) (eq, ne uint8) {
	eq, ne = ^uint8(0), ^uint8(0)
	for w, m := range mask {
		for ; m != 0 && eq|ne != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			z := kindsOf(vals[i] + shift)
			if want[w]>>(i%64)&1 == 1 {
				eq, ne = eq&z, ne&^z
			} else {
				eq, ne = eq&^z, ne&z
			}
		}
	}
	return eq, ne
}
