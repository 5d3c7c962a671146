package lessons

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"golang.org/x/text/language"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/render"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The belief plot of one hand: after each move, the followed scientist's
// probability of God's rule, of the rules this hand cannot tell from it
// (God's local class), and of the leading rival (the most probable rule
// that is not God's, whichever it is at that move), with a mark at each move
// where another rule took the lead.

// beliefFigure draws the followed belief over the hand.
func (n *Narration) beliefFigure(l *i18n.Printer) (*render.Figure, error) {
	f, _, err := n.beliefPlot(l)
	return f, err
}

// beliefPlot draws the followed belief over the hand: God's rule (the
// rules this hand cannot tell apart from it, together — the number every
// page gives) and the leading rival, up to the last move after which the
// belief held a rule; after it, a grey band says that no rule is left. The
// rivals are named where each stood highest, and the moves where the lead
// changed are marked, by labels placed without collisions (the layer,
// for tests).
func (n *Narration) beliefPlot(l *i18n.Printer) (*render.Figure, *labelLayer, error) {
	tf := markdown{L: l} // plain words
	p := plot.New()
	p.X.Label.Text = l.T("plot.move")
	p.X.Tick.Marker = render.MoveTicks{}
	p.Y.Label.Text = l.T("plot.probability")
	p.Y.Tick.Marker = percentTicks{l}
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Min, p.X.Max = 0, float64(max(1, len(n.Steps)))
	steps := append([]NarratedMove{n.Start}, n.Steps...)
	// The belief holds rules up to move alive (−1: not even after the
	// opening).
	alive := -1
	for i, st := range steps {
		if st.Left == 0 || math.IsNaN(st.LocalProb) {
			break
		}
		alive = i
	}
	var god, rival plotter.XYs
	for i, st := range steps[:alive+1] {
		god = append(god, plotter.XY{X: float64(i), Y: st.LocalProb})
		rival = append(rival, plotter.XY{X: float64(i), Y: rivalProb(st)})
	}
	f := &render.Figure{Title: l.T("plot.title"), W: 7 * vg.Inch, H: 4.2 * vg.Inch}
	layer := &labelLayer{curves: []plotter.XYs{god, rival}}
	small := func(c color.Color) text.Style {
		ts := p.Y.Label.TextStyle // the plot's font
		ts.Font.Size, ts.Color, ts.Rotation = vg.Points(8), c, 0
		return ts
	}
	p.Add(plotter.NewGrid())
	if empty := alive + 1; empty < len(steps) {
		x0 := float64(max(0, empty-1))
		band, err := plotter.NewPolygon(plotter.XYs{{X: x0, Y: 0}, {X: p.X.Max, Y: 0}, {X: p.X.Max, Y: 1}, {X: x0, Y: 1}})
		if err != nil {
			return nil, nil, err
		}
		band.Color, band.LineStyle.Width = color.Gray{Y: 225}, 0
		p.Add(band)
		// Narrow, so that it fits a band of a few moves between two marks.
		layer.labels = append(layer.labels, plotLabel{text: wrapWords(l.T("plot.empty", empty), 18), x: (x0 + p.X.Max) / 2, y: 0.5, style: small(color.Gray{Y: 60}), note: true})
		f.Caption = append(f.Caption, n.emptyCaption(empty, tf))
	}
	var changes []string
	for i, st := range n.Steps {
		if !st.LeadChanged || i >= alive {
			continue
		}
		x := float64(i + 1)
		mark, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: 1}})
		if err != nil {
			return nil, nil, err
		}
		mark.LineStyle = draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
		p.Add(mark)
		layer.curves = append(layer.curves, mark.XYs)
		layer.labels = append(layer.labels, plotLabel{text: l.Number(i + 1), x: x, y: 1, style: small(color.Gray{Y: 80}), near: true})
		changes = append(changes, l.T("plot.change", i+1, rivalName(&st.Leaders[0], l)))
	}
	lines := []struct {
		xy    plotter.XYs
		name  string
		style draw.LineStyle
	}{
		{god, l.T("plot.god"), draw.LineStyle{Color: color.RGBA{0x1f, 0x3b, 0x73, 255}, Width: vg.Points(2)}},
		{rival, l.T("plot.rival"), draw.LineStyle{Color: color.RGBA{0xc0, 0x16, 0x2c, 255}, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}},
	}
	for _, ln := range lines {
		if len(ln.xy) == 0 {
			continue
		}
		line, err := plotter.NewLine(ln.xy)
		if err != nil {
			return nil, nil, err
		}
		line.LineStyle = ln.style
		p.Add(line)
		f.Legend = append(f.Legend, render.LegendEntry{Name: ln.name, Thumb: line})
	}
	peaks := n.rivalPeaks(alive)
	for _, pk := range peaks {
		// Each leading rival named where it stood highest, in short lines.
		name := wrapWords(l.T("lesson.quoted", rivalName(pk.rule, l)), 30)
		layer.labels = append(layer.labels, plotLabel{text: name, x: float64(pk.at), y: pk.rule.Prob, style: small(color.RGBA{0xc0, 0x16, 0x2c, 255}), dot: true})
	}
	p.Add(layer)
	f.Panels = [][]*plot.Plot{{p}}
	f.Caption = append([]string{n.plotCaption(tf)}, f.Caption...)
	if len(peaks) > 0 {
		var named []string
		for _, pk := range peaks {
			when := l.T("plot.afterMove", pk.at)
			if pk.at == 0 {
				when = l.T("plot.afterOpening")
			}
			named = append(named, l.T("plot.rivalAt", rivalName(pk.rule, l), fpct(tf, pk.rule.Prob), when))
		}
		f.Caption = append(f.Caption, l.T("plot.rivals", strings.Join(named, "; ")))
	}
	if len(changes) > 0 {
		f.Caption = append(f.Caption, l.T("plot.changes", strings.Join(changes, "; ")))
	}
	f.H = figureHeight(f, 3.3*vg.Inch)
	return f, layer, nil
}

