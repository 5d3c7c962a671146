package web

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// How a move goes through a table: a bot thinks in a goroutine of its own;
// the move waits for a standing Prophet's judgement and, when the teacher is
// God, for the teacher's verdicts; then the engine applies it, the minds
// follow it, and the mover may declare Prophet or state the rule.

// think asks the bot at seat for its move in a goroutine of its own (an
// outside program may take seconds); botMoved receives it.
func (t *table) think(seat int) {
	v := t.hand.View(seat)
	bot := t.players[seat]
	t.thinking = true
	t.mark()
	gen := t.gen
	go func() {
		th := ask(seat, bot, &v)
		th.gen = gen
		select {
		case t.thought <- th:
		case <-t.done:
		}
	}()
}

// ask is one bot's move; a panic or a failed outside program is its error.
func ask(seat int, bot sim.Player, v *sim.View) (th thought) {
	th.seat = seat
	defer func() {
		if r := recover(); r != nil {
			th.err = fmt.Errorf("the strategy panicked: %v", r)
		}
	}()
	th.move = bot.Move(v)
	th.move.Cards = append([]sim.Card(nil), th.move.Cards...)
	th.err = failed(bot)
	return th
}

func failed(p sim.Player) error {
	if f, ok := p.(sim.Failer); ok {
		return f.Err()
	}
	return nil
}

func (t *table) botMoved(th thought) {
	t.mark()
	for _, sw := range t.swaps {
		if sw.seat == th.seat {
			return // the seat has changed hands: its new bot moves instead
		}
	}
	if t.hand == nil || t.hand.Ended() || t.settings.Revealed || t.hand.Current() != th.seat {
		return
	}
	if th.err != nil {
		t.fail(th.seat, th.err)
		return
	}
	m := th.move
	if m.Kind == sim.NoPlay && len(m.Cards) == 0 {
		m.Cards = append([]sim.Card(nil), t.hand.HandOf(th.seat)...)
	}
	if err := t.hand.Check(th.seat, m); err != nil {
		t.fail(th.seat, err)
		return
	}
	t.pending = &pendingMove{seat: th.seat, move: m}
}

// fail stops the table on a bot's error until the teacher replaces the bot.
func (t *table) fail(seat int, err error) {
	t.problem = i18n.M("problem.botFailed", t.name(seat), t.setup.Seats[seat].Bot, errMsg(err))
	t.srv.logf("table %s: %s", t.setup.Code, t.problem)
	t.mark()
}

// tryPending applies the pending move once the Prophet (if one stands) has
// judged it; it reports whether the move is done with (applied or refused)
// and the engine's error for a refused move.
func (t *table) tryPending() (bool, error) {
	pm := t.pending
	h := t.hand
	if pro := h.Prophet(); pro >= 0 && pm.says == nil {
		bot, ok := t.players[pro].(sim.ProphetPlayer)
		if !ok {
			if t.players[pro] == nil {
				return t.await(pm) // a person is Prophet: wait for their judgement
			}
			yes := sim.Yes
			pm.says = &yes // a bot that cannot judge says "yes", as the engine's default
		} else {
			v := h.View(pro)
			says := sim.No
			if bot.Judge(&v, pm.seat, pm.move) {
				says = sim.Yes
			}
			pm.says = &says
			if says == sim.No && pm.move.Kind == sim.NoPlay {
				c := bot.Pick(&v, append([]sim.Card(nil), pm.move.Cards...))
				pm.pick = &c
			}
			if err := failed(t.players[pro]); err != nil {
				t.pending = nil
				t.fail(pro, err)
				return true, err
			}
		}
	}
	if pm.pYes == nil {
		pm.pYes = t.predict(pm.move)
	}
	rec, err := t.apply(pm)
	var mv *missingVerdict
	if errors.As(err, &mv) {
		if done, err := t.await(pm); done {
			return done, err
		}
		t.askVerdict(mv, pm, i18n.Msg{})
		return false, nil
	}
	t.pending = nil
	t.mark()
	if err != nil {
		if pm.logged != "" {
			t.log(action{A: "drop", Seat: pm.seat})
		}
		if t.players[pm.seat] != nil {
			t.fail(pm.seat, err)
		}
		return true, err
	}
	if err := t.log(action{A: "move", Seat: pm.seat, Kind: pm.move.Kind, Cards: pm.move.Cards, Says: pm.says, Pick: pm.pick}); err != nil {
		return true, err // the table goes back to its journal (rollback)
	}
	t.afterMove(pm, rec)
	return true, nil
}

