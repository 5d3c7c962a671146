package render

import (
	"fmt"
	"image/color"

	"github.com/eleusis/eleusis/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// NamedCalibration is one strategy's calibration, for the diagram.
type NamedCalibration struct {
	Name string
	Cal  stats.Calibration
}

// ReliabilityPlot draws the reliability diagram (accuracy against mean
// confidence per bin, with Wilson intervals; the diagonal is perfect
// calibration) as dir/name.png and .svg, the legend beside the data and the
// caption under it.
func ReliabilityPlot(dir, name, caption string, cs []NamedCalibration) error {
	p := plot.New()
	p.X.Label.Text = "confidence in the best rule (mean of the bin)"
	p.Y.Label.Text = "share right on the hand's states"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return err
	}
	diag.Color = color.Gray{Y: 150}
	diag.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(diag, plotter.NewGrid())
	f := &Figure{Title: "Reliability: is the best rule right as often as the scientist is confident?",
		Caption: []string{caption, fmt.Sprintf("Confidence: the posterior probability of the best rule's local class at the end of a hand (%d equal bins); "+
			"right: that class is God's. Points at the bins' mean confidence, bars: 95%% Wilson intervals; dashed: perfect calibration. "+
			"Empty beliefs (no best rule) are counted apart, in the table.", stats.CalibrationBins)},
		Legend: []LegendEntry{{"perfect calibration", diag}}, W: 9 * vg.Inch, H: 6.5 * vg.Inch,
		Empty: "no strategy with a belief of its own to show"}
	for i, nc := range cs {
		var pts plotter.XYs
		var errs plotter.YErrors
		for _, b := range nc.Cal.Bins {
			if b.N == 0 {
				continue
			}
			pts = append(pts, plotter.XY{X: float64(b.Confidence), Y: b.Accuracy.Est})
			errs = append(errs, struct{ Low, High float64 }{b.Accuracy.Est - b.Accuracy.Lo, b.Accuracy.Hi - b.Accuracy.Est})
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		line.LineStyle = lineStyle(i)
		points.Color, points.Shape = line.Color, draw.CircleGlyph{}
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{pts, errs})
		if err != nil {
			return err
		}
		eb.Color = line.Color
		p.Add(line, points, eb)
		name := nc.Name
		if r := []rune(name); len(r) > 40 { // an outside program's whole command line would squeeze the plot
			name = string(r[:39]) + "…"
		}
		f.Legend = append(f.Legend, LegendEntry{fmt.Sprintf("%s (ECE %.3f, n = %d)", name, float64(nc.Cal.ECE), nc.Cal.N), line})
	}
	if len(f.Legend) > 1 {
		f.Panels = [][]*plot.Plot{{p}}
	}
	return f.Save(dir, name)
}
