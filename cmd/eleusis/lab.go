package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rank"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// labFlags are the flags of the commands that run plans.
type labFlags struct {
	rules, presets []string
	lineups        []string
	options        []string
	tags           []string
	hands          int
	seed           uint64
	workers        int
	shard          string
	out            string
	resume, force  bool
	retryFailed    bool
	models         string
	maxCost        float64
	moves          bool
	dealsFrom      string
	flags          *pflag.FlagSet
	sandbox        sandboxFlags
}

func (lf *labFlags) register(c *cobra.Command, g *global, hands int) {
	f := c.Flags()
	f.StringSliceVar(&lf.rules, "rules", nil, "rule `names`, separated by commas (default: every rule of the bank)")
	f.StringSliceVar(&lf.tags, "tag", nil, "only rules with one of these `tags`")
	f.StringSliceVar(&lf.presets, "preset", []string{"new-eleusis"}, "`presets` to play, separated by commas (eleusis presets lists them)")
	f.StringArrayVar(&lf.options, "option", nil, "override one option of every preset, `name=value` (repeatable), e.g. prophet=true")
	f.StringArrayVar(&lf.lineups, "lineup", nil, "a `line-up`: strategies by seat, separated by ';' (repeatable; default: "+strings.Join(agents.DefaultLineup, "; ")+")")
	f.IntVar(&lf.hands, "hands", hands, "hands per rule, preset and line-up")
	f.Uint64Var(&lf.seed, "seed", 1, "the run's seed (every hand's seed derives from it, and from the run's secret when an outside agent plays)")
	f.StringVar(&lf.dealsFrom, "deals-from", "", "deal as the run of this run.json `file` did (its secret, and its seed unless --seed is given), to compare strategies across runs deal by deal")
	f.IntVar(&lf.workers, "workers", 0, "parallel workers (0: all cores)")
	f.StringVar(&lf.shard, "shard", "1/1", "run only shard `i/n` of the plan, to spread a run over machines (then eleusis merge)")
	f.StringVar(&lf.out, "out", "", "`folder` for run.json, hands.jsonl, the summaries in every format and the plots")
	f.BoolVar(&lf.resume, "resume", false, "continue the interrupted run in --out")
	f.BoolVar(&lf.force, "force", false, "let --out replace the files of another run in that folder")
	f.StringVar(&lf.models, "models", agents.DefaultModelsFile, "the models `file` the built-in LLM strategy llm(model=NAME) reads (docs/strategies.md)")
	f.Float64Var(&lf.maxCost, "max-cost", 0, "stop the run cleanly, resumable with --resume, once the spend its hands report passes these `dollars` (US$; 0: no cap)")
	c.MarkFlagFilename("models", "yaml", "yml")
	f.BoolVar(&lf.retryFailed, "retry-failed", false, "with --resume: first play again the hands a seat failed (a provider's outage), on the same deals; their records say so")
	f.BoolVar(&lf.moves, "moves", true, "keep every move in hands.jsonl (docs/results.md; --moves=false for smaller files)")
	c.MarkFlagDirname("out")
	c.MarkFlagFilename("deals-from", "json")
	lf.flags = f
	lf.sandbox.register(c)
	g.bankFlags(c)
	g.formatFlags(c)
	g.completeRules(c, "rules")
	c.RegisterFlagCompletionFunc("preset", completePresets)
	c.RegisterFlagCompletionFunc("tag", g.completeTags)
}

// check refuses flag values no run can take, before anything is played.
func (lf *labFlags) check() error {
	if err := atLeast("hands", lf.hands, 1); err != nil {
		return err
	}
	if err := atLeast("workers", lf.workers, 0); err != nil {
		return err
	}
	if lf.resume && lf.out == "" {
		return fmt.Errorf("--resume needs --out (the folder of the interrupted run)")
	}
	if !(lf.maxCost >= 0) {
		return fmt.Errorf("--max-cost is US$, 0 (no cap) or more, not %v", lf.maxCost)
	}
	if lf.retryFailed && !lf.resume {
		return fmt.Errorf("--retry-failed plays again the failed hands of the run in --out: give --resume too")
	}
	if lf.resume && lf.force {
		return fmt.Errorf("--resume continues the run in --out and --force replaces it: give one of them")
	}
	_, err := lab.ParseShard(lf.shard)
	return err
}

