package bench

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
	"gonum.org/v1/plot/vg"
)

// designTitle says how a design seats the strategies, for titles and
// captions.
func designTitle(d lab.Design, p *lab.Plan) string {
	seats := 0
	for i, lu := range p.Lineups {
		if p.Design(i) == d || p.Design(i) == "" && d == lab.Mixed {
			seats = len(lu)
		}
	}
	switch d {
	case lab.Solo:
		return "design solo: each strategy alone against God"
	case lab.Homogeneous:
		return fmt.Sprintf("design homogeneous: tables of %d copies of each strategy, one seat measured per hand (in turn)", seats)
	}
	if len(p.Designs) == 0 {
		return fmt.Sprintf("rotations of %d seats", seats)
	}
	return fmt.Sprintf("design mixed: %d seats, a balanced schedule (every strategy meets every other equally often in every pair of seats)", seats)
}

// planNote says what every figure of a design rests on.
func planNote(p *lab.Plan) string {
	return fmt.Sprintf("%d hands per rule, preset and line-up; %d rules; preset %s; seed %d; paired seeds: every line-up plays the same deals and rules",
		p.Hands, len(p.Rules), strings.Join(p.Presets, ", "), p.Seed)
}

// Tables renders the leaderboard: bench.csv (every figure of every
// strategy in every design, one row each), the views of each design, the
// paired score differences, the failures and the calibration bins.
func (lb *Leaderboard) Tables() []render.Table {
	calCols := func(prefix string) []render.Column {
		return []render.Column{{Name: prefix + "n", Kind: render.Int}, {Name: prefix + "empty", Kind: render.CI}, {Name: prefix + "confidence", Kind: render.Float},
			{Name: prefix + "accuracy", Kind: render.Float}, {Name: prefix + "brier", Kind: render.Float}, {Name: prefix + "ece", Kind: render.Float}}
	}
	calCells := func(r StrategyRow, c stats.Calibration) []render.Cell {
		if r.Design == lab.Mixed || r.Measured == 0 {
			return []render.Cell{{}, render.CICell(na), {}, {}, {}, {}} // not measured
		}
		return []render.Cell{render.IntCell(c.N), render.CICell(c.Empty), render.FloatCell(float64(c.Confidence)), render.FloatCell(float64(c.Accuracy)),
			render.FloatCell(float64(c.Brier)), render.FloatCell(float64(c.ECE))}
	}
	data := render.Table{Only: render.CSVOnly, Cols: append(append([]render.Column{
		{Name: "design"}, {Name: "rank", Kind: render.Int}, {Name: "strategy"}, {Name: "spec"}, {Name: "hands", Kind: render.Int}, {Name: "failed_hands", Kind: render.Int},
		{Name: "first_error"}, {Name: "stopped_hands", Kind: render.Int}, {Name: "failed_share", Kind: render.CI}, {Name: "retried_hands", Kind: render.Int},
		{Name: "usage_seats", Kind: render.Int}, {Name: "answers", Kind: render.Int}, {Name: "fallbacks", Kind: render.Int}, {Name: "fallback_share", Kind: render.CI},
		{Name: "prompt_tokens_per_hand", Kind: render.Float}, {Name: "completion_tokens_per_hand", Kind: render.Float}, {Name: "reasoning_tokens_per_hand", Kind: render.Float},
		{Name: "cost_usd_per_hand", Kind: render.Float}, {Name: "latency_s_per_answer", Kind: render.Float}, {Name: "seats", Kind: render.Int}, {Name: "score", Kind: render.CI}, {Name: "win_rate", Kind: render.CI},
		{Name: "belief"}, {Name: "measured", Kind: render.Int}, {Name: "identified", Kind: render.CI}, {Name: "identified_rules", Kind: render.CI}, {Name: "settle_median", Kind: render.CI},
		{Name: "identified_all_states", Kind: render.CI}, {Name: "predictive", Kind: render.CI},
		{Name: "observer_identified", Kind: render.CI}, {Name: "observer_settle_median", Kind: render.CI}},
		calCols("calibration_")...), calCols("calibration_expressible_")...)}
	var views []render.Table
	for _, d := range lb.Designs {
		if d == lab.Mixed {
			views = append(views, lb.scoreView())
		} else {
			views = append(views, lb.beliefView(d), lb.observerView(d))
		}
	}
	for _, r := range lb.Strategies {
		rank, seats, belief := render.Cell{}, render.Cell{}, render.Str(r.Belief)
		if r.Rank > 0 {
			rank = render.IntCell(r.Rank)
		}
		if r.Design == lab.Mixed {
			seats = render.IntCell(r.Seats)
		}
		u := r.Usage
		row := []render.Cell{render.Str(string(r.Design)), rank, render.Str(r.Strategy), render.Str(r.Spec), render.IntCell(r.Hands), render.IntCell(r.Failed), render.Str(r.FirstError),
			render.IntCell(r.Stopped), render.CICell(r.FailedShare), render.IntCell(r.Retried), render.IntCell(u.Seats), render.IntCell(u.Answers), render.IntCell(u.Fallbacks), render.CICell(u.FallbackShare),
			numCell(u.PromptTokens), numCell(u.CompletionTokens), numCell(u.ReasoningTokens), numCell(u.CostUSD), numCell(u.LatencyS),
			seats, render.CICell(r.Score), render.CICell(r.WinRate), belief, measuredCell(r), render.CICell(r.Identified), render.CICell(r.IdentifiedRules), render.CICell(r.Settle),
			render.CICell(r.IdentifiedAll), render.CICell(r.Predictive), render.CICell(r.ObserverIdentified), render.CICell(r.ObserverSettle)}
		data.Cells = append(data.Cells, append(append(row, calCells(r, r.Calibration)...), calCells(r, r.CalibrationExpressible)...))
	}
	pairs, pairsView := lb.pairTables()
	bins := render.Table{Name: "calibration", Only: render.CSVOnly, Cols: []render.Column{{Name: "design"}, {Name: "strategy"}, {Name: "subset"},
		{Name: "lo", Kind: render.Float}, {Name: "hi", Kind: render.Float}, {Name: "n", Kind: render.Int}, {Name: "confidence", Kind: render.Float}, {Name: "accuracy", Kind: render.CI}}}
	for _, s := range lb.Strategies {
		for _, sub := range []struct {
			name string
			c    stats.Calibration
		}{{"all", s.Calibration}, {"expressible", s.CalibrationExpressible}} {
			for _, b := range sub.c.Bins {
				bins.Cells = append(bins.Cells, []render.Cell{render.Str(string(s.Design)), render.Str(s.Strategy), render.Str(sub.name), render.FloatCell(b.Lo), render.FloatCell(b.Hi), render.IntCell(b.N),
					render.FloatCell(float64(b.Confidence)), render.CICell(b.Accuracy)})
			}
		}
	}
	out := append([]render.Table{data}, views...)
	out = append(out, pairs)
	if len(pairsView.Cells) > 0 {
		out = append(out, pairsView)
	}
	if f := lb.failureView(); len(f.Cells) > 0 {
		out = append(out, f)
	}
	if u := lb.usageView(); len(u.Cells) > 0 {
		out = append(out, u)
	}
	out = append(out, lb.guessTables()...)
	return append(out, bins)
}

