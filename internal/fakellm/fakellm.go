// Package fakellm is a fake language-model provider for tests, on
// loopback: it speaks OpenAI's Chat Completions and Responses APIs and
// Anthropic's Messages API as their servers do (the JSON the official
// SDKs read), checks the key every request carries, and answers an Eleusis
// move as a reasoning model would — thinking first (reasoning text), then
// prose, then the JSON answer — playing the first card of the hand its
// prompt shows (a request to read a rule from words gets RuleExpr). Tests
// of the built-in LLM strategy, of its rule reader and of the Python kit's
// agent run against it; no test reaches a real provider.
package fakellm

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
)

// Server is a fake provider.
type Server struct {
	*httptest.Server
	// Key: the key every request must carry (Authorization: Bearer, or
	// x-api-key for Anthropic); "" takes none.
	Key string
	// Model: the responding model's id it reports.
	Model string
	// Fail: answer every request with this HTTP status (0: answer).
	Fail atomic.Int32
	// Requests counts the requests it answered, and BadKeys those it
	// refused for a wrong key.
	Requests, BadKeys atomic.Int64

	mu     sync.Mutex
	bodies []string // every request's body, as received
}

// Padding makes every reply longer than any excerpt would keep: a test
// finds its end in the trace to know the reply was kept whole.
var Padding = strings.Repeat("I weigh each card against the facts. ", 120)

// Reasoning is the reasoning text every reply carries (before the
// seat's hand).
const Reasoning = "FAKE-REASONING: the accepted cards so far share a colour"

// ReplyEnd ends every reply's prose.
const ReplyEnd = "FAKE-REPLY-END"

// New starts a fake provider whose requests must carry key.
func New(key, model string) *Server {
	s := &Server{Key: key, Model: model}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Bodies are the request bodies received so far.
func (s *Server) Bodies() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies...)
}

var handRE = regexp.MustCompile(`Your hand: ((?:[0-9AJQK]+[SHDC] ?)+)`)

// RuleExpr is what it answers a request to read a rule from words
// (llm.RuleReader), fenced as models do though told not to; for a text
// holding NoRule it answers that it cannot read one.
const (
	RuleExpr = `card.suit == "hearts" or card.rank == 1`
	NoRule   = "the weather is fine today"
)

// answer is the model's reply to a prompt: reasoning, prose, JSON.
func answer(prompt string) string {
	if strings.Contains(prompt, "You translate rules of the card game Eleusis") {
		if strings.Contains(prompt, NoRule) {
			return "UNREADABLE"
		}
		return "```\n" + RuleExpr + "\n```"
	}
	card := "AS"
	if m := handRE.FindAllStringSubmatch(prompt, -1); len(m) > 0 {
		card = strings.Fields(m[len(m)-1][1])[0]
	}
	switch {
	case strings.Contains(prompt, `{"right": true}`):
		return `I judge it right. {"right": true}`
	case strings.Contains(prompt, `{"card": "7S"}`):
		return fmt.Sprintf(`{"card": %q}`, card)
	}
	state := !strings.Contains(prompt, "You stated")
	return fmt.Sprintf("%s\nSo I play %s. %s\n{\"kind\": \"play\", \"cards\": [%q], \"rule\": \"card.color == \\\"red\\\"\", \"confidence\": 0.6, \"accept_prob\": 0.5, \"state\": %v}",
		Padding, card, ReplyEnd, card, state)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if k := r.Header.Get("x-api-key"); k != "" && strings.HasSuffix(r.URL.Path, "/messages") {
		key = k // Anthropic's own header (its SDK sends the key as a bearer token)
	}
	if s.Key != "" && key != s.Key {
		s.BadKeys.Add(1)
		http.Error(w, `{"error": {"message": "bad key"}}`, http.StatusUnauthorized)
		return
	}
	if code := s.Fail.Load(); code != 0 {
		w.Header().Set("Retry-After", "0")
		http.Error(w, `{"error": {"message": "the provider is down"}}`, int(code))
		return
	}
	s.Requests.Add(1)
	s.mu.Lock()
	s.bodies = append(s.bodies, string(b))
	s.mu.Unlock()
	text := answer(string(b)) // the hand is in the last user message: the body holds it
	w.Header().Set("Content-Type", "application/json")
	var out any
	switch {
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		out = map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": s.Model,
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": text, "reasoning_content": Reasoning}}},
			"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 300, "total_tokens": 1300,
				"completion_tokens_details": map[string]any{"reasoning_tokens": 120}}}
	case strings.HasSuffix(r.URL.Path, "/responses"):
		out = map[string]any{"id": "resp_1", "object": "response", "created_at": 1, "status": "completed", "model": s.Model,
			"output": []any{
				map[string]any{"type": "reasoning", "id": "rs_1", "summary": []any{map[string]any{"type": "summary_text", "text": Reasoning}}},
				map[string]any{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
					"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}},
			"usage": map[string]any{"input_tokens": 1000, "output_tokens": 300, "total_tokens": 1300,
				"input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 120}}}
	case strings.HasSuffix(r.URL.Path, "/messages"):
		out = map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": s.Model,
			"content": []any{
				map[string]any{"type": "thinking", "thinking": Reasoning, "signature": "sig"},
				map[string]any{"type": "text", "text": text}},
			"stop_reason": "end_turn", "stop_sequence": nil, "usage": map[string]any{"input_tokens": 1000, "output_tokens": 300}}
	default:
		http.NotFound(w, r)
		return
	}
	json.NewEncoder(w).Encode(out)
}
