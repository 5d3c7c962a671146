package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFromWords(t *testing.T) {
	out, err := run(t, "rules", "from-words", "if the last card was black play 7 or higher, otherwise 6 or lower")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`expression: (prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)`,
		"in words:   if the last card is black: the card is 7 or higher; otherwise: the card is 6 or lower",
		"read by:    parser", "look-back:  card,prev", "acceptance: 0.", "dead ends:  none found", "examples:\n  after "} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}

// --lang reads the other languages, auto finds the language, and a text
// that reads only as a rule no card can follow is refused (exit 1).
func TestFromWordsLang(t *testing.T) {
	for _, c := range []struct {
		args      []string
		code      int
		lang      string
		want, err string
	}{
		{[]string{"--lang", "pt", "só cartas pretas"}, 0, "pt", `card.color == "black"`, ""},
		{[]string{"--lang", "es", "solo rojas"}, 0, "es", `card.color == "red"`, ""},
		{[]string{"--lang", "ca", "només cartes roges"}, 0, "ca", `card.color == "red"`, ""},
		{[]string{"només cartes roges"}, 0, "ca", `card.color == "red"`, ""},
		{[]string{"--lang", "auto", "only red cards"}, 0, "en", `card.color == "red"`, ""},
		{[]string{"--lang", "en", "só cartas pretas"}, 1, "en", "", "stuck at"},
		{[]string{"the card is a heart and a spade"}, 1, "en", "", "no card can ever follow"},
	} {
		out, err := run(t, append([]string{"rules", "from-words", "--format", "json"}, c.args...)...)
		if code := exitCode(err, context.Background()); code != c.code {
			t.Errorf("%q: exit status %d (%v), want %d", c.args, code, err, c.code)
		}
		var a map[string]any
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("%q: %v: %s", c.args, err, out)
		}
		if a["lang"] != c.lang || (c.want != "" && a["expr"] != c.want) || (c.err != "" && !strings.Contains(fmt.Sprint(a["error"]), c.err)) {
			t.Errorf("%q: %v", c.args, a)
		}
	}
	if _, err := run(t, "rules", "from-words", "--lang", "fr", "x"); err == nil || !strings.Contains(err.Error(), "choose one of auto, en") {
		t.Errorf("--lang fr: %v", err)
	}
}

func TestFromWordsFileJSON(t *testing.T) {
	f := filepath.Join(t.TempDir(), "rules.txt")
	os.WriteFile(f, []byte("# my rules\nonly red cards\n\nplay the best card\nred cards low, black cards high\n"), 0o644)
	out, err := run(t, "rules", "from-words", "--file", f, "--format", "json")
	if err == nil || !strings.Contains(err.Error(), "2 of 3 texts") {
		t.Errorf("error %v", err)
	}
	if exitCode(err, context.Background()) != 1 {
		t.Errorf("exit status %d", exitCode(err, context.Background()))
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d answers:\n%s", len(lines), out)
	}
	var got []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err, l)
		}
		got = append(got, m)
	}
	if got[0]["expr"] != `card.color == "red"` || got[0]["source"] != "parser" || got[0]["words"] != "the card is red" {
		t.Errorf("first answer %v", got[0])
	}
	if got[1]["expr"] != nil || !strings.Contains(got[1]["error"].(string), `stuck at "best"`) {
		t.Errorf("second answer %v", got[1])
	}
	if got[2]["expr"] != nil || len(got[2]["readings"].([]any)) != 4 {
		t.Errorf("third answer (ambiguous: every reading, none chosen) %v", got[2])
	}
}

// fakeModel is an OpenAI-compatible endpoint on loopback that answers
// every request with answer, and records the prompts.
func fakeModel(t *testing.T, answer string) (*httptest.Server, *[]string) {
	var prompts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sesame" {
			http.Error(w, "wrong path or key", http.StatusUnauthorized)
			return
		}
		body, _ := io.ReadAll(r.Body)
		prompts = append(prompts, string(body))
		w.Header().Set("Content-Type", "application/json") // as a server says it; the SDK reads JSON only so
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": answer}}}})
	}))
	t.Cleanup(srv.Close)
	return srv, &prompts
}

func TestFromWordsLLM(t *testing.T) {
	t.Setenv("MY_KEY", "sesame")
	srv, prompts := fakeModel(t, "```\ncard.suit == \"hearts\" or card.rank == 1\n```")
	llm := []string{"rules", "from-words", "--llm", "--llm-url", srv.URL + "/v1", "--llm-model", "m", "--llm-key-env", "MY_KEY", "--format", "json"}
	out, err := run(t, append(llm, "hearts and the aces, nothing else")...)
	if err != nil {
		t.Fatal(err, out)
	}
	var a map[string]any
	json.Unmarshal([]byte(out), &a)
	if a["source"] != "llm" || a["expr"] != `card.suit == "hearts" or card.rank == 1` || a["words"] != "the card is a heart or an ace" {
		t.Errorf("answer %v", a)
	}
	if len(*prompts) != 1 || !strings.Contains((*prompts)[0], "Look-back: how far back a rule sees") {
		t.Errorf("the prompt does not quote the rule language's manual")
	}
	// A text the parser reads never goes to the model.
	if _, err := run(t, append(llm, "only red cards")...); err != nil || len(*prompts) != 1 {
		t.Errorf("%v, %d requests", err, len(*prompts))
	}
	// An answer that is not a rule is refused.
	bad, _ := fakeModel(t, "card.colour == red")
	out, err = run(t, "rules", "from-words", "--llm", "--llm-url", bad.URL+"/v1", "--llm-model", "m", "--llm-key-env", "MY_KEY", "--format", "json", "hearts and the aces, nothing else")
	a = nil
	json.Unmarshal([]byte(out), &a)
	if err == nil || a["expr"] != nil || !strings.Contains(a["error"].(string), "which is not a rule") {
		t.Errorf("%v: %v", err, a)
	}
	// --llm without an endpoint is an error before anything is read.
	t.Setenv("ELEUSIS_LLM_URL", "")
	if _, err := run(t, "rules", "from-words", "--llm", "--llm-url", "", "only red cards"); err == nil {
		t.Error("--llm with no URL accepted")
	}
}

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"card.color != prev.color", "alternate colours"}, 0, "the same rule"},
		{[]string{"red", "black"}, 1, "different: after AS, A refuses AS and B accepts it"},
		{[]string{"higher", "play higher than the last card"}, 0, "the same rule"},
		{[]string{"n % 2 == 0", "n % 2 == 0 or n > 400"}, 0, "bounded check"},
		{[]string{"card.colour", "red"}, 2, "undecided"},
	} {
		out, err := run(t, append([]string{"rules", "compare"}, c.args...)...)
		if code := exitCode(err, context.Background()); code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("compare %q: status %d (%v), output %q; want %d, %q", c.args, code, err, out, c.code, c.want)
		}
	}
}

func TestComparePairs(t *testing.T) {
	f := filepath.Join(t.TempDir(), "pairs.tsv")
	os.WriteFile(f, []byte("card.suit == prev.suit\tthe same suit as the last card\nred\tblack\n"), 0o644)
	out, err := run(t, "rules", "compare", "--pairs", f)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 {
		t.Errorf("status %v", err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var first, second map[string]any
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	if first["same"] != true || second["same"] != false || len(second["line"].([]any)) != 1 {
		t.Errorf("%v\n%v", first, second)
	}
}
