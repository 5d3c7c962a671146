package main

import (
	"cmp"
	"os"

	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
)

func replayCmd(g *global) *cobra.Command {
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "Referee a transcript of a hand",
		Long: `replay reads a transcript (docs/files.md), referees every move with God's rule
(verdicts, penalties, sudden death, the Prophet) and prints every move, the
cards left and the scores. A move that breaks the rules is an error naming the
move's number and the reason, and the exit status is non-zero.`,
		Example: `  eleusis replay hand.yaml
  eleusis replay hand.yaml --format json`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			b, err := g.loadBank()
			if err != nil {
				return err
			}
			data, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			t, err := sim.ParseTranscriptFile(args[0], data) // its errors name the file and line
			if err != nil {
				return err
			}
			rule, err := b.Lookup(t.RuleName, t.Rule, args[0])
			if err != nil {
				return err
			}
			name := cmp.Or(t.RuleName, t.Rule) // an expression is shown as written
			h, rerr := sim.Replay(t, rule.NewJudge())
			if h == nil {
				return rerr
			}
			rep := lessons.NewHandReport(name, t.Preset, t.God, t.Players, h.Result())
			if rerr != nil {
				rep.Error = rerr.Error()
			}
			if err := g.render(rep, rep.Tables()...); err != nil {
				return err
			}
			return rerr
		},
	}
	g.formatFlags(c)
	g.bankFlags(c)
	return c
}
