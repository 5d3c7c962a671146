package lessons

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"

	"golang.org/x/text/language"

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
	tf := markdown{L: l} // plain words
	p := plot.New()
	p.X.Label.Text = l.T("plot.move")
	p.X.Tick.Marker = render.MoveTicks{}
	p.Y.Label.Text = l.T("plot.probability")
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Min, p.X.Max = 0, float64(max(1, len(n.Steps)))
	god := plotter.XYs{{X: 0, Y: n.Start.TrueProb}}
	local := plotter.XYs{{X: 0, Y: n.Start.LocalProb}}
	rival := plotter.XYs{{X: 0, Y: rivalProb(n.Start)}}
	for i, st := range n.Steps {
		x := float64(i + 1)
		god = append(god, plotter.XY{X: x, Y: st.TrueProb})
		local = append(local, plotter.XY{X: x, Y: st.LocalProb})
		rival = append(rival, plotter.XY{X: x, Y: rivalProb(st)})
	}
	f := &render.Figure{Title: l.T("plot.title"), W: 7 * vg.Inch, H: 4.2 * vg.Inch}
	var changes []string
	for i, st := range n.Steps {
		if !st.LeadChanged {
			continue
		}
		x := float64(i + 1)
		mark, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: 1}})
		if err != nil {
			return nil, err
		}
		mark.LineStyle = draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
		p.Add(mark)
		label, err := plotter.NewLabels(plotter.XYLabels{XYs: []plotter.XY{{X: x, Y: 1}}, Labels: []string{fmt.Sprint(i + 1)}})
		if err != nil {
			return nil, err
		}
		label.TextStyle[0].Font.Size = vg.Points(7)
		label.Offset = vg.Point{X: vg.Points(2), Y: -vg.Points(8)}
		p.Add(label)
		changes = append(changes, l.T("plot.change", i+1, rivalName(&st.Leaders[0], l)))
	}
	lines := []struct {
		xy    plotter.XYs
		name  string
		style draw.LineStyle
	}{
		{local, l.T("plot.local"), draw.LineStyle{Color: color.RGBA{0x9a, 0xb7, 0xd6, 255}, Width: vg.Points(4)}},
		{god, l.T("plot.god"), draw.LineStyle{Color: color.RGBA{0x1f, 0x3b, 0x73, 255}, Width: vg.Points(1.8)}},
		{rival, l.T("plot.rival"), draw.LineStyle{Color: color.RGBA{0xc0, 0x16, 0x2c, 255}, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}},
	}
	for _, l := range lines {
		line, err := plotter.NewLine(l.xy)
		if err != nil {
			return nil, err
		}
		line.LineStyle = l.style
		p.Add(line)
		f.Legend = append(f.Legend, render.LegendEntry{Name: l.name, Thumb: line})
	}
	peaks := n.rivalPeaks()
	type placed struct {
		at    int
		prob  float64
		above bool
		lines int
	}
	var done []placed
	for _, pk := range peaks {
		// Each leading rival named where it stood highest, in short lines
		// (a long name that ran past the plot's edge would shrink the plot
		// to make room for it), written away from the nearer edge, and
		// above its peak unless a name near it is there already: then
		// below a lower peak, or higher up.
		name := wrapWords(l.T("lesson.quoted", rivalName(pk.rule, l)), 30)
		label, err := plotter.NewLabels(plotter.XYLabels{XYs: []plotter.XY{{X: float64(pk.at), Y: pk.rule.Prob}}, Labels: []string{name}})
		if err != nil {
			return nil, err
		}
		ts := &label.TextStyle[0]
		ts.Font.Size = vg.Points(8)
		ts.Color = color.RGBA{0xc0, 0x16, 0x2c, 255}
		me := placed{at: pk.at, prob: pk.rule.Prob, above: true, lines: strings.Count(name, "\n") + 1}
		lift := 3.0
		for _, o := range done {
			if !o.above || 4*abs(o.at-me.at) > len(n.Steps) {
				continue
			}
			if me.prob < o.prob {
				me.above = false
				break
			}
			lift += 9.5 * float64(o.lines)
		}
		label.Offset = vg.Point{X: vg.Points(3), Y: vg.Points(lift)}
		if !me.above {
			ts.YAlign = draw.YTop
			label.Offset.Y = -vg.Points(4)
		}
		done = append(done, me)
		switch 3 * pk.at / max(1, len(n.Steps)) {
		case 0:
		case 1:
			ts.XAlign = draw.XCenter
			label.Offset.X = 0
		default:
			ts.XAlign = draw.XRight
			label.Offset.X = -vg.Points(3)
		}
		p.Add(label)
	}
	p.Add(plotter.NewGrid())
	f.Panels = [][]*plot.Plot{{p}}
	f.Caption = append(f.Caption, n.plotCaption(tf))
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
	return f, nil
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
// peak, in the order of the hand.
func (n *Narration) rivalPeaks() []rivalPeak {
	steps := append([]NarratedMove{n.Start}, n.Steps...)
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
		who = f.say("plot.who.own", n.seatIn(n.Observer, f.lang()))
		if !n.OwnBelief {
			who = f.say("plot.who.beside", n.seatIn(n.Observer, f.lang()))
		}
	}
	rule := n.Rule
	if rule == "" {
		rule = n.Expr
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
