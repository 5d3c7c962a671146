package rank

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/eleusis/eleusis/stats"
)

// SweetShare is the share of hands, with the rule identified by some
// scientists and not by others, from which a rule is marked in the sweet
// spot: that split is what gives God points (New Eleusis scores God by the
// gap between the best and the worst player).
const SweetShare = 0.2

// RuleSummary is one rule (under one preset) over the hands of a run.
//
// Its difficulty is measured per (hand, scientist) pair: at the end of the
// hand, is the scientist's best rule outside God's local class — the
// hypotheses that give God's verdict on every card in every state the hand
// could reach from its opening? That is what a hand can show of a rule: two
// rules no experiment of the hand can tell apart count as one.
type RuleSummary struct {
	Rule   string `json:"rule"`
	Preset string `json:"preset"`
	Hands  int    `json:"hands"`
	Errors int    `json:"errors"`
	// From the rule itself.
	Acceptance float64 `json:"acceptance"`
	LookBack   string  `json:"look_back"`
	// Expressible: some scientist of the line-up holds the rule in its
	// hypothesis space (its class over every reachable state is not
	// empty); ExpressibleSeats: the share of measured seats that do.
	Expressible      bool    `json:"expressible"`
	ExpressibleSeats float64 `json:"expressible_seats"`
	// DescLength: the shortest description in the largest space the
	// line-up uses, in bits (0 when not expressible there).
	DescLength int `json:"description_length"`
	// Difficulty is Misidentified's estimate: the ranking key, in [0, 1],
	// higher is harder.
	Difficulty stats.Num `json:"difficulty"`
	// Misidentified: the share of (hand, scientist) pairs whose best rule at
	// the end is not in God's local class, every seat weighted equally,
	// with a Wilson interval over Pairs pairs.
	Misidentified stats.Interval `json:"misidentified"`
	Pairs         int            `json:"pairs"`
	// Settle: moves until settled — the move from which a scientist's best
	// rule entered God's local class and stayed there — as a Kaplan–Meier
	// curve over the pairs (censored at the hand's end when it never
	// settled), and its median (the second key and tie-break).
	Settle       []stats.KMStep `json:"settle_curve"`
	SettleMedian stats.Num      `json:"settle_median"`
	// IdentifiedAll: the share of pairs whose best rule agrees with God on
	// every state reachable from any starter ("identified on all states",
	// a test no single hand can settle).
	IdentifiedAll stats.Interval `json:"identified_all_states"`
	// LocalExact: every hand's states were enumerated (look-back ≤ 2, no n
	// or line); otherwise the local classes come from sampled walks.
	LocalExact bool `json:"local_exact"`
	// Observer: the line-up's seats have no beliefs of their own; an ideal
	// observer's (the default space, ε = 0) was measured instead.
	Observer bool `json:"observer,omitempty"`
	// God's score: mean with t and bootstrap 95% intervals.
	GodScore     stats.Interval `json:"god_score"`
	GodScoreBoot stats.Interval `json:"god_score_bootstrap"`
	// ScoreSpread: the mean over hands of the standard deviation of the
	// players' scores.
	ScoreSpread  stats.Num `json:"score_spread"`
	Turns        stats.Num `json:"turns"`
	WentOut      float64   `json:"went_out"`
	AllOut       float64   `json:"all_eliminated"`
	ProphetStood float64   `json:"prophet_stood"`
	ProphetFell  float64   `json:"prophet_fell"`
	// Guessed: hands ended by a stated rule equivalent to God's (Express
	// guessing, or a cooperative team's rule), and the mean move at which.
	Guessed   stats.Interval `json:"guessed"`
	GuessedAt stats.Num      `json:"guessed_at"`
	// Sweet: the share of hands in which some measured scientists
	// identified the rule and others did not; SweetSpot: Sweet ≥ SweetShare.
	Sweet     float64 `json:"sweet_share"`
	SweetSpot bool    `json:"sweet_spot"`
	// Problem: why a static measure is missing (the rule failed while its
	// behaviour was being charted), or a sample of the hands' errors.
	Problem string `json:"problem,omitempty"`
	// Predictive10: the mean probability the scientists gave to God's
	// verdicts on the last 10 judged cards of a hand — how well they
	// predict once play has gone on, whether or not they can name the rule.
	Predictive10 stats.Num `json:"predictive_last10"`
	// Learning: the mean posterior on God's local class after each move,
	// over every measured (hand, seat) pair; a hand that has ended counts
	// with its last value.
	Learning []float64 `json:"learning_curve"`
	// GodScores: every hand's God score (for the distribution plot).
	GodScores []float64 `json:"-"`
}

