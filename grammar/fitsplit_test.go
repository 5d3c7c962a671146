package grammar

import (
	"math/rand/v2"
	"testing"
)

// Rules split on a condition that tells the verdicts apart no better than
// chance, each side a compound of its own: split on the card ("a card of
// the last card's colour goes lower; one of the other colour higher,
// unless it is a face card") and on the line with a dead zone ("after a
// low card go up, after a high one go down, after a middling one anything
// goes"). With FitSplits the synthesizer finds each at its length;
// without, nothing as short behaves as it does.
func TestFitSplitsFindRulesSplitOnAnUninformativeCondition(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	cases := []struct {
		name, rule string
		bits       int
	}{
		{"split on the card", `card.color == prev.color ? card.rank < prev.rank : (card.face or card.rank > prev.rank)`, 16},
		{"split on the line, with a dead zone", `prev.rank <= 5 ? card.rank > prev.rank : (prev.rank >= 9 ? card.rank < prev.rank : true)`, 21},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i)+3, 17))
			p, j := playedHand(t, rng, tc.rule, 240)
			onlyWith(t, rng, p, j, tc.bits, "fit splits", func(c *SynthConfig) { c.FitSplits = true })
		})
	}
}

// A rule split on a condition of six bits, among hundreds as long ("a card
// of the starter's suit goes below it, any other above"): the conditions
// past the shortest are scored first against the shortest atoms, so that
// the one whose sides are each an atom is tried first, before the budget
// of solves is spent on the short conditions.
func TestFitSplitsReachALongerConditionFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 5))
	p, j := playedHands(t, rng, `card.suit == line[0].suit ? card.rank < line[0].rank : card.rank > line[0].rank`, 12, 20)
	cfg := wideTest
	cfg.Guarded, cfg.FitSplits = false, true
	found, st := Synthesize(p, cfg)
	shortestAgrees(t, rng, found, st, j, 22)
}

// The free passes of a rule "a face card, or higher than the last card"
// are atoms no refused point passes, the one that lets the most accepted
// points by first: the face cards (or a wider atom that is never wrong).
func TestFreePassesAreNeverRefused(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	p, _ := playedHand(t, rng, `card.face or card.rank > prev.rank`, 240)
	s := grownPools(p, wideTest)
	s.layout()
	passes, _ := s.freePasses(p.Care)
	if len(passes) == 0 {
		t.Fatal("no free pass")
	}
	pos, neg := s.and(p.Care, p.Want), s.andNot(p.Care, p.Want)
	face := -1
	for i, a := range passes {
		if overlap(a.B, neg) > 0 {
			t.Errorf("%s passes a refused point", a.Node)
		}
		if i > 0 && overlap(a.B, pos) > overlap(passes[i-1].B, pos) {
			t.Errorf("%s lets more by than %s, before it", a.Node, passes[i-1].Node)
		}
		if a.Node.Expr() == "card.face" {
			face = i
		}
	}
	if face < 0 && overlap(passes[0].B, pos) < Ones(s.and(pos, faceMask(s))) {
		t.Errorf("neither card.face nor a wider pass among %v", passes)
	}
}

// faceMask is the points whose card is a face card.
func faceMask(s *synth) []uint64 {
	m := make([]uint64, s.words)
	for i := range s.p.Points.Len() {
		if s.p.Points.Point(i).Card.Face() {
			m[i/64] |= 1 << (i % 64)
		}
	}
	return m
}

// nearestAtoms gives, for each side, the fewest points an atom or its
// opposite misjudges: checked point by point, by brute force.
func TestNearestAtomsByBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for trial := range 300 {
		words, atoms := 1+rng.IntN(4), 1+rng.IntN(40)
		s := &synth{words: words, atoms: make([]*Class, atoms), dis: make([]uint64, words*atoms)}
		for i := range s.dis {
			s.dis[i] = rng.Uint64() & rng.Uint64() // atoms mostly right
		}
		a, b := make([]uint64, words), make([]uint64, words)
		for w := range words {
			a[w] = rng.Uint64()
			b[w] = rng.Uint64() &^ a[w]
		}
		n := 1 + rng.IntN(atoms+3)
		brute := func(side []uint64) int {
			best := Ones(side)
			for i := range min(n, atoms) {
				miss := 0
				for p := range 64 * words {
					if side[p/64]>>(p%64)&1 == 1 && s.dis[i*words+p/64]>>(p%64)&1 == 1 {
						miss++
					}
				}
				best = min(best, miss, Ones(side)-miss)
			}
			return best
		}
		ab := make([]uint64, words)
		for w := range ab {
			ab[w] = a[w] | b[w]
		}
		gotA, gotB := s.nearestAtoms(a, b, n, s.atomMisses(ab))
		if wantA, wantB := brute(a), brute(b); gotA != wantA || gotB != wantB {
			t.Fatalf("trial %d: nearestAtoms = %d, %d; point by point %d, %d", trial, gotA, gotB, wantA, wantB)
		}
	}
}

