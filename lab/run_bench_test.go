package lab

import (
	"context"
	"testing"
)

// BenchmarkLabRandom: the lab's cost per hand around the engine, with four
// random players and no discovery measures (go test ./lab -bench Lab).
func BenchmarkLabRandom(b *testing.B) {
	p := &Plan{Seed: 1, Rules: []string{"black-high-red-low"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 1000, NoDiscovery: true}
	l := NewLab()
	for b.Loop() {
		if _, err := l.Run(context.Background(), p, RunOptions{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*p.Hands), "ns/hand")
}
