package reports

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// SweetShare is the share of hands, found by some scientists and not by
// others, from which a rule is marked in the sweet spot: that split is
// what gives God points (New Eleusis scores God by the gap between the best
// and the worst player).
const SweetShare = 0.2

// RuleSummary is one rule (under one preset) over the hands of a run.
type RuleSummary struct {
	Rule   string `json:"rule"`
	Preset string `json:"preset"`
	Hands  int    `json:"hands"`
	Errors int    `json:"errors"`
	// From the rule itself.
	Acceptance  float64 `json:"acceptance"`
	LookBack    string  `json:"look_back"`
	Expressible bool    `json:"expressible"`
	// DescLength: the shortest description in the scientists' space, in
	// bits (0 when not expressible).
	DescLength int `json:"description_length"`
	// God's score: mean with t and bootstrap 95% intervals.
	GodScore     Interval `json:"god_score"`
	GodScoreBoot Interval `json:"god_score_bootstrap"`
	// ScoreSpread: the mean over hands of the standard deviation of the
	// players' scores.
	ScoreSpread  Num     `json:"score_spread"`
	Turns        Num     `json:"turns"`
	WentOut      float64 `json:"went_out"`
	AllOut       float64 `json:"all_eliminated"`
	ProphetStood float64 `json:"prophet_stood"`
	ProphetFell  float64 `json:"prophet_fell"`
	// Found: hands in which some scientist's posterior on the rule reached
	// 0.9 (Wilson interval); Discovery: plays until the first one did, as
	// a Kaplan–Meier curve censored at the hand's end, and its median.
	Found     Interval `json:"found"`
	Discovery []KMStep `json:"discovery_curve"`
	Median    Num      `json:"discovery_median"`
	// MeanPlays: the restricted mean of plays to discovery (a hand where
	// nobody found the rule counts its length + 1).
	MeanPlays Num `json:"mean_plays_to_discovery"`
	// Guessed: hands ended by a stated rule equivalent to God's (Express
	// guessing, or a cooperative team's rule), and the mean move at which.
	Guessed   Interval `json:"guessed"`
	GuessedAt Num      `json:"guessed_at"`
	Sweet     float64  `json:"sweet_share"`
	SweetSpot bool     `json:"sweet_spot"`
	// Difficulty = 1 − Found: the share of hands in which no scientist
	// identified the rule.
	Difficulty Num `json:"difficulty"`
	// Problem: why a static measure is missing (the rule failed while its
	// behaviour was being charted), or a sample of the hands' errors.
	Problem string `json:"problem,omitempty"`
	// Predictive10: the mean probability the scientists gave to God's
	// verdicts on the last 10 judged cards of a hand — how well they
	// predict once play has gone on, whether or not they can name the rule.
	Predictive10 Num `json:"predictive_last10"`
	// Learning: the mean posterior on the rule after each move, over hands
	// and seats.
	Learning []float64 `json:"learning_curve"`
	// GodScores: every hand's God score (for the distribution plot).
	GodScores []float64 `json:"-"`
}

// Correlation is a rank correlation between two per-rule measures.
type Correlation struct {
	X        string `json:"measure"`
	Y        string `json:"against"`
	N        int    `json:"rules"`
	Spearman Num    `json:"spearman"`
	Kendall  Num    `json:"kendall_tau_a"`
}

// Ranking is the output of `eleusis rank`.
type Ranking struct {
	Plan         *Plan         `json:"plan"`
	Rules        []RuleSummary `json:"rules"`
	Correlations []Correlation `json:"correlations"`
}

// Rank sums up a run's hands per rule and preset, orders the rules by
// difficulty (then by mean plays to discovery), and correlates the
// measures. Static measures come from the bank (acceptance, look-back) and
// the default space (expressibility, description length).
func Rank(p *Plan, recs []HandRecord, bank *rulebank.Bank, kit *agents.Kit) (*Ranking, error) {
	type key struct{ rule, preset string }
	groups := map[key][]*HandRecord{}
	for i := range recs {
		r := &recs[i]
		groups[key{r.Rule, r.Preset}] = append(groups[key{r.Rule, r.Preset}], r)
	}
	rk := &Ranking{Plan: p}
	analyse := rulebank.DefaultAnalyse
	for _, rule := range p.Rules {
		c, err := bank.Get(rule)
		if err != nil {
			return nil, err
		}
		rep := rulebank.Analyse(c, analyse)
		tr, terr := kit.Truth(c, hypotheses.DefaultSize)
		for _, preset := range p.Presets {
			s := summarise(groups[key{rule, preset}], p.Seed)
			s.Rule, s.Preset = rule, preset
			s.Acceptance, s.LookBack = rep.Acceptance, rep.LookBack
			if terr == nil {
				s.Expressible, s.DescLength = tr.Expressible, tr.Length
			} else {
				// A rule that fails at run time is reported, not fatal: the
				// other rules' results stand.
				s.Problem = terr.Error()
			}
			rk.Rules = append(rk.Rules, s)
		}
	}
	slices.SortStableFunc(rk.Rules, func(a, b RuleSummary) int {
		return cmp.Or(cmp.Compare(float64(b.Difficulty), float64(a.Difficulty)), cmp.Compare(float64(b.MeanPlays), float64(a.MeanPlays)), cmp.Compare(a.Rule, b.Rule))
	})
	rk.Correlations = correlate(rk.Rules)
	return rk, nil
}

