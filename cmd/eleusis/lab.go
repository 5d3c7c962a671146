package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/reports"
	"github.com/eleusis/eleusis/sim"
)

// DefaultLineup is the table `eleusis rank` seats when none is given: an
// information-seeking scientist, a positive tester with a smaller space (so
// that some rules are beyond it), and two people of different patience. Their
// beliefs differ, so a rule can be found by some and not others.
var DefaultLineup = []string{"bayes-eig", "positive-tester(size=20000)", "bounded-human", "bounded-human(k=8,memory=4,slip=0.1)"}

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
	resume         bool
	moves          bool
}

func (lf *labFlags) register(c *cobra.Command, hands int) {
	f := c.Flags()
	f.StringSliceVar(&lf.rules, "rules", nil, "rule names (default: every rule of the bank)")
	f.StringSliceVar(&lf.tags, "tag", nil, "only rules with one of these tags")
	f.StringSliceVar(&lf.presets, "preset", []string{"new-eleusis"}, "presets to play (see `eleusis presets`)")
	f.StringArrayVar(&lf.options, "option", nil, "override one option of every preset, name=value (repeatable), e.g. prophet=true")
	f.StringArrayVar(&lf.lineups, "lineup", nil, "a line-up: strategies by seat, separated by ';' (repeatable; default: "+strings.Join(DefaultLineup, ";")+")")
	f.IntVar(&lf.hands, "hands", hands, "hands per rule, preset and line-up")
	f.Uint64Var(&lf.seed, "seed", 1, "the run's seed (every hand's seed derives from it)")
	f.IntVar(&lf.workers, "workers", 0, "parallel workers (0: all cores)")
	f.StringVar(&lf.shard, "shard", "1/1", "run only shard i of n (i/n), for spreading a run over machines; combine with `eleusis merge`")
	f.StringVar(&lf.out, "out", "", "folder for run.json, hands.jsonl, the summaries in every format and the plots")
	f.BoolVar(&lf.resume, "resume", false, "continue the interrupted run in --out")
	f.BoolVar(&lf.moves, "moves", true, "keep every move in hands.jsonl (docs/results.md; --moves=false for smaller files)")
}

func (lf *labFlags) plan(g *global) (*reports.Plan, *reports.Lab, error) {
	bank, err := g.loadBank()
	if err != nil {
		return nil, nil, err
	}
	p := &reports.Plan{Seed: lf.seed, Presets: lf.presets, Options: lf.options, Hands: lf.hands, Moves: lf.moves}
	if len(lf.rules) > 0 {
		p.Rules = lf.rules
	} else {
		for _, r := range bank.Rules {
			if len(lf.tags) == 0 || hasAny(r.Rule.Tags, lf.tags) {
				p.Rules = append(p.Rules, r.Rule.Name)
			}
		}
	}
	if len(lf.lineups) == 0 {
		p.Lineups = [][]string{DefaultLineup}
	}
	for _, lu := range lf.lineups {
		var seats []string
		for _, s := range strings.Split(lu, ";") {
			if s = strings.TrimSpace(s); s != "" {
				seats = append(seats, s)
			}
		}
		p.Lineups = append(p.Lineups, seats)
	}
	return p, &reports.Lab{Bank: bank, Kit: agents.NewKit()}, nil
}

func hasAny(have, want []string) bool {
	for _, w := range want {
		for _, h := range have {
			if h == w {
				return true
			}
		}
	}
	return false
}

