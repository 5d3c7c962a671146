package rulebank

import "testing"

// Each call of Default gives a bank of its own: merging into one, or
// replacing its rules, leaves the next call's bank as embedded; the compiled
// rules themselves are shared.
func TestDefaultBanksAreApart(t *testing.T) {
	a := Default()
	name := a.Rules[0].Rule.Name
	mine, err := Load([]byte("rules:\n  - name: "+name+"\n    expr: 'card.rank > 5'\n  - name: only-mine\n    expr: 'true'\n"), "mine.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a.Merge(mine)
	a.Rules = a.Rules[:1]
	b := Default()
	if c, err := b.Get(name); err != nil || c.Rule.Expr == "card.rank > 5" {
		t.Errorf("the default bank's %s after another caller replaced it: %+v, %v", name, c, err)
	}
	if _, err := b.Get("only-mine"); err == nil {
		t.Error("a rule merged into another caller's default bank is in this one")
	}
	if len(b.Rules) != len(defaultCompiled().Rules) || b.Rules[1] != defaultCompiled().Rules[1] {
		t.Errorf("the default bank has %d rules, or rules compiled again", len(b.Rules))
	}
}
