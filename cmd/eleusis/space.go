package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/reports"
)

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
--rules it says for each rule whether it is expressible in the space (some
hypothesis behaves as it does on every state random legal play visits), its
description length there, and how many hypotheses share its behaviour.`,
		Example: `  eleusis space
  eleusis space --size 30000 --top 30
  eleusis space --rules same-suit,black-high-red-low,suit-cycle-sdch --format markdown`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := reports.CheckFormat(g.format); err != nil {
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
			summary := reports.Table{Title: "The hypothesis space", Headers: []string{"measure", "value"}, Rows: [][]string{
				{"syntactic rules of the grammar", fmt.Sprint(st.Syntactic)},
				{"distinct behaviours among them", fmt.Sprint(st.Distinct)},
				{"behaviours kept (shortest first)", fmt.Sprint(st.Kept)},
				{"syntactic rules they stand for", fmt.Sprint(st.Collapsed)},
			}}
			for _, f := range []struct{ name, what string }{{"prev", "prev"}, {"prev2", "prev and prev2's colour"},
				{"mod2", "prev and n % 2"}, {"mod3", "prev and n % 3"}, {"mod4", "prev and n % 4"}} {
				summary.Rows = append(summary.Rows, []string{"hypotheses reading " + f.what, fmt.Sprint(fams[f.name])})
			}
			summary.Rows = append(summary.Rows, []string{"index memory (MiB)", fmt.Sprintf("%.1f", float64(st.IndexBytes)/(1<<20))})
			b := sp.NewBelief(0)
			ids, ps := b.Top(top)
			prior := reports.Table{Title: fmt.Sprintf("The %d most probable hypotheses a priori", len(ids)), Headers: []string{"#", "hypothesis", "family", "bits", "prior", "rules merged"}}
			type hyp struct {
				hypotheses.Hypothesis
				Prior float64 `json:"prior"`
			}
			var tops []hyp
			for i, id := range ids {
				h := sp.Hyps[id]
				prior.Rows = append(prior.Rows, []string{fmt.Sprint(i + 1), h.Expr, h.Family.String(), fmt.Sprint(h.Length), fmt.Sprintf("%.5f", ps[i]), fmt.Sprint(h.Rules)})
				tops = append(tops, hyp{h, ps[i]})
			}
			tables := []reports.Table{summary, prior}
			type place struct {
				Rule        string `json:"rule"`
				Expressible bool   `json:"expressible"`
				Length      int    `json:"description_length,omitempty"`
				Shortest    string `json:"shortest,omitempty"`
				Class       int    `json:"class_size"`
				States      int    `json:"states_visited"`
			}
			var places []place
			if len(rules) > 0 {
				bank, err := g.loadBank()
				if err != nil {
					return err
				}
				t := reports.Table{Title: "God's rules in the space", Headers: []string{"rule", "expressible", "bits", "shortest description", "hypotheses alike", "states"}}
				for _, name := range rules {
					r, err := bank.Get(name)
					if err != nil {
						return err
					}
					tr, err := kit.Truth(r, size)
					if err != nil {
						return err
					}
					p := place{Rule: name, Expressible: tr.Expressible, Length: tr.Length, Shortest: tr.Expr, Class: len(tr.IDs), States: tr.States}
					places = append(places, p)
					bits := "—"
					if p.Expressible {
						bits = fmt.Sprint(p.Length)
					}
					t.Rows = append(t.Rows, []string{name, yesNo(p.Expressible), bits, p.Shortest, fmt.Sprint(p.Class), fmt.Sprint(p.States)})
				}
				tables = append(tables, t)
			}
			data := struct {
				Stats hypotheses.Stats `json:"stats"`
				Top   []hyp            `json:"top"`
				Rules []place          `json:"rules,omitempty"`
			}{st, tops, places}
			return reports.Render(g.out, g.format, data, tables...)
		},
	}
	c.Flags().IntVar(&size, "size", hypotheses.DefaultSize, "distinct behaviours to keep")
	c.Flags().IntVar(&top, "top", 15, "how many of the most probable hypotheses to list")
	c.Flags().StringSliceVar(&rules, "rules", nil, "rules of the bank to place in the space")
	return c
}
