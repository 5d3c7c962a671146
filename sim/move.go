package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrHandOver is returned by Apply and Step once the hand has ended.
var ErrHandOver = errors.New("the hand is over")

var errGodPick = errors.New("godpick: goes only with the Prophet's wrong pick after a wrong \"no play\"")

// Decisions carries, for a replayed transcript, what other people decided
// about a move. In a simulation the engine asks the players instead (Ask).
type Decisions struct {
	// Ask: ask the players (the Prophet's judgement and pick, a declaration,
	// a guess) through their optional interfaces.
	Ask bool
	// ProphetSays is the standing Prophet's judgement of the move.
	ProphetSays *Verdict
	// Pick is the card God (or, when a Prophet judged the wrong "no play"
	// rightly, the Prophet) puts on the main line after a wrong "no play";
	// nil lets God choose.
	Pick *Card
	// GodPick is the valid card God puts down after the Prophet picked a
	// card that is not valid; nil: the first valid card shown.
	GodPick *Card
	// DeclareProphet: the mover declares Prophet after the move.
	DeclareProphet bool
}

// Step asks the player whose turn it is for a move and applies it.
func (h *Hand) Step() (*MoveRecord, error) {
	if h.ended {
		return nil, ErrHandOver
	}
	p := h.current
	m := h.players[p].Move(h.viewFor(p))
	if err := h.failed(); err != nil {
		return nil, err
	}
	if m.Kind == NoPlay && len(m.Cards) == 0 {
		m.Cards = h.hands[p]
	}
	if err := h.check(p, m); err != nil {
		return nil, &SeatError{Seat: p, Who: h.who(p), Err: err} // a move the referee refuses is the mover's failure
	}
	rec, err := h.Apply(p, m, Decisions{Ask: true})
	if err == nil {
		err = h.failed() // a Prophet's judgement, a declaration or a guess
	}
	if rec != nil {
		h.takeMeta(rec) // a failing seat's notes too: what its model cost
	}
	return rec, err
}

// SeatError is a hand stopped by one seat's player: an outside program
// that failed (Failer), or a move the referee refuses. The caller may
// Withdraw the seat and play on.
type SeatError struct {
	Seat int
	Who  string // the seat as messages name it
	Err  error
}

func (e *SeatError) Error() string { return e.Who + ": " + e.Err.Error() }
func (e *SeatError) Unwrap() error { return e.Err }

// takeMeta keeps the players' notes on the move's answers in its record.
func (h *Hand) takeMeta(rec *MoveRecord) {
	for q, pl := range h.players {
		if ms, ok := pl.(MetaSource); ok && !h.withdrawn[q] {
			for k, v := range ms.TakeMeta() {
				if rec.Meta == nil {
					rec.Meta = map[string]json.RawMessage{}
				}
				rec.Meta[k] = v
			}
		}
	}
}

// failed is the first error a player still in the hand reports through
// Failer.
func (h *Hand) failed() error {
	for q, pl := range h.players {
		if h.withdrawn[q] {
			continue
		}
		if f, ok := pl.(Failer); ok {
			if err := f.Err(); err != nil {
				return &SeatError{Seat: q, Who: h.who(q), Err: err}
			}
		}
	}
	return nil
}

// Run plays the hand to its end.
func (h *Hand) Run() (*Result, error) {
	for !h.ended {
		if _, err := h.Step(); err != nil {
			return nil, err
		}
	}
	return h.Result(), nil
}

