package main

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/lab"
)

// status is the live line per strategy of a run whose strategies report
// usage (LLMs, outside agents that send meta): hands played and failed,
// fallback answers, tokens, the spend so far. It shows under the progress
// bar on a terminal and is printed once at the end.
type status struct {
	mu    sync.Mutex
	order []string
	rows  map[string]*statusRow
	bars  []*mpb.Bar
}

type statusRow struct {
	name                    string
	hands, failed           int
	answers, fallbacks      int
	tokens, reasoning, cost float64
	priced                  bool
}

func newStatus(p *lab.Plan) *status {
	s := &status{rows: map[string]*statusRow{}}
	for _, lu := range p.Lineups {
		for _, spec := range lu {
			if _, ok := s.rows[spec]; !ok {
				s.rows[spec] = &statusRow{name: agents.ShownName(spec)}
				s.order = append(s.order, spec)
			}
		}
	}
	return s
}

func (s *status) add(r *lab.HandRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for seat, spec := range r.Players {
		row := s.rows[spec]
		if row == nil {
			continue
		}
		row.hands++
		if r.Failed(seat) {
			row.failed++
		}
		if seat < len(r.Usage) && r.Usage[seat] != nil {
			u := r.Usage[seat]
			row.answers += u.Answers
			row.fallbacks += u.Fallbacks
			row.tokens += u.PromptTokens + u.CompletionTokens
			row.reasoning += u.ReasoningTokens
			if !math.IsNaN(u.CostUSD) {
				row.cost += u.CostUSD
				row.priced = true
			}
		}
	}
}

// any reports whether some strategy reported usage: only then is there a
// status to show.
func (s *status) any() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.rows {
		if r.answers > 0 {
			return true
		}
	}
	return false
}

func (r *statusRow) String() string {
	cost := "unpriced"
	if r.priced {
		cost = fmt.Sprintf("US$%.4f", r.cost)
	}
	return fmt.Sprintf("%s: %d hands (%d failed), %d answers (%d fallbacks), %.0f tokens (%.0f reasoning), %s",
		r.name, r.hands, r.failed, r.answers, r.fallbacks, r.tokens, r.reasoning, cost)
}

func (s *status) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for _, spec := range s.order {
		if r := s.rows[spec]; r.answers > 0 {
			b.WriteString("eleusis: " + r.String() + "\n")
		}
	}
	return b.String()
}

// show adds a line per strategy under the progress bar.
func (s *status) show(p *mpb.Progress) {
	for _, spec := range s.order {
		row := s.rows[spec]
		s.bars = append(s.bars, p.New(0, mpb.NopStyle(), mpb.BarRemoveOnComplete(), mpb.PrependDecorators(decor.Any(func(decor.Statistics) string {
			s.mu.Lock()
			defer s.mu.Unlock()
			if row.answers == 0 {
				return ""
			}
			return row.String()
		}))))
	}
}

// done takes the lines away (the progress waits for every bar).
func (s *status) done() {
	for _, b := range s.bars {
		b.Abort(true)
	}
}
