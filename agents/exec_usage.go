package agents

import (
	"encoding/json"
	"math"

	"github.com/eleusis/eleusis/sim"
)

// Usage sums what a seat's answers said of themselves in their meta
// (docs/agent-protocol.md, "Notes on an answer"): how many answers carried
// a meta, how many were fallbacks (a "fallback" key: not the agent's own
// decision, a random card after a model failed), the tokens, the cost and
// the time the agent reported. Agents that send no meta have no Usage.
type Usage struct {
	Answers          int     `json:"answers"`
	Fallbacks        int     `json:"fallbacks"`
	PromptTokens     float64 `json:"prompt_tokens"`
	CompletionTokens float64 `json:"completion_tokens"`
	ReasoningTokens  float64 `json:"reasoning_tokens"`
	// CostUSD: the cost the answers reported (NaN, written null, when
	// none reported one: an unpriced model).
	CostUSD  float64 `json:"-"`
	LatencyS float64 `json:"latency_s"`
}

// MarshalJSON writes an unknown cost as null.
func (u Usage) MarshalJSON() ([]byte, error) {
	type plain Usage
	var cost *float64
	if !math.IsNaN(u.CostUSD) {
		cost = &u.CostUSD
	}
	return json.Marshal(struct {
		plain
		Cost *float64 `json:"cost_usd"`
	}{plain(u), cost})
}

// UnmarshalJSON reads a null cost as NaN.
func (u *Usage) UnmarshalJSON(b []byte) error {
	type plain Usage
	var v struct {
		plain
		Cost *float64 `json:"cost_usd"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*u = Usage(v.plain)
	u.CostUSD = math.NaN()
	if v.Cost != nil {
		u.CostUSD = *v.Cost
	}
	return nil
}

// metaFigures are the keys of an answer's meta that Usage sums.
type metaFigures struct {
	Fallback         any      `json:"fallback"`
	PromptTokens     float64  `json:"prompt_tokens"`
	CompletionTokens float64  `json:"completion_tokens"`
	ReasoningTokens  float64  `json:"reasoning_tokens"`
	CostUSD          *float64 `json:"cost_usd"`
	LatencyS         float64  `json:"latency_s"`
}

// UsageOf sums the meta of every answer in a hand's history, per seat: nil
// for a seat that sent none. The mover's answers (move, guess,
// declare_prophet) count for the mover, a Prophet's (judge, pick) for the
// Prophet.
func UsageOf(history []sim.MoveRecord, seats int) []*Usage {
	out := make([]*Usage, seats)
	any := false
	for i := range history {
		m := &history[i]
		for q, raw := range m.Meta {
			seat := m.Player
			if q == "judge" || q == "pick" {
				seat = m.Prophet
			}
			if seat < 0 || seat >= seats {
				continue
			}
			var f metaFigures
			if json.Unmarshal(raw, &f) != nil { // a figure of another type: the answer still counts
				f = metaFigures{}
			}
			u := out[seat]
			if u == nil {
				u = &Usage{CostUSD: math.NaN()}
				out[seat], any = u, true
			}
			u.Answers++
			if f.Fallback != nil && f.Fallback != false && f.Fallback != "" {
				u.Fallbacks++
			}
			u.PromptTokens += f.PromptTokens
			u.CompletionTokens += f.CompletionTokens
			u.ReasoningTokens += f.ReasoningTokens
			u.LatencyS += f.LatencyS
			if f.CostUSD != nil {
				if math.IsNaN(u.CostUSD) {
					u.CostUSD = 0
				}
				u.CostUSD += *f.CostUSD
			}
		}
	}
	if !any {
		return nil
	}
	return out
}

// HandFailure is the error of a hand a seat's player failed (an outside
// agent that gave up, crashed, sent a bad answer or timed out): the seat
// (from 0; −1 when no seat failed: God's rule failed, a strategy
// panicked), the moves made until then, their usage. Its text is the
// hand's error.
type HandFailure struct {
	Err     error
	Seat    int
	Turn    int // moves made before the failure
	History []sim.MoveRecord
	Usage   []*Usage
	// Scores: each seat's score had the hand ended at the failure.
	Scores []int
}

func (f *HandFailure) Error() string { return f.Err.Error() }
func (f *HandFailure) Unwrap() error { return f.Err }

// failure describes a hand that stopped with err.
func failure(err error, h *sim.Hand, players []sim.Player) *HandFailure {
	f := &HandFailure{Err: err, Seat: -1}
	if h != nil {
		r := h.Result()
		f.Turn, f.History = len(r.History), r.History
		f.Usage = UsageOf(r.History, len(players))
		for _, p := range r.Players {
			f.Scores = append(f.Scores, p.Score)
		}
	}
	for seat, p := range players {
		if fl, ok := p.(sim.Failer); ok && fl.Err() != nil {
			f.Seat = seat
			break
		}
	}
	return f
}
