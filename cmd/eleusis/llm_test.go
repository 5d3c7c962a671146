package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/fakellm"
	"github.com/eleusis/eleusis/lab"
)

// canary is the API key the tests plant in the environment: the fake
// provider takes no other, and no file a run writes may hold it.
const canary = "sk-canary-4a1f0c9e77d3b2e8"

// llmSetup writes a models file naming a Chat Completions model and an
// Anthropic one at the fake provider, and a model file for the Python
// kit's agent; the key is in ELEUSIS_TEST_KEY.
func llmSetup(t *testing.T, url string) (models, kitModel string) {
	t.Helper()
	t.Setenv("ELEUSIS_TEST_KEY", canary)
	dir := t.TempDir()
	models = filepath.Join(dir, "models.yaml")
	if err := os.WriteFile(models, []byte(`models:
  fast:
    model: fake-chat
    base_url: `+url+`/v1
    key_env: ELEUSIS_TEST_KEY
    price: {input: 2, output: 8}
    retries: 0
  thinker:
    api: anthropic
    model: fake-claude
    base_url: `+url+`
    key_env: ELEUSIS_TEST_KEY
    thinking_budget: 2048
    price: {input: 3, output: 15}
    retries: 0
`), 0o644); err != nil {
		t.Fatal(err)
	}
	kit := filepath.Join(t.TempDir(), "kit-model.yaml")
	if err := os.WriteFile(kit, []byte("base_url: "+url+"/v1\nmodel: fake-kit\nkey_env: ELEUSIS_TEST_KEY\nprice:\n  prompt: 2\n  completion: 8\nretries: 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return models, kit
}

// readTraces reads a run's trace file: every line of every member.
func readTraces(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// noCanary fails when a file under dir (a compressed one read through)
// holds the planted key.
func noCanary(t *testing.T, dir string) {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, ".gz") {
			gz, err := gzip.NewReader(strings.NewReader(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(gz); err != nil {
				t.Fatal(err)
			}
		}
		n++
		if strings.Contains(string(b), canary) || strings.Contains(string(b), canary[3:]) {
			t.Errorf("%s holds the API key", p)
		}
		return nil
	})
	if n < 5 {
		t.Errorf("only %d files to search in %s", n, dir)
	}
}

// The built-in LLM strategy through two APIs and the Python kit's agent,
// against a fake provider on loopback, under the public protocol: the
// trace file holds every call whole — the prompt, the reply to its last
// character, the reasoning text, the responding model — each system prompt
// once; run.json holds the models file and its hash; the key reached the
// provider and no file holds it. A run stopped by --max-cost resumes, but
// not after the models file changed.
func TestBenchLLMAgainstFakeProviders(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	srv := fakellm.New(canary, "fake-model-2026-01-15")
	defer srv.Close()
	models, kitModel := llmSetup(t, srv.URL)
	script, err := filepath.Abs("../../python/examples/llm_agent.py")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	kit := "exec(persistent=true,timeout=60,name=kit):python3 " + script + " --model-file " + kitModel
	args := []string{"bench", "--preset", "solo-public", "--models", models, "--agent-env", "ELEUSIS_TEST_KEY",
		"--strategies", "llm(model=fast);llm(model=thinker,name=thinker);" + kit,
		"--rules", "only-red,alternate-parity", "--hands", "1", "--seed", "4", "--workers", "2", "--out", dir}
	// A cap of a few cents: the run stops, resumably, before its end.
	_, err = run(t, append(args, "--max-cost", "0.3")...)
	var capped *lab.CostCapError
	if !errors.As(err, &capped) || !strings.Contains(err.Error(), "continue with --resume") {
		t.Fatalf("with --max-cost: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "hands.jsonl.part")); err != nil {
		t.Fatal(err)
	}
	// An edited models file is another run.
	orig, _ := os.ReadFile(models)
	if err := os.WriteFile(models, append(orig, []byte("# a price changed\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, append(args, "--resume")...); err == nil || !strings.Contains(err.Error(), "describes another run") || !strings.Contains(err.Error(), "models "+models) {
		t.Fatalf("resume after the models file changed: %v", err)
	}
	os.WriteFile(models, orig, 0o644)
	if _, err := run(t, append(args, "--resume", "--max-cost", "100")...); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "hands.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 6 {
		t.Fatalf("%d hands, want 6", n)
	}
	var meta lab.RunMeta
	rb, _ := os.ReadFile(filepath.Join(dir, "run.json"))
	if err := json.Unmarshal(rb, &meta); err != nil {
		t.Fatal(err)
	}
	if rs := meta.Resources["llm(model=fast)"]; len(rs) != 2 || rs[0].Content != string(orig) || rs[0].SHA256 == "" || rs[1].What != "prompt" {
		t.Errorf("run.json's resources for the LLM: %+v", rs)
	}
	if rs := meta.Resources[kit]; len(rs) < 3 || rs[1].Content == "" || !strings.Contains(rs[1].Content, "fake-kit") {
		t.Errorf("run.json's resources for the kit: %+v", rs)
	}
	calls := map[string]int{}
	systems := map[string]bool{}
	for _, c := range readTraces(t, filepath.Join(dir, "traces.jsonl.gz")) {
		if sys, ok := c["system"].(string); ok {
			h := c["system_sha256"].(string)
			if systems[h] || sys == "" {
				t.Errorf("system prompt %s written twice, or empty", h)
			}
			systems[h] = true
			continue
		}
		strategy, _ := c["strategy"].(string)
		calls[strategy]++
		reply, _ := c["reply"].(string)
		if c["reasoning"] != fakellm.Reasoning || !strings.Contains(reply, fakellm.Padding) || !strings.Contains(reply, fakellm.ReplyEnd) ||
			c["model"] != "fake-model-2026-01-15" || !systems[c["system_sha256"].(string)] || c["messages"] == nil {
			t.Errorf("%s: a call %v", strategy, c)
		}
	}
	for _, s := range []string{"llm(model=fast)", "llm(model=thinker,name=thinker)", kit} {
		if calls[s] < 30 {
			t.Errorf("%s: %d calls traced", s, calls[s])
		}
	}
	if srv.BadKeys.Load() != 0 || srv.Requests.Load() == 0 {
		t.Errorf("%d requests, %d with another key", srv.Requests.Load(), srv.BadKeys.Load())
	}
	noCanary(t, dir)
}
