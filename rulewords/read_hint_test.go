package rulewords

import (
	"strings"
	"testing"
)

// Words all known but not in an order the reader reads say how far from
// the start they read as a rule, when some first part does.
func TestNotInThisOrderSaysHowFarItReads(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"lower cards on top of red ones, higher on black", `"lower cards on top of red ones" reads as a rule, but not with "higher on black" after it`},
		{"red black only", `"red" reads as a rule, but not with "black only" after it`},
	} {
		t.Run(c.text, func(t *testing.T) {
			_, err := Read(c.text)
			if err == nil || !strings.Contains(err.Error(), "not in this order") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want …%s", err, c.want)
			}
		})
	}
}
