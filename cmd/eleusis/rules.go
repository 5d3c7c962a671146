package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
)

// loadBank is the embedded default bank, with --bank's rules added.
func (g *global) loadBank() (*rulebank.Bank, error) {
	b, _, err := g.loadBanks()
	return b, err
}

// loadBanks also returns --bank's own rules (nil without --bank).
func (g *global) loadBanks() (merged, extra *rulebank.Bank, err error) {
	merged = rulebank.Default()
	if g.bank != "" {
		if extra, err = rulebank.LoadFile(g.bank); err != nil {
			return nil, nil, err
		}
		if replaced := merged.Merge(extra); len(replaced) > 0 && !g.saidReplaced {
			// once a run, on standard error: the outputs stay as they were.
			// The command line's messages are English (docs/languages.md).
			g.saidReplaced = true
			what := fmt.Sprintf("%d rules", len(replaced))
			if len(replaced) == 1 {
				what = "a rule"
			}
			fmt.Fprintf(g.errw, "eleusis: %s replaces %s of the default bank: %s\n", g.bank, what, strings.Join(replaced, ", "))
		}
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
	cmd := &cobra.Command{Use: "rules", Short: "List, show, check and try God's rules"}
	cmd.AddCommand(rulesListCmd(g), rulesShowCmd(g), rulesCheckCmd(g), rulesTryCmd(g), fromWordsCmd(g), compareCmd(g))
	return cmd
}

func rulesListCmd(g *global) *cobra.Command {
	list := &cobra.Command{
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
			t := render.Table{Cols: []render.Column{
				{Name: "name", Whole: true}, {Name: "expr", Head: "expression"}, {Name: "starter", Wide: true}, {Name: "look_back", Head: "look-back"},
				{Name: "truth_table", Head: "table", Kind: render.Bool, Wide: true}, {Name: "source", Wide: true},
				{Name: "tags", Wide: true}, {Name: "description"},
			}}
			var data []rulebank.Rule
			for _, r := range b.Rules {
				t.Cells = append(t.Cells, []render.Cell{render.Str(r.Rule.Name), render.Str(r.Rule.Expr), render.Str(r.Rule.Starter),
					render.Str(r.Reads.String()), render.BoolCell(r.Table()), render.Str(r.Rule.Source),
					render.Str(strings.Join(r.Rule.Tags, " ")), render.Str(r.Rule.Description)})
				data = append(data, r.Rule)
			}
			return g.render(data, t)
		},
	}
	g.formatFlags(list)
	g.bankFlags(list)
	return list
}

func rulesShowCmd(g *global) *cobra.Command {
	show := &cobra.Command{
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
			t := render.Table{Title: r.Rule.Name, Cols: []render.Column{{Name: "field"}, {Name: "value"}}}
			for _, f := range [][2]string{{"expr", r.Rule.Expr}, {"words", r.Rule.Words}, {"starter", r.Rule.Starter}, {"description", r.Rule.Description},
				{"hint", r.Rule.Hint}, {"source", r.Rule.Source}, {"tags", strings.Join(r.Rule.Tags, " ")}} {
				t.Cells = append(t.Cells, []render.Cell{render.Str(f[0]), render.Str(f[1])})
			}
			analysis := checkTable([]rulebank.Report{rep})
			analysis.Name, analysis.Title = "analysis", "Analysis"
			return g.render(struct {
				Rule     rulebank.Rule   `json:"rule"`
				Analysis rulebank.Report `json:"analysis"`
			}{r.Rule, rep}, t, analysis)
		},
	}
	show.ValidArgsFunction = g.oneRuleName
	g.formatFlags(show)
	g.bankFlags(show)
	return show
}

