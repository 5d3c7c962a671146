package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A seeded random Python agent in persistent mode (one process per seat
// and worker, reused across hands) gives byte-identical hands.jsonl at 1
// and 2 workers on the same deals (--deals-from: an outside agent's run
// deals from a secret of its own): each hand's seed reaches the agent. A
// rerun from run.json gives the same hands again.
func TestPersistentPythonAgentIsReproducible(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python agent is not tested")
	}
	script, err := filepath.Abs("../../python/examples/random_agent.py")
	if err != nil {
		t.Fatal(err)
	}
	agent := "exec(persistent=true):python3 " + script
	lineup := agent + ";random;" + agent + ";random"
	first := t.TempDir()
	hands := func(workers, seed, dir string, more ...string) []byte {
		args := append([]string{"rank", "--rules", "black-high-red-low,suit-cycle-sdch", "--hands", "6", "--lineup", lineup,
			"--workers", workers, "--seed", seed, "--out", dir}, more...)
		if _, err := run(t, args...); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "hands.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"error"`) {
			t.Fatalf("hands with errors:\n%s", b)
		}
		return b
	}
	deals := filepath.Join(first, "run.json")
	one, two := hands("1", "3", first), hands("2", "3", t.TempDir(), "--deals-from", deals)
	if !bytes.Equal(one, two) {
		t.Errorf("hands.jsonl differs between 1 and 2 workers")
	}
	if bytes.Equal(one, hands("2", "3", t.TempDir())) {
		t.Errorf("a run of its own secret dealt the same hands")
	}
	if _, err := run(t, "rerun", deals, "--out", t.TempDir(), "--workers", "2"); err != nil {
		t.Errorf("rerun: %v", err)
	}
	if bytes.Equal(one, hands("2", "4", t.TempDir(), "--deals-from", deals)) {
		t.Errorf("another seed gave the same hands")
	}
}
