package hypotheses

import (
	"math"

	"github.com/eleusis/eleusis/sim"

	"gonum.org/v1/gonum/stat"
)

// Discovery follows how a belief closes in on God's rule during a hand.
// "God's rule" here is its local class (local.go): the hypotheses that
// agree with God on every state the hand could reach from its opening, all
// that the hand can show of the rule.
type Discovery struct {
	Truth *Truth
	// Local is God's local class for the hand (set by Begin).
	Local *Local
	// Turn50, Turn90: the move after which the posterior on the local class
	// first reached 0.5 and 0.9; −1 if never.
	Turn50, Turn90 int
	// Settled: the move since which the best rule has been in the local
	// class (0: from the opening); −1 while it is not.
	Settled int
	// Preds: the probability the belief gave to each of God's verdicts
	// before it was known.
	Preds []float64
	// Posterior: the posterior on the local class after each move.
	Posterior []float64
	// Calibrate: compute the confidence measure (the posterior of the best
	// rule's local class) at the end; it costs about as much as a hand's
	// updates, so only runs that report calibration ask for it.
	Calibrate bool
	err       error
	memo      *Measures
	memoAt    int
	// bel: the belief followed (set by Record.Start), for its open part.
	bel *Belief
}

// NewDiscovery follows the discovery of t.
func NewDiscovery(t *Truth) *Discovery {
	return &Discovery{Truth: t, Turn50: -1, Turn90: -1, Settled: -1}
}

// Begin fixes the hand's opening (the main line before the first move) and
// with it God's local class.
func (d *Discovery) Begin(opening []sim.Card) {
	d.Local, d.err = d.Truth.Local(opening)
}

// Err is the error of charting the local class (a rule failing at run time
// in a state the hand never reached), nil normally.
func (d *Discovery) Err() error { return d.err }

// Track notes whether the best rule (a hypothesis id, −1 for none) is in
// the local class after move turn: entering starts the settled time,
// leaving resets it.
func (d *Discovery) Track(turn, best int) {
	switch {
	case !d.inLocal(best):
		d.Settled = -1
	case d.Settled < 0:
		d.Settled = turn
	}
}

// Step records move turn: the posterior p on the local class, the best rule,
// and the probabilities given to the move's verdicts.
func (d *Discovery) Step(turn int, p float64, best int, preds []float64) {
	d.Preds = append(d.Preds, preds...)
	d.Posterior = append(d.Posterior, p)
	if p >= 0.5 && d.Turn50 < 0 {
		d.Turn50 = turn
	}
	if p >= 0.9 && d.Turn90 < 0 {
		d.Turn90 = turn
	}
	d.Track(turn, best)
}

// inLocal reports whether hypothesis id (of the index or the open part)
// is in God's local class.
func (d *Discovery) inLocal(id int) bool {
	if d.Local == nil {
		return false
	}
	if h := d.bel.openHypOf(id); h != nil {
		return d.Local.hasOpen(h)
	}
	return d.Local.Class.Has(id)
}

func (d *Discovery) after(r *Record, turn int, preds []float64) {
	p := r.probOfLocal(d.Local)
	id, _ := r.MAP()
	d.Step(turn, p, id, preds)
}

