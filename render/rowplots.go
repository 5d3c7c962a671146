package render

import (
	"math"
	"slices"

	"github.com/eleusis/eleusis/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// RowsHeight is the height of a figure with n rows of labels.
func RowsHeight(n int) vg.Length { return max(3*vg.Inch, vg.Length(n)*vg.Points(15)+2*vg.Inch) }

// IntervalPlot draws one row per entry, top to bottom: an estimate with
// its interval. Entries without an estimate (every hand failed) are left
// out; with none left, the figure says so.
func IntervalPlot(dir, name, title, xlabel string, names []string, ivs []stats.Interval, caption ...string) error {
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
	f := &Figure{Title: title, Caption: caption, W: 8 * vg.Inch, H: RowsHeight(len(pts)), Empty: "nothing to show (every hand failed)"}
	if len(pts) > 0 {
		for i := range pts {
			pts[i].Y = float64(len(pts) - 1 - i)
		}
		slices.Reverse(shown)
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
		f.Panels = [][]*plot.Plot{{p}}
	}
	return f.Save(dir, name)
}

// ShownAsLine: a line plot of many rules shows the 8 first and the 8 last
// (the hardest and the easiest), which stay readable.
func ShownAsLine(i, n int) bool { return n <= 16 || i < 8 || i >= n-8 }

// Curve is one line of a learning plot: its label and its value after
// each move.
type Curve struct {
	Label    string
	Learning []float64
}

// LearningPlot draws each curve (the posterior on God's rule after each
// move), the legend beside the data.
func LearningPlot(dir, name, title string, rs []Curve, caption ...string) error {
	p := plot.New()
	p.X.Label.Text = "move"
	p.X.Tick.Marker = MoveTicks{}
	p.Y.Label.Text = "posterior on God's rule"
	f := &Figure{Title: title, Caption: caption, W: 9 * vg.Inch, H: 6 * vg.Inch, Empty: "no learning curve to show (no scientist with a belief, or every hand failed)"}
	k := 0
	for i := range rs {
		if !ShownAsLine(i, len(rs)) || len(rs[i].Learning) == 0 {
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
		f.Legend = append(f.Legend, LegendEntry{rs[i].Label, l})
		k++
	}
	if k == 1 {
		f.Legend = nil // one line: the title says what it is
	}
	if k > 0 {
		p.Add(plotter.NewGrid())
		p.Y.Min, p.Y.Max = 0, 1
		f.Panels = [][]*plot.Plot{{p}}
	}
	return f.Save(dir, name)
}
