package rulewords_test

import (
	"slices"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// readCase is a text in a language and its readings, exactly (nil: the
// text is refused).
type readCase struct {
	lang, text string
	want       []string
}

// readsExactly reads each case's text and fails t where its readings are
// not the ones wanted.
func readsExactly(t *testing.T, cases []readCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.lang+" "+c.text, func(t *testing.T) {
			rs, err := rulewords.ReadIn(c.lang, c.text)
			var got []string
			for _, r := range rs {
				got = append(got, r.Expr)
			}
			if c.want == nil {
				if err == nil {
					t.Fatalf("read as %q, want it refused", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("read as\n  %q\nwant\n  %q", got, c.want)
			}
		})
	}
}

// saysBack reads text in lang and fails t where the words said back for a
// reading do not read as that reading's rule, and as it alone.
func saysBack(t *testing.T, lang, text string) {
	t.Helper()
	rs, _ := rulewords.ReadIn(lang, text)
	for _, r := range rs {
		back, err := rulewords.ReadIn(lang, r.Words)
		if err != nil || len(back) != 1 || back[0].Expr != r.Expr {
			t.Errorf("%s %q: %s said back as %q, which reads %v (%v)", lang, text, r.Expr, r.Words, back, err)
		}
	}
}