// Apply referees player p's move: it checks that the move is legal (p's turn,
// cards in p's hand, a sequence no longer than max_sequence, a "no play" that
// shows the whole hand), judges it by the rule, applies penalties, sudden
// death and the Prophet's part, and passes the turn.
func (h *Hand) Apply(p int, m Move, d Decisions) (*MoveRecord, error) {
	if h.ended {
		return nil, ErrHandOver
	}
	if err := h.check(p, m); err != nil {
		return nil, err
	}
	if d.GodPick != nil && (m.Kind != NoPlay || h.prophet < 0) {
		return nil, errGodPick
	}
	var snap *snapshot
	if !d.Ask {
		// Decisions given from outside (a replay, a table in a browser) may
		// be refused half-way: a refused move changes nothing.
		snap = h.save()
	}
	rec, err := h.resolve(p, m, d)
	if err != nil {
		if snap != nil {
			h.restore(snap)
		}
		return nil, err
	}
	right := rec.Verdict == Yes
	h.turns++
	h.lastMover, h.lastRight = p, right && !h.ended
	h.history = append(h.history, rec)
	if d.Ask && h.mayGuess(p) {
		if g, ok := h.players[p].(Guesser); ok {
			if text := g.Guess(h.viewFor(p)); strings.TrimSpace(text) != "" {
				h.Guess(p, text)
			}
		}
	}
	h.advance()
	last := &h.history[len(h.history)-1]
	h.inform(last)
	return last, nil
}

// resolve judges a checked move and applies its consequences, up to the
// mover's Prophet declaration.
func (h *Hand) resolve(p int, m Move, d Decisions) (MoveRecord, error) {
	rec := MoveRecord{Turn: h.turns + 1, Player: p, Kind: m.Kind, Cards: slices.Clone(m.Cards), Prophet: h.prophet}
	rec.SuddenDeath = h.suddenDeath()
	var err error
	if m.Kind == NoPlay {
		err = h.resolveNoPlay(p, &rec, d)
	} else {
		err = h.resolveCards(p, &rec, d)
	}
	if err != nil {
		return rec, err
	}
	if h.opts.KeepHandSize && !h.eliminated[p] {
		// The public benchmark's solo protocol: every card played is
		// replaced, so the hand stays at hand_size (Drawn counts them).
		if short := h.opts.HandSize - len(h.hands[p]); short > 0 {
			rec.Drawn += h.deal(p, short, &rec)
		}
	}
	// Going out is being rid of the last card by a move that is not
	// punished: playing it, or a right "no play" (new-eleusis-pt: "bater
	// (jogar todas as suas cartas)"). A player who erred and owes penalty
	// cards the deck could not deal (God laid their only card after a
	// wrong "no play") did not go out: the empty deck ends the hand.
	if len(h.hands[p]) == 0 && !h.ended && rec.Penalty == 0 {
		rec.WentOut = true
		if h.opts.CoopTurns == 0 {
			h.finish(WentOut)
			h.outSeat = p
		} // cooperative: the player sits out; the team plays on
	}
	if !h.ended {
		if err := h.declare(p, &rec, d); err != nil {
			return rec, err
		}
	}
	return rec, nil
}

// check validates a move before it is judged.
func (h *Hand) check(p int, m Move) error {
	if p < 0 || p >= len(h.hands) {
		return say("sim.noSeat", p+1)
	}
	if p != h.current {
		return say("sim.notTurn", h.who(p), h.who(h.current))
	}
	switch m.Kind {
	case Play:
		if len(m.Cards) != 1 {
			return say("sim.playOne", len(m.Cards), "seq")
		}
	case Sequence:
		if h.opts.MaxSequence < 2 {
			return say("sim.noSequences", "max_sequence", h.opts.MaxSequence)
		}
		if len(m.Cards) < 2 || len(m.Cards) > h.opts.MaxSequence {
			return say("sim.seqLength", h.opts.MaxSequence, len(m.Cards))
		}
	case NoPlay:
		if len(m.Cards) != len(h.hands[p]) {
			return say("sim.noPlayCount", len(m.Cards), h.who(p), len(h.hands[p]))
		}
	default:
		return say("sim.unknownMove", string(m.Kind), "play", "seq", "noplay")
	}
	// Match the move against the hand in a scratch copy (no allocation per
	// move once the scratch has grown): known cards first, then face-down
	// ones.
	h.scratch = append(h.scratch[:0], h.hands[p]...)
	hand := h.scratch
	for i, c := range m.Cards {
		if !c.Valid() {
			return say("sim.notACard", c.String())
		}
		if j := slices.Index(hand, c); j >= 0 {
			hand = slices.Delete(hand, j, j+1)
			continue
		}
		// A face-down card of a replayed hand may be any card of which a copy
		// is still unaccounted for.
		j := slices.Index(hand, Unknown)
		if j < 0 {
			if m.Kind == NoPlay {
				return h.notShown(p, m.Cards)
			}
			return say("sim.notInHand", c.String(), h.who(p))
		}
		if h.knownCopies(c)+h.faceDownCopies(c, m.Cards[:i], h.hands[p]) >= h.opts.Decks {
			return say("sim.allCopies", c.String(), h.opts.Decks)
		}
		hand = slices.Delete(hand, j, j+1)
	}
	return nil
}

