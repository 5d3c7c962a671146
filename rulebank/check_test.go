package rulebank

import (
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

func TestCheckRules(t *testing.T) {
	rule := func(name, expr string, tags ...string) *Compiled {
		c, err := Compile(Rule{Name: name, Expr: expr, Tags: tags})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		name   string
		rule   *Compiled
		cfg    CheckConfig
		failed bool
		why    string // in the failure's error
	}{
		{"alternating colours pass", rule("alt", "card.color != prev.color"), CheckConfig{}, false, ""},
		{"a dead end fails", rule("up", "card.rank > prev.rank"), CheckConfig{}, true, "up has a dead end: after the main line"},
		{"a dead end after a king: no card legal there", rule("up", "card.rank > prev.rank"), CheckConfig{}, true, "no card is legal, so"},
		{"a rule that admits no card says so", rule("none", "card.rank > 13"), CheckConfig{}, true, "no card is legal: the rule admitted no card in any state"},
		{"a dead end tagged passes", rule("up", "card.rank > prev.rank", "dead-end"), CheckConfig{}, false, ""},
		{"a dead end allowed passes", rule("up", "card.rank > prev.rank"), CheckConfig{AllowDeadEnds: true}, false, ""},
		{"only aces: the legal cards of two decks used up", rule("aces", "card.rank == 1"), CheckConfig{}, true, "every legal card of the 2 decks is used up"},
		{"the cards used up are named", rule("aces", "card.rank == 1"), CheckConfig{}, true, "is used up (the rule admits only AS AH AD AC there)"},
		{"only aces, one deck", rule("aces", "card.rank == 1"), CheckConfig{Analyse: AnalyseConfig{Decks: 1, Walks: 20, Horizon: 40, Seed: 1}}, true, "every legal card of the one deck is used up"},
		{"number line: prev.suit fails", rule("suit", "card.suit != prev.suit"), CheckConfig{NumberLine: true}, true, "not a number-line rule"},
		{"number line: prev.rank passes", rule("close", "abs(card.rank - prev.rank) <= 3"), CheckConfig{NumberLine: true}, false, ""},
		{"a rule failing at run time fails", rule("bad", "line[99].rank > 0"), CheckConfig{}, true, "bad: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.cfg.Analyse.Decks == 0 {
				tc.cfg.Analyse = AnalyseConfig{Decks: 2, Walks: 20, Horizon: 40, Seed: 1}
			}
			c := CheckRules([]*Compiled{tc.rule}, tc.cfg)
			if len(c.Reports) != 1 || c.Reports[0].Rule != tc.rule.Rule.Name {
				t.Fatalf("reports %+v", c.Reports)
			}
			err := c.Err()
			if (err != nil) != tc.failed {
				t.Fatalf("error %v, want a failure: %v (report %+v)", err, tc.failed, c.Reports[0])
			}
			if err != nil && (!strings.Contains(err.Error(), tc.why) || !strings.HasPrefix(err.Error(), "1 rule failed the check: "+tc.rule.Rule.Name)) {
				t.Errorf("error %q: want it to start with the rule that failed and say %q", err, tc.why)
			}
		})
	}
}

func TestCheckRulesKeepsOrder(t *testing.T) {
	var rules []*Compiled
	for _, e := range []string{"card.rank > prev.rank", "card.color != prev.color", "card.rank == 1", "card.suit != prev.suit"} {
		rules = append(rules, mustCompile(t, e, e))
	}
	c := CheckRules(rules, CheckConfig{Analyse: AnalyseConfig{Decks: 2, Walks: 10, Horizon: 30, Seed: 1}})
	for i, r := range rules {
		if c.Reports[i].Rule != r.Rule.Name {
			t.Errorf("report %d is %q, want %q", i, c.Reports[i].Rule, r.Rule.Name)
		}
	}
	want := "2 rules failed the check: card.rank > prev.rank, card.rank == 1"
	if err := c.Err(); err == nil || strings.Split(err.Error(), "\n")[0] != want || len(c.Why) != 2 {
		t.Errorf("error %v, want first line %q and one reason per rule", err, want)
	}
}

func TestLookup(t *testing.T) {
	b := Default()
	same := b.Rules[0]
	for _, tc := range []struct {
		name, ruleName, expr string
		want                 string // the rule's name
		err                  string
	}{
		{"by name", same.Rule.Name, "", same.Rule.Name, ""},
		{"an unknown name", "no-such-rule", "", "", `no rule named "no-such-rule"`},
		{"the bank's expression takes its name", "", "  " + same.Rule.Expr + " ", same.Rule.Name, ""},
		{"another expression has none", "", "card.rank == 13 || card.rank == 2", "", ""},
		{"a name under rule:", "", same.Rule.Name, "", "is the name of a rule of the bank: write rule_name: " + same.Rule.Name},
		{"a name-like slip", "", "no-such-rule", "", "a rule of the bank is given by its name as rule_name:"},
		{"a bad expression", "", "card.rank >", "", "hand.yaml"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := b.Lookup(tc.ruleName, tc.expr, "hand.yaml")
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q in it", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Rule.Name != tc.want {
				t.Errorf("name %q, want %q", c.Rule.Name, tc.want)
			}
		})
	}
}

// DeadEndWhat says what happens at a dead end, from the report alone.
func TestDeadEndWhat(t *testing.T) {
	line := []sim.Card{0}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"none", Report{}, ""},
		{"no card legal, the rule admits some", Report{Acceptance: 0.4, DeadEnd: &DeadEnd{Line: line, Structural: true}}, "no card is legal"},
		{"no card legal, the rule admits none", Report{DeadEnd: &DeadEnd{Line: line, Structural: true}}, "no card is legal: the rule admitted no card in any state the check visited"},
		{"used up, three decks", Report{Acceptance: 0.1, DeadEnd: &DeadEnd{Line: line, Decks: 3}}, "every legal card of the 3 decks is used up"},
		{"used up, one deck", Report{Acceptance: 0.1, DeadEnd: &DeadEnd{Line: line, Decks: 1}}, "every legal card of the one deck is used up"},
		{"used up, decks not recorded", Report{Acceptance: 0.1, DeadEnd: &DeadEnd{Line: line}}, "every legal card is used up"},
	} {
		if got := tc.r.DeadEndWhat(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
