package agents

import (
	"fmt"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// BenchmarkStrategies: one New Eleusis hand of 4 players of one strategy, by
// space size (go test ./agents -run XXX -bench Strategies). hands/s per core
// = 1e9 / ns/op.
func BenchmarkStrategies(b *testing.B) {
	k := NewKit()
	opts, _ := sim.Preset("new-eleusis")
	r := rule(b, `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`)
	for _, tc := range []struct {
		name  string
		sizes []int
	}{
		{"random", []int{0}},
		{"oracle", []int{0}},
		{"bounded-human", []int{0}},
		{"positive-tester", []int{30_000, 100_000}},
		{"bayes-greedy", []int{30_000, 100_000}},
		{"bayes-eig", []int{10_000, 30_000, 100_000}},
	} {
		for _, size := range tc.sizes {
			text, label := tc.name, tc.name
			if size > 0 {
				text = fmt.Sprintf("%s(size=%d)", tc.name, size)
				label = fmt.Sprintf("%s/size=%d", tc.name, size)
			}
			s := spec(b, text)
			lineup := []Spec{s, s, s, s}
			if _, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: lineup, Seed: 0}); err != nil {
				b.Fatal(err) // builds the space outside the timing
			}
			b.Run(label, func(b *testing.B) {
				for i := 0; b.Loop(); i++ {
					if _, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: lineup, Seed: uint64(i)}); err != nil {
						b.Fatal(err)
					}
				}
				if size > 0 {
					sp, _ := k.Space(size)
					b.ReportMetric(float64(sp.Stats.IndexBytes)/(1<<20), "index-MiB")
				}
			})
		}
	}
}
