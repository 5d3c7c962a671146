package rulebank_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
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

// Rules as a teacher types them in Portuguese, Spanish and Valencian (the
// seeds' own examples among them): each reads as exactly one rule, the
// one beside it.
func TestReadInByHand(t *testing.T) {
	cases := []struct{ lang, text, want string }{
		{"pt", "Se a carta anterior for preta, jogue 7 ou maior. Se a carta anterior for vermelha, jogue 6 ou menor.",
			`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`},
		{"pt", "Se a última carta válida jogada for ímpar, jogue uma carta preta; se for par, jogue uma vermelha.",
			`prev.odd ? card.color == "black" : card.color == "red"`},
		{"pt", "Jogue uma carta do mesmo valor ou do mesmo naipe da última carta válida jogada.", `card.rank == prev.rank or card.suit == prev.suit`},
		{"pt", "Jogue uma carta de cor oposta à da última carta.", `card.color != prev.color`},
		{"pt", "se a última carta for de copas, jogue uma carta de espadas; senão, qualquer carta", `prev.suit == "hearts" ? card.suit == "spades" : true`},
		{"pt", "a carta é vermelha e par", `card.color == "red" and card.even`},
		{"pt", "jogue um ás, um valete ou um rei", `card.rank in [1, 11, 13]`},
		{"pt", "não jogue figuras", `not card.face`},
		{"es", "Si la última carta es impar, se jugará una carta par; si la última carta es par, se jugará impar.",
			`prev.odd ? card.even : card.odd`},
		{"es", "la siguiente carta debe ser mayor que la anterior", `card.rank > prev.rank`},
		{"es", "juegue una carta del mismo palo que la última carta", `card.suit == prev.suit`},
		{"es", "la carta es roja e impar", `card.color == "red" and card.odd`},
		{"es", "si la última carta es negra, juegue 7 o más; si no, 6 o menos", `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`},
		{"ca", "juga una carta del mateix pal que l'última carta", `card.suit == prev.suit`},
		{"ca", "si l'última carta és negra, juga una carta roja; si no, una negra", `prev.color == "black" ? card.color == "red" : card.color == "black"`},
		{"ca", "la carta és parella i no és una figura", `card.even and not card.face`},
		{"pt", "se (a carta é uma figura se e somente se a última carta é uma figura): a carta é par; caso contrário: a carta é ímpar",
			`(card.face == prev.face) ? card.even : card.odd`},
		// every, each with a kind; what a card has; "… otherwise" at the
		// end; the first card after the starter; more than k so far
		{"pt", "cada carta vermelha deve ser par", `card.color == "red" ? card.even : true`},
		{"pt", "toda figura deve ser vermelha", `card.face ? card.color == "red" : true`},
		{"pt", "a carta tem um valor ímpar", `card.odd`},
		{"pt", "jogue preta se a última for vermelha, vermelha caso contrário", `card.color != prev.color`},
		{"pt", "a primeira carta depois da inicial deve ser vermelha", `n == 1 ? card.color == "red" : true`},
		{"pt", "se já foram jogadas mais de 3 copas, jogue preta", `count(line, .suit == "hearts") > 3 ? card.color == "black" : true`},
		{"pt", "jogue copas a menos que já haja mais de 3 copas na mesa", `count(line, .suit == "hearts") > 3 ? true : card.suit == "hearts"`},
		{"es", "toda figura debe ser roja", `card.face ? card.color == "red" : true`},
		{"es", "la carta tiene un valor impar", `card.odd`},
		{"es", "juega negra si la última es roja, roja en caso contrario", `card.color != prev.color`},
		{"es", "la primera carta después de la inicial debe ser roja", `n == 1 ? card.color == "red" : true`},
		{"es", "cuando haya más de 4 figuras en la mesa, solo números", `count(line, .face) > 4 ? !card.face : true`},
		{"ca", "cada carta roja ha de ser parella", `card.color == "red" ? card.even : true`},
		{"ca", "la carta té un valor imparell", `card.odd`},
		{"ca", "juga negra si l'última és roja, roja en cas contrari", `card.color != prev.color`},
		{"ca", "la primera carta després de la inicial ha de ser roja", `n == 1 ? card.color == "red" : true`},
		{"ca", "quan hi haja més de 4 figures a la taula, només números", `count(line, .face) > 4 ? !card.face : true`},
		// negative concord: "não … nem X, nem Y" is one negation
		{"pt", "não jogue nem copas nem paus", `card.color == "red" ? card.suit == "diamonds" : card.suit == "spades"`},
		{"pt", "a carta não é ímpar e não é nem de copas, nem de paus", `card.even and card.suit != "hearts" and card.suit != "clubs"`},
		{"es", "no juegues ni corazones ni tréboles", `card.suit != "hearts" and card.suit != "clubs"`},
		{"ca", "la carta no és ni un as ni un rei", `card.rank != 1 and card.rank != 13`},
		// "higher than 8" said of height; never two in a row after "do not play"
		{"ca", "ha de ser més alta que 8", `card.rank > 8`},
		{"es", "la carta tiene que ser más baja que 5", `card.rank < 5`},
		{"pt", "a carta deve ser mais alta do que a anterior", `card.rank > prev.rank`},
		{"pt", "não jogue duas copas seguidas", `prev.suit == "hearts" ? card.suit != "hearts" : true`},
		{"es", "no se pueden jugar dos corazones seguidos", `prev.suit == "hearts" ? card.suit != "hearts" : true`},
		{"ca", "no es poden jugar dos cors seguits", `prev.suit == "hearts" ? card.suit != "hearts" : true`},
		// the field as the subject
		{"pt", "o naipe tem que ser igual ao da carta anterior", `card.suit == prev.suit`},
		{"pt", "a cor deve ser diferente da anterior", `card.color != prev.color`},
		{"es", "el palo tiene que ser igual al de la anterior", `card.suit == prev.suit`},
		{"es", "el color debe ser distinto del de la última carta", `card.color != prev.color`},
		{"ca", "el pal ha de ser el mateix que el de l'anterior", `card.suit == prev.suit`},
		{"ca", "el color ha de ser diferent de l'anterior", `card.color != prev.color`},
	}
	for _, c := range cases {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil {
			t.Errorf("%s: %q: %v", c.lang, c.text, err)
			continue
		}
		bs, err := behaviours(t, rs)
		if err != nil {
			t.Fatal(err)
		}
		if len(bs) != 1 {
			t.Errorf("%s: %q reads %d ways: %q", c.lang, c.text, len(bs), bs)
			continue
		}
		if ok, err := same(t, bs[0], c.want); !ok || err != nil {
			t.Errorf("%s: %q reads as %s, not %s (%v)", c.lang, c.text, bs[0], c.want, err)
		}
	}
	if _, err := rulewords.ReadIn("pt", "jogue a melhor carta"); err == nil {
		t.Error("words that do not read: no error")
	}
}

