package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/lab"
)

// Every design of a bench run with seeded Python agents in persistent mode
// (one process per seat and worker) gives byte-identical hands and
// summaries at 1 and 2 workers on the same deals (--deals-from); the agent that states its beliefs is
// measured on them, the one that states none is not.
func TestBenchDesignsReproducibleWithPythonAgents(t *testing.T) {
	if testing.Short() {
		t.Skip("every design with Python agents, twice: seconds; runs without -short")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python agents are not tested")
	}
	examples, err := filepath.Abs("../../python/examples")
	if err != nil {
		t.Fatal(err)
	}
	random := "exec(persistent=true):python3 " + filepath.Join(examples, "random_agent.py")
	eliminator := "exec(persistent=true):python3 " + filepath.Join(examples, "eliminator.py")
	first := t.TempDir()
	benchAt := func(workers, dir string, more ...string) (hands, csv, js []byte) {
		args := append([]string{"bench", "--design", "solo,homogeneous,mixed", "--seats", "3", "--option", "min_players=3",
			"--strategies", random + ";" + eliminator + ";bayes-eig(size=3000)", "--rules", "black-high-red-low,opposite-colour",
			"--hands", "2", "--workers", workers, "--seed", "5", "--out", dir}, more...)
		if _, err := run(t, args...); err != nil {
			t.Fatal(err)
		}
		read := func(name string) []byte {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		return read("hands.jsonl"), read("bench.csv"), read("bench.json")
	}
	h1, c1, j1 := benchAt("1", first)
	h2, c2, j2 := benchAt("2", t.TempDir(), "--deals-from", filepath.Join(first, "run.json")) // the same deals
	if strings.Contains(string(h1), `"error"`) {
		t.Fatalf("hands with errors:\n%s", h1)
	}
	if !bytes.Equal(h1, h2) || !bytes.Equal(c1, c2) || !bytes.Equal(j1, j2) {
		t.Fatalf("1 and 2 workers differ: hands %v, bench.csv %v, bench.json %v", bytes.Equal(h1, h2), bytes.Equal(c1, c2), bytes.Equal(j1, j2))
	}
	lb := readLeaderboard(t, j1)
	seen := 0
	for _, r := range lb.Strategies {
		if r.Design == lab.Mixed {
			if r.Seats == 0 {
				t.Errorf("%s has no mixed score", r.Strategy)
			}
			continue
		}
		want := map[string]string{random: "none", eliminator: "stated", "bayes-eig(size=3000)": "own"}[r.Strategy]
		if r.Belief != want || (want != "none") != (r.Measured > 0) || r.Hands != 4 {
			t.Errorf("%s, %s: belief %q measured %d of %d hands, want %q", r.Strategy, r.Design, r.Belief, r.Measured, r.Hands, want)
		}
		seen++
	}
	if seen != 6 || len(lb.Designs) != 3 {
		t.Errorf("%d discovery rows, designs %v", seen, lb.Designs)
	}
}

// A crashing outside agent: no panic, a clean summary that says which
// hands failed and why, the files written, and an error (exit status 1)
// naming the strategy whose every hand failed.
func TestBenchCrashingAgent(t *testing.T) {
	dir := t.TempDir()
	out, err := run(t, "bench", "--design", "solo,mixed", "--strategies", "random;bayes-eig(size=3000);positive-tester(size=3000);negative-tester(size=3000);exec:exit 3",
		"--rules", "same-suit", "--hands", "1", "--out", dir)
	if err == nil || !strings.Contains(err.Error(), "every hand of exec:exit 3 in the solo design failed (1 hands)") ||
		!strings.Contains(err.Error(), "in the mixed design failed (16 hands)") || strings.Contains(err.Error(), "panic") {
		t.Fatalf("error %v", err)
	}
	if exitCode(err, context.Background()) != 1 {
		t.Errorf("exit status %d", exitCode(err, context.Background()))
	}
	for _, want := range []string{"failed seats: 17", "exec:exit 3", "Score, design mixed", "│ random "} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"bench.txt", "bench.csv", "bench.json", "hands.jsonl", "leaderboard.png", "learning.png", "reliability.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("--out lacks %s: %v", f, err)
		}
	}
	// Every other strategy sat at 16 of the 20 mixed tables, 12 of them
	// with the crashing agent (each pair meets once in each pair of seats):
	// the hands went on without it, and their results are kept.
	b, err := os.ReadFile(filepath.Join(dir, "bench.json"))
	if err != nil {
		t.Fatal(err)
	}
	var lb struct{ Strategies []bench.StrategyRow }
	if err := json.Unmarshal(b, &lb); err != nil {
		t.Fatal(err)
	}
	for _, r := range lb.Strategies {
		if r.Design == lab.Mixed && r.Strategy == "random" && (r.Failed != 0 || r.Stopped != 0 || r.Hands != 16 || r.Seats != 16 || r.FirstError != "") {
			t.Errorf("random, mixed: %+v", r)
		}
	}
}

// A strategy's solo and homogeneous figures do not depend on the others it
// is compared with: its hands are its own, on the same seeds.
func TestBenchFiguresIndependentOfLadder(t *testing.T) {
	row := func(strategies string) bench.StrategyRow {
		out, err := run(t, "bench", "--design", "solo,homogeneous", "--strategies", strategies, "--rules", "same-suit,opposite-colour",
			"--hands", "3", "--format", "json")
		if err != nil {
			t.Fatal(err)
		}
		var lb struct{ Strategies []bench.StrategyRow }
		if err := json.Unmarshal([]byte(out), &lb); err != nil {
			t.Fatal(err)
		}
		for _, r := range lb.Strategies {
			if r.Strategy == "bayes-eig(size=3000)" && r.Design == lab.Homogeneous {
				r.Rank = 0
				return r
			}
		}
		t.Fatal("no row")
		return bench.StrategyRow{}
	}
	a, _ := json.Marshal(row("bayes-eig(size=3000),random"))
	b, _ := json.Marshal(row("negative-tester(size=3000),oracle,bayes-eig(size=3000)"))
	if !bytes.Equal(a, b) {
		t.Errorf("the figures changed with the ladder:\n%s\n%s", a, b)
	}
}

// readLeaderboard reads a bench.json's designs, strategies and pairs (the
// plan is not read back).
func readLeaderboard(t *testing.T, data []byte) bench.Leaderboard {
	t.Helper()
	var lb bench.Leaderboard
	if err := json.Unmarshal(data, &struct {
		Designs    *[]lab.Design        `json:"designs"`
		Strategies *[]bench.StrategyRow `json:"strategies"`
		Pairs      *[]bench.PairRow     `json:"pairs"`
	}{&lb.Designs, &lb.Strategies, &lb.Pairs}); err != nil {
		t.Fatal(err)
	}
	return lb
}
