package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	root := newRoot(&out, &errw, args)
	err := root.Execute()
	return out.String(), err
}

func TestRulesList(t *testing.T) {
	out, err := run(t, "rules", "list", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rules []map[string]any
	if err := json.Unmarshal([]byte(out), &rules); err != nil || len(rules) < 60 {
		t.Fatalf("want ≥ 60 rules as JSON, got %d (%v)", len(rules), err)
	}
	md, err := run(t, "rules", "list", "--format", "markdown")
	if err != nil || !strings.Contains(md, "| black-high-red-low ") {
		t.Errorf("markdown list: %v\n%s", err, md)
	}
}

// --rules checks the rules named, in the order given, and no other.
func TestRulesCheckNamedRules(t *testing.T) {
	out, err := run(t, "rules", "check", "--rules", "black-high-red-low,suit-cycle-sdch", "--walks", "5", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var reps []struct{ Rule string }
	if err := json.Unmarshal([]byte(out), &reps); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var got []string
	for _, r := range reps {
		got = append(got, r.Rule)
	}
	if strings.Join(got, ",") != "black-high-red-low,suit-cycle-sdch" {
		t.Errorf("checked %v, want black-high-red-low and suit-cycle-sdch", got)
	}
}

func TestRulesCheck(t *testing.T) {
	out, err := run(t, "rules", "check", "--expr", "card.rank == 1", "--format", "csv")
	if err == nil || !strings.Contains(err.Error(), "failed the check") {
		t.Errorf("only aces must fail the check: %v", err)
	}
	if !strings.Contains(out, ",8,cards used up,") {
		t.Errorf("the dead end after 8 aces is missing:\n%s", out)
	}
	if _, err := run(t, "rules", "check", "--expr", "card.rank == 1", "--allow-dead-ends"); err != nil {
		t.Errorf("--allow-dead-ends: %v", err)
	}
	_, err = run(t, "rules", "check", "--expr", "card.colour == 1")
	if err == nil || !strings.Contains(err.Error(), "no field colour") || !strings.Contains(err.Error(), "^") {
		t.Errorf("a bad expression must say where: %v", err)
	}
	out, err = run(t, "rules", "show", "suit-cycle-sdch", "--format", "json")
	if err != nil || !strings.Contains(out, `"acceptance": 0.25`) {
		t.Errorf("show: %v\n%s", err, out)
	}
}

func TestRulesCheckBankFile(t *testing.T) {
	dir := t.TempDir()
	bank := dir + "/mine.yaml"
	os.WriteFile(bank, []byte("rules:\n  - name: mine\n    expr: 'card.suit != prev.suit'\n  - name: broken\n    expr: 'card.rank +'\n"), 0o644)
	_, err := run(t, "rules", "check", "--bank", bank)
	if err == nil || !strings.Contains(err.Error(), "mine.yaml:4") || !strings.Contains(err.Error(), `rule "broken"`) {
		t.Errorf("want the file, line and rule of the broken rule: %v", err)
	}
}

func TestReplay(t *testing.T) {
	out, err := run(t, "replay", "../../sim/testdata/example1.yaml", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		End string `json:"end"`
		God struct {
			Name  string `json:"name"`
			Score int    `json:"score"`
		} `json:"god"`
		Players []struct {
			Name  string `json:"name"`
			Cards int    `json:"cards"`
			Score int    `json:"score"`
		} `json:"players"`
		Moves []struct {
			Player  string   `json:"player"`
			Cards   []string `json:"cards"`
			Verdict string   `json:"verdict"`
			Penalty int      `json:"penalty"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.God.Name != "Luis" || rep.God.Score != 2 || rep.Players[2].Cards != 15 || rep.Moves[0].Cards[0] != "8H" ||
		rep.Moves[0].Verdict != "no" || rep.Moves[0].Penalty != 2 || rep.Moves[1].Verdict != "yes" {
		t.Errorf("replay JSON: %+v", rep)
	}
}

// Golden output of the Markdown replay of Example 2.
func TestReplayGoldenMarkdown(t *testing.T) {
	out, err := run(t, "replay", "../../sim/testdata/example2.yaml", "--format", "markdown")
	if err != nil {
		t.Fatal(err)
	}
	golden := "testdata/example2.md"
	if *update {
		os.WriteFile(golden, []byte(out), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("markdown differs from %s (run go test ./cmd/eleusis -update after checking):\n%s", golden, out)
	}
}

func TestReplayBrokenTranscript(t *testing.T) {
	f := t.TempDir() + "/bad.yaml"
	os.WriteFile(f, []byte("rule: 'card.color != prev.color'\nplayers: [A, B, C, D]\nhand_sizes: {A: 14, B: 14, C: 14, D: 14}\nstarter: 2H\nmoves:\n  - B play 3S\n  - A play 4S\n"), 0o644)
	out, err := run(t, "replay", f)
	if err == nil || !strings.Contains(err.Error(), "move 2") || !strings.Contains(err.Error(), "not A's turn") {
		t.Errorf("want the move and the reason: %v", err)
	}
	if !strings.Contains(out, "3S") {
		t.Errorf("the moves before the error should still be shown:\n%s", out)
	}
}

// A bank rule's name written under rule: (which takes an expression) is
// answered with the fix, not only expr's "unknown name same".
func TestReplayRuleNameUnderRule(t *testing.T) {
	for _, c := range []struct{ rule, want string }{
		{"same-suit", "same-suit is the name of a rule of the bank: write rule_name: same-suit"},
		{"same-sut", "a rule of the bank is given by its name as rule_name:"},
	} {
		f := t.TempDir() + "/hand.yaml"
		os.WriteFile(f, []byte("rule: "+c.rule+"\nplayers: [A, B, C, D]\nhand_sizes: {A: 14, B: 14, C: 14, D: 14}\nstarter: 2H\nmoves:\n  - A play 3H\n"), 0o644)
		for _, cmd := range [][]string{{"replay", f}, {"lesson", "--transcript", f, "--out", t.TempDir()}} {
			_, err := run(t, cmd...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "unknown name same") {
				t.Errorf("%s with rule: %s: want expr's error and %q, got %v", cmd[0], c.rule, c.want, err)
			}
		}
	}
}

func TestPlayIsReproducible(t *testing.T) {
	a, err := run(t, "play", "--rule", "suit-cycle-sdch", "--seed", "9", "--option", "prophet=true", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := run(t, "play", "--rule", "suit-cycle-sdch", "--seed", "9", "--option", "prophet=true", "--format", "json")
	if a != b || !strings.Contains(a, `"end"`) {
		t.Error("the same seed must give the same hand")
	}
	if _, err := run(t, "play", "--rule", "higher"); err != nil {
		t.Errorf("a rule tagged dead-end is played: %v", err)
	}
	if _, err := run(t, "play", "--players", "2"); err == nil || !strings.Contains(err.Error(), "2 players") {
		t.Errorf("2 players must be refused: %v", err)
	}
	if _, err := run(t, "play", "--format", "xml"); err == nil || !strings.Contains(err.Error(), "unknown format") {
		t.Errorf("unknown format: %v", err)
	}
	if _, err := run(t, "play", "--option", "decks"); err == nil {
		t.Error("a malformed --option must be an error")
	}
}

func TestPresets(t *testing.T) {
	out, err := run(t, "presets", "--format", "csv")
	if err != nil || !strings.HasPrefix(out, "option,new-eleusis,new-eleusis-es,abbott,express,express-divermazo") ||
		!strings.Contains(out, "sequence_judging,all_or_nothing,prefix,all_or_nothing") {
		t.Errorf("presets: %v\n%s", err, out)
	}
}

// golden compares out with testdata/name (rewritten with -update).
func golden(t *testing.T, name, out string) {
	t.Helper()
	path := "testdata/" + name
	if *update {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("%s differs from the golden file (go test ./cmd/eleusis -update to accept):\n%s", name, out)
	}
}

var smallRank = []string{"rank", "--rules", "black-high-red-low,same-suit,alternate-parity", "--hands", "4",
	"--lineup", "bayes-eig(size=3000);positive-tester(size=3000);random;bounded-human(k=5)"}

func TestRankGolden(t *testing.T) {
	for _, f := range []struct{ format, file string }{{"table", "rank.txt"}, {"markdown", "rank.md"}, {"csv", "rank.csv"}, {"json", "rank.json"}} {
		out, err := run(t, append(smallRank, "--format", f.format)...)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, f.file, out)
	}
}

func TestRankOutAndMerge(t *testing.T) {
	dir := t.TempDir()
	whole, err := run(t, append(smallRank, "--format", "csv", "--out", dir+"/whole")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"rank.txt", "rank.md", "rank.csv", "rank.json", "hands.jsonl", "run.json", "difficulty.png", "difficulty.svg", "discovery.png", "god-scores.svg", "learning.png"} {
		if st, err := os.Stat(dir + "/whole/" + f); err != nil || st.Size() == 0 {
			t.Errorf("--out lacks %s: %v", f, err)
		}
	}
	for _, s := range []string{"1/2", "2/2"} {
		if _, err := run(t, append(smallRank, "--shard", s, "--out", dir+"/shard"+s[:1])...); err != nil {
			t.Fatal(err)
		}
	}
	merged, err := run(t, "merge", dir+"/shard1", dir+"/shard2", "--format", "csv", "--out", dir+"/merged")
	if err != nil {
		t.Fatal(err)
	}
	if merged != whole {
		t.Errorf("merged ranking differs from the whole run's:\n%s\n---\n%s", merged, whole)
	}
	a, _ := os.ReadFile(dir + "/whole/hands.jsonl")
	b, _ := os.ReadFile(dir + "/merged/hands.jsonl")
	if !bytes.Equal(a, b) {
		t.Error("merged hands.jsonl differs from the whole run's")
	}
	if _, err := run(t, "rank", "--resume"); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("--resume without --out: %v", err)
	}
}

func TestBench(t *testing.T) {
	out, err := run(t, "bench", "--strategies", "bayes-eig(size=3000),random", "--rules", "black-high-red-low", "--hands", "3", "--format", "markdown",
		"--design", "solo,mixed")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Discovery, design solo", "| 1 | bayes-eig(size=3000) | own", "| none", "Experiments, design solo",
		"Score, design mixed", "Pairs, deal by deal"} {
		if !strings.Contains(out, want) {
			t.Errorf("bench lacks %q:\n%s", want, out)
		}
	}
}

func TestNumberLine(t *testing.T) {
	out, err := run(t, "rules", "list", "--number-line", "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "one-or-two-up-wrapping") || strings.Contains(out, "alternate-colour") || strings.Contains(out, "suit-cycle") {
		t.Errorf("--number-line must keep only number-line rules:\n%s", out)
	}
	_, err = run(t, "rules", "check", "--number-line", "--expr", "card.color != prev.color")
	if err == nil || !strings.Contains(err.Error(), "not a number-line rule") || !strings.Contains(err.Error(), "prev.color") {
		t.Errorf("a rule reading prev.color: %v", err)
	}
	if _, err := run(t, "rules", "check", "--number-line", "--expr", "card.rank != prev.rank"); err != nil {
		t.Errorf("a number-line rule: %v", err)
	}
}

func TestSpace(t *testing.T) {
	rules := "same-suit,no-rank-repeat-in-five,fewer-faces-than-numbers"
	if !longtest.On() {
		rules = "same-suit" // placing the others takes seconds
	}
	out, err := run(t, "space", "--size", "3000", "--top", "3", "--rules", rules, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Stats struct{ Kept, Distinct, Syntactic int }
		Top   []struct{ Expr string }
		Rules []struct {
			Rule       string
			Reached    bool
			Index      bool `json:"in_index"`
			Hypothesis string
			Length     int `json:"description_length"`
			Reason     string
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Stats.Kept != 3000 || got.Stats.Distinct <= got.Stats.Kept || len(got.Top) != 3 || got.Top[0].Expr != "true" {
		t.Errorf("space: %+v", got)
	}
	if !got.Rules[0].Reached || !got.Rules[0].Index || got.Rules[0].Hypothesis != "card.suit == prev.suit" || got.Rules[0].Length != 3 {
		t.Errorf("same-suit in the space: %+v", got.Rules[0])
	}
	if !longtest.On() {
		return
	}
	// Rules past the index, reached by synthesis: the second by the wider
	// search's look-back pool (a kind's share of the line).
	if r := got.Rules[1]; !r.Reached || r.Index || r.Hypothesis != "none(line[max(0, n - 4):], .rank == card.rank)" {
		t.Errorf("no-rank-repeat-in-five: %+v", r)
	}
	if r := got.Rules[2]; !r.Reached || r.Index || !strings.Contains(r.Hypothesis, "count(line, .face) * 3") {
		t.Errorf("fewer-faces-than-numbers: %+v", r)
	}
}

// space --trace writes how each placement went to standard error, and
// leaves the report on standard output as it was.
func TestSpaceTrace(t *testing.T) {
	var out, errw bytes.Buffer
	if err := newRoot(&out, &errw, []string{"space", "--size", "3000", "--top", "0", "--rules", "same-suit", "--trace"}).Execute(); err != nil {
		t.Fatal(err)
	}
	if want := "same-suit: in the index: 3 bits, card.suit == prev.suit\n"; errw.String() != want {
		t.Errorf("trace %q, want %q", errw.String(), want)
	}
	if strings.Contains(out.String(), "in the index:") || !strings.Contains(out.String(), "same-suit") {
		t.Errorf("the report:\n%s", out.String())
	}
}
