package lessons

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/sim"
)

// HandReport is a refereed hand as docs/files.md writes it: how it ended, God's
// and each player's score, and every move with God's verdict.
type HandReport struct {
	Rule     string           `json:"rule,omitempty"`
	Preset   string           `json:"preset,omitempty"`
	End      sim.EndReason    `json:"end"`
	God      NameScore        `json:"god"`
	Players  []PlayerOut      `json:"players"`
	Moves    []MoveOut        `json:"moves"`
	Opening  []sim.Card       `json:"opening"`
	MainLine []sim.Card       `json:"main_line"`
	Errors   []sim.ErrorGroup `json:"errors"`
	// Team: a cooperative hand's outcome.
	Team *sim.TeamOutcome `json:"team,omitempty"`
	// Error: the move at which a replayed transcript broke the rules.
	Error string `json:"error,omitempty"`
}

// NameScore is God's line.
type NameScore struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
}

// PlayerOut is a player's end of the hand.
type PlayerOut struct {
	Name       string            `json:"name"`
	Cards      int               `json:"cards"`
	Score      int               `json:"score"`
	WentOut    bool              `json:"went_out"`
	Eliminated bool              `json:"eliminated"`
	Prophet    sim.ProphetStatus `json:"prophet"`
	Guessed    bool              `json:"guessed,omitempty"`
}

// MoveOut is a move with its verdict and consequences.
type MoveOut struct {
	Player  string       `json:"player"`
	Kind    sim.MoveKind `json:"kind"`
	Cards   []sim.Card   `json:"cards"`
	Verdict sim.Verdict  `json:"verdict"`
	Penalty int          `json:"penalty"`
	Drawn   int          `json:"drawn"`
	// Accepted: cards that went onto the main line.
	Accepted    []sim.Card   `json:"accepted,omitempty"`
	Refund      int          `json:"refund,omitempty"`
	SuddenDeath bool         `json:"sudden_death,omitempty"`
	Eliminated  bool         `json:"eliminated,omitempty"`
	WentOut     bool         `json:"went_out,omitempty"`
	Prophet     string       `json:"prophet,omitempty"` // the judging Prophet
	ProphetSaid *sim.Verdict `json:"prophet_said,omitempty"`
	ProphetFell bool         `json:"prophet_fell,omitempty"`
	Spared      bool         `json:"spared,omitempty"`
	Declared    bool         `json:"declared_prophet,omitempty"`
	Guess       string       `json:"guess,omitempty"`
	GuessRight  bool         `json:"guess_right,omitempty"`
	GuessError  string       `json:"guess_error,omitempty"`
	// GuessInWords, GuessGodErred: as sim.MoveRecord's (God's answer as
	// a transcript gives it).
	GuessInWords  bool `json:"guess_in_words,omitempty"`
	GuessGodErred bool `json:"guess_god_erred,omitempty"`
	Reshuffled    bool `json:"reshuffled,omitempty"`
}

// NewHandReport names the seats and God in a hand's result.
func NewHandReport(rule, preset, god string, names []string, r *sim.Result) HandReport {
	h := HandReport{Rule: rule, Preset: preset, End: r.End, God: NameScore{god, r.GodScore},
		Opening: r.Opening, MainLine: r.MainLine, Errors: r.Errors, Moves: []MoveOut{}, Team: r.Team}
	for _, p := range r.Players {
		h.Players = append(h.Players, PlayerOut{Name: names[p.Seat], Cards: p.Cards, Score: p.Score,
			WentOut: p.WentOut, Eliminated: p.Eliminated, Prophet: p.Prophet, Guessed: p.Guessed})
	}
	for _, m := range r.History {
		mo := MoveOut{Player: names[m.Player], Kind: m.Kind, Cards: m.Cards, Verdict: m.Verdict,
			Penalty: m.Penalty, Drawn: m.Drawn, Accepted: m.Accepted, Refund: m.Refund,
			SuddenDeath: m.SuddenDeath, Eliminated: m.Eliminated, WentOut: m.WentOut,
			ProphetSaid: m.ProphetSaid, ProphetFell: m.ProphetFell, Spared: m.Spared,
			Declared: m.DeclaredProphet, Guess: m.Guess, GuessRight: m.GuessRight,
			GuessError: m.GuessError, GuessInWords: m.GuessInWords, GuessGodErred: m.GuessGodErred, Reshuffled: m.Reshuffled}
		if m.Prophet >= 0 {
			mo.Prophet = names[m.Prophet]
		}
		h.Moves = append(h.Moves, mo)
	}
	return h
}

