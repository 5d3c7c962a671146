package design

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Config is a search: what it looks for (the objective, the checks, the
// game) and how much it may play.
type Config struct {
	Seed uint64 `json:"seed"`
	// Budget: the hands of the whole search, the final evaluation's
	// included (FinalShare of them).
	Budget     int     `json:"budget"`
	FinalShare float64 `json:"final_share"`
	// Candidates: new candidates pooled per generation; Generations: races
	// run one after the other, each on the survivors of the last and their
	// mutations and combinations.
	Candidates  int `json:"candidates"`
	Generations int `json:"generations"`
	// Top: designed rules evaluated at the end and written to the bank;
	// Baselines: the bank's best rules (by the search) evaluated beside
	// them.
	Top       int       `json:"top"`
	Baselines int       `json:"baselines"`
	Objective Objective `json:"objective"`
	Checker   Checker   `json:"checks"`
	Preset    string    `json:"preset"`
	Options   []string  `json:"options,omitempty"`
	Lineup    []string  `json:"lineup"`
	// Parents: the bank's rules the search starts from (mutated, combined
	// and raced as baselines); empty: every rule of the bank.
	Parents []string `json:"parents,omitempty"`
	// Measure: discovery measures in the final evaluation even when the
	// objective does not need them (misidentified, sweet spot; slower).
	Measure bool `json:"measure,omitempty"`

	// How the search runs, not what it finds (not compared on --resume).
	Workers       int            `json:"-"`
	Out           string         `json:"-"`
	Resume, Force bool           `json:"-"`
	Args          []string       `json:"-"`
	Progress      func(Progress) `json:"-"`
}

// DefaultConfig is `eleusis design` without flags (the line-up is the
// command's default line-up).
var DefaultConfig = Config{Seed: 1, Budget: 200_000, FinalShare: 0.2, Candidates: 600, Generations: 2, Top: 5, Baselines: 3,
	Objective: Objective{Kind: GodScore}, Checker: DefaultChecker, Preset: "new-eleusis"}

// Progress is what a search reports as it goes: candidates pooled (Done of
// Total wanted) or hands played (Done of the budget).
type Progress struct {
	Stage       string
	Generation  int
	Done, Total int
}

// The stages of a search.
const (
	StageCandidates = "candidates"
	StageHands      = "hands"
)

// Check refuses a configuration no search can run.
func (c *Config) Check() error {
	if err := c.Objective.Check(); err != nil {
		return err
	}
	switch {
	case c.Budget < 1:
		return fmt.Errorf("the budget must be at least 1 hand, not %d", c.Budget)
	case c.FinalShare <= 0 || c.FinalShare >= 1:
		return fmt.Errorf("the final evaluation's share of the budget must lie between 0 and 1, not %g", c.FinalShare)
	case c.Candidates < 1 || c.Generations < 1 || c.Top < 1 || c.Baselines < 0:
		return fmt.Errorf("candidates (%d), generations (%d) and top (%d) must be at least 1, baselines (%d) at least 0", c.Candidates, c.Generations, c.Top, c.Baselines)
	case c.Checker.LookBack < 0 || c.Checker.LookBack > 3:
		return fmt.Errorf("the look-back must be 0 to 3 cards, not %d", c.Checker.LookBack)
	case c.Checker.Acceptance[0] < 0 || c.Checker.Acceptance[1] > 1 || c.Checker.Acceptance[0] > c.Checker.Acceptance[1]:
		return fmt.Errorf("the acceptance band %g–%g is not a range of shares", c.Checker.Acceptance[0], c.Checker.Acceptance[1])
	case len(c.Lineup) == 0:
		return fmt.Errorf("the search needs a line-up")
	case c.Resume && c.Force:
		return fmt.Errorf("--resume continues the search in --out and --force replaces it: give one of them")
	case c.Resume && c.Out == "":
		return fmt.Errorf("--resume needs --out (the folder of the interrupted search)")
	}
	o, err := sim.PresetWith(c.Preset, c.Options)
	if err != nil {
		return err
	}
	for _, s := range c.Lineup {
		if _, err := agents.ParseSpec(s); err != nil {
			return fmt.Errorf("line-up: %w", err)
		}
	}
	if err := o.Validate(len(c.Lineup)); err != nil {
		return fmt.Errorf("the line-up (%d players) with preset %s: %w", len(c.Lineup), c.Preset, err)
	}
	return c.Checker.Analyse.Validate()
}

// finalHands is the hands each finalist plays in the final evaluation.
func (c *Config) finalHands() int {
	return int(math.Round(float64(c.Budget)*c.FinalShare)) / (c.Top + c.Baselines)
}

// Result is a finished search (design.json).
type Result struct {
	Config     Config        `json:"config"`
	Pools      []PoolStats   `json:"pools"`
	Candidates []*Candidate  `json:"candidates"`
	Races      []*RaceResult `json:"races"`
	Final      *Final        `json:"final"`
	Spent      int           `json:"hands_search"`
	Plans      []*lab.Plan   `json:"-"`
}

// Run searches the space of rules for those that maximise the objective:
// generation by generation, it pools candidates (BuildPool) — the bank's
// rules, the grammar's hypotheses, mutations and combinations of the
// parents — and races them by successive halving on paired seeds (Race);
// then it evaluates the top designed rules and the bank's best on fresh
// seeds (the final evaluation), whose figures are the ones reported. base
// is the bank the search starts from; kit the lab's spaces and classes.
func Run(ctx context.Context, base *rulebank.Bank, kit *agents.Kit, cfg Config) (*Result, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	parents, err := bankParents(base, cfg.Parents)
	if err != nil {
		return nil, err
	}
	finals := (cfg.Top + cfg.Baselines) * cfg.finalHands()
	perGen := (cfg.Budget - finals) / cfg.Generations
	// The largest pools the generations can have must race within the
	// budget: refused now, not after the candidates are made.
	for g := 1; g <= cfg.Generations; g++ {
		n, keep := 2*cfg.Top+cfg.Candidates, 2*cfg.Top
		if g == 1 {
			n = len(parents) + cfg.Candidates
		}
		if g == cfg.Generations {
			keep = cfg.Top
		}
		if _, _, err := (RaceConfig{Budget: perGen, Keep: keep, Eta: 2, MinHands: 2}).Schedule(n); err != nil {
			return nil, fmt.Errorf("--budget %d: %d hands go to the final evaluation and %d to each of %d generations; generation %d: %w",
				cfg.Budget, finals, perGen, cfg.Generations, g, err)
		}
	}
	log, err := openSearch(&cfg, base, parents)
	if err != nil {
		return nil, err
	}
	res := &Result{Config: cfg}
	rn := &runner{cfg: &cfg, lab: &lab.Lab{Kit: kit}}
	var bankProps []Proposal
	for _, c := range parents {
		bankProps = append(bankProps, c.Proposal)
	}
	var carried, survivors []*Candidate
	var all []*Candidate
	for g := 1; g <= cfg.Generations; g++ {
		src := Sources{Space: hypotheses.Default(), Seed: deriveSeed(cfg.Seed, streamSearch, uint64(g), 0)}
		first := bankProps
		src.Parents, src.Partners = usable(parents, cfg.Checker.LookBack), usable(parents, cfg.Checker.LookBack)
		if g > 1 {
			first = nil
			src.Parents = survivors
			src.Partners = append(slices.Clone(survivors), src.Partners...)
		}
		progress := func(done, total int) {
			if cfg.Progress != nil {
				cfg.Progress(Progress{Stage: StageCandidates, Generation: g, Done: done, Total: total})
			}
		}
		pool, st, err := BuildPool(ctx, g, carried, first, src, cfg.Candidates, cfg.Checker, cfg.Workers, progress)
		if err != nil {
			return nil, err
		}
		res.Pools = append(res.Pools, st)
		for _, c := range pool.Candidates {
			if c.Generation == g {
				all = append(all, c)
			}
		}
		if rn.lab.Bank, err = labBank(base, all); err != nil {
			return nil, err
		}
		keep := 2 * cfg.Top
		if g == cfg.Generations {
			keep = cfg.Top
		}
		rc := RaceConfig{Budget: perGen, Keep: keep, Eta: 2, MinHands: 2}
		rr, err := Race(ctx, g, pool.Candidates, rc, cfg.Objective, func(r int) uint64 { return RoundSeed(cfg.Seed, g, r) }, rn.round, res.Spent)
		if rr != nil {
			for _, r := range rr.Rounds {
				res.Plans = append(res.Plans, rn.roundPlan(r))
			}
		}
		if err != nil {
			return nil, err
		}
		res.Races = append(res.Races, rr)
		res.Spent += rr.Spent
		log.record(rr)
		survivors = rr.Survivors()
		carried = survivors
	}
	res.Candidates = all
	if res.Final, err = finalEvaluation(ctx, rn, res); err != nil {
		return nil, err
	}
	log.FinalSeed, log.Finished = res.Final.Plan.Seed, true
	if err := log.write(); err != nil {
		return nil, err
	}
	return res, nil
}

// bankParents are the bank's rules the search starts from, as bank
// candidates (checked with the others when pooled).
func bankParents(base *rulebank.Bank, names []string) ([]*Candidate, error) {
	var out []*Candidate
	pick := base.Rules
	if len(names) > 0 {
		pick = nil
		for _, n := range names {
			c, err := base.Get(n)
			if err != nil {
				return nil, err
			}
			pick = append(pick, c)
		}
	}
	for _, c := range pick {
		r := c.Rule
		out = append(out, &Candidate{Proposal: Proposal{Name: r.Name, Expr: r.Expr, Starter: r.Starter, Origin: FromBank}, Name: r.Name,
			Depth: depth(c.Reads), compiled: c})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the search needs at least one rule of the bank to start from")
	}
	return out, nil
}

// usable are the parents whose mutations can pass the look-back check.
func usable(cs []*Candidate, lookBack int) []*Candidate {
	var out []*Candidate
	for _, c := range cs {
		if c.Depth >= 0 && c.Depth <= lookBack {
			out = append(out, c)
		}
	}
	return out
}
