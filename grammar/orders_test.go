package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// levelsOf unpacks an order's K into each rank's level (index 0 unused).
func levelsOf(k int) (out [14]int32) {
	for r := range int32(14) {
		out[r] = levelOf(k, r)
	}
	return out
}

// An order of strength read off the points, by hand: each accepted point
// puts the card above the last one (at least as high, with Ge), each
// refused point not.
func TestStrengthOrderByHand(t *testing.T) {
	cases := []struct {
		name    string
		xs, ys  []int32 // the last card's rank, the card's
		want    uint64  // bit i: point i accepted
		atLeast bool
		levels  map[int32]int32 // the ranks the points show (the others at 0)
		ok      bool
	}{
		{"the seven above the king above the jack, the two below all",
			[]int32{13, 11, 2, 7}, []int32{7, 13, 11, 13}, 0b0111, false,
			map[int32]int32{2: 0, 11: 1, 13: 2, 7: 3}, true},
		{"the same points with at least as high: the acceptances tie, two levels",
			[]int32{13, 11, 2, 7}, []int32{7, 13, 11, 13}, 0b0111, true, nil, false},
		{"at least as high: each refusal puts the card below",
			[]int32{13, 11, 2}, []int32{7, 13, 11}, 0b000, true,
			map[int32]int32{7: 0, 13: 1, 11: 2, 2: 3}, true},
		{"a tie: the queen refused after the jack and the jack after the queen",
			[]int32{11, 12, 2, 11}, []int32{12, 11, 11, 1}, 0b1100, false,
			map[int32]int32{2: 0, 11: 1, 12: 1, 1: 2}, true},
		{"a pair judged both ways",
			[]int32{3, 3, 1}, []int32{5, 5, 3}, 0b101, false, nil, false},
		{"a cycle of wins: three above two above one above three",
			[]int32{1, 2, 3}, []int32{2, 3, 1}, 0b111, false, nil, false},
		{"a rank above itself",
			[]int32{4, 4}, []int32{4, 9}, 0b11, false, nil, false},
		{"two levels: a set says it",
			[]int32{2, 3}, []int32{9, 9}, 0b11, false, nil, false},
		{"a rank beyond the ranks",
			[]int32{2, 3, 14}, []int32{9, 10, 2}, 0b11, false, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mask := []uint64{1<<len(tc.xs) - 1}
			k, ok := strengthOrder(tc.xs, tc.ys, mask, []uint64{tc.want}, tc.atLeast)
			if ok != tc.ok {
				t.Fatalf("strengthOrder ok = %v, want %v (levels %v)", ok, tc.ok, levelsOf(k))
			}
			if !ok {
				return
			}
			got := levelsOf(k)
			for r := int32(1); r <= 13; r++ {
				want := tc.levels[r] // the ranks not shown: 0
				if got[r] != want {
					t.Errorf("rank %d at level %d, want %d (levels %v)", r, got[r], want, got)
				}
			}
		})
	}
}

