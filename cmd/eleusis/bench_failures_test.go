package main

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/internal/longtest"
)

// Failing is no way up: an agent that gives up a hand as soon as the facts
// refute its belief ("only red") ranks below its honest twin, which plays
// on believing it, and the run exits non-zero naming it (--max-failures,
// 0.05 by default); the pairs table compares them deal by deal.
func TestBenchGiveUpTwinRanksBelowHonest(t *testing.T) {
	if testing.Short() {
		t.Skip("a bench run of Python agents: seconds; runs without -short")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	script, err := filepath.Abs("testdata/only_red.py")
	if err != nil {
		t.Fatal(err)
	}
	honest := "exec(persistent=true,name=honest):python3 " + script
	giveUp := "exec(persistent=true,name=give-up):python3 " + script + " --give-up"
	args := []string{"bench", "--strategies", giveUp + ";" + honest, "--rules", "only-red,opposite-colour,low-or-red", "--hands", "6", "--seed", "3"}
	dir := t.TempDir()
	_, err = run(t, append(args, "--out", dir)...)
	if err == nil || !strings.Contains(err.Error(), "give-up failed") || !strings.Contains(err.Error(), "--max-failures 0.05") || strings.Contains(err.Error(), "honest") {
		t.Fatalf("the run's error: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	lb := readLeaderboard(t, b)
	if len(lb.Strategies) != 2 || lb.Strategies[0].Strategy != "honest" || lb.Strategies[0].Rank != 1 || lb.Strategies[1].Strategy != "give-up" ||
		lb.Strategies[1].Failed == 0 || lb.Strategies[1].Identified.Est > lb.Strategies[0].Identified.Est {
		t.Fatalf("the leaderboard: %+v", lb.Strategies)
	}
	if len(lb.Pairs) != 1 || lb.Pairs[0].A != "honest" || lb.Pairs[0].Deals != 18 {
		t.Errorf("pairs %+v", lb.Pairs)
	}
	// A run that allows them passes.
	if _, err := run(t, append(args, "--out", t.TempDir(), "--max-failures", "1")...); err != nil {
		t.Errorf("--max-failures 1: %v", err)
	}
}

// The twins of an agent that states its rule after every move, under the
// solo guessing protocol (no floor: the honest one pays for every wrong
// statement) and the public one (floored at 0): one gives up as soon as
// God calls its statement wrong, one stops answering then (a time-out).
// In every design and on every table — discovery, the ideal observer of
// its hands, stating the rule, the mixed scores, the pairs — neither twin
// ranks above the honest one, and the honest one's results at a table a
// twin left are kept.
func TestBenchFailingTwinsNeverRankAbove(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	longtest.Skip(t) // plays agents that time out: over a minute
	script, err := filepath.Abs("testdata/only_red.py")
	if err != nil {
		t.Fatal(err)
	}
	specs := []string{
		"exec(persistent=true,timeout=1,name=give-up):python3 " + script + " --state --give-up",
		"exec(persistent=true,timeout=1,name=stall):python3 " + script + " --state --stall",
		"exec(persistent=true,timeout=1,name=honest):python3 " + script + " --state",
	}
	for _, preset := range []string{"solo-guessing", "solo-public"} {
		t.Run(preset, func(t *testing.T) {
			dir := t.TempDir()
			_, err := run(t, "bench", "--preset", preset, "--design", "solo,homogeneous,mixed", "--seats", "3", "--strategies", strings.Join(specs, ";"),
				"--rules", "only-red,opposite-colour,low-or-red", "--hands", "2", "--seed", "3", "--max-failures", "1", "--out", dir)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "bench.json"))
			if err != nil {
				t.Fatal(err)
			}
			lb := readLeaderboard(t, b)
			pos := map[string]int{} // design/table → strategy → place
			place := func(table string, names []string) {
				for i, n := range names {
					pos[table+"/"+n] = i
				}
				for _, twin := range []string{"give-up", "stall"} {
					if pos[table+"/"+twin] < pos[table+"/honest"] {
						t.Errorf("%s: %s ranks above honest: %v", table, twin, names)
					}
				}
			}
			failed := map[string]int{}
			for _, d := range lb.Designs {
				var names []string
				for _, r := range lb.Strategies {
					if r.Design == d {
						names = append(names, r.Strategy)
						failed[r.Strategy] += r.Failed
					}
				}
				place(string(d), names)
			}
			for _, tb := range []string{"bench-guessing.csv"} {
				rows := readCSV(t, filepath.Join(dir, tb))
				by := map[string][]string{}
				for _, r := range rows[1:] {
					by[r[0]] = append(by[r[0]], r[1])
				}
				for d, names := range by {
					place(tb+"/"+d, names)
				}
			}
			if failed["give-up"] == 0 || failed["stall"] == 0 || failed["honest"] != 0 {
				t.Errorf("failed hands %v: the twins must fail some, the honest one none", failed)
			}
			for _, d := range lb.Designs { // the observer's table, the stating table's score
				var honest bench.StrategyRow
				for _, r := range lb.Strategies {
					if r.Design == d && r.Strategy == "honest" {
						honest = r
					}
				}
				for _, r := range lb.Strategies {
					if r.Design != d || r.Strategy == "honest" {
						continue
					}
					if r.ObserverIdentified.Est > honest.ObserverIdentified.Est {
						t.Errorf("%s %s: observer %v above honest %v", d, r.Strategy, r.ObserverIdentified, honest.ObserverIdentified)
					}
					if r.Guessing != nil && honest.Guessing != nil && r.Guessing.Score.Est > honest.Guessing.Score.Est {
						t.Errorf("%s %s: score %v above honest %v", d, r.Strategy, r.Guessing.Score, honest.Guessing.Score)
					}
				}
			}
			for _, p := range lb.Pairs {
				if p.B == "honest" && p.ScoreDiff.Est > 0 {
					t.Errorf("pair %s − %s in %s: %+v", p.A, p.B, p.Design, p.ScoreDiff)
				}
			}
		})
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
