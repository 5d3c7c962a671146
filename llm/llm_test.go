package llm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/internal/fakellm"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// canary is the key the tests plant: no file may ever hold it.
const canary = "sk-canary-7f3e9d2c41b8a6e5"

// kitFor is a kit whose models file names one model of each API at the
// fake server, the key in ELEUSIS_TEST_KEY.
func kitFor(t *testing.T, url string) *agents.Kit {
	t.Helper()
	t.Setenv("ELEUSIS_TEST_KEY", canary)
	models := `models:
  chat:
    api: chat
    model: fake-chat
    base_url: ` + url + `/v1
    key_env: ELEUSIS_TEST_KEY
    reasoning_effort: low
    price: {input: 1.25, output: 10}
    retries: 0
  responses:
    api: responses
    model: fake-responses
    base_url: ` + url + `/v1
    key_env: ELEUSIS_TEST_KEY
    reasoning_effort: medium
    price: {input: 1.25, output: 10}
    retries: 0
  claude:
    api: anthropic
    model: fake-claude
    base_url: ` + url + `
    key_env: ELEUSIS_TEST_KEY
    thinking_budget: 2000
    price: {input: 3, output: 15}
    retries: 0
`
	path := filepath.Join(t.TempDir(), "models.yaml")
	if err := os.WriteFile(path, []byte(models), 0o644); err != nil {
		t.Fatal(err)
	}
	k := agents.NewKit()
	k.SetModelsFile(path)
	return k
}

func rule(t *testing.T, expr string) *rulebank.Compiled {
	t.Helper()
	c, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: expr})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A hand of llm(model=…) through each API, against a fake provider: the
// key reaches the provider; each call's trace holds the prompt as sent,
// the whole reply, the reasoning text, the reasoning tokens (where the
// API counts them), the responding model and the cost; the answers' meta
// carry the figures the bench sums; the stated rule is measured; the
// statement is judged and its verdict is in the next prompt.
func TestEveryAPI(t *testing.T) {
	srv := fakellm.New(canary, "fake-model-2026-01-15")
	defer srv.Close()
	k := kitFor(t, srv.URL)
	opts, _ := sim.Preset("solo-public")
	for _, name := range []string{"chat", "responses", "claude"} {
		t.Run(name, func(t *testing.T) {
			sp, err := agents.ParseSpec("llm(model=" + name + ")")
			if err != nil {
				t.Fatal(err)
			}
			out, err := k.Play(agents.HandSetup{Rule: rule(t, `card.rank % 2 == 1`), Options: opts, Lineup: []agents.Spec{sp}, Seed: 5, Measure: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Failures) > 0 || out.Result.Turns != 30 {
				t.Fatalf("failures %v, %d moves (the rule is never found: 30)", out.Failures, out.Result.Turns)
			}
			if st := sim.StatementsOf(out.Result.History, 1)[0]; st.Wrong != 1 {
				t.Errorf("statements %+v: it states its rule once, wrongly", st)
			}
			if len(out.Traces) != 1 || len(out.Traces[0].Calls) != 30 {
				t.Fatalf("traces %d", len(out.Traces))
			}
			var c traceCall
			if err := json.Unmarshal(out.Traces[0].Calls[1], &c); err != nil {
				t.Fatal(err)
			}
			if c.Reasoning != fakellm.Reasoning || !strings.Contains(c.Reply, fakellm.Padding) || !strings.Contains(c.Reply, fakellm.ReplyEnd) ||
				c.Model != "fake-model-2026-01-15" || c.Requested != "fake-"+strings.TrimPrefix(name, "fake-") && name != "claude" ||
				c.PromptTokens != 1000 || c.CompletionTokens != 300 || c.CostUSD == nil || c.Read != "usable" || c.System == "" ||
				!strings.Contains(c.Messages[0].Content, "Your hand:") || !strings.Contains(c.Messages[0].Content, "You stated after move 1") {
				t.Errorf("trace %+v", c)
			}
			if name == "claude" != (c.ReasoningTokens == nil) {
				t.Errorf("reasoning tokens %v: Anthropic does not count them apart, OpenAI does", c.ReasoningTokens)
			}
			u := out.Usage[0]
			if u == nil || u.Answers != 30 || u.PromptTokens != 30000 || u.CompletionTokens != 9000 || u.Fallbacks != 0 || !(u.CostUSD > 0) {
				t.Errorf("usage %+v", u)
			}
			if m := out.Measures[0]; m == nil || m.Stated == "" || m.Identified {
				t.Errorf("measures %+v: it stated only-red, which is not God's", m)
			}
		})
	}
	if srv.BadKeys.Load() != 0 {
		t.Errorf("%d requests without the key", srv.BadKeys.Load())
	}
}

// A provider that fails: the SDK's retries spent, each failed answer is a
// fallback (a random card, marked in its meta); after max_provider_errors
// in a row the seat fails the hand and leaves it.
func TestProviderDown(t *testing.T) {
	srv := fakellm.New(canary, "fake")
	defer srv.Close()
	srv.Fail.Store(503)
	k := kitFor(t, srv.URL)
	opts, _ := sim.Preset("solo-public")
	sp, _ := agents.ParseSpec("llm(model=chat)")
	out, err := k.Play(agents.HandSetup{Rule: rule(t, `card.rank % 2 == 1`), Options: opts, Lineup: []agents.Spec{sp}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Failures) != 1 || out.Failures[0].Turn != 2 || !strings.Contains(out.Failures[0].Error, "3 requests in a row failed") ||
		!strings.Contains(out.Failures[0].Error, "503") || out.Result.Players[0].Score != 0 {
		t.Fatalf("failures %+v, result %+v", out.Failures, out.Result.Players)
	}
	if u := out.Usage[0]; u == nil || u.Fallbacks != 2 {
		t.Errorf("usage %+v: the two moves before the failure were fallbacks", u)
	}
}

// The models file: every mistake is an error naming the file, the line
// and the model; keys are named, never written.
func TestModelsFileErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"models:\n  a:\n    model: x\n    colour: red\n", `models.yaml:3: model a: line 2: field colour not found`},
		{"models:\n  a:\n    api: gemini\n    model: x\n", `models.yaml:3: model a: api "gemini"`},
		{"models:\n  a:\n    api: chat\n", "model: the model's name at the provider is missing"},
		{"models:\n  a:\n    model: x\n    key_env: sk-live-123\n", "is not the name of an environment variable"},
		{"models:\n  a:\n    model: x\n    thinking_budget: 2000\n", "thinking_budget is Anthropic's"},
		{"models:\n  a:\n    api: anthropic\n    model: x\n    thinking_budget: 5000\n    max_output_tokens: 4000\n", "must exceed thinking_budget"},
		{"model: x\n", `models.yaml:1: unknown key "model"`},
	} {
		_, err := ParseModels([]byte(c.text), "models.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	k := agents.NewKit()
	k.SetModelsFile(filepath.Join(t.TempDir(), "none.yaml"))
	sp, _ := agents.ParseSpec("llm(model=x)")
	if err := k.CheckSpec(sp); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing models file: %v", err)
	}
	if _, err := agents.ParseSpec("llm(model=x,size=3)"); err == nil {
		t.Error("llm takes no size")
	}
}
