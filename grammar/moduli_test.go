package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestResidueAtoms holds residueAtoms to hand-worked values: running
// totals refused where they are 17 round 20, and a term too small to go
// round a modulus past 13 twice.
func TestResidueAtoms(t *testing.T) {
	term := &Node{P: PSum}
	cases := []struct {
		name string
		vals []int32
		yes  []bool
		hi   int32
		want []string // the atoms' texts, in the order made
	}{
		{"17 round 20 refused", []int32{37, 40, 57, 12, 77, 60, 19}, []bool{false, true, false, true, false, true, true}, 400,
			[]string{"sum(map(line, .rank)) % 20 != 17"}},
		// The refused 6 and 20 are both 6 round 14, as well: no other
		// modulus past 13 divides their difference.
		{"the accepted all 5 round 14, the refused 6", []int32{5, 19, 33, 6, 20, 47}, []bool{true, true, true, false, false, true}, 100,
			[]string{"sum(map(line, .rank)) % 14 == 5", "sum(map(line, .rank)) % 14 != 6"}},
		{"a term that stays under twice 14", []int32{3, 17, 20}, []bool{true, false, true}, 27, nil},
		{"one verdict only", []int32{3, 17, 20}, []bool{true, true, true}, 400, nil},
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
			residueAtoms(term, tc.vals, tc.hi, mask, want, func(n *Node) { got = append(got, n.Expr()) })
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
