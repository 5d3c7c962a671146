package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/eleusis/eleusis/rulebank"
)

// Flag values no command can take are refused before anything runs, each
// with a message naming the flag.
func TestFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--seats", "-2"}, "--seats must be at least 1, not -2"},
		{[]string{"bench", "--perf", "--perf-hands", "0"}, "--perf-hands must be at least 1, not 0"},
		{[]string{"bench", "--lineup", "random;random"}, "--lineup is for rank"},
		{[]string{"rules", "check", "--walks", "-5"}, "--walks must be at least 0, not -5"},
		{[]string{"rules", "check", "--horizon", "0"}, "--horizon must be at least 1, not 0"},
		{[]string{"rules", "check", "--decks", "-1"}, "--decks must be at least 1, not -1"},
		{[]string{"rules", "check", "--rules", "same-suit", "--expr", "card.even"}, "give one of them"},
		{[]string{"rules", "check", "--rules", "same-suitt"}, `no rule named "same-suitt"`},
		{[]string{"rank", "--workers", "-3"}, "--workers must be at least 0, not -3"},
		{[]string{"rank", "--hands", "0"}, "--hands must be at least 1, not 0"},
		{[]string{"rank", "--resume", "--force", "--out", "x"}, "give one of them"},
		{[]string{"rank", "--resume"}, "--resume needs --out"},
		{[]string{"rank", "--tag", "no-such-tag"}, "no rule of the bank has a tag among no-such-tag"},
		{[]string{"space", "--size", "0"}, "--size must be at least 1, not 0"},
		{[]string{"lesson", "--out", "x", "--handout-move", "-1"}, "--handout-move must be at least 0, not -1"},
		{[]string{"transcript", "--format", "json"}, "unknown flag: --format"},
		{[]string{"lesson", "--format", "json"}, "unknown flag: --format"},
		{[]string{"merge", "--bank", "x.yaml", "d"}, "unknown flag: --bank"},
		{[]string{"presets", "--format", "xml"}, `unknown format "xml"`},
	} {
		_, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
}

func TestVersion(t *testing.T) {
	out, err := run(t, "--version")
	if err != nil || !strings.HasPrefix(out, "eleusis ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: %v %q", err, out)
	}
}

func TestExitCode(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		err  error
		ctx  context.Context
		want int
	}{
		{nil, context.Background(), 0},
		{errors.New("bad"), context.Background(), 1},
		{fmt.Errorf("interrupted after 3 hands: %w", context.Canceled), context.Background(), 130},
		{errors.New("an agent died"), cancelled, 130},
		{interrupted("interrupted after 2 hands"), context.Background(), 130},
	} {
		if got := exitCode(c.err, c.ctx); got != c.want {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}

// A run of a bank of the user's own merges without --bank (the rules come
// from run.json), a bench run merges into a leaderboard, and --out refuses
// a folder holding another run.
func TestMergeRebuildsTheBank(t *testing.T) {
	if testing.Short() {
		t.Skip("eight runs with their plots: seconds; runs without -short")
	}
	dir := t.TempDir()
	bank := filepath.Join(dir, "mine.yaml")
	os.WriteFile(bank, []byte("rules:\n  - name: mine\n    expr: 'card.suit != prev.suit'\n"), 0o644)
	args := []string{"rank", "--bank", bank, "--rules", "mine,same-suit", "--hands", "2", "--lineup", "random;random;random;random", "--format", "csv"}
	whole, err := run(t, append(args, "--out", dir+"/whole")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1/2", "2/2"} {
		if _, err := run(t, append(args, "--shard", s, "--out", dir+"/s"+s[:1])...); err != nil {
			t.Fatal(err)
		}
	}
	merged, err := run(t, "merge", dir+"/s1", dir+"/s2", "--format", "csv")
	if err != nil || merged != whole {
		t.Errorf("merge without --bank: %v\n%s\n---\n%s", err, merged, whole)
	}
	if _, err := run(t, append(args, "--out", dir+"/whole")...); err == nil || !strings.Contains(err.Error(), "holds another run") {
		t.Errorf("a second run into --out: %v", err)
	}
	if _, err := run(t, append(args, "--out", dir+"/whole", "--force")...); err != nil {
		t.Errorf("--force: %v", err)
	}

	bench := []string{"bench", "--strategies", "random,oracle", "--rules", "same-suit", "--hands", "2", "--format", "csv"}
	lb, err := run(t, append(bench, "--out", dir+"/b")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"1/2", "2/2"} {
		if _, err := run(t, append(bench, "--shard", s, "--out", dir+"/b"+s[:1])...); err != nil {
			t.Fatal(err)
		}
	}
	merged, err = run(t, "merge", dir+"/b1", dir+"/b2", "--format", "csv")
	if err != nil || merged != lb || !strings.Contains(lb, "oracle") {
		t.Errorf("merged bench shards: %v\n%s\n---\n%s", err, merged, lb)
	}
}

// When every hand fails there is nothing to sum up: an error, and no
// summary written as if it were a result.
func TestEveryHandFailed(t *testing.T) {
	dir := t.TempDir()
	bank := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bank, []byte("rules:\n  - name: breaks\n    expr: 'line[n + 5].rank > 0'\n"), 0o644)
	_, err := run(t, "rank", "--bank", bank, "--rules", "breaks", "--hands", "3", "--lineup", "random;random;random;random", "--out", dir+"/run")
	if err == nil || !strings.Contains(err.Error(), "every one of the 3 hands failed") || !strings.Contains(err.Error(), "hands.jsonl") {
		t.Errorf("every hand failed: %v", err)
	}
	if _, err := os.Stat(dir + "/run/rank.csv"); err == nil {
		t.Error("a summary was written for a run whose every hand failed")
	}
	if _, err := os.Stat(dir + "/run/hands.jsonl"); err != nil {
		t.Errorf("the failed hands' records are kept: %v", err)
	}
}

