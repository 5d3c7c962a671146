package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
)

func lines(t *testing.T, path string) []string {
	t.Helper()
	ls := strings.SplitAfter(string(Read(t, path)), "\n")
	return ls[:len(ls)-1] // after the last newline: nothing
}

func writeLines(t *testing.T, path string, ls []string) {
	t.Helper()
	s := strings.Join(ls, "")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

var seedOne = regexp.MustCompile(`"seed":[0-9]+,`)

func wantErr(t *testing.T, what string, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want one saying %q", what, parts)
		return
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%s: the error %q does not say %q", what, err, p)
		}
	}
}

// run.json records the program, the command, every rule's expression, the
// bank's hash and every preset's options; its plan alone rebuilds the
// bank.
func TestRunJSONProvenance(t *testing.T) {
	dir := t.TempDir()
	RunTo(t, TinyPlan(), RunOptions{Out: dir, Command: "rank", Args: []string{"eleusis", "rank", "--hands", "4"}})
	m, err := readMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.Command != "rank" || m.Program.Go == "" || m.Program.OS == "" || m.Started.IsZero() || m.Workers < 1 || len(m.Args) != 4 {
		t.Errorf("run.json lacks provenance: %+v", m)
	}
	if len(m.Plan.Defs) != 2 || m.Plan.Defs[0].Expr != "card.suit == prev.suit" || m.Plan.BankHash != BankHash(m.Plan.Defs) {
		t.Errorf("run.json lacks the rules' expressions or the bank hash: %+v", m.Plan)
	}
	if o := m.Options["new-eleusis"]; o.Decks != 3 || o.HandSize != 14 {
		t.Errorf("run.json lacks the full options: %+v", m.Options)
	}
	bank, err := PlanBank(&m.Plan)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := bank.Get("black-high-red-low"); err != nil || c.Rule.Expr != m.Plan.Defs[1].Expr {
		t.Errorf("PlanBank: %v", err)
	}
	st, err := os.Stat(filepath.Join(dir, "run.json"))
	if err != nil || st.Mode().Perm()&0o044 != 0o044&^testkit.Umask() {
		t.Errorf("run.json mode %v, want 0644 less the umask", st.Mode())
	}
	// A hand-edited expression no longer matches the hash.
	m.Plan.Defs[0].Expr = "true"
	wantErr(t, "edited run.json", m.Plan.checkDefs(), "hash to", "was run.json edited?")
}

// A new run into a folder holding another run is refused; with Force the
// old run's files (stale hands included) are removed and others kept.
func TestOutHoldingAnotherRun(t *testing.T) {
	dir := t.TempDir()
	RunTo(t, TinyPlan(), RunOptions{Out: dir, Command: "rank"})
	other := TinyPlan()
	other.Seed = 8
	_, err := NewLab().Run(context.Background(), other, RunOptions{Out: dir, Command: "rank"})
	wantErr(t, "a second run into the folder", err, dir+" holds another run (rank, started ", "--resume", "--force")
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	os.WriteFile(filepath.Join(dir, "rank-correlations.csv"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dir, "hands.jsonl.part"), []byte("{\"index\": 0}\n"), 0o644)
	var n int
	_, err = NewLab().Run(context.Background(), other, RunOptions{Out: dir, Command: "rank", Force: true, Each: func(*HandRecord) error { n++; return nil }})
	if err != nil || n != other.N() {
		t.Fatalf("--force: %d hands, %v", n, err)
	}
	for f, kept := range map[string]bool{"notes.txt": true, "rank-correlations.csv": false, "hands.jsonl.part": false, "hands.jsonl": true} {
		if _, err := os.Stat(filepath.Join(dir, f)); (err == nil) != kept {
			t.Errorf("after --force, %s kept: %v, want %v", f, err == nil, kept)
		}
	}
	if m, _ := readMeta(dir); m.Plan.Seed != 8 {
		t.Error("run.json is not the new run's")
	}
}

