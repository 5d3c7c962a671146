package bench

import (
	"cmp"
	"math"
	"slices"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/stats"
)

// Every design plays the same deals (rule, preset, repetition) for every
// line-up, so each pair of strategies is compared deal by deal. In solo
// and homogeneous designs a deal's outcome is its measured seat's; in the
// mixed design the strategy's mean score over its seats in the deal's
// tables.

// dealKey is one deal of one design.
type dealKey struct {
	design       lab.Design
	rule, preset string
	rep          int
}

// dealOutcome is one strategy's outcome on one deal.
type dealOutcome struct {
	// measured: its belief was measured (or its seat failed: not
	// identified, censored at the failure).
	measured   bool
	identified bool
	settleT    float64 // moves until settled (event) or until the hand ended or failed (censored)
	settled    bool
	scores     []float64 // its seats' scores (a failed seat: its table's lowest)
	// stated: the options let its measured seat state the rule; guessed:
	// it stated God's rule.
	stated, guessed bool
}

func (o *dealOutcome) score() float64 {
	if len(o.scores) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range o.scores {
		s += x
	}
	return s / float64(len(o.scores))
}

// PairRow compares two strategies of a design deal by deal (A − B): each
// p-value two-sided, with Holm's correction across the design's pairs
// (one family per measure).
type PairRow struct {
	Design lab.Design `json:"design"`
	A      string     `json:"a"`
	B      string     `json:"b"`
	// Deals both played (a failed hand included).
	Deals int `json:"deals"`
	// Identified: the deals both were measured on; the discordant ones
	// (AOnly: A identified God's rule and B did not); the exact McNemar
	// test.
	Identified     int       `json:"identified_deals"`
	AOnly          int       `json:"identified_a_only"`
	BOnly          int       `json:"identified_b_only"`
	IdentifiedP    stats.Num `json:"identified_p"`
	IdentifiedHolm stats.Num `json:"identified_p_holm"`
	// Settle: moves until settled, censored at the hand's end or at a
	// failure; AFirst: deals where A settled while B had not yet (and was
	// still in play); the log-rank test stratified by deal.
	AFirst     int       `json:"settled_a_first"`
	BFirst     int       `json:"settled_b_first"`
	SettleP    stats.Num `json:"settle_p"`
	SettleHolm stats.Num `json:"settle_p_holm"`
	// Score: the deals both have a score on, the mean difference with its
	// t interval, the paired t-test and the Wilcoxon signed-rank test.
	Scored        int            `json:"scored_deals"`
	ScoreDiff     stats.Interval `json:"score_a_minus_b"`
	ScoreTP       stats.Num      `json:"score_t_p"`
	ScoreTHolm    stats.Num      `json:"score_t_p_holm"`
	WilcoxonP     stats.Num      `json:"score_wilcoxon_p"`
	WilcoxonHolm  stats.Num      `json:"score_wilcoxon_p_holm"`
	WilcoxonExact bool           `json:"score_wilcoxon_exact"`
	// Guessed: under options that let players state the rule, the deals
	// both could; the discordant ones (GuessedAOnly: A stated God's rule
	// and B did not); the exact McNemar test.
	Guessed      int       `json:"guessed_deals"`
	GuessedAOnly int       `json:"guessed_a_only"`
	GuessedBOnly int       `json:"guessed_b_only"`
	GuessedP     stats.Num `json:"guessed_p"`
	GuessedHolm  stats.Num `json:"guessed_p_holm"`

	// Rules as the unit: the deal-level figures above say how A and B
	// compare on these rules; these, whether the difference would hold on
	// new rules drawn as the bank's were. Each rule's mean difference over
	// its deals, then Student's t over the rules (stats.ClusterMeanT): the
	// rules both have a score on, the mean difference with its 95%
	// interval, the p-value and Holm's adjustment over the design's pairs;
	// identified and guessed likewise, on the differences of the 0/1
	// outcomes (in shares of deals).
	Rules               int            `json:"rules"`
	ScoreRules          stats.Interval `json:"score_rules"`
	ScoreRulesP         stats.Num      `json:"score_rules_p"`
	ScoreRulesHolm      stats.Num      `json:"score_rules_p_holm"`
	IdentifiedRules     stats.Interval `json:"identified_rules"`
	IdentifiedRulesP    stats.Num      `json:"identified_rules_p"`
	IdentifiedRulesHolm stats.Num      `json:"identified_rules_p_holm"`
	GuessedRules        stats.Interval `json:"guessed_rules"`
	GuessedRulesP       stats.Num      `json:"guessed_rules_p"`
	GuessedRulesHolm    stats.Num      `json:"guessed_rules_p_holm"`
	// Simultaneous intervals: each at level 1 − 0.05/m over the design's
	// m pairs (Bonferroni), so that all of them hold together with 95%
	// probability, as the Holm-adjusted p-values are read together; the
	// intervals above are each 95% on its own. Deal by deal (t) and with
	// rules as the unit.
	ScoreSimultaneous      stats.Interval `json:"score_a_minus_b_simultaneous"`
	ScoreRulesSimultaneous stats.Interval `json:"score_rules_simultaneous"`

	diffs     []float64 // the score differences deal by deal, and their rules
	diffRules []string
}

