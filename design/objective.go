package design

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/stats"
)

// The objectives a search can maximise.
const (
	// GodScore: God's mean score per hand (New Eleusis scores God by the
	// best player's score: a rule some find and others do not).
	GodScore = "god-score"
	// SweetSpot: the share of hands in which some measured scientists
	// identified the rule and others did not (rank.RuleSummary.Sweet).
	SweetSpot = "sweet-spot"
	// Difficulty: closeness of the misidentified share (the lab's
	// difficulty key) to the middle of a target band.
	Difficulty = "difficulty"
)

// Objectives lists the objectives by name.
var Objectives = []string{GodScore, SweetSpot, Difficulty}

// Objective is what a search maximises, from the hands a candidate played:
//
//	god-score   mean God score − λ·size
//	sweet-spot  sweet-spot share − λ·size
//	difficulty  −|misidentified − (lo + hi)/2| − λ·size
//
// where size counts the nodes of the rule's syntax tree and λ is
// LengthPenalty (0: none), in the objective's own units per node.
type Objective struct {
	Kind string `json:"kind"`
	// Band: the target of the difficulty objective, a share range
	// (misidentified, docs/results.md); zero for the others.
	Band          Band    `json:"band,omitempty"`
	LengthPenalty float64 `json:"length_penalty,omitempty"`
}

// Band is a range of shares, low to high.
type Band [2]float64

// MarshalJSON writes the band as [low, high], or null when it is zero
// (no band).
func (b Band) MarshalJSON() ([]byte, error) {
	if b == (Band{}) {
		return []byte("null"), nil
	}
	return json.Marshal([2]float64(b))
}

// ParseBand reads a share range such as "0.4-0.6".
func ParseBand(s string) (Band, error) {
	a, b, ok := strings.Cut(s, "-")
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || lo < 0 || hi > 1 || lo > hi {
		return Band{}, fmt.Errorf("%q is not a range of shares such as 0.4-0.6 (0 ≤ low ≤ high ≤ 1)", s)
	}
	return Band{lo, hi}, nil
}

// Check refuses an objective no search can use.
func (o Objective) Check() error {
	switch o.Kind {
	case GodScore, SweetSpot:
	case Difficulty:
		if o.Band[1] <= 0 && o.Band[0] <= 0 {
			return fmt.Errorf("the difficulty objective needs a target band (--target-difficulty 0.4-0.6)")
		}
	default:
		return fmt.Errorf("unknown objective %q (use %s)", o.Kind, strings.Join(Objectives, ", "))
	}
	if o.LengthPenalty < 0 || math.IsNaN(o.LengthPenalty) {
		return fmt.Errorf("the length penalty must be 0 or more, not %g", o.LengthPenalty)
	}
	return nil
}

// NeedsDiscovery: the objective reads the scientists' discovery measures
// (which triple the cost of a hand).
func (o Objective) NeedsDiscovery() bool { return o.Kind != GodScore }

// Label names the objective's values (a plot's axis).
func (o Objective) Label() string {
	s := map[string]string{GodScore: "God's mean score", SweetSpot: "sweet-spot share", Difficulty: "−|misidentified − band's middle|"}[o.Kind]
	if o.LengthPenalty > 0 {
		s += " − penalty"
	}
	return s
}

// String names the objective as captions and descriptions say it.
func (o Objective) String() string {
	s := map[string]string{GodScore: "God's mean score", SweetSpot: "the sweet-spot share",
		Difficulty: fmt.Sprintf("closeness of the misidentified share to the band %.2f–%.2f", o.Band[0], o.Band[1])}[o.Kind]
	if o.LengthPenalty > 0 {
		s += fmt.Sprintf(" − %g per syntax-tree node", o.LengthPenalty)
	}
	return s
}