// Resume refuses hands that are not exactly the plan's first hands, and a
// bank that redefines a rule; the first difference is named.
func TestResumeRefusesAnotherRun(t *testing.T) {
	p := TinyPlan()
	dir := t.TempDir()
	RunTo(t, p, RunOptions{Out: dir})
	hands := filepath.Join(dir, "hands.jsonl")
	part := filepath.Join(dir, "hands.jsonl.part")
	all := lines(t, hands)
	resume := func(q *Plan, l *Lab) error {
		_, err := l.Run(context.Background(), q, RunOptions{Out: dir, Resume: true})
		return err
	}
	redo := func(ls []string) {
		os.Remove(hands)
		writeLines(t, part, ls)
	}

	redo([]string{all[0], all[1], all[3]})
	wantErr(t, "a deleted line", resume(p, NewLab()), part+":3: hand 3 comes where hand 2 was due: hand 2 is missing")
	redo([]string{all[0], all[1], all[1]})
	wantErr(t, "a repeated line", resume(p, NewLab()), part+":3: hand 1 comes again, or out of order, where hand 2 was due")
	redo(append(all[:len(all):len(all)], all[0]))
	wantErr(t, "a line too many", resume(p, NewLab()), "hand 0 is one more than the 8 hands of shard 1/1")
	edited := seedOne.ReplaceAllString(all[1], `"seed":1,`)
	redo([]string{all[0], edited})
	wantErr(t, "an edited seed", resume(p, NewLab()), part+":2: hand 1 has seed 1")
	moved := strings.Replace(all[1], `"rule":"same-suit"`, `"rule":"black-high-red-low"`, 1)
	redo([]string{all[0], moved})
	wantErr(t, "a record of another rule", resume(p, NewLab()), "hand 1 has rule black-high-red-low, the plan's is same-suit")

	// A bank that redefines a rule of the plan.
	redo(all[:2])
	bank := rulebank.Default()
	mine, err := rulebank.Load([]byte("rules:\n  - name: same-suit\n    expr: 'card.suit == prev.suit or card.rank == 1'\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bank.Merge(mine)
	q := TinyPlan() // unresolved: its rules come from the new bank
	wantErr(t, "a redefined rule", resume(q, &Lab{Bank: bank, Kit: testkit.Kit()}),
		"describes another run: plan.bank_sha256 is", "plan.bank_sha256")
	// A plan that carries the old definitions is checked against the bank.
	wantErr(t, "a plan's rules against the bank", (&Lab{Bank: bank, Kit: testkit.Kit()}).Resolve(p),
		`rule same-suit: the bank defines it as "card.suit == prev.suit or card.rank == 1"`)

	// The intact prefix resumes to the whole run.
	redo(all[:3])
	if err := resume(p, NewLab()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lines(t, hands), ""); got != strings.Join(all, "") {
		t.Error("resumed run differs from the whole")
	}
	// A finished run's hands are checked too.
	writeLines(t, hands, all[:5])
	wantErr(t, "a finished run with lines missing", resume(p, NewLab()), "has 5 hands, the run 8")
}

// A new run clears stale hands (the tester's case: an old hands.jsonl of
// another seed mixed into a merge).
func TestMergeChecksEveryRecord(t *testing.T) {
	p := TinyPlan()
	var dirs []string
	for i := range 2 {
		d := t.TempDir()
		RunTo(t, p, RunOptions{Out: d, Shard: Shard{Index: i, Of: 2}})
		dirs = append(dirs, d)
	}
	out := t.TempDir()
	if err := MergeTo(dirs, out); err != nil {
		t.Fatal(err)
	}
	whole := t.TempDir()
	RunTo(t, p, RunOptions{Out: whole})
	if !bytes.Equal(Read(t, filepath.Join(out, "hands.jsonl")), Read(t, filepath.Join(whole, "hands.jsonl"))) {
		t.Error("the merge differs from the whole run")
	}
	wantErr(t, "a merge into a run folder", MergeTo(dirs, out), out+" holds another run", "--force")

	shard2 := filepath.Join(dirs[1], "hands.jsonl")
	good := lines(t, shard2)
	check := func(what string, ls []string, parts ...string) {
		t.Helper()
		writeLines(t, shard2, ls)
		wantErr(t, what, MergeTo(dirs, t.TempDir()), parts...)
	}
	check("a missing hand", good[:3], shard2+" ends after 3 hands: hand 7 is missing")
	check("an extra hand", append(good[:4:4], good[3]), shard2+" has more lines than its shard's")
	check("a repeated hand", []string{good[0], good[0], good[2], good[3]}, shard2+":2: hand 1 comes again")
	check("another seed", []string{seedOne.ReplaceAllString(good[0], `"seed":1,`), good[1], good[2], good[3]}, shard2+":1: hand 1 has seed 1")
	writeLines(t, shard2, good)

	// Shards of two plans: the first difference is named.
	q := TinyPlan()
	q.Hands = 6
	d := t.TempDir()
	RunTo(t, q, RunOptions{Out: d, Shard: Shard{Index: 1, Of: 2}})
	_, err := OpenShards([]string{dirs[0], d})
	wantErr(t, "shards of two runs", err, "are not shards of one run: plan.hands is 4 in "+dirs[0]+", 6 in "+d)
	// A shard whose run.json was edited (an expression).
	m, _ := readMeta(dirs[1])
	m.Plan.Defs[0].Expr = "true"
	b, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(dirs[1], "run.json"), b, 0o644)
	_, err = OpenShards(dirs)
	wantErr(t, "an edited run.json", err, `plan.rule_defs[0].expr is "card.suit == prev.suit" in`)
}

func TestRunRefusesNegativeWorkers(t *testing.T) {
	_, err := NewLab().Run(context.Background(), TinyPlan(), RunOptions{Workers: -3})
	wantErr(t, "--workers -3", err, "workers must be 0 (all cores) or more, not -3")
}

func TestFirstDiff(t *testing.T) {
	type s struct {
		A int            `json:"a"`
		B []string       `json:"b"`
		M map[string]int `json:"m,omitempty"`
	}
	for _, c := range []struct {
		x, y       s
		path, a, b string
	}{
		{s{A: 1}, s{A: 2}, "a", "1", "2"},
		{s{B: []string{"x", "y"}}, s{B: []string{"x", "z"}}, "b[1]", `"y"`, `"z"`},
		{s{B: []string{"x"}}, s{B: []string{"x", "z"}}, "b length", "1", "2"},
		{s{M: map[string]int{"k": 1}}, s{}, "m", `{"k":1}`, "absent"},
	} {
		path, a, b, same := firstDiff(c.x, c.y)
		if same || path != c.path || a != c.a || b != c.b {
			t.Errorf("firstDiff(%+v, %+v) = %s: %s, %s", c.x, c.y, path, a, b)
		}
	}
	if _, _, _, same := firstDiff(s{A: 1}, s{A: 1}); !same {
		t.Error("equal values differ")
	}
}