func (lf *labFlags) plan(g *global) (*lab.Plan, *lab.Lab, error) {
	if err := lf.check(); err != nil {
		return nil, nil, err
	}
	bank, err := g.loadBank()
	if err != nil {
		return nil, nil, err
	}
	p := &lab.Plan{Seed: lf.seed, Presets: lf.presets, Options: lf.options, Hands: lf.hands, Moves: lf.moves}
	if len(lf.rules) > 0 {
		p.Rules = lf.rules
	} else {
		for _, r := range bank.Rules {
			if len(lf.tags) == 0 || hasAny(r.Rule.Tags, lf.tags) {
				p.Rules = append(p.Rules, r.Rule.Name)
			}
		}
		if len(p.Rules) == 0 {
			return nil, nil, fmt.Errorf("no rule of the bank has a tag among %s", strings.Join(lf.tags, ", "))
		}
	}
	if len(lf.lineups) == 0 {
		p.Lineups = [][]string{agents.DefaultLineup}
	}
	for _, lu := range lf.lineups {
		p.Lineups = append(p.Lineups, agents.SplitLineup(lu))
	}
	kit := agents.NewKit()
	kit.SetModelsFile(lf.models)
	return p, &lab.Lab{Bank: bank, Kit: kit}, nil
}

func hasAny(have, want []string) bool {
	for _, w := range want {
		if slices.Contains(have, w) {
			return true
		}
	}
	return false
}

// run plays a plan with Ctrl-C handling and a progress bar on a terminal,
// handing every hand to each.
func (lf *labFlags) run(ctx context.Context, g *global, command string, p *lab.Plan, runner *lab.Lab, each func(*lab.HandRecord) error) error {
	shard, err := lab.ParseShard(lf.shard)
	if err != nil {
		return err
	}
	if lf.dealsFrom != "" {
		if err := p.DealsFrom(lf.dealsFrom, lf.flags.Changed("seed")); err != nil {
			return err
		}
	}
	if lf.sandbox.off && p.SeatsOutsider() {
		p.NoSandbox = true
	}
	lf.sandbox.confine(g, runner.Kit, p.SeatsOutsider() && !p.NoSandbox, lf.out, g.bank, lf.dealsFrom)
	st := newStatus(p)
	ro := lab.RunOptions{Out: lf.out, Workers: lf.workers, Shard: shard, Resume: lf.resume, Force: lf.force, RetryFailed: lf.retryFailed,
		MaxCost: lf.maxCost, Command: command, Args: g.args, Each: func(r *lab.HandRecord) error { st.add(r); return each(r) }}
	bar := newHandsBar(st)
	ro.Progress = bar.update
	_, err = runner.Run(ctx, p, ro)
	st.done()
	if st.any() {
		fmt.Fprint(g.errw, st.String()) // the last status, on any output
	}
	var capped *lab.CostCapError
	if errors.As(err, &capped) {
		bar.finish(false)
		return fmt.Errorf("%w (kept in %s)", err, filepath.Join(lf.out, "hands.jsonl.part"))
	}
	runner.Kit.Close() // outside agents kept between hands
	bar.finish(err == nil)
	if ctx.Err() != nil {
		where := ""
		if lf.out != "" {
			where = fmt.Sprintf("; continue with the same command and --resume (kept in %s)", filepath.Join(lf.out, "hands.jsonl.part"))
		}
		return interrupted(fmt.Sprintf("interrupted after %d hands%s", bar.done, where))
	}
	return err
}

// handsBar shows a run's progress on a terminal (nothing elsewhere): the
// hands done of the plan's, their rate and the time left, above the run's
// status.
type handsBar struct {
	p     *mpb.Progress
	bar   *mpb.Bar
	start time.Time // for the rate and the time left
	done  int       // hands done, shown or not
}

func newHandsBar(st *status) *handsBar {
	b := &handsBar{}
	if isTerminal(os.Stderr) {
		b.p, b.start = mpb.New(mpb.WithOutput(os.Stderr), mpb.WithWidth(40)), time.Now()
		st.show(b.p)
	}
	return b
}

// update is lab.RunOptions.Progress: n hands of total are done.
func (b *handsBar) update(n, total int) {
	b.done = n
	if b.p == nil {
		return
	}
	if b.bar == nil {
		b.bar = b.p.AddBar(int64(total), mpb.PrependDecorators(decor.Name("hands "), decor.CountersNoUnit("%d/%d")),
			mpb.AppendDecorators(decor.AverageSpeed(0, " %.0f/s", decor.WCSyncSpace), decor.Name(" ETA "), decor.AverageETA(decor.ET_STYLE_MMSS)))
		b.bar.SetCurrent(int64(n - 1))
	}
	b.bar.EwmaIncrement(time.Since(b.start) / time.Duration(max(1, n)))
}

// finish ends the bar: complete (its last frame shows every hand) when the
// run was, else cut where it stopped.
func (b *handsBar) finish(complete bool) {
	if b.p == nil {
		return
	}
	if b.bar != nil {
		if complete {
			b.bar.SetTotal(-1, true)
		} else {
			b.bar.Abort(false)
		}
	}
	b.p.Wait()
	b.p = nil
}

// interrupted is a run stopped by Ctrl-C: its message, and
// context.Canceled underneath (exit status 130).
type interrupted string

