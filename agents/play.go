package agents

import (
	"context"
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
	// Measure: record every scientist's discovery measures; Calibrate: with
	// its confidence in its best rule (for calibration).
	Measure, Calibrate bool
	// Context, when set, cancels the hand (Ctrl-C): Play then returns an
	// error wrapping the context's, and the hand is no result.
	Context context.Context
}

// Outcome is a played hand: the result, and per seat the discovery
// measures (nil for a strategy without a belief).
type Outcome struct {
	Result   *sim.Result
	Measures []*hypotheses.Measures
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
	t.Context = hs.Context
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
	res, err = h.Run()
	if err != nil {
		if ce := t.context().Err(); ce != nil {
			return nil, fmt.Errorf("rule %s, seed %d: the hand was cut: %w", hs.Rule.Rule.Name, hs.Seed, ce)
		}
		return nil, fmt.Errorf("rule %s, seed %d: %w", hs.Rule.Rule.Name, hs.Seed, err)
	}
	out = &Outcome{Result: res, Measures: make([]*hypotheses.Measures, len(players))}
	if hs.Measure {
		for seat, p := range players {
			if s, ok := p.(Scientist); ok {
				if m, ok := s.Measures(); ok {
					out.Measures[seat] = &m
					continue
				}
			}
			// A player without a belief (random, oracle, an outside
			// program) is credited with what an ideal observer of the
			// same hand believes: the default space, ε = 0.
			obs, err := t.Record(hypotheses.DefaultSize, 0)
			if err != nil {
				return nil, err
			}
			v := h.View(seat)
			obs.Sync(&v)
			m := obs.Discovery.Measures(obs)
			m.Own = false
			out.Measures[seat] = &m
		}
		for _, r := range t.records {
			if r.Discovery == nil {
				continue
			}
			if err := r.Discovery.Err(); err != nil {
				return nil, fmt.Errorf("rule %s, seed %d: charting the hand's states: %w", hs.Rule.Rule.Name, hs.Seed, err)
			}
		}
	}
	t.release()
	return out, nil
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