// removeCards takes the played cards out of p's hand (known copies first,
// then face-down ones). check has made sure they are there.
func (h *Hand) removeCards(p int, cs []Card) {
	for _, c := range cs {
		i := slices.Index(h.hands[p], c)
		if i < 0 {
			i = slices.Index(h.hands[p], Unknown)
		}
		h.hands[p] = slices.Delete(h.hands[p], i, i+1)
	}
}

// judgeCards returns how many of cs, in order, the rule accepts one after
// the other.
func (h *Hand) judgeCards(cs []Card) (int, error) {
	line := h.main
	for i, c := range cs {
		ok, err := h.judge.Accepts(line, c)
		if err != nil {
			return 0, fmt.Errorf("rule failed judging %s after main line %s: %w", c, CardsString(line), err)
		}
		if !ok {
			return i, nil
		}
		if i < len(cs)-1 {
			if i == 0 {
				h.lineBuf = append(h.lineBuf[:0], h.main...)
			}
			h.lineBuf = append(h.lineBuf, c)
			line = h.lineBuf
		}
	}
	return len(cs), nil
}

func (h *Hand) sequencePenalty(k int) int {
	if k == 1 {
		return h.opts.PenaltyWrongCard
	}
	pen := 2 * k
	if h.opts.SequencePenalty == DoubleClamped {
		pen = max(2, min(8, pen))
	}
	return pen
}

// resolveCards judges a play or a sequence.
func (h *Hand) resolveCards(p int, rec *MoveRecord, d Decisions) error {
	cs := rec.Cards
	k, err := h.judgeCards(cs)
	if err != nil {
		return err
	}
	right := k == len(cs)
	spared, err := h.prophetJudges(p, rec, d, right)
	if err != nil {
		return err
	}
	h.removeCards(p, cs)
	if right {
		rec.Verdict = Yes
		rec.Accepted = cs // rec.Cards, shared: neither changes after the move
		for _, c := range cs {
			h.placeMain(c)
		}
		return nil
	}
	rec.Verdict = No
	if h.opts.SequenceJudging == Prefix && k > 0 {
		rec.Accepted = cs[:k:k]
		for _, c := range cs[:k] {
			h.placeMain(c)
		}
		h.placeErrors(cs[k:])
	} else {
		h.placeErrors(cs)
	}
	if spared {
		rec.Spared = true
		return nil
	}
	h.punish(p, h.sequencePenalty(len(cs)), rec)
	return nil
}

// punish deals the penalty and, under sudden death, eliminates the player.
func (h *Hand) punish(p, penalty int, rec *MoveRecord) {
	rec.Penalty = penalty
	rec.Drawn = h.deal(p, penalty, rec)
	if rec.SuddenDeath {
		rec.Eliminated = true
		h.eliminated[p] = true
	}
}

// resolveNoPlay judges a "no play" (docs/rules.md, "No play", and the four cases
// of new-eleusis-pt under a Prophet).
func (h *Hand) resolveNoPlay(p int, rec *MoveRecord, d Decisions) error {
	if h.hidden {
		// The hand is shown: from now on the referee knows its cards.
		h.hands[p] = append(h.hands[p][:0], rec.Cards...)
	}
	var valid []Card
	for _, c := range rec.Cards {
		ok, err := h.judge.Accepts(h.main, c)
		if err != nil {
			return fmt.Errorf("rule failed judging %s after main line %s: %w", c, CardsString(h.main), err)
		}
		if ok {
			valid = append(valid, c)
		}
	}
	right := len(valid) == 0
	if h.prophet >= 0 && !right {
		return h.prophetNoPlay(p, rec, d, valid)
	}
	if d.GodPick != nil {
		return errGodPick
	}
	if _, err := h.prophetJudges(p, rec, d, right); err != nil {
		return err
	}
	if right {
		rec.Verdict = Yes
		h.rightNoPlay(p, rec)
		return nil
	}
	rec.Verdict = No
	pick, err := h.godPick(valid, d.Pick)
	if err != nil {
		return err
	}
	h.pickToMain(p, pick, rec)
	h.punish(p, h.opts.PenaltyWrongNoPlay, rec)
	return nil
}

