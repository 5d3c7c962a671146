package rulebank_test

import (
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulewords"
)

// This week's readings (steps either way counting round, commands joined
// by or, "only X may follow" in a mode, a mode's off state said after it,
// directions as verbs, sums and averages rounded up) give the verdicts of
// expressions written by hand another way on random main lines, reading by
// reading; and each reading said back (in every language with
// ELEUSIS_LONG_TESTS, in the text's own without) reads as the same rule.
func TestWords53Verdicts(t *testing.T) {
	lastOf := func(kind string) string { return "(findLastIndex(line, " + kind + ") ?? -1)" }
	on := func(a, b string) string { return lastOf(a) + " > " + lastOf(b) }
	round := "(card.rank - prev.rank + 13) % 13 in [1, 2, 11, 12]"
	suitRank := "card.suit == prev.suit || card.rank == prev.rank"
	suitUp := "card.suit == prev.suit || prev.rank < card.rank"
	queen := on(".rank == 12", ".rank == 5") + ` ? (card.color == "black" or card.rank == 5) : true`
	king := `prev.rank != 13 or card.color == "red"`
	face2 := on(".face", ".rank == 2") + " ? (card.rank < prev.rank or card.rank == 2) : prev.rank < card.rank"
	up, down := "prev.rank < card.rank", "prev.rank > card.rank"
	half := "(card.rank * 2 - prev.rank - prev2.rank) in [0, 1]"
	sumUp := []string{"prev2 == nil ? (card.rank * 2 - prev.rank) in [0, 1] : " + half, "prev2 == nil or " + half}
	avgUp := []string{"prev2 == nil ? card.rank == prev.rank : " + half, "prev2 == nil or " + half}
	for _, c := range []struct {
		lang, text string
		want       []string
	}{
		{"en", "1 or 2 higher or 1 or 2 lower than the last card, counting round", []string{round}},
		{"pt", "1 ou 2 acima ou 1 ou 2 abaixo da última carta, em roda", []string{round}},
		{"es", "1 o 2 más o 1 o 2 menos que la anterior, dando la vuelta", []string{round}},
		{"ca", "1 o 2 més o 1 o 2 menys que l'anterior, fent la volta", []string{round}},
		{"en", "follow suit or match the value of the last card", []string{suitRank}},
		{"pt", "siga o naipe ou iguale o valor da última carta", []string{suitRank}},
		{"es", "o sigues el palo o juegas una carta más alta", []string{suitUp}},
		{"ca", "segueix el pal o iguala el valor de l'última carta", []string{suitRank}},
		{"en", "when a queen appears, only black cards may follow, until a 5 shows up", []string{queen}},
		{"en", "after a king only red cards can follow", []string{king}},
		{"pt", "quando sair uma dama, só cartas pretas podem vir a seguir, até aparecer um 5", []string{queen}},
		{"es", "después de una reina solo pueden seguir cartas negras hasta que salga un 5", []string{queen}},
		{"ca", "quan isca una reina, només poden anar cartes negres després, fins que isca un 5", []string{queen}},
		{"en", "once a face card is played, play lower cards until a 2 is played, then higher again", []string{face2}},
		{"pt", "quando sair uma figura, desce até aparecer um 2, e depois volta a subir", []string{face2}},
		{"es", "después de una figura, juega más baja hasta que salga un 2, luego más alta otra vez", []string{face2}},
		{"ca", "quan isca una figura, baixa fins a un 2 i després torna a pujar", []string{face2}},
		{"en", "everything must go down", []string{down}},
		{"en", "the cards must climb", []string{up}},
		{"en", "keep going up", []string{up}},
		{"pt", "tudo tem que descer", []string{down}},
		{"es", "sigue subiendo", []string{up}},
		{"ca", "les cartes han de pujar", []string{up}},
		{"en", "(the last two added) divided by 2, rounded up", sumUp},
		{"en", "the average of the last two, rounded up", avgUp},
		{"pt", "a média das duas últimas, arredondada para cima", avgUp},
		{"es", "la suma de las dos últimas dividida entre 2, redondeada hacia arriba", sumUp},
		{"ca", "la mitjana de les dues últimes, arrodonida cap amunt", avgUp},
	} {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil || len(rs) != len(c.want) {
			t.Errorf("%s %q: read as %v (%v), want %d readings", c.lang, c.text, rs, err, len(c.want))
			continue
		}
		langs := []string{c.lang}
		if longtest.On() {
			langs = append([]string{"en"}, rulewords.Languages()...)
		}
		for k, r := range rs {
			if msg := sameOnRandomLines(r.Expr, c.want[k]); msg != "" {
				t.Errorf("%s %q read as %s: %s", c.lang, c.text, r.Expr, msg)
				continue
			}
			for _, lang := range langs {
				words, err := rulewords.SayIn(lang, r.Expr)
				if err != nil {
					t.Errorf("%s: %s: %v", lang, r.Expr, err)
					continue
				}
				back, err := rulewords.ReadIn(lang, words)
				if err != nil {
					t.Errorf("%s %q (%s): %v", lang, words, r.Expr, err)
					continue
				}
				for _, b := range back {
					if msg := sameOnRandomLines(b.Expr, c.want[k]); msg != "" {
						t.Errorf("%s %q said back in %s as %q, read as %s: %s", c.lang, c.text, lang, words, b.Expr, msg)
					}
				}
			}
		}
	}
}
