package rulewords_test

import "testing"

// What English gained lately, read in Portuguese, Spanish and Valencian
// as their writers phrase it: a pronoun is the card named before it
// ("menor que ela", "su valor"), "its value" opening a clause the card;
// runs of a field whatever its value, the number and the field in either
// order; a number that is not a multiple; a fraction or a multiple of a
// rank as a bound; every k-th card played (two readings) or after the
// starter (one); a pattern that repeats after "otherwise"; an "after X
// anything" beside other rules is an exception to them all; a closing
// "after any other card anything".
func TestReadFreshInTongues(t *testing.T) {
	const (
		kA      = `(prev.rank in [13, 1]) ? true : `
		redBlk  = `((prev.color == "red") ? (card.rank > prev.rank) : (card.rank < prev.rank))`
		hhl     = `((n % 3 == 1) ? (card.rank > prev.rank) : ((n % 3 == 2) ? (card.rank > prev.rank) : (card.rank < prev.rank)))`
		hc      = `(prev.suit == "hearts") ? (card.suit == "clubs") : ((prev.suit == "clubs") ? (card.suit == "hearts") : true)`
		sum     = `(card.rank + prev.rank)`
		not10   = `not (` + sum + ` % 10 == 0)`
		within2 = `(card.suit == prev.suit) or (abs(card.rank - prev.rank) <= 2)`
		hiLo    = `(card.rank > prev.rank) or (card.rank < prev.rank)`
		hiSuit  = `(card.rank > prev.rank) or (card.suit == prev.suit)`
		odd     = `card.odd`
		colour3 = `not ((prev2 != nil) and (card.color == prev.color) and (prev.color == prev2.color))`
		suit3   = `not ((prev2 != nil) and (card.suit == prev.suit) and (prev.suit == prev2.suit))`
		fourth  = `(n % 4 == 3) ? (card.color == "red") : true`
		fourthA = `(n % 4 == 0) ? (card.color == "red") : true`
	)
	cases := []readCase{
		// a pronoun: the card named before it
		{"pt", "o mesmo naipe da última carta, ou a no máximo 2 do seu valor", []string{within2}},
		{"pt", "maior que a última carta ou menor que ela", []string{hiLo}},
		{"pt", "maior que a última carta ou do mesmo naipe que ela", []string{hiSuit}},
		{"pt", "maior que a carta inicial ou a no máximo 2 dela", []string{`(card.rank > line[0].rank) or (abs(card.rank - line[0].rank) <= 2)`}},
		{"pt", "mesmo naipe que a última carta, e o seu valor deve ser ímpar", []string{`(card.suit == prev.suit) and card.odd`}},
		{"pt", "o seu valor deve ser ímpar", []string{odd}},
		{"es", "del mismo palo que la última carta, o a como máximo 2 de su valor", []string{within2}},
		{"es", "mayor que la última carta o menor que ella", []string{hiLo}},
		{"es", "su valor debe ser impar", []string{odd}},
		{"ca", "del mateix pal que l'última carta, o com a màxim a 2 del seu valor", []string{within2}},
		{"ca", "major que l'última carta o menor que ella", []string{hiLo}},
		{"ca", "el seu valor ha de ser senar", []string{odd}},
		{"pt", "menor que a penúltima carta ou maior que ela", []string{`(prev2 == nil) or (card.rank < prev2.rank) or (card.rank > prev2.rank)`}},
		{"es", "del mismo color que la carta inicial o menor que ella", []string{`(card.color == line[0].color) or (card.rank < line[0].rank)`}},
		// no card named before: "it" is none, "its value" the card's own
		{"pt", "maior que ela", nil},
		{"pt", "a no máximo 2 do seu valor", nil}, // abs(card.rank - card.rank) <= 2
		{"en", "within 2 of its value", nil},
		{"en", "within 2 of the card's value", nil},
		{"pt", "pelo menos metade do seu valor", nil}, // card.rank * 2 >= card.rank
		{"es", "como mínimo la mitad de su valor", nil},
		{"en", "at least half its value", nil},
		// runs of a field, whatever its value
		{"pt", "nunca três cartas da mesma cor seguidas", []string{colour3}},
		{"pt", "nunca 3 cartas seguidas do mesmo naipe", []string{suit3}},
		{"pt", "no máximo 2 cartas do mesmo naipe seguidas", []string{suit3}},
		{"pt", "não mais de duas cartas seguidas da mesma cor", []string{colour3}},
		{"pt", "o mesmo naipe no máximo duas vezes seguidas", []string{suit3}},
		{"pt", "a mesma cor não pode sair mais de 2 vezes seguidas", []string{colour3}},
		{"pt", "nunca a mesma cor três vezes seguidas", []string{colour3}},
		{"es", "nunca tres cartas del mismo color seguidas", []string{colour3}},
		{"es", "no más de dos cartas seguidas del mismo palo", []string{suit3}},
		{"es", "el mismo palo como máximo dos veces seguidas", []string{suit3}},
		{"es", "nunca el mismo color tres veces seguidas", []string{colour3}},
		{"ca", "mai tres cartes del mateix color seguides", []string{colour3}},
		{"ca", "no més de dues cartes seguides del mateix pal", []string{suit3}},
		{"ca", "el mateix pal com a màxim dues vegades seguides", []string{suit3}},
		{"pt", "no máximo 2 vezes seguidas a mesma cor", []string{colour3}},
		{"es", "nunca más de 2 veces seguidas el mismo color", []string{colour3}},
		{"ca", "com a màxim 2 cartes seguides del mateix color", []string{colour3}},
		{"pt", "jamais a mesma cor três vezes consecutivas", []string{colour3}},
		{"es", "nunca tres cartas consecutivas del mismo color", []string{colour3}},
		{"ca", "mai tres cartes consecutives del mateix color", []string{colour3}},
		{"pt", "nunca 4 cartas do mesmo valor seguidas", []string{`not ((prev3 != nil) and (card.rank == prev.rank) and (prev.rank == prev2.rank) and (prev2.rank == prev3.rank))`}},
		// not a multiple; kinds of number coordinated after "is"
		{"pt", "a soma da carta e da anterior nunca é múltiplo de 10", []string{not10}},
		{"pt", "a soma da carta e da anterior não é divisível por 10", []string{not10}},
		{"pt", "a soma da carta com a anterior é múltiplo de 4 ou múltiplo de 6", []string{`(` + sum + ` % 4 == 0) or (` + sum + ` % 6 == 0)`}},
		{"es", "la suma de la carta y la anterior nunca es múltiplo de 10", []string{not10}},
		{"es", "la suma de la carta y la anterior no es divisible entre 10", []string{not10}},
		{"ca", "la suma de la carta i l'anterior mai és múltiple de 10", []string{not10}},
		{"ca", "la suma de la carta i l'anterior no és divisible per 10", []string{not10}},
		// a fraction or a multiple of a rank as a bound
		{"pt", "pelo menos metade do valor da última carta", []string{`card.rank * 2 >= prev.rank`}},
		{"pt", "a carta deve valer pelo menos metade da anterior", []string{`card.rank * 2 >= prev.rank`}},
		{"pt", "no máximo um terço do valor da anterior", []string{`card.rank * 3 <= prev.rank`}},
		{"pt", "a carta tem que valer mais do dobro da carta inicial", []string{`card.rank > 2 * line[0].rank`}},
		{"pt", "exatamente o dobro do valor da última carta", []string{`card.rank == 2 * prev.rank`}},
		{"es", "al menos la mitad del valor de la última carta", []string{`card.rank * 2 >= prev.rank`}},
		{"es", "la carta tiene que valer menos de un tercio de la anterior", []string{`card.rank * 3 < prev.rank`}},
		{"es", "más del doble de la anterior", []string{`card.rank > 2 * prev.rank`}},
		{"ca", "almenys la meitat del valor de l'última carta", []string{`card.rank * 2 >= prev.rank`}},
		{"ca", "la carta ha de valer menys d'un terç de l'anterior", []string{`card.rank * 3 < prev.rank`}},
		{"ca", "més del doble de l'anterior", []string{`card.rank > 2 * prev.rank`}},
		{"pt", "maior que a metade da última carta", []string{`card.rank * 2 > prev.rank`}},
		{"es", "menor que la mitad del valor de la anterior", []string{`card.rank * 2 < prev.rank`}},
		{"ca", "com a màxim el triple de l'anterior", []string{`card.rank <= 3 * prev.rank`}},
		// every k-th card played: from the starter or after it
		{"pt", "toda quarta carta jogada deve ser vermelha", []string{fourth, fourthA}},
		{"pt", "cada terceira carta jogada é uma figura", []string{`(n % 3 == 2) ? card.face : true`, `(n % 3 == 0) ? card.face : true`}},
		{"pt", "toda quarta carta depois da inicial deve ser vermelha", []string{fourthA}},
		{"es", "cada cuarta carta jugada debe ser roja", []string{fourth, fourthA}},
		{"es", "cada cuarta carta después de la inicial debe ser roja", []string{fourthA}},
		{"ca", "cada quarta carta jugada ha de ser roja", []string{fourth, fourthA}},
		{"ca", "cada quarta carta després de la inicial ha de ser roja", []string{fourthA}},
		{"pt", "toda quarta carta deve ser vermelha", []string{fourth}},
		{"es", "cada tercera carta que se juega es una figura", []string{`(n % 3 == 2) ? card.face : true`, `(n % 3 == 0) ? card.face : true`}},
		// an exception that allows any card, beside the others; a pattern after "otherwise"
		{"pt", "depois de uma carta vermelha sobe, depois de uma preta desce, e depois de um rei ou um ás qualquer coisa", []string{kA + redBlk}},
		{"pt", "depois de um rei ou um ás qualquer coisa; senão maior, maior, menor, repete", []string{kA + hhl}},
		{"pt", "maior, maior, menor, repete; depois de um rei ou um ás qualquer coisa", []string{kA + hhl}},
		{"es", "después de una carta roja sube, después de una negra baja, y después de un rey o un as cualquier cosa", []string{kA + redBlk}},
		{"es", "después de un rey o un as cualquier cosa; si no mayor, mayor, menor, repite", []string{kA + hhl}},
		{"ca", "després d'una carta roja puja, després d'una negra baixa, i després d'un rei o un as qualsevol cosa", []string{kA + redBlk}},
		{"ca", "després d'un rei o un as qualsevol cosa; si no major, major, menor, repetix", []string{kA + hhl}},
		// a closing "after any other card anything"
		{"pt", "depois de copas joga paus, depois de paus joga copas, depois de qualquer outra carta qualquer coisa", []string{hc}},
		{"es", "después de corazones juega tréboles, después de tréboles juega corazones, después de cualquier otra carta cualquier cosa", []string{hc}},
		{"ca", "després de cors juga trèvols, després de trèvols juga cors, després de qualsevol altra carta qualsevol cosa", []string{hc}},
	}
	readsExactly(t, cases)
}