// rightNoPlay: at most no_play_out_limit cards and the player is out;
// otherwise the cards go back into the deck and the player gets N − refund.
func (h *Hand) rightNoPlay(p int, rec *MoveRecord) {
	n := len(h.hands[p])
	h.toDeck(h.hands[p])
	h.hands[p] = h.hands[p][:0]
	if n <= h.opts.NoPlayOutLimit {
		return // Apply sees the empty hand: the player went out
	}
	h.shuffleDeck()
	rec.Refund = h.deal(p, max(0, n-h.opts.NoPlayRefund), rec)
}

// godPick chooses the valid card God puts on the main line after a wrong
// "no play": the replay's pick if given (it must be valid), else a random one.
func (h *Hand) godPick(valid []Card, given *Card) (Card, error) {
	if given != nil {
		if !slices.Contains(valid, *given) {
			return 0, fmt.Errorf("God's pick %s is not a valid card of the shown hand (valid: %s)", *given, CardsString(valid))
		}
		return *given, nil
	}
	if h.hidden {
		return valid[0], nil // a replay without a pick: the first valid card shown
	}
	return valid[h.rng.IntN(len(valid))], nil
}

func (h *Hand) pickToMain(p int, c Card, rec *MoveRecord) {
	h.removeCards(p, []Card{c})
	h.placeMain(c)
	rec.Picked = &c
	rec.Accepted = []Card{c}
}

// suddenDeath reports whether a move made now eliminates a player who errs:
// at least sudden_death_at cards on the table, or, under a Prophet, at least
// prophet_sudden_death_after cards laid since the marker (new-eleusis-pt).
func (h *Hand) suddenDeath() bool {
	if h.opts.SuddenDeathAt <= 0 {
		return false
	}
	if h.prophet >= 0 && h.opts.ProphetSuddenDeathAfter > 0 {
		return h.tableCount-h.markerTable >= h.opts.ProphetSuddenDeathAfter
	}
	return h.tableCount >= h.opts.SuddenDeathAt
}

func (h *Hand) finish(e EndReason) {
	if !h.ended {
		h.ended, h.end = true, e
	}
}

// active reports whether seat p still moves: not eliminated, not the Prophet,
// and (cooperative) not out of cards.
func (h *Hand) active(p int) bool {
	return !h.eliminated[p] && p != h.prophet && (h.opts.CoopTurns == 0 || len(h.hands[p]) > 0)
}

// advance passes the turn clockwise to the next active seat and checks the
// ends that do not depend on one move.
func (h *Hand) advance() {
	if !h.ended && h.deckOut {
		h.finish(DeckEmpty)
	}
	if !h.ended {
		n := len(h.hands)
		next := -1
		for i := 1; i <= n; i++ {
			if q := (h.current + i) % n; h.active(q) {
				next = q
				break
			}
		}
		if next < 0 {
			h.finish(h.nobodyLeft())
		} else {
			h.current = next
		}
	}
	if !h.ended && (h.turns >= h.opts.MaxTurns || h.opts.CoopTurns > 0 && h.turns >= h.opts.CoopTurns) {
		h.finish(MaxTurns)
	}
}

// nobodyLeft is the end when no seat can move: all eliminated, or (in a
// cooperative hand) everyone not eliminated has played out their cards.
func (h *Hand) nobodyLeft() EndReason {
	if h.opts.CoopTurns > 0 {
		for p := range h.hands {
			if !h.eliminated[p] && len(h.hands[p]) == 0 {
				return WentOut
			}
		}
	}
	return AllEliminated
}

func (h *Hand) inform(rec *MoveRecord) {
	for q, pl := range h.players {
		if o, ok := pl.(Observer); ok {
			o.Observe(h.viewFor(q), rec)
		}
	}
}
