package rulewords

import (
	"regexp"
	"slices"
	"sync"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
)

// sound is a reading as the reader gives it, or false for one nobody
// means. "The card before it" that no relation placed is the last card;
// a comparison of a term with itself (prev.rank < prev.rank, card.suit ==
// card.suit), or of a difference of a term with itself
// (abs(card.rank - card.rank) <= 2), is no rule anyone writes — it comes of a reference read
// against the wrong card ("the last card was lower than the card before
// it" read with "it" as the card played) — and is dropped, so that the
// text reads as its other readings or, with none, is refused. So is a
// comparison no cards make true, or (!=) none make false: "the sum is
// not 13 and not 14" read with "not 14" of the card played (no card is a
// 14), "card.rank == 2 * card.rank"; dead is that comparison.
func sound(e string) (out string, ok bool, dead string) {
	e = itPrevRE.ReplaceAllString(e, "prev")
	tree, err := parser.Parse(e)
	if err != nil {
		return e, true, "" // the compiler says why, where the reading is compiled
	}
	v := &selfCompared{}
	ast.Walk(&tree.Node, v)
	return e, !v.found && v.dead == "", v.dead
}

// selfCompared finds a comparison whose two sides are the same term, and
// one that never holds (dead).
type selfCompared struct {
	found bool
	dead  string
}

func (v *selfCompared) Visit(n *ast.Node) {
	b, ok := (*n).(*ast.BinaryNode)
	if !ok {
		return
	}
	switch b.Operator {
	case "-":
		// a term less itself: the distance of a card from itself
		// ("within 2 of the card's value"), which nobody means either
		if b.Left.String() == b.Right.String() {
			v.found = true
		}
	case "==", "!=", "<", "<=", ">", ">=", "in":
		if b.Left.String() == b.Right.String() {
			v.found = true
		} else if s := b.String(); v.dead == "" && constantComparison(s, b.Operator) {
			v.dead = s // named in the error ("twice its rank")
		} else if sameTermBothSides(b.Left.String(), b.Right.String()) && tautology(b.String()) {
			v.found = true
		}
	}
}

// constantComparison: comparison s (operator op) reads one or two cards
// (card, prev, prev2, prev3: each may be any card) and no two cards make
// it true, or, for !=, false. One that reads the main line, n, a card of
// a quantifier or nil is never judged so.
func constantComparison(s, op string) bool {
	// no pair makes it true (!=: false)
	return everyPairOfOnce(s, op == "!=")
}

// tautology: comparison s reads one or two cards (as constantComparison)
// and every two cards make it true ("card.rank * 2 >= card.rank"); not
// "card.rank % 4 >= card.rank % 5", a rule of the card.
func tautology(s string) bool { return everyPairOfOnce(s, true) }

// everyPairOfOnce is everyPairOf, judged once for each text and answer
// (a reading's comparisons come again and again: 2,704 pairs each).
func everyPairOfOnce(s string, want bool) bool {
	key := pairQuestion{s, want}
	if c, ok := pairAnswers.Load(key); ok {
		return c.(bool)
	}
	c := everyPairOf(s, want)
	pairAnswers.Store(key, c)
	return c
}

type pairQuestion struct {
	text string
	want bool
}

var pairAnswers sync.Map

// everyPairOf: s reads one or two cards and every pair of cards gives
// want; one that reads the main line, n, a card of a quantifier or nil
// is never judged so.
func everyPairOf(s string, want bool) bool {
	var names []string
	for _, m := range cardNameRE.FindAllString(s, -1) {
		if m == "line" || m == "n" {
			return false
		}
		if !slices.Contains(names, m) {
			names = append(names, m)
		}
	}
	if len(names) == 0 || len(names) > 2 || nilOrQuantRE.MatchString(s) {
		return false
	}
	as := map[string]string{names[0]: "card"}
	if len(names) == 2 {
		as[names[1]] = "prev"
	}
	s = cardNameRE.ReplaceAllStringFunc(s, func(m string) string { return as[m] })
	return everyPairGives(s, want)
}

var nilOrQuantRE = regexp.MustCompile(`\bnil\b|#`)

// sameTermBothSides: both sides of a comparison read one and the same
// field of one card and nothing else of the game ("card.rank * 2 >=
// card.rank": "at least half its value" with no card named before it,
// dropped where it always holds: tautology);
// a side that reads the main line or a card of a quantifier is never
// judged so ("count(line, .suit == card.suit) > …").
func sameTermBothSides(l, r string) bool {
	if lineOrQuantRE.MatchString(l) || lineOrQuantRE.MatchString(r) {
		return false
	}
	lt, rt := slices.Compact(slices.Sorted(slices.Values(cardTermRE.FindAllString(l, -1)))),
		slices.Compact(slices.Sorted(slices.Values(cardTermRE.FindAllString(r, -1))))
	return len(lt) == 1 && slices.Equal(lt, rt)
}

var (
	cardTermRE    = regexp.MustCompile(`\b(card|prev|prev2|prev3)\.\w+`)
	lineOrQuantRE = regexp.MustCompile(`\bline\b|#|\bn\b`)
)
