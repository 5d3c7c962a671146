package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rank"
	"github.com/eleusis/eleusis/render"
)

// Summary sums a run up as its hands stream past, keeping nothing but its
// sums: rank.Ranker ranks the rules, bench.Bencher the strategies.
type Summary interface {
	// Add sums one hand in.
	Add(*lab.HandRecord)
	// Summed is the run summed up, to print and to write.
	Summed() (*render.Summed, error)
}

var (
	_ Summary = (*rank.Ranker)(nil)
	_ Summary = (*bench.Bencher)(nil)
)

// summaries make the summary of a run by its command, as run.json records
// it (merge and rerun sum a run up as the run's command did).
var summaries = map[string]func(g *global, p *lab.Plan, runner *lab.Lab) Summary{
	"rank": func(_ *global, p *lab.Plan, runner *lab.Lab) Summary {
		return rank.NewRanker(p, runner.Bank, runner.Kit)
	},
	"bench": func(g *global, p *lab.Plan, _ *lab.Lab) Summary {
		b := bench.NewBencher(p)
		b.MaxFailures = g.maxFailures
		return b
	},
}

// summaryOf is the summary of a run of command.
func (g *global) summaryOf(command string, p *lab.Plan, runner *lab.Lab) (*tallied, error) {
	make, ok := summaries[command]
	if !ok {
		var known []string
		for c := range summaries {
			known = append(known, c)
		}
		slices.Sort(known)
		return nil, fmt.Errorf("a run of %q: only runs of %s are summed up", command, strings.Join(known, " or "))
	}
	return newTallied(make(g, p, runner)), nil
}

// tallied is a summary that also counts the run's hands and its failed
// hands.
type tallied struct {
	Summary
	hands, failed int
	first         string // the first failure
}

func newTallied(s Summary) *tallied { return &tallied{Summary: s} }

// add is lab.RunOptions.Each.
func (t *tallied) add(r *lab.HandRecord) error {
	t.hands++
	if r.Error != "" {
		if t.failed == 0 {
			t.first, _, _ = strings.Cut(r.Error, "\n")
		}
		t.failed++
	}
	t.Add(r)
	return nil
}

// verdict: a run whose every hand failed has nothing to sum up (an error:
// no summary is written as if it were a result); a run with some failed
// hands is summed up without them, and stderr says so.
func (t *tallied) verdict(g *global, out string) error {
	where := "hands.jsonl (with --out)"
	if out != "" {
		where = filepath.Join(out, "hands.jsonl")
	}
	switch {
	case t.hands > 0 && t.failed == t.hands:
		return fmt.Errorf("every one of the %d hands failed, so there is nothing to sum up; the first: %s (every hand's error is in %s)", t.hands, t.first, where)
	case t.failed > 0:
		fmt.Fprintf(g.errw, "eleusis: %d of %d hands failed and are left out of the summaries (the first: %s; every error is in %s)\n", t.failed, t.hands, t.first, where)
	}
	return nil
}

// finish writes the summary's files and plots into out (when not empty)
// and prints it in --format, unless every hand failed (there is then
// nothing to sum up: an error, and no summary written as if complete).
func (g *global) finish(t *tallied, p *lab.Plan, out string) error {
	if err := t.verdict(g, out); err != nil {
		return err
	}
	s, err := t.Summed()
	if err != nil {
		return err
	}
	s.Tables = noteUnconfined(p, s.Tables)
	if out != "" {
		if err := s.Write(out); err != nil {
			return err
		}
	}
	if err := g.render(s.Data, s.Tables...); err != nil {
		return err
	}
	return s.Fail
}
