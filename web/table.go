package web

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A table is one hand of Eleusis being played: the engine's Hand, the bot
// scientists, and what waits for a person (a Prophet's judgement, a
// decision after a move) or for the teacher (a verdict). One goroutine owns
// all of it (run); handlers send it commands and read the snapshot it
// publishes after every change, so a page never waits on a thinking bot and
// no two requests race on the hand.
type table struct {
	srv      *Server
	setup    Setup
	settings Settings
	dir      string

	cmds    chan command
	thought chan thought
	stop    chan struct{}
	done    chan struct{}
	snap    atomic.Pointer[snapshot]
	mu      sync.Mutex // guards notify
	notify  chan struct{}

	// Owned by the loop goroutine.
	rule     *rulebank.Compiled // nil when the teacher judges
	swaps    []swap             // seats changing hands once no bot thinks
	judge    sim.Judge
	tj       *teacherJudge // the teacher's verdicts, or nil
	kit      *agents.Table
	players  []sim.Player // bots; nil for people
	hand     *sim.Hand
	pending  *pendingMove
	window   *window
	guess    *pendingGuess
	question *question
	qid      int
	thinking bool
	gen      int  // bumped by a rollback: a bot's thought of before is dropped
	step     bool // one bot move while paused
	lastMove time.Time
	problem  i18n.Msg // a bot failed or the hand cannot be dealt: the table waits for the teacher
	minds    []*mind
	fresh    [][]sim.Card // per seat, the cards its last move (or a fall) brought
	reveal   *reveal
	version  int
	dirty    bool
	journal  journal
	replay   bool     // restoring from the journal: write nothing
	acts     []action // the hand's actions acknowledged: what its journal holds
	// rollbackDue: a journal write failed in this event; the table is taken
	// back to acts before anything else happens (rollback).
	rollbackDue bool
	// disk: why the table's folder refused the last write (the teacher's
	// banner, with the path; never shown to a student), or "".
	disk      string
	diskSince time.Time
	// notice: what the restore had to do (a line cut off, a journal restored
	// up to a point), for the teacher's console until dismissed.
	notice i18n.Msg
}

// Settings are what the teacher changes during a hand; table.json keeps
// them with the setup.
type Settings struct {
	Pace   float64 `json:"pace"` // seconds before a bot moves
	Paused bool    `json:"paused,omitempty"`
	// Notebook is the seat whose mind the lab notebook shows, -1 for none.
	Notebook int `json:"notebook"`
	// Tokens are the people's seat links (secret); "" for a free seat.
	Tokens  []string `json:"tokens"`
	Hotseat string   `json:"hotseat"`
	// Revealed: the teacher has revealed God's rule; the hand is over.
	Revealed bool `json:"revealed,omitempty"`
	Closed   bool `json:"closed,omitempty"`
	// For a table the teacher judged: the rule as the teacher gives it at
	// the reveal.
	TeacherWords string `json:"teacher_words,omitempty"`
	TeacherExpr  string `json:"teacher_expr,omitempty"`
	// HandNo is the hand being played at the table (0 or 1: the first);
	// Hands are the hands played before it and, once revealed, this one
	// (results.go).
	HandNo int           `json:"hand_no,omitempty"`
	Hands  []HandSummary `json:"hands,omitempty"`
}

// pendingMove is a move made but not yet judged: it waits for a standing
// Prophet's judgement and, when the teacher judges, for God's verdicts.
type pendingMove struct {
	seat int
	move sim.Move
	says *sim.Verdict // the Prophet's judgement
	pick *sim.Card    // the Prophet's card after judging a "no play" wrong
	pYes []float64    // each mind's P(yes) before the answer
	// logged is the journal's last line for the move while it waits
	// (zero before it had to wait).
	logged string
}

// window is the moment right after a person's move in which they may
// declare Prophet or state the rule (docs/rules.md: "right after their own move
// and before the next player's"). The next seat waits.
type window struct{ seat int }

// pendingGuess is a stated rule waiting for the teacher's verdict.
type pendingGuess struct {
	seat int
	text string
}

// question is what the teacher, as God, is asked.
type question struct {
	ID int
	// "card": may Cards[0] follow Line?  "noplay": which of Cards may?
	// "sequence": do Cards follow Line one after the other, and if not,
	// which is the first that breaks the rule?  "guess": is Text the rule?
	Kind  string
	Line  []sim.Card // the main line the card would follow
	Cards []sim.Card
	Text  string
	About i18n.Msg // what is being judged, in words
	Known int      // a sequence: its first cards already judged right
}

type command struct {
	fn    func(t *table) error
	reply chan error
}

type thought struct {
	seat int
	gen  int
	move sim.Move
	err  error
}

var errClosed = sayErr("err.closed")

