package hypotheses

import (
	"fmt"
	"testing"

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
				bl.predict(s, cards, out)
			}
		})
		b.Run(fmt.Sprintf("predict-sample/size=%d", size), func(b *testing.B) {
			bl := sp.NewBelief(0)
			for b.Loop() {
				bl.predict(s, cards, out)
			}
		})
	}
}
