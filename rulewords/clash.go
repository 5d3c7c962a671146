package rulewords

import (
	"fmt"
	"slices"
	"strings"

	"github.com/expr-lang/expr"
)

// clash reports whether a rule and an exception to it can never hold
// together where the exception applies: after a king, "one more than the
// last card" and "an ace" ask for no card at all, so "one more than the
// last card, and after a king an ace" says the exception, not both. Only
// rules of the card and the last card are judged (over every pair of
// cards); others never clash.
func clash(rule, cond, then *pred) bool {
	// "same suit as the last ace, if there is no ace yet play hearts": the
	// rule says nothing where the exception holds
	if c := cond.expr(); strings.HasPrefix(c, "none(line, ") {
		if strings.Contains(rule.expr(), "last(filter(line, "+strings.TrimPrefix(c, "none(line, ")+")") {
			return true
		}
	}
	both := fmt.Sprintf("(%s) and (%s) and (%s)", cond.expr(), rule.expr(), then.expr())
	for _, m := range cardNameRE.FindAllString(both, -1) {
		if m != "card" && m != "prev" {
			return false
		}
	}
	pb, err1 := expr.Compile(both, expr.Env(pairEnv{}), expr.AsBool())
	pc, err2 := expr.Compile(cond.expr(), expr.Env(pairEnv{}), expr.AsBool())
	if err1 != nil || err2 != nil {
		return false
	}
	applies := false
	deck := allCards()
	for i := range deck {
		for j := range deck {
			env := pairEnv{Prev: &deck[i], Card: &deck[j]}
			c, err := expr.Run(pc, env)
			if err != nil {
				return false
			}
			if c != true {
				continue
			}
			applies = true
			x, err := expr.Run(pb, env)
			if err != nil || x == true {
				return false
			}
		}
	}
	return applies
}

// stalls: rule p, of the card and the last card, allows some card and
// after every card it allows none: "alternate colours, and only black
// cards of 7 or lower" leaves nothing to play after the first black card.
func stalls(p *pred) bool {
	e := p.expr()
	for _, m := range cardNameRE.FindAllString(e, -1) {
		if m != "card" && m != "prev" {
			return false
		}
	}
	prog, err := expr.Compile(e, expr.Env(pairEnv{}), expr.AsBool())
	if err != nil {
		return false
	}
	deck := allCards()
	allows := func(prev, card int) bool {
		x, err := expr.Run(prog, pairEnv{Prev: &deck[prev], Card: &deck[card]})
		return err == nil && x == true
	}
	followed := make([]bool, len(deck)) // some card may follow it
	for i := range deck {
		for j := range deck {
			if allows(i, j) {
				followed[i] = true
				break
			}
		}
	}
	played := false
	for i := range deck {
		for j := range deck {
			if allows(i, j) {
				played = true
				if followed[j] {
					return false
				}
			}
		}
	}
	return played
}

// pairEnv is the rule language's card and last card, for clash.
type pairEnv struct {
	Card *oneCard `expr:"card"`
	Prev *oneCard `expr:"prev"`
}

// everyPairGives: e, a Boolean rule of the card and the last card, gives
// want after every card for every card (false where it does not compile
// or fails to run).
func everyPairGives(e string, want bool) bool {
	prog, err := expr.Compile(e, expr.Env(pairEnv{}), expr.AsBool())
	if err != nil {
		return false
	}
	deck := allCards()
	for i := range deck {
		for j := range deck {
			if x, err := expr.Run(prog, pairEnv{Prev: &deck[i], Card: &deck[j]}); err != nil || x != want {
				return false
			}
		}
	}
	return true
}

// allCards are the 52 cards as the rule language sees one.
func allCards() []oneCard {
	var out []oneCard
	for _, suit := range []string{"spades", "hearts", "diamonds", "clubs"} {
		for rank := 1; rank <= 13; rank++ {
			out = append(out, oneCard{Rank: rank, Suit: suit, Color: map[bool]string{true: "red", false: "black"}[suit == "hearts" || suit == "diamonds"],
				Face: rank > 10, Even: rank%2 == 0, Odd: rank%2 == 1})
		}
	}
	return out
}

// noCardMeets: e reads the card alone and no card meets it.
func noCardMeets(e string) bool {
	for _, m := range cardNameRE.FindAllString(e, -1) {
		if m != "card" {
			return false
		}
	}
	prog, err := expr.Compile(e, expr.Env(cardEnv{}), expr.AsBool())
	if err != nil {
		return false
	}
	for _, c := range allCards() {
		if x, err := expr.Run(prog, cardEnv{Card: c}); err != nil || x == true {
			return false
		}
	}
	return true
}

// sameOnPairs: two features of a card that may read the last card say the
// same of every card after every card ("a neighbour of the last one (one
// up or one down)").
func sameOnPairs(a, b feature) bool {
	ea, eb := a("card").expr(), b("card").expr()
	for _, e := range []string{ea, eb} {
		for _, m := range cardNameRE.FindAllString(e, -1) {
			if m != "card" && m != "prev" {
				return false
			}
		}
	}
	pa, err1 := expr.Compile(ea, expr.Env(pairEnv{}), expr.AsBool())
	pb, err2 := expr.Compile(eb, expr.Env(pairEnv{}), expr.AsBool())
	if err1 != nil || err2 != nil {
		return false
	}
	deck := allCards()
	for i := range deck {
		for j := range deck {
			env := pairEnv{Prev: &deck[i], Card: &deck[j]}
			x, err1 := expr.Run(pa, env)
			y, err2 := expr.Run(pb, env)
			if err1 != nil || err2 != nil || x != y {
				return false
			}
		}
	}
	return true
}

// hasImpossibleAnd: p has a conjunction of what the card alone is that no
// card meets ("card.color == \"black\" and card.color == \"red\"").
func hasImpossibleAnd(p *pred) bool {
	if p.op == "and" && noCardMeets(p.expr()) {
		return true
	}
	return slices.ContainsFunc(p.kids, hasImpossibleAnd)
}
