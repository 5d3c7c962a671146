package rulebank_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

// The words of rules both ways (rulewords) checked by behaviour: what Say
// and SayIn write reads back as the same rule and only as it; rules typed
// by hand read as the rule meant. (Here, not in rulewords, which imports
// no project package: the checks compare rules with rulebank.)

// Expressions of the shapes the scientists' grammar and the banks use, as
// parts to build rules from.
var (
	cardParts = []string{`card.color == "red"`, `card.color == "black"`, `card.suit == "hearts"`, `card.suit != "spades"`,
		`card.even`, `card.odd`, `card.face`, `not card.face`, `card.rank >= 7`, `card.rank <= 6`, `card.rank > 10`, `card.rank < 4`,
		`card.rank == 1`, `card.rank == 12`, `card.rank != 8`, `card.rank in [2, 3, 5, 7, 11, 13]`, `card.rank >= 3 and card.rank <= 9`,
		`card.rank % 3 == 0`, `card.suit in ["hearts", "clubs"]`}
	relParts = []string{`card.color == prev.color`, `card.color != prev.color`, `card.suit == prev.suit`, `card.suit != prev.suit`,
		`card.even == prev.even`, `card.even != prev.even`, `card.face == prev.face`, `card.face != prev.face`, `card.rank > prev.rank`,
		`card.rank < prev.rank`, `card.rank >= prev.rank`, `card.rank <= prev.rank`, `card.rank == prev.rank`, `card.rank != prev.rank`,
		`card.rank == (prev.rank + 0) % 13 + 1`, `card.rank == prev.rank % 13 + 1`, `card.rank == (prev.rank + 11) % 13 + 1`, `card.rank == (prev.rank + 2) % 13 + 1`,
		`abs(card.rank - prev.rank) <= 2`, `card.rank == prev.rank + 1`, `card.rank + prev.rank <= 14`, `(card.rank + prev.rank) % 2 == 1`,
		`{"spades": "diamonds", "diamonds": "clubs", "clubs": "hearts", "hearts": "spades"}[prev.suit] == card.suit`,
		`card.color == line[0].color`, `prev2 == nil or card.rank > prev2.rank`, `prev3 == nil ? true : card.suit != prev3.suit`}
	condParts = []string{`prev.color == "red"`, `prev.face`, `prev.even`, `prev.rank >= 8`, `prev.suit == "clubs"`, `prev.rank == 13`,
		`prev2 != nil and prev2.color == prev.color`, `prev2 != nil and prev2.color == "red" and prev.color == "red"`,
		`n % 2 == 0`, `n % 3 == 1`, `n % 4 == 3`, `count(line, .color == "red") % 2 == 0`, `prev.rank > 7`}
)

// generated is a sample of rules: parts, their and/or/not, and
// conditionals with parts as branches.
func generated(count int) []string {
	rng := rand.New(rand.NewPCG(23, 1))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	part := func() string {
		if rng.IntN(2) == 0 {
			return pick(cardParts)
		}
		return pick(relParts)
	}
	out := append(append([]string(nil), cardParts...), relParts...)
	for len(out) < count {
		switch rng.IntN(5) {
		case 0:
			out = append(out, fmt.Sprintf("(%s) and (%s)", part(), part()))
		case 1:
			out = append(out, fmt.Sprintf("(%s) or (%s)", part(), part()))
		case 2:
			out = append(out, fmt.Sprintf("not ((%s) or (%s))", part(), part()))
		case 3:
			out = append(out, fmt.Sprintf("(%s) ? (%s) : (%s)", pick(condParts), part(), part()))
		case 4:
			out = append(out, fmt.Sprintf("((%s) and (%s)) or (%s)", part(), part(), part()))
		}
	}
	return out
}

