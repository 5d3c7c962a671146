package rank

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// ruleLabel names a summary's row: the rule, and its preset when the run
// played more than one.
func ruleLabel(r *RuleSummary, presets int) string {
	if presets > 1 {
		return r.Rule + " (" + r.Preset + ")"
	}
	return r.Rule
}

// lineupNote names the plan's line-ups as tables and plots show
// strategies (name= labels).
func lineupNote(p *lab.Plan) string {
	shown := func(lu []string) string {
		names := make([]string, len(lu))
		for i, s := range lu {
			names[i] = agents.ShownName(s)
		}
		return strings.Join(names, ", ")
	}
	if len(p.Lineups) == 1 {
		return "line-up: " + shown(p.Lineups[0])
	}
	var lus []string
	for _, lu := range p.Lineups {
		lus = append(lus, shown(lu))
	}
	return fmt.Sprintf("%d line-ups: %s", len(p.Lineups), strings.Join(lus, " | "))
}

// planCaption says what a plot of a run shows: hands, line-ups, presets,
// options, seed.
func planCaption(p *lab.Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "n = %d hands per rule, preset and line-up", p.Hands)
	b.WriteString("; " + lineupNote(p))
	if len(p.Presets) == 1 {
		fmt.Fprintf(&b, "; preset %s", p.Presets[0])
	} else {
		fmt.Fprintf(&b, "; presets %s", strings.Join(p.Presets, ", "))
	}
	if len(p.Options) > 0 {
		fmt.Fprintf(&b, " with %s", strings.Join(p.Options, ", "))
	}
	fmt.Fprintf(&b, "; seed %d.", p.Seed)
	return b.String()
}

// RankPlots draws the ranking's plots into dir: the difficulty ranking with
// Wilson intervals on the share of hands the rule was found, the
// Kaplan–Meier discovery curves, God's score distributions, and the
// learning curves (mean posterior on the rule over moves).
func RankPlots(dir string, rk *Ranking) error {
	rs := rk.Rules
	np := len(rk.Plan.Presets)
	cap := planCaption(rk.Plan)
	var names []string
	var ivs []stats.Interval
	for i := range rs {
		names, ivs = append(names, ruleLabel(&rs[i], np)), append(ivs, rs[i].Misidentified)
	}
	if err := render.IntervalPlot(dir, "difficulty", "Difficulty: share of (hand, scientist) pairs whose best rule was not God's on the hand's states (95% Wilson interval)",
		"misidentified", names, ivs, cap+" Rules whose every hand failed are left out; rules the scientists cannot express are in rank.json's outside_space."); err != nil {
		return err
	}

	// Kaplan–Meier curves of the 8 hardest and 8 easiest rules, a panel each.
	var curves [][]stats.KMStep
	var titles []string
	maxT := 1.0
	for i := range rs {
		if render.ShownAsLine(i, len(rs)) && len(rs[i].Settle) > 0 {
			curves, titles = append(curves, rs[i].Settle), append(titles, ruleLabel(&rs[i], np))
			maxT = render.NiceMax(maxT, rs[i].Settle[len(rs[i].Settle)-1].T)
		}
	}
	km := &render.Figure{Title: "Moves until settled on God's rule (Kaplan–Meier)",
		Caption: []string{cap, "Each panel: the share of (hand, scientist) pairs whose best rule had not yet settled in God's local class, against moves; " +
			"+ marks pairs whose hand ended first (censored); under each tick, the pairs still at risk." + shownNote(len(rs))},
		Empty: "no hands to show (every hand failed)"}
	cols := min(4, len(curves))
	for k := range curves {
		if k%cols == 0 {
			km.Panels = append(km.Panels, make([]*plot.Plot, cols))
		}
		p, err := render.KMPanel(titles[k], "pairs", curves[k], maxT)
		if err != nil {
			return err
		}
		if k%cols == 0 {
			p.Y.Label.Text = "not yet settled"
		}
		km.Panels[k/cols][k%cols] = p
	}
	km.W = vg.Length(max(2, cols))*3*vg.Inch + 0.5*vg.Inch
	km.H = vg.Length(max(1, len(km.Panels)))*2.6*vg.Inch + 1.4*vg.Inch
	if err := km.Save(dir, "discovery"); err != nil {
		return err
	}

	// God's scores: a horizontal box per rule, in the ranking's order, the
	// rules outside the scientists' space last (God scores with them too).
	bp := plot.New()
	bp.X.Label.Text = "God's score in a hand"
	var labels []string
	all := append(slices.Clone(rs), rk.Outside...)
	n := 0
	for i := range all {
		if len(all[i].GodScores) > 0 {
			n++
		}
	}
	for i := range all {
		if len(all[i].GodScores) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(vg.Points(9), float64(n-1-len(labels)), plotter.Values(all[i].GodScores))
		if err != nil {
			return err
		}
		b.Horizontal = true
		b.FillColor = color.RGBA{R: 120, G: 160, B: 220, A: 255}
		bp.Add(b)
		label := ruleLabel(&all[i], np)
		if i >= len(rs) {
			label += " (outside)"
		}
		labels = append(labels, label)
	}
	slices.Reverse(labels)
	gs := &render.Figure{Title: "God's score per hand", W: 8 * vg.Inch, H: render.RowsHeight(n),
		Caption: []string{cap, "Boxes: quartiles and median; whiskers: the farthest scores within 1.5 interquartile ranges; points: the others. Rules in the ranking's order, hardest first; \"(outside)\": rules the scientists cannot express, last."},
		Empty:   "no hands to show (every hand failed)"}
	if n > 0 {
		bp.NominalY(labels...)
		gs.Panels = [][]*plot.Plot{{bp}}
	}
	if err := gs.Save(dir, "god-scores"); err != nil {
		return err
	}
	lines := make([]render.Curve, len(rs))
	for i := range rs {
		lines[i] = render.Curve{Label: ruleLabel(&rs[i], np), Learning: rs[i].Learning}
	}
	return render.LearningPlot(dir, "learning", "Belief in God's rule on the hand's states over moves (mean posterior)", lines,
		cap, "Each line: the mean posterior on God's local class after each move, over every measured (hand, scientist) pair; a hand that has ended counts with its last value."+shownNote(len(rs)))
}

// shownNote says which rules a line or panel plot leaves out.
func shownNote(n int) string {
	if n <= 16 {
		return ""
	}
	return fmt.Sprintf(" Shown: the 8 hardest and the 8 easiest of the %d rules.", n)
}
