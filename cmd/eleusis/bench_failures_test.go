package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Failing is no way up: an agent that gives up a hand as soon as the facts
// refute its belief ("only red") ranks below its honest twin, which plays
// on believing it, and the run exits non-zero naming it (--max-failures,
// 0.05 by default); the pairs table compares them deal by deal.
func TestBenchGiveUpTwinRanksBelowHonest(t *testing.T) {
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