// measuredCell is the n of the discovery figures; missing for mixed rows.
func measuredCell(r StrategyRow) render.Cell {
	if r.Design == lab.Mixed {
		return render.Cell{}
	}
	return render.IntCell(r.Measured)
}

// beliefView: each strategy's own belief in a discovery design, the most
// often right first.
func (lb *Leaderboard) beliefView(d lab.Design) render.Table {
	t := render.Table{Only: render.TextOnly, Title: fmt.Sprintf("Discovery, %s (%s). Its own belief at the end of each hand; 95%% intervals",
		designTitle(d, lb.Plan), planNote(lb.Plan)),
		Cols: []render.Column{{Name: "#", Kind: render.Int}, {Name: "strategy"}, {Name: "belief", Whole: true}, {Name: "hands", Kind: render.Int},
			{Name: "failed", Kind: render.Float, Prec: 2}, {Name: "identified", Kind: render.CI, Prec: 2}, {Name: "settled by (move)", Kind: render.CI, Prec: 0}, {Name: "predictive", Kind: render.Float, Prec: 2},
			{Name: "confidence", Kind: render.Float, Prec: 2, Wide: true}, {Name: "accuracy", Kind: render.Float, Prec: 2, Wide: true}, {Name: "ECE", Kind: render.Float, Prec: 3},
			{Name: "empty", Kind: render.Float, Prec: 2}}}
	unmeasured := false
	for _, r := range lb.Strategies {
		if r.Design != d {
			continue
		}
		rank, belief := render.Cell{}, r.Belief
		if r.Rank > 0 {
			rank = render.IntCell(r.Rank)
		}
		if r.Belief == "none" {
			belief, unmeasured = "none", true
		}
		c := r.Calibration
		empty := render.Cell{}
		if r.Measured > 0 {
			empty = render.FloatCell(c.Empty.Est)
		}
		t.Cells = append(t.Cells, []render.Cell{rank, render.Str(r.Strategy), render.Str(belief), render.IntCell(r.Hands + r.Failed), failedCell(r), render.CICell(r.Identified), render.CICell(r.Settle),
			render.FloatCell(r.Predictive.Est), render.FloatCell(float64(c.Confidence)), render.FloatCell(float64(c.Accuracy)), render.FloatCell(float64(c.ECE)), empty})
	}
	t.Title += ". identified: its best rule was God's on every state the hand could reach (a hand its seat failed counts as not, is a confident miss in the calibration, and ranks it below an equal that failed less); settled by: Kaplan–Meier median move since which it was (— past the last hand; a failed hand censored at the failure); failed: the share of its hands its seat failed"
	if unmeasured {
		t.Title += "; belief none: a strategy without a belief (or an outside program that stated none) is not measured — the ideal observer of its hands is, below"
	}
	return t
}