// Every flag's placeholder is a word chosen for it (pflag takes the first
// back-quoted word of a usage string), and the examples name rules that
// exist.
func TestHelpTexts(t *testing.T) {
	root := newRoot(&bytes.Buffer{}, &bytes.Buffer{}, nil)
	bank := rulebank.Default()
	ruleRef := regexp.MustCompile(`--rules? ([a-z0-9,-]+)|rules show ([a-z0-9-]+)`)
	placeholder := regexp.MustCompile(`^[a-z][a-z0-9=/-]*$`)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			name, _ := pflag.UnquoteUsage(f)
			if name != "" && (!placeholder.MatchString(name) || name == "eleusis" || name == "go") {
				t.Errorf("%s --%s: placeholder %q", c.CommandPath(), f.Name, name)
			}
		})
		for _, m := range ruleRef.FindAllStringSubmatch(c.Example, -1) {
			for _, r := range strings.Split(m[1]+m[2], ",") {
				if _, err := bank.Get(r); err != nil {
					t.Errorf("%s example: %v", c.CommandPath(), err)
				}
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

func TestCompletion(t *testing.T) {
	out, err := run(t, "__complete", "rank", "--rules", "same-suit,black-h")
	if err != nil || !strings.Contains(out, "same-suit,black-high-red-low\n") {
		t.Errorf("completing --rules: %v\n%s", err, out)
	}
	out, err = run(t, "__complete", "rules", "show", "")
	if err != nil || !strings.Contains(out, "suit-cycle-sdch\n") {
		t.Errorf("completing rules show: %v\n%s", err, out)
	}
	out, err = run(t, "__complete", "play", "--preset", "")
	if err != nil || !strings.Contains(out, "express-divermazo\n") {
		t.Errorf("completing --preset: %v\n%s", err, out)
	}
}

// rerun plays a run.json's plan again (rules from the file), finds the
// same hands, and names the first difference when they are not.
func TestRerun(t *testing.T) {
	dir := t.TempDir()
	bank := filepath.Join(dir, "mine.yaml")
	os.WriteFile(bank, []byte("rules:\n  - name: mine\n    expr: 'card.suit != prev.suit'\n"), 0o644)
	if _, err := run(t, "rank", "--bank", bank, "--rules", "mine", "--hands", "3", "--lineup", "random;random;random;random", "--out", dir+"/run"); err != nil {
		t.Fatal(err)
	}
	var errw bytes.Buffer
	root := newRoot(&bytes.Buffer{}, &errw, []string{"rerun", dir + "/run/run.json", "--out", dir + "/again"})
	if err := root.Execute(); err != nil || !strings.Contains(errw.String(), "identical") {
		t.Errorf("rerun: %v\n%s", err, errw.String())
	}
	hands := dir + "/run/hands.jsonl"
	b, _ := os.ReadFile(hands)
	os.WriteFile(hands, bytes.Replace(b, []byte(`"turns":`), []byte(`"turns":1`), 1), 0o644)
	_, err := run(t, "rerun", dir+"/run/run.json", "--out", dir+"/again", "--force")
	if err == nil || !strings.Contains(err.Error(), "line 1 (hand 0) differs first: turns is") {
		t.Errorf("a changed hand: %v", err)
	}
	meta := dir + "/run/run.json"
	b, _ = os.ReadFile(meta)
	os.WriteFile(meta, bytes.Replace(b, []byte(`"decks": 3`), []byte(`"decks": 2`), 1), 0o644)
	_, err = run(t, "rerun", meta, "--out", dir+"/again", "--force")
	if err == nil || !strings.Contains(err.Error(), "options.new-eleusis.decks is 2 in run.json, 3 now") {
		t.Errorf("another preset: %v", err)
	}
}
