package rank

import (
	"cmp"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/render"
)

// The summaries' tables: a tidy data table per kind of observation (every
// measure in its own typed column, for CSV files and data frames) and the
// views people read in a terminal (a few columns, ordered for a question).
// docs/results.md documents every column.

// Tables renders the ranking: rank.csv (every measure of every rule under
// every preset, one row each), the views by difficulty, outside the space
// and by God's score, the correlations and the problems.
func (rk *Ranking) Tables() []render.Table {
	all := append(slices.Clone(rk.Rules), rk.Outside...)
	data := render.Table{Only: render.CSVOnly, Cols: []render.Column{
		{Name: "rank", Kind: render.Int}, {Name: "rule"}, {Name: "preset"}, {Name: "outside_space", Kind: render.Bool},
		{Name: "hands", Kind: render.Int}, {Name: "failed_hands", Kind: render.Int}, {Name: "pairs", Kind: render.Int},
		{Name: "difficulty", Kind: render.Float}, {Name: "misidentified", Kind: render.CI}, {Name: "settle_median", Kind: render.Float},
		{Name: "identified_all_states", Kind: render.CI}, {Name: "predictive_last10", Kind: render.Float},
		{Name: "god_score", Kind: render.CI}, {Name: "god_score_bootstrap", Kind: render.CI}, {Name: "score_spread", Kind: render.Float},
		{Name: "turns", Kind: render.Float}, {Name: "went_out", Kind: render.Float}, {Name: "all_eliminated", Kind: render.Float},
		{Name: "prophet_stood", Kind: render.Float}, {Name: "prophet_fell", Kind: render.Float}, {Name: "guessed", Kind: render.CI},
		{Name: "guessed_at", Kind: render.Float}, {Name: "sweet_share", Kind: render.Float}, {Name: "sweet_spot", Kind: render.Bool},
		{Name: "acceptance", Kind: render.Float}, {Name: "look_back"}, {Name: "expressible", Kind: render.Bool},
		{Name: "expressible_seats", Kind: render.Float}, {Name: "description_length", Kind: render.Int},
		{Name: "local_exact", Kind: render.Bool}, {Name: "observer", Kind: render.Bool}, {Name: "problem"},
	}}
	for i, r := range all {
		rank := render.IntCell(i + 1)
		outside := i >= len(rk.Rules)
		if outside {
			rank = render.Cell{} // not ranked: its difficulty says only that it is outside
		}
		first, _, _ := strings.Cut(r.Problem, "\n") // rank.json has the whole text
		data.Cells = append(data.Cells, []render.Cell{rank, render.Str(r.Rule), render.Str(r.Preset), render.BoolCell(outside),
			render.IntCell(r.Hands), render.IntCell(r.Errors), render.IntCell(r.Pairs),
			render.FloatCell(float64(r.Difficulty)), render.CICell(r.Misidentified), render.FloatCell(float64(r.SettleMedian)),
			render.CICell(r.IdentifiedAll), render.FloatCell(float64(r.Predictive10)),
			render.CICell(r.GodScore), render.CICell(r.GodScoreBoot), render.FloatCell(float64(r.ScoreSpread)),
			render.FloatCell(float64(r.Turns)), shareCell(r.WentOut, r.Hands), shareCell(r.AllOut, r.Hands),
			shareCell(r.ProphetStood, r.Hands), shareCell(r.ProphetFell, r.Hands), render.CICell(r.Guessed),
			render.FloatCell(float64(r.GuessedAt)), shareCell(r.Sweet, r.Hands), render.BoolCell(r.SweetSpot),
			render.FloatCell(r.Acceptance), render.Str(r.LookBack), render.BoolCell(r.Expressible),
			render.FloatCell(r.ExpressibleSeats), descLength(r), render.BoolCell(r.LocalExact), render.BoolCell(r.Observer), render.Str(first)})
	}
	title := "Rules by difficulty: share of (hand, scientist) pairs whose best rule at the end is not God's rule on the hand's reachable states (95% intervals in brackets)"
	if len(rk.Rules) > 0 && rk.Rules[0].Observer {
		title += " (measured by an ideal observer: the line-up holds no beliefs)"
	}
	if rk.Plan != nil {
		title += "; " + lineupNote(rk.Plan)
	}
	tables := []render.Table{data, rk.byDifficulty(title, rk.Rules)}
	if len(rk.Outside) > 0 {
		tables = append(tables, rk.byDifficulty("Outside the scientists' space: these scientists cannot express these rules (misidentified then says only that)", rk.Outside))
	}

	byGod := slices.Clone(all)
	slices.SortStableFunc(byGod, func(a, b RuleSummary) int { return cmp.Compare(b.GodScore.Est, a.GodScore.Est) })
	g := render.Table{Only: render.TextOnly, Title: "Rules by God's expected score (95% intervals in brackets)", Cols: []render.Column{
		{Name: "#", Kind: render.Int}, {Name: "rule", Whole: true}, {Name: "preset", Whole: true},
		{Name: "God score (t)", Kind: render.CI, Prec: 1}, {Name: "God score (bootstrap)", Kind: render.CI, Prec: 1, Wide: true},
		{Name: "spread", Kind: render.Float, Prec: 1}, {Name: "turns", Kind: render.Float, Prec: 1}, {Name: "went out", Kind: render.Float, Prec: 2},
		{Name: "all out", Kind: render.Float, Prec: 2}, {Name: "Prophet stood", Kind: render.Float, Prec: 2}, {Name: "Prophet fell", Kind: render.Float, Prec: 2},
		{Name: "sweet share", Kind: render.Float, Prec: 2}, {Name: "sweet spot", Kind: render.Bool}, {Name: "rule stated", Kind: render.Float, Prec: 2},
		{Name: "at move", Kind: render.Float, Prec: 1},
	}}
	for i, r := range byGod {
		g.Cells = append(g.Cells, []render.Cell{render.IntCell(i + 1), render.Str(r.Rule), render.Str(r.Preset),
			render.CICell(r.GodScore), render.CICell(r.GodScoreBoot), render.FloatCell(float64(r.ScoreSpread)), render.FloatCell(float64(r.Turns)),
			shareCell(r.WentOut, r.Hands), shareCell(r.AllOut, r.Hands), shareCell(r.ProphetStood, r.Hands), shareCell(r.ProphetFell, r.Hands),
			shareCell(r.Sweet, r.Hands), render.BoolCell(r.SweetSpot), render.FloatCell(r.Guessed.Est), render.FloatCell(float64(r.GuessedAt))})
	}
	c := render.Table{Name: "correlations", Title: "Rank correlations between difficulty measures and the rules' properties (rules the line-up can express)",
		Cols: []render.Column{{Name: "measure", Whole: true}, {Name: "against", Whole: true}, {Name: "rules", Kind: render.Int},
			{Name: "spearman", Head: "Spearman ρ", Kind: render.Float, Prec: 2}, {Name: "kendall_tau_b", Head: "Kendall τ-b", Kind: render.Float, Prec: 2}}}
	for _, x := range rk.Correlations {
		c.Cells = append(c.Cells, []render.Cell{render.Str(x.X), render.Str(x.Y), render.IntCell(x.N), render.FloatCell(float64(x.Spearman)), render.FloatCell(float64(x.Kendall))})
	}
	pr := render.Table{Name: "problems", Title: "Problems (the other results stand)",
		Cols: []render.Column{{Name: "rule", Whole: true}, {Name: "preset", Whole: true}, {Name: "failed_hands", Head: "failed hands", Kind: render.Int}, {Name: "problem"}}}
	for _, r := range all {
		if r.Problem != "" {
			first, _, _ := strings.Cut(r.Problem, "\n")
			pr.Cells = append(pr.Cells, []render.Cell{render.Str(r.Rule), render.Str(r.Preset), render.IntCell(r.Errors), render.Str(first)})
		}
	}
	if len(pr.Cells) == 0 {
		pr.Only = render.CSVOnly // rank-problems.csv is always written; the terminal shows no empty table
	}
	return append(tables, g, c, pr)
}

