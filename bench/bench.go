package bench

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/sim"
	"github.com/eleusis/eleusis/stats"
)

// StrategyRow is one strategy's figures in one design: a row of bench.csv.
// A design's hands give the figures that can be credited to a strategy
// there: discovery in solo and homogeneous tables, score in mixed ones;
// the other fields are missing.
type StrategyRow struct {
	// Strategy: its name in tables and plots (the spec's name=, or the
	// spec as written); Spec: the spec as written.
	Strategy string     `json:"strategy"`
	Spec     string     `json:"spec"`
	Design   lab.Design `json:"design"`
	// Rank: its place in the design: by identified, then settle time (solo,
	// homogeneous; 0 when its belief was not measured), by mean score
	// (mixed).
	Rank int `json:"rank"`
	// Hands: the design's hands it sat at that were played; Failed: those
	// its own seat failed (a result: not identified, censored at the
	// failure, the table's lowest score), FirstError the first one's error;
	// Stopped: those another seat (or God's rule) failed, left out.
	// FailedShare: Failed over every hand it sat at (Wilson).
	Hands       int            `json:"hands"`
	Failed      int            `json:"failed_hands"`
	FirstError  string         `json:"first_error,omitempty"`
	Stopped     int            `json:"stopped_hands"`
	FailedShare stats.Interval `json:"failed_share"`
	// Retried: its hands that were played again after a failure
	// (--resume --retry-failed: a provider's outage), whatever came of it.
	Retried int `json:"retried_hands"`
	// What its answers' meta said (outside agents that send one: the kit's
	// LLM agent), over its seats that sent any.
	Usage UsageRow `json:"usage"`

	// Mixed: Seats, the (hand, seat) pairs it played; its mean score per
	// seat (Student t) and the share of its seats with the hand's top score
	// (Wilson).
	Seats   int            `json:"seats"`
	Score   stats.Interval `json:"score"`
	WinRate stats.Interval `json:"win_rate"`

	// Solo and homogeneous: one seat per hand is measured (solo: the only
	// one; homogeneous: seat rep mod k, so every seat in turn), its hands
	// being independent deals. Belief: "own" (the strategy's belief),
	// "stated" (an outside agent's stated beliefs), "none" (random, oracle,
	// a silent outside program: not measured). Measured: the hands whose
	// measured seat stated or held a best rule, the n of Identified,
	// IdentifiedAll and Settle.
	Belief   string `json:"belief"`
	Measured int    `json:"measured"`
	// Identified: the share of those hands whose best rule at the end was in
	// God's local class (Wilson); Settle: the Kaplan–Meier median of the
	// moves until settled, censored at the hand's end, with the
	// Brookmeyer–Crowley interval (KMMedianCI); IdentifiedAll: the share
	// whose best rule agreed with God on every state from any starter.
	Identified stats.Interval `json:"identified"`
	// IdentifiedRules: the same share with rules as the unit (t over the
	// rules' shares, cut to [0, 1]): for new rules drawn as the bank's
	// were, not only for these.
	IdentifiedRules stats.Interval `json:"identified_rules"`
	Settle          stats.Interval `json:"settle_median"`
	IdentifiedAll   stats.Interval `json:"identified_all_states"`
	// Predictive: the mean, over hands, of the probability it gave to God's
	// verdicts (Student t).
	Predictive stats.Interval `json:"predictive"`
	// Calibration of its final confidence in its best rule against that
	// rule being God's on the hand's states; CalibrationExpressible: the
	// same over the hands whose rule its space can express.
	Calibration            stats.Calibration `json:"calibration"`
	CalibrationExpressible stats.Calibration `json:"calibration_expressible"`
	// Learning: its mean posterior on God's local class after each move
	// (an ended hand carries its last value); none for stated beliefs.
	Learning []float64 `json:"learning_curve,omitempty"`

	// The ideal observer of its hands (the default space, ε = 0): what its
	// table's experiments showed, whatever it believed.
	ObserverIdentified stats.Interval `json:"observer_identified"`
	ObserverSettle     stats.Interval `json:"observer_settle_median"`
	ObserverLearning   []float64      `json:"observer_learning_curve,omitempty"`

	// Guessing: its statements of the rule, in a discovery design whose
	// options let players state it (nil otherwise).
	Guessing *GuessRow `json:"guessing,omitempty"`
}

