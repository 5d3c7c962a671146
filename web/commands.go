package web

import (
	"slices"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// What people and the teacher do at a table. Each command runs in the
// table's goroutine (table.do); its error is shown on the page in the
// reader's language (errors.go), so a refused move reads in the engine's
// own words, translated.

var errNotStarted = sayErr("err.notStarted")

// playing refuses a person's action when the hand is not in play.
func (t *table) playing() error {
	switch {
	case t.settings.Revealed:
		return sayErr("err.revealed")
	case t.hand == nil:
		return errNotStarted
	case t.hand.Ended():
		return sim.ErrHandOver
	case !t.problem.IsZero():
		return sayErr("err.waitsTeacher")
	}
	return nil
}

// personMove is a person's play, sequence or "no play".
func (t *table) personMove(seat int, m sim.Move) error {
	if err := t.playing(); err != nil {
		return err
	}
	switch {
	case t.pending != nil:
		return sayErr("err.notJudged")
	case t.window != nil && t.window.seat != seat:
		return sayErr("err.window", t.name(t.window.seat))
	case t.window != nil:
		return sayErr("err.goOn")
	}
	if m.Kind == sim.NoPlay && len(m.Cards) == 0 {
		m.Cards = slices.Clone(t.hand.HandOf(seat))
	}
	if err := t.hand.Check(seat, m); err != nil {
		return err
	}
	t.pending = &pendingMove{seat: seat, move: m}
	t.mark()
	_, err := t.tryPending()
	return err
}

// prophetJudges is a person's judgement as Prophet of the pending move;
// judging a "no play" wrong, they name the card that fits.
func (t *table) prophetJudges(seat int, yes bool, pick *sim.Card) error {
	if err := t.playing(); err != nil {
		return err
	}
	pm := t.pending
	if t.hand.Prophet() != seat {
		return sayErr("err.notProphet")
	}
	if pm == nil || pm.says != nil {
		return sayErr("err.nothingToJudge")
	}
	says := sim.No
	if yes {
		says = sim.Yes
	}
	if !yes && pm.move.Kind == sim.NoPlay {
		if pick == nil {
			return sayErr("err.pickFit")
		}
		if !slices.Contains(pm.move.Cards, *pick) {
			return sayErr("err.notShown", pick.Pretty())
		}
		pm.pick = pick
	}
	pm.says = &says
	t.mark()
	_, err := t.tryPending()
	return err
}

func (t *table) personDeclare(seat int) error {
	if err := t.playing(); err != nil {
		return err
	}
	if err := t.hand.DeclareProphet(seat); err != nil {
		return err
	}
	if err := t.log(action{A: "declare", Seat: seat}); err != nil {
		return err // the table goes back to its journal (rollback)
	}
	t.closeWindow(seat)
	t.mark()
	t.saveTranscript()
	return nil
}

func (t *table) personGuess(seat int, text string) error {
	if err := t.playing(); err != nil {
		return err
	}
	if t.guess != nil {
		return sayErr("err.considering")
	}
	return t.startGuess(seat, text)
}

// pass ends a person's window: the next player moves.
func (t *table) pass(seat int) error {
	if t.window == nil || t.window.seat != seat {
		return nil // already passed: nothing to do
	}
	if t.guess != nil && t.guess.seat == seat {
		return sayErr("err.waitAnswer")
	}
	return t.endWindow()
}

// endWindow ends the pause after a person's move: the next player moves
// (journaled, or a restarted server would wait again).
func (t *table) endWindow() error {
	if err := t.log(action{A: "pass", Seat: t.window.seat}); err != nil {
		return err
	}
	t.window = nil
	t.mark()
	return nil
}

// answerCmd is the teacher's verdict as God.
func (t *table) answerCmd(id int, yes bool, fits []int, first int) error {
	if t.settings.Revealed {
		return sayErr("err.handOver")
	}
	if t.tj == nil {
		return sayErr("err.ruleJudges")
	}
	return t.answer(id, yes, fits, first)
}

// settingsCmd changes the pace, pauses or resumes, steps one bot move,
// lets the game go on past a person's decision, and chooses whose mind the
// notebook shows.
func (t *table) settingsCmd(pace *float64, paused *bool, step, skip, retry, dismiss bool, notebook *int) error {
	if pace != nil && !validPace(*pace) {
		return errPace
	}
	if notebook != nil && (*notebook >= len(t.setup.Seats) || *notebook < -1 || *notebook >= 0 && t.setup.Seats[*notebook].Person()) {
		return sayErr("err.notebookBot")
	}
	err := t.save(func() {
		if pace != nil {
			t.settings.Pace = *pace
		}
		if paused != nil {
			t.settings.Paused = *paused
		}
		if notebook != nil {
			t.settings.Notebook = *notebook
		}
	})
	if err != nil {
		return err
	}
	if step {
		t.step = true
	}
	if retry {
		t.diskSince = time.Time{} // the bots try again at once
	}
	if dismiss {
		t.notice = i18n.Msg{}
	}
	if skip && t.window != nil {
		return t.endWindow() // the person who just moved does not answer: the game goes on
	}
	return nil
}

// save makes a change to the setup or the settings and writes table.json;
// when the write fails the change is undone and the error says so, so that
// the table never holds what its folder does not (a seat taken with a link
// nobody got, a pace that every later save would trip on).
func (t *table) save(change func()) error {
	settings, seats := t.settings, slices.Clone(t.setup.Seats)
	settings.Tokens = slices.Clone(t.settings.Tokens)
	change()
	t.mark()
	if err := t.saveSetup(); err != nil {
		t.settings, t.setup.Seats = settings, seats
		t.diskTrouble(err)
		return errNotSaved
	}
	t.diskFine()
	return nil
}

// replaceBot gives a seat to a bot of the strategy spec: a bot whose
// outside program failed, or a person's seat when the student has left (they
// can still watch their cards from their link). The new bot reads the hand
// so far from the public record. While a bot thinks, the seat changes hands
// once it has finished (the bots' beliefs are not to be touched meanwhile).
func (t *table) replaceBot(seat int, spec string) error {
	if seat < 0 || seat >= len(t.setup.Seats) {
		return sayErr("err.chooseASeat")
	}
	if spec == "" {
		return sayErr("err.chooseStrategy")
	}
	if sp, err := parseBot(spec, t.srv.cfg.AllowExec); err != nil {
		return err
	} else if t.tj != nil && sp.Name == "oracle" {
		return sayErr("err.oracleNoRule")
	}
	p, err := t.newBot(seat, spec)
	if err != nil {
		return err
	}
	t.swaps = append(t.swaps, swap{seat: seat, player: p, spec: spec})
	if !t.thinking {
		return t.applySwaps()
	}
	return nil
}

// swap is a seat changing hands.
type swap struct {
	seat   int
	player sim.Player
	spec   string
}

// applySwaps seats the new bots (never while a bot thinks), once
// table.json says so: a seat that could not be saved stays as it was.
func (t *table) applySwaps() error {
	swaps := t.swaps
	t.swaps = nil
	err := t.save(func() {
		for _, sw := range swaps {
			t.setup.Seats[sw.seat].Bot = sw.spec
		}
	})
	if err != nil {
		for _, sw := range swaps {
			if c, ok := sw.player.(agents.Closer); ok {
				c.Close(nil)
			}
		}
		return err
	}
	for _, sw := range swaps {
		if c, ok := t.players[sw.seat].(agents.Closer); ok {
			c.Close(nil)
		}
		t.players[sw.seat] = sw.player
		if t.window != nil && t.window.seat == sw.seat {
			t.window = nil // the bot does not wait for itself
		}
	}
	t.minds = t.followMinds()
	t.syncMinds()
	for _, m := range t.minds {
		m.count = m.rec.Count()
	}
	t.problem = i18n.Msg{} // the hand (or a failed deal) goes on
	t.mark()
	return nil
}

// freeSeat forgets a person's seat link (a lost phone, a student who left):
// the seat can be joined again with the table code. A seat its student
// named (Open) loses the name too — the teacher's "remove" of a name that
// should not be on the class screen —, and the next student names it.
func (t *table) freeSeat(seat int) error {
	if seat < 0 || seat >= len(t.setup.Seats) || !t.setup.Seats[seat].Person() {
		return sayErr("err.noSeat")
	}
	tok := t.settings.Tokens[seat]
	err := t.save(func() {
		t.settings.Tokens[seat] = ""
		if t.setup.Seats[seat].Open {
			t.setup.Seats[seat].Name = ""
		}
	})
	if err != nil {
		return err
	}
	t.renamed(seat)
	t.srv.forgetToken(tok)
	return nil
}

// claimSeat gives a person's free seat a secret link; a seat its student
// names (Open: seat -1 takes the first such seat free) takes the name typed.
func (t *table) claimSeat(seat int, typed string) (string, int, error) {
	if seat < 0 {
		for i, s := range t.setup.Seats {
			if s.Open && t.settings.Tokens[i] == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return "", -1, sayErr("err.noOpenSeat")
		}
	}
	if seat >= len(t.setup.Seats) || !t.setup.Seats[seat].Person() {
		return "", -1, sayErr("err.noSeat")
	}
	if t.settings.Tokens[seat] != "" {
		return "", -1, sayErr("err.seatTaken", t.name(seat))
	}
	name := t.setup.Seats[seat].Name
	if t.setup.Seats[seat].Open {
		var err error
		if name, err = t.checkName(seat, typed); err != nil {
			return "", -1, err
		}
	}
	tok := newToken()
	if err := t.save(func() { t.settings.Tokens[seat], t.setup.Seats[seat].Name = tok, name }); err != nil {
		return "", -1, err
	}
	t.renamed(seat)
	return tok, seat, nil
}

// checkName reads a name typed for seat: a name (names.go) that looks like
// no other seat's at the table.
func (t *table) checkName(seat int, typed string) (string, error) {
	name, err := cleanName(typed)
	if err != nil {
		return "", err
	}
	if j := nameClash(t.setup.Seats, seat, name); j >= 0 {
		return "", sayErr("err.nameAlike", name, t.setup.Seats[j].Name)
	}
	return name, nil
}

// renameSeat is the teacher's new name for a seat (a typo, a name that
// should not be on the class screen).
func (t *table) renameSeat(seat int, typed string) error {
	if seat < 0 || seat >= len(t.setup.Seats) {
		return sayErr("err.noSeat")
	}
	name, err := t.checkName(seat, typed)
	if err != nil {
		return err
	}
	if err := t.save(func() { t.setup.Seats[seat].Name = name }); err != nil {
		return err
	}
	t.renamed(seat)
	return nil
}

// renamed tells the engine a seat's name (its messages name the seat).
func (t *table) renamed(seat int) {
	if t.hand != nil {
		t.hand.Rename(seat, t.name(seat))
	}
	t.mark()
	t.saveTranscript()
}
