package hypotheses

import (
	"fmt"
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Known minimal formula sizes: a literal 1; a two-feature exclusive-or 4
// (xy' + x'y); the three-feature parity 10.
func TestConceptComplexityKnown(t *testing.T) {
	red := func(c sim.Card) bool { return c.Red() }
	odd := func(c sim.Card) bool { return !c.Even() }
	face := func(c sim.Card) bool { return c.Face() }
	cases := []struct {
		name string
		f    func(c sim.Card) bool
		want int
	}{
		{"red", red, 1},
		{"not face", func(c sim.Card) bool { return !face(c) }, 1},
		{"red and odd", func(c sim.Card) bool { return red(c) && odd(c) }, 2},
		{"red xor odd", func(c sim.Card) bool { return red(c) != odd(c) }, 4},
		{"parity", func(c sim.Card) bool { return red(c) != odd(c) != face(c) }, 10},
		{"majority", func(c sim.Card) bool {
			n := 0
			for _, b := range []bool{red(c), odd(c), face(c)} {
				if b {
					n++
				}
			}
			return n >= 2
		}, 5},
	}
	for _, tc := range cases {
		got, ok := BooleanComplexity(tc.f)
		if !ok || got != tc.want {
			t.Errorf("%s: complexity %d (%v), want %d", tc.name, got, ok, tc.want)
		}
	}
	if _, ok := BooleanComplexity(func(c sim.Card) bool { return c.Suit() == sim.Hearts }); ok {
		t.Errorf("hearts is not a concept of colour, parity and face")
	}
}

// The six types of Shepard, Hovland & Jenkins (1961) in the default bank:
// each is the right structure on the cube of (red, odd, face), its exact
// minimal literal count is 1, 4, 4, 5, 6, 10, and the space expresses it
// at literals + 1 bits.
func TestSHJTypes(t *testing.T) {
	bank := rulebank.Default()
	want := []struct {
		literals      int
		edges, maxDeg int // edges of the cube inside the category, and the largest degree
	}{{1, 4, 2}, {4, 2, 1}, {4, 3, 2}, {5, 3, 3}, {6, 2, 2}, {10, 0, 0}}
	sp := Default() // the SHJ types are in the default space at their minimal costs
	for i, w := range want {
		name := fmt.Sprintf("shj-%d", i+1)
		c, err := bank.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		j := c.NewJudge()
		in := [8]bool{}
		accepts := func(card sim.Card) bool {
			ok, err := j.Accepts([]sim.Card{0}, card)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		for card := sim.Card(0); card < 52; card++ {
			in[cell(card)] = accepts(card)
		}
		members, edges, maxDeg := 0, 0, 0
		for a := range 8 {
			if !in[a] {
				continue
			}
			members++
			deg := 0
			for bit := range 3 {
				if in[a^1<<bit] {
					deg++
				}
			}
			edges += deg
			maxDeg = max(maxDeg, deg)
		}
		edges /= 2
		if members != 4 || edges != w.edges || maxDeg != w.maxDeg {
			t.Errorf("%s: %d members, %d edges, degree ≤ %d; type wants 4, %d, %d", name, members, edges, maxDeg, w.edges, w.maxDeg)
		}
		lits, ok := BooleanComplexity(accepts)
		if !ok || lits != w.literals {
			t.Errorf("%s: minimal literal count %d, want %d", name, lits, w.literals)
		}
		tr, err := sp.Classify(c, godrule.DefaultConfig)
		if err != nil {
			t.Fatal(err)
		}
		if !tr.Expressible || tr.Length != ConceptCost(w.literals) {
			t.Errorf("%s: expressible %v at %d bits, want %d bits", name, tr.Expressible, tr.Length, ConceptCost(w.literals))
		}
	}
}

// cell is the card's cell of the cube: bit 2 red, bit 1 odd, bit 0 face.
func cell(c sim.Card) int {
	x := 0
	for i, b := range []bool{c.Red(), !c.Even(), c.Face()} {
		if b {
			x |= 1 << (2 - i)
		}
	}
	return x
}
