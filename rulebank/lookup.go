package rulebank

import (
	"fmt"
	"regexp"
	"strings"
)

// Lookup finds the rule a transcript gives, by name or by expression: a
// name is a rule of the bank (Get); an expression (name empty) is compiled,
// file saying where it was written. A compiled expression has no name
// unless the bank holds a rule of the same expression, whose name,
// description and hint it then takes (its starter stays the transcript's:
// none).
//
// An expression that does not compile but is the name of a rule of the
// bank, or looks like one, is the slip of writing a name where an
// expression goes: the error says so.
func (b *Bank) Lookup(name, expr, file string) (*Compiled, error) {
	if name != "" {
		return b.Get(name)
	}
	c, err := Compile(Rule{Name: "rule", Expr: expr, File: file})
	if err != nil {
		// rule: same-suit is a slip for rule_name: same-suit; expr alone
		// would say "unknown name same".
		slip := strings.TrimSpace(expr)
		if _, nerr := b.Get(slip); nerr == nil {
			return nil, fmt.Errorf("%w\n(%s is the name of a rule of the bank: write rule_name: %s; rule: takes an expression)", err, slip, slip)
		}
		if ruleNameLike.MatchString(slip) {
			return nil, fmt.Errorf("%w\n(rule: takes an expression; a rule of the bank is given by its name as rule_name:)", err)
		}
		return nil, err
	}
	c.Rule.Name = ""
	if same := b.ByExpr(expr); same != nil {
		c.Rule.Name, c.Rule.Description, c.Rule.Hint = same.Rule.Name, same.Rule.Description, same.Rule.Hint
	}
	return c, nil
}

// ByExpr is the last rule of the bank written with the expression expr
// (spaces around it aside), or nil.
func (b *Bank) ByExpr(expr string) *Compiled {
	var found *Compiled
	for _, r := range b.Rules {
		if strings.TrimSpace(r.Rule.Expr) == strings.TrimSpace(expr) {
			found = r
		}
	}
	return found
}

// ruleNameLike matches what looks like a bank rule's name (kebab-case, at
// least two words) rather than an expression.
var ruleNameLike = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)+$`)
