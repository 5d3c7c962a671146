package rulewords_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// same reports whether two expressions are the same rule: the same verdict
// in every state legal play can reach from any starter (rulebank's
// equivalence, the one guesses are judged by).
func same(t *testing.T, a, b string) (bool, error) {
	t.Helper()
	ca, err := rulebank.Compile(rulebank.Rule{Name: "a", Expr: a})
	if err != nil {
		return false, fmt.Errorf("%s: %w", a, err)
	}
	cb, err := rulebank.Compile(rulebank.Rule{Name: "b", Expr: b})
	if err != nil {
		return false, fmt.Errorf("%s: %w", b, err)
	}
	eq, err := rulebank.Equivalent(ca, cb)
	if err != nil {
		return false, err
	}
	if !eq.Equal {
		return false, nil
	}
	// both ways: the check explores the states the first rule reaches
	eq, err = rulebank.Equivalent(cb, ca)
	return err == nil && eq.Equal, err
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
