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
}

// guessAcc sums a strategy's statements, one measured seat per hand.
type guessAcc struct {
	hands, guessed int
	t              []float64
	ev             []bool
	wrong, scores  []float64
}

// add counts the measured seat's statements in a hand of turns moves
// (score: its seat's score, if known).
func (g *guessAcc) add(st sim.Statements, turns int, score *int) {
	g.hands++
	if st.RightAt > 0 {
		g.guessed++
		g.t, g.ev = append(g.t, float64(st.RightAt)), append(g.ev, true)
	} else {
		g.t, g.ev = append(g.t, float64(turns)), append(g.ev, false)
	}
	g.wrong = append(g.wrong, float64(st.Wrong))
	if score != nil {
		g.scores = append(g.scores, float64(*score))
	}
}

func (g *guessAcc) row() *GuessRow {
	if g.hands == 0 {
		return nil
	}
	return &GuessRow{Hands: g.hands, Guessed: stats.Wilson(g.guessed, g.hands),
		Turns: stats.KMMedianCI(stats.KaplanMeier(g.t, g.ev)), Wrong: stats.MeanT(g.wrong), Score: stats.MeanT(g.scores)}
}

// addGuesses counts the measured seat's statements of a hand whose options
// allow guessing, and its outcome on the deal for the pairs.
func (b *Bencher) addGuesses(r *lab.HandRecord, a *rowAcc, o *dealOutcome, seat int) {
	if seat >= len(r.Guesses) {
		return
	}
	var score *int
	if seat < len(r.Scores) {
		score = &r.Scores[seat]
	}
	st := r.Guesses[seat]
	a.guess.add(st, r.Turns, score)
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
		{Name: "wrong_per_hand", Kind: render.CI}, {Name: "score", Kind: render.CI}}}
	text := render.Table{Only: render.TextOnly, Title: "Stating the rule (" + guessingNote(lb.Plan) + "), the measured seat of each hand, best score first; " +
		"guessed: the share of hands in which it stated God's rule (a failed hand counts as not); right by: Kaplan–Meier median move of its right statement " +
		"(a hand without one censored at its end; — past the last hand); wrong: wrong or invalid statements per hand; 95% intervals",
		Cols: []render.Column{{Name: "design", Whole: true}, {Name: "strategy"}, {Name: "hands", Kind: render.Int}, {Name: "guessed", Kind: render.CI, Prec: 2},
			{Name: "right by (move)", Kind: render.CI, Prec: 0}, {Name: "wrong/hand", Kind: render.CI, Prec: 2}, {Name: "score", Kind: render.CI, Prec: 1}}}
	for _, r := range rows {
		g := r.Guessing
		csv.Cells = append(csv.Cells, []render.Cell{render.Str(string(r.Design)), render.Str(r.Strategy), render.Str(r.Spec), render.IntCell(g.Hands),
			render.CICell(g.Guessed), render.CICell(g.Turns), render.CICell(g.Wrong), render.CICell(g.Score)})
		text.Cells = append(text.Cells, []render.Cell{render.Str(string(r.Design)), render.Str(r.Strategy), render.IntCell(g.Hands),
			render.CICell(g.Guessed), render.CICell(g.Turns), render.CICell(g.Wrong), render.CICell(g.Score)})
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
