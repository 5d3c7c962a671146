package main

import (
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
)

func spaceCmd(g *global) *cobra.Command {
	var size, top int
	var trace bool
	var rules []string
	c := &cobra.Command{
		Use:   "space",
		Short: "Describe the scientists' hypothesis space, and where God's rules sit in it",
		Long: `space builds the hypothesis space the bot scientists use and reports how the
grammar collapsed: syntactic rules, distinct behaviours, the behaviours kept
(the shortest descriptions first) and the rules they stand for, hypotheses per
family, the index's memory, and the most probable hypotheses a priori. With
--rules, or for every rule of --bank FILE when --rules is not given, it says
for each rule whether it is expressible in the space (some hypothesis
behaves as it does on every state it can reach: every one for rules of
look-back ≤ 2 without n or line, random legal walks otherwise), its
description length there in bits, its shortest description, and how many
hypotheses share its behaviour.`,
		Example: `  eleusis space
  eleusis space --size 30000 --top 30
  eleusis space --rules same-suit,black-high-red-low,suit-cycle-sdch --format markdown
  eleusis space --bank mine.yaml --top 0
  eleusis space --rules multiple-or-divisor --top 0 --trace`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := atLeast("size", size, 1); err != nil {
				return err
			}
			if err := atLeast("top", top, 0); err != nil {
				return err
			}
			kit := agents.NewKit()
			sp, err := kit.Space(size)
			if err != nil {
				return err
			}
			bank, extra, err := g.loadBanks()
			if err != nil {
				return err
			}
			if len(rules) == 0 && extra != nil {
				for _, r := range extra.Rules { // --bank alone: every rule of it
					rules = append(rules, r.Rule.Name)
				}
			}
			compiled := make([]*rulebank.Compiled, len(rules))
			for i, name := range rules {
				if compiled[i], err = bank.Get(name); err != nil {
					return err
				}
			}
			if len(compiled) > 0 {
				roomToPlace()
			}
			truth := func(r *rulebank.Compiled) (*hypotheses.Truth, error) { return kit.Truth(r, size) }
			cfg := hypotheses.DefaultPlace
			if trace {
				var mu sync.Mutex // rules are placed side by side
				out := cmd.ErrOrStderr()
				cfg.Trace = func(rule, line string) {
					mu.Lock()
					defer mu.Unlock()
					fmt.Fprintf(out, "%s: %s\n", rule, line)
				}
			}
			rep, err := sp.Report(top, compiled, truth, cfg)
			if err != nil {
				return err
			}
			return g.render(rep, spaceTables(rep)...)
		},
	}
	c.Flags().IntVar(&size, "size", hypotheses.DefaultSize, "distinct behaviours to keep")
	c.Flags().IntVar(&top, "top", 15, "how many of the most probable hypotheses to list")
	c.Flags().StringSliceVar(&rules, "rules", nil, "rules of the bank to place in the space, separated by commas")
	c.Flags().BoolVar(&trace, "trace", false, "write how each placement goes to standard error: each round's rules and the card God judged otherwise")
	g.formatFlags(c)
	g.bankFlags(c)
	g.completeRules(c, "rules")
	return c
}

// spaceTables prints a space's report: the space, the top hypotheses a
// priori (when any were asked for) and the rules' places.
func spaceTables(rep hypotheses.Report) []render.Table {
	summary := render.Table{Title: "The hypothesis space", Cols: []render.Column{{Name: "measure"}, {Name: "value", Kind: render.Float, Prec: 1}}}
	add := func(what string, c render.Cell) {
		summary.Cells = append(summary.Cells, []render.Cell{render.Str(what), c})
	}
	st := rep.Stats
	add("syntactic rules of the grammar", render.IntCell(st.Syntactic))
	add("distinct behaviours among them", render.IntCell(st.Distinct))
	add("behaviours kept (shortest first)", render.IntCell(st.Kept))
	add("syntactic rules they stand for", render.IntCell(st.Collapsed))
	for _, f := range rep.Families {
		add("hypotheses reading "+f.Family.Reads(), render.IntCell(f.Count))
	}
	add("index memory (MiB)", render.FloatCell(float64(st.IndexBytes)/(1<<20)))
	tables := []render.Table{summary}
	if len(rep.Top) > 0 { // --top 0: none asked for, no empty table
		prior := render.Table{Name: "top", Title: fmt.Sprintf("The %d most probable hypotheses a priori", len(rep.Top)), Cols: []render.Column{
			{Name: "rank", Head: "#", Kind: render.Int}, {Name: "hypothesis"}, {Name: "family"}, {Name: "bits", Kind: render.Int},
			{Name: "prior", Kind: render.Float, Prec: 5}, {Name: "rules_merged", Head: "rules merged", Kind: render.Int}}}
		for i, h := range rep.Top {
			prior.Cells = append(prior.Cells, []render.Cell{render.IntCell(i + 1), render.Str(h.Expr), render.Str(h.Family.String()),
				render.IntCell(h.Length), render.FloatCell(h.Prior), render.IntCell(h.Rules)})
		}
		tables = append(tables, prior)
	}
	if len(rep.Rules) > 0 {
		tables = append(tables, placesTable(rep.Rules))
	}
	return tables
}

// placesTable prints where God's rules sit in the open language.
func placesTable(places []hypotheses.RulePlace) render.Table {
	t := render.Table{Name: "rules", Title: "God's rules in the scientists' open language", Cols: []render.Column{
		{Name: "rule", Whole: true}, {Name: "reached", Kind: render.Bool}, {Name: "bits", Kind: render.Int},
		{Name: "where"}, {Name: "hypothesis", Head: "hypothesis, or why not"}, {Name: "class_size", Head: "index hypotheses alike", Kind: render.Int},
		{Name: "states", Kind: render.Int}}}
	for _, p := range places {
		var bits render.Cell // missing when not reached
		where, what := "synthesized", p.Expr
		if p.Index {
			where = "index"
		}
		if p.Reached {
			bits = render.IntCell(p.Length)
		} else {
			where, what = "", p.Reason
		}
		t.Cells = append(t.Cells, []render.Cell{render.Str(p.Rule), render.BoolCell(p.Reached), bits,
			render.Str(where), render.Str(what), render.IntCell(p.Class), render.IntCell(p.States)})
	}
	return t
}
