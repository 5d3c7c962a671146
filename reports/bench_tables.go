package reports

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
)

// designTitle says how a design seats the strategies, for titles and
// captions.
func designTitle(d Design, p *Plan) string {
	seats := 0
	for i, lu := range p.Lineups {
		if p.design(i) == d || p.design(i) == "" && d == Mixed {
			seats = len(lu)
		}
	}
	switch d {
	case Solo:
		return "design solo: each strategy alone against God"
	case Homogeneous:
		return fmt.Sprintf("design homogeneous: tables of %d copies of each strategy, one seat measured per hand (in turn)", seats)
	}
	if len(p.Designs) == 0 {
		return fmt.Sprintf("rotations of %d seats", seats)
	}
	return fmt.Sprintf("design mixed: %d seats, a balanced schedule (every strategy meets every other equally often in every pair of seats)", seats)
}

// planNote says what every figure of a design rests on.
func planNote(p *Plan) string {
	return fmt.Sprintf("%d hands per rule, preset and line-up; %d rules; preset %s; seed %d; paired seeds: every line-up plays the same deals and rules",
		p.Hands, len(p.Rules), strings.Join(p.Presets, ", "), p.Seed)
}

// Tables renders the leaderboard: bench.csv (every figure of every
// strategy in every design, one row each), the views of each design, the
// paired score differences, the failures and the calibration bins.
func (lb *Leaderboard) Tables() []Table {
	calCols := func(prefix string) []Column {
		return []Column{{Name: prefix + "n", Kind: Int}, {Name: prefix + "empty", Kind: CI}, {Name: prefix + "confidence", Kind: Float},
			{Name: prefix + "accuracy", Kind: Float}, {Name: prefix + "brier", Kind: Float}, {Name: prefix + "ece", Kind: Float}}
	}
	calCells := func(r StrategyRow, c Calibration) []Cell {
		if r.Design == Mixed || r.Measured == 0 {
			return []Cell{{}, CICell(na), {}, {}, {}, {}} // not measured
		}
		return []Cell{IntCell(c.N), CICell(c.Empty), FloatCell(float64(c.Confidence)), FloatCell(float64(c.Accuracy)),
			FloatCell(float64(c.Brier)), FloatCell(float64(c.ECE))}
	}
	data := Table{Only: CSVOnly, Cols: append(append([]Column{
		{Name: "design"}, {Name: "rank", Kind: Int}, {Name: "strategy"}, {Name: "hands", Kind: Int}, {Name: "failed_hands", Kind: Int},
		{Name: "first_error"}, {Name: "seats", Kind: Int}, {Name: "score", Kind: CI}, {Name: "win_rate", Kind: CI},
		{Name: "belief"}, {Name: "measured", Kind: Int}, {Name: "identified", Kind: CI}, {Name: "settle_median", Kind: CI},
		{Name: "identified_all_states", Kind: CI}, {Name: "predictive", Kind: CI},
		{Name: "observer_identified", Kind: CI}, {Name: "observer_settle_median", Kind: CI}},
		calCols("calibration_")...), calCols("calibration_expressible_")...)}
	var views []Table
	for _, d := range lb.Designs {
		if d == Mixed {
			views = append(views, lb.scoreView())
		} else {
			views = append(views, lb.beliefView(d), lb.observerView(d))
		}
	}
	for _, r := range lb.Strategies {
		rank, seats, belief := Cell{}, Cell{}, Str(r.Belief)
		if r.Rank > 0 {
			rank = IntCell(r.Rank)
		}
		if r.Design == Mixed {
			seats = IntCell(r.Seats)
		}
		row := []Cell{Str(string(r.Design)), rank, Str(r.Strategy), IntCell(r.Hands), IntCell(r.Failed), Str(r.FirstError),
			seats, CICell(r.Score), CICell(r.WinRate), belief, measuredCell(r), CICell(r.Identified), CICell(r.Settle),
			CICell(r.IdentifiedAll), CICell(r.Predictive), CICell(r.ObserverIdentified), CICell(r.ObserverSettle)}
		data.Cells = append(data.Cells, append(append(row, calCells(r, r.Calibration)...), calCells(r, r.CalibrationExpressible)...))
	}
	pairs := Table{Name: "pairs", Title: "Paired score differences, design mixed (A − B, 95% t interval over hand groups: one rule, preset and repetition, every line-up)",
		Cols: []Column{{Name: "a", Head: "A"}, {Name: "b", Head: "B"}, {Name: "groups", Kind: Int},
			{Name: "a_minus_b", Head: "A − B", Kind: CI, Prec: 1}}}
	for _, x := range lb.Pairs {
		pairs.Cells = append(pairs.Cells, []Cell{Str(x.A), Str(x.B), IntCell(x.N), CICell(x.Diff)})
	}
	if len(pairs.Cells) == 0 {
		pairs.Only = CSVOnly // written with its header alone
	}
	bins := Table{Name: "calibration", Only: CSVOnly, Cols: []Column{{Name: "design"}, {Name: "strategy"}, {Name: "subset"},
		{Name: "lo", Kind: Float}, {Name: "hi", Kind: Float}, {Name: "n", Kind: Int}, {Name: "confidence", Kind: Float}, {Name: "accuracy", Kind: CI}}}
	for _, s := range lb.Strategies {
		for _, sub := range []struct {
			name string
			c    Calibration
		}{{"all", s.Calibration}, {"expressible", s.CalibrationExpressible}} {
			for _, b := range sub.c.Bins {
				bins.Cells = append(bins.Cells, []Cell{Str(string(s.Design)), Str(s.Strategy), Str(sub.name), FloatCell(b.Lo), FloatCell(b.Hi), IntCell(b.N),
					FloatCell(float64(b.Confidence)), CICell(b.Accuracy)})
			}
		}
	}
	out := append([]Table{data}, views...)
	out = append(out, pairs)
	if f := lb.failureView(); len(f.Cells) > 0 {
		out = append(out, f)
	}
	return append(out, bins)
}

