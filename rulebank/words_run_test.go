package rulebank_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"go.yaml.in/yaml/v3"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Texts that refer to cards that may not be there (the last card of a
// kind, the cards two and three back, the first cards after the starter),
// or that build numbers the rule language types strictly (a division, a
// remainder of it): each of their readings must compile and run on any
// main line.
var missingCardTexts = []struct{ lang, text string }{
	{"en", "the card has the same colour as the last face card, or no card of the main line is a face card"},
	{"en", "the card has the same colour as the last ace"},
	{"en", "the card has the same suit as the last face card"},
	{"en", "the card is higher than the last face card"},
	{"en", "the card is higher than the most recent face card"},
	{"en", "the card has the same rank as the last red card"},
	{"en", "the card's rank plus the last ace's rank is even"},
	{"en", "if the last face card was red, play black"},
	{"en", "if the last face card is a king the card is red"},
	{"en", "the card's rank plus the last card's rank plus the rank of the card before the last one is between 15 and 30"},
	{"en", "the card's rank plus the last card's rank plus the rank of the card before the last one is even"},
	{"en", "the card's rank plus the rank of the card three back is odd"},
	{"en", "the card is higher than the last card if the last card was lower than the card before it"},
	{"en", "the card is higher than the card before the last one"},
	{"en", "the card has the same colour as the card three back"},
	{"en", "if the card before the last one is red, play black"},
	{"en", "if the sum of the ranks of the main line divided by 50 is even the card is red"},
	{"en", "the sum of the ranks of the main line divided by 3 is odd"},
	{"en", "the card's rank divided by 2 is even"},
	{"en", "the card's rank plus the last card's rank divided by 2 is at least 7"},
	{"en", "the first card after the starter must be red"},
	{"en", "the card has the same suit as the first card after the starter"},
	{"en", "lower than the average of the last three"},
	{"en", "the sum of the last two is even"},
	{"en", "higher than both of the last two"},
	{"en", "never three red cards in a row"},
	{"en", "no two of the same suit in a row"},
	{"en", "if the card before the last one was lower than the card before it, play red"},
	{"en", "the card's rank is a multiple of the difference between the last two"},
	{"en", "the card's rank modulo the number of red cards on the main line is 1"},
	{"en", "the card's rank is a multiple of the number of red cards on the main line"},
	{"en", "the card's rank divided by the number of red cards on the main line is even"},
	{"en", "the card's rank is a multiple of the last card's rank minus 1"},
}

// peopleTexts are the texts of rulewords/testdata/people.yaml.
func peopleTexts(t *testing.T) []struct{ lang, text string } {
	data, err := os.ReadFile("../rulewords/testdata/people.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rs []peoplesRule
	if err := yaml.Unmarshal(data, &rs); err != nil {
		t.Fatal(err)
	}
	var out []struct{ lang, text string }
	for _, r := range rs {
		out = append(out, struct{ lang, text string }{r.Lang, r.Text})
	}
	return out
}

// Every reading the reader builds — before rulebank drops or merges any —
// compiles, compares no term with itself (prev.rank < prev.rank is a
// reference read against the wrong card), and judges every card after
// random main lines of 1 to 12 cards without a run-time error: a rule in
// words never fails in a hand.
func TestEveryReadingCompilesAndRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	texts := append(missingCardTexts[:len(missingCardTexts):len(missingCardTexts)], peopleTexts(t)...)
	for _, x := range texts {
		rs, err := rulewords.ReadIn(x.lang, x.text)
		if err != nil {
			continue // not read: nothing to run
		}
		for _, r := range rs {
			if self := selfComparison(r.Expr); self != "" {
				t.Errorf("%s %q: the reading %s compares %s with itself", x.lang, x.text, r.Expr, self)
			}
			c, err := rulebank.Compile(rulebank.Rule{Name: "words", Expr: r.Expr})
			if err != nil {
				t.Errorf("%s %q: the reading %s does not compile: %v", x.lang, x.text, r.Expr, err)
				continue
			}
			j := c.NewJudge()
			for k := range 60 {
				line := make([]sim.Card, 1+k%12)
				for i := range line {
					line[i] = sim.Card(rng.IntN(sim.NumCards))
				}
				if _, err := j.Legal(line); err != nil {
					t.Errorf("%s %q: the reading %s fails: %v", x.lang, x.text, r.Expr, err)
					break
				}
			}
		}
	}
}

// Texts that name a card that may be missing, or a card relative to
// another ("the card before it"), or divide: each reads as exactly one
// rule, the one in want (the same verdict in every reachable state).
func TestReadingsOfMissingCardsAndFractions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		// a relation to the last card of a kind is void before one is
		// played, and a condition on it false
		{"the card has the same colour as the last face card, or no card of the main line is a face card",
			`none(line, .face) or last(filter(line, .face)).color == card.color`},
		{"the card has the same colour as the last ace", `none(line, .rank == 1) or last(filter(line, .rank == 1)).color == card.color`},
		{"the card is higher than the most recent face card", `none(line, .face) or card.rank > last(filter(line, .face)).rank`},
		{"if the last face card was red, play black", `any(line, .face) and last(filter(line, .face)).color == "red" ? card.color == "black" : true`},
		// "it" is the card the relation is said of
		{"the card is higher than the last card if the last card was lower than the card before it",
			`prev2 != nil and prev.rank < prev2.rank ? card.rank > prev.rank : true`},
		{"the card is higher than the card before it", `card.rank > prev.rank`},
		// a requirement on the card played that reads a card not there
		// yet asks nothing yet
		{"the card's rank plus the last card's rank plus the rank of the card before the last one is between 15 and 30",
			`prev2 == nil or (card.rank + prev.rank + prev2.rank >= 15 and card.rank + prev.rank + prev2.rank <= 30)`},
		{"the card's rank plus the last card's rank plus the rank of the card before the last one is even",
			`prev2 == nil or (card.rank + prev.rank + prev2.rank) % 2 == 0`},
		// a fraction's parity is its whole part's; a comparison keeps the
		// fraction
		{"if the sum of the ranks of the main line divided by 50 is even the card is red",
			`int(sum(map(line, .rank)) / 50) % 2 == 0 ? card.color == "red" : true`},
		{"the card's rank divided by 2 is even", `int(card.rank / 2) % 2 == 0`},
		{"the card's rank divided by 2 is greater than 3", `card.rank >= 7`},
		// a remainder by a number that may be 0: none is a multiple of 0
		// but 0, and x mod 0 is x
		{"the card's rank is a multiple of the last card's rank minus 1", `prev.rank != 1 and card.rank % (prev.rank - 1) == 0`},
		{"the card's rank modulo the number of red cards on the main line is 1",
			`(count(line, .color == "red") == 0 ? card.rank : card.rank % count(line, .color == "red")) == 1`},
	} {
		t.Run(c.text, func(t *testing.T) {
			r, err := rulebank.FromWords(c.text)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := same(t, r.Expr, c.want); !ok || err != nil {
				t.Errorf("read as %s, want %s (%v)", r.Expr, c.want, err)
			}
		})
	}
}

