package reports

import (
	"cmp"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Rotations seats the strategies around a table of seats players, one
// line-up per strategy: in line-up r seat j holds strategy (j + r) mod k, so
// every strategy sits in every seat exactly once and plays seats hands in
// all (seat order matters in Eleusis: the first player moves first).
func Rotations(strategies []string, seats int) [][]string {
	k := len(strategies)
	var out [][]string
	for r := range k {
		lu := make([]string, seats)
		for j := range seats {
			lu[j] = strategies[(j+r)%k]
		}
		out = append(out, lu)
	}
	return out
}

// StrategySummary is one strategy's line on the leaderboard.
type StrategySummary struct {
	Strategy string   `json:"strategy"`
	Seats    int      `json:"seats"` // (hand, seat) pairs it played
	Score    Interval `json:"score"`
	WinRate  Interval `json:"win_rate"` // share of its seats with the hand's top score (Wilson)
	// Observer: the strategy holds no belief of its own; its discovery
	// measures are an ideal observer's of the same hands, not its own.
	Observer bool `json:"observer,omitempty"`
	// Identified: the share of its seats whose best rule at the end was in
	// God's local class (Wilson); SettleMedian: the Kaplan–Meier median of
	// moves until settled (censored at the hand's end); IdentifiedAll: the
	// share whose best rule agreed with God on every state from any starter.
	Identified    Interval `json:"identified"`
	SettleMedian  Num      `json:"settle_median"`
	IdentifiedAll Interval `json:"identified_all_states"`
	Predictive    Num      `json:"predictive"` // mean probability given to God's verdicts
	// Calibration of its final confidence in its best rule against that
	// rule being God's on the hand's states; CalibrationExpressible: the
	// same over the hands whose rule its space can express.
	Calibration            Calibration `json:"calibration"`
	CalibrationExpressible Calibration `json:"calibration_expressible"`
	// Learning: its mean posterior on God's local class after each move
	// (an ended hand carries its last value).
	Learning []float64 `json:"learning_curve"`
}

// PairDiff is the paired difference in mean score between two strategies
// over the same deals and rules.
type PairDiff struct {
	A    string   `json:"a"`
	B    string   `json:"b"`
	Diff Interval `json:"a_minus_b"`
	N    int      `json:"groups"`
}

// Leaderboard is the output of `eleusis bench`.
type Leaderboard struct {
	Plan       *Plan             `json:"plan"`
	Strategies []StrategySummary `json:"strategies"`
	Pairs      []PairDiff        `json:"pairs"`
	Errors     int               `json:"failed_hands"`
}

// Bencher sums up a bench run one hand at a time. Add every record, then
// Leaderboard.
type Bencher struct {
	plan   *Plan
	errors int
	by     map[string]*stratAcc
	order  []string
	// paired[group][strategy]: its scores in that hand group (same rule,
	// preset and repetition: the same deal).
	paired map[groupKey]map[string][]float64
}

type groupKey struct {
	rule, preset string
	rep          int
}

type stratAcc struct {
	scores              []float64
	wins, n             int
	observer            bool
	measured, hits, all int
	settleT             []float64
	settleEv            []bool
	conf, confX         []float64
	hit, hitX           []bool
	empty, emptyX       int
	pred                []float64
	learn               curveAcc
}

// NewBencher starts a leaderboard of the plan's line-ups.
func NewBencher(p *Plan) *Bencher {
	return &Bencher{plan: p, by: map[string]*stratAcc{}, paired: map[groupKey]map[string][]float64{}}
}

// Bench sums up a run whose line-ups seat several strategies.
func Bench(p *Plan, recs []HandRecord) *Leaderboard {
	b := NewBencher(p)
	for i := range recs {
		b.Add(&recs[i])
	}
	return b.Leaderboard()
}

// Add counts one hand.
func (b *Bencher) Add(r *HandRecord) {
	if r.Error != "" {
		b.errors++
		return
	}
	top := slices.Max(r.Scores)
	c := b.plan.Coord(r.Index)
	gk := groupKey{r.Rule, r.Preset, c.Rep}
	if b.paired[gk] == nil {
		b.paired[gk] = map[string][]float64{}
	}
	for seat, s := range r.Players {
		a := b.by[s]
		if a == nil {
			a = &stratAcc{}
			b.by[s] = a
			b.order = append(b.order, s)
		}
		a.n++
		a.scores = append(a.scores, float64(r.Scores[seat]))
		b.paired[gk][s] = append(b.paired[gk][s], float64(r.Scores[seat]))
		if r.Scores[seat] == top {
			a.wins++
		}
		if seat >= len(r.Discovery) || r.Discovery[seat] == nil {
			continue
		}
		m := r.Discovery[seat]
		a.observer = a.observer || !m.Own
		a.measured++
		if m.Identified {
			a.hits++
			a.settleT, a.settleEv = append(a.settleT, float64(m.Settled)), append(a.settleEv, true)
		} else {
			a.settleT, a.settleEv = append(a.settleT, float64(r.Turns)), append(a.settleEv, false)
		}
		if m.IdentifiedAll {
			a.all++
		}
		if m.Empty {
			a.empty++
			if m.Expressible {
				a.emptyX++
			}
		} else {
			a.conf, a.hit = append(a.conf, m.Confidence), append(a.hit, m.Identified)
			if m.Expressible {
				a.confX, a.hitX = append(a.confX, m.Confidence), append(a.hitX, m.Identified)
			}
		}
		a.pred = append(a.pred, m.Predictive)
		a.learn.add(m.Posterior)
	}
}

// Leaderboard orders the strategies by mean score and pairs them.
func (b *Bencher) Leaderboard() *Leaderboard {
	lb := &Leaderboard{Plan: b.plan, Errors: b.errors}
	for _, s := range b.order {
		a := b.by[s]
		lb.Strategies = append(lb.Strategies, StrategySummary{Strategy: s, Seats: a.n, Score: MeanT(a.scores),
			WinRate: Wilson(a.wins, a.n), Observer: a.observer,
			Identified: Wilson(a.hits, a.measured), SettleMedian: Num(KMMedian(KaplanMeier(a.settleT, a.settleEv))),
			IdentifiedAll: Wilson(a.all, a.measured), Predictive: Num(meanOr(a.pred)),
			Calibration:            Calibrate(a.conf, a.hit, a.empty),
			CalibrationExpressible: Calibrate(a.confX, a.hitX, a.emptyX),
			Learning:               a.learn.curve()})
	}
	slices.SortStableFunc(lb.Strategies, func(x, y StrategySummary) int { return cmp.Compare(y.Score.Est, x.Score.Est) })
	keys := make([]groupKey, 0, len(b.paired))
	for k := range b.paired {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y groupKey) int {
		return cmp.Or(cmp.Compare(x.rule, y.rule), cmp.Compare(x.preset, y.preset), cmp.Compare(x.rep, y.rep))
	})
	for i, x := range lb.Strategies {
		for _, y := range lb.Strategies[i+1:] {
			var d []float64
			for _, k := range keys {
				xa, xb := b.paired[k][x.Strategy], b.paired[k][y.Strategy]
				if len(xa) > 0 && len(xb) > 0 {
					d = append(d, stat.Mean(xa, nil)-stat.Mean(xb, nil))
				}
			}
			lb.Pairs = append(lb.Pairs, PairDiff{A: x.Strategy, B: y.Strategy, Diff: MeanT(d), N: len(d)})
		}
	}
	return lb
}

