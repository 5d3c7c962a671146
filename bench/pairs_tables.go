package bench

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/stats"
)

// pairTables: bench-pairs.csv (every pair of every design, every test) and
// its text view.
func (lb *Leaderboard) pairTables() (csv, text render.Table) {
	csv = render.Table{Name: "pairs", Only: render.CSVOnly, Cols: []render.Column{{Name: "design"}, {Name: "a"}, {Name: "b"}, {Name: "deals", Kind: render.Int},
		{Name: "identified_deals", Kind: render.Int}, {Name: "identified_a_only", Kind: render.Int}, {Name: "identified_b_only", Kind: render.Int},
		{Name: "identified_p", Kind: render.Float}, {Name: "identified_p_holm", Kind: render.Float},
		{Name: "settled_a_first", Kind: render.Int}, {Name: "settled_b_first", Kind: render.Int}, {Name: "settle_p", Kind: render.Float}, {Name: "settle_p_holm", Kind: render.Float},
		{Name: "scored_deals", Kind: render.Int}, {Name: "score_a_minus_b", Kind: render.CI}, {Name: "score_t_p", Kind: render.Float}, {Name: "score_t_p_holm", Kind: render.Float},
		{Name: "score_wilcoxon_p", Kind: render.Float}, {Name: "score_wilcoxon_p_holm", Kind: render.Float}, {Name: "score_wilcoxon_exact"},
		{Name: "guessed_deals", Kind: render.Int}, {Name: "guessed_a_only", Kind: render.Int}, {Name: "guessed_b_only", Kind: render.Int},
		{Name: "guessed_p", Kind: render.Float}, {Name: "guessed_p_holm", Kind: render.Float},
		{Name: "score_a_minus_b_simultaneous", Kind: render.CI},
		{Name: "rules", Kind: render.Int}, {Name: "score_rules", Kind: render.CI}, {Name: "score_rules_p", Kind: render.Float}, {Name: "score_rules_p_holm", Kind: render.Float},
		{Name: "score_rules_simultaneous", Kind: render.CI},
		{Name: "identified_rules", Kind: render.CI}, {Name: "identified_rules_p", Kind: render.Float}, {Name: "identified_rules_p_holm", Kind: render.Float},
		{Name: "guessed_rules", Kind: render.CI}, {Name: "guessed_rules_p", Kind: render.Float}, {Name: "guessed_rules_p_holm", Kind: render.Float}}}
	text = render.Table{Only: render.TextOnly, Title: "Pairs, deal by deal (the same rule, preset and repetition): identified, exact McNemar on the deals one " +
		"found the rule and the other did not; settled first, a log-rank test stratified by deal (a hand ended or failed unsettled is censored); score " +
		"A − B, paired t and Wilcoxon signed-rank; by rule: the score difference with rules as the unit (each rule's mean difference, t over the rules: " +
		"whether it holds for new rules); p-values two-sided, Holm-adjusted over the design's pairs (p raw in bench-pairs.csv); each interval 95% on its own " +
		"(simultaneous ones, Bonferroni over the pairs, in bench-pairs.csv)",
		Cols: []render.Column{{Name: "design", Whole: true}, {Name: "A"}, {Name: "B"}, {Name: "deals", Kind: render.Int}, {Name: "identified A:B", Whole: true},
			{Name: "p", Whole: true}, {Name: "settled first A:B", Whole: true}, {Name: "p ", Whole: true}, {Name: "score A − B", Kind: render.CI, Prec: 1},
			{Name: "t p", Whole: true}, {Name: "Wilcoxon p", Whole: true}, {Name: "by rule", Kind: render.CI, Prec: 1}, {Name: "rules p", Whole: true}}}
	guessed := slices.ContainsFunc(lb.Pairs, func(x PairRow) bool { return x.Guessed > 0 })
	if guessed {
		text.Title += "; guessed: exact McNemar on the deals one stated God's rule and the other did not"
		text.Cols = append(text.Cols, render.Column{Name: "guessed A:B", Whole: true}, render.Column{Name: "p  ", Whole: true})
	}
	short := pairKeys(lb.Pairs)
	if len(short) > 0 {
		var legend []string
		for _, name := range pairNames(lb.Pairs) {
			legend = append(legend, short[name]+" = "+name)
		}
		text.Title += ". Strategies: " + strings.Join(legend, "; ")
	}
	shown := func(name string) string { return cmp.Or(short[name], name) }
	for _, x := range lb.Pairs {
		csv.Cells = append(csv.Cells, []render.Cell{render.Str(string(x.Design)), render.Str(x.A), render.Str(x.B), render.IntCell(x.Deals),
			render.IntCell(x.Identified), render.IntCell(x.AOnly), render.IntCell(x.BOnly), numCell(x.IdentifiedP), numCell(x.IdentifiedHolm),
			render.IntCell(x.AFirst), render.IntCell(x.BFirst), numCell(x.SettleP), numCell(x.SettleHolm),
			render.IntCell(x.Scored), render.CICell(x.ScoreDiff), numCell(x.ScoreTP), numCell(x.ScoreTHolm),
			numCell(x.WilcoxonP), numCell(x.WilcoxonHolm), render.BoolCell(x.WilcoxonExact),
			render.IntCell(x.Guessed), render.IntCell(x.GuessedAOnly), render.IntCell(x.GuessedBOnly), numCell(x.GuessedP), numCell(x.GuessedHolm),
			render.CICell(x.ScoreSimultaneous), render.IntCell(x.Rules), render.CICell(x.ScoreRules), numCell(x.ScoreRulesP), numCell(x.ScoreRulesHolm),
			render.CICell(x.ScoreRulesSimultaneous), render.CICell(x.IdentifiedRules), numCell(x.IdentifiedRulesP), numCell(x.IdentifiedRulesHolm),
			render.CICell(x.GuessedRules), numCell(x.GuessedRulesP), numCell(x.GuessedRulesHolm)})
		ident, settle := render.Cell{}, render.Cell{}
		if x.Identified > 0 {
			ident = render.Str(fmt.Sprintf("%d:%d", x.AOnly, x.BOnly))
			settle = render.Str(fmt.Sprintf("%d:%d", x.AFirst, x.BFirst))
		}
		row := []render.Cell{render.Str(string(x.Design)), render.Str(shown(x.A)), render.Str(shown(x.B)), render.IntCell(x.Deals),
			ident, pCell(x.IdentifiedHolm), settle, pCell(x.SettleHolm), render.CICell(x.ScoreDiff), pCell(x.ScoreTHolm), pCell(x.WilcoxonHolm),
			render.CICell(x.ScoreRules), pCell(x.ScoreRulesHolm)}
		if guessed {
			g := render.Cell{}
			if x.Guessed > 0 {
				g = render.Str(fmt.Sprintf("%d:%d", x.GuessedAOnly, x.GuessedBOnly))
			}
			row = append(row, g, pCell(x.GuessedHolm))
		}
		text.Cells = append(text.Cells, row)
	}
	return csv, text
}

