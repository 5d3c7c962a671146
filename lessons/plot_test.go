package lessons

import (
	"bytes"
	"image/png"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/longtest"
)

// The belief plot always shows something, and its labels never collide:
// on hands whose followed belief runs empty (the plot says so, in a grey
// band, and stops its lines there) and on hands with many rivals and
// changes of lead, in every language, every label drawn lies inside the
// data area, overlaps no other and crosses no curve; the axis speaks the
// language's numbers.
func TestBeliefPlotLabels(t *testing.T) {
	type hand struct {
		rule   string
		seed   uint64
		lineup []string
	}
	hands := []hand{
		{"suit-cycle-sdch", 5, []string{"bayes-eig", "positive-tester", "bounded-human", "random"}},
		{"two-odd-blacks-then-red-even-face", 4, []string{"bayes-eig", "positive-tester", "bounded-human", "random"}},
		{"only-red", 3, []string{"bayes-eig(size=20000)", "positive-tester(size=20000)", "bounded-human", "random"}},
	}
	if longtest.On() {
		hands = append(hands, hand{"same-suit", 7, []string{"bayes-eig", "positive-tester", "bounded-human", "random"}},
			hand{"spade-up-else-down", 2, []string{"random", "positive-tester(size=20000)", "bayes-eig", "bounded-human"}})
	}
	emptied := 0
	for _, h := range hands {
		n := lesson(t, h.rule, h.seed, 0, h.lineup...)
		empty := false
		for _, st := range append([]NarratedMove{n.Start}, n.Steps...) {
			empty = empty || st.Left == 0
		}
		if empty {
			emptied++
		}
		for _, lang := range i18n.Languages {
			t.Run(h.rule+"/"+lang.String(), func(t *testing.T) {
				l := i18n.NewPrinter(lang)
				f, layer, err := n.beliefPlot(l)
				if err != nil {
					t.Fatal(err)
				}
				img, err := f.Encode("png") // draws the plot, placing the labels
				if err != nil {
					t.Fatal(err)
				}
				if _, err := png.Decode(bytes.NewReader(img)); err != nil {
					t.Fatal(err)
				}
				checkLabelBoxes(t, layer)
				note := false
				for _, lb := range layer.drawn {
					note = note || lb.note
				}
				if empty != note {
					t.Errorf("the belief ran empty: %v; the plot says so: %v", empty, note)
				}
				if !empty && len(layer.curves[0]) != len(n.Steps)+1 {
					t.Errorf("God's line has %d points for %d moves", len(layer.curves[0]), len(n.Steps))
				}
				for _, xy := range layer.curves[:2] {
					for _, p := range xy {
						if math.IsNaN(p.Y) || p.Y < 0 || p.Y > 1 {
							t.Fatalf("a point at %v", p)
						}
					}
				}
				half := percentTicks{l}.Ticks(0, 1)
				var labels []string
				for _, tk := range half {
					if tk.Label != "" {
						labels = append(labels, tk.Label)
					}
				}
				if want := l.T("lesson.percent", 50); !strings.Contains(strings.Join(labels, " "), want) {
					t.Errorf("the axis says %q, not %q", labels, want)
				}
			})
		}
	}
	if emptied == 0 {
		t.Error("no hand whose followed belief ran empty")
	}
}

// checkLabelBoxes checks the boxes of a drawn label layer.
func checkLabelBoxes(t *testing.T, layer *labelLayer) {
	t.Helper()
	if len(layer.drawn) != len(layer.boxes) {
		t.Fatalf("%d labels, %d boxes", len(layer.drawn), len(layer.boxes))
	}
	for i, b := range layer.boxes {
		a := layer.area
		if b.Min.X < a.Min.X || b.Min.Y < a.Min.Y || b.Max.X > a.Max.X || b.Max.Y > a.Max.Y {
			t.Errorf("label %q at %v leaves the data area %v", layer.drawn[i].text, b, a)
		}
		for j := range i {
			if overlaps(b, layer.boxes[j]) {
				t.Errorf("labels %q and %q overlap", layer.drawn[i].text, layer.drawn[j].text)
			}
		}
		for _, s := range layer.segs {
			if segmentHits(s[0], s[1], b) {
				t.Errorf("label %q crosses a line from %v to %v", layer.drawn[i].text, s[0], s[1])
			}
		}
	}
}

// The collision tests themselves, on boxes and segments drawn by hand.
func TestLabelGeometry(t *testing.T) {
	for _, c := range []struct {
		name   string
		ax, ay float64
		bx, by float64
		hits   bool
	}{
		{"through", -5, 5, 15, 5, true},
		{"inside", 2, 2, 3, 3, true},
		{"above", -5, 12, 15, 12, false},
		{"diagonal past the corner", 9, 12, 12, 9, false},
		{"diagonal through the corner", 8, 11, 11, 8, true},
		{"ends before", -5, 5, -1, 5, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := rect(0, 0, 10, 10)
			if got := segmentHits(pt(c.ax, c.ay), pt(c.bx, c.by), r); got != c.hits {
				t.Errorf("segment (%v,%v)–(%v,%v): hits %v", c.ax, c.ay, c.bx, c.by, got)
			}
		})
	}
	if !overlaps(rect(0, 0, 10, 10), rect(9, 9, 20, 20)) || overlaps(rect(0, 0, 10, 10), rect(10, 0, 20, 10)) {
		t.Error("overlaps: corners share, edges do not")
	}
}

func pt(x, y float64) vg.Point { return vg.Point{X: vg.Length(x), Y: vg.Length(y)} }

func rect(x0, y0, x1, y1 float64) vg.Rectangle { return vg.Rectangle{Min: pt(x0, y0), Max: pt(x1, y1)} }
