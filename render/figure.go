package render

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/internal/atomicfile"
	"github.com/eleusis/eleusis/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Figure is a drawing for a paper or a slide: a title, one plot or a grid
// of panels, an optional legend beside the data (never over it), and a
// caption under everything saying what was measured (n, line-up, preset,
// seed, how the curves average). Text is wrapped to the figure's width,
// so nothing is clipped.
type Figure struct {
	Title   string
	Caption []string
	// panels: rows of plots (one plot: [][]*plot.Plot{{p}}); a nil panel
	// is left empty.
	Panels [][]*plot.Plot
	// legend: the entries of the legend drawn right of the panels.
	Legend []LegendEntry
	W, H   vg.Length
	// empty: the message drawn instead of panels that have no data.
	Empty string
}

var (
	titleStyle   = textStyle(13, draw.XCenter)
	captionStyle = textStyle(9, draw.XLeft)
	messageStyle = textStyle(12, draw.XCenter)
)

func textStyle(size vg.Length, align draw.XAlignment) text.Style {
	return text.Style{Color: color.Black, Font: font.From(plot.DefaultFont, size), Handler: plot.DefaultTextHandler, XAlign: align, YAlign: draw.YTop}
}

// wrapText breaks s into lines no wider than w in style sty.
func wrapText(sty text.Style, s string, w vg.Length) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := strings.TrimSpace(line + " " + word)
			if line != "" && sty.Width(try) > w {
				lines = append(lines, line)
				try = word
			}
			line = try
		}
		lines = append(lines, line)
	}
	return lines
}

const figPad = vg.Length(8) // points around the figure and between its parts

// draw lays the figure out on c: title at the top, caption at the bottom,
// the legend at the right, the panels in what is left.
func (f *Figure) draw(c draw.Canvas) {
	c.FillPolygon(color.White, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
	inner := draw.Crop(c, figPad, -figPad, figPad, -figPad)
	width := inner.Max.X - inner.Min.X
	top := inner.Max.Y
	for _, l := range wrapText(titleStyle, f.Title, width) {
		inner.FillText(titleStyle, vg.Point{X: (inner.Min.X + inner.Max.X) / 2, Y: top}, l)
		top -= titleStyle.Height(l) * 1.15
	}
	bottom := inner.Min.Y
	var capLines []string
	for _, cp := range f.Caption {
		capLines = append(capLines, wrapText(captionStyle, cp, width)...)
	}
	lineH := captionStyle.Height("Xg") * 1.2
	bottom += lineH * vg.Length(len(capLines))
	for i, l := range capLines {
		inner.FillText(captionStyle, vg.Point{X: inner.Min.X, Y: bottom - lineH*vg.Length(i)}, l)
	}
	area := draw.Crop(inner, 0, 0, bottom-inner.Min.Y+figPad, -(inner.Max.Y-top)-figPad/2)
	if len(f.Legend) > 0 && len(f.Panels) > 0 {
		leg := plot.NewLegend()
		leg.TextStyle.Font.Size = 9
		leg.Padding = vg.Points(2) // thick lines' thumbnails need room between rows
		leg.Top, leg.Left = true, true
		lw := vg.Length(0)
		for _, e := range f.Legend {
			leg.Add(e.Name, e.Thumb)
			lw = max(lw, leg.TextStyle.Width(e.Name))
		}
		lw += leg.ThumbnailWidth + leg.TextStyle.Width(" ")*2
		leg.Draw(draw.Crop(area, area.Max.X-area.Min.X-lw, 0, 0, -figPad*3))
		area = draw.Crop(area, 0, -lw-figPad, 0, 0)
	}
	if len(f.Panels) == 0 {
		area.FillText(messageStyle, area.Center(), f.Empty)
		return
	}
	rows, cols := len(f.Panels), len(f.Panels[0])
	if rows == 1 && cols == 1 {
		f.Panels[0][0].Draw(area)
		return
	}
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: figPad * 2, PadY: figPad * 2}
	cs := plot.Align(f.Panels, tiles, area)
	for j, row := range f.Panels {
		for i, p := range row {
			if p != nil {
				p.Draw(cs[j][i])
			}
		}
	}
}

