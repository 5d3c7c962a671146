package lab

import (
	"fmt"
	"math"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// HandRecord is one line of hands.jsonl (docs/results.md).
type HandRecord struct {
	Index   int      `json:"index"`
	Seed    uint64   `json:"seed"`
	Rule    string   `json:"rule"`
	Preset  string   `json:"preset"`
	Lineup  int      `json:"lineup"`
	Players []string `json:"players"`
	// Opening: the starter, or the Divermazo opening (three cards on the
	// main line and the two God laid under the last).
	Opening   []sim.Card             `json:"opening,omitempty"`
	End       sim.EndReason          `json:"end,omitempty"`
	Turns     int                    `json:"turns"`
	GodScore  int                    `json:"god_score"`
	Scores    []int                  `json:"scores,omitempty"`
	Cards     []int                  `json:"cards_left,omitempty"`
	Prophets  []sim.ProphetStatus    `json:"prophet,omitempty"`
	Discovery []*hypotheses.Measures `json:"discovery,omitempty"`
	// Observer: what an ideal observer of the hand came to believe (the
	// default space, ε = 0): the evidence the table's experiments gave.
	Observer *hypotheses.Measures `json:"observer,omitempty"`
	// Guesses: under options that allow guessing, each seat's statements
	// of the rule (at which move the right one came, how many were wrong;
	// a failed hand's until the failure).
	Guesses []sim.Statements `json:"guesses,omitempty"`
	Moves   []sim.MoveRecord `json:"moves,omitempty"`
	// Usage: per seat, what its answers' meta said (agents.UsageOf); nil
	// for a seat that sent none, absent when no seat did.
	Usage []*agents.Usage `json:"usage,omitempty"`
	// Error: the hand could not be played (a rule failing at run time, a
	// misbehaving outside agent); the run went on.
	Error string `json:"error,omitempty"`
	// FailedSeat: with Error, in records of runs before seats could fail
	// alone (Failures), the seat (from 0) whose player failed; Turns was
	// then the moves made before the failure and Scores the scores had the
	// hand ended there.
	FailedSeat *int `json:"failed_seat,omitempty"`
	// Failures: the seats whose player failed the hand (an outside agent
	// that gave up, crashed, answered nonsense or too late), in order: each
	// left the hand at its move and scored the worst its options allow
	// (sim.WorstScore); the others played on, and the hand is a result.
	Failures []agents.SeatFailure `json:"failures,omitempty"`
	// Retried: the times the hand was played again (--retry-failed);
	// EarlierErrors: why each earlier play failed, oldest first.
	Retried       int      `json:"retried,omitempty"`
	EarlierErrors []string `json:"earlier_errors,omitempty"`

	// traces: the seats' calls to their models, for the trace file
	// (traces.go), not hands.jsonl.
	traces []agents.SeatTrace
}

// Cost is the US$ the hand's seats reported spending (their usage).
func (h *HandRecord) Cost() float64 {
	c := 0.0
	for _, u := range h.Usage {
		if u != nil && !math.IsNaN(u.CostUSD) {
			c += u.CostUSD
		}
	}
	return c
}

// CostCapError is a run stopped by its spending cap (RunOptions.MaxCost):
// the hands played are kept, and --resume (with a higher cap) continues.
type CostCapError struct {
	Spent, Max float64
	Done       int // hands kept
}

func (e *CostCapError) Error() string {
	return fmt.Sprintf("stopped after %d hands: the estimated spend, US$%.4f, passed --max-cost %g; continue with --resume and a higher --max-cost", e.Done, e.Spent, e.Max)
}

// Failed reports whether seat failed the hand (Failures, or an older
// run's FailedSeat).
func (h *HandRecord) Failed(seat int) bool {
	for _, f := range h.Failures {
		if f.Seat == seat {
			return true
		}
	}
	return h.Error != "" && h.FailedSeat != nil && *h.FailedSeat == seat
}

// FailedAt is the moves seat made before it failed the hand (Failed).
func (h *HandRecord) FailedAt(seat int) int {
	for _, f := range h.Failures {
		if f.Seat == seat {
			return f.Turn
		}
	}
	return h.Turns
}

// Unplayed reports whether the hand is no result at all: it stopped with
// no seat to blame (God's rule failed at run time).
func (h *HandRecord) Unplayed() bool { return h.Error != "" && h.FailedSeat == nil }

// NeedsRetry reports whether --retry-failed plays the hand again: a seat
// failed it, or it stopped with an error.
func (h *HandRecord) NeedsRetry() bool { return h.Error != "" || len(h.Failures) > 0 }
