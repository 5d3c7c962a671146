package rulebank_test

import (
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// The fifty-fourth set's readings (several amounts one of which is meant,
// a clause of both cards after "or", the same part said twice, ranks of a
// kind, amounts both ways, a colour cycle by place) give the verdicts of
// expressions written by hand another way on random main lines, and each
// reading said back in the text's language reads as the same rule.
func TestWords54Verdicts(t *testing.T) {
	d57 := "card.rank - prev.rank in [5, 7, -5, -7]"
	up34 := "card.rank - prev.rank in [3, 4]"
	both12 := "card.rank != prev.rank and abs(prev.rank - card.rank) <= 2"
	red23 := `card.color == "red" and (card.rank == 2 or card.rank == 3)`
	bbr := `n % 3 == 2 ? card.color == "red" : card.color == "black"`
	for _, c := range []struct{ lang, text, want string }{
		{"es", "la diferencia entre la carta y la anterior es exactamente 5 o exactamente 7", d57},
		{"pt", "a diferença entre a carta e a anterior tem de ser 5 ou 7", d57},
		{"ca", "la diferència entre la carta i l'anterior és 5 o 7", d57},
		{"en", "the card must differ from the last card by exactly 5 or exactly 7", d57},
		{"pt", "a carta é exatamente 3 ou exatamente 4 acima da anterior", up34},
		{"en", "the card is exactly 3 or exactly 4 higher than the last card", up34},
		{"es", "la carta es más alta que la anterior, o tienen el mismo valor", "card.rank >= prev.rank"},
		{"en", "the card is red, or they are of different colours", `card.color == "red" or prev.color == "red"`},
		{"pt", "nada de figura, só número", "card.rank <= 10"},
		{"en", "a 2 or 3 red card", red23},
		{"es", "un 2 o 3 rojo", red23},
		{"en", "the card is 1 or 2 ranks higher or lower than the last card", both12},
		{"es", "1 o 2 más o menos que la anterior", both12},
		{"pt", "preta preta vermelha, repete", bbr},
		{"en", "black, black, red, and repeat", bbr},
	} {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil || len(rs) != 1 {
			t.Errorf("%s %q: read as %v (%v), want one reading", c.lang, c.text, rs, err)
			continue
		}
		if msg := sameOnRandomLines(rs[0].Expr, c.want); msg != "" {
			t.Errorf("%s %q read as %s: %s", c.lang, c.text, rs[0].Expr, msg)
		}
		back, err := rulewords.ReadIn(c.lang, rs[0].Words)
		if err != nil {
			t.Errorf("%s %q said back as %q: %v", c.lang, c.text, rs[0].Words, err)
			continue
		}
		for _, b := range back {
			if msg := sameOnRandomLines(b.Expr, c.want); msg != "" {
				t.Errorf("%s %q said back as %q, read as %s: %s", c.lang, c.text, rs[0].Words, b.Expr, msg)
			}
		}
	}
}
