package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/rulebank"
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
			rule, name, err := transcriptRule(b, t, args[0])
			if err != nil {
				return err
			}
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

func transcriptRule(b *rulebank.Bank, t *sim.Transcript, file string) (*rulebank.Compiled, string, error) {
	if t.RuleName != "" {
		r, err := b.Get(t.RuleName)
		return r, t.RuleName, err
	}
	r, err := rulebank.Compile(rulebank.Rule{Name: "rule", Expr: t.Rule, File: file})
	if err != nil {
		// rule: same-suit is a slip for rule_name: same-suit; expr alone
		// would say "unknown name same".
		name := strings.TrimSpace(t.Rule)
		if _, nerr := b.Get(name); nerr == nil {
			return nil, "", fmt.Errorf("%w\n(%s is the name of a rule of the bank: write rule_name: %s; rule: takes an expression)", err, name, name)
		}
		if ruleNameLike.MatchString(name) {
			return nil, "", fmt.Errorf("%w\n(rule: takes an expression; a rule of the bank is given by its name as rule_name:)", err)
		}
	}
	return r, t.Rule, err
}

// ruleNameLike matches what looks like a bank rule's name (kebab-case, at
// least two words) rather than an expression.
var ruleNameLike = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)+$`)
