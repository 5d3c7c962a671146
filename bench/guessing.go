package bench

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/sim"
	"github.com/eleusis/eleusis/stats"
)

// GuessRow is what a strategy's measured seat stated in a discovery design
// whose options let players state the rule (the solo guessing protocol,
// Express): one seat per hand, as for discovery. A hand its seat failed
// counts as one without a right statement, censored at the failure.
type GuessRow struct {
	Hands int `json:"hands"`
	// Guessed: the share of hands in which it stated God's rule (Wilson).
	Guessed stats.Interval `json:"guessed"`
	// Turns: the Kaplan–Meier median of the move after which it stated
	// God's rule, censored at the hand's end (or failure) in hands without
	// a right statement, with the Brookmeyer–Crowley interval.
	Turns stats.Interval `json:"turns_to_right_guess"`
	// Wrong: its wrong statements per hand (mean, Student t).
	Wrong stats.Interval `json:"wrong_per_hand"`
	// Score: its seat's mean score per hand (Student t); under scoring
	// turns the turn score of sim.TurnScore.
	Score stats.Interval `json:"score"`
	// Rules as the unit (stats.ClusterMeanT, t over the rules' means): the
	// intervals of Guessed and Score for new rules drawn as the bank's
	// were, not only for these; the share's interval is cut to [0, 1].
	Rules        int            `json:"rules"`
	GuessedRules stats.Interval `json:"guessed_rules"`
	ScoreRules   stats.Interval `json:"score_rules"`
}

// guessAcc sums a strategy's statements, one measured seat per hand.
type guessAcc struct {
	hands, guessed int
	t              []float64
	ev             []bool
	wrong, scores  []float64
	// by rule: each hand's rule, and its outcome (1: God's rule stated)
	rules, scoreRules []string
	hit               []float64
}

// add counts the measured seat's statements in a hand of turns moves
// (score: its seat's score, if known).
func (g *guessAcc) add(rule string, st sim.Statements, turns int, score *float64) {
	g.hands++
	g.rules, g.hit = append(g.rules, rule), append(g.hit, b2f(st.RightAt > 0))
	if st.RightAt > 0 {
		g.guessed++
		g.t, g.ev = append(g.t, float64(st.RightAt)), append(g.ev, true)
	} else {
		g.t, g.ev = append(g.t, float64(turns)), append(g.ev, false)
	}
	g.wrong = append(g.wrong, float64(st.Wrong))
	if score != nil {
		g.scores, g.scoreRules = append(g.scores, *score), append(g.scoreRules, rule)
	}
}

func (g *guessAcc) row() *GuessRow {
	if g.hands == 0 {
		return nil
	}
	gr, sr := stats.ClusterMeanT(g.hit, g.rules, 0.95), stats.ClusterMeanT(g.scores, g.scoreRules, 0.95)
	return &GuessRow{Hands: g.hands, Guessed: stats.Wilson(g.guessed, g.hands),
		Turns: stats.KMMedianCI(stats.KaplanMeier(g.t, g.ev)), Wrong: stats.MeanT(g.wrong), Score: stats.MeanT(g.scores),
		Rules: gr.Clusters, GuessedRules: share(gr), ScoreRules: stats.Interval{Est: sr.Mean, Lo: sr.Lo, Hi: sr.Hi}}
}

// addGuesses counts the measured seat's statements of a hand whose options
// allow guessing, and its outcome on the deal for the pairs.
func (b *Bencher) addGuesses(r *lab.HandRecord, a *rowAcc, o *dealOutcome, seat int) {
	if seat >= len(r.Guesses) {
		return
	}
	var score *float64
	if x, ok := b.score(r, seat); ok {
		score = &x
	}
	st, turns := r.Guesses[seat], r.Turns
	if r.Failed(seat) { // not guessed, censored at the failure
		st.RightAt, turns = 0, r.FailedAt(seat)
	}
	a.guess.add(r.Rule, st, turns, score)
	o.stated, o.guessed = true, st.RightAt > 0
}

