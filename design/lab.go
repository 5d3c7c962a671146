package design

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// Seeds: every round's deals and the final evaluation's derive from the
// search's seed, each through its own stream, so that no round shares a
// seed with another or with the final evaluation (Disjoint checks it).
const (
	streamSearch = 1
	streamFinal  = 2
)

// deriveSeed is the seed of stream parts… of the search seed.
func deriveSeed(seed uint64, parts ...uint64) uint64 {
	h := mix(seed, 0xde5167)
	for _, p := range parts {
		h = mix(h, p)
	}
	return h
}

// RoundSeed is the seed of round r (from 1) of generation g.
func RoundSeed(seed uint64, g, r int) uint64 {
	return deriveSeed(seed, streamSearch, uint64(g), uint64(r))
}

// runner plays the plans of a search with the lab: the races' rounds and
// the final evaluation, each a lab run in its own folder under Out.
type runner struct {
	cfg *Config
	lab *lab.Lab
	// spent: hands played before the current run (for the progress bar).
	spent int
}

// plan is a paired plan of rules: every rule the same deals.
func (rn *runner) plan(seed uint64, rules []string, hands int, measure bool) *lab.Plan {
	return &lab.Plan{Seed: seed, Rules: rules, Presets: []string{rn.cfg.Preset}, Options: rn.cfg.Options,
		Lineups: [][]string{rn.cfg.Lineup}, Hands: hands, Paired: true, NoDiscovery: !measure}
}

// roundPlan is the plan of a round.
func (rn *runner) roundPlan(r *Round) *lab.Plan {
	return rn.plan(r.Seed, r.Candidates, r.Hands, rn.cfg.Objective.NeedsDiscovery())
}

// round is the races' Evaluator.
func (rn *runner) round(ctx context.Context, r *Round) (map[string]*Tally, error) {
	tallies := map[string]*Tally{}
	for _, name := range r.Candidates {
		tallies[name] = &Tally{}
	}
	dir := ""
	if rn.cfg.Out != "" {
		dir = filepath.Join(rn.cfg.Out, fmt.Sprintf("g%d", r.Generation), fmt.Sprintf("round-%02d", r.Index))
	}
	err := rn.run(ctx, rn.roundPlan(r), dir, func(h *lab.HandRecord) { tallies[h.Rule].AddHand(h) })
	return tallies, err
}

// run plays a plan into dir (none when empty), resuming it there when the
// search is resumed and the folder holds the run, handing every hand to
// each.
func (rn *runner) run(ctx context.Context, p *lab.Plan, dir string, each func(*lab.HandRecord)) error {
	resume := false
	if dir != "" && rn.cfg.Resume {
		_, err := os.Stat(filepath.Join(dir, "run.json"))
		resume = err == nil
	}
	ro := lab.RunOptions{Out: dir, Workers: rn.cfg.Workers, Resume: resume, Force: rn.cfg.Force, Command: "rank", Args: rn.cfg.Args,
		Each: func(h *lab.HandRecord) error { each(h); return nil },
		Progress: func(done, total int) {
			if rn.cfg.Progress != nil {
				rn.cfg.Progress(Progress{Stage: StageHands, Done: rn.spent + done, Total: rn.cfg.Budget})
			}
		}}
	_, err := rn.lab.Run(ctx, p, ro)
	if err == nil {
		rn.spent += p.N()
	}
	return err
}

// labBank is the lab's bank for a search: the user's bank and every
// candidate pooled so far, under its candidate name.
func labBank(base *rulebank.Bank, cands []*Candidate) (*rulebank.Bank, error) {
	b := base.Filter(func(*rulebank.Compiled) bool { return true })
	var rules []rulebank.Rule
	for _, c := range cands {
		if c.Origin == FromBank {
			continue
		}
		if _, err := base.Get(c.Name); err == nil {
			return nil, fmt.Errorf("the bank has a rule named %s, the name of a candidate: rename it", c.Name)
		}
		rules = append(rules, rulebank.Rule{Name: c.Name, Expr: c.Expr, Starter: c.Starter})
	}
	if len(rules) == 0 {
		return b, nil
	}
	data, err := yaml.Marshal(map[string]any{"rules": rules})
	if err != nil {
		return nil, err
	}
	extra, err := rulebank.Load(data, "candidates")
	if err != nil {
		return nil, err
	}
	b.Merge(extra)
	return b, nil
}

// Disjoint reports the first hand seed the final plan shares with a round
// of the search (0 and false when they share none). Both are paired plans
// of one preset and one line-up: a plan's deals are its repetitions' seeds.
func Disjoint(rounds []*lab.Plan, final *lab.Plan) (uint64, bool) {
	seen := map[uint64]bool{}
	for _, p := range rounds {
		for rep := range p.Hands {
			seen[p.HandSeed(lab.Coord{Rep: rep})] = true
		}
	}
	for rep := range final.Hands {
		if s := final.HandSeed(lab.Coord{Rep: rep}); seen[s] {
			return s, false
		}
	}
	return 0, true
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}
