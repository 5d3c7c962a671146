package lessons

import (
	"fmt"
	"image/color"
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
	p.Add(plotter.NewGrid())
	f.Panels = [][]*plot.Plot{{p}}
	f.Caption = append(f.Caption, n.plotCaption())
	if len(changes) > 0 {
		f.Caption = append(f.Caption, "Dashed grey lines: the moves where another rule took the lead — "+strings.Join(changes, "; ")+".")
	}
	return f, nil
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
