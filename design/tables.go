package design

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/stats"
)

// Tables renders a search: design.csv (every finalist's figures on the
// fresh deals, one row each) and its view, the search's best candidate
// round by round (design-search.csv), the pools (design-pools.csv), every
// candidate in every round (design-rounds.csv) and every candidate pooled
// (design-candidates.csv). docs/results.md documents every column.
func (res *Result) Tables() []render.Table {
	fin := res.Final
	obj := res.Config.Objective
	finals := append(slices.Clone(fin.Finalists), fin.Baselines...)
	data := render.Table{Only: render.CSVOnly, Cols: []render.Column{
		{Name: "rank", Kind: render.Int}, {Name: "rule"}, {Name: "baseline", Kind: render.Bool}, {Name: "best_baseline", Kind: render.Bool},
		{Name: "candidate"}, {Name: "origin"}, {Name: "op"}, {Name: "parents"}, {Name: "expr"}, {Name: "words"}, {Name: "starter"},
		{Name: "hands", Kind: render.Int}, {Name: "failed_hands", Kind: render.Int}, {Name: "objective", Kind: render.CI}, {Name: "search_objective", Kind: render.CI},
		{Name: "search_hands", Kind: render.Int}, {Name: "vs_best", Kind: render.CI}, {Name: "vs_best_p", Kind: render.Float},
		{Name: "vs_best_apart", Kind: render.Bool}, {Name: "god_score", Kind: render.CI}, {Name: "god_score_bootstrap", Kind: render.CI},
		{Name: "sweet_share", Kind: render.Float}, {Name: "misidentified", Kind: render.CI}, {Name: "pairs", Kind: render.Int},
		{Name: "acceptance", Kind: render.Float}, {Name: "look_back"}, {Name: "size", Kind: render.Int}, {Name: "description_length", Kind: render.Int},
		{Name: "variants", Kind: render.Int}, {Name: "orbit_size", Kind: render.Int},
	}}
	title := fmt.Sprintf("Designed rules and the bank's best on %d fresh hands each (objective: %s; 95%% intervals in brackets)", fin.Plan.Hands, obj)
	view := render.Table{Only: render.TextOnly, Title: title, Cols: []render.Column{
		{Name: "#", Kind: render.Int}, {Name: "rule", Whole: true}, {Name: "fresh hands", Kind: render.CI, Prec: precOf(obj)},
		{Name: "search", Kind: render.Float, Prec: precOf(obj)}, {Name: "− " + fin.Best, Kind: render.CI, Prec: precOf(obj)}, {Name: "p", Whole: true},
		{Name: "God score", Kind: render.CI, Prec: 1}, {Name: "misidentified", Kind: render.CI, Prec: 2}, {Name: "accept", Kind: render.Float, Prec: 2},
		{Name: "size", Kind: render.Int}, {Name: "variants", Kind: render.Int},
	}}
	if obj.Kind == GodScore {
		view.Cols[6].Wide = true // the objective column already shows it
	}
	if obj.Kind == Difficulty {
		view.Cols[4].Wide, view.Cols[5].Wide = true, true // no paired difference: not a mean of hands
	}
	rules := render.Table{Only: render.TextOnly, Title: "The rules", Cols: []render.Column{
		{Name: "rule", Whole: true}, {Name: "in words"}, {Name: "expression"}, {Name: "look-back", Whole: true, Wide: true}, {Name: "made as", Wide: true}}}
	byName := map[string]*Candidate{}
	for _, c := range res.Candidates {
		byName[c.Name] = c
	}
	for i, f := range finals {
		c, s := f.Candidate, f.Summary
		rank := render.Cell{}
		if i < len(fin.Finalists) {
			rank = render.IntCell(i + 1)
		}
		nan := math.NaN()
		vs, p, apart := render.CICell(stats.Interval{Est: nan, Lo: nan, Hi: nan}), render.Cell{}, render.Cell{} // a missing interval is three empty cells
		pt := ""
		if f.VsBest != nil {
			vs, p, apart, pt = render.CICell(f.VsBest.Diff), render.FloatCell(f.VsBest.P), render.BoolCell(f.VsBest.Apart), pText(f.VsBest.P)
		}
		data.Cells = append(data.Cells, []render.Cell{rank, render.Str(f.Name), render.BoolCell(c.Origin == FromBank), render.BoolCell(f.Name == fin.Best),
			render.Str(c.Name), render.Str(c.Origin), render.Str(c.Op), render.Str(strings.Join(c.Parents, " ")), render.Str(c.Expr), render.Str(inWords(c.Expr)), render.Str(c.Starter),
			render.IntCell(s.Hands), render.IntCell(s.Errors), render.CICell(f.Objective.Interval), render.CICell(f.Search.Interval),
			render.IntCell(f.Search.N), vs, p, apart, render.CICell(s.GodScore), render.CICell(s.GodScoreBoot),
			pairsShare(s.Sweet, s.Pairs), render.CICell(s.Misidentified), render.IntCell(s.Pairs),
			render.FloatCell(c.Acceptance), render.Str(c.LookBack), render.IntCell(c.Size), lengthCell(s.DescLength),
			render.IntCell(f.Variants), render.IntCell(c.Orbit.Size)})
		name := f.Name
		if f.Name == fin.Best {
			name += " *"
		}
		view.Cells = append(view.Cells, []render.Cell{rank, render.Str(name), render.CICell(f.Objective.Interval), render.FloatCell(f.Search.Est),
			vs, render.Str(pt), render.CICell(s.GodScore), render.CICell(s.Misidentified), render.FloatCell(c.Acceptance), render.IntCell(c.Size), render.IntCell(f.Variants)})
		made := "a rule of the bank"
		if c.Origin != FromBank {
			made = lineage(c, byName, 0)
		}
		rules.Cells = append(rules.Cells, []render.Cell{render.Str(f.Name), render.Str(inWords(c.Expr)), render.Str(c.Expr), render.Str(c.LookBack), render.Str(made)})
	}
	view.Title += "; * the bank's best on these hands; search: the objective in the search, biased upwards; " +
		"variants: the candidates of the rule's idea (the same rule with suits renamed, colours or parities swapped) it stands for"
	return append([]render.Table{data, view, rules}, res.searchTable(), res.poolTable(), res.roundsTable(), res.candidatesTable())
}

