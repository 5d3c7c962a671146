package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/sim"
)

// player is llm(model=NAME) at one seat of one hand.
type player struct {
	m      *Model
	call   caller
	ctx    context.Context
	seat   int
	seed   uint64
	rng    *rand.Rand
	system string // the system prompt, built at the first question

	// failing: requests failed in a row (retries spent); err the seat's
	// failure (too many of them, or the run cancelled).
	failing int
	err     error

	beliefs []agents.StatedBelief
	rule    string  // the rule it believes last
	conf    float64 // and its confidence
	state   bool    // it asked to state rule after this move
	stated  map[string]bool

	meta  map[string]json.RawMessage // by question, since the engine last took them
	trace []json.RawMessage
}

// ask puts a question to the model: a reply that cannot be used is
// answered once with the reason. It returns the parsed answer, or false
// for a fallback (the meta says why); too many failed requests in a row
// fail the seat.
func (p *player) ask(kind string, v *sim.View, question string, parse func(map[string]json.RawMessage) error, needs string) bool {
	if p.system == "" {
		p.system = systemPrompt(v.Options)
	}
	msgs := []message{{Role: "user", Content: tableText(v, p.rule) + "\n\n" + question}}
	meta := map[string]any{"model": p.m.Name, "calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "reasoning_tokens": 0, "latency_s": 0.0}
	cost := 0.0
	ok := false
	var why string
	for attempt := range 2 {
		r, err := p.call.call(p.ctx, request{System: p.system, Messages: msgs, Seed: int64((p.seed + uint64(v.Turn)*2 + uint64(attempt)) % (1 << 31))})
		meta["calls"] = meta["calls"].(int) + 1
		meta["latency_s"] = meta["latency_s"].(float64) + r.Latency.Seconds()
		t := traceCall{Seat: p.seat + 1, Turn: v.Turn, Question: kind, Attempt: attempt + 1, Requested: p.m.ID, System: p.system,
			Messages: msgs, LatencyS: round3(r.Latency.Seconds())}
		if err != nil {
			if p.ctx.Err() != nil {
				p.err = fmt.Errorf("the run was cancelled: %w", p.ctx.Err())
				return false
			}
			p.failing++
			why = "provider_error: " + errText(err)
			t.Read, t.Error = "provider_error", errText(err)
			p.addTrace(t)
			meta["read"] = "provider_error"
			if p.failing >= p.m.MaxProviderErrors {
				p.err = fmt.Errorf("model %s: %d requests in a row failed (retries spent), the last: %s", p.m.Name, p.failing, errText(err))
			}
			break // its retries are spent: no second question
		}
		p.failing = 0
		c := p.m.Cost(r.Input, r.Output)
		t.Model, t.Reply, t.Reasoning, t.Finish = r.Model, r.Text, r.Reasoning, r.Finish
		t.PromptTokens, t.CompletionTokens = r.Input, r.Output
		if r.ReasoningTokens >= 0 {
			rt := r.ReasoningTokens
			t.ReasoningTokens = &rt
			meta["reasoning_tokens"] = meta["reasoning_tokens"].(int) + int(rt)
		}
		if !math.IsNaN(c) {
			t.CostUSD = &c
			cost += c
		}
		meta["prompt_tokens"] = meta["prompt_tokens"].(int) + int(r.Input)
		meta["completion_tokens"] = meta["completion_tokens"].(int) + int(r.Output)
		meta["finish_reason"], meta["responding_model"] = r.Finish, r.Model
		obj, err := finalJSON(r.Text, needs)
		if err == nil {
			err = parse(obj)
		}
		if err != nil {
			var br *errBadReply
			if !errors.As(err, &br) {
				p.err = err
				return false
			}
			t.Read, t.Why = "parse_error", br.why
			if r.Finish == "length" || r.Finish == "max_tokens" || r.Finish == "max_output_tokens" {
				t.Read = "truncated"
			}
			p.addTrace(t)
			meta["read"], why = t.Read, t.Read+": "+br.why
			hint := ""
			if t.Read == "truncated" {
				hint = " Your reply was cut off at the token limit: keep it shorter."
			}
			msgs = append(msgs, message{Role: "assistant", Content: r.Text},
				message{Role: "user", Content: fmt.Sprintf("That answer cannot be used: %s.%s End your reply with the JSON object.", br.why, hint)})
			continue
		}
		t.Read = "usable"
		p.addTrace(t)
		meta["read"], ok = "usable", true
		break
	}
	if !math.IsNaN(p.m.Cost(0, 0)) {
		meta["cost_usd"] = cost
	}
	meta["latency_s"] = round3(meta["latency_s"].(float64))
	if !ok && p.err == nil {
		meta["fallback"] = why
	}
	if b, err := json.Marshal(meta); err == nil {
		if p.meta == nil {
			p.meta = map[string]json.RawMessage{}
		}
		p.meta[kind] = b
	}
	return ok
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// errText is an error as a trace keeps it: one line, bounded.
func errText(err error) string {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if len(s) > 1000 {
		s = strings.ToValidUTF8(s[:1000], "") + "…"
	}
	return s
}

// traceCall is one call as the run's trace file keeps it.
type traceCall struct {
	Seat     int    `json:"seat"` // from 1
	Turn     int    `json:"turn"` // moves made before the question
	Question string `json:"question"`
	Attempt  int    `json:"attempt"` // 2: after a reply that could not be used
	// System: the system prompt (the trace file keeps each text once and
	// names it by its SHA-256 in every call: system_sha256).
	System    string    `json:"system,omitempty"`
	Messages  []message `json:"messages"` // the rest of the prompt, as sent
	Requested string    `json:"requested_model"`
	Model     string    `json:"model,omitempty"` // the responding model
	Reply     string    `json:"reply"`
	Reasoning string    `json:"reasoning,omitempty"`
	Finish    string    `json:"finish_reason,omitempty"`
	LatencyS  float64   `json:"latency_s"`

	PromptTokens     int64    `json:"prompt_tokens"`
	CompletionTokens int64    `json:"completion_tokens"`
	ReasoningTokens  *int64   `json:"reasoning_tokens"`
	CostUSD          *float64 `json:"cost_usd"`

	Read  string `json:"read"` // usable, parse_error, truncated, provider_error
	Why   string `json:"why,omitempty"`
	Error string `json:"error,omitempty"`
}

func (p *player) addTrace(t traceCall) {
	if b, err := json.Marshal(t); err == nil {
		p.trace = append(p.trace, b)
	}
}

// Move implements sim.Player.
func (p *player) Move(v *sim.View) sim.Move {
	p.state = false
	if p.err != nil {
		return sim.Move{Kind: sim.NoPlay}
	}
	var a answer
	ok := p.ask("move", v, moveFormat, func(obj map[string]json.RawMessage) error {
		var err error
		a, err = parseMove(obj, v)
		return err
	}, "kind")
	if p.err != nil {
		return sim.Move{Kind: sim.NoPlay} // the engine sees Err and the seat leaves the hand
	}
	if !ok { // a random card: legal, judged like any other, marked a fallback in the meta
		return sim.Move{Kind: sim.Play, Cards: []sim.Card{v.Hand[p.rng.IntN(len(v.Hand))]}}
	}
	if a.rule != nil || a.accept != nil {
		var prev *agents.StatedBelief
		if n := len(p.beliefs); n > 0 {
			prev = &p.beliefs[n-1]
		}
		if b, err := agents.StateBelief(v.Turn+1, a.rule, a.confidence, a.accept, prev); err == nil {
			p.beliefs = append(p.beliefs, b)
		}
	}
	if a.rule != nil {
		p.rule, p.conf = *a.rule, *a.confidence
	}
	p.state = a.state
	return a.move
}

// Guess implements sim.Guesser: the rule of its move, when it asked to
// state it (never the same text twice).
func (p *player) Guess(v *sim.View) string {
	if !p.state || p.rule == "" || p.stated[p.rule] || p.err != nil {
		return ""
	}
	if p.stated == nil {
		p.stated = map[string]bool{}
	}
	p.stated[p.rule] = true
	p.state = false
	return p.rule
}

// DeclareProphet implements sim.ProphetPlayer: when it holds its rule at
// 0.9 or more.
func (p *player) DeclareProphet(v *sim.View) bool { return p.rule != "" && p.conf >= 0.9 }

// Judge implements sim.ProphetPlayer: the model judges the move.
func (p *player) Judge(v *sim.View, mover int, m sim.Move) bool {
	what := "plays "
	if m.Kind == sim.NoPlay {
		what = "says no card of the hand is legal, showing "
	}
	q := fmt.Sprintf("You are the Prophet: you judge other players' moves before God does. Seat %d %s%s. Is the move right under "+
		`God's rule? Think first if you like; end your reply with {"right": true} or {"right": false}.`, mover+1, what, sim.CardsString(m.Cards))
	right := true
	p.ask("judge", v, q, func(obj map[string]json.RawMessage) error {
		if json.Unmarshal(obj["right"], &right) != nil {
			return bad(`"right" must be true or false`)
		}
		return nil
	}, "right")
	return right
}

// Pick implements sim.ProphetPlayer: the model picks a shown card.
func (p *player) Pick(v *sim.View, shown []sim.Card) sim.Card {
	q := fmt.Sprintf(`You are the Prophet. The player's "no play" was wrong: put one legal card of the shown cards on the main line. `+
		`Shown cards: %s. Think first if you like; end your reply with {"card": "7S"}.`, sim.CardsString(shown))
	pick := shown[0]
	p.ask("pick", v, q, func(obj map[string]json.RawMessage) error {
		var s string
		if json.Unmarshal(obj["card"], &s) != nil {
			return bad(`"card" must be a card such as "7S"`)
		}
		c, err := sim.ParseCard(strings.ToUpper(strings.TrimSpace(s)))
		if err != nil {
			return bad("%v", err)
		}
		for _, x := range shown {
			if x == c {
				pick = c
				return nil
			}
		}
		return bad("%s is not among the shown cards", c)
	}, "card")
	return pick
}

// Err implements sim.Failer.
func (p *player) Err() error { return p.err }

// TakeMeta implements sim.MetaSource.
func (p *player) TakeMeta() map[string]json.RawMessage {
	m := p.meta
	p.meta = nil
	return m
}

// TakeTrace implements agents.Tracer.
func (p *player) TakeTrace() []json.RawMessage {
	t := p.trace
	p.trace = nil
	return t
}

// StatedBeliefs implements agents.BeliefStater: it is measured on what it
// stated, as an outside agent is.
func (p *player) StatedBeliefs() []agents.StatedBelief { return p.beliefs }

// SystemSHA256 is a system prompt's name in a trace file.
func SystemSHA256(text string) string {
	s := sha256.Sum256([]byte(text))
	return hex.EncodeToString(s[:])
}