// guessTables: bench-guessing.csv and its text view, best turn score
// first; none when no design let its players state the rule.
func (lb *Leaderboard) guessTables() []render.Table {
	var rows []StrategyRow
	for _, r := range lb.Strategies {
		if r.Guessing != nil {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	sortRows(rows, func(r StrategyRow) (float64, float64, float64) {
		return r.Guessing.Score.Est, -r.Guessing.Guessed.Est, r.Guessing.Turns.Est
	})
	csv := render.Table{Name: "guessing", Only: render.CSVOnly, Cols: []render.Column{{Name: "design"}, {Name: "strategy"}, {Name: "spec"},
		{Name: "hands", Kind: render.Int}, {Name: "guessed", Kind: render.CI}, {Name: "turns_to_right_guess", Kind: render.CI},
		{Name: "wrong_per_hand", Kind: render.CI}, {Name: "score", Kind: render.CI},
		{Name: "rules", Kind: render.Int}, {Name: "guessed_rules", Kind: render.CI}, {Name: "score_rules", Kind: render.CI}}}
	text := render.Table{Only: render.TextOnly, Title: "Stating the rule (" + guessingNote(lb.Plan) + "), the measured seat of each hand, best score first; " +
		"guessed: the share of hands in which it stated God's rule (a failed hand counts as not); right by: Kaplan–Meier median move of its right statement " +
		"(a hand without one censored at its end; — past the last hand); wrong: wrong or invalid statements per hand; score by rule: the same mean " +
		"with rules as the unit (t over the rules' means: for new rules like the bank's); 95% intervals, each on its own",
		Cols: []render.Column{{Name: "design", Whole: true}, {Name: "strategy"}, {Name: "hands", Kind: render.Int}, {Name: "guessed", Kind: render.CI, Prec: 2},
			{Name: "right by (move)", Kind: render.CI, Prec: 0}, {Name: "wrong/hand", Kind: render.CI, Prec: 2}, {Name: "score", Kind: render.CI, Prec: 1},
			{Name: "score by rule", Kind: render.CI, Prec: 1}}}
	for _, r := range rows {
		g := r.Guessing
		csv.Cells = append(csv.Cells, []render.Cell{render.Str(string(r.Design)), render.Str(r.Strategy), render.Str(r.Spec), render.IntCell(g.Hands),
			render.CICell(g.Guessed), render.CICell(g.Turns), render.CICell(g.Wrong), render.CICell(g.Score),
			render.IntCell(g.Rules), render.CICell(g.GuessedRules), render.CICell(g.ScoreRules)})
		text.Cells = append(text.Cells, []render.Cell{render.Str(string(r.Design)), render.Str(r.Strategy), render.IntCell(g.Hands),
			render.CICell(g.Guessed), render.CICell(g.Turns), render.CICell(g.Wrong), render.CICell(g.Score), render.CICell(g.ScoreRules)})
	}
	return []render.Table{csv, text}
}

// guessingNote says how the plan's presets score statements of the rule.
func guessingNote(p *lab.Plan) string {
	var notes []string
	for _, name := range p.Presets {
		o, err := sim.PresetWith(name, p.Options)
		switch {
		case err != nil || !o.Guessing:
			continue
		case o.Scoring == sim.Turns:
			notes = append(notes, fmt.Sprintf("%s: score = %d + 1 − the move of the right statement, 0 without one, − %d per wrong statement", name, o.MaxTurns, o.GuessPenalty))
		default:
			notes = append(notes, fmt.Sprintf("%s: score by %s", name, o.Scoring))
		}
	}
	return strings.Join(notes, "; ")
}

// guessingPlot draws each strategy's mean score with its interval in the
// first design whose players stated rules (guessing.png); a run without
// one draws nothing.
func guessingPlot(dir string, lb *Leaderboard) error {
	var names []string
	var scores []stats.Interval
	var d lab.Design
	for _, r := range lb.Strategies {
		if r.Guessing == nil || d != "" && r.Design != d {
			continue
		}
		d = r.Design
		names, scores = append(names, r.Strategy), append(scores, r.Guessing.Score)
	}
	if len(names) == 0 {
		return nil
	}
	cap := fmt.Sprintf("Each row: a strategy's mean score per hand in which it could state the rule, %s; %s. %s.", designTitle(d, lb.Plan), planNote(lb.Plan), guessingNote(lb.Plan))
	return render.IntervalPlot(dir, "guessing", "Stating the rule: mean score per hand (95% t interval)", "score in a hand", names, scores, cap)
}

// share is a rule-level interval of a share, cut to [0, 1].
func share(c stats.ClusterT) stats.Interval {
	return stats.Interval{Est: c.Mean, Lo: max(0, c.Lo), Hi: min(1, c.Hi)}
}
