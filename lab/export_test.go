package lab

import (
	"context"
	"os"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
)

// Helpers for the lab's tests, internal and external (lab_test), in the
// manner of net/http's export_test.go.

// A small plan: two rules, two line-ups, 6 hands each, small spaces.
func SmallPlan() *Plan {
	return &Plan{Seed: 42, Rules: []string{"black-high-red-low", "same-suit"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{
			{"bayes-eig(size=3000)", "positive-tester(size=3000)", "random", "bounded-human(k=5)"},
			{"random", "bayes-greedy(size=3000)", "falsifier(size=3000)", "oracle"},
		}, Hands: 6, Moves: true}
}

func NewLab() *Lab { return &Lab{Bank: rulebank.Default(), Kit: testkit.Kit()} }

func RunTo(t *testing.T, p *Plan, ro RunOptions) []HandRecord {
	t.Helper()
	recs, err := NewLab().Run(context.Background(), p, ro)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func Read(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// MergeTo merges shard folders into out.
func MergeTo(dirs []string, out string) error {
	s, err := OpenShards(dirs)
	if err != nil {
		return err
	}
	return s.Merge(MergeOptions{Out: out})
}

// TinyPlan: random players, no discovery measures: a few milliseconds.
func TinyPlan() *Plan {
	return &Plan{Seed: 7, Rules: []string{"same-suit", "black-high-red-low"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 4, NoDiscovery: true}
}