func (e interrupted) Error() string { return string(e) }
func (e interrupted) Unwrap() error { return context.Canceled }

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func rankCmd(g *global) *cobra.Command {
	lf := &labFlags{}
	c := &cobra.Command{
		Use:   "rank",
		Short: "Rank the bank's rules by difficulty and by God's expected score",
		Long: `rank plays every rule of the bank (--hands hands each, under each preset and
line-up) and ranks the rules by difficulty, "misidentified": the share of
(hand, scientist) pairs whose best rule at the end of the hand is not God's
rule on the states that hand could reach (ties broken by the median move
from which the best rule stayed God's). Rules no scientist of the line-up can express are listed apart. It
also ranks them by God's expected score, marks the sweet spot (rules found by
some scientists and not others in at least 20% of hands), and reports
Spearman and Kendall correlations between the difficulty measures and the
rules' acceptance rate and description length.

With no arguments it runs the embedded default bank with the default line-up.
The files --out writes are described in docs/results.md.`,
		Example: `  eleusis rank
  eleusis rank --hands 400 --out results/ --format markdown
  eleusis rank --rules same-suit,suit-cycle-sdch --lineup "bayes-eig;random;random;random"
  eleusis rank --shard 3/8 --out shard3/   # then: eleusis merge shard*/ --out all/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			g.outFiles = true
			p, runner, err := lf.plan(g)
			if err != nil {
				return err
			}
			sum := newTallied(rank.NewRanker(p, runner.Bank, runner.Kit))
			if err := lf.run(cmd.Context(), g, "rank", p, runner, sum.add); err != nil {
				return err
			}
			return g.finish(sum, p, lf.out)
		},
	}
	lf.register(c, g, 60)
	return c
}

func mergeCmd(g *global) *cobra.Command {
	var out string
	var force bool
	c := &cobra.Command{
		Use:   "merge SHARD_DIR...",
		Short: "Combine the folders of a sharded run into the whole run",
		Long: `merge reads run.json and hands.jsonl of every shard folder and checks that they
are the shards of one run (the same plan, rule expressions, options and
program: the first difference is named) and that every hand is the plan's
(index, seed, rule, preset, line-up), none missing or repeated. It sums the
whole run up as the run's command did (rank or bench) and, with --out, writes
the whole run's run.json and hands.jsonl (byte-identical to an unsharded
run's), the summaries and the plots.

The rules are rebuilt from run.json (their expressions are recorded there):
no --bank is needed.`,
		Example: `  eleusis merge shard1 shard2 shard3 shard4 --out all`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g.outFiles = true
			shards, err := lab.OpenShards(args)
			if err != nil {
				return err
			}
			meta := shards.Meta
			bank, err := lab.PlanBank(&meta.Plan)
			if err != nil {
				return fmt.Errorf("merge: %w", err)
			}
			sum, err := g.summaryOf(meta.Command, &meta.Plan, &lab.Lab{Bank: bank, Kit: agents.NewKit()})
			if err != nil {
				return err
			}
			if err := shards.Merge(lab.MergeOptions{Out: out, Force: force, Args: g.args, Each: sum.add}); err != nil {
				return err
			}
			return g.finish(sum, &meta.Plan, out)
		},
	}
	c.Flags().StringVar(&out, "out", "", "`folder` for the merged run.json, hands.jsonl, summaries and plots")
	c.Flags().BoolVar(&force, "force", false, "let --out replace the files of another run in that folder")
	c.MarkFlagDirname("out")
	g.formatFlags(c)
	return c
}

// completeRules completes a flag's rule names from the bank (--bank
// included when given before it).
func (g *global) completeRules(c *cobra.Command, flag string) {
	c.RegisterFlagCompletionFunc(flag, func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return listCompletions(g.ruleNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
	})
}

// listCompletions completes the last item of a comma-separated list.
func listCompletions(names []string, toComplete string) []cobra.Completion {
	done := ""
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		done = toComplete[:i+1]
	}
	out := make([]cobra.Completion, 0, len(names))
	for _, n := range names {
		out = append(out, done+n)
	}
	return out
}

func (g *global) ruleNames() []string {
	b, err := g.loadBank()
	if err != nil {
		b = rulebank.Default()
	}
	var names []string
	for _, r := range b.Rules {
		names = append(names, r.Rule.Name)
	}
	return names
}

func (g *global) completeTags(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	b, err := g.loadBank()
	if err != nil {
		b = rulebank.Default()
	}
	var tags []string
	for _, r := range b.Rules {
		tags = append(tags, r.Rule.Tags...)
	}
	slices.Sort(tags)
	return listCompletions(slices.Compact(tags), toComplete), cobra.ShellCompDirectiveNoFileComp
}

func completePresets(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return listCompletions(sim.PresetNames(), toComplete), cobra.ShellCompDirectiveNoFileComp
}