// pairRows compares every pair of a design's strategies (specs, in their
// ranking order; names, as tables show them) over the deals.
func pairRows(d lab.Design, specs, names []string, deals map[dealKey]map[string]*dealOutcome) []PairRow {
	var keys []dealKey
	for k := range deals {
		if k.design == d {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(x, y dealKey) int {
		return cmp.Or(cmp.Compare(x.rule, y.rule), cmp.Compare(x.preset, y.preset), cmp.Compare(x.rep, y.rep))
	})
	var out []PairRow
	for i, a := range specs {
		for j := i + 1; j < len(specs); j++ {
			b := specs[j]
			r := PairRow{Design: d, A: names[i], B: names[j]}
			var ia, ib, ea, eb, ga, gb []bool
			var ta, tb, sa, sb []float64
			var sd, id, gd []float64 // differences, with their rules
			var sr, ir, gr []string
			for _, k := range keys {
				x, y := deals[k][a], deals[k][b]
				if x == nil || y == nil {
					continue
				}
				r.Deals++
				if x.measured && y.measured {
					ia, ib = append(ia, x.identified), append(ib, y.identified)
					ta, ea = append(ta, x.settleT), append(ea, x.settled)
					tb, eb = append(tb, y.settleT), append(eb, y.settled)
					id, ir = append(id, b2f(x.identified)-b2f(y.identified)), append(ir, k.rule)
				}
				sa, sb = append(sa, x.score()), append(sb, y.score())
				if d := x.score() - y.score(); !math.IsNaN(d) {
					sd, sr = append(sd, d), append(sr, k.rule)
				}
				if x.stated && y.stated {
					ga, gb = append(ga, x.guessed), append(gb, y.guessed)
					gd, gr = append(gd, b2f(x.guessed)-b2f(y.guessed)), append(gr, k.rule)
				}
			}
			rt := stats.ClusterMeanT(sd, sr, 0.95)
			r.Rules, r.ScoreRules, r.ScoreRulesP = rt.Clusters, stats.Interval{Est: rt.Mean, Lo: rt.Lo, Hi: rt.Hi}, stats.Num(rt.P)
			it := stats.ClusterMeanT(id, ir, 0.95)
			r.IdentifiedRules, r.IdentifiedRulesP = stats.Interval{Est: it.Mean, Lo: it.Lo, Hi: it.Hi}, stats.Num(it.P)
			gt := stats.ClusterMeanT(gd, gr, 0.95)
			r.GuessedRules, r.GuessedRulesP = stats.Interval{Est: gt.Mean, Lo: gt.Lo, Hi: gt.Hi}, stats.Num(gt.P)
			r.diffs, r.diffRules = sd, sr
			r.Guessed = len(ga)
			gm := stats.McNemarExact(ga, gb)
			r.GuessedAOnly, r.GuessedBOnly, r.GuessedP = gm.AOnly, gm.BOnly, stats.Num(gm.P)
			r.Identified = len(ia)
			mc := stats.McNemarExact(ia, ib)
			r.AOnly, r.BOnly, r.IdentifiedP = mc.AOnly, mc.BOnly, stats.Num(mc.P)
			lr := stats.PairedLogRank(ta, ea, tb, eb)
			r.AFirst, r.BFirst, r.SettleP = lr.AFirst, lr.BFirst, stats.Num(lr.P)
			tt := stats.PairedTTest(sa, sb)
			r.Scored, r.ScoreDiff, r.ScoreTP = tt.N, stats.Interval{Est: tt.Mean, Lo: tt.Lo, Hi: tt.Hi}, stats.Num(tt.P)
			w := stats.WilcoxonSignedRank(sa, sb)
			r.WilcoxonP, r.WilcoxonExact = stats.Num(w.P), w.Exact
			out = append(out, r)
		}
	}
	holm := func(get func(*PairRow) *stats.Num, set func(*PairRow, stats.Num)) {
		p := make([]float64, len(out))
		for i := range out {
			p[i] = float64(*get(&out[i]))
		}
		for i, x := range stats.Holm(p) {
			set(&out[i], stats.Num(x))
		}
	}
	holm(func(r *PairRow) *stats.Num { return &r.IdentifiedP }, func(r *PairRow, x stats.Num) { r.IdentifiedHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.SettleP }, func(r *PairRow, x stats.Num) { r.SettleHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.ScoreTP }, func(r *PairRow, x stats.Num) { r.ScoreTHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.WilcoxonP }, func(r *PairRow, x stats.Num) { r.WilcoxonHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.GuessedP }, func(r *PairRow, x stats.Num) { r.GuessedHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.ScoreRulesP }, func(r *PairRow, x stats.Num) { r.ScoreRulesHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.IdentifiedRulesP }, func(r *PairRow, x stats.Num) { r.IdentifiedRulesHolm = x })
	holm(func(r *PairRow) *stats.Num { return &r.GuessedRulesP }, func(r *PairRow, x stats.Num) { r.GuessedRulesHolm = x })
	level := stats.Bonferroni(0.95, len(out))
	for i := range out {
		r := &out[i]
		r.ScoreSimultaneous = stats.TInterval(r.diffs, level)
		ct := stats.ClusterMeanT(r.diffs, r.diffRules, level)
		r.ScoreRulesSimultaneous = stats.Interval{Est: ct.Mean, Lo: ct.Lo, Hi: ct.Hi}
		r.diffs, r.diffRules = nil, nil
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