// run plays a plan with Ctrl-C handling and a progress bar on a terminal.
func (lf *labFlags) run(p *reports.Plan, lab *reports.Lab) ([]reports.HandRecord, error) {
	shard, err := sim.ParseShard(lf.shard)
	if err != nil {
		return nil, err
	}
	if lf.resume && lf.out == "" {
		return nil, fmt.Errorf("--resume needs --out (the folder of the interrupted run)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ro := reports.RunOptions{Out: lf.out, Workers: lf.workers, Shard: shard, Resume: lf.resume}
	var progress *mpb.Progress
	var bar *mpb.Bar
	if isTerminal(os.Stderr) {
		progress = mpb.New(mpb.WithOutput(os.Stderr), mpb.WithWidth(40))
		start := time.Now()
		ro.Progress = func(done, total int) {
			if bar == nil {
				bar = progress.AddBar(int64(total), mpb.PrependDecorators(decor.Name("hands "), decor.CountersNoUnit("%d/%d")),
					mpb.AppendDecorators(decor.AverageSpeed(0, " %.0f/s", decor.WCSyncSpace), decor.Name(" ETA "), decor.AverageETA(decor.ET_STYLE_MMSS)))
				bar.SetCurrent(int64(done - 1))
			}
			bar.EwmaIncrement(time.Since(start) / time.Duration(max(1, done)))
		}
	}
	recs, err := lab.Run(ctx, p, ro)
	if progress != nil {
		if bar != nil {
			if err == nil {
				bar.SetTotal(-1, true) // complete: the last frame shows every hand
			} else {
				bar.Abort(false)
			}
		}
		progress.Wait()
	}
	if ctx.Err() != nil {
		where := ""
		if lf.out != "" {
			where = fmt.Sprintf("; continue with the same command and --resume (kept in %s)", filepath.Join(lf.out, "hands.jsonl.part"))
		}
		return nil, fmt.Errorf("interrupted after %d hands%s", len(recs), where)
	}
	return recs, err
}

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
line-up) and ranks the rules by difficulty: the share of hands in which no
scientist's posterior on the rule reached 0.9 (then by mean plays to
discovery). It also ranks them by God's expected score, marks the sweet spot
(rules found by some scientists and not others in at least 20% of hands),
and reports Spearman and Kendall correlations between the difficulty
measures and the rules' acceptance rate and description length.

With no arguments it runs the embedded default bank with the default line-up.`,
		Example: `  eleusis rank
  eleusis rank --hands 400 --out results/ --format markdown
  eleusis rank --rules alternate-colors,suit-cycle --lineup "bayes-eig;random;random;random"
  eleusis rank --shard 3/8 --out shard3/   # then: eleusis merge shard*/ --out all/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := reports.CheckFormat(g.format); err != nil {
				return err
			}
			p, lab, err := lf.plan(g)
			if err != nil {
				return err
			}
			recs, err := lf.run(p, lab)
			if err != nil {
				return err
			}
			return g.rankOutput(p, recs, lab, lf.out)
		},
	}
	lf.register(c, 60)
	return c
}

func (g *global) rankOutput(p *reports.Plan, recs []reports.HandRecord, lab *reports.Lab, out string) error {
	rk, err := reports.Rank(p, recs, lab.Bank, lab.Kit)
	if err != nil {
		return err
	}
	if out != "" {
		if err := reports.WriteAll(out, "rank", rk, rk.Tables()); err != nil {
			return err
		}
		if err := reports.RankPlots(out, rk); err != nil {
			return err
		}
	}
	return reports.Render(g.out, g.format, rk, rk.Tables()...)
}

func mergeCmd(g *global) *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "merge SHARD_DIR...",
		Short: "Combine the folders of a sharded run into the whole run",
		Long: `merge reads run.json and hands.jsonl of every shard folder, checks that they are
the shards of one plan and together cover it, and writes the whole run's
hands.jsonl (byte-identical to an unsharded run) and its ranking.`,
		Example: `  eleusis merge shard1 shard2 shard3 shard4 --out all`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := reports.CheckFormat(g.format); err != nil {
				return err
			}
			p, recs, err := reports.Merge(args)
			if err != nil {
				return err
			}
			bank, err := g.loadBank()
			if err != nil {
				return err
			}
			lab := &reports.Lab{Bank: bank, Kit: agents.NewKit()}
			if out != "" {
				if err := reports.WriteRun(out, p, recs); err != nil {
					return err
				}
			}
			for i := range recs {
				recs[i].Moves = nil
			}
			return g.rankOutput(p, recs, lab, out)
		},
	}
	c.Flags().StringVar(&out, "out", "", "folder for the merged hands.jsonl, summaries and plots")
	return c
}