// What SayIn writes, ReadIn reads back as the same rule, and only as it:
// over rules built of the banks' parts, the default bank and the
// scientists' suit counts (suitCounts; the scientists' space is
// hypotheses' test). Words it cannot read, a wrong or a second reading
// fail.
func TestReadInReadsSayIn(t *testing.T) {
	var exprs []string
	for _, r := range rulebank.Default().Rules {
		exprs = append(exprs, r.Rule.Expr)
	}
	n, least := 40, 60
	switch {
	case longtest.On():
		n, least = 120, 150
	case testing.Short():
		n, least = 20, 50
	}
	exprs = append(exprs, generated(n)...)
	exprs = append(exprs, suitCounts()...)
	for _, lang := range rulewords.Languages() {
		said, read := 0, 0
		for _, e := range exprs {
			if _, err := rulebank.Compile(rulebank.Rule{Name: "e", Expr: e}); err != nil {
				continue
			}
			words, err := rulewords.SayIn(lang, e)
			if err != nil {
				continue
			}
			said++
			rs, err := rulewords.ReadIn(lang, words)
			if err != nil {
				t.Errorf("%s: %q (%s) does not read back: %v", lang, words, e, err)
				continue
			}
			read++
			bs, err := behaviours(t, rs)
			if err != nil {
				t.Fatal(err)
			}
			if len(bs) != 1 {
				t.Errorf("%s: %q (%s) reads %d ways: %q", lang, words, e, len(bs), bs)
				continue
			}
			if ok, err := same(t, e, bs[0]); !ok && !errors.Is(err, rulebank.ErrUndecided) {
				t.Errorf("%s: %q (%s) reads back as %s (%v)", lang, words, e, bs[0], err)
			}
		}
		t.Logf("%s: %d of %d rules said read back", lang, read, said)
		if said < least {
			t.Errorf("%s: only %d rules said", lang, said)
		}
	}
}

