package reports

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// savePlot writes p as dir/name.png and dir/name.svg.
func savePlot(p *plot.Plot, dir, name string, w, h vg.Length) error {
	for _, ext := range []string{"png", "svg"} {
		if err := p.Save(w, h, filepath.Join(dir, name+"."+ext)); err != nil {
			return fmt.Errorf("plot %s.%s: %w", name, ext, err)
		}
	}
	return nil
}

func ruleLabel(r *RuleSummary, presets int) string {
	if presets > 1 {
		return r.Rule + " / " + r.Preset
	}
	return r.Rule
}

// RankPlots draws the ranking's plots into dir: the difficulty ranking with
// Wilson intervals on the share of hands the rule was found, the
// Kaplan–Meier discovery curves, God's score distributions, and the
// learning curves (mean posterior on the rule over plays).
func RankPlots(dir string, rk *Ranking) error {
	rs := rk.Rules
	np := len(rk.Plan.Presets)

	if err := intervalPlot(dir, "difficulty", "Share of hands in which the rule was identified (95% Wilson CI)", "found", rs); err != nil {
		return err
	}

	// Kaplan–Meier curves of the 8 hardest and 8 easiest rules found at all.
	km := plot.New()
	km.Title.Text = "Discovery: share of hands not yet identified (Kaplan–Meier)"
	km.X.Label.Text = "plays"
	km.Y.Label.Text = "not yet identified"
	var lines []any
	for i := range rs {
		if !shownAsLine(i, len(rs)) {
			continue
		}
		var xy plotter.XYs
		prev := 1.0
		xy = append(xy, plotter.XY{X: 0, Y: 1})
		for _, st := range rs[i].Discovery {
			xy = append(xy, plotter.XY{X: st.T, Y: prev}, plotter.XY{X: st.T, Y: st.S})
			prev = st.S
		}
		lines = append(lines, ruleLabel(&rs[i], np), xy)
	}
	if err := plotutil.AddLines(km, lines...); err != nil {
		return err
	}
	km.Y.Min, km.Y.Max = 0, 1
	if err := savePlot(km, dir, "discovery", 9*vg.Inch, 6*vg.Inch); err != nil {
		return err
	}

	// God's scores: a box per rule.
	bp := plot.New()
	bp.Title.Text = "God's score per hand"
	bp.Y.Label.Text = "score"
	for i := range rs {
		if len(rs[i].GodScores) == 0 {
			continue
		}
		b, err := plotter.NewBoxPlot(vg.Points(12), float64(i), plotter.Values(rs[i].GodScores))
		if err != nil {
			return err
		}
		b.FillColor = color.RGBA{R: 120, G: 160, B: 220, A: 255}
		bp.Add(b)
	}
	var all []string
	for i := range rs {
		all = append(all, ruleLabel(&rs[i], np))
	}
	bp.NominalX(all...)
	bp.X.Tick.Label.Rotation = 1.2
	bp.X.Tick.Label.XAlign, bp.X.Tick.Label.YAlign = -1, -0.5
	if err := savePlot(bp, dir, "god-scores", vg.Length(max(8, len(rs)/3))*vg.Inch, 6*vg.Inch); err != nil {
		return err
	}
	return learningPlot(dir, "learning", "Belief in the true rule over plays (mean posterior)", rs, np)
}

// intervalPlot draws one row per entry: Found's estimate with its interval.
func intervalPlot(dir, name, title, xlabel string, rs []RuleSummary) error {
	// Entries without an estimate (every hand failed) are left out.
	rs = slices.DeleteFunc(slices.Clone(rs), func(r RuleSummary) bool { return math.IsNaN(r.Found.Est) })
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	pts := make(plotter.XYs, len(rs))
	errs := make(plotter.XErrors, len(rs))
	names := make([]string, len(rs))
	for i := range rs {
		y := float64(len(rs) - 1 - i)
		iv := rs[i].Found
		lo, hi := iv.Est-iv.Lo, iv.Hi-iv.Est
		if math.IsNaN(lo) || math.IsNaN(hi) {
			lo, hi = 0, 0
		}
		pts[i] = plotter.XY{X: iv.Est, Y: y}
		errs[i] = struct{ Low, High float64 }{lo, hi}
		names[len(rs)-1-i] = ruleLabel(&rs[i], 1)
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	eb, err := plotter.NewXErrorBars(struct {
		plotter.XYer
		plotter.XErrorer
	}{pts, errs})
	if err != nil {
		return err
	}
	p.Add(sc, eb, plotter.NewGrid())
	p.NominalY(names...)
	return savePlot(p, dir, name, 8*vg.Inch, vg.Length(max(3, len(rs)/3))*vg.Inch)
}

// shownAsLine: a line plot of many rules shows the 8 first and the 8 last
// (the hardest and the easiest), which stay readable.
func shownAsLine(i, n int) bool { return n <= 16 || i < 8 || i >= n-8 }

func learningPlot(dir, name, title string, rs []RuleSummary, np int) error {
	lp := plot.New()
	lp.Title.Text = title
	lp.X.Label.Text = "move"
	lp.Y.Label.Text = "posterior on God's rule"
	var lines []any
	for i := range rs {
		if !shownAsLine(i, len(rs)) {
			continue
		}
		xy := make(plotter.XYs, len(rs[i].Learning))
		for t, v := range rs[i].Learning {
			xy[t] = plotter.XY{X: float64(t + 1), Y: v}
		}
		if len(xy) > 0 {
			lines = append(lines, ruleLabel(&rs[i], np), xy)
		}
	}
	if err := plotutil.AddLines(lp, lines...); err != nil {
		return err
	}
	lp.Y.Min, lp.Y.Max = 0, 1
	return savePlot(lp, dir, name, 9*vg.Inch, 6*vg.Inch)
}
