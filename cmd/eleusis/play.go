package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/reports"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
)

func playCmd(g *global) *cobra.Command {
	var preset, rule string
	var players int
	var seed uint64
	var options []string
	var allow bool
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play one hand with random scientists and show it move by move",
		Example: `  eleusis play --rule black-high-red-low --players 5 --seed 7
  eleusis play --preset express --rule alternate-parity --players 4
  eleusis play --rule suit-cycle-sdch --option prophet=true --format markdown`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			b, err := g.loadBank()
			if err != nil {
				return err
			}
			r, err := b.Get(rule)
			if err != nil {
				return err
			}
			o, err := sim.Preset(preset)
			if err != nil {
				return err
			}
			if err := o.Override(options); err != nil {
				return err
			}
			if rep := rulebank.Analyse(r, rulebank.AnalyseConfig{Decks: o.Decks, Walks: 40, Horizon: 40, Seed: 1}); rep.DeadEnd != nil &&
				!allow && !slices.Contains(r.Rule.Tags, "dead-end") {
				return fmt.Errorf("rule %s has a dead end after %s: give --allow-dead-ends to play it anyway", rule, sim.CardsString(rep.DeadEnd.Line))
			}
			ps := make([]sim.Player, players)
			names := make([]string, players)
			for i := range ps {
				ps[i] = sim.NewRandomPlayer(seed*1000 + uint64(i))
				names[i] = fmt.Sprintf("P%d", i+1)
			}
			h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: r.NewJudge(), Players: ps, Seed: seed})
			if err != nil {
				return err
			}
			res, err := h.Run()
			if err != nil {
				return err
			}
			rep := reports.NewHandReport(rule, preset, "God", names, res)
			return reports.Render(g.out, g.format, rep, rep.Tables()...)
		},
	}
	cmd.Flags().StringVar(&preset, "preset", "new-eleusis", "rules preset: "+strings.Join(sim.PresetNames(), ", "))
	cmd.Flags().StringVar(&rule, "rule", "black-high-red-low", "God's rule (a name from the bank)")
	cmd.Flags().IntVar(&players, "players", 4, "players besides God")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the shuffle, God's choices and the players")
	cmd.Flags().StringArrayVar(&options, "option", nil, "override one option, name=value (repeatable; see eleusis presets)")
	cmd.Flags().BoolVar(&allow, "allow-dead-ends", false, "play a rule with an unacknowledged dead end")
	return cmd
}

func presetsCmd(g *global) *cobra.Command {
	return &cobra.Command{
		Use:     "presets",
		Short:   "Show every option of every preset",
		Example: "  eleusis presets --format markdown",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := g.loadBank(); err != nil {
				return err
			}
			names := sim.PresetNames()
			t := reports.Table{Headers: append([]string{"option"}, names...)}
			data := map[string]sim.Options{}
			var cols []map[string]any
			for _, n := range names {
				o, _ := sim.Preset(n)
				data[n] = o
				cols = append(cols, o.Map())
			}
			for _, opt := range sim.OptionNames() {
				row := []string{opt}
				for _, col := range cols {
					row = append(row, fmt.Sprint(col[opt]))
				}
				t.Rows = append(t.Rows, row)
			}
			return reports.Render(g.out, g.format, data, t)
		},
	}
}
