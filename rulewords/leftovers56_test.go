package rulewords_test

import "testing"

// Readings of this week's leftovers, each idea in every language where
// its construction exists: suit cycles that go back to the first, a
// range after a verb of being, distances with a verb of staying, "already"
// as filler, the rest of the cards after a positional rule, counting
// round from king to ace, and multiples of one number or of another.

// A cycle of suits said with "and back to the first" ending ("e voltam a
// copas", "e de volta a copas", "y vuelven a corazones", "i tornen a cors",
// "and round to hearts", "and back to the first") or in a cycle wording
// ("os naipes seguem em ciclo:", "o naipe seguinte no ciclo …").
func TestSuitCycleBackToFirst(t *testing.T) {
	const cycle = `{"hearts": "spades", "spades": "diamonds", "diamonds": "clubs", "clubs": "hearts"}[prev.suit] == card.suit`
	cases := []readCase{
		{"pt", "os naipes seguem a ordem copas, espadas, ouros, paus e voltam a copas", []string{cycle}},
		{"pt", "os naipes seguem a ordem copas, espadas, ouros, paus e de volta a copas", []string{cycle}},
		{"pt", "os naipes vão copas, espadas, ouros, paus e voltam para copas", []string{cycle}},
		{"pt", "o naipe seguinte no ciclo copas, espadas, ouros, paus, copas", []string{cycle}},
		{"pt", "os naipes seguem em ciclo: copas, espadas, ouros, paus", []string{cycle}},
		{"pt", "os naipes andam em ciclo: copas, espadas, ouros, paus", []string{cycle}},
		{"pt", "o próximo naipe no ciclo: copas, espadas, ouros, paus", []string{cycle}},
		{"pt", "os naipes vão copas, espadas, ouros, paus, voltando a copas", []string{cycle}},
		{"pt", "os naipes seguem a ordem copas, espadas, ouros, paus e voltam ao primeiro", []string{cycle}},
		{"es", "los palos siguen el orden corazones, picas, diamantes, tréboles y vuelven a corazones", []string{cycle}},
		{"es", "los palos van corazones, picas, diamantes, tréboles y de vuelta a corazones", []string{cycle}},
		{"es", "el palo siguiente en el ciclo corazones, picas, diamantes, tréboles, corazones", []string{cycle}},
		{"es", "los palos siguen en ciclo: corazones, picas, diamantes, tréboles", []string{cycle}},
		{"es", "los palos van corazones, picas, diamantes, tréboles, volviendo a corazones", []string{cycle}},
		{"es", "los palos van en un ciclo: corazones, picas, diamantes, tréboles", []string{cycle}},
		{"ca", "els pals seguixen l'ordre cors, piques, diamants, trèvols i tornen a cors", []string{cycle}},
		{"ca", "els pals van cors, piques, diamants, trèvols i de tornada a cors", []string{cycle}},
		{"ca", "el pal següent en el cicle cors, piques, diamants, trèvols, cors", []string{cycle}},
		{"ca", "els pals van en cicle: cors, piques, diamants, trèvols", []string{cycle}},
		{"ca", "els pals van cors, piques, diamants, trèvols, tornant a cors", []string{cycle}},
		{"en", "the suits go hearts, spades, diamonds, clubs and round to hearts", []string{cycle}},
		{"en", "the suits go in a cycle: hearts, spades, diamonds, clubs", []string{cycle}},
		{"en", "suits follow a cycle: hearts, spades, diamonds, clubs", []string{cycle}},
		{"en", "suits go hearts, spades, diamonds, clubs and back to the first", []string{cycle}},
		{"en", "suits go hearts, spades, diamonds, clubs, returning to hearts", []string{cycle}},
		{"pt", "os naipes seguem copas, espadas, ouros, paus e depois voltam a copas", []string{cycle}},
		{"es", "los palos van en orden corazones, picas, diamantes, tréboles y luego vuelven a corazones", []string{cycle}},
		{"ca", "els pals van en ordre cors, piques, diamants, trèvols i després tornen a cors", []string{cycle}},
		{"en", "suits go hearts, spades, diamonds, clubs and then round to hearts again", []string{cycle}},
	}
	readsExactly(t, cases)
	// (the cycle is said back from spades, the map's keys in another order: the same rule, another expression)
}

