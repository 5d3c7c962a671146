package rulebank_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/expr-lang/expr/parser"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// The clock's guard on one comparison (30 s) is for people waiting on an
// answer; the work budget bounds the tests' comparisons, and on a shared,
// loaded machine (the landing suite runs beside other work) a comparison
// that needs 5 s of CPU can take longer than 30 s and come out undecided.
func init() { rulebank.EquivalenceTimeout = 10 * time.Minute }

// sameMemo remembers comparisons of rules (the words' tests compare the
// same pairs in every language).
var sameMemo sync.Map

type sameAnswer struct {
	ok  bool
	err error
}

// same reports whether two expressions are the same rule: the same verdict
// in every state legal play can reach, both ways (rulebank's equivalence,
// the one guesses are judged by). Expressions that parse to the same tree
// are the same without a search.
func same(t *testing.T, a, b string) (bool, error) {
	t.Helper()
	if pa, pb := parsed(a), parsed(b); pa != "" && pa == pb {
		return true, nil
	}
	if v, ok := sameMemo.Load([2]string{a, b}); ok {
		return v.(sameAnswer).ok, v.(sameAnswer).err
	}
	ok, err := compare(a, b, !longtest.On() || testing.Short())
	sameMemo.Store([2]string{a, b}, sameAnswer{ok, err})
	return ok, err
}

// compare compares a and b by rulebank.Compare; quick, two rules that read
// the whole main line are compared on a few random legal lines only (the
// long tests, ELEUSIS_LONG_TESTS, search 300 of up to 80 cards: most of the
// words' tests' time went there).
func compare(a, b string, quick bool) (bool, error) {
	ca, err := rulebank.Compile(rulebank.Rule{Name: "a", Expr: a})
	if err != nil {
		return false, fmt.Errorf("%s: %w", a, err)
	}
	cb, err := rulebank.Compile(rulebank.Rule{Name: "b", Expr: b})
	if err != nil {
		return false, fmt.Errorf("%s: %w", b, err)
	}
	if quick && (ca.Reads.Depth() < 0 || cb.Reads.Depth() < 0) {
		return sampled(ca, cb)
	}
	for _, p := range [][2]*rulebank.Compiled{{ca, cb}, {cb, ca}} {
		eq, err := rulebank.Compare(p[0], p[1], true)
		if err != nil || !eq.Equal {
			return false, err
		}
	}
	return true, nil
}

// sampled compares two rules on the random legal lines of each.
func sampled(a, b *rulebank.Compiled) (bool, error) {
	for _, p := range [][2]*rulebank.Compiled{{a, b}, {b, a}} {
		ex, err := rulebank.Examples(p[0], 25, 7)
		if err != nil {
			return false, err
		}
		ja, jb := p[0].NewJudge(), p[1].NewJudge()
		for _, e := range ex {
			ma, err1 := ja.Legal(e.Line)
			mb, err2 := jb.Legal(e.Line)
			if err1 != nil || err2 != nil || ma != mb {
				return false, errors.Join(err1, err2)
			}
		}
	}
	return true, nil
}

// parsed is an expression as expr's parser prints it back ("" when it
// does not parse).
func parsed(e string) string {
	tree, err := parser.Parse(e)
	if err != nil {
		return ""
	}
	return tree.Node.String()
}

// behaviours merges readings that are the same rule.
func behaviours(t *testing.T, rs []rulewords.Reading) ([]string, error) {
	var out []string
	for _, r := range rs {
		dup := false
		for _, o := range out {
			ok, err := same(t, o, r.Expr)
			if err != nil && !errors.Is(err, rulebank.ErrUndecided) {
				return nil, err
			}
			if ok {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, r.Expr)
		}
	}
	return out, nil
}
