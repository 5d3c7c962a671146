package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

// The look-back pool and the rules solved on the long lines apart reach
// rules the main pool cannot: a comparison of two distances, a sum of the
// last two deciding a colour once there are two, a common factor (a sum of
// three below a bound mod 13 was one: the bounds on remainders found top
// down, moduli.go, reach it in the main search now; and a face card where
// n is a multiple of the last rank: the telling thresholds, tried first at
// the top, reach "n % prev.rank >= 1" in the main search). A hand is played under each; some rule the wide search returns must behave as the planted
// one on nearly every state of legal play, and none the narrow search
// returns may.
func TestLookBackPoolReachesPastTheMainPool(t *testing.T) {
	wide := wideTest
	narrow := wide
	narrow.ArithBits, narrow.Guarded = 0, false
	cases := []struct{ name, rule string }{
		{"a bigger jump from two back than the last", `prev2 == nil ? true : abs(card.rank - prev2.rank) >= abs(prev.rank - prev2.rank)`},
		{"the last two's sum picks the colour", `prev2 == nil ? true : (prev.rank + prev2.rank > 13 ? card.color == "red" : card.color == "black")`},
		{"a face card, or no common factor with the last card", `card.face or none(2..13, card.rank % # == 0 and prev.rank % # == 0)`},
	}
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	if !longtest.On() {
		cases = cases[:1] // the others with ELEUSIS_LONG_TESTS=1
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			best := func(cfg SynthConfig) (float64, string) {
				rng := rand.New(rand.NewPCG(uint64(i), 31))
				p, j := playedHand(t, rng, tc.rule, 240)
				found, _ := Synthesize(p, cfg)
				top, expr := 0.0, ""
				for _, f := range found {
					if a := agreement(t, rng, f.Node, j); a > top {
						top, expr = a, f.Node.Expr()
					}
				}
				return top, expr
			}
			if a, expr := best(wide); a < 0.99 {
				t.Errorf("wide: the best rule found, %s, agrees on %.3f of the states of legal play", expr, a)
			}
			if a, expr := best(narrow); a >= 0.99 {
				t.Errorf("narrow: %s agrees on %.3f: the case does not need the wider search", expr, a)
			}
		})
	}
}

// A run is an atom of the look-back pool: "never three in a row going
// the same way" is 6 bits (the run either way, negated, under its guard),
// where the same rule written with two comparisons of neighbours joined
// twice is more than 20; and "higher, unless the last three rose" (9 bits)
// reads a run that ends at the last card as a condition.
func TestRunsAreAtomsOfTheLookBackPool(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	wide := wideTest
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"never three in a row going the same way", `prev2 == nil ? true : not ((prev2.rank < prev.rank and prev.rank < card.rank) or (prev2.rank > prev.rank and prev.rank > card.rank))`, 6},
		{"higher, unless the last three rose", `card.rank > prev.rank or (prev3 != nil and prev3.rank < prev2.rank and prev2.rank < prev.rank)`, 9},
		// A rummy player's: three ranks in sequence, in any order, written
		// without a sort. (With the ace high too, Q K A, one hand seldom
		// tells the two apart: the placement's test has it.)
		{"never three in sequence, in any order", `prev2 == nil or (let r = [prev2.rank, prev.rank, card.rank]; not (len(uniq(r)) == 3 and max(r) - min(r) == 2))`, 8},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 37))
			p, j := playedHand(t, rng, tc.rule, 240)
			found, st := Synthesize(p, wide)
			// One hand holds few runs: the rule is among the rivals
			// returned, not always the shortest.
			bestAmongRivals(t, rng, found, st, j, tc.bits)
		})
	}
}

// The column index gives the look-back atoms that fit a mask exactly as a
// scan of them all does, in the same order, on masks of one point to all.
func TestArithFitsAgreesWithAScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	p, _ := playedHand(t, rng, `prev2 == nil ? true : card.rank > (prev.rank + prev2.rank) % 13`, 120)
	cfg := SynthConfig{PoolBits: 7, TermBits: 9, ArithBits: 11, Keep: 2}
	s := grownPools(p, cfg)
	if len(s.arithAtoms) < 1000 {
		t.Fatalf("only %d look-back atoms", len(s.arithAtoms))
	}
	scan := func(mask []uint64, budget, limit int) []Found {
		var out []Found
		for _, a := range s.arithAtoms {
			if a.Bits > budget || len(out) >= limit {
				break
			}
			if s.agrees(a.B, mask) {
				out = append(out, Found{a.Node, a.Bits})
			}
		}
		return out
	}
	nonEmpty := 0
	for trial := range 400 {
		mask := make([]uint64, s.words)
		k := 1 + rng.IntN(1+trial%40) // from one point to many
		for range k {
			i := rng.IntN(p.Points.Len())
			mask[i/64] |= 1 << (i % 64)
		}
		budget, limit := 8+rng.IntN(8), 1+rng.IntN(40)
		got, want := s.arithFits(mask, budget, limit), scan(mask, budget, limit)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d atoms fit, a scan finds %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i].Node != want[i].Node {
				t.Fatalf("trial %d: atom %d is %s, a scan's %s", trial, i, got[i].Node.Expr(), want[i].Node.Expr())
			}
		}
		if len(got) > 0 {
			nonEmpty++
		}
	}
	if nonEmpty < 50 {
		t.Errorf("only %d of 400 masks had an atom that fits: the test says little", nonEmpty)
	}
}

