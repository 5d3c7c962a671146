package design

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/reports"
)

// Tables renders a search: design.csv (every finalist's figures on the
// fresh deals, one row each) and its view, the search's best candidate
// round by round (design-search.csv), the pools (design-pools.csv), every
// candidate in every round (design-rounds.csv) and every candidate pooled
// (design-candidates.csv). docs/results.md documents every column.
func (res *Result) Tables() []reports.Table {
	fin := res.Final
	obj := res.Config.Objective
	finals := append(slices.Clone(fin.Finalists), fin.Baselines...)
	data := reports.Table{Only: reports.CSVOnly, Cols: []reports.Column{
		{Name: "rank", Kind: reports.Int}, {Name: "rule"}, {Name: "baseline", Kind: reports.Bool}, {Name: "best_baseline", Kind: reports.Bool},
		{Name: "candidate"}, {Name: "origin"}, {Name: "op"}, {Name: "parents"}, {Name: "expr"}, {Name: "starter"},
		{Name: "hands", Kind: reports.Int}, {Name: "failed_hands", Kind: reports.Int}, {Name: "objective", Kind: reports.CI}, {Name: "search_objective", Kind: reports.CI},
		{Name: "search_hands", Kind: reports.Int}, {Name: "vs_best", Kind: reports.CI}, {Name: "vs_best_p", Kind: reports.Float},
		{Name: "vs_best_apart", Kind: reports.Bool}, {Name: "god_score", Kind: reports.CI}, {Name: "god_score_bootstrap", Kind: reports.CI},
		{Name: "sweet_share", Kind: reports.Float}, {Name: "misidentified", Kind: reports.CI}, {Name: "pairs", Kind: reports.Int},
		{Name: "acceptance", Kind: reports.Float}, {Name: "look_back"}, {Name: "size", Kind: reports.Int}, {Name: "description_length", Kind: reports.Int},
	}}
	title := fmt.Sprintf("Designed rules and the bank's best on %d fresh hands each (objective: %s; 95%% intervals in brackets)", fin.Plan.Hands, obj)
	view := reports.Table{Only: reports.TextOnly, Title: title, Cols: []reports.Column{
		{Name: "#", Kind: reports.Int}, {Name: "rule", Whole: true}, {Name: "fresh hands", Kind: reports.CI, Prec: precOf(obj)},
		{Name: "search", Kind: reports.Float, Prec: precOf(obj)}, {Name: "− " + fin.Best, Kind: reports.CI, Prec: precOf(obj)}, {Name: "p", Whole: true},
		{Name: "God score", Kind: reports.CI, Prec: 1}, {Name: "misidentified", Kind: reports.CI, Prec: 2}, {Name: "accept", Kind: reports.Float, Prec: 2},
		{Name: "size", Kind: reports.Int},
	}}
	if obj.Kind == GodScore {
		view.Cols[6].Wide = true // the objective column already shows it
	}
	if obj.Kind == Difficulty {
		view.Cols[4].Wide, view.Cols[5].Wide = true, true // no paired difference: not a mean of hands
	}
	rules := reports.Table{Only: reports.TextOnly, Title: "The rules", Cols: []reports.Column{
		{Name: "rule", Whole: true}, {Name: "expression"}, {Name: "look-back", Whole: true, Wide: true}, {Name: "made as", Wide: true}}}
	byName := map[string]*Candidate{}
	for _, c := range res.Candidates {
		byName[c.Name] = c
	}
	for i, f := range finals {
		c, s := f.Candidate, f.Summary
		rank := reports.Cell{}
		if i < len(fin.Finalists) {
			rank = reports.IntCell(i + 1)
		}
		nan := math.NaN()
		vs, p, apart := reports.CICell(reports.Interval{Est: nan, Lo: nan, Hi: nan}), reports.Cell{}, reports.Cell{} // a missing interval is three empty cells
		pt := ""
		if f.VsBest != nil {
			vs, p, apart, pt = reports.CICell(f.VsBest.Diff), reports.FloatCell(f.VsBest.P), reports.BoolCell(f.VsBest.Apart), pText(f.VsBest.P)
		}
		data.Cells = append(data.Cells, []reports.Cell{rank, reports.Str(f.Name), reports.BoolCell(c.Origin == FromBank), reports.BoolCell(f.Name == fin.Best),
			reports.Str(c.Name), reports.Str(c.Origin), reports.Str(c.Op), reports.Str(strings.Join(c.Parents, " ")), reports.Str(c.Expr), reports.Str(c.Starter),
			reports.IntCell(s.Hands), reports.IntCell(s.Errors), reports.CICell(f.Objective.Interval), reports.CICell(f.Search.Interval),
			reports.IntCell(f.Search.N), vs, p, apart, reports.CICell(s.GodScore), reports.CICell(s.GodScoreBoot),
			pairsShare(s.Sweet, s.Pairs), reports.CICell(s.Misidentified), reports.IntCell(s.Pairs),
			reports.FloatCell(c.Acceptance), reports.Str(c.LookBack), reports.IntCell(c.Size), lengthCell(s.DescLength)})
		name := f.Name
		if f.Name == fin.Best {
			name += " *"
		}
		view.Cells = append(view.Cells, []reports.Cell{rank, reports.Str(name), reports.CICell(f.Objective.Interval), reports.FloatCell(f.Search.Est),
			vs, reports.Str(pt), reports.CICell(s.GodScore), reports.CICell(s.Misidentified), reports.FloatCell(c.Acceptance), reports.IntCell(c.Size)})
		made := "a rule of the bank"
		if c.Origin != FromBank {
			made = lineage(c, byName, 0)
		}
		rules.Cells = append(rules.Cells, []reports.Cell{reports.Str(f.Name), reports.Str(c.Expr), reports.Str(c.LookBack), reports.Str(made)})
	}
	view.Title += "; * the bank's best on these hands; search: the objective in the search, biased upwards"
	return append([]reports.Table{data, view, rules}, res.searchTable(), res.poolTable(), res.roundsTable(), res.candidatesTable())
}

