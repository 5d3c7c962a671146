package design

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/eleusis/eleusis/internal/atomicfile"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/stats"
)

// Write writes a finished search's files into dir: bank.yaml (the designed
// rules), the summaries in every format (design.txt, design.md,
// design.json, one CSV per table: design.csv and design-*.csv), the search
// plot (search.png, search.svg). search.json and the run folders are
// written as the search goes.
func (res *Result) Write(dir string) error {
	bank, err := res.Bank()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "bank.yaml"), bank, 0o644); err != nil {
		return err
	}
	if err := render.WriteAll(dir, "design", res, res.Tables()); err != nil {
		return err
	}
	return res.Plot(dir)
}

// Bank is the designed rules as a rule bank (docs/files.md): each with
// source "designed", its look-back among its tags, and in its description
// the objective and its figures on the final evaluation's fresh deals.
func (res *Result) Bank() ([]byte, error) {
	var rules []rulebank.Rule
	for _, f := range res.Final.Finalists {
		rules = append(rules, rulebank.Rule{Name: f.Name, Expr: f.Candidate.Expr, Starter: f.Candidate.Starter,
			Description: cut(res.describe(f), rulebank.MaxTextBytes), Source: "designed", Tags: []string{"designed", lookBackTag(f.Candidate)}})
	}
	body, err := yaml.Marshal(map[string]any{"rules": rules})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Rules designed by eleusis design (objective: %s).\n", res.Config.Objective)
	fmt.Fprintf(&b, "# search.json beside this file says how they were found; design.md shows the figures.\n")
	b.Write(body)
	if _, err := rulebank.Load(b.Bytes(), "bank.yaml"); err != nil {
		return nil, fmt.Errorf("the designed bank does not load: %w", err) // a bug: every rule passed the checks
	}
	return b.Bytes(), nil
}

// describe says what a designed rule was designed for and how it did on
// fresh deals, beside the bank's best.
func (res *Result) describe(f *Finalist) string {
	cfg, fin := res.Config, res.Final
	var b strings.Builder
	if w := inWords(f.Candidate.Expr); w != "" {
		fmt.Fprintf(&b, "In words: %s. ", w)
	}
	fmt.Fprintf(&b, "Designed by eleusis design for %s under %s with the line-up %s: %s on %d fresh hands (seed %d; 95%% interval).",
		cfg.Objective, cfg.Preset, strings.Join(cfg.Lineup, ", "), estimateText(f.Objective), f.Objective.N, cfg.Seed)
	if cfg.Objective.Kind != GodScore && f.Summary.GodScore.Est == f.Summary.GodScore.Est {
		fmt.Fprintf(&b, " God's mean score %s.", intervalText(f.Summary.GodScore, 1))
	}
	if f.VsBest != nil {
		best := fin.baseline(fin.Best)
		fmt.Fprintf(&b, " The bank's best on the same hands, %s: %s; difference %s, paired t-test %s.",
			best.Name, estimateText(best.Objective), intervalText(f.VsBest.Diff, 2), pClause(f.VsBest.P))
	}
	byName := map[string]*Candidate{}
	for _, c := range res.Candidates {
		byName[c.Name] = c
	}
	fmt.Fprintf(&b, " Made as %s.", lineage(f.Candidate, byName, 0))
	if f.Candidate.Texts > 1 {
		fmt.Fprintf(&b, " %d texts of this behaviour were proposed; this is the shortest.", f.Candidate.Texts)
	}
	if f.Variants > 1 {
		fmt.Fprintf(&b, " It stands for %d candidates of one idea (the same rule with suits renamed, colours or parities swapped; %d behaviours in all), the best of them in the search.",
			f.Variants, f.Candidate.Orbit.Size)
	}
	return b.String()
}

// lineage says how a candidate was made, back to the bank's rules and the
// grammar.
func lineage(c *Candidate, byName map[string]*Candidate, depth int) string {
	parent := func(i int) string {
		if i >= len(c.Parents) {
			return "?"
		}
		p := byName[c.Parents[i]]
		if p == nil || p.Origin == FromBank || depth > 8 {
			return c.Parents[i]
		}
		return "(" + lineage(p, byName, depth+1) + ")"
	}
	switch c.Origin {
	case FromGrammar:
		return "a hypothesis of the scientists' grammar (" + c.What + ")"
	case FromBank:
		return "the bank's " + c.Name
	case FromMutation:
		return fmt.Sprintf("a %s mutation (%s) of %s", c.Op, c.What, parent(0))
	case FromCombination:
		return fmt.Sprintf("a combination (%s) of %s and %s", c.What, parent(0), parent(1))
	}
	return c.Name
}

