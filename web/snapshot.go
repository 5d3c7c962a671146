package web

import (
	"cmp"
	"slices"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// A snapshot is the table after a change, built by the table's goroutine
// and read by every request until the next change. Its parts are what each
// role may see: Public for everyone at the table (the board, the log, the
// notebook when on, the reveal once made); each seat's own hand and choices
// for that seat's page only; the rule, the questions and the seat links for
// the teacher only. Pages are rendered from the part for their role, so
// what a page shows is what its role may see by construction.
type snapshot struct {
	public  Public
	seats   []SeatState
	teacher TeacherState
}

// Public is what everyone at the table sees.
type Public struct {
	Version       int
	Code          string
	Preset        string
	Options       sim.Options
	Seats         []SeatView
	Started       bool
	Columns       []Column
	Current       int
	Turn          int
	DeckSize      int
	SuddenDeath   bool
	Prophet       int
	Ended         bool
	EndWords      string
	Revealed      bool
	Status        string
	StatusMsg     i18n.Msg  `json:"-"` // Status in the reader's language
	Log           []LogLine // newest first
	Pending       *PendingView
	Notebook      *NotebookView
	Reveal        *RevealView
	Paused        bool
	Pace          float64
	TeacherJudges bool
	HandNo        int        // the hand being played at the table (1, 2, …)
	HandsDone     int        // hands revealed
	Standings     []Standing // totals over the hands revealed, once there is one
}

// Column is one main-line card with the error groups played on it.
type Column struct {
	Index  int
	Card   sim.Card
	Groups [][]sim.Card
	New    bool // laid by the last move
	Marker bool // the Prophet's marker sits on this card
}

// SeatView is a seat as everyone sees it.
type SeatView struct {
	Seat       int
	Name       string
	Bot        string
	Cards      int
	Eliminated bool
	Prophet    bool
	Current    bool
	Claimed    bool // a person has joined this seat
	Open       bool // its student names it on joining (Name "" until then)
	Thinking   bool
}

// Person reports whether a person plays the seat.
func (s SeatView) Person() bool { return s.Bot == "" }

// PendingView is a move laid down and waiting for a judgement.
type PendingView struct {
	Seat    int
	Text    string
	TextMsg i18n.Msg `json:"-"`
	Kind    sim.MoveKind
	Cards   []sim.Card
}

// SeatState is what one seat's own page shows beyond the public part.
type SeatState struct {
	Seat      int
	Name      string
	Hand      []sim.Card
	New       []bool  // per card of Hand: brought by the seat's last move
	Last      *MyMove // the seat's last judged move
	YourTurn  bool
	MaxSeq    int
	IsProphet bool
	// Judge: the move this seat, as Prophet, must judge now.
	Judge      *PendingView
	CanDeclare bool
	CanGuess   bool
	InWindow   bool // right after this seat's move: declare, state a rule or go on
}

// TeacherState is the teacher's console.
type TeacherState struct {
	Rule     RuleChoice
	Question *question
	Problem  i18n.Msg
	Disk     string   // why the table's folder refuses writes (the OS's words, with the path), or ""
	Notice   i18n.Msg // what restoring the table had to do
	Settings Settings
	Seats    []SeatSpec
	Thinking bool
	Minds    []int // seats the notebook can show
	Window   bool  // a person may still declare or state a rule
}

func (t *table) snapshot() *snapshot {
	names := t.names()
	p := Public{Version: t.version, Code: t.setup.Code, Preset: t.setup.Preset, Options: t.setup.Options,
		Current: -1, Prophet: -1, Revealed: t.settings.Revealed, Paused: t.settings.Paused, Pace: t.settings.Pace,
		TeacherJudges: t.tj != nil}
	p.HandNo, p.HandsDone, p.Standings = max(t.settings.HandNo, 1), len(t.settings.Hands), standings(t.names(), t.settings.Hands)
	s := &snapshot{teacher: TeacherState{Rule: t.setup.Rule, Question: t.question, Problem: t.problem, Disk: t.disk, Notice: t.notice,
		Settings: t.settings, Seats: slices.Clone(t.setup.Seats), Thinking: t.thinking, Window: t.window != nil}}
	s.teacher.Settings.Tokens = slices.Clone(t.settings.Tokens)
	for _, m := range t.minds {
		s.teacher.Minds = append(s.teacher.Minds, m.seats...)
	}
	slices.Sort(s.teacher.Minds)
	h := t.hand
	for i, st := range t.setup.Seats {
		p.Seats = append(p.Seats, SeatView{Seat: i, Name: st.Name, Bot: st.Bot, Claimed: st.Person() && t.settings.Tokens[i] != "", Open: st.Open})
		s.seats = append(s.seats, SeatState{Seat: i, Name: t.name(i), MaxSeq: t.setup.Options.MaxSequence})
	}
	if h != nil {
		p.Started = true
		v := h.View(0)
		p.Current, p.Turn, p.DeckSize, p.SuddenDeath, p.Prophet = v.Current, v.Turn, v.DeckSize, v.SuddenDeath, v.Prophet
		p.Ended = h.Ended()
		var last *sim.MoveRecord
		if len(v.History) > 0 {
			last = &v.History[len(v.History)-1]
		}
		newFrom := len(v.MainLine)
		if last != nil {
			newFrom -= len(last.Accepted)
		}
		for i, c := range v.MainLine {
			p.Columns = append(p.Columns, Column{Index: i, Card: c, New: i >= newFrom && last != nil, Marker: v.Prophet >= 0 && i == v.ProphetMarker-1})
		}
		for _, g := range v.Errors {
			if g.Under >= 0 && g.Under < len(p.Columns) {
				p.Columns[g.Under].Groups = append(p.Columns[g.Under].Groups, g.Cards)
			}
		}
		for i := len(v.History) - 1; i >= 0 && len(p.Log) < 60; i-- {
			p.Log = append(p.Log, describeRecord(names, &v.History[i]))
		}
		for i := range p.Seats {
			p.Seats[i].Cards = v.HandSizes[i]
			p.Seats[i].Eliminated = v.Eliminated[i]
			p.Seats[i].Prophet = v.Prophet == i
			p.Seats[i].Current = v.Current == i && !p.Ended
			p.Seats[i].Thinking = t.thinking && v.Current == i
			me := &s.seats[i]
			me.Hand = slices.Clone(h.HandOf(i))
			slices.SortFunc(me.Hand, func(a, b sim.Card) int { return cmp.Compare(a, b) }) // by suit, then rank
			if t.fresh != nil {
				me.New = newMarks(me.Hand, t.fresh[i])
			}
			me.Last = myMove(v.History, i)
			me.IsProphet = v.Prophet == i
			me.CanDeclare = h.CanDeclareAfterMove(i) && !p.Revealed
			me.CanGuess = h.CanGuess(i) && !p.Revealed && t.guess == nil
			me.InWindow = t.window != nil && t.window.seat == i
		}
		if p.Ended {
			res := h.Result()
			p.EndWords = handwords.End(res.End, names, res).String()
		}
	}
	if pm := t.pending; pm != nil {
		move := handwords.Move(names[pm.seat], pm.move)
		p.Pending = &PendingView{Seat: pm.seat, Text: move.String(), TextMsg: move, Kind: pm.move.Kind, Cards: pm.move.Cards}
		if pro := h.Prophet(); pro >= 0 && pm.says == nil && t.players[pro] == nil {
			s.seats[pro].Judge = p.Pending
		}
	}
	if !p.Ended && !p.Revealed && h != nil && p.Current >= 0 && t.pending == nil && t.window == nil && !t.thinking {
		s.seats[p.Current].YourTurn = t.players[p.Current] == nil && t.question == nil && t.problem.IsZero()
	}
	p.StatusMsg = t.status(names)
	p.Status = p.StatusMsg.String()
	if t.settings.Notebook >= 0 {
		if t.thinking {
			if old := t.snap.Load(); old != nil {
				p.Notebook = old.public.Notebook
			}
		} else {
			p.Notebook = t.notebook(t.settings.Notebook)
		}
	}
	if t.settings.Revealed && t.reveal != nil {
		p.Reveal = &t.reveal.view
	}
	s.public = p
	return s
}

// status is one sentence on what the table waits for.
func (t *table) status(names []string) i18n.Msg {
	h := t.hand
	switch {
	case t.settings.Revealed:
		return i18n.M("status.revealed")
	case !t.problem.IsZero():
		return i18n.M("status.problem")
	case h == nil && t.question != nil:
		return i18n.M("status.opening")
	case h == nil:
		return i18n.M("status.dealing")
	case h.Ended():
		res := h.Result()
		return i18n.M("status.over", handwords.End(res.End, names, res))
	case t.guess != nil:
		return i18n.M("status.guess", names[t.guess.seat])
	case t.pending != nil && t.question != nil:
		return i18n.M("status.judging", handwords.Move(names[t.pending.seat], t.pending.move))
	case t.pending != nil && h.Prophet() >= 0 && t.pending.says == nil:
		return i18n.M("status.prophetJudges", names[h.Prophet()], handwords.Move(names[t.pending.seat], t.pending.move))
	case t.pending != nil:
		return i18n.M("status.judging", handwords.Move(names[t.pending.seat], t.pending.move))
	case t.window != nil:
		return i18n.M("status.window", names[t.window.seat])
	case t.thinking:
		return i18n.M("status.thinking", names[h.Current()])
	case t.players[h.Current()] != nil && t.settings.Paused:
		return i18n.M("status.paused", names[h.Current()])
	}
	return i18n.M("status.turn", names[h.Current()])
}
