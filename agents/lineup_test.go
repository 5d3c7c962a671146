package agents

import (
	"strings"
	"testing"
)

// One reading of a line-up everywhere: seats trimmed, empty ones left out.
func TestSplitLineup(t *testing.T) {
	for in, want := range map[string]string{
		"bayes-eig;random":                   "bayes-eig|random",
		" a ;; b ;":                          "a|b",
		"exec:python3 a.py --x=1,2; random":  "exec:python3 a.py --x=1,2|random",
		"positive-tester(size=20000, eps=0)": "positive-tester(size=20000, eps=0)",
		"":                                   "",
	} {
		if got := strings.Join(SplitLineup(in), "|"); got != want {
			t.Errorf("SplitLineup(%q) = %q, want %q", in, got, want)
		}
	}
	specs, err := ParseLineup("bayes-eig;;random")
	if err != nil || len(specs) != 2 || specs[1].Name != "random" {
		t.Errorf("a;;b: %v %v", specs, err)
	}
	if _, err := ParseLineup("random;nosuch"); err == nil || !strings.Contains(err.Error(), "seat 2") {
		t.Errorf("a bad seat must be named: %v", err)
	}
	if _, err := ParseLineup(" ; "); err == nil {
		t.Error("an empty line-up must be an error")
	}
}

func TestSplitStrategies(t *testing.T) {
	for in, want := range map[string]string{
		"bayes-eig(eps=0.02,lambda=1),random":       "bayes-eig(eps=0.02,lambda=1)|random",
		"exec:python3 a.py --x=1,2;random":          "exec:python3 a.py --x=1,2|random",
		" positive-tester(size=20000, eps=0.05) , ": "positive-tester(size=20000, eps=0.05)",
		"": "",
	} {
		if got := strings.Join(SplitStrategies(in), "|"); got != want {
			t.Errorf("SplitStrategies(%q) = %q, want %q", in, got, want)
		}
	}
}
