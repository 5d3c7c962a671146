package design

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// small is a search that takes seconds: a few parents, small pools, a
// quick line-up.
func small(out string, workers int) Config {
	cfg := DefaultConfig
	cfg.Budget, cfg.Candidates, cfg.Top, cfg.Baselines = 1400, 14, 2, 2
	cfg.Parents = []string{"suit-cycle-shdc", "same-suit", "only-red", "opposite-colour", "alternate-parity", "black-high-red-low"}
	cfg.Lineup = []string{"bayes-eig(size=3000)", "positive-tester(size=3000)", "random", "random"}
	cfg.Out, cfg.Workers = out, workers
	return cfg
}

// seedsOf reads a run folder's hands.jsonl: each hand's seed by rule and
// repetition order.
func seedsOf(t *testing.T, dir string) map[string][]uint64 {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "hands.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]uint64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var h lab.HandRecord
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
			t.Fatal(err)
		}
		out[h.Rule] = append(out[h.Rule], h.Seed)
	}
	return out
}

// A whole search on the real lab: every round plays one set of deals for
// all its candidates; the final evaluation's deals are none of the
// search's; the bank it writes passes the checks of `rules check`.
func TestSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole search: seconds")
	}
	out := t.TempDir()
	res, err := Run(context.Background(), rulebank.Default(), agents.NewKit(), small(out, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Write(out); err != nil {
		t.Fatal(err)
	}
	search := map[uint64]bool{}
	for _, lr := range mustLog(t, out).Rounds {
		seeds := seedsOf(t, filepath.Join(out, lr.Folder))
		if len(seeds) != lr.Candidates {
			t.Errorf("%s: %d rules, %d candidates", lr.Folder, len(seeds), lr.Candidates)
		}
		var first []uint64
		for _, s := range seeds {
			if first == nil {
				first = s
			}
			if len(s) != lr.Hands || !equal(s, first) {
				t.Errorf("%s: the candidates did not play the same deals", lr.Folder)
				break
			}
		}
		for _, s := range first {
			search[s] = true
		}
	}
	if len(search) == 0 {
		t.Fatal("no round was played")
	}
	final := seedsOf(t, filepath.Join(out, "final"))
	if len(final) != 4 {
		t.Errorf("the final evaluation played %d rules, want 2 designed and 2 baselines", len(final))
	}
	for rule, seeds := range final {
		for _, s := range seeds {
			if search[s] {
				t.Fatalf("the final evaluation's deal %d (%s) was played in the search", s, rule)
			}
		}
	}
	var plans []*lab.Plan
	for _, lr := range mustLog(t, out).Rounds {
		m, err := lab.ReadRunMeta(filepath.Join(out, lr.Folder, "run.json"))
		if err != nil {
			t.Fatal(err)
		}
		plans = append(plans, &m.Plan)
	}
	if s, ok := Disjoint(plans, res.Final.Plan); !ok {
		t.Errorf("Disjoint found deal %d in both", s)
	}
	if _, ok := Disjoint(plans, plans[0]); ok {
		t.Errorf("Disjoint found no deal shared by a round and itself")
	}
	bank, err := rulebank.LoadFile(filepath.Join(out, "bank.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(bank.Rules) != 2 {
		t.Errorf("bank.yaml has %d rules", len(bank.Rules))
	}
	for _, r := range bank.Rules {
		rep := rulebank.Analyse(r, rulebank.DefaultAnalyse)
		if rep.Error != "" || rep.DeadEnd != nil || r.Rule.Source != "designed" || r.Rule.Description == "" {
			t.Errorf("%s: %+v, source %q", r.Rule.Name, rep, r.Rule.Source)
		}
	}
	for _, f := range []string{"design.csv", "design-search.csv", "design-pools.csv", "design-rounds.csv", "design-candidates.csv",
		"design.md", "design.txt", "design.json", "search.png", "search.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	// The designed rules are one of each idea, each standing for its variants.
	for i, a := range res.Final.Finalists {
		if a.Variants < 1 || a.Candidate.Orbit.Size < 1 {
			t.Errorf("%s: %d variants, an orbit of %d", a.Name, a.Variants, a.Candidate.Orbit.Size)
		}
		for _, b := range res.Final.Finalists[i+1:] {
			if same, err := SameIdea(a.Candidate, b.Candidate); err != nil || same {
				t.Errorf("%s (%s) and %s (%s) are one idea (%v)", a.Name, a.Candidate.Expr, b.Name, b.Candidate.Expr, err)
			}
		}
	}
	// A second search into the folder is refused.
	if _, err := Run(context.Background(), rulebank.Default(), agents.NewKit(), small(out, 2)); err == nil {
		t.Error("a search into a folder holding another was not refused")
	}
}

func equal(a, b []uint64) bool { return bytes.Equal(u64bytes(a), u64bytes(b)) }

func u64bytes(xs []uint64) []byte {
	b, _ := json.Marshal(xs)
	return b
}

func mustLog(t *testing.T, dir string) *SearchLog {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, searchFile))
	if err != nil {
		t.Fatal(err)
	}
	var l SearchLog
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	return &l
}

// A search interrupted and resumed (on another number of workers) finds
// what the same search finds uninterrupted.
func TestResume(t *testing.T) {
	longtest.Skip(t) // three searches; TestSearch runs one
	whole, cut := t.TempDir(), t.TempDir()
	a, err := Run(context.Background(), rulebank.Default(), agents.NewKit(), small(whole, 1))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cfg := small(cut, 2)
	cfg.Progress = func(p Progress) {
		if p.Stage == StageHands && p.Done > p.Total/2 {
			cancel()
		}
	}
	if _, err := Run(ctx, rulebank.Default(), agents.NewKit(), cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("the interrupted search returned %v", err)
	}
	cfg = small(cut, 2)
	cfg.Resume = true
	b, err := Run(context.Background(), rulebank.Default(), agents.NewKit(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Errorf("the resumed search differs from the uninterrupted one:\n%s\n%s", ja, jb)
	}
	// --resume of another search is refused, naming the difference.
	cfg.Budget++
	if _, err := Run(context.Background(), rulebank.Default(), agents.NewKit(), cfg); err == nil {
		t.Error("a resume with another budget was accepted")
	}
}