// Correlation is a rank correlation between two per-rule measures.
type Correlation struct {
	X        string    `json:"measure"`
	Y        string    `json:"against"`
	N        int       `json:"rules"`
	Spearman stats.Num `json:"spearman"`
	Kendall  stats.Num `json:"kendall_tau_b"`
}

// Ranking is the output of `eleusis rank`.
type Ranking struct {
	Plan *lab.Plan `json:"plan"`
	// Rules: the rules some scientist of the line-up can express, hardest
	// first (by difficulty, then by median moves until settled).
	Rules []RuleSummary `json:"rules"`
	// Outside: the rules no scientist of the line-up can express, in the
	// same order: their difficulty says that, not how hard they are.
	Outside      []RuleSummary `json:"outside_space"`
	Correlations []Correlation `json:"correlations"`
}

// Ranker sums up a run's hands one at a time (so that a run of any size
// keeps only its per-rule sums in memory). Add every record, then Ranking.
type Ranker struct {
	plan   *lab.Plan
	bank   *rulebank.Bank
	kit    *agents.Kit
	groups map[rankKey]*ruleAcc
}

type rankKey struct{ rule, preset string }

// NewRanker starts a ranking of the plan's rules.
func NewRanker(p *lab.Plan, bank *rulebank.Bank, kit *agents.Kit) *Ranker {
	return &Ranker{plan: p, bank: bank, kit: kit, groups: map[rankKey]*ruleAcc{}}
}

// Rank sums up a run's hands per rule and preset (NewRanker and Add).
func Rank(p *lab.Plan, recs []lab.HandRecord, bank *rulebank.Bank, kit *agents.Kit) (*Ranking, error) {
	r := NewRanker(p, bank, kit)
	for i := range recs {
		r.Add(&recs[i])
	}
	return r.Ranking()
}

// Add counts one hand.
func (r *Ranker) Add(h *lab.HandRecord) {
	k := rankKey{h.Rule, h.Preset}
	a := r.groups[k]
	if a == nil {
		a = &ruleAcc{localExact: true}
		r.groups[k] = a
	}
	a.add(h)
}

// Ranking orders the rules and correlates the measures. Static measures
// come from the bank (acceptance, look-back) and from the spaces the
// line-ups use (expressibility, description length).
func (r *Ranker) Ranking() (*Ranking, error) {
	p := r.plan
	rk := &Ranking{Plan: p, Outside: []RuleSummary{}} // [] in JSON when every rule is ranked
	size, err := largestSpace(p)
	if err != nil {
		return nil, err
	}
	var all []RuleSummary
	outside := map[rankKey]bool{}
	for _, rule := range p.Rules {
		c, err := r.bank.Get(rule)
		if err != nil {
			return nil, err
		}
		rep := rulebank.Analyse(c, rulebank.DefaultAnalyse)
		tr, terr := r.kit.Truth(c, size)
		for _, preset := range p.Presets {
			a := r.groups[rankKey{rule, preset}]
			if a == nil {
				a = &ruleAcc{}
			}
			s := a.summary(p.Seed)
			s.Rule, s.Preset = rule, preset
			s.Acceptance, s.LookBack = rep.Acceptance, rep.LookBack
			if terr == nil {
				if tr.Expressible {
					s.DescLength = tr.Length
				}
				if a.measured == 0 {
					s.Expressible = tr.Expressible
				}
				outside[rankKey{rule, preset}] = !s.Expressible
			} else {
				// A rule that fails at run time is reported, not fatal: the
				// other rules' results stand.
				s.Problem = terr.Error()
			}
			all = append(all, s)
		}
	}
	// Hardest first; rules with nothing measured (every hand failed) last.
	order := func(a, b RuleSummary) int {
		return cmp.Or(cmp.Compare(min(b.Pairs, 1), min(a.Pairs, 1)), cmp.Compare(hardness(b.Difficulty), hardness(a.Difficulty)),
			cmp.Compare(hardness(b.SettleMedian), hardness(a.SettleMedian)), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Preset, b.Preset))
	}
	slices.SortStableFunc(all, order)
	for _, s := range all {
		if outside[rankKey{s.Rule, s.Preset}] {
			rk.Outside = append(rk.Outside, s)
		} else {
			rk.Rules = append(rk.Rules, s)
		}
	}
	rk.Correlations = correlate(rk.Rules)
	return rk, nil
}

