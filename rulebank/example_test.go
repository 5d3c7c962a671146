package rulebank_test

import (
	"fmt"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Compile a rule of the rule language (docs/rule-language.md) and ask its
// judge whether cards may follow a main line.
func ExampleCompile() {
	rule, err := rulebank.Compile(rulebank.Rule{Name: "alternate-colour", Expr: "card.color != prev.color"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("reads:", rule.Reads)
	judge := rule.NewJudge()
	line, _ := sim.ParseCards("KH 5S")
	for _, s := range []string{"9C", "QD"} {
		card, _ := sim.ParseCard(s)
		ok, err := judge.Accepts(line, card)
		fmt.Println("after KH 5S,", s, "follows the rule:", ok, err)
	}
	// Output:
	// reads: card,prev
	// after KH 5S, 9C follows the rule: false <nil>
	// after KH 5S, QD follows the rule: true <nil>
}

// A rule that cannot be compiled says where, with a caret.
func ExampleCompile_error() {
	_, err := rulebank.Compile(rulebank.Rule{Name: "typo", Expr: "card.colour == prev.color"})
	fmt.Println(err)
	// Output:
	// rule "typo": expr: a card has no field colour (its fields: rank, suit, color, face, even, odd) (1:6)
	//  | card.colour == prev.color
	//  | .....^
}

// Read a rule a teacher typed in Portuguese: its readings, one per
// different rule, each said back in Portuguese.
func ExampleReadWordsIn() {
	rs, err := rulebank.ReadWordsIn("pt", "jogue uma carta do mesmo naipe da última carta")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rs {
		fmt.Println(r.Expr)
		fmt.Println(r.Words)
	}
	// Output:
	// card.suit == prev.suit
	// a carta tem o mesmo naipe que a última carta
}

// The verdict of `rules check`: a rule that can get stuck fails unless its
// author tags it dead-end.
func ExampleCheckRules() {
	alternate, _ := rulebank.Compile(rulebank.Rule{Name: "alternate", Expr: "card.color != prev.color"})
	aces, _ := rulebank.Compile(rulebank.Rule{Name: "only-aces", Expr: "card.rank == 1"})
	check := rulebank.CheckRules([]*rulebank.Compiled{alternate, aces}, rulebank.CheckConfig{Analyse: rulebank.DefaultAnalyse})
	for _, r := range check.Reports {
		fmt.Printf("%s: acceptance %.2f, dead end %v\n", r.Rule, r.Acceptance, r.DeadEnd != nil)
	}
	fmt.Println("failed:", check.Failed)
	// Output:
	// alternate: acceptance 0.50, dead end false
	// only-aces: acceptance 0.08, dead end true
	// failed: [only-aces]
}
