package rulebank_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

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