// Summed is the ranking ready to print and to write into a run's folder
// (rank.txt, rank.json, …, and the plots of RankPlots).
func (r *Ranker) Summed() (*render.Summed, error) {
	rk, err := r.Ranking()
	if err != nil {
		return nil, err
	}
	return &render.Summed{Base: "rank", Data: rk, Tables: rk.Tables(), Plots: func(dir string) error { return RankPlots(dir, rk) }}, nil
}

// hardness orders a measure where higher is harder and a missing value
// (never settled, nothing measured) is hardest.
func hardness(x stats.Num) float64 {
	if math.IsNaN(float64(x)) {
		return math.Inf(1)
	}
	return float64(x)
}

// largestSpace is the size of the largest hypothesis space the plan's
// line-ups use (the default when none uses one: the ideal observer's).
func largestSpace(p *lab.Plan) (int, error) {
	size := 0
	for _, lu := range p.Lineups {
		for _, s := range lu {
			sp, err := agents.ParseSpec(s)
			if err != nil {
				return 0, err
			}
			size = max(size, agents.BeliefOf(sp).Size)
		}
	}
	if size == 0 {
		size = hypotheses.DefaultSize
	}
	return size, nil
}

// ruleAcc accumulates one rule's hands.
type ruleAcc struct {
	hands, errors                          int
	problem                                string
	god, spread, turns, guessedAt, pred10  []float64
	out, allOut, stood, fell, guessed      int
	sweet                                  int
	measured, misidentified, identifiedAll int
	expressible                            int
	localExact, observer                   bool
	settleT                                []float64
	settleEv                               []bool
	learn                                  stats.CurveMean
}

func (a *ruleAcc) add(h *lab.HandRecord) {
	if h.Error != "" {
		if a.errors == 0 && a.problem == "" {
			a.problem = h.Error
		}
		a.errors++
		return
	}
	a.hands++
	a.god = append(a.god, float64(h.GodScore))
	a.turns = append(a.turns, float64(h.Turns))
	if len(h.Scores) > 1 {
		xs := make([]float64, len(h.Scores))
		for i, x := range h.Scores {
			xs[i] = float64(x)
		}
		a.spread = append(a.spread, stat.StdDev(xs, nil))
	}
	switch h.End {
	case sim.WentOut:
		a.out++
	case sim.AllEliminated:
		a.allOut++
	case sim.Guessed:
		a.guessed++
		a.guessedAt = append(a.guessedAt, float64(h.Turns))
	}
	for _, ps := range h.Prophets {
		switch ps {
		case sim.StandingProphet:
			a.stood++
		case sim.FallenProphet:
			a.fell++
		}
	}
	ms := h.MeasuredSeats()
	if len(ms) > 0 && !ms[0].Own {
		a.observer = true
	}
	hit, miss := 0, 0
	for _, m := range ms {
		a.measured++
		if m.Expressible {
			a.expressible++
		}
		if m.IdentifiedAll {
			a.identifiedAll++
		}
		a.localExact = a.localExact && m.LocalExact
		if m.Identified {
			hit++
			a.settleT, a.settleEv = append(a.settleT, float64(m.Settled)), append(a.settleEv, true)
		} else {
			miss++
			a.misidentified++
			a.settleT, a.settleEv = append(a.settleT, float64(h.Turns)), append(a.settleEv, false)
		}
		if m.Stated == "" || strings.Contains(m.Stated, "accept") {
			a.pred10 = append(a.pred10, m.Predictive10)
		}
		if m.Stated == "" { // a stated belief has no posterior to follow
			a.learn.Add(m.Posterior)
		}
	}
	if hit > 0 && miss > 0 {
		a.sweet++
	}
}