// Leaderboard is the output of `eleusis bench`.
type Leaderboard struct {
	Plan *lab.Plan `json:"plan"`
	// Designs: the designs played, in order (a plan without designs is
	// rotations, summed up as mixed).
	Designs []lab.Design `json:"designs"`
	// Strategies: a row per strategy and design, design by design, each in
	// its ranking order.
	Strategies []StrategyRow `json:"strategies"`
	Pairs      []PairRow     `json:"pairs"`
	// Errors: the hands that stopped with an error (God's rule failing; in
	// records of older runs, a seat's failure too); FailedSeats: the seats
	// that failed their hand and left it (the hand went on without them).
	Errors      int `json:"failed_hands"`
	FailedSeats int `json:"failed_seats"`
}

// Bencher sums up a bench run one hand at a time. Add every record, then
// Leaderboard.
type Bencher struct {
	// MaxFailures is the share of a strategy's failed hands, or of its
	// fallback answers, above which Summed fails (DefaultMaxFailures unless
	// set).
	MaxFailures float64
	plan        *lab.Plan
	errors      int
	seats       int // seats that failed their hand
	designs     []lab.Design
	rows        map[rowKey]*rowAcc
	order       []rowKey
	// deals[deal][spec]: each strategy's outcome on each deal, for the
	// paired tests.
	deals map[dealKey]map[string]*dealOutcome
	shown map[string]string // spec → its name in tables
	// worst: each preset's worst score (sim.WorstScore), what a failed
	// seat scores in records of runs before seats could fail alone.
	worst map[string]int
}

// NewBencher starts a leaderboard of the plan's line-ups: a row for every
// strategy of every design, even one whose every hand fails.
func NewBencher(p *lab.Plan) *Bencher {
	b := &Bencher{MaxFailures: DefaultMaxFailures, plan: p, rows: map[rowKey]*rowAcc{}, deals: map[dealKey]map[string]*dealOutcome{}, shown: map[string]string{}, worst: map[string]int{}}
	if opts, err := p.PresetOptions(); err == nil {
		for i, name := range p.Presets {
			b.worst[name] = sim.WorstScore(opts[i])
		}
	}
	for i, lu := range p.Lineups {
		d := cmp.Or(p.Design(i), lab.Mixed)
		if !slices.Contains(b.designs, d) {
			b.designs = append(b.designs, d)
		}
		for _, s := range lu {
			b.row(rowKey{s, d})
		}
	}
	slices.SortStableFunc(b.designs, func(x, y lab.Design) int { return slices.Index(lab.Designs, x) - slices.Index(lab.Designs, y) })
	return b
}

func (b *Bencher) row(k rowKey) *rowAcc {
	a := b.rows[k]
	if a == nil {
		a = &rowAcc{}
		b.rows[k] = a
		b.order = append(b.order, k)
	}
	return a
}

// Bench sums up a run's hands.
func Bench(p *lab.Plan, recs []lab.HandRecord) *Leaderboard {
	b := NewBencher(p)
	for i := range recs {
		b.Add(&recs[i])
	}
	return b.Leaderboard()
}

