package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
)

// DefaultDesign is the design bench plays when none is given (README,
// "Benchmarking strategies", says why).
const DefaultDesign = "solo"

func benchCmd(g *global) *cobra.Command {
	lf := &labFlags{}
	var strategiesFlag, designFlag string
	var seats int
	var perf bool
	var perfHands int
	c := &cobra.Command{
		Use:   "bench",
		Short: "Compare strategies on paired seeds: discovery alone or among copies, score together",
		Long: `bench compares strategies in one or more designs, every line-up on the same
deals and rules (paired seeds):

  solo         each strategy alone against God (a one-seat table: the option
               min_players=1 is added): how often and how fast it identifies
               the rule, how well it predicts God's verdicts, how calibrated
               its confidence is — its own figures, nobody else's experiments.
  homogeneous  tables of --seats copies of each strategy: the same figures
               with more evidence per hand, one seat measured per hand.
  mixed        the strategies together at tables of --seats, seated by a
               balanced schedule (every strategy meets every other equally
               often in every pair of seats): mean score, win rate, paired
               score differences.

A strategy without a belief (random, oracle, an outside program that states
none) is not measured; every strategy's hands are also shown through an ideal
observer's eyes (what its experiments revealed). Several designs may be
combined: --design solo,mixed. Each table says which design it comes from.

--preset solo-guessing plays the solo guessing protocol of language-model
benchmarks: a scientist may state the rule after any move; a right statement
ends the hand, a wrong one costs points; a "Stating the rule" table (and
bench-guessing.csv, guessing.png) gives each strategy's guessed share, the
move of its right statement and its turn score (docs/strategies.md).

--perf instead measures speed: hands per second per core for each strategy
(4 players of it), at 1 worker and at all workers, and the scaling.

Strategies, name(key=value,...):
` + agents.Help(),
		Example: `  eleusis bench --hands 20
  eleusis bench --design homogeneous --strategies "bayes-eig,random" --rules alternate-parity
  eleusis bench --design solo,mixed --strategies "bayes-eig,exec(persistent=true):python3 my_agent.py"
  eleusis bench --preset solo-guessing --strategies "bayes-eig(guess=0.5),bayes-eig(guess=0,name=rash)"
  eleusis bench --perf`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			g.outFiles = true
			if err := atLeast("seats", seats, 1); err != nil {
				return err
			}
			if !(g.maxFailures >= 0 && g.maxFailures <= 1) {
				return fmt.Errorf("--max-failures is a share from 0 to 1, not %v", g.maxFailures)
			}
			if perf {
				if err := atLeast("perf-hands", perfHands, 1); err != nil {
					return err
				}
				if err := atLeast("workers", lf.workers, 0); err != nil {
					return err
				}
				return g.perf(cmd.Context(), agents.SplitStrategies(strategiesFlag), perfHands, lf.workers)
			}
			designs, err := lab.ParseDesigns(designFlag)
			if err != nil {
				return err
			}
			strategies := agents.SplitStrategies(strategiesFlag)
			if len(strategies) == 0 {
				strategies = agents.DefaultBench
			}
			if len(lf.lineups) > 0 {
				return fmt.Errorf("bench seats --strategies by --design: --lineup is for rank")
			}
			if err := uniqueNames(strategies); err != nil {
				return err
			}
			p, runner, err := lf.plan(g)
			if err != nil {
				return err
			}
			if err := p.SeatBench(strategies, designs, seats); err != nil {
				return err
			}
			p.Calibration = true // the leaderboard reports calibration
			sum := g.newSummary("bench", p, runner)
			if err := lf.run(cmd.Context(), g, "bench", p, runner, sum.add); err != nil {
				return err
			}
			return sum.finish(g, lf.out)
		},
	}
	lf.register(c, g, 4)
	c.Flags().StringVar(&strategiesFlag, "strategies", "", "`strategies` to compare, separated by commas (outside parentheses) or ';' (default: "+strings.Join(agents.DefaultBench, ",")+")")
	c.Flags().StringVar(&designFlag, "design", DefaultDesign, "`designs`: solo, homogeneous, mixed, or several separated by commas")
	c.Flags().IntVar(&seats, "seats", 4, "players at a homogeneous or mixed table")
	c.Flags().Float64Var(&g.maxFailures, "max-failures", bench.DefaultMaxFailures, "exit non-zero, naming the strategy, when its share of failed hands or of fallback answers (not its own: its meta says fallback) exceeds this `share`")
	c.Flags().BoolVar(&perf, "perf", false, "measure hands per second per core instead")
	c.Flags().IntVar(&perfHands, "perf-hands", 400, "at least this many hands per measurement with --perf (and at least 1 s)")
	c.RegisterFlagCompletionFunc("design", func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var names []string
		for _, d := range lab.Designs {
			names = append(names, string(d))
		}
		return listCompletions(names, toComplete), cobra.ShellCompDirectiveNoFileComp
	})
	return c
}

