package design

import (
	"math"
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/stats"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// A hand of the lab as the tallies read it: God's score, and seats that
// did or did not identify the rule.
func hand(god int, identified ...bool) *lab.HandRecord {
	h := &lab.HandRecord{GodScore: god}
	for _, id := range identified {
		h.Discovery = append(h.Discovery, &hypotheses.Measures{Own: true, Identified: id})
	}
	return h
}

func TestObjectiveEstimate(t *testing.T) {
	var tl Tally
	tl.AddHand(hand(10, true, false))  // in the sweet spot; 1 miss of 2
	tl.AddHand(hand(20, true, true))   // 0 of 2
	tl.AddHand(hand(30, false, false)) // 2 of 2
	tl.AddHand(&lab.HandRecord{GodScore: 99, Error: "failed"})
	if tl.Hands() != 3 || tl.Failed != 1 || tl.Sweet != 1 || tl.Miss != 3 || tl.Pairs != 6 {
		t.Fatalf("tally %+v", tl)
	}
	// God's mean score: 20, t interval 20 ± t(0.975, 2)·10/√3 = 20 ± 24.84.
	e := Objective{Kind: GodScore}.Estimate(&tl, 7)
	if !near(e.Est, 20, 1e-9) || !near(e.Hi-e.Est, 4.302652729911275*10/math.Sqrt(3), 1e-6) || e.N != 3 {
		t.Errorf("god-score %+v", e)
	}
	// With 0.5 a node off: 20 − 3.5, the interval shifted alike.
	p := Objective{Kind: GodScore, LengthPenalty: 0.5}.Estimate(&tl, 7)
	if !near(p.Est, 16.5, 1e-9) || !near(p.Hi-p.Est, e.Hi-e.Est, 1e-9) {
		t.Errorf("god-score with a penalty %+v", p)
	}
	// The sweet spot: 1 hand of 3, Wilson's interval.
	s := Objective{Kind: SweetSpot}.Estimate(&tl, 7)
	if w := stats.Wilson(1, 3); !near(s.Est, 1.0/3, 1e-12) || s.Lo != w.Lo || s.Hi != w.Hi {
		t.Errorf("sweet-spot %+v", s)
	}
	// Difficulty: misidentified 3/6 = 0.5; the band 0.4–0.6's middle is
	// 0.5, so the value is 0, and the interval's top too.
	d := Objective{Kind: Difficulty, Band: Band{0.4, 0.6}}.Estimate(&tl, 7)
	if w := stats.Wilson(3, 6); !near(d.Est, 0, 1e-12) || d.Hi != 0 || !near(d.Lo, -math.Max(0.5-w.Lo, w.Hi-0.5), 1e-12) {
		t.Errorf("difficulty %+v", d)
	}
	// Band 0.9–1 (middle 0.95): −0.45, interval [lo − 0.95, hi − 0.95]:
	// Wilson's interval [0.19, 0.81] lies below 0.95.
	d = Objective{Kind: Difficulty, Band: Band{0.9, 1}}.Estimate(&tl, 7)
	if w := stats.Wilson(3, 6); !near(d.Est, -0.45, 1e-12) || !near(d.Lo, w.Lo-0.95, 1e-12) || !near(d.Hi, w.Hi-0.95, 1e-12) {
		t.Errorf("difficulty below the band %+v (Wilson %+v)", d, w)
	}
	// No hand: ranked last.
	if e := (Objective{Kind: GodScore}).Estimate(&Tally{}, 1); !math.IsInf(e.Est, -1) {
		t.Errorf("no hand: %+v", e)
	}
}

func TestParseBand(t *testing.T) {
	for _, tc := range []struct {
		s  string
		ok bool
	}{{"0.4-0.6", true}, {"0-1", true}, {" 0.2 - 0.8 ", true}, {"0.6-0.4", false}, {"0.4", false}, {"-0.1-0.5", false}, {"0.5-1.2", false}} {
		if _, err := ParseBand(tc.s); (err == nil) != tc.ok {
			t.Errorf("%q: %v", tc.s, err)
		}
	}
}