// pairNameWidth is the longest strategy name the pairs' text view shows
// as it is: two of them and nine figures fill 120 columns, and names cut
// short ("bayes-eig(s…") would all look alike.
const pairNameWidth = 14

// pairNames lists the pairs' strategies in the order they first appear.
func pairNames(pairs []PairRow) []string {
	var names []string
	for _, x := range pairs {
		for _, n := range []string{x.A, x.B} {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// pairKeys gives every strategy of the pairs a short key (S1, S2, … in
// order of appearance) when some name is longer than pairNameWidth; none
// otherwise.
func pairKeys(pairs []PairRow) map[string]string {
	names := pairNames(pairs)
	if !slices.ContainsFunc(names, func(n string) bool { return utf8.RuneCountInString(n) > pairNameWidth }) {
		return nil
	}
	keys := map[string]string{}
	for i, n := range names {
		keys[n] = fmt.Sprintf("S%d", i+1)
	}
	return keys
}

// pCell writes a p-value to two significant digits (1e-26 stays readable).
func pCell(p stats.Num) render.Cell {
	x := float64(p)
	switch {
	case math.IsNaN(x):
		return render.Cell{}
	case x < 1e-300: // below what a float64 holds (a normal approximation's tail)
		return render.Str("<1e-300")
	case x < 1e-4:
		return render.Str(fmt.Sprintf("%.0e", x))
	}
	return render.Str(fmt.Sprintf("%.2g", x))
}

// usageView: what outside agents' answers said of themselves, for the
// strategies whose seats sent a meta.
func (lb *Leaderboard) usageView() render.Table {
	t := render.Table{Only: render.TextOnly, Title: "Outside agents' own reports (each answer's meta): fallbacks are answers not the agent's own " +
		"(a random card after its model failed or answered nonsense); tokens and cost per hand and seat, latency per answer",
		Cols: []render.Column{{Name: "strategy"}, {Name: "design", Whole: true}, {Name: "answers", Kind: render.Int}, {Name: "fallbacks", Kind: render.CI, Prec: 2},
			{Name: "prompt tok", Kind: render.Float, Prec: 0}, {Name: "completion tok", Kind: render.Float, Prec: 0}, {Name: "reasoning tok", Kind: render.Float, Prec: 0},
			{Name: "US$/hand", Kind: render.Float, Prec: 4}, {Name: "s/answer", Kind: render.Float, Prec: 2}}}
	for _, r := range lb.Strategies {
		u := r.Usage
		if u.Seats == 0 {
			continue
		}
		t.Cells = append(t.Cells, []render.Cell{render.Str(r.Strategy), render.Str(string(r.Design)), render.IntCell(u.Answers), render.CICell(u.FallbackShare),
			numCell(u.PromptTokens), numCell(u.CompletionTokens), numCell(u.ReasoningTokens), numCell(u.CostUSD), numCell(u.LatencyS)})
	}
	return t
}
