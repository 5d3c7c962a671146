package reports

import (
	"cmp"
	"slices"
	"strings"
)

// The summaries' tables: a tidy data table per kind of observation (every
// measure in its own typed column, for CSV files and data frames) and the
// views people read in a terminal (a few columns, ordered for a question).
// docs/results.md documents every column.

// Tables renders the ranking: rank.csv (every measure of every rule under
// every preset, one row each), the views by difficulty, outside the space
// and by God's score, the correlations and the problems.
func (rk *Ranking) Tables() []Table {
	all := append(slices.Clone(rk.Rules), rk.Outside...)
	data := Table{Only: CSVOnly, Cols: []Column{
		{Name: "rank", Kind: Int}, {Name: "rule"}, {Name: "preset"}, {Name: "outside_space", Kind: Bool},
		{Name: "hands", Kind: Int}, {Name: "failed_hands", Kind: Int}, {Name: "pairs", Kind: Int},
		{Name: "difficulty", Kind: Float}, {Name: "misidentified", Kind: CI}, {Name: "settle_median", Kind: Float},
		{Name: "identified_all_states", Kind: CI}, {Name: "predictive_last10", Kind: Float},
		{Name: "god_score", Kind: CI}, {Name: "god_score_bootstrap", Kind: CI}, {Name: "score_spread", Kind: Float},
		{Name: "turns", Kind: Float}, {Name: "went_out", Kind: Float}, {Name: "all_eliminated", Kind: Float},
		{Name: "prophet_stood", Kind: Float}, {Name: "prophet_fell", Kind: Float}, {Name: "guessed", Kind: CI},
		{Name: "guessed_at", Kind: Float}, {Name: "sweet_share", Kind: Float}, {Name: "sweet_spot", Kind: Bool},
		{Name: "acceptance", Kind: Float}, {Name: "look_back"}, {Name: "expressible", Kind: Bool},
		{Name: "expressible_seats", Kind: Float}, {Name: "description_length", Kind: Int},
		{Name: "local_exact", Kind: Bool}, {Name: "observer", Kind: Bool}, {Name: "problem"},
	}}
	for i, r := range all {
		rank := IntCell(i + 1)
		outside := i >= len(rk.Rules)
		if outside {
			rank = Cell{} // not ranked: its difficulty says only that it is outside
		}
		first, _, _ := strings.Cut(r.Problem, "\n") // rank.json has the whole text
		data.Cells = append(data.Cells, []Cell{rank, Str(r.Rule), Str(r.Preset), BoolCell(outside),
			IntCell(r.Hands), IntCell(r.Errors), IntCell(r.Pairs),
			FloatCell(float64(r.Difficulty)), CICell(r.Misidentified), FloatCell(float64(r.SettleMedian)),
			CICell(r.IdentifiedAll), FloatCell(float64(r.Predictive10)),
			CICell(r.GodScore), CICell(r.GodScoreBoot), FloatCell(float64(r.ScoreSpread)),
			FloatCell(float64(r.Turns)), shareCell(r.WentOut, r.Hands), shareCell(r.AllOut, r.Hands),
			shareCell(r.ProphetStood, r.Hands), shareCell(r.ProphetFell, r.Hands), CICell(r.Guessed),
			FloatCell(float64(r.GuessedAt)), shareCell(r.Sweet, r.Hands), BoolCell(r.SweetSpot),
			FloatCell(r.Acceptance), Str(r.LookBack), BoolCell(r.Expressible),
			FloatCell(r.ExpressibleSeats), descLength(r), BoolCell(r.LocalExact), BoolCell(r.Observer), Str(first)})
	}
	title := "Rules by difficulty: share of (hand, scientist) pairs whose best rule at the end is not God's rule on the hand's reachable states (95% intervals in brackets)"
	if len(rk.Rules) > 0 && rk.Rules[0].Observer {
		title += " (measured by an ideal observer: the line-up holds no beliefs)"
	}
	tables := []Table{data, rk.byDifficulty(title, rk.Rules)}
	if len(rk.Outside) > 0 {
		tables = append(tables, rk.byDifficulty("Outside the scientists' space: these scientists cannot express these rules (misidentified then says only that)", rk.Outside))
	}

	byGod := slices.Clone(all)
	slices.SortStableFunc(byGod, func(a, b RuleSummary) int { return cmp.Compare(b.GodScore.Est, a.GodScore.Est) })
	g := Table{Only: TextOnly, Title: "Rules by God's expected score (95% intervals in brackets)", Cols: []Column{
		{Name: "#", Kind: Int}, {Name: "rule", Whole: true}, {Name: "preset", Whole: true},
		{Name: "God score (t)", Kind: CI, Prec: 1}, {Name: "God score (bootstrap)", Kind: CI, Prec: 1, Wide: true},
		{Name: "spread", Kind: Float, Prec: 1}, {Name: "turns", Kind: Float, Prec: 1}, {Name: "went out", Kind: Float, Prec: 2},
		{Name: "all out", Kind: Float, Prec: 2}, {Name: "Prophet stood", Kind: Float, Prec: 2}, {Name: "Prophet fell", Kind: Float, Prec: 2},
		{Name: "sweet share", Kind: Float, Prec: 2}, {Name: "sweet spot", Kind: Bool}, {Name: "rule stated", Kind: Float, Prec: 2},
		{Name: "at move", Kind: Float, Prec: 1},
	}}
	for i, r := range byGod {
		g.Cells = append(g.Cells, []Cell{IntCell(i + 1), Str(r.Rule), Str(r.Preset),
			CICell(r.GodScore), CICell(r.GodScoreBoot), FloatCell(float64(r.ScoreSpread)), FloatCell(float64(r.Turns)),
			shareCell(r.WentOut, r.Hands), shareCell(r.AllOut, r.Hands), shareCell(r.ProphetStood, r.Hands), shareCell(r.ProphetFell, r.Hands),
			shareCell(r.Sweet, r.Hands), BoolCell(r.SweetSpot), FloatCell(r.Guessed.Est), FloatCell(float64(r.GuessedAt))})
	}
	c := Table{Name: "correlations", Title: "Rank correlations between difficulty measures and the rules' properties (rules the line-up can express)",
		Cols: []Column{{Name: "measure", Whole: true}, {Name: "against", Whole: true}, {Name: "rules", Kind: Int},
			{Name: "spearman", Head: "Spearman ρ", Kind: Float, Prec: 2}, {Name: "kendall_tau_b", Head: "Kendall τ-b", Kind: Float, Prec: 2}}}
	for _, x := range rk.Correlations {
		c.Cells = append(c.Cells, []Cell{Str(x.X), Str(x.Y), IntCell(x.N), FloatCell(float64(x.Spearman)), FloatCell(float64(x.Kendall))})
	}
	pr := Table{Name: "problems", Title: "Problems (the other results stand)",
		Cols: []Column{{Name: "rule", Whole: true}, {Name: "preset", Whole: true}, {Name: "failed_hands", Head: "failed hands", Kind: Int}, {Name: "problem"}}}
	for _, r := range all {
		if r.Problem != "" {
			first, _, _ := strings.Cut(r.Problem, "\n")
			pr.Cells = append(pr.Cells, []Cell{Str(r.Rule), Str(r.Preset), IntCell(r.Errors), Str(first)})
		}
	}
	if len(pr.Cells) == 0 {
		pr.Only = CSVOnly // rank-problems.csv is always written; the terminal shows no empty table
	}
	return append(tables, g, c, pr)
}