// byDifficulty is a view of rules in ranking order.
func (rk *Ranking) byDifficulty(title string, rs []RuleSummary) render.Table {
	t := render.Table{Only: render.TextOnly, Title: title, Cols: []render.Column{
		{Name: "#", Kind: render.Int}, {Name: "rule", Whole: true}, {Name: "preset", Whole: true}, {Name: "hands", Kind: render.Int},
		{Name: "failed", Kind: render.Int}, {Name: "misidentified", Kind: render.CI, Prec: 2},
		{Name: "settled (median move)", Kind: render.Float, Prec: 1}, {Name: "all states", Kind: render.Float, Prec: 2},
		{Name: "predict", Kind: render.Float, Prec: 2}, {Name: "God score", Kind: render.CI, Prec: 1},
		{Name: "accept", Kind: render.Float, Prec: 2}, {Name: "look-back", Whole: true, Wide: true}, {Name: "DL", Kind: render.Int},
	}}
	for i, r := range rs {
		failed := render.Cell{} // no column when no hand failed
		if r.Errors > 0 {
			failed = render.IntCell(r.Errors)
		}
		t.Cells = append(t.Cells, []render.Cell{render.IntCell(i + 1), render.Str(r.Rule), render.Str(r.Preset), render.IntCell(r.Hands), failed,
			render.CICell(r.Misidentified), render.FloatCell(float64(r.SettleMedian)), render.FloatCell(r.IdentifiedAll.Est),
			render.FloatCell(float64(r.Predictive10)), render.CICell(r.GodScore), render.FloatCell(r.Acceptance), render.Str(r.LookBack), descLength(r)})
	}
	return t
}

// shareCell is a share of hands, missing when there were none.
func shareCell(x float64, hands int) render.Cell {
	if hands == 0 {
		return render.Cell{}
	}
	return render.FloatCell(x)
}

// descLength is missing when the rule is not expressible.
func descLength(r RuleSummary) render.Cell {
	if r.DescLength <= 0 {
		return render.Cell{}
	}
	return render.IntCell(r.DescLength)
}
