package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/expr-lang/expr"
)

// TestNumberKinds holds each kind's first numbers against a list written
// out by hand, and its text, listed or tested in expr, against its is.
func TestNumberKinds(t *testing.T) {
	first := map[string][]int32{
		"prime":             {2, 3, 5, 7, 11, 13, 17, 19, 23, 29},
		"perfect square":    {1, 4, 9, 16, 25, 36, 49, 64, 81, 100},
		"triangular number": {1, 3, 6, 10, 15, 21, 28, 36, 45, 55},
		"Fibonacci number":  {1, 2, 3, 5, 8, 13, 21, 34, 55, 89},
		"power of two":      {1, 2, 4, 8, 16, 32, 64, 128, 256, 512},
	}
	for k, kind := range numberKinds {
		var got []int32
		for v := int32(-3); len(got) < 10; v++ {
			if kind.Is(int(v)) {
				got = append(got, v)
			}
		}
		if want := first[kind.Name]; !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", kind.Name, got, want)
		}
		for _, hi := range []int{13, listUpTo, 728, maxKindBound} {
			src := kindText(k, text{"v", precPrimary}, hi).s
			prog, err := expr.Compile(src, expr.Env(map[string]any{"v": 0}), expr.AsBool())
			if err != nil {
				t.Fatalf("%s up to %d: %s: %v", kind.Name, hi, src, err)
			}
			for v := 0; v <= hi; v++ {
				out, err := expr.Run(prog, map[string]any{"v": v})
				if err != nil || out.(bool) != kind.Is(v) {
					t.Fatalf("%s up to %d: %s at %d: %v (%v), want %v", kind.Name, hi, src, v, out, err, kind.Is(v))
				}
			}
		}
	}
}

// The synthesizer finds a rule of a kind of number from played hands, at
// the kind's length: the running total never a perfect square, the last
// two adding up to a Fibonacci number; and one of a modulus past 13.
func TestSynthesizerFindsKindsOfNumbers(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"the running total never a perfect square", `let s = sum(line, .rank) + card.rank; none(1..45, # * # == s)`, 13},
		{"the last two adding up to a Fibonacci number", `card.rank + prev.rank in [1, 2, 3, 5, 8, 13, 21]`, 11},
		// Not a kind, a modulus past 13 (threshold.go): the running
		// total counted round the 19 stations of a loop line.
		{"the running total never a multiple of 19", `(sum(line, .rank) + card.rank) % 19 != 0`, 13},
		// Not a kind: the line's average rounded down, as int(sum / n)
		// says it (lineprods.go's PNear).
		{"within 3 of the line's average rounded down", `abs(card.rank - int(sum(line, .rank) / n)) <= 3`, 9},
		// Nor this: a bound on a remainder whose term is past the pool
		// (moduli.go's residueBounds).
		{"the running total leaves 4 or less by 9", `(sum(line, .rank) + card.rank) % 9 <= 4`, 17},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+7, 41))
			p, j := playedHands(t, rng, tc.rule, 12, 20)
			found, st := Synthesize(p, wideTest)
			shortestAgrees(t, rng, found, st, j, tc.bits)
		})
	}
}
