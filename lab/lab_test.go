package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// The same run at 1, 2 and 8 workers writes byte-identical hands.jsonl
// (rank's tests hold the ranking of such a run alike).
func TestRunDeterministicAtAnyWorkers(t *testing.T) {
	p := lab.SmallPlan()
	var hands []byte
	workers := []int{1, 2, 8}
	if testing.Short() {
		workers = []int{1, 8}
	}
	for _, w := range workers {
		dir := t.TempDir()
		recs := lab.RunTo(t, p, lab.RunOptions{Out: dir, Workers: w})
		if len(recs) != p.N() {
			t.Fatalf("%d hands, want %d", len(recs), p.N())
		}
		for _, r := range recs {
			if r.Error != "" {
				t.Fatalf("hand %d: %s", r.Index, r.Error)
			}
		}
		h := lab.Read(t, filepath.Join(dir, "hands.jsonl"))
		if hands == nil {
			hands = h
			continue
		}
		if !bytes.Equal(h, hands) {
			t.Errorf("hands.jsonl differs at %d workers", w)
		}
	}
	// Paired seeds: both line-ups play the same deals under each rule.
	var recs []lab.HandRecord
	for _, line := range bytes.Split(bytes.TrimSpace(hands), []byte("\n")) {
		var r lab.HandRecord
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	if recs[0].Seed != recs[6].Seed || recs[0].Lineup == recs[6].Lineup || recs[0].Seed == recs[1].Seed {
		t.Errorf("seeds not paired across line-ups: %d/%d, %d", recs[0].Seed, recs[6].Seed, recs[1].Seed)
	}
	// random (seat 3) holds no belief: not measured, the hand's observer is.
	if len(recs[0].Moves) == 0 || len(recs[0].Discovery) != 4 || recs[0].Discovery[0] == nil || recs[0].Discovery[2] != nil || recs[0].Observer == nil {
		t.Errorf("a record lacks moves or discovery measures: %+v", recs[0])
	}
}

// Two shards merged equal the whole run.
func TestShardsMergeToTheWhole(t *testing.T) {
	p := lab.SmallPlan()
	whole := t.TempDir()
	lab.RunTo(t, p, lab.RunOptions{Out: whole, Workers: 2})
	var dirs []string
	for i := range 2 {
		d := t.TempDir()
		lab.RunTo(t, p, lab.RunOptions{Out: d, Shard: lab.Shard{Index: i, Of: 2}, Workers: 2})
		dirs = append(dirs, d)
	}
	merged := t.TempDir()
	if err := lab.MergeTo(dirs, merged); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(lab.Read(t, filepath.Join(merged, "hands.jsonl")), lab.Read(t, filepath.Join(whole, "hands.jsonl"))) {
		t.Error("merged shards differ from the whole run")
	}
	if _, err := lab.OpenShards(dirs[:1]); err == nil || !strings.Contains(err.Error(), "shard 2/2 is missing") {
		t.Errorf("one shard alone must not merge: %v", err)
	}
	if _, err := lab.OpenShards([]string{dirs[0], dirs[0]}); err == nil || !strings.Contains(err.Error(), "both shard") {
		t.Errorf("a shard twice must not merge: %v", err)
	}
}

// A run interrupted and resumed equals an uninterrupted one.
func TestInterruptedRunResumes(t *testing.T) {
	p := lab.SmallPlan()
	whole := t.TempDir()
	lab.RunTo(t, p, lab.RunOptions{Out: whole, Workers: 2})
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	// One worker: hands are told done as they are played (with two, the
	// first hand's space can hold back every other hand's news until the
	// run is over, and the cut would come too late).
	recs, err := lab.NewLab().Run(ctx, p, lab.RunOptions{Out: dir, Workers: 1, Progress: func(done, total int) {
		if done == 5 {
			cancel()
		}
	}})
	if err == nil || len(recs) < 5 || len(recs) >= p.N() {
		t.Fatalf("interrupted run: %d hands, %v", len(recs), err)
	}
	if _, err := os.Stat(filepath.Join(dir, "hands.jsonl")); err == nil {
		t.Fatal("an interrupted run must not look finished")
	}
	// A torn last line (killed mid-write) is dropped on resume.
	f, _ := os.OpenFile(filepath.Join(dir, "hands.jsonl.part"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"index": 99, "see`)
	f.Close()
	all, err := lab.NewLab().Run(context.Background(), p, lab.RunOptions{Out: dir, Workers: 2, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != p.N() {
		t.Fatalf("resumed run has %d hands, want %d", len(all), p.N())
	}
	if !bytes.Equal(lab.Read(t, filepath.Join(dir, "hands.jsonl")), lab.Read(t, filepath.Join(whole, "hands.jsonl"))) {
		t.Error("interrupted + resumed differs from the uninterrupted run")
	}
	// Resuming a finished run plays nothing and returns its hands.
	again, err := lab.NewLab().Run(context.Background(), p, lab.RunOptions{Out: dir, Resume: true, Progress: func(int, int) { t.Error("a finished run played a hand again") }})
	if err != nil || len(again) != p.N() {
		t.Errorf("resuming a finished run: %d hands, %v", len(again), err)
	}
	other := *p
	other.Seed++
	if _, err := lab.NewLab().Run(context.Background(), &other, lab.RunOptions{Out: dir, Resume: true}); err == nil ||
		!strings.Contains(err.Error(), "another run: plan.seed is 42 in "+filepath.Join(dir, "run.json")+", 43 in this command") {
		t.Errorf("resuming another plan: %v", err)
	}
}

// A hand that fails (a rule failing at run time) is a record with its
// error; the other hands are played.
func TestFailingHandDoesNotStopTheRun(t *testing.T) {
	bank, err := rulebank.Load([]byte("rules:\n  - name: breaks-late\n    expr: \"n < 3 ? true : line[n + 5].rank > 0\"\n  - name: fine\n    expr: \"card.color != prev.color\"\n"), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	l := &lab.Lab{Bank: bank, Kit: testkit.Kit()}
	p := &lab.Plan{Seed: 1, Rules: []string{"breaks-late", "fine"}, Presets: []string{"new-eleusis"}, Lineups: [][]string{{"random", "random", "random", "random"}}, Hands: 3}
	recs, err := l.Run(context.Background(), p, lab.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if (r.Rule == "breaks-late") != (r.Error != "") {
			t.Errorf("hand %d (%s): error %q", r.Index, r.Rule, r.Error)
		}
		if r.Error != "" && !strings.Contains(r.Error, "breaks-late") {
			t.Errorf("the error must name the rule: %s", r.Error)
		}
	}
	// (rank's TestRankingWithAFailingRule ranks such a run.)
}
