package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/design"
)

// designFlags are design's flags: the search's configuration, and the
// flags read into it.
type designFlags struct {
	cfg                                   design.Config
	lineup, acceptance, target, objective string
}

func designCmd(g *global) *cobra.Command {
	df := &designFlags{cfg: design.DefaultConfig}
	cfg := &df.cfg
	c := &cobra.Command{
		Use:   "design",
		Short: "Search for the rules God scores best with, and write them as a rule bank",
		Long: `design searches the space of rules for those that maximise an objective, and
writes the best as a rule bank.

Candidates come from the scientists' grammar (every hypothesis is an expression
of the rule language) and from the bank's rules, mutated (an attribute, a
comparison, a constant or a suit cycle swapped; the rule negated) and combined
(and, or, or a condition on the previous card or on the position). Each is
checked as 'rules check' checks rules (it compiles, its starter admits cards,
no dead end, an acceptance rate within --acceptance, a look-back of at most
--look-back cards; reading the position n is allowed) and candidates that
behave alike on every reachable state are merged.

The candidates race by successive halving on paired seeds: every round, all
candidates still in play the same deals, and the better half by the objective
goes on. Later generations race the survivors with their own mutations and
combinations. At the end, the top designed rules and the bank's best rules
play fresh deals that no round played, and those figures are the ones
reported (the search's own figures for its winners are biased upwards).

Objectives: god-score (God's mean score), sweet-spot (the share of hands in
which some scientists identify the rule and others do not), or difficulty
(--target-difficulty 0.4-0.6: a misidentified share near the band's middle).
--length-penalty takes points off per node of the rule's syntax tree.

--out writes bank.yaml, the summaries in every format (design.*), the plot of
the search (search.png, .svg), search.json (provenance), and each round's run
folder (run.json, hands.jsonl: 'eleusis rerun' replays it). --resume continues
an interrupted search. The files are described in docs/results.md.`,
		Example: `  eleusis design --budget 200000 --out designs/
  eleusis rules check --bank designs/bank.yaml
  eleusis design --target-difficulty 0.4-0.6 --budget 50000 --out middle/
  eleusis design --objective sweet-spot --length-penalty 0.01 --look-back 1 --budget 50000 --out simple/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return g.design(cmd, df) },
	}
	fl := c.Flags()
	fl.IntVar(&cfg.Budget, "budget", cfg.Budget, "hands the whole search may play, the final evaluation's included")
	fl.Float64Var(&cfg.FinalShare, "final-share", cfg.FinalShare, "share of the budget for the final evaluation on fresh deals")
	fl.IntVar(&cfg.Candidates, "candidates", cfg.Candidates, "new candidates pooled per generation")
	fl.IntVar(&cfg.Generations, "generations", cfg.Generations, "races one after the other, each on the survivors of the last and their mutations")
	fl.IntVar(&cfg.Top, "top", cfg.Top, "designed rules evaluated at the end and written to the bank")
	fl.IntVar(&cfg.Baselines, "baselines", cfg.Baselines, "the bank's best rules (by the search) evaluated beside them")
	fl.StringVar(&df.objective, "objective", design.GodScore, "what to maximise: "+strings.Join(design.Objectives, ", "))
	fl.StringVar(&df.target, "target-difficulty", "0.4-0.6", "the difficulty objective's band of misidentified shares, `low-high`")
	fl.Float64Var(&cfg.Objective.LengthPenalty, "length-penalty", 0, "objective points taken off per node of the rule's syntax tree")
	fl.StringVar(&df.acceptance, "acceptance", "0.2-0.8", "the band of acceptance rates a candidate must lie in, `low-high`")
	fl.IntVar(&cfg.Checker.LookBack, "look-back", cfg.Checker.LookBack, "the most cards a candidate may look back (0 to 3; the position n is always allowed)")
	fl.StringVar(&cfg.Preset, "preset", cfg.Preset, "the `preset` the rules are played under (eleusis presets lists them)")
	fl.StringArrayVar(&cfg.Options, "option", nil, "override one option of the preset, `name=value` (repeatable)")
	fl.StringVar(&df.lineup, "lineup", strings.Join(agents.DefaultLineup, ";"), "the `line-up`: strategies by seat, separated by ';'")
	fl.StringSliceVar(&cfg.Parents, "rules", nil, "the bank's rules to start from, `names` separated by commas (default: every rule of the bank)")
	fl.BoolVar(&cfg.Measure, "measure", false, "discovery measures in the final evaluation even when the objective needs none (slower)")
	fl.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "the search's seed (every round's and the final evaluation's deals derive from it)")
	fl.IntVar(&cfg.Workers, "workers", 0, "parallel workers (0: all cores)")
	fl.StringVar(&cfg.Out, "out", "", "`folder` for bank.yaml, the summaries, the plot, search.json and the rounds' runs")
	fl.BoolVar(&cfg.Resume, "resume", false, "continue the interrupted search in --out")
	fl.BoolVar(&cfg.Force, "force", false, "let --out replace the files of another search in that folder")
	c.MarkFlagDirname("out")
	c.RegisterFlagCompletionFunc("objective", cobra.FixedCompletions(design.Objectives, cobra.ShellCompDirectiveNoFileComp))
	c.RegisterFlagCompletionFunc("preset", completePresets)
	g.bankFlags(c)
	g.formatFlags(c)
	g.completeRules(c, "rules")
	return c
}

// design runs the search, writes its bank and files into --out and
// prints its summary.
func (g *global) design(cmd *cobra.Command, df *designFlags) error {
	cfg := &df.cfg
	g.outFiles = true
	f := cmd.Flags()
	var err error
	if f.Changed("target-difficulty") {
		if cfg.Objective.Band, err = design.ParseBand(df.target); err != nil {
			return fmt.Errorf("--target-difficulty: %w", err)
		}
		if f.Changed("objective") && df.objective != design.Difficulty {
			return fmt.Errorf("--target-difficulty is the difficulty objective: give no --objective %s with it", df.objective)
		}
		df.objective = design.Difficulty
	}
	cfg.Objective.Kind = df.objective
	if cfg.Checker.Acceptance, err = design.ParseBand(df.acceptance); err != nil {
		return fmt.Errorf("--acceptance: %w", err)
	}
	cfg.Lineup = agents.SplitLineup(df.lineup)
	if err := atLeast("workers", cfg.Workers, 0); err != nil {
		return err
	}
	bank, err := g.loadBank()
	if err != nil {
		return err
	}
	cfg.Args = g.args
	bars := newBars()
	cfg.Progress = bars.update
	res, err := design.Run(cmd.Context(), bank, agents.NewKit(), *cfg)
	bars.finish(err == nil)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			where := ""
			if cfg.Out != "" {
				where = "; continue with the same command and --resume (the finished hands are in " + cfg.Out + ")"
			}
			return interrupted("interrupted" + where)
		}
		return err
	}
	if cfg.Out != "" {
		if err := res.Write(cfg.Out); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(g.errw, "eleusis: give --out to write the designed rules as a bank (bank.yaml), the plot and the data files")
	}
	return g.render(res, res.Tables()...)
}

// bars shows a search's progress on a terminal (nothing otherwise): a bar
// for the candidates of each generation, and one for the hands of the
// whole search.
type bars struct {
	p    *mpb.Progress
	bars map[string]*mpb.Bar
	last string
}

func newBars() *bars {
	if !isTerminal(os.Stderr) {
		return &bars{}
	}
	return &bars{p: mpb.New(mpb.WithOutput(os.Stderr), mpb.WithWidth(40)), bars: map[string]*mpb.Bar{}}
}

func (b *bars) update(pr design.Progress) {
	if b.p == nil {
		return
	}
	key, name := "hands", "hands "
	if pr.Stage == design.StageCandidates {
		key = fmt.Sprint("candidates ", pr.Generation)
		name = fmt.Sprintf("generation %d: candidates ", pr.Generation)
	}
	if key != b.last && strings.HasPrefix(b.last, "candidates") {
		b.bars[b.last].SetTotal(-1, true) // that generation's pool is made
	}
	b.last = key
	bar := b.bars[key]
	if bar == nil {
		bar = b.p.AddBar(int64(pr.Total), mpb.PrependDecorators(decor.Name(name), decor.CountersNoUnit("%d/%d")),
			mpb.AppendDecorators(decor.AverageSpeed(0, " %.0f/s", decor.WCSyncSpace), decor.Name(" ETA "), decor.AverageETA(decor.ET_STYLE_MMSS)))
		b.bars[key] = bar
	}
	bar.SetCurrent(int64(pr.Done))
}

func (b *bars) finish(ok bool) {
	if b.p == nil {
		return
	}
	for _, bar := range b.bars {
		if ok {
			bar.SetTotal(-1, true)
		} else {
			bar.Abort(false)
		}
	}
	b.p.Wait()
}
