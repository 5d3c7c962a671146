package reports

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// CalibrationBins is the number of equal-width confidence bins of the
// reliability diagram and the expected calibration error.
const CalibrationBins = 10

// Calibration compares a strategy's confidence in its best rule at the end
// of a hand (the posterior probability of that rule's local class) with how
// often that class was God's (a hit). Beliefs left empty (every hypothesis
// contradicted: no best rule) are counted apart, never as confidence 0.
type Calibration struct {
	// N: seats with a best rule; Empty: the share of all measured seats
	// whose belief was empty.
	N     int      `json:"n"`
	Empty Interval `json:"empty"`
	// Confidence and Accuracy: mean confidence, share of hits.
	Confidence Num `json:"confidence"`
	Accuracy   Num `json:"accuracy"`
	// Brier: the mean squared difference of confidence and hit (0 or 1).
	Brier Num `json:"brier"`
	// ECE: the expected calibration error over CalibrationBins equal-width
	// bins: Σ_b (n_b / N) · |accuracy_b − confidence_b| (Naeini, Cooper &
	// Hauskrecht 2015; Guo et al. 2017).
	ECE  Num              `json:"ece"`
	Bins []CalibrationBin `json:"bins"`
}

// CalibrationBin is one bin of the reliability diagram: confidences in
// [Lo, Hi) (the last bin includes 1).
type CalibrationBin struct {
	Lo         float64  `json:"lo"`
	Hi         float64  `json:"hi"`
	N          int      `json:"n"`
	Confidence Num      `json:"confidence"`
	Accuracy   Interval `json:"accuracy"` // share of hits, Wilson 95%
}

// Calibrate sums up confidences and hits (one per seat with a best rule)
// and the number of empty beliefs.
func Calibrate(conf []float64, hit []bool, empty int) Calibration {
	c := Calibration{N: len(conf), Empty: Wilson(empty, len(conf)+empty),
		Confidence: Num(math.NaN()), Accuracy: Num(math.NaN()), Brier: Num(math.NaN()), ECE: Num(math.NaN())}
	if len(conf) == 0 {
		return c
	}
	type acc struct {
		n, hits int
		conf    float64
	}
	var bins [CalibrationBins]acc
	var sumConf, sumHit, brier float64
	for i, p := range conf {
		h := 0.0
		if hit[i] {
			h = 1
		}
		sumConf += p
		sumHit += h
		brier += (p - h) * (p - h)
		b := min(CalibrationBins-1, int(p*CalibrationBins))
		bins[max(0, b)].n++
		bins[max(0, b)].conf += p
		if hit[i] {
			bins[max(0, b)].hits++
		}
	}
	n := float64(len(conf))
	c.Confidence, c.Accuracy, c.Brier = Num(sumConf/n), Num(sumHit/n), Num(brier/n)
	ece := 0.0
	for b, x := range bins {
		bin := CalibrationBin{Lo: float64(b) / CalibrationBins, Hi: float64(b+1) / CalibrationBins, N: x.n,
			Confidence: Num(math.NaN()), Accuracy: Wilson(x.hits, x.n)}
		if x.n > 0 {
			bin.Confidence = Num(x.conf / float64(x.n))
			ece += float64(x.n) / n * math.Abs(float64(x.hits)/float64(x.n)-x.conf/float64(x.n))
		}
		c.Bins = append(c.Bins, bin)
	}
	c.ECE = Num(ece)
	return c
}

// NamedCalibration is one strategy's calibration, for the diagram.
type NamedCalibration struct {
	Name string
	Cal  Calibration
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
	f := &figure{title: "Reliability: is the best rule right as often as the scientist is confident?",
		caption: []string{caption, fmt.Sprintf("Confidence: the posterior probability of the best rule's local class at the end of a hand (%d equal bins); "+
			"right: that class is God's. Points at the bins' mean confidence, bars: 95%% Wilson intervals; dashed: perfect calibration. "+
			"Empty beliefs (no best rule) are counted apart, in the table.", CalibrationBins)},
		legend: []legendEntry{{"perfect calibration", diag}}, w: 9 * vg.Inch, h: 6.5 * vg.Inch,
		empty: "no strategy with a belief of its own to show"}
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
		f.legend = append(f.legend, legendEntry{fmt.Sprintf("%s (ECE %.3f, n = %d)", name, float64(nc.Cal.ECE), nc.Cal.N), line})
	}
	if len(f.legend) > 1 {
		f.panels = [][]*plot.Plot{{p}}
	}
	return f.save(dir, name)
}
