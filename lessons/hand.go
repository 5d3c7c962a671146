package lessons

import (
	"encoding/json"
	"fmt"
	"slices"
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
	Moves    ReportMoves      `json:"moves"`
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

// ReportMoves are a hand's moves as a report writes them
// (docs/files.md, "The refereed hand"): each seat by its name, Names[seat].
type ReportMoves struct {
	Names []string
	Moves []sim.MoveRecord
}

// reportMoveForm is how a report writes a move: the mover and the judging
// Prophet by name; no move number, no card picked after a "no play", no
// fallen Prophet's penalty; the penalty and the cards drawn always, the
// fields after them only when set.
var reportMoveForm = sim.MustMoveForm("player! kind! cards! verdict! penalty! drawn! accepted refund sudden_death eliminated went_out " +
	"prophet prophet_said prophet_fell spared declared_prophet guess guess_right guess_error guess_in_words guess_god_erred reshuffled")

// MoveFields are the JSON names of a report's move, in order.
func MoveFields() []string { return reportMoveForm.Fields() }

// MarshalJSON writes the moves as a list, each in the report's form.
func (m ReportMoves) MarshalJSON() ([]byte, error) {
	f := reportMoveForm.SeatsNamed(m.Names)
	b := []byte{'['}
	for i := range m.Moves {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = f.Append(b, &m.Moves[i]); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads moves a report wrote: the players' names are those
// the moves give, in the order they come.
func (m *ReportMoves) UnmarshalJSON(data []byte) error {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return err
	}
	m.Names, m.Moves = nil, make([]sim.MoveRecord, 0, len(raws))
	for _, raw := range raws {
		var seats struct{ Player, Prophet string }
		if err := json.Unmarshal(raw, &seats); err != nil {
			return fmt.Errorf("move %d: %w", len(m.Moves)+1, err)
		}
		for _, n := range []string{seats.Player, seats.Prophet} {
			if n != "" && !slices.Contains(m.Names, n) {
				m.Names = append(m.Names, n)
			}
		}
		f := reportMoveForm.SeatsNamed(m.Names)
		r, err := f.Decode(raw)
		if err != nil {
			return fmt.Errorf("move %d: %w", len(m.Moves)+1, err)
		}
		m.Moves = append(m.Moves, r)
	}
	return nil
}

// NewHandReport names the seats and God in a hand's result.
func NewHandReport(rule, preset, god string, names []string, r *sim.Result) HandReport {
	h := HandReport{Rule: rule, Preset: preset, End: r.End, God: NameScore{god, r.GodScore},
		Opening: r.Opening, MainLine: r.MainLine, Errors: r.Errors, Moves: ReportMoves{names, r.History}, Team: r.Team}
	for _, p := range r.Players {
		h.Players = append(h.Players, PlayerOut{Name: names[p.Seat], Cards: p.Cards, Score: p.Score,
			WentOut: p.WentOut, Eliminated: p.Eliminated, Prophet: p.Prophet, Guessed: p.Guessed})
	}
	return h
}

// Tables lays the hand out: the moves, then the scores.
func (h HandReport) Tables() []render.Table {
	moves := render.Table{Title: fmt.Sprintf("Hand: %s, opening %s", h.Rule, sim.CardsString(h.Opening)),
		Cols: []render.Column{{Name: "move", Head: "#", Kind: render.Int}, {Name: "player", Whole: true}, {Name: "kind", Head: "move", Whole: true},
			{Name: "cards"}, {Name: "verdict", Whole: true}, {Name: "accepted", Head: "main line +"},
			{Name: "penalty", Kind: render.Int}, {Name: "drawn", Kind: render.Int, Wide: true}, {Name: "notes"}}}
	names := h.Moves.Names
	for i, m := range h.Moves.Moves {
		moves.Cells = append(moves.Cells, []render.Cell{render.IntCell(i + 1), render.Str(names[m.Player]), render.Str(string(m.Kind)), render.Str(sim.CardsString(m.Cards)),
			render.Str(string(m.Verdict)), render.Str(sim.CardsString(m.Accepted)), render.IntCell(m.Penalty), render.IntCell(m.Drawn), render.Str(notes(&m, names))})
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

func notes(m *sim.MoveRecord, names []string) string {
	var n []string
	if m.ProphetSaid != nil {
		prophet := ""
		if m.Prophet >= 0 {
			prophet = names[m.Prophet]
		}
		n = append(n, fmt.Sprintf("Prophet %s said %s", prophet, *m.ProphetSaid))
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
	if m.DeclaredProphet {
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
