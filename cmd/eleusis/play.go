package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
)

// playFlags are play's flags.
type playFlags struct {
	preset, rule, lineup string
	players              int
	seed                 uint64
	options              []string
	allow                bool
	sandbox              sandboxFlags
}

func playCmd(g *global) *cobra.Command {
	pf := &playFlags{}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play one hand and show it move by move",
		Example: `  eleusis play --rule black-high-red-low --players 5 --seed 7
  eleusis play --preset express --rule alternate-parity --players 4
  eleusis play --rule suit-cycle-sdch --option prophet=true --format markdown
  eleusis play --lineup "bayes-eig;positive-tester;bounded-human;oracle" --option prophet=true`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return g.play(c.Context(), pf) },
	}
	cmd.Flags().StringVar(&pf.preset, "preset", "new-eleusis", "the `preset`: "+strings.Join(sim.PresetNames(), ", "))
	cmd.Flags().StringVar(&pf.rule, "rule", "black-high-red-low", "God's rule (a `name` of the bank)")
	cmd.Flags().IntVar(&pf.players, "players", 4, "random players besides God (without --lineup)")
	cmd.Flags().StringVar(&pf.lineup, "lineup", "", "strategies by seat, separated by ';' (eleusis bench --help lists them), instead of random players")
	cmd.Flags().Uint64Var(&pf.seed, "seed", 1, "seed of the shuffle, God's choices and the players")
	cmd.Flags().StringArrayVar(&pf.options, "option", nil, "override one option, `name=value` (repeatable; eleusis presets lists them)")
	cmd.Flags().BoolVar(&pf.allow, "allow-dead-ends", false, "play a rule with an unacknowledged dead end")
	pf.sandbox.register(cmd)
	cmd.RegisterFlagCompletionFunc("preset", completePresets)
	g.completeRules(cmd, "rule")
	g.formatFlags(cmd)
	g.bankFlags(cmd)
	return cmd
}

// play plays one hand and prints it move by move.
func (g *global) play(ctx context.Context, pf *playFlags) error {
	b, err := g.loadBank()
	if err != nil {
		return err
	}
	r, err := b.Get(pf.rule)
	if err != nil {
		return err
	}
	o, err := sim.PresetWith(pf.preset, pf.options)
	if err != nil {
		return err
	}
	if rep := rulebank.Analyse(r, rulebank.AnalyseConfig{Decks: o.Decks, Walks: 40, Horizon: 40, Seed: 1}); rep.DeadEnd != nil &&
		!pf.allow && !slices.Contains(r.Rule.Tags, "dead-end") {
		return fmt.Errorf("rule %s has a dead end after %s: give --allow-dead-ends to play it anyway", pf.rule, sim.CardsString(rep.DeadEnd.Line))
	}
	var ps []sim.Player
	var names []string
	var res *sim.Result
	if pf.lineup == "" {
		for i := range pf.players {
			ps = append(ps, sim.NewRandomPlayer(pf.seed*1000+uint64(i)))
			names = append(names, fmt.Sprintf("P%d", i+1))
		}
	} else {
		// Outside agents run in process groups of their own, so a Ctrl-C
		// reaches only us: cancel the hand and end them.
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
		defer stop()
		kit := agents.NewKit()
		defer kit.Close()
		pf.sandbox.confine(g, kit, true, g.bank)
		defer func() { agents.ClosePlayers(ps, res) }()
		if ps, names, err = seat(ctx, kit, r, pf); err != nil {
			return err
		}
	}
	h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: r.NewJudge(), Players: ps, Seed: pf.seed})
	if err != nil {
		return err
	}
	res, err = h.Run()
	if err != nil {
		return err
	}
	rep := lessons.NewHandReport(pf.rule, pf.preset, "God", names, res)
	return g.render(rep, rep.Tables()...)
}

// seat seats the strategies of --lineup at a table of rule r; the players
// seated before an error are returned too, to be closed.
func seat(ctx context.Context, kit *agents.Kit, r *rulebank.Compiled, pf *playFlags) (ps []sim.Player, names []string, err error) {
	tbl := kit.NewTable(r, pf.seed, false)
	tbl.Context = ctx
	specs, err := agents.ParseLineup(pf.lineup)
	if err != nil {
		return nil, nil, err
	}
	for i, sp := range specs {
		p, err := agents.NewPlayer(sp, tbl, i)
		if err != nil {
			return ps, names, err
		}
		ps, names = append(ps, p), append(names, fmt.Sprintf("P%d %s", i+1, sp.Text))
	}
	return ps, names, nil
}

func presetsCmd(g *global) *cobra.Command {
	c := &cobra.Command{
		Use:     "presets",
		Short:   "Show every option of every preset",
		Example: "  eleusis presets --format markdown",
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			names := sim.PresetNames()
			data := map[string]sim.Options{}
			for _, n := range names {
				o, _ := sim.Preset(n)
				data[n] = o
			}
			table := func(names []string) render.Table {
				t := render.Table{Cols: []render.Column{{Name: "option", Whole: true}}}
				for _, n := range names {
					t.Cols = append(t.Cols, render.Column{Name: n})
				}
				for _, opt := range sim.OptionNames() {
					row := []render.Cell{render.Str(opt)}
					for _, n := range names {
						row = append(row, render.Str(fmt.Sprint(data[n].Map()[opt])))
					}
					t.Cells = append(t.Cells, row)
				}
				return t
			}
			all := table(names)
			if g.wide {
				return g.render(data, all)
			}
			// Eight presets do not fit 120 columns side by side: the text
			// shows them four at a time (CSV and --wide, all in one table).
			all.Only = render.CSVOnly
			tables := []render.Table{all}
			for i := 0; i < len(names); i += 4 {
				t := table(names[i:min(i+4, len(names))])
				t.Only = render.TextOnly
				tables = append(tables, t)
			}
			return g.render(data, tables...)
		},
	}
	g.formatFlags(c)
	return c
}
