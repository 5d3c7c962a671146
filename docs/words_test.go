package docs

import (
	"slices"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
)

// Every row of rules-in-words.md's "you write | it reads as" table reads as
// exactly one rule, the one beside it.
func TestRulesInWordsTable(t *testing.T) {
	n := 0
	for _, tb := range tables(t, "rules-in-words.md") {
		w, e := slices.Index(tb.header, "you write"), slices.Index(tb.header, "it reads as")
		if w < 0 || e < 0 {
			continue
		}
		for i, row := range tb.rows {
			want, ok := codeOnly(row[e])
			if !ok {
				t.Fatalf("rules-in-words.md:%d: no expression", tb.line+2+i)
			}
			n++
			got, err := rulebank.FromWords(row[w])
			if err != nil {
				t.Errorf("rules-in-words.md:%d: %q: %v", tb.line+2+i, row[w], err)
				continue
			}
			a, _ := rulebank.Compile(rulebank.Rule{Name: "want", Expr: want})
			b, _ := rulebank.Compile(rulebank.Rule{Name: "got", Expr: got.Expr})
			if e, err := rulebank.Compare(a, b, true); err != nil || !e.Equal {
				t.Errorf("rules-in-words.md:%d: %q reads as %s, not %s (%v)", tb.line+2+i, row[w], got.Expr, want, err)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d rows found", n)
	}
}
