package reports

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ruleLabel names a summary's row: the rule, and its preset when the run
// played more than one.
func ruleLabel(r *RuleSummary, presets int) string {
	if presets > 1 {
		return r.Rule + " (" + r.Preset + ")"
	}
	return r.Rule
}

// planCaption says what a plot of a run shows: hands, line-ups, presets,
// options, seed.
func planCaption(p *Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "n = %d hands per rule, preset and line-up", p.Hands)
	if len(p.Lineups) == 1 {
		fmt.Fprintf(&b, "; line-up: %s", strings.Join(p.Lineups[0], ", "))
	} else {
		var lus []string
		for _, lu := range p.Lineups {
			lus = append(lus, strings.Join(lu, ", "))
		}
		fmt.Fprintf(&b, "; %d line-ups: %s", len(p.Lineups), strings.Join(lus, " | "))
	}
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

// rowsHeight is the height of a figure with n rows of labels.
func rowsHeight(n int) vg.Length { return max(3*vg.Inch, vg.Length(n)*vg.Points(15)+2*vg.Inch) }

// RankPlots draws the ranking's plots into dir: the difficulty ranking with
// Wilson intervals on the share of hands the rule was found, the
// Kaplan–Meier discovery curves, God's score distributions, and the
// learning curves (mean posterior on the rule over moves).
func RankPlots(dir string, rk *Ranking) error {
	rs := rk.Rules
	np := len(rk.Plan.Presets)
	cap := planCaption(rk.Plan)
	var names []string
	var ivs []Interval
	for i := range rs {
		names, ivs = append(names, ruleLabel(&rs[i], np)), append(ivs, rs[i].Misidentified)
	}
	if err := intervalPlot(dir, "difficulty", "Difficulty: share of (hand, scientist) pairs whose best rule was not God's on the hand's states (95% Wilson interval)",
		"misidentified", names, ivs, cap+" Rules whose every hand failed are left out; rules the scientists cannot express are in rank.json's outside_space."); err != nil {
		return err
	}

	// Kaplan–Meier curves of the 8 hardest and 8 easiest rules, a panel each.
	var curves [][]KMStep
	var titles []string
	maxT := 1.0
	for i := range rs {
		if shownAsLine(i, len(rs)) && len(rs[i].Settle) > 0 {
			curves, titles = append(curves, rs[i].Settle), append(titles, ruleLabel(&rs[i], np))
			maxT = niceMax(maxT, rs[i].Settle[len(rs[i].Settle)-1].T)
		}
	}
	km := &figure{title: "Moves until settled on God's rule (Kaplan–Meier)",
		caption: []string{cap, "Each panel: the share of (hand, scientist) pairs whose best rule had not yet settled in God's local class, against moves; " +
			"+ marks pairs whose hand ended first (censored); under each tick, the pairs still at risk." + shownNote(len(rs))},
		empty: "no hands to show (every hand failed)"}
	cols := min(4, len(curves))
	for k := range curves {
		if k%cols == 0 {
			km.panels = append(km.panels, make([]*plot.Plot, cols))
		}
		p, err := kmPanel(titles[k], "pairs", curves[k], maxT)
		if err != nil {
			return err
		}
		if k%cols == 0 {
			p.Y.Label.Text = "not yet settled"
		}
		km.panels[k/cols][k%cols] = p
	}
	km.w = vg.Length(max(2, cols))*3*vg.Inch + 0.5*vg.Inch
	km.h = vg.Length(max(1, len(km.panels)))*2.6*vg.Inch + 1.4*vg.Inch
	if err := km.save(dir, "discovery"); err != nil {
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
	reverse(labels)
	gs := &figure{title: "God's score per hand", w: 8 * vg.Inch, h: rowsHeight(n),
		caption: []string{cap, "Boxes: quartiles and median; whiskers: the farthest scores within 1.5 interquartile ranges; points: the others. Rules in the ranking's order, hardest first; \"(outside)\": rules the scientists cannot express, last."},
		empty:   "no hands to show (every hand failed)"}
	if n > 0 {
		bp.NominalY(labels...)
		gs.panels = [][]*plot.Plot{{bp}}
	}
	if err := gs.save(dir, "god-scores"); err != nil {
		return err
	}
	return learningPlot(dir, "learning", "Belief in God's rule on the hand's states over moves (mean posterior)", rs, np,
		cap, "Each line: the mean posterior on God's local class after each move, over every measured (hand, scientist) pair; a hand that has ended counts with its last value."+shownNote(len(rs)))
}

// shownNote says which rules a line or panel plot leaves out.
func shownNote(n int) string {
	if n <= 16 {
		return ""
	}
	return fmt.Sprintf(" Shown: the 8 hardest and the 8 easiest of the %d rules.", n)
}

func reverse(s []string) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// intervalPlot draws one row per entry, top to bottom: an estimate with
// its interval. Entries without an estimate (every hand failed) are left
// out; with none left, the figure says so.
func intervalPlot(dir, name, title, xlabel string, names []string, ivs []Interval, caption ...string) error {
	var pts plotter.XYs
	var errs plotter.XErrors
	var shown []string
	for i, iv := range ivs {
		if math.IsNaN(iv.Est) {
			continue
		}
		lo, hi := iv.Est-iv.Lo, iv.Hi-iv.Est
		if math.IsNaN(lo) || math.IsNaN(hi) {
			lo, hi = 0, 0
		}
		pts = append(pts, plotter.XY{X: iv.Est})
		errs = append(errs, struct{ Low, High float64 }{lo, hi})
		shown = append(shown, names[i])
	}
	f := &figure{title: title, caption: caption, w: 8 * vg.Inch, h: rowsHeight(len(pts)), empty: "nothing to show (every hand failed)"}
	if len(pts) > 0 {
		for i := range pts {
			pts[i].Y = float64(len(pts) - 1 - i)
		}
		reverse(shown)
		p := plot.New()
		p.X.Label.Text = xlabel
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		eb, err := plotter.NewXErrorBars(struct {
			plotter.XYer
			plotter.XErrorer
		}{pts, errs})
		if err != nil {
			return err
		}
		p.Add(plotter.NewGrid(), eb, sc)
		p.NominalY(shown...)
		p.Y.Min, p.Y.Max = -0.7, float64(len(pts))-0.3
		lo, hi := math.Inf(1), math.Inf(-1)
		for i, pt := range pts {
			lo, hi = min(lo, pt.X-errs[i].Low), max(hi, pt.X+errs[i].High)
		}
		pad := max(0.03*(hi-lo), 0.01)
		p.X.Min, p.X.Max = lo-pad, hi+pad // points at the ends are not cut
		f.panels = [][]*plot.Plot{{p}}
	}
	return f.save(dir, name)
}

// shownAsLine: a line plot of many rules shows the 8 first and the 8 last
// (the hardest and the easiest), which stay readable.
func shownAsLine(i, n int) bool { return n <= 16 || i < 8 || i >= n-8 }

// learningPlot draws each row's learning curve (the posterior on God's rule
// after each move), the legend beside the data.
func learningPlot(dir, name, title string, rs []RuleSummary, np int, caption ...string) error {
	p := plot.New()
	p.X.Label.Text = "move"
	p.X.Tick.Marker = moveTicks{}
	p.Y.Label.Text = "posterior on God's rule"
	f := &figure{title: title, caption: caption, w: 9 * vg.Inch, h: 6 * vg.Inch, empty: "no learning curve to show (no scientist with a belief, or every hand failed)"}
	k := 0
	for i := range rs {
		if !shownAsLine(i, len(rs)) || len(rs[i].Learning) == 0 {
			continue
		}
		xy := make(plotter.XYs, len(rs[i].Learning))
		for t, v := range rs[i].Learning {
			xy[t] = plotter.XY{X: float64(t + 1), Y: v}
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return err
		}
		l.LineStyle = lineStyle(k)
		p.Add(l)
		f.legend = append(f.legend, legendEntry{ruleLabel(&rs[i], np), l})
		k++
	}
	if k == 1 {
		f.legend = nil // one line: the title says what it is
	}
	if k > 0 {
		p.Add(plotter.NewGrid())
		p.Y.Min, p.Y.Max = 0, 1
		f.panels = [][]*plot.Plot{{p}}
	}
	return f.save(dir, name)
}
