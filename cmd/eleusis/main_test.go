package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errw bytes.Buffer
	root := newRoot(&out, &errw)
	root.SetArgs(args)
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

func TestRulesCheck(t *testing.T) {
	out, err := run(t, "rules", "check", "--expr", "card.rank == 1", "--format", "csv")
	if err == nil || !strings.Contains(err.Error(), "failed the check") {
		t.Errorf("only aces must fail the check: %v", err)
	}
	if !strings.Contains(out, "after 8 cards (cards used up)") {
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