// await journals a move that has to wait (for a person's judgement as
// Prophet, for the teacher's verdict), so that a restarted server has it
// waiting in the same place; it reports false, "not done", unless the
// journal cannot be written: then the move is taken back and refused, as
// if never made (a bot's table waits for the teacher).
func (t *table) await(pm *pendingMove) (bool, error) {
	e := pm.entry()
	if key := e.key(); key == pm.logged {
		return false, nil
	}
	if err := t.log(e); err != nil {
		t.pending = nil
		t.mark()
		return true, err // the move is taken back: a bot moves again once the table may write
	}
	pm.logged = e.key()
	return false, nil
}

// entry is the journal's line for a move that waits.
func (pm *pendingMove) entry() action {
	return action{A: "pending", Seat: pm.seat, Kind: pm.move.Kind, Cards: pm.move.Cards, Says: pm.says, Pick: pm.pick}
}

// opensWindow: after seat's move, a person may declare Prophet or state
// the rule before the next player moves.
func (t *table) opensWindow(seat int) bool {
	return t.players[seat] == nil && (t.hand.CanDeclareAfterMove(seat) || t.hand.CanGuess(seat))
}

// afterMove follows the minds, opens a person's window or lets a bot
// declare Prophet and state the rule.
func (t *table) afterMove(pm *pendingMove, rec *sim.MoveRecord) {
	t.observe(pm, rec)
	t.lastMove = time.Now()
	seat := pm.seat
	h := t.hand
	if t.players[seat] == nil {
		if t.opensWindow(seat) {
			t.window = &window{seat: seat}
		}
		t.saveTranscript()
		return
	}
	bot := t.players[seat]
	if pp, ok := bot.(sim.ProphetPlayer); ok && h.CanDeclareAfterMove(seat) {
		v := h.View(seat)
		if pp.DeclareProphet(&v) {
			if err := h.DeclareProphet(seat); err == nil {
				t.log(action{A: "declare", Seat: seat})
			}
		}
	}
	if g, ok := bot.(sim.Guesser); ok && h.CanGuess(seat) {
		v := h.View(seat)
		if text := strings.TrimSpace(g.Guess(&v)); text != "" {
			if err := t.startGuess(seat, text); err != nil {
				t.srv.logf("table %s: %s's stated rule refused: %v", t.setup.Code, t.name(seat), err)
			}
		}
	}
	if err := failed(bot); err != nil {
		t.fail(seat, err)
	}
	t.saveTranscript()
}

// startGuess states a rule for seat: at once when a rule judges, after the
// teacher's verdict when the teacher judges.
func (t *table) startGuess(seat int, text string) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return sayErr("err.writeRule")
	}
	if err := checkText("guess", text, maxGuess); err != nil {
		return err
	}
	if !t.hand.CanGuess(seat) {
		_, err := t.hand.Guess(seat, text) // the engine's own words for why not
		if err == nil {
			err = sayErr("err.noRuleNow")
		}
		return err
	}
	if t.tj != nil {
		if _, ok := t.tj.guesses[normGuess(text)]; !ok {
			if err := t.log(action{A: "stating", Seat: seat, Text: text}); err != nil {
				return err
			}
			t.guess = &pendingGuess{seat: seat, text: text}
			t.askGuess()
			return nil
		}
	}
	return t.applyGuess(seat, text)
}

// askGuess asks the teacher whether the stated rule is theirs.
func (t *table) askGuess() {
	t.ask(&question{Kind: "guess", Text: t.guess.text, About: i18n.M("question.states", t.name(t.guess.seat))})
}