func (a *ruleAcc) summary(seed uint64) RuleSummary {
	s := RuleSummary{Hands: a.hands, Errors: a.errors, Problem: a.problem, Pairs: a.measured,
		LocalExact: a.localExact && a.measured > 0, Observer: a.observer}
	n := float64(max(1, a.hands))
	s.GodScore = stats.MeanT(a.god)
	s.GodScoreBoot = stats.BootstrapMean(a.god, 1000, rand.New(rand.NewPCG(seed, 0xb007)))
	s.GodScores = a.god
	s.ScoreSpread = stats.Num(meanOr(a.spread))
	s.Turns = stats.Num(meanOr(a.turns))
	s.WentOut, s.AllOut = float64(a.out)/n, float64(a.allOut)/n
	s.ProphetStood, s.ProphetFell = float64(a.stood)/n, float64(a.fell)/n
	s.Guessed, s.GuessedAt = stats.Wilson(a.guessed, a.hands), stats.Num(meanOr(a.guessedAt))
	s.Misidentified = stats.Wilson(a.misidentified, a.measured)
	s.Difficulty = stats.Num(s.Misidentified.Est) // NaN when nothing was measured: ranked hardest, flagged by Pairs = 0
	s.IdentifiedAll = stats.Wilson(a.identifiedAll, a.measured)
	s.Settle = stats.KaplanMeier(a.settleT, a.settleEv)
	s.SettleMedian = stats.Num(stats.KMMedian(s.Settle))
	s.Predictive10 = stats.Num(meanOr(a.pred10))
	s.Sweet = float64(a.sweet) / n
	s.SweetSpot = s.Sweet >= SweetShare
	if a.measured > 0 {
		s.ExpressibleSeats = float64(a.expressible) / float64(a.measured)
		s.Expressible = a.expressible > 0
	}
	s.Learning = a.learn.Curve()
	return s
}

func meanOr(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	return stat.Mean(x, nil)
}

// correlate: Spearman and Kendall τ-b between the difficulty measures and
// the rules' acceptance rate and description length.
func correlate(rs []RuleSummary) []Correlation {
	measures := []struct {
		name string
		get  func(r *RuleSummary) float64
	}{
		{"difficulty (misidentified)", func(r *RuleSummary) float64 { return float64(r.Difficulty) }},
		{"median moves until settled", func(r *RuleSummary) float64 { return float64(r.SettleMedian) }},
		{"God's mean score", func(r *RuleSummary) float64 { return r.GodScore.Est }},
		{"predictive (last 10)", func(r *RuleSummary) float64 { return float64(r.Predictive10) }},
	}
	against := []struct {
		name string
		get  func(r *RuleSummary) (float64, bool)
	}{
		{"acceptance rate", func(r *RuleSummary) (float64, bool) { return r.Acceptance, true }},
		{"description length", func(r *RuleSummary) (float64, bool) { return float64(r.DescLength), r.DescLength > 0 }},
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
			c := Correlation{X: m.name, Y: a.name, N: len(x), Spearman: stats.Num(math.NaN()), Kendall: stats.Num(math.NaN())}
			if len(x) >= 3 {
				c.Spearman, c.Kendall = stats.Num(stats.Spearman(x, y)), stats.Num(stats.Kendall(x, y))
			}
			out = append(out, c)
		}
	}
	return out
}
