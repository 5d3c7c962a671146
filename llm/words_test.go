package llm

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/fakellm"
)

// A rule read from words through each API, against a fake provider: the
// prompt quotes the manual and names the text's language, the key reaches
// the provider, the fences the model adds are dropped; a text the model
// cannot read either and a provider down are errors that say so.
func TestRuleReaderEveryAPI(t *testing.T) {
	srv := fakellm.New(canary, "fake-reader")
	defer srv.Close()
	reg, err := ParseModels([]byte(`models:
  chat: {api: chat, model: fake-chat, base_url: `+srv.URL+`/v1, retries: 0}
  responses: {api: responses, model: fake-responses, base_url: `+srv.URL+`/v1, retries: 0}
  claude: {api: anthropic, model: fake-claude, base_url: `+srv.URL+`, retries: 0}
`), "models.yaml")
	if err != nil {
		t.Fatal(err)
	}
	compatible, err := CompatibleModel(srv.URL+"/v1", "local-model")
	if err != nil {
		t.Fatal(err)
	}
	const manual = "MANUAL: card.suit, card.rank"
	for _, m := range []*Model{reg.Models["chat"], reg.Models["responses"], reg.Models["claude"], compatible} {
		t.Run(m.Name, func(t *testing.T) {
			r := NewRuleReader(m, canary, manual)
			before := len(srv.Bodies())
			got, err := r.Translate(context.Background(), "Portuguese", "copas e os ases, nada mais")
			if err != nil || got != fakellm.RuleExpr {
				t.Fatalf("got %q, %v; want %q", got, err, fakellm.RuleExpr)
			}
			bodies := srv.Bodies()[before:]
			if len(bodies) != 1 {
				t.Fatalf("%d requests", len(bodies))
			}
			for _, want := range []string{manual, "copas e os ases", "written in Portuguese"} {
				if !strings.Contains(bodies[0], want) {
					t.Errorf("the request lacks %q: %s", want, bodies[0])
				}
			}
			if _, err := r.Translate(context.Background(), "", fakellm.NoRule); err == nil || !strings.Contains(err.Error(), "could not read it as one rule") {
				t.Errorf("no rule: %v", err)
			}
		})
	}
	if srv.BadKeys.Load() != 0 {
		t.Errorf("%d requests without the key", srv.BadKeys.Load())
	}
	srv.Fail.Store(503)
	if _, err := NewRuleReader(compatible, canary, manual).Translate(context.Background(), "", "reds only"); err == nil ||
		!strings.Contains(err.Error(), "model local-model") || !strings.Contains(err.Error(), "503") {
		t.Errorf("provider down: %v", err)
	}
}

// A model named on the command line (an OpenAI-compatible server): what
// its answers become, and the request it is sent — the chat path, the
// key, the manual, the language, temperature 0.
func TestRuleReaderCompatible(t *testing.T) {
	for _, c := range []struct {
		name, answer string
		status       int
		want, err    string
	}{
		{"bare", `card.color == "red"`, 200, `card.color == "red"`, ""},
		{"fenced", "```expr\ncard.face\n```", 200, "card.face", ""},
		{"labelled", "expr: `card.even`", 200, "card.even", ""},
		{"unreadable", "UNREADABLE", 200, "", "could not read it"},
		{"empty", "  ", 200, "", "empty answer"},
		{"refused", "", 400, "", "400"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				got = append(got, r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
				if c.status != http.StatusOK {
					http.Error(w, `{"error": {"message": "bad request"}}`, c.status)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": c.answer}}}})
			}))
			defer srv.Close()
			m, err := CompatibleModel(srv.URL+"/v1/", "m")
			if err != nil {
				t.Fatal(err)
			}
			expr, err := NewRuleReader(m, "sesame", "THE MANUAL").Translate(context.Background(), "Portuguese", "só vermelhas")
			if expr != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("Translate = %q, %v; want %q, %q", expr, err, c.want, c.err)
			}
			if len(got) != 1 {
				t.Fatalf("%d requests (a 400 is not retried)", len(got))
			}
			for _, want := range []string{"/v1/chat/completions Bearer sesame", "THE MANUAL", "written in Portuguese", "só vermelhas", `"temperature":0`} {
				if !strings.Contains(got[0], want) {
					t.Errorf("the request lacks %q: %s", want, got[0])
				}
			}
		})
	}
	if _, err := CompatibleModel("", "m"); err == nil {
		t.Error("a model without a URL accepted")
	}
}