// English leftovers: two colours with their articles take turns; a run of
// a field said with the field first, or "running".
func TestReadRunsAndTurnsLeft(t *testing.T) {
	const (
		colour3 = `not ((prev2 != nil) and (card.color == prev.color) and (prev.color == prev2.color))`
		suit3   = `not ((prev2 != nil) and (card.suit == prev.suit) and (prev.suit == prev2.suit))`
		suit4   = `not ((prev3 != nil) and (card.suit == prev.suit) and (prev.suit == prev2.suit) and (prev2.suit == prev3.suit))`
	)
	cases := []readCase{
		{"en", "the red and the black take turns", []string{`card.color != prev.color`}},
		{"en", "the reds and the blacks must take turns", []string{`card.color != prev.color`}},
		{"en", "the odd and the even take turns", []string{`card.even != prev.even`}},
		{"en", "the same colour at most 2 times in a row", []string{colour3}},
		{"en", "the same suit no more than three times running", []string{suit4}},
		{"en", "the same suit no more than 3 times in a row", []string{suit4}},
		{"en", "never the same suit more than twice in a row", []string{suit3}},
		{"en", "the same colour can never be played more than 2 times in a row", []string{colour3}},
		{"en", "never play the same rank three times in a row", []string{`not ((prev2 != nil) and (card.rank == prev.rank) and (prev.rank == prev2.rank))`}},
		{"en", "no more than 2 cards of the same colour in succession", []string{colour3}},
		{"en", "the same colour never more than 2 times in a row", []string{colour3}},
	}
	readsExactly(t, cases)
}
