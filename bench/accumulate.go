package bench

import (
	"cmp"
	"math"
	"strings"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/stats"
)

// The accumulators a leaderboard is summed in: one per row (strategy,
// preset, rule) and one per discovery tally, and the order rows are ranked in.

type rowKey struct {
	strategy string
	design   lab.Design
}

type rowAcc struct {
	hands, failed, stopped int
	retried                int // hands played again (--retry-failed)
	firstError             string
	usage                  usageAcc
	// mixed
	scores     []float64
	wins, seat int
	// solo, homogeneous
	own, observer        discAcc
	owned, stated, blank int // measured seats by kind of belief
	guess                guessAcc
}

// addFailed counts a hand its seat failed after turns moves: measured,
// not identified, censored at the failure, and a confident miss in the
// calibration (confidence 1 in a rule that was not God's): failing must
// not look better calibrated than being wrong.
func (a *discAcc) addFailed(rule string, turns int) {
	a.measured++
	a.rules, a.hit01 = append(a.rules, rule), append(a.hit01, 0)
	a.settleT, a.settleEv = append(a.settleT, float64(turns)), append(a.settleEv, false)
	a.conf, a.hit = append(a.conf, 1), append(a.hit, false)
	a.confX, a.hitX = append(a.confX, 1), append(a.hitX, false)
}

// discAcc sums a belief's discovery measures, one measured seat per hand.
type discAcc struct {
	measured, hits, all int
	rules               []string  // each measured hand's rule
	hit01               []float64 // and whether it identified it
	settleT             []float64
	settleEv            []bool
	conf, confX         []float64
	hit, hitX           []bool
	empty, emptyX       int
	pred                []float64
	learn               stats.CurveMean
}

// add counts one hand of turns moves.
func (a *discAcc) add(rule string, m *hypotheses.Measures, turns int) {
	if m.Stated == "" || strings.Contains(m.Stated, "accept") {
		a.pred = append(a.pred, m.Predictive)
	}
	if m.Stated != "" && !strings.Contains(m.Stated, "rule") {
		return // probabilities of acceptance alone: no best rule
	}
	a.measured++
	a.rules, a.hit01 = append(a.rules, rule), append(a.hit01, b2f(m.Identified))
	if m.Identified {
		a.hits++
		a.settleT, a.settleEv = append(a.settleT, float64(m.Settled)), append(a.settleEv, true)
	} else {
		a.settleT, a.settleEv = append(a.settleT, float64(turns)), append(a.settleEv, false)
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
	if m.Stated == "" {
		a.learn.Add(m.Posterior)
	}
}

// na is a figure that was not measured.
var na = stats.Interval{Est: math.NaN(), Lo: math.NaN(), Hi: math.NaN()}

// wilsonOr is Wilson's interval, not measured when n is 0.
func wilsonOr(k, n int) stats.Interval {
	if n == 0 {
		return na
	}
	return stats.Wilson(k, n)
}

func (a *discAcc) settle() stats.Interval {
	if a.measured == 0 {
		return na
	}
	return stats.KMMedianCI(stats.KaplanMeier(a.settleT, a.settleEv))
}

// cmpDesc orders larger first, NaN last; cmpAsc smaller first, NaN last.
func cmpDesc(x, y float64) int { return cmpAsc(-x, -y) }

func cmpAsc(x, y float64) int {
	switch xn, yn := math.IsNaN(x), math.IsNaN(y); {
	case xn && yn:
		return 0
	case xn:
		return 1
	case yn:
		return -1
	}
	return cmp.Compare(x, y)
}

func (a *rowAcc) summary(k rowKey) StrategyRow {
	r := StrategyRow{Strategy: k.strategy, Spec: k.strategy, Design: k.design, Hands: a.hands, Failed: a.failed, FirstError: a.firstError,
		Stopped: a.stopped, FailedShare: wilsonOr(a.failed, a.hands+a.failed+a.stopped), Retried: a.retried, Usage: a.usage.row(),
		Score: na, WinRate: na, Identified: na, IdentifiedRules: na, Settle: na, IdentifiedAll: na, Predictive: na,
		ObserverIdentified: na, ObserverSettle: na}
	if k.design == lab.Mixed {
		r.Seats = a.seat
		if a.seat > 0 {
			r.Score, r.WinRate = stats.MeanT(a.scores), stats.Wilson(a.wins, a.seat)
		}
		return r
	}
	r.Belief = "none"
	switch {
	case a.owned > 0:
		r.Belief = "own"
	case a.stated > 0:
		r.Belief = "stated"
	default:
		a.own = discAcc{} // only failed hands: a strategy without a belief is not measured
	}
	o := &a.own
	r.Measured = o.measured
	r.Identified, r.IdentifiedAll, r.Settle = wilsonOr(o.hits, o.measured), wilsonOr(o.all, o.measured), o.settle()
	r.IdentifiedRules = na
	if o.measured > 0 {
		r.IdentifiedRules = share(stats.ClusterMeanT(o.hit01, o.rules, 0.95))
	}
	if len(o.pred) > 0 {
		r.Predictive = stats.MeanT(o.pred) // a mean of shares: its interval cut to [0, 1]
		r.Predictive.Lo, r.Predictive.Hi = max(0, r.Predictive.Lo), min(1, r.Predictive.Hi)
	}
	r.Calibration, r.CalibrationExpressible = stats.Calibrate(o.conf, o.hit, o.empty), stats.Calibrate(o.confX, o.hitX, o.emptyX)
	r.Learning = o.learn.Curve()
	ob := &a.observer
	r.ObserverIdentified, r.ObserverSettle, r.ObserverLearning = wilsonOr(ob.hits, ob.measured), ob.settle(), ob.learn.Curve()
	r.Guessing = a.guess.row()
	return r
}