// tryGuess applies a stated rule once the teacher has judged it (a
// restored table asks again).
func (t *table) tryGuess() bool {
	if _, ok := t.tj.guesses[normGuess(t.guess.text)]; !ok {
		if t.question == nil {
			t.askGuess()
		}
		return false
	}
	g := t.guess
	t.guess = nil
	if err := t.applyGuess(g.seat, g.text); err != nil {
		t.srv.logf("table %s: guess: %v", t.setup.Code, err)
	}
	return true
}

func (t *table) applyGuess(seat int, text string) error {
	if _, err := t.hand.Guess(seat, text); err != nil {
		return err
	}
	if err := t.log(action{A: "guess", Seat: seat, Text: text}); err != nil {
		return err
	}
	t.closeWindow(seat)
	t.mark()
	t.saveTranscript()
	return nil
}

// closeWindow ends a person's window once nothing is left to decide.
func (t *table) closeWindow(seat int) {
	if w := t.window; w != nil && w.seat == seat && !t.hand.CanDeclareAfterMove(seat) && !t.hand.CanGuess(seat) {
		t.window = nil
	}
}

// askVerdict turns a missing verdict into a question for the teacher: a
// "no play" asks at once about every card shown.
func (t *table) askVerdict(mv *missingVerdict, pm *pendingMove, about i18n.Msg) {
	q := &question{Kind: "card", Line: mv.Line, Cards: []sim.Card{mv.Card}, About: about}
	if pm != nil {
		q.About = handwords.Move(t.name(pm.seat), pm.move)
		switch pm.move.Kind {
		case sim.NoPlay:
			q.Kind, q.Cards = "noplay", pm.move.Cards
		case sim.Sequence:
			// One question for the whole sequence: the engine asks card
			// by card, each after the main line and the cards before it.
			main := t.hand.View(0).MainLine
			q.Kind, q.Line, q.Cards, q.Known = "sequence", slices.Clone(main), pm.move.Cards, len(mv.Line)-len(main)
		}
	}
	t.ask(q)
}

func (t *table) ask(q *question) {
	t.qid++
	q.ID = t.qid
	t.question = q
	t.mark()
}

// answer records the teacher's verdict on the open question.
func (t *table) answer(id int, yes bool, fits []int, first int) error {
	q := t.question
	if q == nil || q.ID != id {
		return sayErr("err.answered")
	}
	switch q.Kind {
	case "guess":
		if err := t.log(action{A: "guess_verdict", Text: normGuess(q.Text), Yes: yes}); err != nil {
			return err
		}
		t.tj.guesses[normGuess(q.Text)] = yes
	case "card":
		if err := t.setVerdict(q.Line, q.Cards[0], yes); err != nil {
			return err
		}
	case "sequence":
		// yes: every card follows; else first is the first that breaks
		// the rule (the engine judges no further). The cards judged
		// before keep their verdicts.
		if !yes && (first < q.Known || first >= len(q.Cards)) {
			return sayErr("err.firstBreaks")
		}
		line := slices.Clone(q.Line)
		for i, c := range q.Cards {
			if i >= q.Known {
				ok := yes || i < first
				if err := t.setVerdict(line, c, ok); err != nil {
					return err
				}
				if !ok {
					break
				}
			}
			line = append(line, c)
		}
	case "noplay":
		fit := map[int]bool{}
		for _, i := range fits {
			if i < 0 || i >= len(q.Cards) {
				return sayErr("err.noCardShown", i+1, len(q.Cards))
			}
			fit[i] = true
		}
		for i, c := range q.Cards {
			if err := t.setVerdict(q.Line, c, fit[i] || t.fitsSame(q, fit, c)); err != nil {
				return err
			}
		}
	}
	t.question = nil
	t.mark()
	return nil
}

// fitsSame: with several decks, a card ticked once fits in all its copies.
func (t *table) fitsSame(q *question, fit map[int]bool, c sim.Card) bool {
	for i := range fit {
		if q.Cards[i] == c {
			return true
		}
	}
	return false
}

// setVerdict journals the teacher's verdict, then keeps it.
func (t *table) setVerdict(line []sim.Card, c sim.Card, yes bool) error {
	card := c
	if err := t.log(action{A: "verdict", Line: line, Card: &card, Yes: yes}); err != nil {
		return err
	}
	t.tj.set(line, c, yes)
	return nil
}