// measuredCell is the n of the discovery figures; missing for mixed rows.
func measuredCell(r StrategyRow) Cell {
	if r.Design == Mixed {
		return Cell{}
	}
	return IntCell(r.Measured)
}

// beliefView: each strategy's own belief in a discovery design, the most
// often right first.
func (lb *Leaderboard) beliefView(d Design) Table {
	t := Table{Only: TextOnly, Title: fmt.Sprintf("Discovery, %s (%s). Its own belief at the end of each hand; 95%% intervals",
		designTitle(d, lb.Plan), planNote(lb.Plan)),
		Cols: []Column{{Name: "#", Kind: Int}, {Name: "strategy"}, {Name: "belief", Whole: true}, {Name: "hands", Kind: Int},
			{Name: "identified", Kind: CI, Prec: 2}, {Name: "settled by (move)", Kind: CI, Prec: 0}, {Name: "predictive", Kind: Float, Prec: 2},
			{Name: "confidence", Kind: Float, Prec: 2, Wide: true}, {Name: "accuracy", Kind: Float, Prec: 2, Wide: true}, {Name: "ECE", Kind: Float, Prec: 3},
			{Name: "empty", Kind: Float, Prec: 2}}}
	unmeasured := false
	for _, r := range lb.Strategies {
		if r.Design != d {
			continue
		}
		rank, belief := Cell{}, r.Belief
		if r.Rank > 0 {
			rank = IntCell(r.Rank)
		}
		if r.Belief == "none" {
			belief, unmeasured = "none", true
		}
		c := r.Calibration
		empty := Cell{}
		if r.Measured > 0 {
			empty = FloatCell(c.Empty.Est)
		}
		t.Cells = append(t.Cells, []Cell{rank, Str(r.Strategy), Str(belief), IntCell(r.Hands), CICell(r.Identified), CICell(r.Settle),
			FloatCell(r.Predictive.Est), FloatCell(float64(c.Confidence)), FloatCell(float64(c.Accuracy)), FloatCell(float64(c.ECE)), empty})
	}
	t.Title += ". identified: its best rule was God's on every state the hand could reach; settled by: Kaplan–Meier median move since which it was (— past the last hand)"
	if unmeasured {
		t.Title += "; belief none: a strategy without a belief (or an outside program that stated none) is not measured — the ideal observer of its hands is, below"
	}
	return t
}

// observerView: what an ideal observer learnt from each strategy's hands
// in a discovery design (the information its experiments gave).
func (lb *Leaderboard) observerView(d Design) Table {
	t := Table{Only: TextOnly, Title: fmt.Sprintf("Experiments, %s: an ideal observer of its hands (the default space, ε = 0) — what its plays showed, whatever it believed",
		designTitle(d, lb.Plan)),
		Cols: []Column{{Name: "strategy"}, {Name: "identified", Kind: CI, Prec: 2}, {Name: "settled by (move)", Kind: CI, Prec: 0}}}
	var rows []StrategyRow
	for _, r := range lb.Strategies {
		if r.Design == d {
			rows = append(rows, r)
		}
	}
	sortRows(rows, func(r StrategyRow) (float64, float64) { return r.ObserverIdentified.Est, r.ObserverSettle.Est })
	for _, r := range rows {
		t.Cells = append(t.Cells, []Cell{Str(r.Strategy), CICell(r.ObserverIdentified), CICell(r.ObserverSettle)})
	}
	return t
}

