package rulebank_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
)

func TestBankWords(t *testing.T) {
	b, err := rulebank.Load([]byte(`rules:
  - name: red-low-black-high
    words: red cards below 8, black cards above 7
  - name: checked
    expr: card.color != prev.color
    words: alternate colours
`), "words.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := b.Get("red-low-black-high")
	if r.Rule.Expr == "" || r.Rule.Words != "red cards below 8, black cards above 7" {
		t.Fatalf("rule %+v", r.Rule)
	}
	want, _ := rulebank.Compile(rulebank.Rule{Name: "w", Expr: `card.color == "red" ? card.rank < 8 : card.rank > 7`})
	if e, err := rulebank.Equivalent(want, r); err != nil || !e.Equal {
		t.Errorf("read as %s: %v %v", r.Rule.Expr, e, err)
	}
}

// A bank's words may be written in any of the four languages the reader
// takes, as "eleusis rules from-words" reads them: each is read in the first
// language that reads it, and checked against expr.
func TestBankWordsInEveryLanguage(t *testing.T) {
	b, err := rulebank.Load([]byte(`rules:
  - name: pt
    expr: 'prev.suit == "clubs" ? card.suit != "hearts" : true'
    words: depois de um paus não se pode jogar uma copas
  - name: es
    expr: 'card.rank <= 8'
    words: la carta tiene que valer como máximo 8
  - name: ca
    expr: 'card.rank + prev.rank <= 15'
    words: la suma de la carta i l'anterior ha de ser com a màxim 15
  - name: es-alone
    words: después de un trébol no se puede jugar un corazón
`), "tongues.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := b.Get("es-alone")
	want, _ := rulebank.Compile(rulebank.Rule{Name: "w", Expr: `prev.suit == "clubs" ? card.suit != "hearts" : true`})
	if e, err := rulebank.Equivalent(want, r); err != nil || !e.Equal {
		t.Errorf("read as %s: %v %v", r.Rule.Expr, e, err)
	}
}

func TestBankWordsErrors(t *testing.T) {
	for _, c := range []struct{ bank, want string }{
		{"rules:\n  - name: bad\n    words: play the best card\n", `words.yaml:3: rule "bad": words: cannot read it as a rule: stuck at "best"`},
		{"rules:\n  - name: two\n    words: red or even and a face card\n", `words.yaml:3: rule "two": words: the words read as 2 different rules`},
		{"rules:\n  - name: differ\n    expr: card.color == \"red\"\n    words: only black cards\n", `words.yaml:4: rule "differ": words: the words read as`},
	} {
		_, err := rulebank.Load([]byte(c.bank), "words.yaml")
		var re *rulebank.Error
		if err == nil || !errors.As(err, &re) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s…", c.bank, err, c.want)
		}
	}
}

func TestFromWordsAmbiguous(t *testing.T) {
	_, err := rulebank.FromWords("red cards low, black cards high")
	var amb *rulebank.AmbiguousError
	if !errors.As(err, &amb) || len(amb.Readings) < 2 {
		t.Fatalf("got %v", err)
	}
	// "you can only play X if Y" is written for "X needs Y" and for "after
	// Y, only X": both readings are offered.
	_, err = rulebank.FromWords("you can only play a heart if the last card was a heart")
	if !errors.As(err, &amb) || len(amb.Readings) != 2 {
		t.Fatalf("only … if: got %v", err)
	}
	var exprs []string
	for _, r := range amb.Readings {
		exprs = append(exprs, r.Expr)
	}
	for _, want := range []string{`(card.suit == "hearts") ? (prev.suit == "hearts") : true`, `(prev.suit == "hearts") ? (card.suit == "hearts") : true`} {
		if !slices.Contains(exprs, want) {
			t.Errorf("only … if: %q among %q?", want, exprs)
		}
	}
	// "alternate colours" reads one way, though the grammar builds it as
	// an or of two ands: the same rule as card.color != prev.color.
	r, err := rulebank.FromWords("alternate colours")
	if err != nil || r.Expr == "" {
		t.Fatalf("%v %v", r, err)
	}
}

func TestExamples(t *testing.T) {
	c, _ := rulebank.Compile(rulebank.Rule{Name: "up", Expr: "card.rank > prev.rank", Starter: "card.rank <= 7"})
	ex, err := rulebank.Examples(c, 4, 1)
	if err != nil || len(ex) != 4 {
		t.Fatal(ex, err)
	}
	for _, e := range ex {
		if e.Line[0].Rank() > 7 {
			t.Errorf("opening %s refused by the starter predicate", e.Line[0])
		}
		for i := 1; i < len(e.Line); i++ {
			if e.Line[i].Rank() <= e.Line[i-1].Rank() {
				t.Errorf("illegal line %v", e.Line)
			}
		}
		last := e.Line[len(e.Line)-1].Rank()
		for _, a := range e.Accepted {
			if a.Rank() <= last {
				t.Errorf("%v accepted after %v", a, e.Line)
			}
		}
		for _, r := range e.Refused {
			if r.Rank() > last {
				t.Errorf("%v refused after %v", r, e.Line)
			}
		}
	}
}

// A rule typed in Portuguese, Spanish or Valencian: readings that are the
// same rule are one, different rules stay apart, words that do not read
// say where reading stopped.
func TestReadWordsIn(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		readIn     int // readings rulewords finds
		want       []string
	}{
		// "par ou (vermelha e par)" and "(par ou vermelha) e par": both are "par"
		{"pt", "jogue uma carta par ou vermelha e par", 2, []string{`card.even`}},
		{"pt", "jogue uma carta vermelha ou vermelha e par", 2, []string{`card.color == "red"`, `card.color == "red" and card.even`}},
		{"es", "juegue una carta del mismo palo que la última carta", 1, []string{`card.suit == prev.suit`}},
		{"ca", "juga una carta del mateix pal que l'última carta", 1, []string{`card.suit == prev.suit`}},
		{"en", "even or red and even", 2, []string{`card.even`}},
	} {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil || len(rs) != c.readIn {
			t.Fatalf("%s: %q: rulewords reads %d ways (%v), want %d", c.lang, c.text, len(rs), err, c.readIn)
		}
		got, err := rulebank.ReadWordsIn(c.lang, c.text)
		if err != nil || len(got) != len(c.want) {
			t.Errorf("%s: %q: %d rules %v (%v), want %d", c.lang, c.text, len(got), got, err, len(c.want))
			continue
		}
		for i, w := range c.want {
			a, _ := rulebank.Compile(rulebank.Rule{Name: "got", Expr: got[i].Expr})
			b, _ := rulebank.Compile(rulebank.Rule{Name: "want", Expr: w})
			if e, err := rulebank.Compare(a, b, true); err != nil || !e.Equal {
				t.Errorf("%s: %q: reading %d is %s, not %s", c.lang, c.text, i+1, got[i].Expr, w)
			}
		}
		if want, _ := rulewords.SayIn(c.lang, got[0].Expr); got[0].Words != want {
			t.Errorf("%s: %q: said back as %q, not in its language (%q)", c.lang, c.text, got[0].Words, want)
		}
	}
	if _, err := rulebank.ReadWordsIn("pt", "jogue a melhor carta"); err == nil || !strings.Contains(err.Error(), `stuck at "melhor"`) {
		t.Errorf("words that do not read: %v", err)
	}
	if _, err := rulebank.ReadWordsIn("fr", "only red cards"); err == nil || !strings.Contains(err.Error(), `"fr"`) {
		t.Errorf("a language without words: %v", err)
	}
}

