package agents

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// HandSetup is one hand to play: God's rule, the options, a line-up of
// strategies (one per seat) and the seed.
type HandSetup struct {
	Rule    *rulebank.Compiled
	Options sim.Options
	Lineup  []Spec
	Seed    uint64
	// Measure: record every scientist's discovery measures, and an ideal
	// observer's; Calibrate: with its confidence in its best rule (for
	// calibration).
	Measure, Calibrate bool
	// Context, when set, cancels the hand (Ctrl-C): Play then returns an
	// error wrapping the context's, and the hand is no result.
	Context context.Context
	// ownRecords: every seat believes with a record of its own (the same
	// numbers as sharing; tests check it).
	ownRecords bool
	// Inspect, when set, is given the players once the hand has ended,
	// before they are closed: a lesson asks them what they held
	// (RuleHolder, BeliefStater).
	Inspect func(players []sim.Player)
}

// Outcome is a played hand: the result, per seat the discovery measures of
// its own belief (nil for a seat without one: random, oracle, an outside
// program that stated none), and an ideal observer's of the whole hand.
type Outcome struct {
	Result   *sim.Result
	Measures []*hypotheses.Measures
	// Observer: what an ideal observer of the hand came to believe (the
	// default space, ε = 0): the evidence the table's experiments gave.
	Observer *hypotheses.Measures
	// Usage: per seat, what its answers' meta said (UsageOf); nil when no
	// seat sent any.
	Usage []*Usage
	// Failures: the seats whose player failed (an outside agent that gave
	// up, crashed, answered nonsense or too late; a move the referee
	// refused), in order. Each left the hand and scored the worst its
	// options allow (sim.WorstScore); the others played on.
	Failures []SeatFailure
	// Traces: the seats' calls to their language models (Tracer), by seat.
	Traces []SeatTrace
}

// SeatFailure is a seat that failed its hand and left it (sim.Withdraw).
type SeatFailure struct {
	Seat  int    `json:"seat"`  // from 0
	Turn  int    `json:"turn"`  // moves made before it failed
	Error string `json:"error"` // why, as its player or the referee said
}

// Play plays one hand. A failing rule, a misbehaving outside agent or a
// panic in a strategy is returned as an error naming the hand; it never
// takes the caller down.
func (k *Kit) Play(hs HandSetup) (out *Outcome, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("hand (rule %s, seed %d) panicked: %v\n%s", hs.Rule.Rule.Name, hs.Seed, r, debug.Stack())
		}
	}()
	t := k.NewTable(hs.Rule, hs.Seed, hs.Measure)
	t.Calibrate = hs.Calibrate
	t.AnyStarter = hs.Options.Starter == sim.AlwaysValid
	t.Context, t.ownRecords = hs.Context, hs.ownRecords
	players := make([]sim.Player, len(hs.Lineup))
	var res *sim.Result
	defer func() { ClosePlayers(players, res) }() // also when a strategy panics
	for seat, s := range hs.Lineup {
		if players[seat], err = NewPlayer(s, t, seat); err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", seat+1, s, err)
		}
	}
	h, err := sim.NewHand(sim.HandConfig{Options: hs.Options, Judge: hs.Rule.NewJudge(), Players: players, Seed: hs.Seed})
	if err != nil {
		return nil, err
	}
	failures, err := playOn(t.context(), h, players)
	if err != nil {
		if ce := t.context().Err(); ce != nil {
			return nil, fmt.Errorf("rule %s, seed %d: the hand was cut: %w", hs.Rule.Rule.Name, hs.Seed, ce)
		}
		return nil, failure(fmt.Errorf("rule %s, seed %d: %w", hs.Rule.Rule.Name, hs.Seed, err), h, players)
	}
	res = h.Result()
	if hs.Inspect != nil {
		hs.Inspect(players)
	}
	out = &Outcome{Result: res, Measures: make([]*hypotheses.Measures, len(players)), Usage: UsageOf(res.History, len(players)), Failures: failures}
	for seat, p := range players {
		if tr, ok := p.(Tracer); ok {
			if calls := tr.TakeTrace(); len(calls) > 0 {
				out.Traces = append(out.Traces, SeatTrace{Seat: seat, Calls: calls})
			}
		}
	}
	if hs.Measure {
		if err := t.measure(out, h, players, &hs.Options); err != nil {
			return nil, fmt.Errorf("rule %s, seed %d: %w", hs.Rule.Rule.Name, hs.Seed, err)
		}
		for _, f := range failures {
			out.Measures[f.Seat] = nil // a failed seat identified nothing: its result says so
		}
	}
	t.release()
	return out, nil
}

// playOn plays the hand to its end. A seat whose player fails leaves it
// (sim.Hand.Withdraw) and the others play on: a failure is its strategy's
// result, not the hand's. Any other error (God's rule failing, the run
// cancelled) stops the hand.
func playOn(ctx context.Context, h *sim.Hand, players []sim.Player) ([]SeatFailure, error) {
	var out []SeatFailure
	for !h.Ended() {
		_, err := h.Step()
		if err == nil {
			continue
		}
		var se *sim.SeatError
		if !errors.As(err, &se) || ctx.Err() != nil {
			return out, err // a seat cut by the cancellation did not fail: the hand is no result
		}
		out = append(out, SeatFailure{Seat: se.Seat, Turn: h.Turns(), Error: err.Error()})
		if err := h.Withdraw(se.Seat); err != nil {
			return out, err
		}
		if l, ok := players[se.Seat].(leaver); ok {
			l.leave(se.Err)
		}
	}
	return out, nil
}

// measure fills the outcome's measures: each seat's own belief (a
// scientist's, or what an outside agent stated), and an ideal observer's.
func (t *Table) measure(out *Outcome, h *sim.Hand, players []sim.Player, opts *sim.Options) error {
	for seat, p := range players {
		switch p := p.(type) {
		case Scientist:
			if m, ok := p.Measures(); ok {
				out.Measures[seat] = &m
			}
		case BeliefStater:
			m, err := t.statedMeasures(opts, out.Result, seat, p.StatedBeliefs())
			if err != nil {
				return fmt.Errorf("seat %d's stated beliefs: %w", seat+1, err)
			}
			out.Measures[seat] = m
		}
	}
	// The ideal observer: the default space, ε = 0, open (the record of the
	// seats that believe with it, when they share one).
	obs, err := t.seatRecord(observerSeat, hypotheses.DefaultSize, 0, true)
	if err != nil {
		return err
	}
	v := h.View(0)
	obs.Sync(&v)
	m := obs.Discovery.Measures(obs)
	m.Own = false
	out.Observer = &m
	for _, r := range t.records {
		if r.Discovery == nil {
			continue
		}
		if err := r.Discovery.Err(); err != nil {
			return fmt.Errorf("charting the hand's states: %w", err)
		}
	}
	return nil
}

// ClosePlayers releases the players' resources (outside programs); res is
// nil when the hand did not end.
func ClosePlayers(players []sim.Player, res *sim.Result) {
	var wg sync.WaitGroup
	for _, p := range players { // every outside program hears of the end at once
		if e, ok := p.(ender); ok {
			e.sendEnd(res)
		}
	}
	for _, p := range players {
		if c, ok := p.(Closer); ok {
			if _, ok := p.(ender); ok { // an outside program: wait for each side by side
				wg.Go(func() { c.Close(res) })
				continue
			}
			c.Close(res)
		}
	}
	wg.Wait()
}

// leaver is a player told that it failed and left the hand (an outside
// agent whose move the referee refused learns it from its end: stopped).
type leaver interface{ leave(err error) }