// do runs fn in the table's goroutine and returns its error.
func (t *table) do(ctx context.Context, fn func(t *table) error) error {
	c := command{fn: fn, reply: make(chan error, 1)}
	select {
	case t.cmds <- c:
	case <-t.done:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-c.reply:
		return err
	case <-t.done:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newTable builds the table's players and judge; the loop deals the hand.
func newTable(srv *Server, s Setup, st Settings, dir string) (*table, error) {
	t := &table{srv: srv, setup: s, settings: st, dir: dir,
		cmds: make(chan command), thought: make(chan thought, 1), stop: make(chan struct{}), done: make(chan struct{}),
		notify: make(chan struct{})}
	if err := t.build(); err != nil {
		return nil, err
	}
	return t, nil
}

// build makes the hand's God, bots and minds afresh from the setup (a new
// table, a rollback, the next hand); the hand itself is dealt by the loop.
func (t *table) build() error {
	s := t.setup
	t.rule, t.tj, t.judge = nil, nil, nil
	var err error
	if t.rule, err = compileChoice(s.Rule); err != nil {
		return err
	}
	if t.rule != nil {
		t.judge = t.rule.NewJudge()
	} else {
		t.tj = newTeacherJudge()
		t.judge = t.tj
	}
	t.kit = t.srv.kit.NewTable(t.rule, s.handSeed(t.settings.HandNo), false)
	t.players = make([]sim.Player, len(s.Seats))
	for i, seat := range s.Seats {
		if seat.Person() {
			continue
		}
		if t.players[i], err = t.newBot(i, seat.Bot); err != nil {
			t.closeBots()
			return fmt.Errorf("seat %d (%s): %w", i+1, seat.Name, err)
		}
	}
	t.minds = t.followMinds()
	return nil
}

// rollback takes the table back to what its journal holds (t.acts), after
// a write that failed: the hand is dealt again and the acknowledged actions
// replayed, as a restarted server would, so that nothing the journal does
// not hold stays in the engine, the bots or the pages. A bot's move in
// flight is dropped (gen); the bots move again once the table may write.
func (t *table) rollback() {
	t.rollbackDue = false
	t.closeBots()
	swaps := t.swaps // seats the teacher gave to a bot while one thought: given again below
	for _, sw := range swaps {
		if c, ok := sw.player.(agents.Closer); ok {
			c.Close(nil)
		}
	}
	t.gen++
	problem, qid := t.problem, t.qid
	t.hand, t.pending, t.window, t.guess, t.question, t.fresh, t.swaps = nil, nil, nil, nil, nil, nil, nil
	t.thinking, t.step, t.problem = false, false, i18n.Msg{}
	if err := t.build(); err != nil {
		t.problem = i18n.M("problem.rollback", err.Error())
		t.mark()
		return
	}
	if _, err := t.replayJournal(t.acts); err != nil {
		t.srv.logf("table %s: taking the table back to its journal: %v", t.setup.Code, err)
		t.problem = i18n.M("problem.rollback", errMsg(err))
	} else if !problem.IsZero() {
		t.problem = problem
	}
	t.qid = qid
	for _, sw := range swaps {
		if err := t.replaceBot(sw.seat, sw.spec); err != nil {
			t.srv.logf("table %s: seat %d to %s: %v", t.setup.Code, sw.seat+1, sw.spec, err)
		}
	}
	t.mark()
	t.saveTranscript()
}

// diskTrouble notes that the table's folder refused a write: the table
// waits (bots do not move) and the teacher's console says why; it tries
// again by itself after diskRetry, or when anyone acts.
func (t *table) diskTrouble(err error) {
	t.srv.logf("table %s: could not write to its folder: %v", t.setup.Code, err)
	if t.disk == "" {
		t.diskSince = time.Now()
	}
	t.disk = err.Error()
	t.mark()
}

// diskFine: a write went through; the banner goes.
func (t *table) diskFine() {
	if t.disk != "" {
		t.disk = ""
		t.mark()
	}
}

// diskRetry is how long a table whose folder refused a write waits before
// its bots try again.
const diskRetry = 10 * time.Second

// newBot creates the bot of a seat. It is the one place that creates a
// table's players — opening a table, restoring it from its folder, and
// giving a seat to a bot all come here — so that a server without
// --allow-exec never starts an outside program, whatever the route.
func (t *table) newBot(seat int, spec string) (sim.Player, error) {
	sp, err := parseBot(spec, t.srv.cfg.AllowExec)
	if err != nil {
		return nil, err
	}
	return agents.NewPlayer(sp, t.kit, seat)
}

// errExec refuses an outside program on a server without --allow-exec.
var errExec = sayErr("err.exec")

// parseBot reads a bot's strategy spec and refuses an outside program
// unless the server allows them.
func parseBot(spec string, allowExec bool) (agents.Spec, error) {
	if len(spec) > maxSpec {
		return agents.Spec{}, sayErr("err.specLong", len(spec), maxSpec)
	}
	sp, err := agents.ParseSpec(spec)
	if err != nil {
		return agents.Spec{}, err
	}
	if sp.Name == "exec" && !allowExec {
		return agents.Spec{}, errExec
	}
	return sp, nil
}

func (t *table) names() []string {
	ns := make([]string, len(t.setup.Seats))
	for i, s := range t.setup.Seats {
		ns[i] = seatName(i, s)
	}
	return ns
}

func (t *table) name(seat int) string { return seatName(seat, t.setup.Seats[seat]) }

// run is the table's goroutine.
func (t *table) run() {
	defer close(t.done)
	defer t.closeBots()
	defer t.journal.close()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	if t.settings.Revealed && t.reveal == nil && t.hand != nil {
		t.makeReveal() // a restored table: here, not while the server starts
		t.mark()
	}
	var reply chan error
	var err error
	for {
		// Every event ends with the hand moved on and a new snapshot, and
		// only then is the command answered: a page that reloads after its
		// request sees what the request did.
		if t.rollbackDue {
			t.rollback()
		}
		wait := t.drive()
		if t.rollbackDue {
			t.rollback()
		}
		t.publish()
		if reply != nil {
			reply <- err
			reply, err = nil, nil
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		if wait > 0 {
			timer.Reset(wait)
		}
		select {
		case c := <-t.cmds:
			err, reply = t.safely(c.fn), c.reply
		case th := <-t.thought:
			if th.gen == t.gen {
				t.thinking = false
				t.botMoved(th)
			}
		case <-timer.C:
		case <-t.stop:
			return
		}
	}
}

// safely runs a command; a panic becomes an error on the page and in the
// log, never a dead table.
func (t *table) safely(fn func(t *table) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			t.srv.logf("table %s: panic: %v\n%s", t.setup.Code, r, debug.Stack())
			err = sayErr("err.internal")
			t.dirty = true
		}
	}()
	return fn(t)
}

func (t *table) mark() { t.dirty = true }

// drive moves the hand on as far as it can without waiting: deals, applies
// judged moves, starts a bot's turn. It returns how long to wait before a
// bot may move (the pace), or 0.
func (t *table) drive() time.Duration {
	if len(t.swaps) > 0 && !t.thinking {
		if err := t.applySwaps(); err != nil {
			t.srv.logf("table %s: %v", t.setup.Code, err)
		}
	}
	if t.disk != "" {
		if wait := time.Until(t.diskSince.Add(diskRetry)); wait > 0 {
			return wait // nothing that writes until the folder takes writes again
		}
		t.diskSince = time.Now() // try again; a failure waits as long again
	}
	for range 10000 {
		if t.rollbackDue {
			return 0
		}
		if t.settings.Revealed || t.settings.Closed || !t.problem.IsZero() || t.question != nil {
			return 0
		}
		if t.hand == nil {
			if !t.deal() {
				return 0
			}
			continue
		}
		if t.hand.Ended() {
			return 0
		}
		if t.guess != nil {
			if !t.tryGuess() {
				return 0
			}
			continue
		}
		if t.pending != nil {
			if done, _ := t.tryPending(); !done {
				return 0
			}
			continue
		}
		if t.window != nil || t.thinking {
			return 0
		}
		seat := t.hand.Current()
		if t.players[seat] == nil {
			return 0 // a person's turn
		}
		if t.settings.Paused && !t.step {
			return 0
		}
		pace := time.Duration(t.settings.Pace * float64(time.Second))
		if wait := time.Until(t.lastMove.Add(pace)); wait > 0 && !t.step {
			return wait
		}
		t.step = false
		t.think(seat)
		return 0
	}
	return 0
}

// deal starts the hand. When the teacher judges a Divermazo opening, God's
// chain needs verdicts: the teacher is asked, and the deal is tried again
// (the same seed deals the same cards).
func (t *table) deal() bool {
	h, err := sim.NewHand(sim.HandConfig{Options: t.setup.Options, Judge: t.judge, Players: t.players, Seed: t.setup.handSeed(t.settings.HandNo), Names: t.names()})
	var mv *missingVerdict
	if errors.As(err, &mv) {
		t.askVerdict(mv, nil, i18n.M("question.opening"))
		return false
	}
	if err != nil {
		t.problem = i18n.M("problem.deal", errMsg(err))
		t.mark()
		return false
	}
	t.hand = h
	t.lastMove = time.Now()
	t.mark()
	t.saveTranscript()
	return true
}

func (t *table) closeBots() {
	var res *sim.Result
	if t.hand != nil {
		res = t.hand.Result()
	}
	for _, p := range t.players {
		if c, ok := p.(agents.Closer); ok {
			c.Close(res)
		}
	}
}

// publish makes the state after a change visible to the handlers.
func (t *table) publish() {
	if !t.dirty && t.snap.Load() != nil {
		return
	}
	t.dirty = false
	t.version++
	t.snap.Store(t.snapshot())
	t.mu.Lock()
	close(t.notify)
	t.notify = make(chan struct{})
	t.mu.Unlock()
}

// changed is closed at the next publish.
func (t *table) changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.notify
}