// A reading no card can follow, whatever opens the main line, is no rule:
// dropped beside a reading that is one, refused (saying why) when it is
// the only one. A rule with a dead end later is a rule.
func TestImpossibleReadings(t *testing.T) {
	for _, c := range []struct {
		expr     string
		playable bool
	}{
		{`card.suit == "spades" and card.suit == "clubs"`, false},
		{`card.rank > prev.rank and card.rank < prev.rank`, false},
		{`false`, false},
		{`card.rank > 13`, false},
		{`card.rank > prev.rank`, true}, // nothing after a king, something after the rest
		{`card.color == "red"`, true},
		{`n % 2 == 1 ? card.face : false`, true},
	} {
		t.Run(c.expr, func(t *testing.T) {
			r, err := rulebank.Compile(rulebank.Rule{Name: "r", Expr: c.expr})
			if err != nil {
				t.Fatal(err)
			}
			if got := rulebank.Playable(r); got != c.playable {
				t.Errorf("Playable = %v", got)
			}
		})
	}
	// texts that read only so are refused; the hint of "X and Y only" is
	// given where two kinds are joined by and
	for _, c := range []struct {
		text string
		hint bool
	}{
		{"the card is a heart and a spade", true},
		{"a number face card", true}, // "number" is no kind of face card
		{"the card before last must be red", false},
	} {
		_, err := rulebank.ReadWords(c.text)
		var imp *rulebank.ImpossibleError
		if !errors.As(err, &imp) || len(imp.Readings) != 1 || !strings.Contains(err.Error(), "no card can ever follow") {
			t.Errorf("%q, an impossible text: %v", c.text, err)
			continue
		}
		if got := strings.Contains(err.Error(), "either kind"); got != c.hint {
			t.Errorf("%q: the hint of either kind given %v, want %v: %v", c.text, got, c.hint, err)
		}
	}
}
