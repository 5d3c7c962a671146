package rulewords_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/expr-lang/expr/parser"
)

// Rules about several cards of the main line and their relation to one
// card: the scientists' suit counts ("count(line, .suit == card.suit) <
// k", "at most three of a suit so far", "a suit not played yet"), the
// suits not seen in the last cards, and their neighbours. Said in every
// language (the ".many" forms of the phrase files: "que têm o mesmo naipe
// que a carta"), each reads back as the same rule and only as it.
func manyExprs() []string {
	out := suitCounts()
	// what each card of the line is, or how it relates to the card
	elems := []string{`.suit == card.suit`, `.suit != card.suit`, `.color == card.color`, `.color != card.color`,
		`.rank == card.rank`, `.rank != card.rank`, `.suit == prev.suit`, `.rank != prev.rank`, `.color == "red"`,
		`.color == "black"`, `.face`, `not .face`, `.even`, `.odd`, `.suit == "hearts"`, `.rank > card.rank`, `.rank <= prev.rank`,
		`.rank >= 7`, `.rank < 4`, `.rank >= 3 and .rank <= 9`, `.rank % 3 == 0`}
	for _, e := range elems {
		out = append(out, fmt.Sprintf("count(line, %s) >= 2", e), fmt.Sprintf("count(line[max(0, n - 3):], %s) < 2", e),
			fmt.Sprintf("none(line[max(0, n - 3):], {%s})", e), fmt.Sprintf("any(line, {%s})", e), fmt.Sprintf("all(line, {%s})", e))
	}
	return out
}

// suitCounts are the scientists' suit counts, k = 1..3 (hypotheses'
// lineAtoms), alone and as parts of larger rules.
func suitCounts() []string {
	var out []string
	for k := 1; k <= 3; k++ {
		out = append(out, fmt.Sprintf("count(line, .suit == card.suit) < %d", k), fmt.Sprintf("count(line, .suit == card.suit) >= %d", k))
	}
	c := "count(line, .suit == card.suit)"
	out = append(out,
		fmt.Sprintf("%s < 2 and card.color == \"red\"", c),
		fmt.Sprintf("%s >= 3 or card.face", c),
		fmt.Sprintf("not (%s >= 1)", c),
		fmt.Sprintf("prev.face ? %s >= 1 : %s < 1", c, c),
		fmt.Sprintf("%s < 3 ? card.rank > prev.rank : card.rank < prev.rank", c),
		fmt.Sprintf("(%s < 1) == (card.color == \"red\")", c),
		fmt.Sprintf("%s < 2 and count(line, .color == card.color) >= 1", c),
		fmt.Sprintf("none(line[max(0, n - 3):], {.suit == card.suit}) and %s < 3", c))
	return out
}

func TestManyCardsReadBack(t *testing.T) { readsBack(t, manyExprs()) }

// A clause negated whole, where no "não" fits inside ("é falso o
// seguinte: (…)": a list of numbers, a range, exactly one card), reads
// back in every language, alone and as a branch (found in the space).
func TestNegatedClausesReadBack(t *testing.T) {
	readsBack(t, []string{
		`not ((max(card.rank, prev.rank)) in [2, 3, 5, 7, 11, 13])`,
		`(prev.color == "red") ? ((max(card.rank, prev.rank)) in [2, 3, 5, 7, 11, 13]) : not ((max(card.rank, prev.rank)) in [2, 3, 5, 7, 11, 13])`,
		`(card.even) ? ((card.rank + prev.rank) in [2, 3, 5, 7, 11, 13, 17, 19, 23]) : not ((card.rank + prev.rank) in [2, 3, 5, 7, 11, 13, 17, 19, 23])`,
		`not ((card.rank + prev.rank) in 10..14)`,
		`not one(line, .face)`,
		`not one(line[max(0, n - 3):], {.suit == card.suit}) and card.color == "red"`,
	})
}