// strengthOrder agrees with brute force on small problems over the ranks
// 1 to 4: whenever an order of them fits every point, with three levels or
// more at the lowest, one is found; what is found fits, and no rank of it
// is higher than in any order that fits (the lowest levels).
func TestStrengthOrderAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 33))
	fits := func(l [5]int32, xs, ys []int32, want uint64, atLeast bool) bool {
		for i := range xs {
			above := l[ys[i]] > l[xs[i]]
			if atLeast {
				above = l[ys[i]] >= l[xs[i]]
			}
			if above != (want>>i&1 == 1) {
				return false
			}
		}
		return true
	}
	// Every assignment of the ranks 1 … 4 to the levels 0 … 3 (a longest
	// path among four ranks has three steps).
	var all [][5]int32
	for code := range 256 {
		var l [5]int32
		for r := 1; r <= 4; r++ {
			l[r] = int32(code >> (2 * (r - 1)) & 3)
		}
		all = append(all, l)
	}
	found := 0
	for range 3000 {
		n := 1 + rng.IntN(12)
		xs, ys := make([]int32, n), make([]int32, n)
		var want uint64
		atLeast := rng.IntN(2) == 0
		planted := all[rng.IntN(len(all))]
		for i := range n {
			xs[i], ys[i] = int32(1+rng.IntN(4)), int32(1+rng.IntN(4))
			if fits(planted, xs[i:i+1], ys[i:i+1], 1, atLeast) {
				want |= 1 << i
			}
			if rng.IntN(8) == 0 {
				want ^= 1 << i // noise: some problems have no order
			}
		}
		var lowest []int32 // the least top level of the orders that fit
		var fitting [][5]int32
		for _, l := range all {
			if fits(l, xs, ys, want, atLeast) {
				fitting = append(fitting, l)
				lowest = append(lowest, slices.Max(l[1:]))
			}
		}
		k, ok := strengthOrder(xs, ys, []uint64{1<<n - 1}, []uint64{want}, atLeast)
		if !ok {
			if len(lowest) > 0 && slices.Min(lowest) >= 2 {
				t.Fatalf("%v %v want %b atLeast %v: %v fits, none found", xs, ys, want, atLeast, fitting[0])
			}
			continue
		}
		found++
		got := levelsOf(k)
		var l [5]int32
		copy(l[:], got[:5])
		if !fits(l, xs, ys, want, atLeast) {
			t.Fatalf("%v %v want %b atLeast %v: order %v does not fit", xs, ys, want, atLeast, l)
		}
		for _, f := range fitting {
			for r := 1; r <= 4; r++ {
				if l[r] > f[r] {
					t.Fatalf("%v %v want %b: rank %d at %d, but %v fits with it at %d", xs, ys, want, r, l[r], f, f[r])
				}
			}
		}
	}
	if found < 300 {
		t.Errorf("only %d of 3000 problems had an order: the check is weak", found)
	}
}

// The cost of an order, by hand: k! times the Stirling number S(13, k)
// orders of the 13 ranks in k levels.
func TestOrderBits(t *testing.T) {
	cases := []struct {
		levels, bits int
	}{
		// 13! = 6,227,020,800: 32.54 bits, and 13 named in 4.
		{13, 33 + 4},
		// 3! × S(13, 3) = 6 × 261,625 = 1,569,750: 20.58 bits, and 3.
		{3, 21 + 3},
		// 2! × S(13, 2) = 2 × 4,095 = 8,190: 12.999 bits, and 2.
		{2, 13 + 3},
	}
	for _, tc := range cases {
		if got := orderBits[tc.levels]; got != tc.bits {
			t.Errorf("orderBits[%d] = %d, want %d", tc.levels, got, tc.bits)
		}
	}
	n := &Node{P: PBeats, Op: Gt, K: 1<<(levelBits*7) | 2<<(levelBits*1), Slot: SlotCard, Slot2: SlotPrev}
	if got, want := n.Bits(), 3+orderBits[3]; got != want {
		t.Errorf("%s: %d bits, want %d", n, got, want)
	}
	if got, want := n.Expr(), "[0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0][card.rank] > [0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0][prev.rank]"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// A rule of a game's own order of strength — "at least as high as the
// last card, Sueca's order: ace, seven, king, jack, queen, then six down
// to three; the two, eight, nine and ten lowest" — is found from played
// hands with Orders, and nothing as short without. (Brisca's order, this
// test's first, is among the countings now: found without Orders.)
func TestBeatsFindsAGamesOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rule := `let o = [0, 9, 0, 1, 2, 3, 4, 8, 0, 0, 0, 6, 5, 7]; o[card.rank] >= o[prev.rank]`
	rng := rand.New(rand.NewPCG(17, 71))
	p, j := playedHands(t, rng, rule, 40, 30)
	onlyWith(t, rng, p, j, 3+orderBits[10], "orders", func(c *SynthConfig) { c.Orders = true })
}
