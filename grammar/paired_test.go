package grammar

import (
	"math/rand/v2"
	"testing"
)

// A condition that tells the verdicts apart no better than chance, picking
// between two atoms that fit every point between them ("after a pair adding
// up to more than 13, a low card; otherwise a high one"): the splits by
// information gain do not reach it within the budget of solves; the paired
// splits look it up from the pair, a threshold between the 12 and the 15
// of the sum's quantiles.
func TestPairedSplitFindsTheConditionBetweenTwoAtoms(t *testing.T) {
	if testing.Short() {
		t.Skip("synthesizer searches: seconds each; runs without -short")
	}
	const rule = `prev2 == nil ? true : (prev.rank + prev2.rank > 13 ? card.rank <= 6 : card.rank >= 8)`
	cfg := wideTest
	best := func(cfg SynthConfig) (Found, float64) {
		rng := rand.New(rand.NewPCG(1, 2))
		p, j := playedHand(t, rng, rule, 240)
		found, _ := Synthesize(p, cfg)
		var b Found
		top := 0.0
		for _, f := range found {
			if a := agreement(t, rng, f.Node, j); a > top {
				b, top = f, a
			}
		}
		return b, top
	}
	if f, a := best(cfg); a >= 0.99 {
		t.Errorf("without paired splits, %s agrees on %.3f: the case does not need them", f.Node, a)
	}
	cfg.Paired = true
	if f, a := best(cfg); a < 0.99 || f.Bits > 25 {
		t.Errorf("with paired splits, the best rule found, %v (%d bits), agrees on %.3f of the states of legal play", f.Node, f.Bits, a)
	}
}

// extentsApart gives extent's answers wherever the values at the two
// masks do not overlap, and says not apart exactly where they do.
func TestExtentsApartAgreeWithExtent(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	apartSeen := 0
	for trial := range 3000 {
		n := rng.IntN(200)
		vals := make([]int32, n)
		for i := range vals {
			vals[i] = rng.Int32N(30) - 5
		}
		yes, no := make([]uint64, (n+63)/64), make([]uint64, (n+63)/64)
		cut := rng.Int32N(30) - 5 // often the masks lie apart
		for i := range n {
			switch r := rng.IntN(8); {
			case r == 0 && (trial%2 == 0 || vals[i] >= cut):
				yes[i/64] |= 1 << (i % 64)
			case r == 1 && (trial%2 == 0 || vals[i] < cut):
				no[i/64] |= 1 << (i % 64)
			}
		}
		yLo, yHi := extent(vals, yes)
		nLo, nHi := extent(vals, no)
		wantApart := yHi < nLo || nHi < yLo
		gyLo, gyHi, gnLo, gnHi, apart := extentsApart(vals, yes, no)
		if apart != wantApart || apart && (gyLo != yLo || gyHi != yHi || gnLo != nLo || gnHi != nHi) {
			t.Fatalf("trial %d: extentsApart = [%d, %d] [%d, %d] %v; extent [%d, %d] [%d, %d] (apart %v)",
				trial, gyLo, gyHi, gnLo, gnHi, apart, yLo, yHi, nLo, nHi, wantApart)
		}
		if apart {
			apartSeen++
		}
	}
	if apartSeen < 100 {
		t.Fatalf("only %d trials apart: the test needs both", apartSeen)
	}
}

// Three cards each 1 to 4 up counting round, then three down (a sheepdog
// trial's fetch and drive, the forty-eighth fresh set): one term of the
// card, the step counted round, in a range on one side of a place's
// condition and past a threshold on the other. Neither side is an atom
// of a pool; termSplits makes them for the points.
func TestSynthesizerTurnsAStepByPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("a synthesizer search: seconds; runs without -short")
	}
	rng := rand.New(rand.NewPCG(11, 45))
	p, j := playedHands(t, rng, `let d = (card.rank - prev.rank + 13) % 13; n % 6 in [1, 2, 3] ? d in 1..4 : d in 9..12`, 12, 20)
	cfg := wideTest
	cfg.Split, cfg.Paired = true, true
	found, st := Synthesize(p, cfg)
	shortestAgrees(t, rng, found, st, j, 41)
}
