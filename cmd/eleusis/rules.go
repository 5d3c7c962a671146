package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/reports"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
	"golang.org/x/sync/errgroup"
)

// loadBank is the embedded default bank, with --bank's rules added.
func (g *global) loadBank() (*rulebank.Bank, error) {
	b, _, err := g.loadBanks()
	return b, err
}

// loadBanks also returns --bank's own rules (nil without --bank).
func (g *global) loadBanks() (merged, extra *rulebank.Bank, err error) {
	if err := reports.CheckFormat(g.format); err != nil {
		return nil, nil, err
	}
	merged = rulebank.Default()
	if g.bank != "" {
		if extra, err = rulebank.LoadFile(g.bank); err != nil {
			return nil, nil, err
		}
		merged.Merge(extra)
	}
	if g.numberLine {
		// Beginners' rounds: only the rules that read the card and
		// prev.rank. `rules check --number-line` reports the others.
		merged = rulebank.NumberLineBank(merged)
		if extra != nil && !g.checking {
			extra = rulebank.NumberLineBank(extra)
		}
	}
	return merged, extra, nil
}

func rulesCmd(g *global) *cobra.Command {
	cmd := &cobra.Command{Use: "rules", Short: "List, show and check God's rules"}
	cmd.AddCommand(&cobra.Command{
		Use:   "list",
		Short: "List the rules of the bank",
		Example: `  eleusis rules list
  eleusis rules list --bank mine.yaml --format markdown`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			b, err := g.loadBank()
			if err != nil {
				return err
			}
			t := reports.Table{Headers: []string{"name", "look-back", "truth table", "source", "tags", "description"}}
			var data []rulebank.Rule
			for _, r := range b.Rules {
				t.Rows = append(t.Rows, []string{r.Rule.Name, r.Reads.String(), yesNo(r.Table()), r.Rule.Source,
					strings.Join(r.Rule.Tags, " "), r.Rule.Description})
				data = append(data, r.Rule)
			}
			return reports.Render(g.out, g.format, data, t)
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:     "show NAME",
		Short:   "Show one rule with its analysis",
		Example: `  eleusis rules show black-high-red-low`,
		Args:    cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			b, err := g.loadBank()
			if err != nil {
				return err
			}
			r, err := b.Get(args[0])
			if err != nil {
				return err
			}
			rep := rulebank.Analyse(r, rulebank.DefaultAnalyse)
			t := reports.Table{Title: r.Rule.Name, Headers: []string{"field", "value"}, Rows: [][]string{
				{"expr", r.Rule.Expr}, {"starter", orDash(r.Rule.Starter)}, {"description", r.Rule.Description},
				{"hint", orDash(r.Rule.Hint)}, {"source", r.Rule.Source}, {"tags", strings.Join(r.Rule.Tags, " ")},
			}}
			return reports.Render(g.out, g.format, struct {
				Rule     rulebank.Rule   `json:"rule"`
				Analysis rulebank.Report `json:"analysis"`
			}{r.Rule, rep}, t, checkTable([]rulebank.Report{rep}))
		},
	})
	var expr string
	var allow bool
	cfg := rulebank.DefaultAnalyse
	check := &cobra.Command{
		Use:   "check",
		Short: "Analyse rules: look-back, acceptance rate, dead ends, errors",
		Long: `check compiles and analyses every rule of the bank (or one expression):
its look-back (read from the syntax tree), its acceptance rate over the states
random legal play visits, and its dead ends: reachable main lines after which no
card left in the deck is legal. A rule with a dead end fails the check unless it
is tagged dead-end in its bank (the author insists) or --allow-dead-ends is given.`,
		Example: `  eleusis rules check
  eleusis rules check --expr 'card.rank > prev.rank'
  eleusis rules check --bank mine.yaml --decks 3 --format csv`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			g.checking = true
			b, extra, err := g.loadBanks()
			if err != nil {
				return err
			}
			rules := b.Rules
			if expr != "" {
				r, err := rulebank.Compile(rulebank.Rule{Name: "expr", Expr: expr, File: "--expr"})
				if err != nil {
					return err
				}
				rules = []*rulebank.Compiled{r}
			} else if extra != nil {
				rules = extra.Rules // check the user's own bank, not the defaults again
			}
			reps := analyseAll(rules, cfg)
			if err := reports.Render(g.out, g.format, reps, checkTable(reps)); err != nil {
				return err
			}
			var bad []string
			var why []error
			for i, rep := range reps {
				acknowledged := slices.Contains(rules[i].Rule.Tags, "dead-end")
				if rep.Error != "" || (rep.DeadEnd != nil && !acknowledged && !allow) {
					bad = append(bad, rep.Rule)
				} else if g.numberLine {
					if err := rulebank.NumberLine(rules[i]); err != nil {
						bad, why = append(bad, rep.Rule), append(why, err)
					}
				}
			}
			if len(bad) > 0 {
				return errors.Join(append([]error{fmt.Errorf("%d rule(s) failed the check: %s", len(bad), strings.Join(bad, ", "))}, why...)...)
			}
			return nil
		},
	}
	check.Flags().StringVar(&expr, "expr", "", "check this expression instead of the bank")
	check.Flags().BoolVar(&allow, "allow-dead-ends", false, "report dead ends without failing")
	check.Flags().IntVar(&cfg.Decks, "decks", cfg.Decks, "decks in the game (copies of each card)")
	check.Flags().IntVar(&cfg.Walks, "walks", cfg.Walks, "random legal walks per rule")
	check.Flags().IntVar(&cfg.Horizon, "horizon", cfg.Horizon, "longest main line the walks build")
	cmd.AddCommand(check)
	return cmd
}

// analyseAll analyses rules in parallel, one goroutine per core; the
// reports keep the rules' order.
func analyseAll(rules []*rulebank.Compiled, cfg rulebank.AnalyseConfig) []rulebank.Report {
	reps := make([]rulebank.Report, len(rules))
	eg, _ := errgroup.WithContext(context.Background())
	eg.SetLimit(runtime.NumCPU())
	for i, r := range rules {
		eg.Go(func() error {
			reps[i] = rulebank.Analyse(r, cfg)
			return nil
		})
	}
	_ = eg.Wait()
	return reps
}

func checkTable(reps []rulebank.Report) reports.Table {
	t := reports.Table{Headers: []string{"rule", "look-back", "depth", "starters", "acceptance", "dead end", "search", "error"}}
	for _, r := range reps {
		dead := "none"
		if r.DeadEnd != nil {
			kind := "cards used up"
			if r.DeadEnd.Structural {
				kind = "no card legal"
			}
			dead = fmt.Sprintf("after %d cards (%s): %s", len(r.DeadEnd.Line), kind, sim.CardsString(r.DeadEnd.Line))
		}
		depth := strconv.Itoa(r.Depth)
		if r.Depth < 0 {
			depth = "line"
		}
		t.Rows = append(t.Rows, []string{r.Rule, r.LookBack, depth, strconv.Itoa(r.Starters),
			fmt.Sprintf("%.3f", r.Acceptance), dead, r.DeadEndSearch, r.Error})
	}
	return t
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
