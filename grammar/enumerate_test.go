package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// testPoints is n random points on lines of up to 12 cards.
func testPoints(rng *rand.Rand, n int) *Points {
	var pts []Point
	for range n {
		pts = append(pts, Point{Scene: NewScene(randomLine(rng, 12)), Card: sim.Card(rng.IntN(sim.NumCards))})
	}
	return NewPoints(pts)
}

// scalarVec evaluates a node point by point through Compile.
func scalarVec(ps *Points, n *Node) Vec {
	fn := Compile(n)
	var v Vec
	if n.Type() == Int {
		v.I = make([]int32, ps.Len())
	} else {
		v.B = make([]uint64, ps.Words())
	}
	for i := range ps.pts {
		x := fn(&ps.pts[i])
		if v.I != nil {
			v.I[i] = x
		} else if x != 0 {
			v.B[i/64] |= 1 << (i % 64)
		}
	}
	return v
}

func TestKernelsAgreeWithEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ps := testPoints(rng, 150)
	for range 500 {
		n := randomBool(rng, 3)
		if got, want := ps.Eval(n), scalarVec(ps, n); !sameVec(got, want) {
			t.Fatalf("%s: vector and point by point differ", n)
		}
		m := randomInt(rng, 3)
		if got, want := ps.Eval(m), scalarVec(ps, m); !sameVec(got, want) {
			t.Fatalf("%s: vector and point by point differ", m)
		}
	}
}

// TestMergeByBehaviourAgreesWithBruteForce enumerates a small grammar (two
// ranks, n, small numbers, +, −, % k and the comparisons) both ways: every
// syntactic tree up to 11 bits evaluated point by point, and the
// Enumerator's classes. The two must hold the same behaviours, each at the
// same shortest length, and every member of a class must behave as its
// class.
func TestMergeByBehaviourAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ps := testPoints(rng, 40)
	var only [NumProds]bool
	for _, p := range []Prod{PRank, PN, PConst, PArith, PMod, PCmp, PGuard} {
		only[p] = true
	}
	const maxL = 10
	e := NewEnumerator(ps)
	e.Only, e.Keep = &only, 3
	e.Grow(maxL)

	// Brute force: every tree by length under the same syntactic
	// restrictions (a number on the right of +, − and * only, nonzero; a
	// remainder by a rank; the sums counted round the ranks of two ranks;
	// % k of a term that is neither a number nor a remainder; no term
	// compared with itself; no bitxor, the look-back pool's), but with
	// every order of the operands.
	ints := map[int][]*Node{}
	leaves := []*Node{{P: PN}}
	for s := range numSlots {
		leaves = append(leaves, &Node{P: PRank, Slot: s})
	}
	for k := range 32 {
		leaves = append(leaves, &Node{P: PConst, K: k})
	}
	for _, n := range leaves {
		ints[n.Bits()] = append(ints[n.Bits()], n)
	}
	var bools []*Node
	for L := 1; L <= maxL; L++ {
		for la := 1; la < L-3; la++ {
			for _, a := range ints[la] {
				for _, b := range ints[L-3-la] {
					for op := range numArith {
						if a.P == PConst || b.P == PConst && (b.K == 0 || op == Mul && b.K == 1 || op > Mul) ||
							op == Rem && b.P != PRank || (op == Wrap || op == Up) && (a.P != PRank || b.P != PRank) ||
							op == Xor { // the look-back pool's only (Near)
							continue
						}
						if n := (&Node{P: PArith, Op: op, Kids: []*Node{a, b}}); n.Bits() == L {
							ints[L] = append(ints[L], n)
						}
					}
				}
			}
		}
		for k := 2; k <= 13; k++ {
			for _, a := range ints[L-modBits(k)] {
				if a.P != PConst && a.P != PMod {
					ints[L] = append(ints[L], &Node{P: PMod, K: k, Kids: []*Node{a}})
				}
			}
		}
		for la := 1; la < L-2; la++ {
			for _, a := range ints[la] {
				for _, b := range ints[L-2-la] {
					if a.P == PConst || a.Equal(b) {
						continue // a term is not compared with itself
					}
					for op := range numCmps {
						n := &Node{P: PCmp, Op: op, Kids: []*Node{a, b}}
						d := n.Unguarded()
						if d < 2 {
							bools = append(bools, n)
							continue
						}
						for _, g := range []Op{Eq, Ne} { // both nil guards, as the enumerator writes atoms
							bools = append(bools, &Node{P: PGuard, Slot: guardSlot[d], Op: g, Kids: []*Node{n}})
						}
					}
				}
			}
		}
	}
	// The shortest length of each behaviour, by brute force.
	want := map[string]int{}
	wantNode := map[string]*Node{}
	key := func(v Vec) string {
		if v.I != nil {
			return "i" + string(slices.Collect(func(yield func(rune) bool) {
				for _, x := range v.I {
					if !yield(rune(x + 100000)) {
						return
					}
				}
			}))
		}
		b := []byte("b")
		for _, w := range v.B {
			for i := range 8 {
				b = append(b, byte(w>>(8*i)))
			}
		}
		return string(b)
	}
	var all []*Node
	for _, ns := range ints {
		all = append(all, ns...)
	}
	all = append(all, bools...)
	for _, n := range all {
		k := key(scalarVec(ps, n))
		if l, ok := want[k]; !ok || n.Bits() < l {
			want[k], wantNode[k] = n.Bits(), n
		}
	}
	got := map[string]int{}
	gotNode := map[string]*Node{}
	for L := 1; L <= maxL; L++ {
		for _, c := range append(slices.Clone(e.Ints(L)), e.Bools(L)...) {
			k := key(c.Vec)
			if _, dup := got[k]; dup {
				t.Fatalf("two classes behave alike: %s", c.Node)
			}
			got[k] = c.Bits
			gotNode[k] = c.Node
			for _, m := range append([]*Node{c.Node}, c.Members...) {
				if !sameVec(scalarVec(ps, m), c.Vec) {
					t.Fatalf("%s is a member of the class of %s but behaves otherwise", m, c.Node)
				}
			}
		}
	}
	for k, l := range want {
		if g, ok := got[k]; !ok || g != l {
			t.Errorf("%s, a behaviour of %d bits by brute force: the enumerator has it at %d (found %v: %v)", wantNode[k], l, g, ok, gotNode[k])
		}
	}
	for k, l := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("the enumerator has a behaviour at %d bits that brute force does not: %s", l, gotNode[k])
		}
	}
	t.Logf("%d behaviours up to %d bits from %d trees", len(want), maxL, len(all))
}