// tooManyFailures is the error of a bench run in which some strategy, in
// some design, failed more of its hands, or fell back on more of its
// answers, than max allows: the summary was written, but it measures a
// strategy that did not play its own game.
func tooManyFailures(lb *bench.Leaderboard, max float64) error {
	lines := lb.TooManyFailures(max)
	if len(lines) == 0 {
		return nil
	}
	return errors.New(strings.Join(lines, "\n"))
}

// uniqueNames refuses two strategies that tables would show under one
// name (a name= given twice, or the name of another's spec).
func uniqueNames(specs []string) error {
	seen := map[string]string{}
	for _, s := range specs {
		sp, err := agents.ParseSpec(s)
		if err != nil {
			return err
		}
		if other, ok := seen[sp.Shown()]; ok && other != s {
			return fmt.Errorf("strategies %q and %q would both be called %q in the tables: give one another name=", other, s, sp.Shown())
		}
		seen[sp.Shown()] = s
	}
	return nil
}

// perf prints the lab's speed measurement (lab.MeasureSpeed).
func (g *global) perf(ctx context.Context, strategies []string, hands, workers int) error {
	bank, err := g.loadBank()
	if err != nil {
		return err
	}
	runner := &lab.Lab{Bank: bank, Kit: agents.NewKit()}
	defer runner.Kit.Close() // outside agents kept between hands
	rule, rows, err := runner.MeasureSpeed(ctx, lab.SpeedPlan{Strategies: strategies, Hands: hands, Workers: workers})
	if err != nil {
		return err
	}
	workers = rows[0].Workers
	t := render.Table{Title: fmt.Sprintf("Speed: hands per second, 4 players of each strategy, rule %s, new-eleusis (each figure: at least 1 s and %d hands)", rule, hands),
		Cols: []render.Column{{Name: "strategy", Whole: true}, {Name: "hands_per_s_1_worker", Head: "1 worker", Kind: render.Float},
			{Name: "hands_per_s_all_workers", Head: fmt.Sprintf("%d workers", workers), Kind: render.Float},
			{Name: "hands_per_s_per_core", Head: "per core", Kind: render.Float}, {Name: "scaling", Kind: render.Float, Prec: 2},
			{Name: "hands_per_s_per_core_with_discovery", Head: "per core with discovery", Kind: render.Float},
			{Name: "index_mib", Head: "index MiB", Kind: render.Float, Prec: 1}}}
	for _, r := range rows {
		index := render.FloatCell(r.IndexMiB)
		if r.IndexMiB == 0 {
			index = render.Cell{} // no hypothesis space
		}
		t.Cells = append(t.Cells, []render.Cell{render.Str(r.Strategy), render.FloatCell(r.OneWorker), render.FloatCell(r.AllWorkers),
			render.FloatCell(r.PerCore), render.FloatCell(r.Scaling), render.FloatCell(r.Measured), index})
	}
	return g.render(rows, t)
}
