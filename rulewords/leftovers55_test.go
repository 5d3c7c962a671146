package rulewords_test

import (
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// Readings of this week's leftovers, each idea in every language: one
// card named whole (its rank of its suit), amounts of change said with a
// preposition, phases in a row ("until a king, then …"), exceptions
// before an otherwise, an adjective before a list of ranks, and amounts
// after a list of ranks in Portuguese, Spanish and Valencian.

func TestNamedCards(t *testing.T) {
	const (
		h2     = `(card.rank == 2) and (card.suit == "hearts")`
		s7     = `(card.rank == 7) and (card.suit == "spades")`
		d5     = `(card.rank == 5) and (card.suit == "diamonds")`
		afterK = `(prev.rank == 13) ? ((card.rank == 2) and (card.suit == "hearts")) : true`
		qsAny  = `((prev.rank == 12) and (prev.suit == "spades")) ? true : (card.rank > prev.rank)`
		h23    = `(card.rank in [2, 3]) and (card.suit == "hearts")`
		notQS  = `not ((card.rank == 12) and (card.suit == "spades"))`
		ifAH   = `((prev.rank == 1) and (prev.suit == "hearts")) ? (card.color == "black") : true`
		two    = `((card.rank == 7) and (card.suit == "clubs")) or ((card.rank == 13) and (card.suit == "hearts"))`
	)
	cases := []readCase{
		{"en", "a 2 of hearts", []string{h2}},
		{"en", "the two of hearts", []string{h2}},
		{"en", "play the 7 of spades", []string{s7}},
		{"en", "only the seven of spades", []string{s7}},
		{"en", "play a 2 of hearts after a king", []string{afterK}},
		{"en", "after a king, play the 2 of hearts", []string{afterK}},
		{"en", "after the queen of spades anything goes; otherwise play higher", []string{qsAny}},
		{"en", "anything after the queen of spades, otherwise higher than the last card", []string{qsAny}},
		{"en", "a 2 or 3 of hearts", []string{h23}},
		{"en", "2s or 3s of hearts", []string{h23}},
		{"en", "never play the queen of spades", []string{notQS}},
		{"en", "if the last card was the ace of hearts, play a black card", []string{ifAH}},
		{"en", "the 7 of clubs or the king of hearts", []string{two}},
		{"en", "a king of hearts or a face card", []string{`((card.rank == 13) and (card.suit == "hearts")) or card.face`}},
		{"pt", "o 2 de copas", []string{h2}},
		{"pt", "joga o 2 de copas depois de um rei", []string{afterK}},
		{"pt", "depois da dama de espadas, qualquer carta; senão, maior que a anterior", []string{qsAny}},
		{"pt", "um 2 ou 3 de copas", []string{h23}},
		{"pt", "não jogue nunca a dama de espadas", []string{notQS}},
		{"pt", "se a última carta foi o ás de copas, joga uma carta preta", []string{ifAH}},
		{"pt", "o 7 de paus ou o rei de copas", []string{two}},
		{"es", "el 5 de oros", []string{d5}},
		{"es", "el 5 de diamantes", []string{d5}},
		{"es", "juega el 2 de corazones después de un rey", []string{afterK}},
		{"es", "después de la reina de picas, cualquier carta; si no, más alta que la anterior", []string{qsAny}},
		{"es", "un 2 o 3 de copas", []string{h23}},
		{"es", "no juegues nunca la reina de picas", []string{notQS}},
		{"es", "si la última carta fue el as de corazones, juega una carta negra", []string{ifAH}},
		{"es", "el 7 de bastos o el rey de copas", []string{two}},
		{"ca", "el 5 d'ors", []string{d5}},
		{"ca", "el 5 de diamants", []string{d5}},
		{"ca", "juga el 2 de cors després d'un rei", []string{afterK}},
		{"ca", "després de la dama de piques, qualsevol carta; si no, més alta que l'anterior", []string{qsAny}},
		{"ca", "un 2 o 3 de cors", []string{h23}},
		{"ca", "mai no jugues la dama de piques", []string{notQS}},
		{"ca", "si l'última carta va ser l'as de cors, juga una carta negra", []string{ifAH}},
		{"ca", "el 7 de bastos o el rei de copes", []string{two}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		if c.want[0] != notQS {
			// (a negated "and" is said back as its parts negated: the
			// same rule, another expression)
			saysBack(t, c.lang, c.text)
		}
	}
}

// "não jogue nunca", "no juegues nunca", "no jugues mai": one negation
// (negative concord), never two.
func TestNeverSaidTwice(t *testing.T) {
	cases := []readCase{
		{"pt", "não jogue nunca uma figura", []string{`not card.face`}},
		{"pt", "não se pode jogar nunca uma figura", []string{`not card.face`}},
		{"es", "no juegues nunca una figura", []string{`not card.face`}},
		{"es", "no se puede jugar nunca una figura", []string{`not card.face`}},
		{"ca", "mai no jugues una figura", []string{`not card.face`}},
		{"ca", "no jugues mai una figura", []string{`not card.face`}},
		{"ca", "no es pot jugar mai una figura", []string{`not card.face`}},
	}
	readsExactly(t, cases)
}

// Amounts of change said with a preposition, before the list or before
// each amount: one of them is meant, never "one up, or a card of 2".
func TestAmountsWithAPreposition(t *testing.T) {
	const (
		up12   = `(card.rank == prev.rank + 1) or (card.rank == prev.rank + 2)`
		down12 = `(card.rank == prev.rank - 1) or (card.rank == prev.rank - 2)`
		round  = `(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 1) % 13 + 1)`
	)
	cases := []readCase{
		{"en", "go up by one or by two", []string{up12}},
		{"en", "rise by 1 or 2", []string{up12}},
		{"en", "the cards must rise by one or two", []string{up12}},
		{"en", "fall by one or by two", []string{down12}},
		{"en", "higher than the last card by one or by two", []string{up12}},
		{"en", "rise by one or two, counting round", []string{round}},
		{"pt", "sobe de 1 ou 2", []string{up12}},
		{"pt", "sobe de um ou de dois", []string{up12}},
		{"pt", "a carta deve descer de um ou de dois", []string{down12}},
		{"pt", "maior que a anterior em 1 ou 2", []string{up12}},
		{"pt", "sobe de um em um ou de dois em dois", []string{up12}},
		{"pt", "sobe de 1 ou 2, em roda", []string{round}},
		{"es", "sube de uno o de dos", []string{up12}},
		{"es", "sube en uno o dos", []string{up12}},
		{"es", "la carta debe bajar en uno o en dos", []string{down12}},
		{"es", "más alta que la anterior en uno o dos", []string{up12}},
		{"es", "sube de uno en uno o de dos en dos", []string{up12}},
		{"ca", "puja d'un o de dos", []string{up12}},
		{"ca", "puja d'un o dos", []string{up12}},
		{"ca", "les cartes han de pujar d'un o de dos", []string{up12}},
		{"ca", "baixa d'un o de dos", []string{down12}},
		{"ca", "més alta que l'anterior en un o dos", []string{up12}},
		{"ca", "puja d'un en un o de dos en dos", []string{up12}},
		{"ca", "puja d'un o de dos, fent la volta", []string{round}},
	}
	readsExactly(t, cases)
}

// "X until a king, then Y": a phase the first king ends for good, its
// words of "then" as those of "after that"; a phase that ends at a card
// said by its relation to another is refused, saying why.
func TestUntilThen(t *testing.T) {
	const (
		upDown   = `(none(line, .rank == 13)) ? ((card.rank > prev.rank) or (card.rank == 13)) : (card.rank < prev.rank)`
		redBlack = `(none(line, .rank == 13)) ? ((card.color == "red") or (card.rank == 13)) : (card.color == "black")`
		cycle    = `((findIndex(reverse(line), .rank == 13) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n)) ? ((card.rank < prev.rank) or (card.rank == 1)) : ((card.rank > prev.rank) or (card.rank == 13))`
	)
	cases := []readCase{
		{"en", "the cards must keep rising until a king, then fall", []string{upDown}},
		{"en", "rise until a king, then fall", []string{upDown}},
		{"en", "the cards must go up until a king is played, then down", []string{upDown}},
		{"en", "play red cards until a king, then black cards", []string{redBlack}},
		{"en", "play higher until a king, then lower until an ace", []string{cycle}},
		{"pt", "as cartas devem subir até sair um rei, depois descer", []string{upDown}},
		{"pt", "joga mais alta até sair um rei, e então mais baixa", []string{upDown}},
		{"pt", "joga vermelhas até um rei, depois pretas", []string{redBlack}},
		{"es", "las cartas deben subir hasta un rey, luego bajar", []string{upDown}},
		{"es", "sube hasta que salga un rey, después baja", []string{upDown}},
		{"es", "juega rojas hasta un rey, luego negras", []string{redBlack}},
		{"ca", "les cartes han de pujar fins a un rei, després baixar", []string{upDown}},
		{"ca", "puja fins que isca un rei, després baixa", []string{upDown}},
		{"ca", "puja fins a un rei, després baixa fins a un as", []string{cycle}},
	}
	readsExactly(t, cases)
	for _, c := range []readCase{
		{"en", "rise until a card lower than the last one, then fall", nil},
		{"en", "play red until a card of the same suit as the last card, then black", nil},
		{"es", "sube hasta una carta más baja que la anterior, luego baja", nil},
	} {
		_, err := rulewords.ReadIn(c.lang, c.text)
		if err == nil || !strings.Contains(err.Error(), "a phase ends at the first card of a kind") {
			t.Errorf("%s %q: %v, want it refused saying why", c.lang, c.text, err)
		}
	}
}

// "X and Y are always allowed; if …" (or "; otherwise …"): both kinds
// wild, an exception to the rule after them, one reading — never the
// first kind a rule of its own and the second wild. Alone, "kings and
// aces are wild" is still the cards of either kind.
func TestWildListThenRule(t *testing.T) {
	const (
		fa     = `card.face or (card.rank == 1) or ((prev.color == "red") ? (card.rank > prev.rank) : true)`
		faBoth = `card.face or (card.rank == 1) or ((prev.color == "red") ? (card.rank > prev.rank) : (card.rank < prev.rank))`
		kaLow  = `(card.rank == 13) or (card.rank == 1) or (card.rank < prev.rank)`
		ha     = `(card.rank == 1) or (card.suit == "hearts")`
	)
	cases := []readCase{
		{"es", "las figuras y los ases siempre se pueden jugar; si la última es roja, juega una más alta", []string{fa}},
		{"es", "las figuras y los ases siempre valen; si la anterior es roja, más alta; si no, más baja", []string{faBoth}},
		{"es", "los reyes y los ases están siempre permitidos; si no, más baja que la anterior", []string{kaLow}},
		{"en", "face cards and aces are always allowed; if the last card is red, play higher", []string{fa}},
		{"en", "face cards and aces are wild; if the last card is red, play higher", []string{fa}},
		{"en", "face cards and aces can always be played; if the last card was red play higher, otherwise lower", []string{faBoth}},
		{"pt", "as figuras e os ases podem sempre ser jogados; se a anterior for vermelha, joga uma mais alta", []string{fa}},
		{"pt", "os reis e os ases são sempre permitidos; senão, menor que a anterior", []string{kaLow}},
		{"ca", "les figures i els asos sempre es poden jugar; si l'anterior és roja, juga'n una més alta", []string{fa}},
		{"ca", "els reis i els asos sempre es poden jugar; si no, més baixa que l'anterior", []string{kaLow}},
		{"en", "hearts and aces are wild", []string{ha}},
		{"en", "hearts, but aces can always be played", []string{ha}},
		{"es", "los corazones y los ases son comodines", []string{ha}},
	}
	readsExactly(t, cases)
}

// An adjective before a list of ranks said once is every rank's ("a red
// 2 or 3"); with an article before each, the list is of kinds ("a red 2
// or a 3"). After the list, an adjective is of them all ("un 2 o un 3
// rojo"; the two ways it reads, a list of ranks or ranks joined by "or",
// are one rule, which rulebank gives once).
func TestAdjectiveBeforeRanks(t *testing.T) {
	const (
		red23  = `(card.color == "red") and (card.rank in [2, 3])`
		red23b = `(card.rank in [2, 3]) and (card.color == "red")`
	)
	cases := []readCase{
		{"en", "a red 2 or 3", []string{red23}},
		{"en", "red 2s or 3s", []string{red23}},
		{"en", "a red 2, 3 or 4", []string{`(card.color == "red") and (card.rank in [2, 3, 4])`}},
		{"en", "a black king or queen", []string{`(card.color == "black") and (card.rank in [12, 13])`}},
		{"en", "play a red 2 or 3 after a king", []string{`(prev.rank == 13) ? ((card.color == "red") and (card.rank in [2, 3])) : true`}},
		{"en", "a red 2 or a 3", []string{`((card.color == "red") and (card.rank == 2)) or (card.rank == 3)`}},
		{"es", "un 2 o un 3 rojo", []string{red23b, `((card.rank == 2) or (card.rank == 3)) and (card.color == "red")`}},
		{"es", "un 2 o 3 rojo", []string{red23b}},
		{"es", "un 2 rojo o un 3", []string{`((card.rank == 2) and (card.color == "red")) or (card.rank == 3)`}},
		{"pt", "um 2 ou um 3 vermelho", []string{red23b, `((card.rank == 2) or (card.rank == 3)) and (card.color == "red")`}},
		{"pt", "um 2 ou 3 vermelho", []string{red23b}},
		{"ca", "un 2 o un 3 vermell", []string{red23b, `((card.rank == 2) or (card.rank == 3)) and (card.color == "red")`}},
		{"ca", "un 2 o 3 roig", []string{red23b}},
	}
	readsExactly(t, cases)
}

// After a list of ranks said as cards (the masculine article names the
// card: "um 2", "un 2"), a comparison with another card is theirs: the
// cards of those ranks that compare so, as "a 2 or 3 higher than the
// last card" is; numbers alone, or after "uma carta", are amounts.
func TestRanksThenComparison(t *testing.T) {
	const (
		up  = `(card.rank in [2, 3]) and (card.rank > prev.rank)`
		by  = `(card.rank == prev.rank + 2) or (card.rank == prev.rank + 3)`
		low = `(card.rank in [2, 3]) and (card.rank < prev.rank)`
	)
	cases := []readCase{
		{"pt", "um 2 ou 3 maior que a anterior", []string{up}},
		{"pt", "joga um 2 ou 3 maior que a anterior", []string{up}},
		{"pt", "2 ou 3 maior que a anterior", []string{by}},
		{"pt", "uma carta 2 ou 3 maior que a anterior", []string{by}},
		{"es", "un 2 o 3 mayor que la anterior", []string{up}},
		{"es", "juega un 2 o 3 más alto que la anterior", []string{up}},
		{"ca", "un 2 o 3 més alt que l'anterior", []string{up}},
		{"ca", "juga un 2 o 3 més baix que l'anterior", []string{low}},
		{"en", "a 2 or 3 higher than the last card", []string{`((card.rank == 2) or (card.rank == 3)) and (card.rank > prev.rank)`}},
	}
	readsExactly(t, cases)
}