// Measures are a belief's discovery measures at the end of a hand.
type Measures struct {
	// Identified: the best rule at the end is in God's local class — it gives
	// God's verdict on every card in every state the hand could reach.
	Identified bool `json:"identified"`
	// IdentifiedAll: the best rule is equivalent to God's rule on every
	// state reachable from any starter (a stricter test no hand can settle).
	IdentifiedAll bool `json:"identified_all_states"`
	// Settled: the move since which the best rule has stayed in the local
	// class; −1 when it is not there at the end.
	Settled int `json:"settled"`
	// Confidence: the posterior probability of the best rule's own local
	// class (the hypotheses that agree with it on the hand's states), the
	// belief's probability that its best rule is right as far as the hand
	// can tell. Calibration compares it with Identified.
	Confidence float64 `json:"confidence"`
	// Empty: the belief holds no hypothesis (every one contradicted): no
	// best rule, no confidence.
	Empty bool `json:"empty,omitempty"`
	// Expressible: the belief's space holds God's rule (its class over
	// every reachable state is not empty). LocalExact: the hand's states
	// were enumerated, not sampled.
	Expressible bool `json:"expressible"`
	LocalExact  bool `json:"local_exact"`
	// Own: the seat's own belief; false when the seat plays without one and
	// these are an ideal observer's measures of the same hand.
	Own bool `json:"own_belief"`
	// Stated: the measures of what an outside agent stated as it played
	// (a move's belief, docs/agent-protocol.md): "rule" when it stated
	// rules (identified, identified_all_states, settled, confidence, map,
	// map_prob are its last stated rule's), "accept" when it stated only
	// the probability that its moves are accepted (predictive,
	// predictive_last10), "rule,accept" both. Empty for a belief of the
	// program's own; the posterior's measures are then not measured.
	Stated string `json:"stated,omitempty"`
	// Turn50, Turn90: the move after which the posterior on the local class
	// first reached 0.5 and 0.9 (−1: never); FinalProb: at the end.
	Turn50       int     `json:"turn_50"`
	Turn90       int     `json:"turn_90"`
	FinalProb    float64 `json:"final_prob"`
	Predictive   float64 `json:"predictive"`
	Predictive10 float64 `json:"predictive_last10"`
	// MAPAgreement: the share of (state, card) pairs over all reachable
	// states on which the best rule agrees with God.
	MAPAgreement  float64 `json:"map_agreement"`
	MAP           string  `json:"map"`
	MAPProb       float64 `json:"map_prob"`
	Consistent    int     `json:"consistent"`
	PositiveTests int     `json:"positive_tests"`
	NegativeTests int     `json:"negative_tests"`
	// Posterior on the local class after each move (3 decimals): the
	// learning curve.
	Posterior []float64 `json:"posterior,omitempty"`
}

// Finish fills the measures that depend on the best rule at the end:
// identification (local and over all states), settled time, agreement.
func (d *Discovery) Finish(m *Measures, sp *Space, best int) {
	m.Turn50, m.Turn90, m.Posterior = d.Turn50, d.Turn90, Round3(d.Posterior)
	m.Predictive, m.Predictive10 = PredictiveMeans(d.Preds)
	// An open belief reaches beyond its index: a rule outside it is hard,
	// not out of reach.
	m.Expressible = d.Truth.Expressible || d.bel.Opened()
	m.Settled = -1
	if d.Local != nil {
		m.LocalExact = d.Local.Exact
	}
	if best < 0 {
		m.Empty = true
		return
	}
	if h := d.bel.openHypOf(best); h != nil {
		m.MAP = h.expr
		m.MAPAgreement = d.Truth.check.agreement(h)
		m.IdentifiedAll = d.Truth.check.agrees(h)
		if d.inLocal(best) {
			m.Identified, m.Settled = true, d.Settled
		}
		return
	}
	m.MAP = sp.Hyps[best].Expr
	m.MAPAgreement = sp.Agreement(d.Truth, best)
	m.IdentifiedAll = d.Truth.Class.Has(best)
	if d.Local != nil && d.Local.Class.Has(best) {
		m.Identified, m.Settled = true, d.Settled
	}
}

// Round3 rounds a curve to 3 decimals for records.
func Round3(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Round(x*1000) / 1000
	}
	return out
}

// Measures sums up the discovery at the end of a hand (computed once per
// state of the record: the scientists sharing it ask in turn).
func (d *Discovery) Measures(r *Record) Measures {
	if d.memo != nil && d.memoAt == len(d.Posterior) {
		return *d.memo
	}
	m := d.measures(r)
	d.memo, d.memoAt = &m, len(d.Posterior)
	return m
}

func (d *Discovery) measures(r *Record) Measures {
	m := Measures{Consistent: r.Count(), Own: true}
	id, p := r.MAP()
	d.Finish(&m, r.sp, id)
	m.FinalProb = r.probOfLocal(d.Local)
	if id >= 0 {
		m.MAPProb = p
		if d.Local != nil && d.Calibrate {
			if h := r.openHypOf(id); h != nil {
				m.Confidence = r.probAgreeingOpen(d.Local, h)
			} else {
				m.Confidence = r.ProbAgreeing(d.Local.Agreeing(id).Visited(r.line))
			}
		}
	}
	return m
}

// PredictiveMeans is the mean probability given to God's verdicts over the
// whole hand and over the last 10 (0 when there were none).
func PredictiveMeans(preds []float64) (all, last10 float64) {
	mean := func(xs []float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		return stat.Mean(xs, nil)
	}
	return mean(preds), mean(preds[max(0, len(preds)-10):])
}