func summarise(hs []*HandRecord, seed uint64) RuleSummary {
	s := RuleSummary{}
	var god, spread, turns, times []float64
	var events []bool
	var found, sweet, out, allOut, stood, fell, guessed int
	var guessedAt []float64
	var curve, pred10 []float64
	var curveN []int
	for _, h := range hs {
		if h.Error != "" {
			if s.Errors == 0 && s.Problem == "" {
				s.Problem = h.Error
			}
			s.Errors++
			continue
		}
		s.Hands++
		god = append(god, float64(h.GodScore))
		turns = append(turns, float64(h.Turns))
		if len(h.Scores) > 1 {
			xs := make([]float64, len(h.Scores))
			for i, x := range h.Scores {
				xs[i] = float64(x)
			}
			spread = append(spread, stat.StdDev(xs, nil))
		}
		switch h.End {
		case sim.WentOut:
			out++
		case sim.AllEliminated:
			allOut++
		case sim.Guessed:
			guessed++
			guessedAt = append(guessedAt, float64(h.Turns))
		}
		for _, ps := range h.Prophets {
			switch ps {
			case sim.StandingProphet:
				stood++
			case sim.FallenProphet:
				fell++
			}
		}
		first, k := math.Inf(1), 0
		for _, m := range h.Discovery {
			if m == nil {
				continue
			}
			if m.Turn90 >= 0 {
				k++
				first = min(first, float64(m.Turn90))
			}
			pred10 = append(pred10, m.Predictive10)
			for t, p := range m.Posterior {
				if t >= len(curve) {
					curve = append(curve, 0)
					curveN = append(curveN, 0)
				}
				curve[t] += p
				curveN[t]++
			}
		}
		if k > 0 {
			found++
			times, events = append(times, first), append(events, true)
		} else {
			times, events = append(times, float64(h.Turns+1)), append(events, false)
		}
		if k > 0 && k < len(h.Discovery) {
			sweet++
		}
	}
	n := float64(max(1, s.Hands))
	s.GodScore = MeanT(god)
	s.GodScoreBoot = BootstrapMean(god, 1000, rand.New(rand.NewPCG(seed, 0xb007)))
	s.GodScores = god
	s.ScoreSpread = Num(meanOr(spread))
	s.Turns = Num(meanOr(turns))
	s.WentOut, s.AllOut = float64(out)/n, float64(allOut)/n
	s.ProphetStood, s.ProphetFell = float64(stood)/n, float64(fell)/n
	s.Found = Wilson(found, s.Hands)
	s.Guessed, s.GuessedAt = Wilson(guessed, s.Hands), Num(meanOr(guessedAt))
	s.Discovery = KaplanMeier(times, events)
	s.Median = Num(KMMedian(s.Discovery))
	s.MeanPlays = Num(meanOr(times))
	s.Predictive10 = Num(meanOr(pred10))
	s.Sweet = float64(sweet) / n
	s.SweetSpot = s.Sweet >= SweetShare
	s.Difficulty = Num(1 - float64(found)/n)
	if s.Hands == 0 {
		s.Difficulty = Num(math.NaN()) // nothing was played: unknown, ranked last
	}
	for t := range curve {
		curve[t] = math.Round(curve[t]/float64(curveN[t])*1000) / 1000
	}
	s.Learning = curve
	return s
}

func meanOr(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	return stat.Mean(x, nil)
}