// LeaderboardPlot draws mean scores with intervals (leaderboard), each
// strategy's learning curve (learning) and the reliability diagram of the
// strategies with beliefs of their own (reliability).
func LeaderboardPlot(dir string, lb *Leaderboard) error {
	var rs []RuleSummary
	var names []string
	var scores []Interval
	var cals []NamedCalibration
	for _, s := range lb.Strategies {
		rs = append(rs, RuleSummary{Rule: s.Strategy, Learning: s.Learning})
		names, scores = append(names, s.Strategy), append(scores, s.Score)
		if !s.Observer && s.Calibration.N > 0 {
			cals = append(cals, NamedCalibration{s.Strategy, s.Calibration})
		}
	}
	cap := benchCaption(lb.Plan)
	if err := intervalPlot(dir, "leaderboard", "Mean score per seat (95% t interval)", "score in a hand", names, scores, cap); err != nil {
		return err
	}
	if err := learningPlot(dir, "learning", "Belief in God's rule over moves, by strategy (mean posterior)", rs, 1,
		cap, "Each line: a strategy's mean posterior on God's local class after each move, over its seats; a hand that has ended counts with its last value. "+
			"Strategies without a belief of their own are credited with an ideal observer's (marked † in the table)."); err != nil {
		return err
	}
	return ReliabilityPlot(dir, "reliability", cap, cals)
}