// figureHeight is the height of a figure whose plot is plotH tall: the
// title, the plot and the caption's lines as render.Figure lays them out
// (9-point lines 1.2 high, wrapped to the figure's width within its
// 8-point margins), with a line to spare.
func figureHeight(f *render.Figure, plotH vg.Length) vg.Length {
	const pad = vg.Length(8)
	title := text.Style{Font: font.From(plot.DefaultFont, 13), Handler: plot.DefaultTextHandler}
	caption := text.Style{Font: font.From(plot.DefaultFont, 9), Handler: plot.DefaultTextHandler}
	width := f.W - 2*pad
	lines := 1
	for _, c := range f.Caption {
		line := ""
		for _, w := range strings.Fields(c) {
			try := strings.TrimSpace(line + " " + w)
			if line != "" && caption.Width(try) > width {
				lines++
				try = w
			}
			line = try
		}
		lines++
	}
	return 2*pad + title.Height(f.Title)*1.15 + pad/2 + plotH + pad + caption.Height("Xg")*1.2*vg.Length(lines)
}

// emptyCaption says from which move the followed belief held no rule, and
// which rules stood last.
func (n *Narration) emptyCaption(empty int, f textFormat) string {
	if empty == 0 {
		return f.say("plot.emptyFrom.opening", n.who(f))
	}
	var last []string
	before := n.Start
	if empty >= 2 {
		before = n.Steps[empty-2]
	}
	for _, r := range before.Leaders[:min(3, len(before.Leaders))] {
		last = append(last, f.say("plot.standing", rivalName(&r, f.lang()), fpct(f, r.Prob)))
	}
	return f.say("plot.emptyFrom", empty, n.who(f), empty-1, strings.Join(last, "; "))
}

