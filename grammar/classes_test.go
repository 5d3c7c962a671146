package grammar

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// Two cards' classes read off the points, by hand: each accepted point
// puts its two values in one class, each refused one in the two.
func TestTwoClassesByHand(t *testing.T) {
	cases := []struct {
		name   string
		xs, ys []int32
		want   uint64 // bit i: point i accepted
		differ bool
		set    uint64
		ok     bool
	}{
		{"points after points, plain after plain: {1, 3} against {2, 4}",
			[]int32{1, 2, 1, 3, 2}, []int32{3, 4, 2, 4, 3}, 0b00011, false, 1<<1 | 1<<3, true},
		{"the same points with != : one class each way",
			[]int32{1, 2, 1, 3, 2}, []int32{3, 4, 2, 4, 3}, 0b11100, true, 1<<1 | 1<<3, true},
		{"a value refused after itself: no two classes say it",
			[]int32{5, 5}, []int32{5, 6}, 0b10, false, 0, false},
		{"an odd cycle of refusals: no two classes",
			[]int32{1, 2, 3}, []int32{2, 3, 1}, 0, false, 0, false},
		{"every point accepted: one class, nothing to name",
			[]int32{1, 2}, []int32{2, 3}, 0b11, false, 0, false},
		{"two parts of the graph: each its shorter side",
			[]int32{1, 7, 9}, []int32{2, 8, 10}, 0, false, 1<<1 | 1<<7 | 1<<9, true},
		{"a value beyond the sets' numbers",
			[]int32{1, 70}, []int32{2, 3}, 0b01, false, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mask := []uint64{1<<len(tc.xs) - 1}
			set, ok := twoClasses(tc.xs, tc.ys, mask, []uint64{tc.want}, tc.differ)
			if ok != tc.ok || set != tc.set {
				t.Errorf("twoClasses = %b, %v; want %b, %v", set, ok, tc.set, tc.ok)
			}
		})
	}
}

// twoClasses agrees with brute force: on random points over eight values
// it finds a set exactly when one of the 256 sets gives every point its
// verdict, and the set it finds does.
func TestTwoClassesAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 31))
	fits := func(set uint64, xs, ys []int32, want uint64, differ bool) bool {
		for i := range xs {
			same := (set>>xs[i]&1 == 1) == (set>>ys[i]&1 == 1)
			if same != differ != (want>>i&1 == 1) {
				return false
			}
		}
		return true
	}
	found := 0
	for range 3000 {
		n := 1 + rng.IntN(12)
		xs, ys := make([]int32, n), make([]int32, n)
		var want uint64
		planted := rng.Uint64() & 0xff
		differ := rng.IntN(2) == 0
		for i := range n {
			xs[i], ys[i] = int32(rng.IntN(8)), int32(rng.IntN(8))
			same := (planted>>xs[i]&1 == 1) == (planted>>ys[i]&1 == 1)
			if same != differ {
				want |= 1 << i
			}
			if rng.IntN(8) == 0 {
				want ^= 1 << i // noise: often no set fits
			}
		}
		any := false
		for set := uint64(1); set < 0xff; set++ {
			if fits(set, xs, ys, want, differ) {
				any = true
				break
			}
		}
		set, ok := twoClasses(xs, ys, []uint64{1<<n - 1}, []uint64{want}, differ)
		switch {
		case ok && !fits(set, xs, ys, want, differ):
			t.Fatalf("%v %v want %b differ %v: set %b does not fit", xs, ys, want, differ, set)
		case ok && bits.OnesCount64(set) == 0:
			t.Fatalf("an empty set")
		case !ok && any && !fits(0, xs, ys, want, differ):
			t.Fatalf("%v %v want %b differ %v: a set fits, none found", xs, ys, want, differ)
		}
		if ok {
			found++
		}
	}
	if found < 300 {
		t.Errorf("only %d of 3000 problems had a set: the check is weak", found)
	}
}

