package rulewords_test

import "testing"

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