// The comparisons of two terms kept by one pass with an early stop are
// those that building each comparison's vector over every point keeps,
// guarded as the short lines' points say, in the same order.
func TestComparisonsAgreeWithTheirVectors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	p, _ := playedHand(t, rng, `prev2 == nil ? true : abs(card.rank - prev2.rank) >= abs(prev.rank - prev2.rank)`, 160)
	cfg := SynthConfig{PoolBits: 7, TermBits: 8, ArithBits: 9, Keep: 2}
	s := grownPools(p, cfg)
	byVectors := func(a, b *Class, mask []uint64) []string {
		var out []string
		d := max(int(a.depth), int(b.depth))
		for op := range numCmps {
			v := make([]uint64, s.words)
			cmpVec(op, a.I, b.I, v)
			n := &Node{P: PCmp, Op: op, Kids: []*Node{a.Node, b.Node}}
			if d >= 2 {
				short := p.Points.short[d]
				sm := s.and(mask, short)
				if !s.agrees(v, s.andNot(mask, short)) {
					continue
				}
				switch {
				case allOf(p.Want, sm):
					n = &Node{P: PGuard, Slot: guardSlot[d], Op: Eq, Kids: []*Node{n}}
				case noneOf(p.Want, sm):
					n = &Node{P: PGuard, Slot: guardSlot[d], Op: Ne, Kids: []*Node{n}}
				default:
					continue
				}
			} else if !s.agrees(v, mask) {
				continue
			}
			out = append(out, n.Expr())
		}
		return out
	}
	kept, deep := 0, 0
	for trial := range 3000 {
		mask := make([]uint64, s.words)
		for range 1 + rng.IntN(1+trial%30) { // from one point to many
			i := rng.IntN(p.Points.Len())
			mask[i/64] |= 1 << (i % 64)
		}
		a, b := s.ints[rng.IntN(len(s.ints))], s.ints[rng.IntN(len(s.ints))]
		var got []string
		for _, f := range s.comparisons(a, b, s.cmpGuards(mask), nil) {
			got = append(got, f.Node.Expr())
		}
		if want := byVectors(a, b, mask); !slices.Equal(got, want) {
			t.Fatalf("trial %d: %s against %s: kept %q, by their vectors %q", trial, a.Node.Expr(), b.Node.Expr(), got, want)
		}
		kept += len(got)
		if len(got) > 0 && max(a.depth, b.depth) >= 2 {
			deep++
		}
	}
	if kept < 300 || deep < 30 {
		t.Errorf("%d comparisons kept, %d under a guard: the test says little", kept, deep)
	}
}

// grownPools is a synthesis of p with both pools grown and laid out (the
// main pool to cfg.TermBits, the look-back pool to cfg.ArithBits), ready
// for its searches to be called one by one.
func grownPools(p Problem, cfg SynthConfig) *synth {
	s := &synth{p: p, cfg: cfg, memo: map[string][]Found{}, words: p.Points.Words()}
	s.e = NewEnumerator(p.Points)
	s.e.Connectives, s.e.Keep, s.e.MaxBool, s.e.Leaf = false, cfg.Keep, cfg.PoolBits, mainLeaf
	s.e.Grow(cfg.TermBits)
	s.poolBits = cfg.TermBits
	s.index()
	s.growArith()
	return s
}

// A programmer's rules: the ranks' binary digits, through bitxor (the
// look-back pool's only).
func TestXorIsALookBackTerm(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"one binary digit apart (a Gray code)", `let x = bitxor(card.rank, prev.rank); x == 1 or x == 2 or x == 4 or x == 8`, 21},
		{"never the Nim sum of the last two", `prev2 == nil or card.rank != bitxor(prev2.rank, prev.rank)`, 11},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 43))
			p, j := playedHand(t, rng, tc.rule, 240)
			cfg := wideTest
			cfg.Sets = true // a term in a set of numbers: "bitxor(…) in [1, 2, 4, 8]"
			found, st := Synthesize(p, cfg)
			bestAmongRivals(t, rng, found, st, j, tc.bits)
		})
	}
}

// The long windows: "not a rank of the last eight cards", from a played
// hand (the main pool's windows stop at six).
func TestLongWindowsAreLookBackTerms(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rule := `none(line[-8:], .rank == card.rank)`
	// (Without the long windows: nothing as short; checked by hand.)
	rng := rand.New(rand.NewPCG(3, 47))
	p, j := playedHand(t, rng, rule, 240)
	found, st := Synthesize(p, wideTest)
	shortestAgrees(t, rng, found, st, j, 11)
}
