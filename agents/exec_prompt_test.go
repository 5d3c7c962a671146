package agents

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
)

// docRules are the rules docs/agent-protocol.md shows in its JSON
// examples: every "rule" and "guess" string.
func docRules(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../docs/agent-protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range regexp.MustCompile(`"(?:rule|guess)":\s*("(?:[^"\\]|\\.)*")`).FindAllSubmatch(b, -1) {
		var s string
		if err := json.Unmarshal(m[1], &s); err != nil {
			t.Fatalf("docs/agent-protocol.md: %s: %v", m[1], err)
		}
		if s != "" {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		t.Fatal("no rule found in docs/agent-protocol.md's examples: the test checks nothing")
	}
	return out
}

// No example an agent is shown is a rule of the bank: the rule language's
// examples (sent in new_hand, and put in the LLM agent's prompt) and the
// rules of docs/agent-protocol.md's examples each differ from every rule
// of the default bank in some state legal play reaches, as `eleusis rules
// compare` decides it, whichever card opens.
func TestExamplesAreNoBankRule(t *testing.T) {
	longtest.Skip(t) // every example against every rule of the bank, exactly
	var examples []string
	for _, ex := range Language().Examples {
		examples = append(examples, ex.Rule)
	}
	examples = append(examples, docRules(t)...)
	bank := rulebank.Default()
	for _, ex := range examples {
		t.Run(ex, func(t *testing.T) {
			c, err := rulebank.Compile(rulebank.Rule{Name: "example", Expr: ex})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range bank.Rules {
				for _, anyStarter := range []bool{false, true} {
					eq, err := rulebank.Compare(r, c, anyStarter)
					if err != nil {
						t.Fatalf("against %s: %v", r.Rule.Name, err)
					}
					if eq.Equal {
						t.Errorf("is the bank's %s (%s)", r.Rule.Name, r.Rule.Expr)
					}
				}
			}
		})
	}
}
