package reports

import (
	"fmt"
	"math"
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
	Found    Interval `json:"found"`    // share of its seats whose posterior reached 0.9 (Wilson)
	// Plays: mean plays to posterior 0.9 where it got there.
	Plays Num `json:"plays_to_discovery"`
	// Calibration: the Brier score of its final confidence in its best
	// rule against that rule being right (agreeing with God on every
	// visited state); Confidence and Accuracy are their means.
	Brier      Num `json:"brier"`
	Confidence Num `json:"confidence"`
	Accuracy   Num `json:"accuracy"`
	Predictive Num `json:"predictive"` // mean probability given to God's verdicts
	// Learning: its mean posterior on God's rule after each move.
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

// Bench sums up a run whose line-ups seat several strategies.
func Bench(p *Plan, recs []HandRecord) *Leaderboard {
	lb := &Leaderboard{Plan: p}
	type acc struct {
		scores                  []float64
		wins, found, n          int
		plays, conf, correct, b []float64
		pred                    []float64
		curve                   []float64
		curveN                  []int
	}
	by := map[string]*acc{}
	var order []string
	// paired[group][strategy] = its mean score in that hand group
	type groupKey struct {
		rule, preset string
		rep          int
	}
	paired := map[groupKey]map[string][]float64{}
	for i := range recs {
		r := &recs[i]
		if r.Error != "" {
			lb.Errors++
			continue
		}
		top := slices.Max(r.Scores)
		c := p.Coord(r.Index)
		gk := groupKey{r.Rule, r.Preset, c.Rep}
		if paired[gk] == nil {
			paired[gk] = map[string][]float64{}
		}
		for seat, s := range r.Players {
			a := by[s]
			if a == nil {
				a = &acc{}
				by[s] = a
				order = append(order, s)
			}
			a.n++
			a.scores = append(a.scores, float64(r.Scores[seat]))
			paired[gk][s] = append(paired[gk][s], float64(r.Scores[seat]))
			if r.Scores[seat] == top {
				a.wins++
			}
			if seat < len(r.Discovery) && r.Discovery[seat] != nil {
				m := r.Discovery[seat]
				if m.Turn90 >= 0 {
					a.found++
					a.plays = append(a.plays, float64(m.Turn90))
				}
				right := 0.0
				if m.MAPAgreement == 1 {
					right = 1
				}
				a.conf = append(a.conf, m.MAPProb)
				a.correct = append(a.correct, right)
				a.b = append(a.b, (m.MAPProb-right)*(m.MAPProb-right))
				a.pred = append(a.pred, m.Predictive)
				for t, p := range m.Posterior {
					if t >= len(a.curve) {
						a.curve, a.curveN = append(a.curve, 0), append(a.curveN, 0)
					}
					a.curve[t] += p
					a.curveN[t]++
				}
			}
		}
	}
	for _, s := range order {
		a := by[s]
		for t := range a.curve {
			a.curve[t] = math.Round(a.curve[t]/float64(a.curveN[t])*1000) / 1000
		}
		lb.Strategies = append(lb.Strategies, StrategySummary{Strategy: s, Seats: a.n, Score: MeanT(a.scores),
			WinRate: Wilson(a.wins, a.n), Found: Wilson(a.found, a.n), Plays: Num(meanOr(a.plays)),
			Brier: Num(meanOr(a.b)), Confidence: Num(meanOr(a.conf)), Accuracy: Num(meanOr(a.correct)), Predictive: Num(meanOr(a.pred)),
			Learning: a.curve})
	}
	slices.SortStableFunc(lb.Strategies, func(x, y StrategySummary) int {
		switch {
		case x.Score.Est > y.Score.Est:
			return -1
		case x.Score.Est < y.Score.Est:
			return 1
		}
		return 0
	})
	keys := make([]groupKey, 0, len(paired))
	for k := range paired {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b groupKey) int {
		if a.rule != b.rule {
			return cmpStr(a.rule, b.rule)
		}
		if a.preset != b.preset {
			return cmpStr(a.preset, b.preset)
		}
		return a.rep - b.rep
	})
	for i, a := range lb.Strategies {
		for _, b := range lb.Strategies[i+1:] {
			var d []float64
			for _, k := range keys {
				xa, xb := paired[k][a.Strategy], paired[k][b.Strategy]
				if len(xa) > 0 && len(xb) > 0 {
					d = append(d, stat.Mean(xa, nil)-stat.Mean(xb, nil))
				}
			}
			lb.Pairs = append(lb.Pairs, PairDiff{A: a.Strategy, B: b.Strategy, Diff: MeanT(d), N: len(d)})
		}
	}
	return lb
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Tables renders the leaderboard.
func (lb *Leaderboard) Tables() []Table {
	title := "Leaderboard (paired seeds: every line-up plays the same deals and rules)"
	if lb.Errors > 0 {
		title += fmt.Sprintf("; %d hands failed and are left out (their errors are in hands.jsonl)", lb.Errors)
	}
	t := Table{Title: title,
		Headers: []string{"#", "strategy", "seats", "mean score (95% CI)", "win rate", "found", "plays to 0.9", "predictive", "confidence", "accuracy", "Brier"}}
	for i, s := range lb.Strategies {
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), s.Strategy, fmt.Sprint(s.Seats), ci1(s.Score), ci2(s.WinRate), ci2(s.Found),
			f1(float64(s.Plays)), f2(float64(s.Predictive)), f2(float64(s.Confidence)), f2(float64(s.Accuracy)), f2(float64(s.Brier))})
	}
	d := Table{Title: "Paired score differences (A − B, 95% t interval over hand groups)", Headers: []string{"A", "B", "groups", "A − B"}}
	for _, x := range lb.Pairs {
		d.Rows = append(d.Rows, []string{x.A, x.B, fmt.Sprint(x.N), ci1(x.Diff)})
	}
	return []Table{t, d}
}

func ci1(iv Interval) string {
	return fmt.Sprintf("%s [%s, %s]", f1(iv.Est), f1(iv.Lo), f1(iv.Hi))
}

func ci2(iv Interval) string {
	if math.IsNaN(iv.Est) {
		return "—"
	}
	return fmt.Sprintf("%s [%s, %s]", f2(iv.Est), f2(iv.Lo), f2(iv.Hi))
}

// LeaderboardPlot draws mean scores with intervals (leaderboard) and each
// strategy's learning curve (learning).
func LeaderboardPlot(dir string, lb *Leaderboard) error {
	rs := make([]RuleSummary, len(lb.Strategies))
	var names []string
	var ivs []Interval
	for i, s := range lb.Strategies {
		rs[i] = RuleSummary{Rule: s.Strategy, Learning: s.Learning}
		names, ivs = append(names, s.Strategy), append(ivs, s.Score)
	}
	cap := benchCaption(lb.Plan)
	if err := intervalPlot(dir, "leaderboard", "Mean score per seat (95% t interval)", "score in a hand", names, ivs, cap); err != nil {
		return err
	}
	return learningPlot(dir, "learning", "Belief in God's rule over moves, by strategy (mean posterior)", rs, 1,
		cap, "Each line: a strategy's mean posterior on God's rule after each move, over its seats in the hands still running at that move. "+
			"Strategies without a belief of their own are credited with an ideal observer's; strategies that share a space and ε share one belief, so their lines coincide.")
}