// Tally is what a candidate's hands showed, in the terms of every
// objective.
type Tally struct {
	// God: God's score in each hand played (failed hands left out).
	God    []float64 `json:"-"`
	Failed int       `json:"failed"`
	// Sweet: hands in which some measured scientists identified the rule
	// and others did not; Miss and Pairs: the (hand, scientist) pairs whose
	// best rule at the end was not God's on the hand's states, of all
	// measured pairs.
	Sweet       int `json:"sweet"`
	Miss, Pairs int `json:"-"`
}

// Hands is the number of hands the tally holds (failed ones excluded).
func (t *Tally) Hands() int { return len(t.God) }

// AddHand counts one hand.
func (t *Tally) AddHand(h *lab.HandRecord) {
	if h.Error != "" {
		t.Failed++
		return
	}
	t.God = append(t.God, float64(h.GodScore))
	hit, miss := 0, 0
	for _, m := range h.MeasuredSeats() {
		if m.Identified {
			hit++
		} else {
			miss++
		}
	}
	if hit > 0 && miss > 0 {
		t.Sweet++
	}
	t.Miss += miss
	t.Pairs += hit + miss
}

// value is one hand's contribution to a mean objective (god-score,
// sweet-spot), for paired comparisons; NaN for the difficulty objective,
// which is not a mean of hands.
func (o Objective) handValue(h *lab.HandRecord) float64 {
	var t Tally
	t.AddHand(h)
	switch {
	case t.Hands() == 0:
		return math.NaN()
	case o.Kind == GodScore:
		return t.God[0]
	case o.Kind == SweetSpot:
		return float64(t.Sweet)
	}
	return math.NaN()
}

// Estimate is an objective's value with its 95% interval, over N hands.
type Estimate struct {
	stats.Interval
	N int `json:"hands"`
}

// MarshalJSON writes the estimate as {est, lo, hi, hands}.
func (e Estimate) MarshalJSON() ([]byte, error) {
	iv, err := e.Interval.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return []byte(fmt.Sprintf(`{"value":%s,"hands":%d}`, iv, e.N)), nil
}

// Estimate is the objective of a candidate of the given size over the
// tally's hands: the value with a 95% interval — Student's t for God's
// mean score, Wilson's for the shares (the difficulty objective's interval
// is the distance from the band's middle over the Wilson interval of the
// misidentified share). With no hand, the value is −Inf: ranked last.
func (o Objective) Estimate(t *Tally, size int) Estimate {
	n := t.Hands()
	if n == 0 || (o.Kind == Difficulty && t.Pairs == 0) {
		return Estimate{Interval: stats.Interval{Est: math.Inf(-1), Lo: math.NaN(), Hi: math.NaN()}, N: n}
	}
	var iv stats.Interval
	switch o.Kind {
	case GodScore:
		iv = stats.MeanT(t.God)
	case SweetSpot:
		iv = stats.Wilson(t.Sweet, n)
	case Difficulty:
		m := stats.Wilson(t.Miss, t.Pairs)
		iv = o.closeness(m)
	}
	pen := o.LengthPenalty * float64(size)
	return Estimate{Interval: stats.Interval{Est: iv.Est - pen, Lo: iv.Lo - pen, Hi: iv.Hi - pen}, N: n}
}

// closeness is −|m − c| for the band's middle c, with the interval of
// that function over m's interval (0 at most when the interval holds c).
func (o Objective) closeness(m stats.Interval) stats.Interval {
	c := (o.Band[0] + o.Band[1]) / 2
	d := func(x float64) float64 { return -math.Abs(x - c) }
	lo, hi := math.Min(d(m.Lo), d(m.Hi)), math.Max(d(m.Lo), d(m.Hi))
	if m.Lo <= c && c <= m.Hi {
		hi = 0
	}
	return stats.Interval{Est: d(m.Est), Lo: lo, Hi: hi}
}

// InBand reports whether a misidentified share lies in the target band.
func (o Objective) InBand(x float64) bool { return x >= o.Band[0] && x <= o.Band[1] }