// inWords is a rule's expression in the scientists' words (rulewords.Say),
// empty where rulewords has no words for it.
func inWords(expr string) string {
	w, err := rulewords.Say(expr)
	if err != nil {
		return ""
	}
	return w
}

// precOf: decimals of an objective's figures in the terminal.
func precOf(o Objective) int {
	if o.Kind == GodScore && o.LengthPenalty == 0 {
		return 1
	}
	return 2
}

// pairsShare is a share that is missing when nothing was measured.
func pairsShare(x float64, pairs int) render.Cell {
	if pairs == 0 {
		return render.Cell{}
	}
	return render.FloatCell(x)
}

func lengthCell(n int) render.Cell {
	if n <= 0 {
		return render.Cell{}
	}
	return render.IntCell(n)
}

// searchTable: the best candidate after each round.
func (res *Result) searchTable() render.Table {
	t := render.Table{Name: "search", Title: "The search: the best candidate after each round (its objective over the hands of its race; biased upwards)",
		Cols: []render.Column{{Name: "generation", Head: "gen", Kind: render.Int}, {Name: "round", Kind: render.Int}, {Name: "candidates", Kind: render.Int},
			{Name: "hands_each", Head: "hands each", Kind: render.Int}, {Name: "hands_spent", Head: "hands spent", Kind: render.Int},
			{Name: "best", Whole: true}, {Name: "objective", Kind: render.CI, Prec: precOf(res.Config.Objective)}, {Name: "expr", Head: "expression"}}}
	expr := map[string]string{}
	for _, c := range res.Candidates {
		expr[c.Name] = c.Expr
	}
	for _, rr := range res.Races {
		for k, pt := range rr.Curve {
			r := rr.Rounds[k]
			t.Cells = append(t.Cells, []render.Cell{render.IntCell(pt.Generation), render.IntCell(pt.Round), render.IntCell(len(r.Candidates)), render.IntCell(r.Hands),
				render.IntCell(pt.Spent), render.Str(pt.Best), render.CICell(pt.Estimate.Interval), render.Str(expr[pt.Best])})
		}
	}
	return t
}