// The manual's table of rules typed in Portuguese, Spanish and Valencian
// (docs/rules-in-words.md, "language | you type | it reads as") reads as
// the manual says.
func TestReadInManualTable(t *testing.T) {
	data, err := os.ReadFile("../docs/rules-in-words.md")
	if err != nil {
		t.Fatal(err)
	}
	rows, in := 0, false
	for i, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		switch {
		case len(cells) == 3 && cells[0] == "language" && cells[1] == "you type":
			in = true
			continue
		case !in || strings.HasPrefix(line, "|---"):
			continue
		case !strings.HasPrefix(line, "|"):
			in = false
			continue
		}
		lang, text, want := cells[0], cells[1], strings.Trim(cells[2], "`")
		rows++
		rs, err := rulewords.ReadIn(lang, text)
		if err != nil {
			t.Errorf("rules-in-words.md:%d: %q: %v", i+1, text, err)
			continue
		}
		bs, err := behaviours(t, rs)
		if err != nil {
			t.Fatal(err)
		}
		if len(bs) != 1 {
			t.Errorf("rules-in-words.md:%d: %q reads %d ways: %q", i+1, text, len(bs), bs)
		} else if ok, err := same(t, bs[0], want); !ok || err != nil {
			t.Errorf("rules-in-words.md:%d: %q reads as %s, not %s (%v)", i+1, text, bs[0], want, err)
		}
	}
	if rows < 8 {
		t.Fatalf("%d rows of the manual's table found", rows)
	}
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