// roundTrip: Say(e) reads back, in one way only, as a rule equivalent to e.
func roundTrip(t *testing.T, e string) {
	t.Helper()
	if _, err := rulebank.Compile(rulebank.Rule{Name: "e", Expr: e}); err != nil {
		return // not a rule (prev2 read unguarded, say): nothing to say
	}
	words, err := rulewords.Say(e)
	if err != nil {
		t.Errorf("Say(%s): %v", e, err)
		return
	}
	rs, err := rulewords.Read(words)
	if err != nil {
		t.Errorf("Say(%s) = %q, which Read refuses: %v", e, words, err)
		return
	}
	bs, err := behaviours(t, rs)
	if err != nil {
		t.Errorf("%q: %v", words, err)
		return
	}
	if len(bs) != 1 {
		t.Errorf("Say(%s) = %q reads %d ways: %q", e, words, len(bs), bs)
		return
	}
	ok, err := same(t, e, bs[0])
	if errors.Is(err, rulebank.ErrUndecided) {
		return
	}
	if err != nil || !ok {
		t.Errorf("Say(%s) = %q reads back as %s (%v)", e, words, bs[0], err)
	}
}

func TestRoundTripGenerated(t *testing.T) {
	n := 60 // the parts alone, and a few built of them
	switch {
	case longtest.On():
		n = 200
	case testing.Short():
		n = 50
	}
	for _, e := range generated(n) {
		roundTrip(t, e)
	}
}

func TestRoundTripBank(t *testing.T) {
	for _, r := range rulebank.Default().Rules {
		roundTrip(t, r.Rule.Expr)
	}
}

// A condition that relates the card to the last one ("the card is even if
// and only if the last card is even") is bracketed inside "if", so that its
// "if and only if" is not read as a second condition (found by the
// hypotheses' read-back test once such conditions joined the grammar).
func TestSayRelationalCondition(t *testing.T) {
	for _, e := range []string{
		`(card.even == prev.even) ? card.even : (card.color == "black" and not card.face)`,
		`(card.color == prev.color) ? (card.rank > prev.rank) : (card.rank < prev.rank)`,
		`(card.suit == prev.suit) ? card.face : (card.rank == prev.rank)`,
		`(card.face == prev.face) ? (card.color == "red") : card.odd`,
	} {
		roundTrip(t, e)
	}
}

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

// The line's average, as the scientists' grammar writes it (multiplied out
// against a number, or divided against a card) and as people do, is said
// as an average and reads back in every language.
func TestAveragesReadBack(t *testing.T) {
	readsBack(t, []string{
		`sum(map(line, .rank)) > 7 * n ? card.rank <= 7 : card.rank >= 7`,
		`sum(map(line, .rank)) <= 6 * n`,
		`n * 8 > sum(map(line, .rank))`,
		`card.rank > sum(map(line, .rank)) / n`,
		`card.rank <= sum(map(line[max(0, n - 3):], .rank)) / min(n, 3)`,
	})
}

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
		if pa, pb := parsed(a), parsed(b); pa == pb {
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

func readExprs(rs []rulewords.Reading) []string {
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.Expr) {
			out = append(out, r.Expr)
		}
	}
	return out
}

// Code the words must never show: the rule language's names and signs.
var codeLeft = regexp.MustCompile(`card\.|prev|line\[|==|!=|<=|>=|[<>%?"{}\[\]]|\bnil\b|\btrue\b|\bfalse\b`)

// Rules people write (the default bank, and rules built of the banks'
// parts): every one is said in each language, and two rules with the same
// words are the same rule.
func TestSayInBankAndGenerated(t *testing.T) {
	var exprs []string
	for _, r := range rulebank.Default().Rules {
		exprs = append(exprs, r.Rule.Expr)
	}
	exprs = append(exprs, generated(300)...)
	for _, lang := range rulewords.Languages() {
		seen := map[string]string{}
		for _, e := range exprs {
			if _, err := rulebank.Compile(rulebank.Rule{Name: "e", Expr: e}); err != nil {
				continue
			}
			p, err := rulewords.SayIn(lang, e)
			if err != nil {
				if _, enErr := rulewords.Say(e); enErr == nil {
					t.Errorf("%s: SayIn(%s): %v (Say has words for it)", lang, e, err)
				}
				continue
			}
			if c := codeLeft.FindString(p); c != "" {
				t.Errorf("%s: %s: %q holds the code %q", lang, e, p, c)
			}
			if other, dup := seen[p]; dup && other != e {
				ok, err := same(t, other, e)
				if err != nil && !errors.Is(err, rulebank.ErrUndecided) {
					t.Fatal(err)
				}
				if !ok && err == nil {
					t.Errorf("%s: %q says both %s and %s", lang, p, other, e)
				}
			}
			seen[p] = e
		}
	}
}