// poolTable: how each generation's pool was made (one row per outcome).
func (res *Result) poolTable() render.Table {
	t := render.Table{Name: "pools", Title: "Candidates: proposals checked and pooled, by generation",
		Cols: []render.Column{{Name: "generation", Head: "gen", Kind: render.Int}, {Name: "outcome", Whole: true}, {Name: "proposals", Kind: render.Int}}}
	for _, st := range res.Pools {
		add := func(what string, n int) {
			t.Cells = append(t.Cells, []render.Cell{render.IntCell(st.Generation), render.Str(what), render.IntCell(n)})
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
func (res *Result) roundsTable() render.Table {
	t := render.Table{Name: "rounds", Only: render.CSVOnly, Cols: []render.Column{{Name: "generation", Kind: render.Int}, {Name: "round", Kind: render.Int},
		{Name: "candidate"}, {Name: "hands", Kind: render.Int}, {Name: "objective", Kind: render.CI}, {Name: "kept", Kind: render.Bool}, {Name: "same_idea_as"}}}
	for _, rr := range res.Races {
		for _, r := range rr.Rounds {
			for _, x := range r.Results {
				t.Cells = append(t.Cells, []render.Cell{render.IntCell(r.Generation), render.IntCell(r.Index), render.Str(x.Name), render.IntCell(x.Estimate.N),
					render.CICell(x.Estimate.Interval), render.BoolCell(x.Kept), render.Str(x.SameIdea)})
			}
		}
	}
	return t
}

// candidatesTable: every candidate pooled, with how far it got.
func (res *Result) candidatesTable() render.Table {
	t := render.Table{Name: "candidates", Only: render.CSVOnly, Cols: []render.Column{{Name: "generation", Kind: render.Int}, {Name: "candidate"}, {Name: "origin"},
		{Name: "op"}, {Name: "parents"}, {Name: "expr"}, {Name: "words"}, {Name: "starter"}, {Name: "acceptance", Kind: render.Float}, {Name: "look_back"},
		{Name: "size", Kind: render.Int}, {Name: "texts", Kind: render.Int}, {Name: "orbit_size", Kind: render.Int}, {Name: "last_round", Kind: render.Int}, {Name: "objective", Kind: render.CI}}}
	for _, rr := range res.Races {
		for _, s := range rr.Standings {
			c := s.Candidate
			if c.Generation != rr.Generation && c.Origin != FromBank {
				continue // a survivor of an earlier generation: listed there
			}
			if c.Origin == FromBank && rr.Generation > 1 {
				continue
			}
			acc := render.FloatCell(c.Acceptance)
			if math.IsNaN(c.Acceptance) {
				acc = render.Cell{}
			}
			t.Cells = append(t.Cells, []render.Cell{render.IntCell(rr.Generation), render.Str(c.Name), render.Str(c.Origin), render.Str(c.Op), render.Str(strings.Join(c.Parents, " ")),
				render.Str(c.Expr), render.Str(inWords(c.Expr)), render.Str(c.Starter), acc, render.Str(c.LookBack), render.IntCell(c.Size), render.IntCell(c.Texts), render.IntCell(c.Orbit.Size), render.IntCell(s.Round), render.CICell(s.Estimate.Interval)})
		}
	}
	return t
}