// A rule of two cards' classes that no range says — "a point card of
// Briscola (ace, three, king, queen, jack) after a plain one, a plain one
// after a point card" — is found from played hands with Classes as the
// classes' rule, and nothing as short without (wideTest has Sets).
func TestSameClassesFindPointCardsTakingTurns(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"point and plain cards take turns", `(card.rank in [1, 3, 11, 12, 13]) != (prev.rank in [1, 3, 11, 12, 13])`, 17},
		{"a round rank after a round rank", `(card.rank in [2, 5, 8, 11]) == (prev.rank in [2, 5, 8, 11])`, 17},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+9, 41))
			p, j := playedHands(t, rng, tc.rule, 12, 20)
			onlyWith(t, rng, p, j, tc.bits, "classes", func(c *SynthConfig) { c.Classes = true })
		})
	}
}

// A partition of the ranks read off the points, by hand.
func TestPartitionByHand(t *testing.T) {
	// The letters of the ranks' names: three (ace, two, six, ten), four
	// (four, five, nine, jack, king), five (three, seven, eight, queen);
	// every pair of ranks judged.
	letters := [14]int32{0, 3, 3, 5, 4, 4, 3, 5, 5, 4, 3, 4, 5, 4}
	var xs, ys []int32
	want := make([]uint64, 3)
	for x := int32(1); x <= 13; x++ {
		for y := int32(1); y <= 13; y++ {
			if letters[x] != letters[y] {
				want[len(xs)/64] |= 1 << (len(xs) % 64)
			}
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	mask := []uint64{^uint64(0), ^uint64(0), 1<<(len(xs)-128) - 1}
	k, ok := partition(xs, ys, mask, want, true)
	if !ok {
		t.Fatal("no partition found")
	}
	n := &Node{P: PSamePart, Op: Ne, K: k, Slot: SlotPrev, Slot2: SlotCard}
	if got, want := n.Expr(), "[0, 0, 0, 1, 2, 2, 0, 1, 1, 2, 0, 2, 1, 2][prev.rank] != [0, 0, 0, 1, 2, 2, 0, 1, 1, 2, 0, 2, 1, 2][card.rank]"; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if got := partClasses(k); got != 3 {
		t.Errorf("%d classes, want 3", got)
	}
	// Two classes, every rank shown: a set says it, not a partition.
	parity := make([]uint64, 3)
	for i := range xs {
		if xs[i]%2 == ys[i]%2 {
			parity[i/64] |= 1 << (i % 64)
		}
	}
	if _, ok := partition(xs, ys, mask, parity, false); ok {
		t.Error("a partition of two classes")
	}
	// A pair apart in one class: none.
	if _, ok := partition([]int32{1, 2, 1}, []int32{2, 3, 3}, []uint64{0b111}, []uint64{0b011}, false); ok {
		t.Error("a partition that joins a refused pair")
	}
}

// partitionBits is the logarithm of the Stirling numbers of the second
// kind S(13, k), by hand for k = 2 (2^12 − 1 = 4,095: 12 bits) and
// k = 3 ((3^13 − 3·2^13 + 3) / 6 = 261,625: 18 bits), and the classes'
// number; runs and sets cost less.
func TestClassesBits(t *testing.T) {
	if got, want := partitionBits[2], 12+ConstBits(2); got != want {
		t.Errorf("two classes: %d bits, want %d", got, want)
	}
	if got, want := partitionBits[3], 18+ConstBits(3); got != want {
		t.Errorf("three classes: %d bits, want %d", got, want)
	}
	// The quarters of the ranks (to 3, to 6, to 10, to the king): runs,
	// one of C(12, 3) = 220 ways to cut the ranks in four (8 bits).
	quarters := 0
	for r, c := range []int{0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3} {
		quarters |= c << (partBits * r)
	}
	if got, want := partitionCost(quarters), 8+ConstBits(4); got != want {
		t.Errorf("the quarters: %d bits, want %d", got, want)
	}
	// Two cards' classes of a set of ranks: the set's numbers, or one of
	// the 4,095 splits of the ranks (12 bits), whichever is shorter.
	in := func(set int) int {
		return (&Node{P: PSameIn, K: set, Kids: []*Node{{P: PRank, Slot: SlotPrev}, {P: PRank}}}).Bits()
	}
	if got, want := in(1<<1|1<<13), 3+3+4+2; got != want {
		t.Errorf("aces and kings: %d bits, want %d", got, want)
	}
	if got, want := in(1<<1|1<<3|1<<11|1<<12|1<<13), 3+12+2; got != want {
		t.Errorf("Briscola's point cards: %d bits, want %d", got, want)
	}
}

// partition agrees with brute force on small problems over the ranks 1 to
// 4: whenever a partition of them with two classes or more among the
// ranks the points show gives every point its verdict, one is found (the
// ranks not shown are a third), and what is found does.
func TestPartitionAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	fits := func(class [5]int32, xs, ys []int32, want uint64, differ bool) bool {
		for i := range xs {
			if (class[xs[i]] == class[ys[i]]) != differ != (want>>i&1 == 1) {
				return false
			}
		}
		return true
	}
	// Every assignment of the ranks 1 … 4 to classes 0 … 3.
	var all [][5]int32
	for code := range 256 {
		var c [5]int32
		for r := 1; r <= 4; r++ {
			c[r] = int32(code >> (2 * (r - 1)) & 3)
		}
		all = append(all, c)
	}
	found := 0
	for range 2000 {
		n := 1 + rng.IntN(10)
		xs, ys := make([]int32, n), make([]int32, n)
		var want uint64
		differ := rng.IntN(2) == 0
		planted := all[rng.IntN(len(all))]
		for i := range n {
			xs[i], ys[i] = int32(1+rng.IntN(4)), int32(1+rng.IntN(4))
			if (planted[xs[i]] == planted[ys[i]]) != differ {
				want |= 1 << i
			}
			if rng.IntN(6) == 0 {
				want ^= 1 << i
			}
		}
		k, ok := partition(xs, ys, []uint64{1<<n - 1}, []uint64{want}, differ)
		if ok {
			found++
			var class [5]int32
			for r := range int32(5) {
				class[r] = partOf(k, r)
			}
			if !fits(class, xs, ys, want, differ) {
				t.Fatalf("%v %v want %b differ %v: partition %v does not fit", xs, ys, want, differ, class)
			}
			continue
		}
		for _, c := range all {
			if fits(c, xs, ys, want, differ) && seenClasses(c, xs, ys) >= 2 {
				t.Fatalf("%v %v want %b differ %v: %v fits, none found", xs, ys, want, differ, c)
			}
		}
	}
	if found < 200 {
		t.Errorf("only %d of 2000 problems had a partition: the check is weak", found)
	}
}

// seenClasses is the number of classes of c among the ranks the points
// show (the ranks they do not, 5 to 13 among them, are one more class of
// partition's: two seen classes make three).
func seenClasses(c [5]int32, xs, ys []int32) int {
	seen := map[int32]bool{}
	for i := range xs {
		seen[c[xs[i]]], seen[c[ys[i]]] = true, true
	}
	return len(seen)
}

// Two cards' classes of suits are written with the suits' names, and
// evaluate as expr reads that text (the fuzz test draws suits rarely).
func TestSameClassOfSuitsByName(t *testing.T) {
	n := &Node{P: PSameIn, Op: Ne, K: 1<<0 | 1<<1, Kids: []*Node{{P: PSuitNo, Slot: SlotPrev}, {P: PSuitNo}}}
	if got, want := n.Expr(), `(prev.suit in ["spades", "hearts"]) != (card.suit in ["spades", "hearts"])`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for _, op := range []Op{Eq, Ne} {
		for set := 1; set < 15; set++ {
			agreesWithExpr(t, rng, &Node{P: PSameIn, Op: op, K: set, Kids: []*Node{{P: PSuitNo, Slot: SlotPrev}, {P: PSuitNo}}}, 20)
		}
	}
}
