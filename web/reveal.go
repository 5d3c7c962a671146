package web

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/lessons"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// The reveal: God's rule in words and as an expression, the scores, each
// bot's belief in God's rule over the hand, and the hand as a transcript
// (docs/files.md) that `eleusis replay` referees again.

type reveal struct {
	view       RevealView
	plot       map[string][]byte // SVG in each language (its code); nil when there is no curve to draw
	transcript []byte            // nil when the hand cannot be written down
}

// RevealView is the reveal as the page shows it.
type RevealView struct {
	Words, Expr, Name, How string
	End                    i18n.Msg
	Turns                  int
	Scores                 []ScoreRow
	GodScore               int
	Plot                   bool
	PlotNote               i18n.Msg
	Transcript             bool
	TranscriptNote         i18n.Msg
	// Mismatches: where the teacher's verdicts disagree with the expression
	// the teacher gave at the reveal.
	Mismatches []i18n.Msg
}

// ScoreRow is one player's end of the hand.
type ScoreRow struct {
	Name  string
	Cards int
	Score int
	Notes []i18n.Msg // went out, found the rule, …
}

// revealCmd ends the hand (if it is still going) and reveals God's rule.
// When the teacher judged, words and expr are the teacher's rule.
func (t *table) revealCmd(words, expr string) error {
	if t.settings.Revealed {
		return sayErr("err.revealedAlready")
	}
	if t.hand == nil {
		return errNotStarted
	}
	if t.tj != nil {
		words, expr = strings.TrimSpace(words), strings.TrimSpace(expr)
		if len(words) > maxWords {
			return sayErr("form.atMost", maxWords)
		}
		if expr != "" {
			if err := checkText("rule", expr, maxExpr); err != nil {
				return err
			}
			if _, err := rulebank.Compile(rulebank.Rule{Name: "teacher", Expr: expr, File: "the reveal"}); err != nil {
				return err
			}
		}
	}
	err := t.save(func() {
		if t.tj != nil {
			t.settings.TeacherWords, t.settings.TeacherExpr = words, expr
		}
		t.settings.Revealed = true
		t.settings.Hands = append(t.settings.Hands, t.summarize())
	})
	if err != nil {
		return err
	}
	t.pending, t.window, t.guess, t.question = nil, nil, nil, nil
	t.makeReveal()
	t.saveTranscript()
	return nil
}

// revealedRule is God's rule as revealed: the table's, or the expression
// the teacher gave (nil when the teacher gave none).
func (t *table) revealedRule() *rulebank.Compiled {
	if t.tj == nil {
		return t.rule
	}
	if t.settings.TeacherExpr == "" {
		return nil
	}
	r, err := rulebank.Compile(rulebank.Rule{Name: "teacher", Expr: t.settings.TeacherExpr, Description: t.settings.TeacherWords, File: "the reveal"})
	if err != nil {
		return nil
	}
	return r
}

func (t *table) makeReveal() {
	res := t.hand.Result()
	names := t.names()
	rv := RevealView{Words: t.setup.Rule.Words, Expr: t.setup.Rule.Expr, Name: t.setup.Rule.Name, How: t.setup.Rule.How,
		End: handwords.End(res.End, names, res), Turns: res.Turns, GodScore: res.GodScore}
	if !t.hand.Ended() {
		rv.End = i18n.M("reveal.stoppedEarly")
	}
	rule := t.revealedRule()
	if t.tj != nil {
		rv.Words, rv.Expr = t.settings.TeacherWords, t.settings.TeacherExpr
		if rule != nil {
			rv.Mismatches = t.mismatches(rule)
		}
	}
	rep := lessons.NewHandReport("", t.setup.Preset, "God", names, res)
	for _, p := range rep.Players {
		var notes []i18n.Msg
		for _, n := range []struct {
			on  bool
			key string
		}{{p.WentOut, "note.wentOut"}, {p.Eliminated, "note.eliminated"}, {p.Guessed, "note.guessed"},
			{p.Prophet == sim.StandingProphet, "note.prophet"}, {p.Prophet == sim.FallenProphet, "note.fallen"}} {
			if n.on {
				notes = append(notes, i18n.M(n.key))
			}
		}
		rv.Scores = append(rv.Scores, ScoreRow{Name: p.Name, Cards: p.Cards, Score: p.Score, Notes: notes})
	}
	r := &reveal{}
	switch {
	case rule == nil:
		rv.PlotNote = i18n.M("reveal.plotTeacher")
	case len(t.minds) == 0:
		rv.PlotNote = i18n.M("reveal.plotNoBot")
	default:
		svg, err := t.beliefPlot(res, rule)
		if err != nil {
			rv.PlotNote = i18n.M("reveal.plotError", foreign(err.Error()))
		} else {
			r.plot, rv.Plot = svg, true
		}
	}
	var b bytes.Buffer
	if err := t.writeTranscript(&b, res, rule); err != nil {
		rv.TranscriptNote = i18n.M("reveal.transcriptError", foreign(err.Error()))
	} else {
		r.transcript, rv.Transcript = b.Bytes(), true
		if rule == nil {
			rv.TranscriptNote = i18n.M("reveal.transcriptNoRule")
		} else if err := replaysAs(r.transcript, res, rule); err != nil {
			rv.TranscriptNote = i18n.M("reveal.transcriptNoReplay", foreign(err.Error()))
		}
	}
	r.view = rv
	t.reveal = r
}

