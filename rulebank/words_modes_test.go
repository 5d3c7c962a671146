package rulebank_test

import (
	"math/rand/v2"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Modes read as the rule meant: on random main lines (of any cards, up to
// 40 long), every card gets the same verdict from the reading as from an
// expression written by hand another way (the index of the line's last card
// of each kind, from the start), and the reading said back in each language
// reads as the same rule (in every language with ELEUSIS_LONG_TESTS, in
// the text's own without).
func TestModesVerdicts(t *testing.T) {
	// lastOf is the place of the line's last card of a kind, -1 for none
	lastOf := func(kind string) string { return "(findLastIndex(line, " + kind + ") ?? -1)" }
	on := func(a, b string) string { return lastOf(a) + " > " + lastOf(b) }
	odd7 := on(".rank == 7", ".rank == 1") + " ? (card.odd or card.rank == 1) : true"
	jack := on(".rank == 11", ".rank == 12") + " ? (card.rank < prev.rank or card.rank == 12) : card.color != prev.color"
	kingAce := on(".rank == 13", ".rank == 1") + " ? (card.rank < prev.rank or card.rank == 1) : (card.rank > prev.rank or card.rank == 13)"
	firstKing := "all(line, .rank != 13) ? (card.rank > prev.rank or card.rank == 13) : true"
	for _, c := range []struct{ lang, text, want string }{
		{"en", "after a 7, only odd cards may be played until an ace is played", odd7},
		{"en", "once a jack is played, every card must be lower until a queen; otherwise alternate colours", jack},
		{"en", "a king locks the suit: follow the suit until a 4 comes", on(".rank == 13", ".rank == 4") + " ? (card.suit == prev.suit or card.rank == 4) : true"},
		{"en", "from a heart on, play red cards until a club", on(`.suit == "hearts"`, `.suit == "clubs"`) + ` ? card.suit != "spades" : true`},
		{"en", "from a red card on, play higher until a heart", on(`.color == "red"`, `.suit == "hearts"`) + ` ? (card.rank > prev.rank or card.suit == "hearts") : true`},
		{"en", "play higher until a king, then lower until an ace", kingAce},
		{"en", "play higher until the first king", firstKing},
		{"en", "after a black card play lower until a red queen", on(`.color == "black"`, `.rank == 12 and .color == "red"`) + ` ? (card.rank < prev.rank or card.rank == 12 and card.color == "red") : true`},
		{"en", "once a 2 has been played, no card above 9 until an ace comes", on(".rank == 2", ".rank == 1") + " ? card.rank <= 9 : true"},
		{"en", "after a face card, play red until a 2, otherwise black", on(".face", ".rank == 2") + ` ? (card.color == "red" or card.rank == 2) : card.color == "black"`},
		{"pt", "depois de um 7, só ímpares até sair um ás", odd7},
		{"pt", "quando sair um valete, cada carta deve ser menor que a anterior até aparecer uma dama; senão alterna as cores", jack},
		{"es", "sube hasta un rey, luego baja hasta un as y así sucesivamente", kingAce},
		{"es", "juega más alta hasta el primer rey", firstKing},
		{"ca", "després d'un 7, només senars fins que isca un as", odd7},
		{"ca", "entre un 7 i el següent as, només senars", odd7},
	} {
		rs, err := rulewords.ReadIn(c.lang, c.text)
		if err != nil || len(rs) != 1 {
			t.Errorf("%s %q: read as %v (%v), want one reading", c.lang, c.text, rs, err)
			continue
		}
		if msg := sameOnRandomLines(rs[0].Expr, c.want); msg != "" {
			t.Errorf("%s %q read as %s: %s", c.lang, c.text, rs[0].Expr, msg)
		}
		langs := []string{c.lang}
		if longtest.On() {
			langs = append([]string{"en"}, rulewords.Languages()...)
		}
		for _, lang := range langs {
			words, err := rulewords.SayIn(lang, rs[0].Expr)
			if err != nil {
				t.Errorf("%s: %s: %v", lang, rs[0].Expr, err)
				continue
			}
			back, err := rulewords.ReadIn(lang, words)
			if err != nil {
				t.Errorf("%s %q (%s): %v", lang, words, rs[0].Expr, err)
				continue
			}
			for _, b := range back {
				if msg := sameOnRandomLines(b.Expr, c.want); msg != "" {
					t.Errorf("%s %q said back as %q, read as %s: %s", c.lang, c.text, words, b.Expr, msg)
				}
			}
		}
	}
}

// sameOnRandomLines says where rules a and b part on 150 random main
// lines of any cards, "" when they never do.
func sameOnRandomLines(a, b string) string {
	ca, err := rulebank.Compile(rulebank.Rule{Name: "a", Expr: a})
	if err != nil {
		return err.Error()
	}
	cb, err := rulebank.Compile(rulebank.Rule{Name: "b", Expr: b})
	if err != nil {
		return err.Error()
	}
	ja, jb := ca.NewJudge(), cb.NewJudge()
	rng := rand.New(rand.NewPCG(52, 7))
	for range 150 {
		line := make([]sim.Card, 1+rng.IntN(40))
		for i := range line {
			line[i] = sim.Card(rng.IntN(sim.NumCards))
		}
		for c := range sim.Card(sim.NumCards) {
			va, err1 := ja.Accepts(line, c)
			vb, err2 := jb.Accepts(line, c)
			if err1 != nil || err2 != nil {
				return "error: " + errString(err1) + errString(err2)
			}
			if va != vb {
				return "after " + sim.CardsString(line) + " the first says " + yesNo(va) + " to " + c.String() + ", the second " + yesNo(vb)
			}
		}
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error() + " "
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