func rulesCheckCmd(g *global) *cobra.Command {
	var expr string
	var names []string
	cfg := rulebank.CheckConfig{Analyse: rulebank.DefaultAnalyse}
	check := &cobra.Command{
		Use:   "check",
		Short: "Analyse rules: look-back, acceptance rate, dead ends, errors",
		Long: `check compiles and analyses every rule of the bank (or one expression):
its look-back (read from the syntax tree), its acceptance rate over the states
random legal play visits, and its dead ends: reachable main lines after which no
card left in the deck is legal. A rule with a dead end fails the check (exit
status 1: a hand under it can get stuck) unless it is tagged dead-end in its
bank (the author insists) or --allow-dead-ends is given; the error says which
rules failed and why.`,
		Example: `  eleusis rules check
  eleusis rules check --expr 'card.color != prev.color'
  eleusis rules check --expr 'card.rank > prev.rank' --allow-dead-ends   # stuck after a king: accepted
  eleusis rules check --bank mine.yaml --decks 3 --format csv
  eleusis rules check --rules black-high-red-low,same-suit --walks 10000`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			g.checking = true
			for _, f := range []struct {
				name   string
				v, min int
			}{{"decks", cfg.Analyse.Decks, 1}, {"walks", cfg.Analyse.Walks, 0}, {"horizon", cfg.Analyse.Horizon, 1}} {
				if err := atLeast(f.name, f.v, f.min); err != nil {
					return err
				}
			}
			rules, err := g.rulesToCheck(expr, names)
			if err != nil {
				return err
			}
			cfg.NumberLine = g.numberLine
			verdict := rulebank.CheckRules(rules, cfg)
			if err := g.render(verdict.Reports, checkTable(verdict.Reports)); err != nil {
				return err
			}
			if err := verdict.Err(); err != nil {
				return err
			}
			// A table without a dead-end column says nothing of dead ends:
			// say what passing means, and how hard the check looked.
			fmt.Fprintf(g.errw, "eleusis: %s passed the check (%d random walks of up to %d cards each, %d decks): %s\n",
				countOf(len(rules), "rule"), cfg.Analyse.Walks, cfg.Analyse.Horizon, cfg.Analyse.Decks, deadEndsFound(verdict.Reports))
			return nil
		},
	}
	check.Flags().StringVar(&expr, "expr", "", "check this expression instead of the bank")
	check.Flags().StringSliceVar(&names, "rules", nil, "check only these rules of the bank, separated by commas")
	check.Flags().BoolVar(&cfg.AllowDeadEnds, "allow-dead-ends", false, "report dead ends without failing")
	check.Flags().IntVar(&cfg.Analyse.Decks, "decks", cfg.Analyse.Decks, "decks in the game (copies of each card)")
	check.Flags().IntVar(&cfg.Analyse.Walks, "walks", cfg.Analyse.Walks, "random legal walks per rule")
	check.Flags().IntVar(&cfg.Analyse.Horizon, "horizon", cfg.Analyse.Horizon, "longest main line the walks build")
	g.formatFlags(check)
	g.bankFlags(check)
	g.completeRules(check, "rules")
	return check
}

// rulesToCheck are the rules `rules check` checks: the expression when
// given, else the rules named (of the default bank and --bank), else
// --bank's own rules (not the defaults again), else the default bank.
func (g *global) rulesToCheck(expr string, names []string) ([]*rulebank.Compiled, error) {
	b, extra, err := g.loadBanks()
	if err != nil {
		return nil, err
	}
	switch {
	case expr != "" && len(names) > 0:
		return nil, errors.New("--expr checks one expression and --rules rules of the bank: give one of them")
	case expr != "":
		r, err := exprRule(expr)
		if err != nil {
			return nil, err
		}
		return []*rulebank.Compiled{r}, nil
	case len(names) > 0:
		rules := make([]*rulebank.Compiled, len(names))
		for i, name := range names {
			if rules[i], err = b.Get(name); err != nil {
				return nil, err
			}
		}
		return rules, nil
	case extra != nil:
		return extra.Rules, nil
	}
	return b.Rules, nil
}

// oneRuleName completes a command's one argument, a rule's name.
func (g *global) oneRuleName(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return g.ruleNames(), cobra.ShellCompDirectiveNoFileComp
}

// exprRule is the rule --expr writes, as `rules check` and `rules try`
// read it: named expr, its errors saying --expr.
func exprRule(expr string) (*rulebank.Compiled, error) {
	return rulebank.Compile(rulebank.Rule{Name: "expr", Expr: expr, File: "--expr"})
}

func checkTable(reps []rulebank.Report) render.Table {
	t := render.Table{Cols: []render.Column{{Name: "rule", Whole: true}, {Name: "look_back", Head: "look-back"}, {Name: "depth", Kind: render.Int, Wide: true},
		{Name: "starters", Kind: render.Int}, {Name: "acceptance", Head: "accept", Kind: render.Float, Prec: 3},
		{Name: "dead_end_cards", Head: "dead end after", Kind: render.Int}, {Name: "dead_end_kind", Head: "kind"},
		{Name: "dead_end_line", Head: "dead-end line", Wide: true}, {Name: "search", Wide: true}, {Name: "error"}}}
	for _, r := range reps {
		var after render.Cell
		kind, line := "", ""
		if r.DeadEnd != nil {
			after, line = render.IntCell(len(r.DeadEnd.Line)), sim.CardsString(r.DeadEnd.Line)
			kind = "cards used up"
			if r.DeadEnd.Structural {
				kind = "no card legal"
			}
		}
		depth := render.IntCell(r.Depth) // -1: the rule reads line or n
		t.Cells = append(t.Cells, []render.Cell{render.Str(r.Rule), render.Str(r.LookBack), depth, render.IntCell(r.Starters),
			render.FloatCell(r.Acceptance), after, render.Str(kind), render.Str(line), render.Str(r.Search()), render.Str(r.Error)})
	}
	return t
}

// deadEndsFound says the dead ends a passing check found: none, or those its
// rules' authors accepted (tagged dead-end, or --allow-dead-ends).
func deadEndsFound(reps []rulebank.Report) string {
	k := 0
	for _, r := range reps {
		if r.DeadEnd != nil {
			k++
		}
	}
	if k == 0 {
		return "no dead end found"
	}
	have := fmt.Sprintf("%d have", k)
	if k == 1 {
		have = "1 has"
	}
	return have + " a dead end, accepted (tagged dead-end in the bank, or --allow-dead-ends)"
}

// countOf is "1 rule", "3 rules".
func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