// phrasings: rules in the English people use, each with the rule it means
// (checked by behaviour, not by text).
var phrasings = []struct{ text, want string }{
	// colour
	{"only red cards", `card.color == "red"`},
	{"play a red card", `card.color == "red"`},
	{"Red cards only.", `card.color == "red"`},
	{"the card must be black", `card.color == "black"`},
	{"never play a red card", `card.color == "black"`},
	{"no black cards", `card.color == "red"`},
	// suit
	{"only hearts", `card.suit == "hearts"`},
	{"play a heart or a diamond", `card.color == "red"`},
	{"anything but spades", `card.suit != "spades"`},
	{"no spades", `card.suit != "spades"`},
	{"cards of the symbol ♣ only", `card.suit == "clubs"`},
	// parity, face
	{"play an even card", `card.even`},
	{"only odd numbers", `card.odd`},
	{"no face cards", `!card.face`},
	{"play a figure", `card.face`},
	{"only court cards", `card.face`},
	{"only number cards", `!card.face`},
	{"a red face card", `card.color == "red" and card.face`},
	{"even hearts only", `card.even and card.suit == "hearts"`},
	// rank with numbers
	{"7 or higher", `card.rank >= 7`},
	{"play a card higher than 7", `card.rank > 7`},
	{"a value of at least eight", `card.rank >= 8`},
	{"only cards below 5", `card.rank < 5`},
	{"play a 10 or lower", `card.rank <= 10`},
	{"a card between 4 and 10", `card.rank >= 4 and card.rank <= 10`},
	{"a multiple of three", `card.rank % 3 == 0`},
	{"the card's value is divisible by 4", `card.rank % 4 == 0`},
	{"play a prime", `card.rank in [2, 3, 5, 7, 11, 13]`},
	{"only aces, kings or queens", `card.rank in [1, 12, 13]`},
	{"a jack or higher", `card.face`},
	{"A=1, J=11, Q=12, K=13. Play a queen or higher", `card.rank >= 12`},
	// relations to the last card
	{"play higher than the last card", `card.rank > prev.rank`},
	{"the card must be greater than the previous card", `card.rank > prev.rank`},
	{"play a lower value than the previous card", `card.rank < prev.rank`},
	{"equal to or higher than the last card", `card.rank >= prev.rank`},
	{"play a card of the same suit as the last card", `card.suit == prev.suit`},
	{"same colour as the previous card", `card.color == prev.color`},
	{"the card must have a different suit from the last card", `card.suit != prev.suit`},
	{"a different color than the previous one", `card.color != prev.color`},
	{"the same suit or the same rank as the last card", `card.suit == prev.suit or card.rank == prev.rank`},
	{"same suit or same number as the previous card", `card.suit == prev.suit or card.rank == prev.rank`},
	{"match the last card in suit or in value", `card.suit == prev.suit or card.rank == prev.rank`},
	{"one higher than the last card", `card.rank == prev.rank + 1`},
	{"within 2 of the last card", `abs(card.rank - prev.rank) <= 2`},
	{"the card's value plus the last card's value is at most 14", `card.rank + prev.rank <= 14`},
	{"the sum of the card and the previous card is odd", `(card.rank + prev.rank) % 2 == 1`},
	{"play the same colour as the starter", `card.color == line[0].color`},
	// alternation
	{"alternate colours", `card.color != prev.color`},
	{"alternate colors", `card.color != prev.color`},
	{"alternate between red and black", `card.color != prev.color`},
	{"alternate odd and even", `card.odd != prev.odd`},
	{"alternate face cards and number cards", `card.face != prev.face`},
	// conditionals
	{"if the last card was black play 7 or higher, otherwise 6 or lower", `prev.color == "black" ? card.rank >= 7 : card.rank <= 6`},
	{"If the previous card is red, play a black card; otherwise play a red card", `card.color != prev.color`},
	{"after a red card, play a black card", `prev.color == "red" ? card.color == "black" : true`},
	{"a red card must be followed by a black card", `prev.color == "red" ? card.color == "black" : true`},
	{"a black card must follow a red card", `prev.color == "red" ? card.color == "black" : true`},
	{"if the last card is a face card, play a number card", `prev.face ? !card.face : true`},
	{"play higher than the last card, unless it is a face card", ``},
	{"when the previous card is odd play black, otherwise red", `prev.odd ? card.color == "black" : card.color == "red"`},
	{"if the last card was odd, play an even card, otherwise play an odd card", `card.even != prev.even`},
	{"red after black, black after red", `card.color != prev.color`},
	{"odd after odd and even after even", `card.even == prev.even`},
	{"after a heart play a club", `prev.suit == "hearts" ? card.suit == "clubs" : true`},
	{"hearts must be followed by clubs", `prev.suit == "hearts" ? card.suit == "clubs" : true`},
	// classes
	{"red cards below 8, black cards above 7", `card.color == "red" ? card.rank < 8 : card.rank > 7`},
	{"red cards must be even and black cards must be odd", `card.color == "red" ? card.even : card.odd`},
	{"black cards 7 or more; red cards 6 or less", `card.color == "black" ? card.rank >= 7 : card.rank <= 6`},
	// never in a row
	{"never two face cards in a row", `prev.face ? !card.face : true`},
	{"no two consecutive red cards", `prev.color == "red" ? card.color == "black" : true`},
	{"never play two cards of the same suit in a row", `card.suit != prev.suit`},
	{"never three cards of the same colour in a row", ``},
	{"never three red cards in a row", `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`},
	{"no face card after a face card", `prev.face ? !card.face : true`},
	// and / or / iff
	{"play a heart or a face card", `card.suit == "hearts" or card.face`},
	{"the card must be red and even", `card.color == "red" and card.even`},
	{"the card is red if and only if the last card is a face card", `(card.color == "red") == prev.face`},
	{"a face card exactly when the last card is not a face card", `card.face != prev.face`},
	{"play red or the same rank as the last card", `card.color == "red" or card.rank == prev.rank`},
	// the main line
	{"the number of red cards on the main line is even", `count(line, .color == "red") % 2 == 0`},
	{"no card of the main line has the same rank as the card", `none(line, .rank == card.rank)`},
	{"the card is the 3rd, 5th, 7th … card of the main line", `n % 2 == 0`},
	{"if the last two cards are both red, play black", `prev2 != nil and prev2.color == "red" and prev.color == "red" ? card.color == "black" : true`},
	{"play the same colour as the card before the last one", `prev2 == nil ? true : card.color == prev2.color`},
	// words people use: the card before last, "… otherwise" at the end,
	// kinds said with every, each or another, what a card has, counts so far
	{"play the same colour as the card before last", `prev2 == nil ? true : card.color == prev2.color`},
	{"match the suit of the one before last", `prev2 == nil or card.suit == prev2.suit`},
	{"play black if the last card was red, red otherwise", `card.color != prev.color`},
	{"if the last card is a face card play a number card, any other card otherwise", `prev.face ? !card.face : true`},
	{"after a king play a queen, otherwise anything else", `prev.rank == 13 ? card.rank == 12 : true`},
	// "X only if Y": what X needs
	{"you may play a heart only if the last card was a heart", `card.suit == "hearts" ? prev.suit == "hearts" : true`},
	{"face cards can only be played if the last card is red", `card.face ? prev.color == "red" : true`},
	{"play an odd card only when the last card was even", `card.odd ? prev.even : true`},
	{"pip cards only", `!card.face`},
	{"play a spot card", `!card.face`},
	{"no more face cards", `!card.face`},
	{"play another black face card", `card.color == "black" and card.face`},
	{"each red card must be even", `card.color == "red" ? card.even : true`},
	{"every face card must be red", `card.face ? card.color == "red" : true`},
	{"the card must have an odd value", `card.odd`},
	{"the card has a value of 7 or more", `card.rank >= 7`},
	{"play a card within 3 of the last card's value", `abs(card.rank - prev.rank) <= 3`},
	{"the card must fall within 2 of the last card", `abs(card.rank - prev.rank) <= 2`},
	{"the card must lie between 3 and 9", `card.rank >= 3 and card.rank <= 9`},
	{"the values must go down", `card.rank < prev.rank`},
	{"the ranks must descend", `card.rank < prev.rank`},
	{"the first card after the starter must be red", `n == 1 ? card.color == "red" : true`},
	{"when more than 4 face cards have been played, play only number cards", `count(line, .face) > 4 ? !card.face : true`},
	{"play a heart unless there are more than 3 hearts on the table", `count(line, .suit == "hearts") > 3 ? true : card.suit == "hearts"`},
	{"only odd cards below 9", `card.odd and card.rank < 9`},
	{"play an even card of the same suit as the last card", `card.even and card.suit == prev.suit`},
	{"red cards above 7 only", `card.color == "red" and card.rank > 7`},
	{"the suit must be the same as the last card's", `card.suit == prev.suit`},
	{"the colour has to be different from the last one", `card.color != prev.color`},
	{"the rank must not be the same as the card before the last one's", `prev2 == nil or card.rank != prev2.rank`},
}

func TestPhrasings(t *testing.T) {
	n := 0
	for _, c := range phrasings {
		if c.want == "" {
			continue // read below, as ambiguous or refused
		}
		n++
		rs, err := rulewords.Read(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		bs, err := behaviours(t, rs)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if len(bs) != 1 {
			t.Errorf("%q: %d readings, want one: %q", c.text, len(bs), bs)
			continue
		}
		ok, err := same(t, c.want, bs[0])
		if err != nil || !ok {
			t.Errorf("%q read as %s, want %s (%v)", c.text, bs[0], c.want, err)
		}
	}
	if n < 60 {
		t.Errorf("only %d phrasings", n)
	}
}
