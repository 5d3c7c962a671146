package lessons

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"

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
func (n *Narration) beliefFigure() (*render.Figure, error) {
	p := plot.New()
	p.X.Label.Text = "move"
	p.X.Tick.Marker = render.MoveTicks{}
	p.Y.Label.Text = "probability"
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
	f := &render.Figure{Title: "Belief in God's rule and in its leading rival, move by move", W: 7 * vg.Inch, H: 4.2 * vg.Inch}
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
		changes = append(changes, fmt.Sprintf("move %d: “%s”", i+1, st.Leaders[0].Phrase))
	}
	lines := []struct {
		xy    plotter.XYs
		name  string
		style draw.LineStyle
	}{
		{local, "the rules this hand cannot tell from God's", draw.LineStyle{Color: color.RGBA{0x9a, 0xb7, 0xd6, 255}, Width: vg.Points(4)}},
		{god, "God's rule", draw.LineStyle{Color: color.RGBA{0x1f, 0x3b, 0x73, 255}, Width: vg.Points(1.8)}},
		{rival, "the leading rival", draw.LineStyle{Color: color.RGBA{0xc0, 0x16, 0x2c, 255}, Width: vg.Points(1.4), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}},
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
	for k, pk := range peaks {
		// Each leading rival named where it stood highest, the names
		// stepped up one above the other so that near peaks do not write
		// over each other.
		label, err := plotter.NewLabels(plotter.XYLabels{XYs: []plotter.XY{{X: float64(pk.at), Y: pk.rule.Prob}}, Labels: []string{"“" + rivalName(pk.rule) + "”"}})
		if err != nil {
			return nil, err
		}
		label.TextStyle[0].Font.Size = vg.Points(8)
		label.TextStyle[0].Color = color.RGBA{0xc0, 0x16, 0x2c, 255}
		label.Offset = vg.Point{X: vg.Points(3), Y: vg.Points(3 + 10*float64(k))}
		if pk.at > len(n.Steps)/2 {
			label.TextStyle[0].XAlign = draw.XRight
			label.Offset.X = -vg.Points(3)
		}
		p.Add(label)
	}
	p.Add(plotter.NewGrid())
	f.Panels = [][]*plot.Plot{{p}}
	f.Caption = append(f.Caption, n.plotCaption())
	if len(peaks) > 0 {
		var named []string
		for _, pk := range peaks {
			when := fmt.Sprintf("after move %d", pk.at)
			if pk.at == 0 {
				when = "after the opening"
			}
			named = append(named, fmt.Sprintf("“%s”, %s %s", rivalName(pk.rule), Pct(pk.rule.Prob), when))
		}
		f.Caption = append(f.Caption, "The leading rivals, named on the plot where each stood highest: "+strings.Join(named, "; ")+".")
	}
	if len(changes) > 0 {
		f.Caption = append(f.Caption, "Dashed grey lines: the moves where another rule took the lead — "+strings.Join(changes, "; ")+".")
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
func rivalName(r *Ranked) string {
	c := *r
	if w := inWords(&c); w != "" {
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
func (n *Narration) plotCaption() string {
	who := fmt.Sprintf("an ideal scientist watching the table (the grammar's %s simplest rules, the simpler more probable)", count(n.Space.Len()))
	if n.Observer >= 0 {
		who = fmt.Sprintf("%s, from its own belief", n.seat(n.Observer))
		if !n.OwnBelief {
			who = fmt.Sprintf("an ideal scientist beside %s", n.seat(n.Observer))
		}
	}
	rule := n.Rule
	if rule == "" {
		rule = n.Expr
	}
	from := fmt.Sprintf("preset %s, seed %d", n.Preset, n.Seed)
	if n.Source != "" {
		from = fmt.Sprintf("preset %s, the hand written in %s", n.Preset, n.Source)
	}
	return fmt.Sprintf("One hand of rule %s (%s). The probabilities are those of %s, after the opening (move 0) and after each move. The pale band holds God's rule and every rule that gives the same verdicts on all the lines this hand could reach: where it stands above God's rule, the hand cannot tell them apart.", rule, from, who)
}

// BeliefPlot writes the belief plot as dir/hand-belief.png and .svg.
func (n *Narration) BeliefPlot(dir string) error {
	f, err := n.beliefFigure()
	if err != nil {
		return err
	}
	return f.Save(dir, "hand-belief")
}
