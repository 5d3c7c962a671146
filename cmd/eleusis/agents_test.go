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
// and 2 workers: each hand's seed reaches the agent.
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
	hands := func(workers, seed string) []byte {
		dir := t.TempDir()
		if _, err := run(t, "rank", "--rules", "black-high-red-low,suit-cycle-sdch", "--hands", "6", "--lineup", lineup,
			"--workers", workers, "--seed", seed, "--out", dir); err != nil {
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
	one, two := hands("1", "3"), hands("2", "3")
	if !bytes.Equal(one, two) {
		t.Errorf("hands.jsonl differs between 1 and 2 workers")
	}
	if bytes.Equal(one, hands("2", "4")) {
		t.Errorf("another seed gave the same hands")
	}
}