// observerView: what an ideal observer learnt from each strategy's hands
// in a discovery design (the information its experiments gave).
func (lb *Leaderboard) observerView(d lab.Design) render.Table {
	t := render.Table{Only: render.TextOnly, Title: fmt.Sprintf("Experiments, %s: an ideal observer of its hands (the default space, ε = 0) — what its plays showed, whatever it believed",
		designTitle(d, lb.Plan)),
		Cols: []render.Column{{Name: "strategy"}, {Name: "identified", Kind: render.CI, Prec: 2}, {Name: "settled by (move)", Kind: render.CI, Prec: 0}}}
	var rows []StrategyRow
	for _, r := range lb.Strategies {
		if r.Design == d {
			rows = append(rows, r)
		}
	}
	sortRows(rows, func(r StrategyRow) (float64, float64, float64) {
		return r.ObserverIdentified.Est, r.ObserverSettle.Est, 0
	})
	for _, r := range rows {
		t.Cells = append(t.Cells, []render.Cell{render.Str(r.Strategy), render.CICell(r.ObserverIdentified), render.CICell(r.ObserverSettle)})
	}
	return t
}

// sortRows orders rows by a first key (larger first), then by the share
// of hands they failed (smaller first: failing is never a way up, so a
// strategy that fails ranks below its equal that plays on), then by a
// second and a third key (smaller first), missing values last.
func sortRows(rows []StrategyRow, key func(StrategyRow) (float64, float64, float64)) {
	slices.SortStableFunc(rows, func(x, y StrategyRow) int {
		x1, x2, x3 := key(x)
		y1, y2, y3 := key(y)
		return cmp.Or(cmpDesc(x1, y1), cmpAsc(failedShare(x), failedShare(y)), cmpAsc(x2, y2), cmpAsc(x3, y3))
	})
}

// failedShare is the share of its hands a strategy's seat failed (0 when
// it sat at none).
func failedShare(r StrategyRow) float64 {
	if n := r.Hands + r.Failed + r.Stopped; n > 0 {
		return float64(r.Failed) / float64(n)
	}
	return 0
}

// failedCell is the share of its hands a strategy's seat failed.
func failedCell(r StrategyRow) render.Cell {
	if r.Hands+r.Failed+r.Stopped == 0 {
		return render.Cell{}
	}
	return render.FloatCell(r.FailedShare.Est)
}

// numCell is a figure, missing when NaN.
func numCell(x stats.Num) render.Cell {
	if math.IsNaN(float64(x)) {
		return render.Cell{}
	}
	return render.FloatCell(float64(x))
}

// scoreView: the mixed design's scores, best first.
func (lb *Leaderboard) scoreView() render.Table {
	t := render.Table{Only: render.TextOnly, Title: fmt.Sprintf("Score, %s (%s); 95%% intervals", designTitle(lab.Mixed, lb.Plan), planNote(lb.Plan)),
		Cols: []render.Column{{Name: "#", Kind: render.Int}, {Name: "strategy"}, {Name: "seats", Kind: render.Int}, {Name: "failed", Kind: render.Float, Prec: 2},
			{Name: "mean score", Kind: render.CI, Prec: 1}, {Name: "win rate", Kind: render.CI, Prec: 2}}}
	for _, r := range lb.Strategies {
		if r.Design != lab.Mixed {
			continue
		}
		rank := render.Cell{}
		if r.Rank > 0 {
			rank = render.IntCell(r.Rank)
		}
		t.Cells = append(t.Cells, []render.Cell{rank, render.Str(r.Strategy), render.IntCell(r.Seats), failedCell(r), render.CICell(r.Score), render.CICell(r.WinRate)})
	}
	return t
}

