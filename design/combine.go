package design

import "fmt"

// PrevConditions are the tests on the previous card a combination branches
// on: its colour, parity, faceness, suit and height. One of each
// complementary pair: the other is the same combination with the rules
// swapped.
var PrevConditions = []string{
	`prev.color == "red"`, `prev.even`, `prev.face`, `prev.rank >= 7`,
	`prev.suit == "spades"`, `prev.suit == "hearts"`, `prev.suit == "diamonds"`, `prev.suit == "clubs"`,
}

// PositionConditions are the tests on the position a combination branches
// on: n % k == r for periods 2, 3 and 4 (n counts the main-line cards
// before the card judged; for period 2 only r = 0, as above).
var PositionConditions = []string{
	`n % 2 == 0`, `n % 3 == 0`, `n % 3 == 1`, `n % 3 == 2`,
	`n % 4 == 0`, `n % 4 == 1`, `n % 4 == 2`, `n % 4 == 3`,
}

// Combine lists the combinations of two rules a and b: both (and), either
// (or), and a when a condition on the previous card or on the position
// holds, b otherwise — one combination per condition of PrevConditions and
// PositionConditions. The expressions are printed by expr's printer.
func Combine(a, b string) []Mutation {
	out := []Mutation{
		{Expr: canonical(fmt.Sprintf("(%s) and (%s)", a, b)), Op: "and", What: "both rules"},
		{Expr: canonical(fmt.Sprintf("(%s) or (%s)", a, b)), Op: "or", What: "either rule"},
	}
	for _, conds := range []struct {
		op    string
		conds []string
	}{{"if-prev", PrevConditions}, {"if-position", PositionConditions}} {
		for _, c := range conds.conds {
			out = append(out, Mutation{Expr: canonical(fmt.Sprintf("(%s) ? (%s) : (%s)", c, a, b)), Op: conds.op,
				What: fmt.Sprintf("the first rule when %s, the second otherwise", c)})
		}
	}
	return out
}