// Add counts one hand. A seat that failed its hand (Failures) is a result
// for its strategy: the worst score its options allow, not identified,
// censored at the failure, a confident miss; the others played on and
// count as usual. A hand that stopped with no seat to blame (God's rule)
// is left out for every seat (stopped), as are, in records of older runs,
// the other seats of a hand one seat failed.
func (b *Bencher) Add(r *lab.HandRecord) {
	c := b.plan.Coord(r.Index)
	d := cmp.Or(b.plan.Design(c.Lineup), lab.Mixed)
	dk := dealKey{d, r.Rule, r.Preset, c.Rep}
	stopped := r.Error != "" // no result for the seats that did not fail
	for i, s := range r.Players {
		a := b.row(rowKey{s, d})
		if i < len(r.Usage) && r.Usage[i] != nil {
			a.usage.add(r.Usage[i])
		}
		if slices.Contains(r.Players[:i], s) {
			continue
		}
		failed := -1
		for j, t := range r.Players {
			if t == s && r.Failed(j) {
				failed = j
				break
			}
		}
		switch {
		case failed >= 0:
			if a.failed == 0 {
				a.firstError, _, _ = strings.Cut(b.failureText(r, failed), "\n")
			}
			a.failed++
		case stopped:
			a.stopped++
		default:
			a.hands++
		}
		if r.Retried > 0 {
			a.retried++
		}
	}
	if r.Error != "" {
		b.errors++
	}
	for seat := range r.Players {
		if r.Failed(seat) {
			b.seats++
		}
	}
	if d == lab.Mixed {
		b.addScores(r, dk)
		return
	}
	// One seat per hand: the copies of a homogeneous table share their
	// evidence, so their measures are not independent; the measured seat
	// turns with the repetition.
	seat := c.Rep % len(r.Players)
	failed := r.Failed(seat)
	if stopped && !failed {
		return // no result for this seat
	}
	a := b.row(rowKey{r.Players[seat], d})
	o := b.deal(dk, r.Players[seat])
	if score, ok := b.score(r, seat); ok {
		o.scores = append(o.scores, score)
	}
	b.addGuesses(r, a, o, seat)
	if failed { // measured, not identified, censored at the failure
		at := r.FailedAt(seat)
		a.own.addFailed(r.Rule, at)
		a.observer.addFailed(r.Rule, at)
		o.measured, o.settleT = true, float64(at)
		return
	}
	var m, obs *hypotheses.Measures
	if seat < len(r.Discovery) {
		m = r.Discovery[seat]
	}
	obs = r.Observer
	if m != nil && !m.Own { // a record of an older run: the observer credited to the seat
		m, obs = nil, cmp.Or(obs, m)
	}
	switch {
	case m == nil:
		a.blank++
	case m.Stated != "":
		a.stated++
		a.own.add(r.Rule, m, r.Turns)
	default:
		a.owned++
		a.own.add(r.Rule, m, r.Turns)
	}
	if m != nil && (m.Stated == "" || strings.Contains(m.Stated, "rule")) {
		o.measured, o.identified = true, m.Identified
		o.settleT, o.settled = float64(r.Turns), m.Identified
		if m.Identified {
			o.settleT = float64(m.Settled)
		}
	}
	if obs != nil {
		a.observer.add(r.Rule, obs, r.Turns)
	}
}

// failureText is why seat failed the hand.
func (b *Bencher) failureText(r *lab.HandRecord, seat int) string {
	for _, f := range r.Failures {
		if f.Seat == seat {
			return f.Error
		}
	}
	return r.Error
}

// score is seat's score in the hand: the worst its options allow when it
// failed (a record of an older run kept the score it had at the failure);
// false when the hand has none for it (stopped).
func (b *Bencher) score(r *lab.HandRecord, seat int) (float64, bool) {
	if r.Failed(seat) {
		if w, ok := b.worst[r.Preset]; ok {
			return float64(w), true
		}
	}
	if r.Error != "" && !r.Failed(seat) || seat >= len(r.Scores) {
		return 0, false
	}
	return float64(r.Scores[seat]), true
}