// sortRows orders rows by a first key (larger first) and a second (smaller
// first), missing values last.
func sortRows(rows []StrategyRow, key func(StrategyRow) (float64, float64)) {
	slices.SortStableFunc(rows, func(x, y StrategyRow) int {
		x1, x2 := key(x)
		y1, y2 := key(y)
		return cmp.Or(cmpDesc(x1, y1), cmpAsc(x2, y2))
	})
}

// scoreView: the mixed design's scores, best first.
func (lb *Leaderboard) scoreView() Table {
	t := Table{Only: TextOnly, Title: fmt.Sprintf("Score, %s (%s); 95%% intervals", designTitle(Mixed, lb.Plan), planNote(lb.Plan)),
		Cols: []Column{{Name: "#", Kind: Int}, {Name: "strategy"}, {Name: "seats", Kind: Int},
			{Name: "mean score", Kind: CI, Prec: 1}, {Name: "win rate", Kind: CI, Prec: 2}}}
	for _, r := range lb.Strategies {
		if r.Design != Mixed {
			continue
		}
		rank := Cell{}
		if r.Rank > 0 {
			rank = IntCell(r.Rank)
		}
		t.Cells = append(t.Cells, []Cell{rank, Str(r.Strategy), IntCell(r.Seats), CICell(r.Score), CICell(r.WinRate)})
	}
	return t
}

// failureView: the strategies with failed hands, with the first error.
func (lb *Leaderboard) failureView() Table {
	t := Table{Only: TextOnly, Title: fmt.Sprintf("Failed hands: %d, left out of every figure above (a hand fails for every strategy at its table)", lb.Errors),
		Cols: []Column{{Name: "strategy"}, {Name: "design", Whole: true}, {Name: "failed", Kind: Int}, {Name: "of", Kind: Int},
			{Name: "first error"}}}
	for _, r := range lb.Strategies {
		if r.Failed > 0 {
			t.Cells = append(t.Cells, []Cell{Str(r.Strategy), Str(string(r.Design)), IntCell(r.Failed), IntCell(r.Failed + r.Hands), Str(r.FirstError)})
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
	var scores []Interval
	disc := Design("")
	for _, r := range lb.Strategies {
		if r.Design == Mixed {
			names, scores = append(names, r.Strategy), append(scores, r.Score)
		} else if disc == "" {
			disc = r.Design
		}
	}
	const scoreTitle = "Mean score per seat (95% t interval)"
	if len(names) > 0 {
		cap := fmt.Sprintf("Each row: a strategy's mean score per seat, %s; %s.", designTitle(Mixed, lb.Plan), planNote(lb.Plan))
		if err := intervalPlot(dir, "leaderboard", scoreTitle, "score in a hand", names, scores, cap); err != nil {
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
	var rs []Curve
	var cals []NamedCalibration
	for _, r := range lb.Strategies {
		if r.Design != disc {
			continue
		}
		switch {
		case len(r.Learning) > 0:
			rs = append(rs, Curve{r.Strategy, r.Learning})
		case len(r.ObserverLearning) > 0 && r.Belief == "none":
			rs = append(rs, Curve{r.Strategy + " †", r.ObserverLearning})
		}
		if r.Measured > 0 && r.Calibration.N > 0 {
			cals = append(cals, NamedCalibration{r.Strategy, r.Calibration})
		}
	}
	cap := fmt.Sprintf("%s; %s.", designTitle(disc, lb.Plan), planNote(lb.Plan))
	if err := learningPlot(dir, "learning", learnTitle+", "+string(disc), rs,
		cap, "Each line: a strategy's mean posterior on God's local class after each move, over its measured seats; a hand that has ended counts with its last value. "+
			"† a strategy without a belief of its own: the ideal observer of its hands. Outside agents' stated beliefs have no posterior and are not drawn."); err != nil {
		return err
	}
	return ReliabilityPlot(dir, "reliability", cap, cals)
}

// notPlayed draws a plot of a design the run did not play: its message.
func notPlayed(dir, name, title, msg string) error {
	f := &figure{title: title, w: 8 * vg.Inch, h: 3 * vg.Inch, empty: msg}
	return f.save(dir, name)
}