// byDifficulty is a view of rules in ranking order.
func (rk *Ranking) byDifficulty(title string, rs []RuleSummary) Table {
	t := Table{Only: TextOnly, Title: title, Cols: []Column{
		{Name: "#", Kind: Int}, {Name: "rule", Whole: true}, {Name: "preset", Whole: true}, {Name: "hands", Kind: Int},
		{Name: "failed", Kind: Int}, {Name: "misidentified", Kind: CI, Prec: 2},
		{Name: "settled (median move)", Kind: Float, Prec: 1}, {Name: "all states", Kind: Float, Prec: 2},
		{Name: "predict", Kind: Float, Prec: 2}, {Name: "God score", Kind: CI, Prec: 1},
		{Name: "accept", Kind: Float, Prec: 2}, {Name: "look-back", Whole: true, Wide: true}, {Name: "DL", Kind: Int},
	}}
	for i, r := range rs {
		failed := Cell{} // no column when no hand failed
		if r.Errors > 0 {
			failed = IntCell(r.Errors)
		}
		t.Cells = append(t.Cells, []Cell{IntCell(i + 1), Str(r.Rule), Str(r.Preset), IntCell(r.Hands), failed,
			CICell(r.Misidentified), FloatCell(float64(r.SettleMedian)), FloatCell(r.IdentifiedAll.Est),
			FloatCell(float64(r.Predictive10)), CICell(r.GodScore), FloatCell(r.Acceptance), Str(r.LookBack), descLength(r)})
	}
	return t
}

// shareCell is a share of hands, missing when there were none.
func shareCell(x float64, hands int) Cell {
	if hands == 0 {
		return Cell{}
	}
	return FloatCell(x)
}

// descLength is missing when the rule is not expressible.
func descLength(r RuleSummary) Cell {
	if r.DescLength <= 0 {
		return Cell{}
	}
	return IntCell(r.DescLength)
}
