package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A small search writes a bank that `rules check --bank` accepts, and the
// summaries in every format.
func TestDesign(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "designs")
	args := []string{"design", "--budget", "400", "--candidates", "6", "--generations", "1", "--top", "2", "--baselines", "1",
		"--rules", "same-suit,only-red,opposite-colour,suit-cycle-shdc", "--lineup", "random;random;random;random", "--out", dir}
	out, err := run(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "designed-1") || !strings.Contains(out, "fresh hands") {
		t.Errorf("the summary does not show the designed rules:\n%s", out)
	}
	if _, err := run(t, "rules", "check", "--bank", filepath.Join(dir, "bank.yaml")); err != nil {
		t.Errorf("rules check refuses the designed bank: %v", err)
	}
	for _, f := range []string{"bank.yaml", "search.json", "design.csv", "design.md", "search.png", "final/run.json", "g1/round-01/hands.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := run(t, args...); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("a second search into the folder: %v", err)
	}
}

func TestDesignFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"design", "--target-difficulty", "0.6-0.4"}, "--target-difficulty: \"0.6-0.4\" is not a range"},
		{[]string{"design", "--objective", "sweet-spot", "--target-difficulty", "0.4-0.6"}, "give no --objective sweet-spot"},
		{[]string{"design", "--objective", "fun"}, `unknown objective "fun"`},
		{[]string{"design", "--acceptance", "0.9"}, "--acceptance"},
		{[]string{"design", "--budget", "0"}, "the budget must be at least 1 hand"},
		{[]string{"design", "--look-back", "4"}, "the look-back must be 0 to 3 cards"},
		{[]string{"design", "--resume"}, "--resume needs --out"},
		{[]string{"design", "--resume", "--force", "--out", "x"}, "give one of them"},
		{[]string{"design", "--lineup", "random;random"}, "the line-up (2 players)"},
		{[]string{"design", "--preset", "nope"}, "nope"},
		{[]string{"design", "--rules", "no-such-rule"}, `no rule named "no-such-rule"`},
		{[]string{"design", "--budget", "100"}, "too small"},
	} {
		_, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
}