// failureView: the strategies with failed hands, with the first error.
func (lb *Leaderboard) failureView() render.Table {
	t := render.Table{Only: render.TextOnly, Title: fmt.Sprintf("Failures (failed seats: %d; stopped hands: %d). A seat whose agent failed "+
		"(gave up, crashed, answered nonsense or too late) left its hand and counts against its strategy in every table: the worst score "+
		"its options allow, not identified, censored at the failure, a confident miss in the calibration; the others played on. A hand "+
		"that stopped with no seat to blame (God's rule) is left out for every seat (stopped); retried: played again with --retry-failed", lb.FailedSeats, lb.Errors),
		Cols: []render.Column{{Name: "strategy"}, {Name: "design", Whole: true}, {Name: "failed", Kind: render.Int}, {Name: "stopped", Kind: render.Int},
			{Name: "retried", Kind: render.Int}, {Name: "of", Kind: render.Int}, {Name: "first error"}}}
	for _, r := range lb.Strategies {
		if r.Failed > 0 || r.Stopped > 0 || r.Retried > 0 {
			t.Cells = append(t.Cells, []render.Cell{render.Str(r.Strategy), render.Str(string(r.Design)), render.IntCell(r.Failed), render.IntCell(r.Stopped),
				render.IntCell(r.Retried), render.IntCell(r.Failed + r.Hands + r.Stopped), render.Str(r.FirstError)})
		}
	}
	return t
}

// LeaderboardPlot draws the plots of a bench run: mean scores with
// intervals (leaderboard, design mixed), and for the first discovery design
// each strategy's learning curve (learning: its own belief, or the ideal
// observer of its hands, marked †) and the reliability diagram of the
// strategies with a best rule of their own (reliability). A plot whose
// design the run did not play says so.
func LeaderboardPlot(dir string, lb *Leaderboard) error {
	var names []string
	var scores []stats.Interval
	disc := lab.Design("")
	for _, r := range lb.Strategies {
		if r.Design == lab.Mixed {
			names, scores = append(names, r.Strategy), append(scores, r.Score)
		} else if disc == "" {
			disc = r.Design
		}
	}
	const scoreTitle = "Mean score per seat (95% t interval)"
	if len(names) > 0 {
		cap := fmt.Sprintf("Each row: a strategy's mean score per seat, %s; %s.", designTitle(lab.Mixed, lb.Plan), planNote(lb.Plan))
		if err := render.IntervalPlot(dir, "leaderboard", scoreTitle, "score in a hand", names, scores, cap); err != nil {
			return err
		}
	} else if err := notPlayed(dir, "leaderboard", scoreTitle, "no scores: this run played no mixed design (--design mixed)"); err != nil {
		return err
	}
	const learnTitle, relTitle = "Belief in God's rule over moves, by strategy (mean posterior)", "Reliability of the final confidence"
	if disc == "" {
		msg := "no discovery figures: this run played no solo or homogeneous design"
		if err := notPlayed(dir, "learning", learnTitle, msg); err != nil {
			return err
		}
		return notPlayed(dir, "reliability", relTitle, msg)
	}
	var rs []render.Curve
	var cals []render.NamedCalibration
	for _, r := range lb.Strategies {
		if r.Design != disc {
			continue
		}
		switch {
		case len(r.Learning) > 0:
			rs = append(rs, render.Curve{Label: r.Strategy, Learning: r.Learning})
		case len(r.ObserverLearning) > 0 && r.Belief == "none":
			rs = append(rs, render.Curve{Label: r.Strategy + " †", Learning: r.ObserverLearning})
		}
		if r.Measured > 0 && r.Calibration.N > 0 {
			cals = append(cals, render.NamedCalibration{Name: r.Strategy, Cal: r.Calibration})
		}
	}
	cap := fmt.Sprintf("%s; %s.", designTitle(disc, lb.Plan), planNote(lb.Plan))
	if err := render.LearningPlot(dir, "learning", learnTitle+", "+string(disc), rs,
		cap, "Each line: a strategy's mean posterior on God's local class after each move, over its measured seats; a hand that has ended counts with its last value. "+
			"† a strategy without a belief of its own: the ideal observer of its hands. Outside agents' stated beliefs have no posterior and are not drawn."); err != nil {
		return err
	}
	if err := render.ReliabilityPlot(dir, "reliability", cap, cals); err != nil {
		return err
	}
	return guessingPlot(dir, lb)
}

// notPlayed draws a plot of a design the run did not play: its message.
func notPlayed(dir, name, title, msg string) error {
	f := &render.Figure{Title: title, W: 8 * vg.Inch, H: 3 * vg.Inch, Empty: msg}
	return f.Save(dir, name)
}
