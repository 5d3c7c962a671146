package rulewords

import "testing"

// mode is the state "a card of kind on came after the last card of kind
// off", as the hypothesis grammar writes it.
func modeOf(on, off string) string {
	return "((findIndex(reverse(line), " + on + ") ?? n) < (findIndex(reverse(line), " + off + ") ?? n))"
}

// Modes read, in four languages, as one reading each: the state a kind of
// card switches on and another off, the body while it is on (or a card
// that ends it), the otherwise while it is off.
func TestModesRead(t *testing.T) {
	seven, ace := modeOf(".rank == 7", ".rank == 1"), "(card.odd or (card.rank == 1))"
	odd7 := seven + " ? " + ace + " : true"
	jack := modeOf(".rank == 11", ".rank == 12") + " ? ((card.rank < prev.rank) or (card.rank == 12)) : (card.color != prev.color)"
	kingAce := modeOf(".rank == 13", ".rank == 1") + " ? ((card.rank < prev.rank) or (card.rank == 1)) : ((card.rank > prev.rank) or (card.rank == 13))"
	firstKing := "(none(line, .rank == 13)) ? ((card.rank > prev.rank) or (card.rank == 13)) : true"
	for _, c := range []struct{ lang, text, want string }{
		{"en", "after a 7 only odd cards, until an ace", odd7},
		{"en", "after a 7, only odd cards may be played until an ace is played", odd7},
		{"en", "once a 7 has been played, odd cards only until the next ace", odd7},
		{"en", "from a 7 until an ace, only odd cards", odd7},
		{"en", "between a 7 and the next ace, only odd cards", odd7},
		{"en", "only odd cards after a 7 until an ace", odd7},
		{"en", "after a 7, odd cards only, until someone plays an ace", odd7},
		{"en", "after a 7, only odd cards; an ace ends it", odd7},
		{"en", "after a 7, only odd cards. this lasts until an ace", odd7},
		{"en", "a 7 corks the bottle: only odd cards until an ace", odd7},
		{"en", "once a jack is played, every card must be lower until a queen; otherwise alternate colours", jack},
		{"en", "play higher until a king, then lower until an ace", kingAce},
		{"en", "play higher until the first king", firstKing},
		{"en", "a king locks the suit: follow the suit until a 4 comes", modeOf(".rank == 13", ".rank == 4") + " ? ((card.suit == prev.suit) or (card.rank == 4)) : true"},
		{"en", "from a heart on, play red cards until a club", modeOf(`.suit == "hearts"`, `.suit == "clubs"`) + ` ? ((card.color == "red") or (card.suit == "clubs")) : true`},
		{"en", "after a black jack play lower until a red queen", modeOf(`(.color == "black") and (.rank == 11)`, `(.color == "red") and (.rank == 12)`) + ` ? ((card.rank < prev.rank) or ((card.color == "red") and (card.rank == 12))) : true`},
		{"en", "after an 8 or higher, play lower until a 2 or lower", modeOf(".rank >= 8", ".rank <= 2") + " ? ((card.rank < prev.rank) or (card.rank <= 2)) : true"},
		{"en", "after a face card, play red until a 2, otherwise black", modeOf(".face", ".rank == 2") + ` ? ((card.color == "red") or (card.rank == 2)) : (card.color == "black")`},
		{"en", "play red cards until the first club, then black cards", `(none(line, .suit == "clubs")) ? ((card.color == "red") or (card.suit == "clubs")) : (card.color == "black")`},
		{"pt", "depois de um 7, só ímpares até sair um ás", odd7},
		{"pt", "entre um 7 e o próximo ás, só ímpares", odd7},
		{"pt", "só ímpares depois de um 7 até um ás", odd7},
		{"pt", "quando sair um valete, cada carta deve ser menor que a anterior até aparecer uma dama; senão alterna as cores", jack},
		{"pt", "joga mais alta até o primeiro rei", firstKing},
		{"es", "después de un 7, solo impares hasta que salga un as", odd7},
		{"es", "solo impares desde un 7 hasta un as", odd7},
		{"es", "cuando sale una jota, cada carta debe ser más baja que la anterior hasta que salga una reina; si no, alterna colores", jack},
		{"es", "sube hasta un rey, luego baja hasta un as y así sucesivamente", kingAce},
		{"es", "juega más alta hasta el primer rey", firstKing},
		{"ca", "després d'un 7, només senars fins que isca un as", odd7},
		{"ca", "entre un 7 i el següent as, només senars", odd7},
		{"ca", "quan isca una sota, cada carta ha de ser més baixa que l'anterior fins a una reina; si no, alterna colors", jack},
		{"ca", "juga més alta fins al primer rei", firstKing},
	} {
		rs, err := ReadIn(c.lang, c.text)
		if err != nil {
			t.Errorf("%s %q: %v", c.lang, c.text, err)
			continue
		}
		if len(rs) != 1 || rs[0].Expr != c.want {
			t.Errorf("%s %q: read as %v, want %s", c.lang, c.text, rs, c.want)
		}
	}
}

// A mode's state said back: which of the two kinds came last, in each
// language, and negated as a whole clause.
func TestModesSaid(t *testing.T) {
	m := modeOf(".rank == 7", ".rank == 1")
	for _, c := range []struct{ lang, expr, want string }{
		{"en", m, "a card that is a 7 has been played more recently than every card that is an ace"},
		{"en", "not " + m + " or card.odd", "either it is not the case that (a card that is a 7 has been played more recently than every card that is an ace) or the card is odd"},
		{"pt", m, "uma carta que é um 7 foi jogada mais recentemente que qualquer carta que é um ás"},
		{"es", m, "una carta que es un 7 se ha jugado más recientemente que cualquier carta que es un as"},
		{"ca", m, "una carta que és un 7 s'ha jugat més recentment que qualsevol carta que és un as"},
	} {
		got, err := SayIn(c.lang, c.expr)
		if err != nil || got != c.want {
			t.Errorf("%s %s: said %q (%v), want %q", c.lang, c.expr, got, err, c.want)
		}
	}
}

// A field said after its noun, "a suit different from …", as "a different
// suit from …".
func TestFieldDifferentAfter(t *testing.T) {
	both := "(card.suit != prev.suit) and ((prev2 == nil) or (card.suit != prev2.suit))"
	for _, c := range []struct{ text, want string }{
		{"a suit different from both of the last two cards", both},
		{"play a suit different from both of the last two cards", both},
		{"play a suit different from the last card", "card.suit != prev.suit"},
		{"a colour different from the last card", "card.color != prev.color"},
	} {
		rs, err := Read(c.text)
		if err != nil || len(rs) != 1 || rs[0].Expr != c.want {
			t.Errorf("%q: read as %v (%v), want %s", c.text, rs, err, c.want)
		}
	}
}
