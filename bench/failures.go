package bench

import (
	"fmt"
	"math"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/stats"
)

// UsageRow is what a strategy's answers said of themselves in their meta
// (agents.Usage), over its (hand, seat) pairs whose seat sent any: the
// share of answers that were fallbacks (not the agent's own decision: a
// random card after its model failed), tokens and cost per (hand, seat),
// the latency per answer. Seats is 0 for a strategy that sends no meta (a
// built-in one): every figure is then missing.
type UsageRow struct {
	Seats         int            `json:"seats"`
	Answers       int            `json:"answers"`
	Fallbacks     int            `json:"fallbacks"`
	FallbackShare stats.Interval `json:"fallback_share"`
	// Tokens per (hand, seat): prompt, completion (reasoning included),
	// reasoning.
	PromptTokens     stats.Num `json:"prompt_tokens_per_hand"`
	CompletionTokens stats.Num `json:"completion_tokens_per_hand"`
	ReasoningTokens  stats.Num `json:"reasoning_tokens_per_hand"`
	// CostUSD per (hand, seat); missing when no answer reported a cost.
	CostUSD stats.Num `json:"cost_usd_per_hand"`
	// LatencyS: seconds per answer, as the agent timed them.
	LatencyS stats.Num `json:"latency_s_per_answer"`
}

type usageAcc struct {
	seats, answers, fallbacks, priced int
	prompt, completion, reasoning     float64
	cost, latency                     float64
}

func (u *usageAcc) add(x *agents.Usage) {
	u.seats++
	u.answers += x.Answers
	u.fallbacks += x.Fallbacks
	u.prompt += x.PromptTokens
	u.completion += x.CompletionTokens
	u.reasoning += x.ReasoningTokens
	u.latency += x.LatencyS
	if !math.IsNaN(x.CostUSD) {
		u.priced++
		u.cost += x.CostUSD
	}
}

func (u *usageAcc) row() UsageRow {
	nan := stats.Num(math.NaN())
	r := UsageRow{Seats: u.seats, Answers: u.answers, Fallbacks: u.fallbacks, FallbackShare: na,
		PromptTokens: nan, CompletionTokens: nan, ReasoningTokens: nan, CostUSD: nan, LatencyS: nan}
	if u.seats == 0 {
		return r
	}
	n := float64(u.seats)
	r.FallbackShare = wilsonOr(u.fallbacks, u.answers)
	r.PromptTokens, r.CompletionTokens, r.ReasoningTokens = stats.Num(u.prompt/n), stats.Num(u.completion/n), stats.Num(u.reasoning/n)
	if u.priced > 0 {
		r.CostUSD = stats.Num(u.cost / n)
	}
	if u.answers > 0 {
		r.LatencyS = stats.Num(u.latency / float64(u.answers))
	}
	return r
}

// DefaultMaxFailures is the share of failed hands, or of fallback
// answers, above which a bench run fails (--max-failures).
const DefaultMaxFailures = 0.05

// TooManyFailures lists, one line each, the strategies whose share of
// failed hands or of fallback answers, in some design, is above max: the
// figures were written, but they measure a strategy that did not play its
// own game.
func (lb *Leaderboard) TooManyFailures(max float64) []string {
	var out []string
	for _, r := range lb.Strategies {
		sat := r.Hands + r.Failed + r.Stopped
		switch {
		case r.Hands == 0 && r.Failed > 0:
			out = append(out, fmt.Sprintf("every hand of %s in the %s design failed (%d hands), so nothing of it is measured there; the first error: %s",
				r.Strategy, r.Design, r.Failed, r.FirstError))
		case sat > 0 && float64(r.Failed) > max*float64(sat):
			out = append(out, fmt.Sprintf("%s failed %d of its %d hands in the %s design (%.1f%%, more than --max-failures %g); the first error: %s",
				r.Strategy, r.Failed, sat, r.Design, 100*float64(r.Failed)/float64(sat), max, r.FirstError))
		}
		if u := r.Usage; u.Answers > 0 && float64(u.Fallbacks) > max*float64(u.Answers) {
			out = append(out, fmt.Sprintf("%s fell back on %d of its %d answers in the %s design (%.1f%%, more than --max-failures %g): those moves are not its own (its hands.jsonl meta says why)",
				r.Strategy, u.Fallbacks, u.Answers, r.Design, 100*float64(u.Fallbacks)/float64(u.Answers), max))
		}
	}
	return out
}