// A range of a number after a modal and a verb of being: "tem de estar
// entre 8 e 18", "tem de ser entre", "há de estar", "ha de ser entre",
// "ha d'estar entre", "must lie between".
func TestRangeAfterBeing(t *testing.T) {
	const sum = `(card.rank + prev.rank) >= 8 and (card.rank + prev.rank) <= 18`
	cases := []readCase{
		{"pt", "a soma da carta com a anterior tem de estar entre 8 e 18", []string{sum}},
		{"pt", "a soma da carta com a anterior tem de ser entre 8 e 18", []string{sum}},
		{"pt", "a soma da carta com a anterior há de estar entre 8 e 18", []string{sum}},
		{"pt", "a soma da carta com a anterior deve ficar entre 8 e 18", []string{sum}},
		{"pt", "a soma da carta com a anterior fica entre 8 e 18", []string{sum}},
		{"es", "la suma de la carta y la anterior tiene que estar entre 8 y 18", []string{sum}},
		{"es", "la suma de la carta con la anterior ha de ser entre 8 y 18", []string{sum}},
		{"es", "la suma de la carta y la anterior debe quedar entre 8 y 18", []string{sum}},
		{"es", "la suma de la carta y la anterior tiene que ser entre 8 y 18", []string{sum}},
		{"ca", "la suma de la carta i l'anterior ha d'estar entre 8 i 18", []string{sum}},
		{"ca", "la suma de la carta amb l'anterior ha de ser entre 8 i 18", []string{sum}},
		{"ca", "la suma de la carta i l'anterior ha de quedar entre 8 i 18", []string{sum}},
		{"en", "the sum of the card and the last card has to be between 8 and 18", []string{sum}},
		{"en", "the sum of the card and the last card must lie between 8 and 18", []string{sum}},
		{"en", "the sum of the card and the last card should stay between 8 and 18", []string{sum}},
	}
	readsExactly(t, cases)
	// (the rule is said back as two bounds, (a + b >= 8) and …: the same rule, another expression)
}

