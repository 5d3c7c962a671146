package agents

import (
	"strings"
	"testing"
)

// A key on an outside agent's command line would be written into run.json,
// hands.jsonl and every table with the strategy's spec: refused.
func TestKeyOnCommandLineRefused(t *testing.T) {
	for _, c := range []string{
		"exec:python3 agent.py --key sk-live-0123456789abcdef",
		"exec(persistent=true):python3 agent.py --api-key=abc",
		"exec:OPENAI_API_KEY=sk-proj-0123456789abcdefghij python3 agent.py",
	} {
		if _, err := ParseSpec(c); err == nil || !strings.Contains(err.Error(), "--agent-env") {
			t.Errorf("%s: %v", c, err)
		}
	}
	if _, err := ParseSpec("exec:python3 agent.py --model-file models/m.yaml"); err != nil {
		t.Error(err)
	}
}