func (fin *Final) baseline(name string) *Finalist {
	for _, f := range fin.Baselines {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// lookBackTag is the bank's tag for a rule's look-back (docs/files.md).
func lookBackTag(c *Candidate) string {
	switch {
	case strings.Contains(c.LookBack, ",n"):
		return "position"
	case c.Depth == 0:
		return "card-only"
	}
	return []string{"", "prev", "prev2", "prev3"}[c.Depth]
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n-3], "") + "…"
}

func estimateText(e Estimate) string {
	prec := 2
	if math.Abs(e.Est) >= 5 {
		prec = 1
	}
	return intervalText(e.Interval, prec)
}

func intervalText(iv stats.Interval, prec int) string {
	f := func(x float64) string { return fmt.Sprintf("%.*f", prec, x) }
	if math.IsNaN(iv.Lo) || math.IsNaN(iv.Hi) {
		return f(iv.Est)
	}
	return fmt.Sprintf("%s [%s, %s]", f(iv.Est), f(iv.Lo), f(iv.Hi))
}

// pClause is "p = 0.012" or "p < 1e-12".
func pClause(p float64) string {
	t := pText(p)
	if strings.HasPrefix(t, "<") {
		return "p " + t
	}
	return "p = " + t
}

func pText(p float64) string {
	switch {
	case math.IsNaN(p):
		return "—"
	case p < 1e-12:
		return "< 1e-12"
	case p < 0.001:
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.3f", p)
}

// Plot draws the search: the objective of the best candidate after each
// round against the hands spent (its estimate over the hands of its race,
// with the 95% interval), the best rule of the bank still in the race,
// and the final evaluation's fresh figures of the designed top rule and
// the bank's best.
func (res *Result) Plot(dir string) error {
	origin := map[string]string{}
	for _, rr := range res.Races {
		for _, st := range rr.Standings {
			origin[st.Name] = st.Candidate.Origin
		}
	}
	var best, bank render.Series
	best.Name, bank.Name = "best candidate (search)", "best bank rule (search)"
	for _, rr := range res.Races {
		for k, pt := range rr.Curve {
			best.X, best.Y = append(best.X, float64(pt.Spent)), append(best.Y, pt.Estimate.Est)
			best.Lo, best.Hi = append(best.Lo, pt.Estimate.Lo), append(best.Hi, pt.Estimate.Hi)
			for _, r := range rr.Rounds[k].Results {
				if origin[r.Name] == FromBank {
					bank.X, bank.Y = append(bank.X, float64(pt.Spent)), append(bank.Y, r.Estimate.Est)
					bank.Lo, bank.Hi = append(bank.Lo, r.Estimate.Lo), append(bank.Hi, r.Estimate.Hi)
					break
				}
			}
		}
	}
	fin := res.Final
	// The final points at the end of the budget, side by side.
	end := float64(res.Spent + fin.Plan.N())
	gap := 0.01 * end
	top := fin.Finalists[0]
	fresh := render.Series{Name: top.Name + " (final, fresh deals)", Points: true, X: []float64{end - gap}, Y: []float64{top.Objective.Est},
		Lo: []float64{top.Objective.Lo}, Hi: []float64{top.Objective.Hi}}
	series := []render.Series{best, bank, fresh}
	if b := fin.baseline(fin.Best); b != nil {
		series = append(series, render.Series{Name: b.Name + " (final, fresh deals)", Points: true, X: []float64{end + gap}, Y: []float64{b.Objective.Est},
			Lo: []float64{b.Objective.Lo}, Hi: []float64{b.Objective.Hi}})
	}
	cfg := res.Config
	var gens []string
	for i, rr := range res.Races {
		gens = append(gens, fmt.Sprintf("generation %d: %d candidates, %d rounds, %d hands", rr.Generation, res.Pools[i].Carried+res.Pools[i].Kept, len(rr.Rounds), rr.Spent))
	}
	caption := []string{
		fmt.Sprintf("Objective: %s. Preset %s; line-up: %s; seed %d; budget %d hands (%s; final evaluation: %d rules × %d fresh hands).",
			cfg.Objective, cfg.Preset, strings.Join(cfg.Lineup, ", "), cfg.Seed, cfg.Budget, strings.Join(gens, "; "), len(fin.Plan.Rules), fin.Plan.Hands),
		"Each search point: after a round of successive halving, the best candidate's objective over every hand it played in its race (each generation's race starts afresh), with its 95% interval; " +
			"those figures are biased upwards (the candidate won on them). The final points are on deals no round played: they are the figures reported.",
	}
	return render.LinePlot(dir, "search", "The search: the objective of the best candidate against hands spent",
		"hands spent", cfg.Objective.Label(), series, caption...)
}
