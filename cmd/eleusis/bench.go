package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/bench"
	"github.com/eleusis/eleusis/lab"
)

// DefaultDesign is the design bench plays when none is given (README,
// "Benchmarking strategies", says why).
const DefaultDesign = "solo"

// benchFlags are bench's flags.
type benchFlags struct {
	lab                 labFlags
	strategies, designs string
	seats, perfHands    int
	perf                bool
}

func benchCmd(g *global) *cobra.Command {
	bf := &benchFlags{}
	lf := &bf.lab
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
--preset solo-public plays the public benchmark's settings of that protocol
(12 cards kept at 12, 2 points a wrong statement, the score floored at 0).

llm(model=NAME) plays a language model of the models file (--models) through
the providers' SDKs; every call is traced into traces.jsonl.gz, and
--max-cost stops the run, resumably, once its spend passes the cap. A seat
that fails its hand scores the worst its protocol allows; --resume
--retry-failed plays such hands again (a provider's outage).

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
		RunE: func(cmd *cobra.Command, args []string) error { return g.bench(cmd.Context(), bf) },
	}
	lf.register(c, g, 4)
	c.Flags().StringVar(&bf.strategies, "strategies", "", "`strategies` to compare, separated by commas (outside parentheses) or ';' (default: "+strings.Join(agents.DefaultBench, ",")+")")
	c.Flags().StringVar(&bf.designs, "design", DefaultDesign, "`designs`: solo, homogeneous, mixed, or several separated by commas")
	c.Flags().IntVar(&bf.seats, "seats", 4, "players at a homogeneous or mixed table")
	c.Flags().Float64Var(&g.maxFailures, "max-failures", bench.DefaultMaxFailures, "exit non-zero, naming the strategy, when its share of failed hands or of fallback answers (not its own: its meta says fallback) exceeds this `share`")
	c.Flags().BoolVar(&bf.perf, "perf", false, "measure hands per second per core instead")
	c.Flags().IntVar(&bf.perfHands, "perf-hands", 400, "at least this many hands per measurement with --perf (and at least 1 s)")
	c.RegisterFlagCompletionFunc("design", func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var names []string
		for _, d := range lab.Designs {
			names = append(names, string(d))
		}
		return listCompletions(names, toComplete), cobra.ShellCompDirectiveNoFileComp
	})
	return c
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
	return g.render(rows, bench.SpeedTable(rule, hands, rows))
}

// bench runs bench: the speed measurement with --perf, else the
// leaderboard of the strategies.
func (g *global) bench(ctx context.Context, bf *benchFlags) error {
	lf := &bf.lab
	g.outFiles = true
	if err := atLeast("seats", bf.seats, 1); err != nil {
		return err
	}
	if !(g.maxFailures >= 0 && g.maxFailures <= 1) {
		return fmt.Errorf("--max-failures is a share from 0 to 1, not %v", g.maxFailures)
	}
	if bf.perf {
		if err := atLeast("perf-hands", bf.perfHands, 1); err != nil {
			return err
		}
		if err := atLeast("workers", lf.workers, 0); err != nil {
			return err
		}
		return g.perf(ctx, agents.SplitStrategies(bf.strategies), bf.perfHands, lf.workers)
	}
	designs, err := lab.ParseDesigns(bf.designs)
	if err != nil {
		return err
	}
	strategies := agents.SplitStrategies(bf.strategies)
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
	if err := p.SeatBench(strategies, designs, bf.seats); err != nil {
		return err
	}
	p.Calibration = true // the leaderboard reports calibration
	b := bench.NewBencher(p)
	b.MaxFailures = g.maxFailures
	sum := newTallied(b)
	if err := lf.run(ctx, g, "bench", p, runner, sum.add); err != nil {
		return err
	}
	return g.finish(sum, p, lf.out)
}