// precOf: decimals of an objective's figures in the terminal.
func precOf(o Objective) int {
	if o.Kind == GodScore && o.LengthPenalty == 0 {
		return 1
	}
	return 2
}

// pairsShare is a share that is missing when nothing was measured.
func pairsShare(x float64, pairs int) reports.Cell {
	if pairs == 0 {
		return reports.Cell{}
	}
	return reports.FloatCell(x)
}

func lengthCell(n int) reports.Cell {
	if n <= 0 {
		return reports.Cell{}
	}
	return reports.IntCell(n)
}

// searchTable: the best candidate after each round.
func (res *Result) searchTable() reports.Table {
	t := reports.Table{Name: "search", Title: "The search: the best candidate after each round (its objective over the hands of its race; biased upwards)",
		Cols: []reports.Column{{Name: "generation", Head: "gen", Kind: reports.Int}, {Name: "round", Kind: reports.Int}, {Name: "candidates", Kind: reports.Int},
			{Name: "hands_each", Head: "hands each", Kind: reports.Int}, {Name: "hands_spent", Head: "hands spent", Kind: reports.Int},
			{Name: "best", Whole: true}, {Name: "objective", Kind: reports.CI, Prec: precOf(res.Config.Objective)}, {Name: "expr", Head: "expression"}}}
	expr := map[string]string{}
	for _, c := range res.Candidates {
		expr[c.Name] = c.Expr
	}
	for _, rr := range res.Races {
		for k, pt := range rr.Curve {
			r := rr.Rounds[k]
			t.Cells = append(t.Cells, []reports.Cell{reports.IntCell(pt.Generation), reports.IntCell(pt.Round), reports.IntCell(len(r.Candidates)), reports.IntCell(r.Hands),
				reports.IntCell(pt.Spent), reports.Str(pt.Best), reports.CICell(pt.Estimate.Interval), reports.Str(expr[pt.Best])})
		}
	}
	return t
}

// poolTable: how each generation's pool was made (one row per outcome).
func (res *Result) poolTable() reports.Table {
	t := reports.Table{Name: "pools", Title: "Candidates: proposals checked and pooled, by generation",
		Cols: []reports.Column{{Name: "generation", Head: "gen", Kind: reports.Int}, {Name: "outcome", Whole: true}, {Name: "proposals", Kind: reports.Int}}}
	for _, st := range res.Pools {
		add := func(what string, n int) {
			t.Cells = append(t.Cells, []reports.Cell{reports.IntCell(st.Generation), reports.Str(what), reports.IntCell(n)})
		}
		add("carried (bank rules or survivors)", st.Carried)
		add("new candidates", st.Kept)
		for _, r := range []string{RejectDuplicate, RejectAcceptance, RejectDeadEnd, RejectLookBack, RejectLine, RejectRunTime, RejectCompile} {
			if n := st.Rejected[r]; n > 0 {
				add("turned down: "+r, n)
			}
		}
	}
	return t
}

// roundsTable: every candidate at the end of every round it played.
func (res *Result) roundsTable() reports.Table {
	t := reports.Table{Name: "rounds", Only: reports.CSVOnly, Cols: []reports.Column{{Name: "generation", Kind: reports.Int}, {Name: "round", Kind: reports.Int},
		{Name: "candidate"}, {Name: "hands", Kind: reports.Int}, {Name: "objective", Kind: reports.CI}, {Name: "kept", Kind: reports.Bool}}}
	for _, rr := range res.Races {
		for _, r := range rr.Rounds {
			for _, x := range r.Results {
				t.Cells = append(t.Cells, []reports.Cell{reports.IntCell(r.Generation), reports.IntCell(r.Index), reports.Str(x.Name), reports.IntCell(x.Estimate.N),
					reports.CICell(x.Estimate.Interval), reports.BoolCell(x.Kept)})
			}
		}
	}
	return t
}

// candidatesTable: every candidate pooled, with how far it got.
func (res *Result) candidatesTable() reports.Table {
	t := reports.Table{Name: "candidates", Only: reports.CSVOnly, Cols: []reports.Column{{Name: "generation", Kind: reports.Int}, {Name: "candidate"}, {Name: "origin"},
		{Name: "op"}, {Name: "parents"}, {Name: "expr"}, {Name: "starter"}, {Name: "acceptance", Kind: reports.Float}, {Name: "look_back"},
		{Name: "size", Kind: reports.Int}, {Name: "texts", Kind: reports.Int}, {Name: "last_round", Kind: reports.Int}, {Name: "objective", Kind: reports.CI}}}
	for _, rr := range res.Races {
		for _, s := range rr.Standings {
			c := s.Candidate
			if c.Generation != rr.Generation && c.Origin != FromBank {
				continue // a survivor of an earlier generation: listed there
			}
			if c.Origin == FromBank && rr.Generation > 1 {
				continue
			}
			acc := reports.FloatCell(c.Acceptance)
			if math.IsNaN(c.Acceptance) {
				acc = reports.Cell{}
			}
			t.Cells = append(t.Cells, []reports.Cell{reports.IntCell(rr.Generation), reports.Str(c.Name), reports.Str(c.Origin), reports.Str(c.Op), reports.Str(strings.Join(c.Parents, " ")),
				reports.Str(c.Expr), reports.Str(c.Starter), acc, reports.Str(c.LookBack), reports.IntCell(c.Size), reports.IntCell(c.Texts), reports.IntCell(s.Round), reports.CICell(s.Estimate.Interval)})
		}
	}
	return t
}