// mismatches lists the teacher's verdicts that the teacher's expression
// would have given otherwise: where the transcript's replay will differ.
func (t *table) mismatches(rule *rulebank.Compiled) []i18n.Msg {
	j := rule.NewJudge()
	var out []i18n.Msg
	for text, yes := range t.tj.guesses {
		eq, err := j.Equivalent(text)
		switch {
		case err != nil && yes:
			out = append(out, i18n.M("mismatch.unreadable", code(text), foreign(err.Error())))
		case err == nil && eq != yes:
			out = append(out, i18n.M("mismatch.stated", code(text), verdictWord(verdictOf(yes)), verdictWord(verdictOf(eq))))
		}
	}
	for _, v := range t.tj.order {
		ok, err := j.Accepts(v.line, v.card)
		if err != nil {
			out = append(out, i18n.M("mismatch.fails", v.card.Pretty(), handwords.Cards(v.line), foreign(err.Error())))
			continue
		}
		if ok != v.yes {
			out = append(out, i18n.M("mismatch.card", v.card.Pretty(), handwords.Cards(v.line[max(0, len(v.line)-3):]), verdictWord(verdictOf(v.yes)), verdictWord(verdictOf(ok))))
		}
	}
	return out
}

// beliefPlot draws, for each belief at the table, its probability of God's
// rule (its behaviour class) after every move: the hand replayed through a
// fresh belief of the same space and noise, as `eleusis transcript` tells it.
func (t *table) beliefPlot(res *sim.Result, rule *rulebank.Compiled) (map[string][]byte, error) {
	var curves []plotter.XYs
	for _, m := range t.minds {
		sp := m.rec.Space()
		truth, err := t.srv.kit.Truth(rule, sp.Len())
		if err != nil {
			return nil, err
		}
		n := &lessons.Narration{Result: res, Options: t.setup.Options, Truth: truth}
		if err := lessons.Narrate(n, sp, m.rec.Eps()); err != nil {
			return nil, err
		}
		xy := plotter.XYs{{X: 0, Y: 0}}
		if len(n.Steps) > 0 {
			xy = xy[:0]
		}
		for _, st := range n.Steps {
			xy = append(xy, plotter.XY{X: float64(st.Move.Turn), Y: st.TrueProb})
		}
		curves = append(curves, xy)
	}
	// The same curves drawn once in each language (the page's picture).
	out := map[string][]byte{}
	for _, tag := range i18n.Languages {
		l := i18n.NewPrinter(tag)
		svg, err := t.drawBeliefs(l, curves)
		if err != nil {
			return nil, err
		}
		out[l.Lang()] = svg
	}
	return out, nil
}

// drawBeliefs draws the minds' curves with the words of l.
func (t *table) drawBeliefs(l *i18n.Printer, curves []plotter.XYs) ([]byte, error) {
	p := plot.New()
	p.Title.Text = l.T("webplot.title")
	p.X.Label.Text = l.T("plot.move")
	p.Y.Label.Text = l.T("webplot.y")
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(8), -vg.Points(6) // clear of the title and the axis
	palette := []color.RGBA{{0x1f, 0x77, 0xb4, 255}, {0xd6, 0x27, 0x28, 255}, {0x2c, 0xa0, 0x2c, 255}, {0x94, 0x67, 0xbd, 255}, {0xff, 0x7f, 0x0e, 255}}
	for i, xy := range curves {
		line, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		line.Color = palette[i%len(palette)]
		line.Width = vg.Points(2)
		p.Add(line)
		p.Legend.Add(t.mindLabel(l, t.minds[i]), line)
	}
	p.Add(plotter.NewGrid())
	var b bytes.Buffer
	w, err := p.WriterTo(7*vg.Inch, 3.2*vg.Inch, "svg")
	if err != nil {
		return nil, err
	}
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// mindLabel names the bots holding a belief.
func (t *table) mindLabel(l *i18n.Printer, m *mind) string {
	var own, ideal []string
	for k, s := range m.seats {
		if m.ideal[k] {
			ideal = append(ideal, t.name(s))
		} else {
			own = append(own, fmt.Sprintf("%s (%s)", t.name(s), t.setup.Seats[s].Bot))
		}
	}
	label := strings.Join(own, ", ")
	if len(ideal) > 0 {
		if label != "" {
			label += "; "
		}
		label += l.T("webplot.ideal", strings.Join(ideal, ", "))
	}
	return label
}
