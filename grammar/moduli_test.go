package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResidueAtoms holds residueAtoms to hand-worked values: running
// totals refused where they are 17 round 20, a term too small to go
// round a modulus past 13 twice, and the card against the running total
// (a term that may be negative) refused where it is one more round 13.
func TestResidueAtoms(t *testing.T) {
	sum := &Node{P: PSum}
	less := &Node{P: PArith, Op: Sub, Kids: []*Node{{P: PRank, Slot: SlotCard}, sum}}
	cases := []struct {
		name   string
		term   *Node
		vals   []int32
		yes    []bool
		lo, hi int32
		from   int32
		want   []string // the atoms' texts, in the order made
	}{
		{"17 round 20 refused", sum, []int32{37, 40, 57, 12, 77, 60, 19}, []bool{false, true, false, true, false, true, true}, 0, 400, 14,
			[]string{"sum(map(line, .rank)) % 20 != 17"}},
		// The refused 6 and 20 are both 6 round 14, as well: no other
		// modulus past 13 divides their difference.
		{"the accepted all 5 round 14, the refused 6", sum, []int32{5, 19, 33, 6, 20, 47}, []bool{true, true, true, false, false, true}, 0, 100, 14,
			[]string{"sum(map(line, .rank)) % 14 == 5", "sum(map(line, .rank)) % 14 != 6"}},
		{"a term that stays under twice 14", sum, []int32{3, 17, 20}, []bool{true, false, true}, 0, 27, 14, nil},
		{"one verdict only", sum, []int32{3, 17, 20}, []bool{true, true, true}, 0, 400, 14, nil},
		// card.rank - sum: -12, 1 and -25 are 1 round 13 (refused); 3, -5,
		// -30 are not; -12 % 13 is -12 in expr, so the atom subtracts 1
		// first. (By 2, 3, 4 and 6 the refused differ too; by 12 -12 and
		// -25 do, 1 and -12 by 13 only of the moduli to 13.)
		{"one more than the total round 13 refused", less, []int32{-12, 3, 1, -5, -25, -30}, []bool{false, true, false, true, false, true}, -1092, 12, 2,
			[]string{"(card.rank - sum(map(line, .rank)) - 1) % 13 != 0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mask := make([]uint64, 1)
			want := make([]uint64, 1)
			for i, y := range tc.yes {
				mask[0] |= 1 << i
				if y {
					want[0] |= 1 << i
				}
			}
			var got []string
			residueAtoms(tc.term, tc.vals, tc.lo, tc.hi, tc.from, mask, want, func(n *Node) { got = append(got, n.Expr()) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// The synthesizer finds a remainder past 13 from played hands: the
// running total counted round 20 never 17.
func TestSynthesizerFindsAResiduePast13(t *testing.T) {
	if testing.Short() {
		t.Skip("a synthesizer search: seconds; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 43))
	p, j := playedHands(t, rng, `(sum(line, .rank) + card.rank) % 20 != 17`, 12, 20)
	found, st := Synthesize(p, wideTest)
	shortestAgrees(t, rng, found, st, j, 20)
}

// The card against the running total, a term that may be negative,
// counted round 13 with an offset: "the total, counted round 13 from the
// ace, names the one value you may not play" (the forty-eighth fresh set).
func TestSynthesizerFindsTheCardOneMoreThanTheTotalRound13(t *testing.T) {
	if testing.Short() {
		t.Skip("a synthesizer search: seconds; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 44))
	p, j := playedHands(t, rng, `card.rank != sum(line, .rank) % 13 + 1`, 12, 20)
	found, st := Synthesize(p, wideTest)
	shortestAgrees(t, rng, found, st, j, 20)
}

// TestResidueBounds: running totals whose remainder by 9 is 4 or less
// accepted, 5 or more refused, give "% 9 <= 4"; every bound offered
// parts the points as it says, and none is offered where no bound does.
func TestResidueBounds(t *testing.T) {
	term := &Node{P: PSum}
	cases := []struct {
		name string
		vals []int32
		yes  []bool
		want string // among the atoms ("" none at all)
	}{
		{"4 or less round 9", []int32{2, 13, 23, 35, 30, 16, 45, 50}, []bool{true, true, false, false, true, false, true, false}, "sum(map(line, .rank)) % 9 <= 4"},
		{"5 or more round 9", []int32{2, 13, 23, 35, 30, 16, 45, 50}, []bool{false, false, true, true, false, true, false, true}, "sum(map(line, .rank)) % 9 >= 5"},
		{"one verdict only", []int32{2, 13, 23}, []bool{true, true, true}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mask, want := []uint64{0}, []uint64{0}
			for i, y := range tc.yes {
				mask[0] |= 1 << i
				if y {
					want[0] |= 1 << i
				}
			}
			var got []string
			residueBounds(term, tc.vals, 400, mask, want, func(n *Node) { // t % k op r
				got = append(got, n.Expr())
				k, r := int32(n.Kids[0].K), int32(n.Kids[1].K)
				for i, x := range tc.vals {
					if (n.Op == Le && (x%k <= r) != tc.yes[i]) || (n.Op == Ge && (x%k >= r) != tc.yes[i]) {
						t.Errorf("%s is wrong at %d", n.Expr(), x)
					}
				}
			})
			if tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Contains(got, tc.want) {
				t.Errorf("got %q, want %q among them", got, tc.want)
			}
		})
	}
}

// The parity of a remainder by an odd number, which no term's parity
// says: "add the card and the last card, take the remainder by 13: it
// must be odd" (the forty-ninth fresh set's tea blender, with three
// cards). Found top down: 14 bits (a set of six remainders, 22, before).
func TestSynthesizerFindsTheParityOfARemainder(t *testing.T) {
	if testing.Short() {
		t.Skip("a synthesizer search: seconds; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 46))
	p, j := playedHands(t, rng, `(card.rank + prev.rank) % 13 % 2 == 1`, 12, 20)
	found, st := Synthesize(p, wideTest)
	shortestAgrees(t, rng, found, st, j, 14)
}