// Save writes the figure as dir/name.png and dir/name.svg, each
// atomically and readable by others (atomicfile.WriteFile).
func (f *Figure) Save(dir, name string) error {
	for _, ext := range []string{"png", "svg"} {
		data, err := f.Encode(ext)
		if err != nil {
			return fmt.Errorf("plot %s.%s: %w", name, ext, err)
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, name+"."+ext), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Encode draws the figure as a PNG (150 dpi) or an SVG document.
func (f *Figure) Encode(ext string) ([]byte, error) {
	var c vg.CanvasWriterTo
	if ext == "png" {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(f.W, f.H), vgimg.UseDPI(150))}
	} else {
		c = vgsvg.New(f.W, f.H)
	}
	f.draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// LegendEntry is one line of a figure's legend.
type LegendEntry struct {
	Name  string
	Thumb plot.Thumbnailer
}

// lineStyle is the i-th line's style: colours first, then dashes.
func lineStyle(i int) draw.LineStyle {
	return draw.LineStyle{Color: plotutil.Color(i), Width: vg.Points(1.4), Dashes: plotutil.Dashes(i / len(plotutil.DefaultColors))}
}

// KMPanel draws a Kaplan–Meier curve as steps from (0, 1), with a + where
// subjects (hands, pairs: what) were censored (the hand ended first) and
// the number at risk under each tick of the move axis.
func KMPanel(title, what string, curve []stats.KMStep, maxT float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = 10
	p.Y.Min, p.Y.Max = 0, 1.02
	p.X.Min, p.X.Max = 0, maxT
	xy := plotter.XYs{{X: 0, Y: 1}}
	prev := 1.0
	var censored plotter.XYs
	for _, st := range curve {
		xy = append(xy, plotter.XY{X: st.T, Y: prev}, plotter.XY{X: st.T, Y: st.S})
		prev = st.S
		if st.Censors > 0 {
			censored = append(censored, plotter.XY{X: st.T, Y: st.S})
		}
	}
	l, err := plotter.NewLine(xy)
	if err != nil {
		return nil, err
	}
	l.LineStyle = lineStyle(0)
	p.Add(l)
	if len(censored) > 0 {
		s, err := plotter.NewScatter(censored)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Shape: draw.PlusGlyph{}, Radius: vg.Points(3.5), Color: color.Black}
		p.Add(s)
	}
	atRisk := func(t float64) int {
		for _, st := range curve {
			if st.T >= t {
				return st.AtRisk
			}
		}
		return 0
	}
	p.X.Tick.Marker = plot.TickerFunc(func(min, max float64) []plot.Tick {
		var ticks []plot.Tick
		for _, t := range (plot.DefaultTicks{}).Ticks(min, max) {
			if t.Label != "" {
				t.Label = fmt.Sprintf("%g\n%d", t.Value, atRisk(t.Value))
			}
			ticks = append(ticks, t)
		}
		return ticks
	})
	p.X.Label.Text = "moves (under each: " + what + " at risk)"
	p.X.Label.TextStyle.Font.Size = 9
	p.X.Tick.Label.Font.Size = 8
	p.Y.Tick.Label.Font.Size = 8
	return p, nil
}

// NiceMax is the move axis's end: the last time of any curve, at least 1.
func NiceMax(ts ...float64) float64 {
	m := 1.0
	for _, t := range ts {
		if !math.IsNaN(t) && !math.IsInf(t, 0) {
			m = max(m, t)
		}
	}
	return m
}

// MoveTicks marks an axis of moves at whole moves: a labelled tick every 1,
// 2, 5, 10, 20, 50… moves (at most six labels), unlabelled ones between,
// and labels without decimals (gonum's default ticks write a hand of 26
// moves as 0.00 and 25.00).
type MoveTicks struct{}

func (MoveTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	step := 1.0
	for i := 0; (hi-lo)/step > 6; i++ {
		step *= []float64{2, 2.5, 2}[i%3] // 1, 2, 5, 10, 20, 50…
	}
	minor := 0.0
	switch {
	case step >= 5 && math.Mod(step, 5) == 0:
		minor = step / 5
	case step >= 2:
		minor = step / 2
	}
	var ticks []plot.Tick
	if minor > 0 {
		for x := math.Ceil(lo/minor) * minor; x <= hi; x += minor {
			if math.Mod(x, step) != 0 {
				ticks = append(ticks, plot.Tick{Value: x})
			}
		}
	}
	for x := math.Ceil(lo/step) * step; x <= hi; x += step {
		ticks = append(ticks, plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', 0, 64)})
	}
	return ticks
}
