package hypotheses

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/sim"
)

// BenchmarkBuild builds a space of 30,000 behaviours (the default 100,000
// takes about 1.5 s; go test ./hypotheses -run XXX -bench Build).
func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		if _, err := Build(Config{Size: 30_000}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstVerdict: one verdict on a fresh belief (every word live) and
// the exact predictive probabilities of a 14-card hand, by space size.
func BenchmarkFirstVerdict(b *testing.B) {
	hand, _ := sim.ParseCards("2C 3D 4H 5S 6C 7D 8H 9S 10C JD QH KS AC 2D")
	cards := make([]uint8, len(hand))
	for i, c := range hand {
		cards[i] = uint8(c)
	}
	out := make([]float64, len(cards))
	line, _ := sim.ParseCards("5H")
	s := stateOf(line)
	for _, size := range []int{20_000, DefaultSize} {
		sp := small()
		if size == DefaultSize {
			sp = Default()
		}
		b.Run(fmt.Sprintf("observe/size=%d", size), func(b *testing.B) {
			for b.Loop() {
				bl := sp.NewBelief(0)
				bl.observe([]lit{{s: s, c: cards[0]}}, true)
			}
		})
		b.Run(fmt.Sprintf("predict-exact/size=%d", size), func(b *testing.B) {
			bl := sp.NewBelief(0)
			bl.Exact()
			for b.Loop() {
				bl.predict(s, nil, cards, out)
			}
		})
		b.Run(fmt.Sprintf("predict-sample/size=%d", size), func(b *testing.B) {
			bl := sp.NewBelief(0)
			for b.Loop() {
				bl.predict(s, nil, cards, out)
			}
		})
	}
}

// BenchmarkLocal: God's local class for a hand's opening in the default
// space — the reachable states (a search per opening) and the class — for a
// rule of look-back 1, one of look-back 2 and one that reads n (sampled).
// Each iteration takes a new opening, so the chart's and space's caches fill
// as they do in a run (go test ./hypotheses -run XXX -bench Local).
func BenchmarkLocal(b *testing.B) {
	sp := Default()
	for _, tc := range []struct{ name, expr string }{
		{"lookback1", `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`},
		{"lookback2", `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`},
		{"n-sampled", `n % 2 == 1 ? card.suit == prev.suit : card.suit != prev.suit`},
	} {
		c := compile(b, tc.expr)
		b.Run(tc.name, func(b *testing.B) {
			tr, err := sp.Classify(c, godrule.DefaultConfig)
			if err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				if _, err := tr.Local([]sim.Card{sim.Card(i % 52)}); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkConfidence: the posterior of the best rule's local class at the
// end of a hand of 20 random verdicts (what bench measures per belief).
func BenchmarkConfidence(b *testing.B) {
	sp := Default()
	c := compile(b, `card.suit == prev.suit or card.rank > prev.rank`)
	tr, err := sp.Classify(c, godrule.DefaultConfig)
	if err != nil {
		b.Fatal(err)
	}
	rec := NewRecord(sp.NewBelief(0))
	rec.Discovery = NewDiscovery(tr)
	opening, _ := sim.ParseCards("7H")
	rec.Start(opening, nil)
	playRandom(c.NewJudge(), opening, 20, rand.New(rand.NewPCG(1, 2)), rec)
	best, _ := rec.MAP()
	for b.Loop() {
		rec.ProbAgreeing(rec.Discovery.Local.Agreeing(best).Visited(rec.line))
	}
}

// BenchmarkBuildDefault builds the default space (the grammar, its
// enumeration and the index): the issue asks for ≤ 3 s.
func BenchmarkBuildDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Build(Config{Size: DefaultSize}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenHand: what synthesis adds to a hand (go test ./hypotheses
// -run XXX -bench OpenHand). A belief over the default space follows 40
// verdicts of a rule outside the index (a running total mod 3), with and
// without the open part (the default budget, DefaultOpen); the difference
// of ns/op is the extra cost of a hand that needs synthesis on one core.
func BenchmarkOpenHand(b *testing.B) {
	sp := Default()
	rule := compile(b, `(sum(map(line, .rank)) + card.rank) % 3 != 0`)
	for _, open := range []bool{false, true} {
		b.Run(fmt.Sprintf("open=%v", open), func(b *testing.B) {
			found := 0
			for i := 0; b.Loop(); i++ {
				bl := sp.NewBelief(0)
				if open {
					bl.Open(DefaultOpen, nil)
				}
				r := NewRecord(bl)
				playOpen(b, r, rule, rand.New(rand.NewPCG(uint64(i), 7)), 40)
				found += bl.OpenCount()
			}
			b.ReportMetric(float64(found)/float64(b.N), "synthesized/hand")
		})
	}
}