// A rule of an exception and a split whose condition tells the verdicts
// apart no better than chance, read from the look-back pool ("a jack may
// always be played; otherwise up while the jacks played are even, down
// while they are odd", Uno's reverse card): the jack lets few cards by, so
// it is a short free pass rather than a wide one, and the split under it
// is looked up from its pair of atoms. Without the paired splits under the
// free passes, nothing as short behaves as it does.
func TestPairedSplitsUnderAShortFreePass(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 5))
	rule := `card.rank == 11 or (count(line, .rank == 11) % 2 == 0 ? card.rank > prev.rank : card.rank < prev.rank)`
	p, j := playedHands(t, rng, rule, 12, 20)
	cfg := wideTest
	cfg.Guarded, cfg.FitSplits = false, true
	without, _ := Synthesize(p, cfg)
	cfg.Paired = true
	found, st := Synthesize(p, cfg)
	best := shortestAgrees(t, rng, found, st, j, 25)
	for _, f := range without {
		if f.Bits > best.Bits {
			break
		}
		if a := agreement(t, rng, f.Node, j); a >= 0.99 {
			t.Errorf("without the paired splits, %s (%d bits) is as short and agrees on %.3f", f.Node, f.Bits, a)
		}
	}
}

// A rule of two exceptions and a split (Vri åtter: "an eight always, and
// the same rank; otherwise after an eight a heart, else the suit") is
// found at its length under a pair of free passes, in the placement's wide
// search.
func TestFitSplitsUnderTwoFreePasses(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	rng := rand.New(rand.NewPCG(3, 5))
	rule := `prev.rank == 8 ? (card.suit == "hearts" or card.rank == 8) : (card.rank == 8 or card.suit == prev.suit or card.rank == prev.rank)`
	p, j := playedHands(t, rng, rule, 8, 30)
	// The placement's wide search: with all its options, the solves run
	// out before a single free pass's split reaches it.
	cfg := wideTest
	cfg.Split, cfg.Paired, cfg.FitSplits, cfg.Sets, cfg.Exactly, cfg.Covers, cfg.Classes, cfg.Orders, cfg.CountPairs = true, true, true, true, true, true, true, true, true
	found, st := Synthesize(p, cfg)
	shortestAgrees(t, rng, found, st, j, 25)
}

// The pairs of free passes: each of the two never refused, each letting by
// an accepted point the other does not, the shortest pairs first.
func TestPassPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	p, _ := playedHands(t, rng, `card.rank == 8 or card.rank == prev.rank or card.suit == prev.suit`, 8, 30)
	s := grownPools(p, wideTest)
	s.layout()
	passes, short := s.freePasses(p.Care)
	pairs := s.passPairs(append(passes, short...), p.Care)
	if len(pairs) == 0 {
		t.Fatal("no pair of free passes")
	}
	pos, neg := s.and(p.Care, p.Want), s.andNot(p.Care, p.Want)
	for i, ab := range pairs {
		a, b := ab[0], ab[1]
		if overlap(a.B, neg)+overlap(b.B, neg) > 0 {
			t.Errorf("%s or %s passes a refused point", a.Node, b.Node)
		}
		if overlap(s.andNot(pos, a.B), b.B) == 0 || overlap(s.andNot(pos, b.B), a.B) == 0 {
			t.Errorf("one of %s and %s adds nothing to the other", a.Node, b.Node)
		}
		if i > 0 && a.Bits+b.Bits < pairs[i-1][0].Bits+pairs[i-1][1].Bits {
			t.Errorf("%s or %s is shorter than the pair before it", a.Node, b.Node)
		}
	}
}