// percentTicks marks a probability axis in percent, in the language's
// form ("50 %" in Spanish and Valencian).
type percentTicks struct{ l *i18n.Printer }

func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for v := 0.0; v <= 1.0001; v += 0.125 {
		tk := plot.Tick{Value: v}
		if int(math.Round(v*1000))%250 == 0 {
			tk.Label = t.l.T("lesson.percent", int(math.Round(100*v)))
		}
		out = append(out, tk)
	}
	return out
}

// rivalPeak is a leading rival where it stood highest, at a move (0: the
// opening).
type rivalPeak struct {
	rule *Ranked
	at   int
}

// rivalPeaks are the leading rivals worth naming: the line of the
// leading rival is made of stretches where one rule leads the rivals; the
// (at most three) stretches that rose highest, at least 5%, each at its
// peak, in the order of the hand — up to move alive, the last the belief
// held a rule after.
func (n *Narration) rivalPeaks(alive int) []rivalPeak {
	steps := append([]NarratedMove{n.Start}, n.Steps...)[:alive+1]
	var peaks []rivalPeak
	for i := range steps {
		r := steps[i].Rival
		if r == nil {
			continue
		}
		if k := len(peaks) - 1; k >= 0 && peaks[k].rule.ID == r.ID && (i == 0 || steps[i-1].Rival != nil && steps[i-1].Rival.ID == r.ID) {
			if r.Prob > peaks[k].rule.Prob {
				peaks[k] = rivalPeak{r, i}
			}
			continue
		}
		peaks = append(peaks, rivalPeak{r, i})
	}
	peaks = slices.DeleteFunc(peaks, func(p rivalPeak) bool { return p.rule.Prob < 0.05 })
	slices.SortStableFunc(peaks, func(a, b rivalPeak) int { return cmp.Compare(b.rule.Prob, a.rule.Prob) })
	peaks = peaks[:min(3, len(peaks))]
	slices.SortFunc(peaks, func(a, b rivalPeak) int { return cmp.Compare(a.at, b.at) })
	return peaks
}

// rivalName is a rule in words, or its expression.
func rivalName(r *Ranked, l *i18n.Printer) string {
	c := *r
	if w := inWordsIn(&c, l); w != "" {
		return w
	}
	return r.Expr
}

func rivalProb(st NarratedMove) float64 {
	if st.Rival == nil {
		return 0
	}
	return st.Rival.Prob
}

// plotCaption says what the plot shows and where the hand comes from.
func (n *Narration) plotCaption(f textFormat) string {
	who := f.say("plot.who.ideal", n.Space.Len())
	if n.Observer >= 0 {
		who = f.say("plot.who.own", n.seatRef(n.Observer, f.lang()))
		if !n.OwnBelief {
			who = f.say("plot.who.beside", n.seatRef(n.Observer, f.lang()))
		}
	}
	rule := f.say("plot.ofRule.name", n.Rule)
	if n.Rule == "" {
		rule = f.say("plot.ofRule.words", rivalName(&Ranked{Expr: n.Expr, Phrase: n.End.GodPhrase}, f.lang()))
	}
	from := f.say("plot.from.seed", n.Preset, fmt.Sprint(n.Seed))
	if n.Source != "" {
		from = f.say("plot.from.file", n.Preset, n.Source)
	}
	return f.say("plot.caption", rule, from, who)
}

// BeliefPlot writes the belief plot as dir/hand-belief.png and .svg, in
// English.
func (n *Narration) BeliefPlot(dir string) error { return n.BeliefPlotIn(dir, language.English) }

// BeliefPlotIn writes the belief plot in lang.
func (n *Narration) BeliefPlotIn(dir string, lang language.Tag) error {
	f, err := n.beliefFigure(i18n.NewPrinter(lang))
	if err != nil {
		return err
	}
	return f.Save(dir, "hand-belief")
}

// wrapWords breaks s into lines of at most width runes where it can, at
// spaces.
func wrapWords(s string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}
