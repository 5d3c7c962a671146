package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

// A seeded random Python agent in persistent mode (one process per seat
// and worker, reused across hands) gives byte-identical hands.jsonl at 1
// and 2 workers on the same deals (--deals-from: an outside agent's run
// deals from a secret of its own): each hand's seed reaches the agent. A
// rerun from run.json gives the same hands again.
func TestPersistentPythonAgentIsReproducible(t *testing.T) {
	longtest.Skip(t) // TestBenchDesignsReproducibleWithPythonAgents runs persistent Python agents at 1 and 2 workers too
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

// A run with --no-sandbox says so in run.json and in every table of its
// summaries; a confined one records its confinement.
func TestNoSandboxIsShown(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python agent is not tested")
	}
	script, err := filepath.Abs("../../python/examples/minimal.py")
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{false, true} {
		dir := t.TempDir()
		args := []string{"bench", "--strategies", "random,exec:python3 " + script, "--rules", "same-suit", "--hands", "1", "--out", dir}
		if off {
			args = append(args, "--no-sandbox")
		}
		if _, err := run(t, args...); err != nil {
			t.Fatal(err)
		}
		meta, err := os.ReadFile(filepath.Join(dir, "run.json"))
		if err != nil {
			t.Fatal(err)
		}
		md, err := os.ReadFile(filepath.Join(dir, "bench.md"))
		if err != nil {
			t.Fatal(err)
		}
		titles, noted := 0, strings.Count(string(md), strings.TrimSpace(unconfinedNote))
		for _, l := range strings.Split(string(md), "\n") {
			if strings.HasPrefix(l, "### ") || strings.HasPrefix(l, "## ") {
				titles++
			}
		}
		switch {
		case off && (!strings.Contains(string(meta), `"no_sandbox": true`) || !strings.Contains(string(meta), `"sandbox": "off (--no-sandbox)"`)):
			t.Errorf("--no-sandbox: run.json does not say so")
		case off && (noted == 0 || noted < titles):
			t.Errorf("--no-sandbox: %d of %d tables say so", noted, titles)
		case !off && (noted != 0 || !strings.Contains(string(meta), `"sandbox": "`) || strings.Contains(string(meta), "no_sandbox")):
			t.Errorf("a confined run: %d tables say it was not, run.json %s", noted, meta)
		}
	}
}
