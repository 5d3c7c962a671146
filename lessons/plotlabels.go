package lessons

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Labels on the belief plot, placed so that none overlaps another, none
// crosses a curve and none leaves the plot: each is tried at positions
// around the point it names, nearest first, and the first free one is
// taken; a label with no free place is left out (the caption names every
// rule the plot does). The boxes drawn are kept for the test that checks
// them.

// plotLabel is a text naming a point of the plot.
type plotLabel struct {
	text  string
	x, y  float64 // the point it names, in data units
	style text.Style
	// dot: mark the point; near: keep to the point (a number beside a
	// line) rather than wander off with a leader line.
	dot, near bool
	// note: the plot's note that the belief ran empty.
	note bool
}

// labelLayer draws labels without collisions (a plot.Plotter).
type labelLayer struct {
	labels []plotLabel
	// curves: the lines no label may cross.
	curves []plotter.XYs
	// After Plot: the labels drawn and their boxes, and the data area, in
	// canvas units.
	drawn []plotLabel
	boxes []vg.Rectangle
	area  vg.Rectangle
	// segs: the curves' segments as drawn.
	segs [][2]vg.Point
}

// labelPad is the room kept around a box (points).
const labelPad = vg.Length(2)

// Plot places and draws the labels.
func (ll *labelLayer) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	ll.area = c.Rectangle
	ll.boxes, ll.segs = nil, nil
	for _, xy := range ll.curves {
		for i := 1; i < len(xy); i++ {
			a := vg.Point{X: trX(xy[i-1].X), Y: trY(xy[i-1].Y)}
			b := vg.Point{X: trX(xy[i].X), Y: trY(xy[i].Y)}
			ll.segs = append(ll.segs, [2]vg.Point{a, b})
		}
	}
	ll.drawn = nil
	for _, lb := range ll.labels {
		at := vg.Point{X: trX(lb.x), Y: trY(lb.y)}
		box, ok := ll.place(lb, at)
		if !ok && lb.note {
			box, ok = ll.anywhere(lb) // the note must be seen, near its band or not
		}
		if !ok {
			continue // no free place: the caption names it
		}
		ll.boxes, ll.drawn = append(ll.boxes, box), append(ll.drawn, lb)
		st := lb.style
		st.XAlign, st.YAlign = draw.XLeft, draw.YBottom
		if lb.dot {
			c.DrawGlyph(draw.GlyphStyle{Color: st.Color, Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}}, at)
			// A leader line from the point to the box when they are apart.
			if edge := nearestOnBox(box, at); dist(edge, at) > vg.Points(6) {
				c.StrokeLine2(draw.LineStyle{Color: color.Gray{Y: 120}, Width: vg.Points(0.5)}, at.X, at.Y, edge.X, edge.Y)
			}
		}
		c.FillText(st, vg.Point{X: box.Min.X + labelPad, Y: box.Min.Y + labelPad}, lb.text)
	}
}

// place finds a box for a label naming point at: beside it first, then
// further away, the first that stays inside the data area, overlaps no
// box placed before and crosses no curve (ok false: there is none).
func (ll *labelLayer) place(lb plotLabel, at vg.Point) (box vg.Rectangle, ok bool) {
	w := lb.style.Width(lb.text) + 2*labelPad
	h := lb.style.Height(lb.text) + 2*labelPad
	steps := []vg.Length{3, 10, 18, 28, 40, 55, 72, 92, 115, 140, 170}
	if lb.near {
		steps = steps[:3]
	}
	for _, d := range steps {
		d := vg.Points(float64(d))
		for _, o := range []vg.Point{
			{X: d, Y: d}, {X: d, Y: -d - h}, {X: -d - w, Y: d}, {X: -d - w, Y: -d - h},
			{X: -w / 2, Y: d}, {X: -w / 2, Y: -d - h}, {X: d, Y: -h / 2}, {X: -d - w, Y: -h / 2},
			{X: -w / 4, Y: d}, {X: -3 * w / 4, Y: d}, {X: -w / 4, Y: -d - h}, {X: -3 * w / 4, Y: -d - h},
		} {
			r := vg.Rectangle{Min: vg.Point{X: at.X + o.X, Y: at.Y + o.Y}}
			r.Max = vg.Point{X: r.Min.X + w, Y: r.Min.Y + h}
			if ll.free(r) {
				return r, true
			}
		}
	}
	return vg.Rectangle{}, false
}

// anywhere finds a free box for a label over the whole data area, from
// the right (where a belief runs empty) to the left, top to bottom.
func (ll *labelLayer) anywhere(lb plotLabel) (box vg.Rectangle, ok bool) {
	w := lb.style.Width(lb.text) + 2*labelPad
	h := lb.style.Height(lb.text) + 2*labelPad
	step := vg.Points(6)
	for x := ll.area.Max.X - w; x >= ll.area.Min.X; x -= step {
		for y := ll.area.Max.Y - h; y >= ll.area.Min.Y; y -= step {
			r := vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}
			if ll.free(r) {
				return r, true
			}
		}
	}
	return vg.Rectangle{}, false
}

// free reports whether box r stays inside the data area, overlaps no
// label placed before and crosses no curve.
func (ll *labelLayer) free(r vg.Rectangle) bool {
	if r.Min.X < ll.area.Min.X || r.Min.Y < ll.area.Min.Y || r.Max.X > ll.area.Max.X || r.Max.Y > ll.area.Max.Y {
		return false
	}
	for _, b := range ll.boxes {
		if overlaps(r, b) {
			return false
		}
	}
	for _, s := range ll.segs {
		if segmentHits(s[0], s[1], r) {
			return false
		}
	}
	return true
}

// overlaps reports whether two boxes share more than an edge.
func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// segmentHits reports whether segment ab passes through box r (clipped by
// Liang and Barsky's parametric test).
func segmentHits(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, e := range [][2]float64{
		{-dx, float64(a.X - r.Min.X)}, {dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)}, {dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// nearestOnBox is the point of box r nearest to p.
func nearestOnBox(r vg.Rectangle, p vg.Point) vg.Point {
	return vg.Point{X: min(max(p.X, r.Min.X), r.Max.X), Y: min(max(p.Y, r.Min.Y), r.Max.Y)}
}

func dist(a, b vg.Point) vg.Length {
	return vg.Length(math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
}
