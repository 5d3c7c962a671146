package rulebank

import (
	"slices"
	"strings"
	"testing"
)

func TestNumberLine(t *testing.T) {
	cases := []struct {
		expr string
		want string // "" = a number-line rule
	}{
		{`card.rank > prev.rank`, ""},
		{`(card.rank - prev.rank + 13) % 13 in [1, 2]`, ""},
		{`card.even`, ""},
		{`card.color != prev.color`, "prev.color"},
		{`prev.odd != card.odd`, "prev.odd"},
		{`prev2 == nil or card.rank > prev2.rank`, "prev2"},
		{`n % 2 == 0`, "n"},
		{`prev == card`, "whole last card"},
		{`prev["suit"] == "hearts"`, "prev.suit"},
	}
	for _, c := range cases {
		err := NumberLine(mustCompile(t, "x", c.expr))
		if c.want == "" && err != nil {
			t.Errorf("%s: %v", c.expr, err)
		}
		if c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: error %v, want one naming %q", c.expr, err, c.want)
		}
	}
	// Every rule the default bank tags number-line passes.
	nl := NumberLineBank(Default())
	for _, c := range Default().Rules {
		if slices.Contains(c.Rule.Tags, "number-line") {
			if _, err := nl.Get(c.Rule.Name); err != nil {
				t.Errorf("%s is tagged number-line but fails: %v", c.Rule.Name, NumberLine(c))
			}
		}
	}
}