// Tables lays the hand out: the moves, then the scores.
func (h HandReport) Tables() []render.Table {
	moves := render.Table{Title: fmt.Sprintf("Hand: %s, opening %s", h.Rule, sim.CardsString(h.Opening)),
		Cols: []render.Column{{Name: "move", Head: "#", Kind: render.Int}, {Name: "player", Whole: true}, {Name: "kind", Head: "move", Whole: true},
			{Name: "cards"}, {Name: "verdict", Whole: true}, {Name: "accepted", Head: "main line +"},
			{Name: "penalty", Kind: render.Int}, {Name: "drawn", Kind: render.Int, Wide: true}, {Name: "notes"}}}
	for i, m := range h.Moves {
		moves.Cells = append(moves.Cells, []render.Cell{render.IntCell(i + 1), render.Str(m.Player), render.Str(string(m.Kind)), render.Str(sim.CardsString(m.Cards)),
			render.Str(string(m.Verdict)), render.Str(sim.CardsString(m.Accepted)), render.IntCell(m.Penalty), render.IntCell(m.Drawn), render.Str(notes(m))})
	}
	title := fmt.Sprintf("End: %s", h.End)
	if tm := h.Team; tm != nil {
		if tm.Found {
			title += fmt.Sprintf(" — the team found the rule at move %d (%s stated)", tm.Turn, plural(tm.Guesses, "rule"))
		} else {
			title += fmt.Sprintf(" — the team did not find the rule (%s stated)", plural(tm.Guesses, "rule"))
		}
	}
	scores := render.Table{Name: "scores", Title: title, Cols: []render.Column{{Name: "player", Whole: true}, {Name: "cards", Kind: render.Int},
		{Name: "score", Kind: render.Int}, {Name: "notes"}}}
	for _, p := range h.Players {
		var n []string
		if p.WentOut {
			n = append(n, "went out")
		}
		if p.Eliminated {
			n = append(n, "eliminated")
		}
		if p.Prophet != sim.NotProphet {
			n = append(n, string(p.Prophet)+" Prophet")
		}
		if p.Guessed {
			n = append(n, "guessed the rule")
		}
		scores.Cells = append(scores.Cells, []render.Cell{render.Str(p.Name), render.IntCell(p.Cards), render.IntCell(p.Score), render.Str(strings.Join(n, ", "))})
	}
	god := h.God.Name
	if god == "" || god == "God" {
		god = "God"
	} else {
		god += " (God)"
	}
	scores.Cells = append(scores.Cells, []render.Cell{render.Str(god), {}, render.IntCell(h.God.Score), {}})
	return []render.Table{moves, scores}
}

func notes(m MoveOut) string {
	var n []string
	if m.ProphetSaid != nil {
		n = append(n, fmt.Sprintf("Prophet %s said %s", m.Prophet, *m.ProphetSaid))
	}
	if m.ProphetFell {
		n = append(n, "Prophet fell")
	}
	if m.Spared {
		n = append(n, "not punished")
	}
	if m.Refund > 0 {
		n = append(n, fmt.Sprintf("new hand of %d", m.Refund))
	}
	if m.SuddenDeath {
		n = append(n, "sudden death")
	}
	if m.Eliminated {
		n = append(n, "eliminated")
	}
	if m.WentOut {
		n = append(n, "went out")
	}
	if m.Declared {
		n = append(n, "declares Prophet")
	}
	if m.Reshuffled {
		n = append(n, "errors reshuffled into the deck")
	}
	if m.Guess != "" {
		switch {
		case m.GuessInWords:
			n = append(n, fmt.Sprintf("stated %q in words: God said %s", m.Guess, map[bool]string{true: "yes", false: "no"}[m.GuessRight]))
		case m.GuessGodErred:
			n = append(n, fmt.Sprintf("guessed %q: God said %s and erred", m.Guess, map[bool]string{true: "yes", false: "no"}[m.GuessRight]))
		case m.GuessError != "":
			n = append(n, fmt.Sprintf("invalid guess %q", m.Guess))
		case m.GuessRight:
			n = append(n, fmt.Sprintf("guessed %q: right", m.Guess))
		default:
			n = append(n, fmt.Sprintf("guessed %q: wrong", m.Guess))
		}
	}
	return strings.Join(n, "; ")
}