// addScores counts a mixed hand's scores: a failed seat's is the worst its
// options allow, and it wins nothing.
func (b *Bencher) addScores(r *lab.HandRecord, dk dealKey) {
	top, any := 0.0, false
	for seat := range r.Players {
		if x, ok := b.score(r, seat); ok && !r.Failed(seat) && (!any || x > top) {
			top, any = x, true
		}
	}
	for seat, s := range r.Players {
		score, ok := b.score(r, seat)
		if !ok {
			continue
		}
		a := b.row(rowKey{s, lab.Mixed})
		a.seat++
		a.scores = append(a.scores, score)
		o := b.deal(dk, s)
		o.scores = append(o.scores, score)
		if score == top && any && !r.Failed(seat) {
			a.wins++
		}
	}
}

// deal is the strategy's outcome on a deal.
func (b *Bencher) deal(k dealKey, spec string) *dealOutcome {
	if b.deals[k] == nil {
		b.deals[k] = map[string]*dealOutcome{}
	}
	o := b.deals[k][spec]
	if o == nil {
		o = &dealOutcome{}
		b.deals[k][spec] = o
	}
	return o
}

// name is the strategy's name in tables: the spec's name= label, or the
// spec as written.
func (b *Bencher) name(spec string) string {
	if n, ok := b.shown[spec]; ok {
		return n
	}
	n := agents.ShownName(spec)
	b.shown[spec] = n
	return n
}

// Leaderboard sums up: the rows of each design in its order, and the
// paired score differences of the mixed design.
func (b *Bencher) Leaderboard() *Leaderboard {
	lb := &Leaderboard{Plan: b.plan, Designs: b.designs, Errors: b.errors, FailedSeats: b.seats}
	for _, d := range b.designs {
		var rows []StrategyRow
		for _, k := range b.order {
			if k.design == d {
				r := b.rows[k].summary(k)
				r.Strategy = b.name(k.strategy)
				rows = append(rows, r)
			}
		}
		if d == lab.Mixed {
			sortRows(rows, func(r StrategyRow) (float64, float64, float64) { return r.Score.Est, 0, 0 })
		} else {
			// Failing is no way up: among equals, the one that failed less
			// (sortRows).
			sortRows(rows, func(r StrategyRow) (float64, float64, float64) {
				return r.Identified.Est, r.Settle.Est, 0
			})
		}
		for i := range rows {
			if d == lab.Mixed && !math.IsNaN(rows[i].Score.Est) || d != lab.Mixed && !math.IsNaN(rows[i].Identified.Est) {
				rows[i].Rank = i + 1
			}
		}
		lb.Strategies = append(lb.Strategies, rows...)
	}
	for _, d := range b.designs {
		var specs, names []string
		for _, r := range lb.Strategies {
			if r.Design != d {
				continue
			}
			specs, names = append(specs, r.Spec), append(names, r.Strategy)
			if r.Belief == "none" { // its failed hands do not make it measured
				for k, os := range b.deals {
					if o := os[r.Spec]; o != nil && k.design == d {
						o.measured = false
					}
				}
			}
		}
		lb.Pairs = append(lb.Pairs, pairRows(d, specs, names, b.deals)...)
	}
	return lb
}

// Summed is the leaderboard ready to print and to write into a run's
// folder (bench.txt, bench.json, …, and the plots of LeaderboardPlot); it
// fails (Fail) when some strategy failed more of its hands, or fell back
// on more of its answers, than the Bencher's MaxFailures allows: the
// summary is written, but it measures a strategy that did not play its own
// game.
func (b *Bencher) Summed() (*render.Summed, error) {
	lb := b.Leaderboard()
	s := &render.Summed{Base: "bench", Data: lb, Tables: lb.Tables(), Plots: func(dir string) error { return LeaderboardPlot(dir, lb) }}
	if lines := lb.TooManyFailures(b.MaxFailures); len(lines) > 0 {
		s.Fail = errors.New(strings.Join(lines, "\n"))
	}
	return s, nil
}

// AllFailed lists the strategies whose every hand, in some design, failed:
// nothing about them could be measured there.
func (lb *Leaderboard) AllFailed() []StrategyRow {
	var out []StrategyRow
	for _, r := range lb.Strategies {
		if r.Hands == 0 && r.Failed > 0 {
			out = append(out, r)
		}
	}
	return out
}
