package lab

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/rulebank"
)

// runFlaky is an outside agent whose provider is down while the file
// ELEUSIS_TEST_OUTAGE names exists: it then gives up every hand whose
// seed is odd, after its second move ("HTTP 503"). Otherwise it plays its
// first card.
func runFlaky() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	var seed uint64
	moves := 0
	for in.Scan() {
		var req struct {
			Type string `json:"type"`
			ID   int    `json:"id"`
			Seed uint64 `json:"seed"`
			View struct {
				Hand []string `json:"hand"`
			} `json:"view"`
			Shown []string `json:"shown"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			os.Exit(2)
		}
		ans := map[string]any{"id": req.ID}
		switch req.Type {
		case "new_hand":
			seed, moves = req.Seed, 0
		case "move":
			moves++
			_, err := os.Stat(filepath.Join(os.Getenv("ELEUSIS_TEST_OUTAGE"), "outage"))
			if err == nil && seed%2 == 1 && moves > 1 {
				ans["error"] = "HTTP 503: the provider is down"
			} else {
				ans["kind"], ans["cards"] = "play", req.View.Hand[:1]
			}
		case "declare_prophet":
			ans["declare"] = false
		case "judge":
			ans["right"] = true
		case "pick":
			ans["card"] = req.Shown[0]
		case "guess":
			ans["guess"] = ""
		}
		b, _ := json.Marshal(ans)
		os.Stdout.Write(append(b, '\n'))
	}
}

// A provider's outage fails hands; --resume --retry-failed plays them
// again on the same deals once it is over, each new record in its old
// one's place saying it was retried and why it had failed; a hand that
// played fine is not played again, and a second retry finds nothing to do.
func TestRetryFailedAfterAnOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("three runs of an outside agent, a process a hand: seconds; runs without -short")
	}
	status := t.TempDir() // the provider's status: no agent file, so the run stays one run
	flag := filepath.Join(status, "outage")
	if err := os.WriteFile(flag, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	spec := fmt.Sprintf("exec:ELEUSIS_TEST_AGENT=flaky ELEUSIS_TEST_OUTAGE=%q %q -test.run=NONE", status, self())
	plan := func() *Plan {
		return &Plan{Seed: 1, Rules: []string{"same-suit", "alternate-parity"}, Presets: []string{"new-eleusis"},
			Lineups: [][]string{{spec, "random", "random", "random"}}, Hands: 8, Moves: true, NoDiscovery: true}
	}
	lab := func() *Lab { return &Lab{Bank: rulebank.Default(), Kit: agents.NewKit()} }
	dir := t.TempDir()
	if _, err := lab().Run(context.Background(), plan(), RunOptions{Out: dir}); err != nil {
		t.Fatal(err)
	}
	read := func() []HandRecord {
		var out []HandRecord
		for _, l := range lines(t, filepath.Join(dir, "hands.jsonl")) {
			var r HandRecord
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	before := read()
	failed := 0
	for _, r := range before {
		if len(r.Failures) > 0 {
			failed++
			if !r.Failed(0) || !strings.Contains(r.Failures[0].Error, "HTTP 503") || r.Turns <= r.Failures[0].Turn {
				t.Fatalf("hand %d: %+v (the others play on after the failure)", r.Index, r.Failures)
			}
		}
	}
	// Which hands fail depends on the agents' seeds, drawn from the run's
	// secret: with 16 hands, none or all fail once in 32,768 runs (with 8,
	// once in 128: it happened).
	if failed == 0 || failed == len(before) {
		t.Fatalf("%d of %d hands failed: the test wants some", failed, len(before))
	}
	os.Remove(flag) // the outage is over
	if _, err := lab().Run(context.Background(), plan(), RunOptions{Out: dir, Resume: true, RetryFailed: true}); err != nil {
		t.Fatal(err)
	}
	after := read()
	if len(after) != len(before) {
		t.Fatalf("%d hands after the retry, %d before", len(after), len(before))
	}
	for i, r := range after {
		b := before[i]
		switch {
		case r.Index != b.Index || r.Seed != b.Seed:
			t.Fatalf("line %d is hand %d (seed %d), was hand %d (seed %d)", i+1, r.Index, r.Seed, b.Index, b.Seed)
		case len(b.Failures) > 0 && (len(r.Failures) > 0 || r.Retried != 1 || len(r.EarlierErrors) != 1 ||
			!strings.Contains(r.EarlierErrors[0], "seat 1 at move") || !strings.Contains(r.EarlierErrors[0], "HTTP 503")):
			t.Errorf("hand %d played again: %+v, earlier %v", r.Index, r.Failures, r.EarlierErrors)
		case len(b.Failures) == 0 && (r.Retried != 0 || r.Turns != b.Turns):
			t.Errorf("hand %d played fine and was played again", r.Index)
		}
	}
	// Nothing left to retry: the files stay as they are.
	whole := strings.Join(lines(t, filepath.Join(dir, "hands.jsonl")), "\n")
	if _, err := lab().Run(context.Background(), plan(), RunOptions{Out: dir, Resume: true, RetryFailed: true}); err != nil {
		t.Fatal(err)
	}
	if again := strings.Join(lines(t, filepath.Join(dir, "hands.jsonl")), "\n"); again != whole {
		t.Error("a retry with nothing to retry changed hands.jsonl")
	}
	if _, err := lab().Run(context.Background(), plan(), RunOptions{Out: dir, RetryFailed: true}); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("--retry-failed without --resume: %v", err)
	}
}
