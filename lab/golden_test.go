package lab_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/eleusis/eleusis/internal/golden"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// goldenBank holds the golden runs' rules, so that a change to the default
// bank leaves them alone.
const goldenBank = `rules:
  - name: colours-alternate
    expr: 'card.color != prev.color'
  - name: high-after-black
    expr: 'prev.color == "black" ? card.rank >= 7 : card.rank <= 6'
`

// hands.jsonl of a fixed-seed run is pinned byte for byte
// (testdata/golden/hands-*.jsonl): every move with God's verdict, under a
// Prophet and in Express (statements of the rule), with players whose
// strategies do not learn (the oracle and random players), and no
// discovery measures (they are the beliefs' own, pinned elsewhere).
func TestHandsFileGolden(t *testing.T) {
	bank, err := rulebank.Load([]byte(goldenBank), "golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		preset  string
		options []string
	}{
		{"prophet", "new-eleusis", []string{"prophet=true"}},
		{"express", "express", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &lab.Plan{Seed: 11, Rules: []string{"colours-alternate", "high-after-black"}, Presets: []string{tc.preset},
				Options: tc.options, Lineups: [][]string{{"oracle", "random", "random", "random"}, {"random", "random", "random", "oracle", "random"}},
				Hands: 2, Moves: true, NoDiscovery: true}
			dir := t.TempDir()
			l := &lab.Lab{Bank: bank, Kit: testkit.Kit()}
			if _, err := l.Run(context.Background(), p, lab.RunOptions{Out: dir, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", "hands-"+tc.name+".jsonl"), lab.Read(t, filepath.Join(dir, "hands.jsonl")))
		})
	}
}