// correlate: Spearman and Kendall between the difficulty measures and the
// rules' acceptance rate and description length (expressible rules only).
func correlate(rs []RuleSummary) []Correlation {
	measures := []struct {
		name string
		get  func(r *RuleSummary) float64
	}{
		{"difficulty", func(r *RuleSummary) float64 { return float64(r.Difficulty) }},
		{"mean plays to discovery", func(r *RuleSummary) float64 { return float64(r.MeanPlays) }},
		{"God's mean score", func(r *RuleSummary) float64 { return r.GodScore.Est }},
		{"predictive (last 10)", func(r *RuleSummary) float64 { return float64(r.Predictive10) }},
	}
	against := []struct {
		name string
		get  func(r *RuleSummary) (float64, bool)
	}{
		{"acceptance rate", func(r *RuleSummary) (float64, bool) { return r.Acceptance, true }},
		{"description length", func(r *RuleSummary) (float64, bool) { return float64(r.DescLength), r.Expressible }},
	}
	var out []Correlation
	for _, m := range measures {
		for _, a := range against {
			var x, y []float64
			for i := range rs {
				r := &rs[i]
				v, ok := a.get(r)
				if ok && r.Hands > 0 && !math.IsNaN(m.get(r)) {
					x, y = append(x, m.get(r)), append(y, v)
				}
			}
			c := Correlation{X: m.name, Y: a.name, N: len(x), Spearman: Num(math.NaN()), Kendall: Num(math.NaN())}
			if len(x) >= 3 {
				c.Spearman, c.Kendall = Num(Spearman(x, y)), Num(Kendall(x, y))
			}
			out = append(out, c)
		}
	}
	return out
}

// Tables renders the ranking.
func (rk *Ranking) Tables() []Table {
	t := Table{Title: "Rules by difficulty (share of hands no scientist identified the rule; posterior ≥ 0.9)",
		Headers: []string{"#", "rule", "preset", "hands", "difficulty", "found (95% CI)", "median plays", "predicts (last 10)", "God score (95% CI)", "accept", "look-back", "DL bits", "sweet spot"}}
	for i, r := range rk.Rules {
		dl := "—"
		if r.Expressible {
			dl = fmt.Sprint(r.DescLength)
		}
		sw := ""
		if r.SweetSpot {
			sw = fmt.Sprintf("yes (%.0f%%)", 100*r.Sweet)
		}
		hands := fmt.Sprint(r.Hands)
		if r.Errors > 0 {
			hands += fmt.Sprintf(" (+%d failed)", r.Errors)
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(i + 1), r.Rule, r.Preset, hands, f2(float64(r.Difficulty)),
			fmt.Sprintf("%s [%s, %s]", f2(r.Found.Est), f2(r.Found.Lo), f2(r.Found.Hi)), f1(float64(r.Median)), f2(float64(r.Predictive10)),
			fmt.Sprintf("%s [%s, %s]", f1(r.GodScore.Est), f1(r.GodScore.Lo), f1(r.GodScore.Hi)),
			f2(r.Acceptance), r.LookBack, dl, sw})
	}
	byGod := slices.Clone(rk.Rules)
	slices.SortStableFunc(byGod, func(a, b RuleSummary) int { return cmp.Compare(b.GodScore.Est, a.GodScore.Est) })
	g := Table{Title: "Rules by God's expected score", Headers: []string{"#", "rule", "preset", "God score", "t 95% CI", "bootstrap 95% CI", "score spread", "turns", "went out", "all eliminated", "Prophet stood", "Prophet fell", "rule stated", "at move"}}
	for i, r := range byGod {
		g.Rows = append(g.Rows, []string{fmt.Sprint(i + 1), r.Rule, r.Preset, f1(r.GodScore.Est),
			fmt.Sprintf("[%s, %s]", f1(r.GodScore.Lo), f1(r.GodScore.Hi)), fmt.Sprintf("[%s, %s]", f1(r.GodScoreBoot.Lo), f1(r.GodScoreBoot.Hi)),
			f1(float64(r.ScoreSpread)), f1(float64(r.Turns)), f2(r.WentOut), f2(r.AllOut), f2(r.ProphetStood), f2(r.ProphetFell),
			f2(r.Guessed.Est), f1(float64(r.GuessedAt))})
	}
	c := Table{Title: "Rank correlations between difficulty measures and the rules' properties", Headers: []string{"measure", "against", "rules", "Spearman ρ", "Kendall τ-a"}}
	for _, x := range rk.Correlations {
		c.Rows = append(c.Rows, []string{x.X, x.Y, fmt.Sprint(x.N), f2(float64(x.Spearman)), f2(float64(x.Kendall))})
	}
	tables := []Table{t, g, c}
	pr := Table{Title: "Problems (the other results stand)", Headers: []string{"rule", "preset", "failed hands", "problem"}}
	for _, r := range rk.Rules {
		if r.Problem != "" {
			first, _, _ := strings.Cut(r.Problem, "\n") // the JSON has the whole text
			pr.Rows = append(pr.Rows, []string{r.Rule, r.Preset, fmt.Sprint(r.Errors), first})
		}
	}
	if len(pr.Rows) > 0 {
		tables = append(tables, pr)
	}
	return tables
}

func f1(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.1f", x)
}

func f2(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.2f", x)
}
