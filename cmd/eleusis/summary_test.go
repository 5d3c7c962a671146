package main

import (
	"strings"
	"testing"

	"github.com/eleusis/eleusis/lab"
	"github.com/eleusis/eleusis/rulebank"
)

// A run.json of a command that sums nothing up (or of none) is refused,
// not summed up as a ranking.
func TestSummaryOfUnknownCommand(t *testing.T) {
	g := &global{}
	for _, command := range []string{"", "design", "play"} {
		if _, err := g.summaryOf(command, &lab.Plan{}, &lab.Lab{Bank: rulebank.Default()}); err == nil || !strings.Contains(err.Error(), "only runs of bench or rank are summed up") {
			t.Errorf("%q: %v", command, err)
		}
	}
	for command := range summaries {
		if s, err := g.summaryOf(command, &lab.Plan{}, &lab.Lab{Bank: rulebank.Default()}); err != nil || s.Summary == nil {
			t.Errorf("%q: %v", command, err)
		}
	}
}