// A distance said with a verb of staying ("tem de ficar a pelo menos 4 de
// distância", "tiene que quedar a al menos 4 de distancia", "ha de quedar a
// almenys 4 de distància", "must stay at least 4 away").
func TestDistanceAway(t *testing.T) {
	const away = `abs(card.rank - prev.rank) >= 4`
	cases := []readCase{
		{"pt", "a carta tem de ficar a pelo menos 4 de distância da anterior", []string{away}},
		{"pt", "a carta deve ficar a pelo menos 4 da anterior", []string{away}},
		{"pt", "a carta há de estar a pelo menos 4 de distância da anterior", []string{away}},
		{"pt", "joga uma carta a pelo menos 4 de distância da anterior", []string{away}},
		{"es", "la carta tiene que quedar a al menos 4 de distancia de la anterior", []string{away}},
		{"es", "la carta debe estar a por lo menos 4 de distancia de la anterior", []string{away}},
		{"es", "la carta ha de quedar a al menos 4 de la anterior", []string{away}},
		{"es", "a al menos 4 de distancia de la anterior", []string{away}},
		{"ca", "la carta ha de quedar a almenys 4 de distància de l'anterior", []string{away}},
		{"ca", "la carta ha d'estar a almenys 4 de distància de l'anterior", []string{away}},
		{"ca", "a almenys 4 de distància de l'anterior", []string{away}},
		{"en", "the card must stay at least 4 away from the last card", []string{away}},
		{"en", "at least 4 away from the last card", []string{away}},
		{"en", "the card must be at least 4 ranks away from the last card", []string{away}},
		{"pt", "a carta tem de ficar pelo menos a 4 de distância da anterior", []string{away}},
		{"pt", "a carta deve ficar a no mínimo 4 da anterior", []string{away}},
		{"es", "la carta tiene que estar al menos a 4 de distancia de la anterior", []string{away}},
		{"es", "como mínimo a 4 de distancia de la anterior", []string{away}},
		{"ca", "la carta ha d'estar almenys a 4 de distància de l'anterior", []string{away}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// "ya", "já", "ja", "already" say nothing where a value is among the last
// cards: "ningún valor que ya esté entre las tres últimas cartas".
func TestAlreadyAmongTheLast(t *testing.T) {
	const none3 = `none(line[max(0, n - 3):], .rank == card.rank)`
	cases := []readCase{
		{"es", "ningún valor que ya esté entre las tres últimas cartas", []string{none3}},
		{"es", "ningún valor que esté en las tres últimas cartas", []string{none3}},
		{"es", "ningún valor ya jugado en las tres últimas cartas", []string{none3}},
		{"pt", "nenhum valor que já esteja entre as três últimas cartas", []string{none3}},
		{"pt", "nenhum valor já jogado nas três últimas cartas", []string{none3}},
		{"pt", "nenhum valor que esteja nas três últimas cartas", []string{none3}},
		{"ca", "cap valor que ja estiga entre les tres últimes cartes", []string{none3}},
		{"ca", "cap valor que estiga en les tres últimes cartes", []string{none3}},
		{"en", "no rank that is already among the last three cards", []string{none3}},
		{"en", "a rank not already among the last three cards", []string{none3}},
		{"en", "no rank already played in the last three cards", []string{none3}},
		{"es", "un valor que no esté ya entre las tres últimas cartas", []string{none3}},
		{"pt", "um valor que ainda não esteja entre as três últimas cartas", []string{none3}},
		{"ca", "un valor que encara no estiga entre les tres últimes cartes", []string{none3}},
	}
	readsExactly(t, cases)
	// (the rule is said back with "#.rank", as f.fieldnotin always was: the same rule, another expression)
}

// The rest of the cards, the complement of a positional rule: "les altres,
// no", "les altres no poden ser-ho", "la resta d'altres pals", "the rest
// other suits" (of other suits only after a branch that asks the suit
// alone).
func TestTheRestNot(t *testing.T) {
	const fourth = `(n % 4 == 3) ? (card.suit == "hearts") : (not (card.suit == "hearts"))`
	cases := []readCase{
		{"ca", "cada quatre cartes, una de cors, i la resta d'altres pals", []string{fourth}},
		{"ca", "cada quatre cartes, una de cors; les altres, no", []string{fourth}},
		{"ca", "cada quarta carta és de cors, les altres no poden ser-ho", []string{fourth}},
		{"ca", "cada quarta carta és de cors, les altres són d'altres pals", []string{fourth}},
		{"pt", "cada quarta carta é de copas, as outras são de outros naipes", []string{fourth}},
		{"pt", "cada quatro cartas, uma de copas; as outras, não", []string{fourth}},
		{"pt", "cada quarta carta é de copas, as outras não podem sê-lo", []string{fourth}},
		{"pt", "cada quarta carta é de copas e o resto de outros naipes", []string{fourth}},
		{"es", "cada cuarta carta es de corazones, las demás de otros palos", []string{fourth}},
		{"es", "cada cuatro cartas, una de corazones; las demás, no", []string{fourth}},
		{"es", "cada cuarta carta es de corazones, las demás no pueden serlo", []string{fourth}},
		{"en", "every fourth card is a heart, the rest other suits", []string{fourth}},
		{"en", "every fourth card is a heart; the others, not", []string{fourth}},
		{"en", "every fourth card is a heart, the others are of other suits", []string{fourth}},
		{"en", "every fourth card is a heart, the others cannot be", []string{fourth}},
		{"ca", "cada quatre cartes, una de cors; la resta, de qualsevol altre pal", []string{fourth}},
		{"pt", "de quatro em quatro cartas, uma de copas, e as restantes de outros naipes", []string{fourth}},
		{"es", "cada cuatro cartas, una de corazones; el resto, de cualquier otro palo", []string{fourth}},
		{"en", "every fourth card is a heart; the rest any other suit", []string{fourth}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// Counting round said with the span it crosses: "dando la vuelta del rey al
// as", "dando a volta do rei ao ás", "fent la volta del rei a l'as",
// "going round from king to ace".
func TestWrapFromKingToAce(t *testing.T) {
	const up123 = `(card.rank == prev.rank % 13 + 1) or (card.rank == (prev.rank + 1) % 13 + 1) or (card.rank == (prev.rank + 2) % 13 + 1)`
	cases := []readCase{
		{"es", "una, dos o tres más alta que la anterior, dando la vuelta del rey al as", []string{up123}},
		{"es", "1, 2 o 3 más que la anterior, contando en círculo del rey al as", []string{up123}},
		{"pt", "1, 2 ou 3 a mais que a anterior, dando a volta do rei ao ás", []string{up123}},
		{"pt", "1, 2 ou 3 a mais que a anterior, contando em roda do rei para o ás", []string{up123}},
		{"ca", "una, dues o tres més alta que l'anterior, fent la volta del rei a l'as", []string{up123}},
		{"ca", "1, 2 o 3 més que l'anterior, comptant en roda del rei a l'as", []string{up123}},
		{"en", "1, 2 or 3 higher than the last card, going round from king to ace", []string{up123}},
		{"en", "1, 2 or 3 higher than the last card, counting round from the king back to the ace", []string{up123}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}

// "múltiplo de 3 ou de 5": a multiple of 5 after "or", never a card 5 nor
// a suit; of a sum too.
func TestMultipleOfOneOrOfAnother(t *testing.T) {
	const mult = `(card.rank % 3 == 0) or (card.rank % 5 == 0)`
	const msum = `((card.rank + prev.rank) % 3 == 0) or ((card.rank + prev.rank) % 5 == 0)`
	cases := []readCase{
		{"pt", "tem que ser múltiplo de 3 ou de 5", []string{mult}},
		{"pt", "a carta tem que ser divisível por 3 ou por 5", []string{mult}},
		{"pt", "a carta deve ser múltipla de 3 ou de 5", []string{mult}},
		{"es", "la carta tiene que ser múltiplo de 3 o de 5", []string{mult}},
		{"es", "la carta debe ser divisible por 3 o por 5", []string{mult}},
		{"ca", "la carta ha de ser múltiple de 3 o de 5", []string{mult}},
		{"ca", "la carta ha de ser divisible per 3 o per 5", []string{mult}},
		{"en", "the card must be divisible by 3 or by 5", []string{mult}},
		{"en", "the card must be a multiple of 3 or of 5", []string{mult}},
		{"en", "a multiple of 3 or of 5", []string{mult}},
		{"pt", "a soma da carta com a anterior tem que ser múltiplo de 3 ou de 5", []string{msum}},
		{"es", "la suma de la carta y la anterior tiene que ser múltiplo de 3 o de 5", []string{msum}},
		{"ca", "la suma de la carta i l'anterior ha de ser múltiple de 3 o de 5", []string{msum}},
		{"en", "the sum of the card and the last card must be a multiple of 3 or of 5", []string{msum}},
	}
	readsExactly(t, cases)
	for _, c := range cases {
		saysBack(t, c.lang, c.text)
	}
}