// readsBack: each expression, said in every language, reads back as that
// rule and only as it. A reading that parses to the expression said is
// that rule; another is compared by behaviour, each pair once (the
// languages' readings are mostly the same expressions).
func readsBack(t *testing.T, exprs []string) {
	t.Helper()
	langs := append([]string{"en"}, rulewords.Languages()...)
	if len(langs) != 4 {
		t.Fatalf("languages %v", langs)
	}
	memo := map[[2]string]error{}
	sameRule := func(a, b string) error {
		k := [2]string{a, b}
		if err, ok := memo[k]; ok {
			return err
		}
		if pa, pb := parsed(t, a), parsed(t, b); pa == pb {
			return nil
		}
		ok, err := same(t, a, b)
		if err == nil && !ok {
			err = fmt.Errorf("different rules")
		}
		memo[k] = err
		return err
	}
	for _, lang := range langs {
		for _, e := range exprs {
			words, err := rulewords.SayIn(lang, e)
			if err != nil {
				t.Errorf("%s: %s: %v", lang, e, err)
				continue
			}
			rs, err := rulewords.ReadIn(lang, words)
			if err != nil {
				t.Errorf("%s: %q (%s): %v", lang, words, e, err)
				continue
			}
			// every reading is the rule said (so there is one rule only)
			for _, r := range rs {
				if err := sameRule(e, r.Expr); err != nil {
					t.Errorf("%s: %q (%s) reads as %s (%v)", lang, words, e, r.Expr, err)
				}
			}
		}
	}
}

// The suit counts in words, by hand: the phrase each language says, read
// as the rule and only it; a count below k and one of at least k are
// different rules, and so are two values of k.
func TestSuitCountWords(t *testing.T) {
	cases := []struct{ lang, expr, words string }{
		{"en", "count(line, .suit == card.suit) < 1", "the number of cards of the main line that have the same suit as the card is less than 1"},
		{"en", "count(line, .suit == card.suit) >= 3", "the number of cards of the main line that have the same suit as the card is at least 3"},
		{"pt", "count(line, .suit == card.suit) < 1", "o número de cartas da fila principal que têm o mesmo naipe que a carta é menor que 1"},
		{"pt", "count(line, .suit == card.suit) >= 2", "o número de cartas da fila principal que têm o mesmo naipe que a carta é pelo menos 2"},
		{"es", "count(line, .suit == card.suit) < 3", "el número de cartas de la línea principal que tienen el mismo palo que la carta es menor que 3"},
		{"es", "count(line, .suit == card.suit) >= 1", "el número de cartas de la línea principal que tienen el mismo palo que la carta es al menos 1"},
		{"ca", "count(line, .suit == card.suit) < 2", "el número de cartes de la fila principal que tenen el mateix pal que la carta és menor que 2"},
		{"ca", "count(line, .suit == card.suit) >= 3", "el número de cartes de la fila principal que tenen el mateix pal que la carta és almenys 3"},
		{"pt", "count(line, .rank != prev.rank) >= 2", "o número de cartas da fila principal que têm um valor diferente da última carta é pelo menos 2"},
		{"en", "count(line, .rank != prev.rank) >= 2", "the number of cards of the main line that have a different rank from the last card is at least 2"},
		{"ca", "count(line, .color != card.color) >= 1", "el número de cartes de la fila principal que tenen un color diferent de la carta és almenys 1"},
	}
	for _, c := range cases {
		got, err := rulewords.SayIn(c.lang, c.expr)
		if err != nil || got != c.words {
			t.Errorf("%s: SayIn(%s) = %q, %v; want %q", c.lang, c.expr, got, err, c.words)
		}
		rs, err := rulewords.ReadIn(c.lang, c.words)
		if err != nil {
			t.Errorf("%s: %q: %v", c.lang, c.words, err)
			continue
		}
		if exprs := readExprs(rs); len(exprs) != 1 {
			t.Errorf("%s: %q reads as %q", c.lang, c.words, exprs)
			continue
		}
		if ok, err := same(t, rs[0].Expr, c.expr); !ok {
			t.Errorf("%s: %q reads as %s, not %s (%v)", c.lang, c.words, rs[0].Expr, c.expr, err)
		}
	}
	// the readings tell the counts apart
	for _, p := range [][2]string{{"< 1", ">= 1"}, {"< 2", "< 3"}, {">= 1", ">= 2"}} {
		a, b := "count(line, .suit == card.suit) "+p[0], "count(line, .suit == card.suit) "+p[1]
		if ok, err := same(t, a, b); ok || err != nil {
			t.Errorf("%s and %s: the same rule? %v %v", a, b, ok, err)
		}
	}
}

// parsed is an expression as expr's parser prints it back (".suit" and
// "#.suit" alike, brackets the tree makes needless gone).
func parsed(t *testing.T, e string) string {
	tree, err := parser.Parse(e)
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	return tree.Node.String()
}

func readExprs(rs []rulewords.Reading) []string {
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.Expr) {
			out = append(out, r.Expr)
		}
	}
	return out
}
