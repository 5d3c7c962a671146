package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"
	"golang.org/x/sync/errgroup"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/render"
)

// spaceReport is what space --format json writes.
type spaceReport struct {
	Stats hypotheses.Stats `json:"stats"`
	Top   []spaceHyp       `json:"top"`
	Rules []spacePlace     `json:"rules,omitempty"`
}

// spaceHyp is one of the most probable hypotheses a priori.
type spaceHyp struct {
	hypotheses.Hypothesis
	Prior float64 `json:"prior"`
}

// spacePlace is where one of God's rules sits in the open language.
type spacePlace struct {
	hypotheses.Place
	Class  int `json:"class_size"`
	States int `json:"states_visited"`
}

func spaceCmd(g *global) *cobra.Command {
	var size, top int
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
  eleusis space --bank mine.yaml --top 0`,
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
			st := sp.Stats
			fams := map[string]int{}
			for _, h := range sp.Hyps {
				if h.Expr != "" {
					fams[h.Family.String()]++
				}
			}
			summary := render.Table{Title: "The hypothesis space", Cols: []render.Column{{Name: "measure"}, {Name: "value", Kind: render.Float, Prec: 1}}}
			add := func(what string, v float64) {
				c := render.FloatCell(v)
				if v == float64(int(v)) {
					c = render.IntCell(int(v)) // a count: no decimals
				}
				summary.Cells = append(summary.Cells, []render.Cell{render.Str(what), c})
			}
			add("syntactic rules of the grammar", float64(st.Syntactic))
			add("distinct behaviours among them", float64(st.Distinct))
			add("behaviours kept (shortest first)", float64(st.Kept))
			add("syntactic rules they stand for", float64(st.Collapsed))
			for _, f := range hypotheses.Families() {
				add("hypotheses reading "+f.Reads(), float64(fams[f.String()]))
			}
			add("index memory (MiB)", float64(st.IndexBytes)/(1<<20))
			b := sp.NewBelief(0)
			ids, ps := b.Top(top)
			prior := render.Table{Name: "top", Title: fmt.Sprintf("The %d most probable hypotheses a priori", len(ids)), Cols: []render.Column{
				{Name: "rank", Head: "#", Kind: render.Int}, {Name: "hypothesis"}, {Name: "family"}, {Name: "bits", Kind: render.Int},
				{Name: "prior", Kind: render.Float, Prec: 5}, {Name: "rules_merged", Head: "rules merged", Kind: render.Int}}}
			var tops []spaceHyp
			for i, id := range ids {
				h := sp.Hyps[id]
				prior.Cells = append(prior.Cells, []render.Cell{render.IntCell(i + 1), render.Str(h.Expr), render.Str(h.Family.String()),
					render.IntCell(h.Length), render.FloatCell(ps[i]), render.IntCell(h.Rules)})
				tops = append(tops, spaceHyp{h, ps[i]})
			}
			tables := []render.Table{summary}
			if len(ids) > 0 { // --top 0: none asked for, no empty table
				tables = append(tables, prior)
			}
			var places []spacePlace
			bank, extra, err := g.loadBanks()
			if err != nil {
				return err
			}
			if len(rules) == 0 && extra != nil {
				for _, r := range extra.Rules { // --bank alone: every rule of it
					rules = append(rules, r.Rule.Name)
				}
			}
			if len(rules) > 0 {
				t := render.Table{Name: "rules", Title: "God's rules in the scientists' open language", Cols: []render.Column{
					{Name: "rule", Whole: true}, {Name: "reached", Kind: render.Bool}, {Name: "bits", Kind: render.Int},
					{Name: "where"}, {Name: "hypothesis", Head: "hypothesis, or why not"}, {Name: "class_size", Head: "index hypotheses alike", Kind: render.Int},
					{Name: "states", Kind: render.Int}}}
				places = make([]spacePlace, len(rules))
				var grp errgroup.Group
				grp.SetLimit(runtime.GOMAXPROCS(0))
				for i, name := range rules {
					r, err := bank.Get(name)
					if err != nil {
						return err
					}
					grp.Go(func() error {
						tr, err := kit.Truth(r, size)
						if err != nil {
							return err
						}
						p, err := sp.Place(r, false, hypotheses.DefaultPlace)
						if err != nil {
							return err
						}
						places[i] = spacePlace{Place: p, Class: len(tr.IDs), States: tr.States}
						return nil
					})
				}
				if err := grp.Wait(); err != nil {
					return err
				}
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
				tables = append(tables, t)
			}
			return g.render(spaceReport{st, tops, places}, tables...)
		},
	}
	c.Flags().IntVar(&size, "size", hypotheses.DefaultSize, "distinct behaviours to keep")
	c.Flags().IntVar(&top, "top", 15, "how many of the most probable hypotheses to list")
	c.Flags().StringSliceVar(&rules, "rules", nil, "rules of the bank to place in the space, separated by commas")
	g.formatFlags(c)
	g.bankFlags(c)
	g.completeRules(c, "rules")
	return c
}
