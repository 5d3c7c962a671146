package rulewords_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// A model on loopback that answers every request with answer, and records
// the requests' bodies.
func fake(t *testing.T, status int, answer string) (*httptest.Server, *[]string) {
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		if status != http.StatusOK {
			http.Error(w, "busy", status)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": answer}}}})
	}))
	t.Cleanup(srv.Close)
	return srv, &bodies
}

func TestTranslate(t *testing.T) {
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
		{"refused", "", 503, "", "503"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, bodies := fake(t, c.status, c.answer)
			m := rulewords.Model{URL: srv.URL + "/v1/", Name: "m", Key: "sesame", Manual: "THE MANUAL", Language: "Portuguese"}
			got, err := m.Translate(context.Background(), "só vermelhas")
			if got != c.want || (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("Translate = %q, %v; want %q, %q", got, err, c.want, c.err)
			}
			b := (*bodies)[0]
			for _, want := range []string{"/v1/chat/completions Bearer sesame", "THE MANUAL", "written in Portuguese", "só vermelhas", `"temperature":0`} {
				if !strings.Contains(b, want) {
					t.Errorf("the request lacks %q: %s", want, b)
				}
			}
		})
	}
	if _, err := (rulewords.Model{}).Translate(context.Background(), "x"); err == nil {
		t.Error("a model with no URL: no error")
	}
}
