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
