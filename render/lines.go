package render

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series is one line of a LinePlot: points (X[i], Y[i]), each with a 95%
// interval [Lo[i], Hi[i]] when Lo and Hi are given (a NaN bound: none).
type Series struct {
	Name         string
	X, Y, Lo, Hi []float64
	// Points: marks only, no line between them.
	Points bool
}

// LinePlot draws series against one x axis into dir/name.png and
// dir/name.svg, as every plot of the lab is drawn: the title above, the
// legend beside the data (never over it), the caption under it, nothing
// clipped.
func LinePlot(dir, name, title, xlabel, ylabel string, series []Series, caption ...string) error {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	f := &Figure{Title: title, Caption: caption, W: 9 * vg.Inch, H: 6 * vg.Inch, Empty: "nothing to show"}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range series {
		var xy plotter.XYs
		var errs plotter.YErrors
		for k := range s.X {
			if math.IsNaN(s.Y[k]) || math.IsInf(s.Y[k], 0) {
				continue
			}
			xy = append(xy, plotter.XY{X: s.X[k], Y: s.Y[k]})
			l, h := 0.0, 0.0
			if k < len(s.Lo) && k < len(s.Hi) && !math.IsNaN(s.Lo[k]) && !math.IsNaN(s.Hi[k]) {
				l, h = s.Y[k]-s.Lo[k], s.Hi[k]-s.Y[k]
			}
			errs = append(errs, struct{ Low, High float64 }{l, h})
			lo, hi = min(lo, s.Y[k]-l), max(hi, s.Y[k]+h)
		}
		if len(xy) == 0 {
			continue
		}
		style := lineStyle(i)
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CircleGlyph{}, Radius: vg.Points(2.5), Color: style.Color}
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{xy, errs})
		if err != nil {
			return err
		}
		eb.LineStyle.Color = style.Color
		p.Add(eb, sc)
		var thumb plot.Thumbnailer = sc
		if !s.Points {
			l, err := plotter.NewLine(xy)
			if err != nil {
				return err
			}
			l.LineStyle = style
			p.Add(l)
			thumb = l
		}
		f.Legend = append(f.Legend, LegendEntry{s.Name, thumb})
	}
	if len(f.Legend) == 0 {
		return f.Save(dir, name)
	}
	p.Add(plotter.NewGrid())
	pad := max(0.05*(hi-lo), 0.01)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad // intervals at the ends are not cut
	f.Panels = [][]*plot.Plot{{p}}
	return f.Save(dir, name)
}