// A text read only as a rule no card can follow shows the readings it
// built and, when they ask for a card not there after the opening card,
// says so.
func TestImpossibleSaysWhy(t *testing.T) {
	for _, c := range []struct{ text, reading, why string }{
		{"the card before the last one is red", `prev2.color == "red"`, "there is no card before the last one"},
		{"the card is a heart and a spade", `card.suit == "hearts"`, `"X and Y only"`},
	} {
		t.Run(c.text, func(t *testing.T) {
			_, err := rulebank.FromWords(c.text)
			var dead *rulebank.ImpossibleError
			if !errors.As(err, &dead) {
				t.Fatalf("got %v", err)
			}
			for _, w := range []string{c.reading, c.why} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%v: want %q", err, w)
				}
			}
		})
	}
}

// A text read only as a rule that accepts every card, though it says
// more than "any card", is refused with its readings; "any card" alone
// is a rule.
func TestVacuousReadingsRefused(t *testing.T) {
	for _, text := range []string{
		"play a higher card than the last card, or any card after a king",
		"the card must be one away from the last card, or any card after a face card",
	} {
		_, err := rulebank.FromWords(text)
		var vac *rulebank.VacuousError
		if !errors.As(err, &vac) || !strings.Contains(err.Error(), "accepts every card") || len(vac.Readings) == 0 {
			t.Errorf("%q: got %v, want the readings that accept every card refused", text, err)
		}
	}
	for text, want := range map[string]string{"any card": "true", "after a king anything; otherwise higher than the last card": "(prev.rank == 13) ? true : (card.rank > prev.rank)",
		// "any card" beside a reading that says something is not offered
		"play a card 1, 2 or 3 ranks above the last card counting round from king to ace": "(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 1) % 13 + 1) or (card.rank == (prev.rank + 2) % 13 + 1)"} {
		r, err := rulebank.FromWords(text)
		if err != nil || r.Expr != want {
			t.Errorf("%q: %q, %v; want %q", text, r.Expr, err, want)
		}
	}
}

// selfComparison is a comparison in e whose two sides are the same term,
// "" for none.
func selfComparison(e string) string {
	tree, err := parser.Parse(e)
	if err != nil {
		return ""
	}
	found := ""
	ast.Find(tree.Node, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryNode)
		if ok && slices.Contains([]string{"==", "!=", "<", "<=", ">", ">="}, b.Operator) && b.Left.String() == b.Right.String() {
			found = b.Left.String()
			return true
		}
		return false
	})
	return found
}
