package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
)

func rerunCmd(g *global) *cobra.Command {
	lf := &labFlags{shard: "1/1", hands: 1, moves: true}
	c := &cobra.Command{
		Use:   "rerun RUN_JSON",
		Short: "Run again the run a run.json describes, and check that it gives the same hands",
		Long: `rerun reads a run.json (what rank, bench or merge wrote) and plays its plan again:
the same rules (rebuilt from the expressions run.json records: no bank file is
needed), presets, options, line-ups, hands and seed, and the same shard. It sums
the run up as the run's command did. When the run.json's folder holds the run's
hands.jsonl, the new hands are compared with it, line by line: rerun says whether
they are identical, or where they first differ, and exits 1 if they differ.

It refuses a build that plays the run's presets differently (the first
difference is named), and says so when the run was made by another revision.`,
		Example: `  eleusis rerun results/run.json --out check/`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g.outFiles = true
			if lf.out == "" {
				return fmt.Errorf("rerun needs --out (a folder for the new run)")
			}
			if err := atLeast("workers", lf.workers, 0); err != nil {
				return err
			}
			meta, err := lab.ReadRunMeta(args[0])
			if err != nil {
				return err
			}
			bank, err := lab.PlanBank(&meta.Plan)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if err := meta.CheckOptions(); err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if prog := lab.ThisProgram(); meta.Program.Revision != "" && prog.Revision != "" && meta.Program.Revision != prog.Revision {
				fmt.Fprintf(g.errw, "eleusis: the run was made by revision %s, this is %s: the hands may differ where the program changed\n", meta.Program.Revision, prog.Revision)
			}
			if meta.Shard != "" {
				if _, err := lab.ParseShard(meta.Shard); err != nil {
					return fmt.Errorf("%s: %w", args[0], err)
				}
				lf.shard = meta.Shard
			}
			p := meta.Plan
			runner := &lab.Lab{Bank: bank, Kit: agents.NewKit()}
			sum, err := g.summaryOf(meta.Command, &p, runner)
			if err != nil {
				return err
			}
			if err := lf.run(cmd.Context(), g, meta.Command, &p, runner, sum.add); err != nil {
				return err
			}
			if err := g.finish(sum, &p, lf.out); err != nil {
				return err
			}
			return g.sameHands(filepath.Join(filepath.Dir(args[0]), "hands.jsonl"), filepath.Join(lf.out, "hands.jsonl"))
		},
	}
	c.Flags().StringVar(&lf.out, "out", "", "`folder` for the new run (its run.json, hands.jsonl, summaries and plots)")
	c.Flags().BoolVar(&lf.force, "force", false, "let --out replace the files of another run in that folder")
	c.Flags().IntVar(&lf.workers, "workers", 0, "parallel workers (0: all cores; the hands do not depend on it)")
	c.MarkFlagDirname("out")
	lf.sandbox.register(c)
	g.formatFlags(c)
	return c
}

// sameHands compares a rerun's hands with the run's, when the run's folder
// holds them: an error says where they first differ.
func (g *global) sameHands(old, rerun string) error {
	if _, err := os.Stat(old); err != nil {
		fmt.Fprintf(g.errw, "eleusis: no %s to compare the new hands with\n", old)
		return nil
	}
	diff, err := lab.CompareHands(old, rerun)
	if err != nil {
		return err
	}
	if diff != "" {
		return fmt.Errorf("the rerun differs from the run: %s", diff)
	}
	fmt.Fprintf(g.errw, "eleusis: the rerun's hands.jsonl is identical to %s\n", old)
	return nil
}
