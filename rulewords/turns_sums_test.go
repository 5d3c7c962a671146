package rulewords_test

import "testing"

// Two kinds of card that take turns, said after them: "X and Y (must)
// take turns / alternate", in each language. Colours, parities and face
// or number cards read as differing from the last card in that field (and
// as the two kinds only, each after the other: the same rule, which
// rulebank merges); other kinds as "alternate X and Y".
func TestReadTakeTurns(t *testing.T) {
	const (
		colour = `card.color != prev.color`
		redBlk = `(prev.color == "red") ? (card.color == "black") : ((prev.color == "black") ? (card.color == "red") : ((card.color == "red") or (card.color == "black")))`
		blkRed = `(prev.color == "black") ? (card.color == "red") : ((prev.color == "red") ? (card.color == "black") : ((card.color == "black") or (card.color == "red")))`
		parity = `card.even != prev.even`
		oddEvn = `prev.odd ? card.even : (prev.even ? card.odd : (card.odd or card.even))`
		evnOdd = `prev.even ? card.odd : (prev.odd ? card.even : (card.even or card.odd))`
		face   = `card.face != prev.face`
		faceNo = `prev.face ? (not card.face) : ((not prev.face) ? card.face : (card.face or (not card.face)))`
		hrtSpd = `(prev.suit == "hearts") ? (card.suit == "spades") : ((prev.suit == "spades") ? (card.suit == "hearts") : ((card.suit == "hearts") or (card.suit == "spades")))`
	)
	cases := []readCase{
		{"en", "red and black must take turns", []string{colour, redBlk}},
		{"en", "red and black take turns", []string{colour, redBlk}},
		{"en", "black and red take turns", []string{colour, blkRed}},
		{"en", "red and black cards have to take turns", []string{colour, redBlk}},
		{"en", "red cards and black cards take turns", []string{redBlk}},
		{"en", "red and black take it in turns", []string{colour, redBlk}},
		{"en", "the colours must take turns", []string{colour}},
		{"en", "odd and even take turns", []string{parity, oddEvn}},
		{"en", "even and odd cards must take turns", []string{parity, evnOdd}},
		{"en", "face cards and number cards take turns", []string{face, faceNo}},
		{"en", "hearts and spades take turns", []string{hrtSpd}},
		{"en", "hearts and spades should alternate", []string{hrtSpd}},
		{"pt", "vermelho e preto alternam-se", []string{colour, redBlk}},
		{"pt", "vermelho e preto se alternam", []string{colour, redBlk}},
		{"pt", "o vermelho e o preto alternam-se", []string{colour}},
		{"pt", "as cores alternam-se", []string{colour}},
		{"pt", "copas e espadas alternam-se", []string{hrtSpd}},
		{"pt", "pares e ímpares se revezam", []string{parity, evnOdd}},
		{"es", "rojo y negro se turnan", []string{colour, redBlk}},
		{"es", "rojo y negro se alternan", []string{colour, redBlk}},
		{"es", "el rojo y el negro se turnan", []string{colour}},
		{"es", "corazones y picas se turnan", []string{hrtSpd}},
		{"es", "figuras y números se alternan", []string{face, faceNo}},
		{"ca", "roig i negre s'alternen", []string{colour, redBlk}},
		{"ca", "el roig i el negre s'alternen", []string{colour}},
		{"ca", "cors i piques s'alternen", []string{hrtSpd}},
		{"ca", "parelles i imparelles s'alternen", []string{parity, evnOdd}},
	}
	readsExactly(t, cases)
}

// What cards add up to, made or totalled: every number the reader takes
// after "is" (a multiple of k, even, odd, a kind, between two numbers),
// said with each verb of a sum.
func TestReadSumVerbs(t *testing.T) {
	const (
		sum    = `card.rank + prev.rank`
		mult3  = `(` + sum + `) % 3 == 0`
		even   = `(` + sum + `) % 2 == 0`
		odd    = `(` + sum + `) % 2 == 1`
		prime  = `(` + sum + `) in [2, 3, 5, 7, 11, 13, 17, 19, 23]`
		square = `(` + sum + `) in [1, 4, 9, 16, 25]`
		rng    = `(` + sum + `) >= 10 and (` + sum + `) <= 15`
	)
	cases := []readCase{
		{"en", "the card and the last card must add up to a multiple of 3", []string{mult3}},
		{"en", "the card and the last card add up to a multiple of 3", []string{mult3}},
		{"en", "the card and the last card must total a multiple of 3", []string{mult3}},
		{"en", "the two cards must make a multiple of 4", []string{`(` + sum + `) % 4 == 0`}},
		{"en", "the two cards must add up to a number divisible by 3", []string{mult3}},
		{"en", "together they must add up to a multiple of 3", []string{mult3}},
		{"en", "the card plus the last card must add up to a multiple of 3", []string{mult3}},
		{"en", "the card and the last card must not add up to a multiple of 3", []string{`not (` + mult3 + `)`}},
		{"en", "the last two cards add up to a multiple of 5", []string{`(prev2 != nil) and ((prev.rank + prev2.rank) % 5 == 0)`}},
		{"en", "the card and the last card must total a prime number", []string{prime}},
		{"en", "the two cards must make a prime", []string{prime}},
		{"en", "the two cards must come to a perfect square", []string{square}},
		{"en", "the card and the last card must come to an even number", []string{even}},
		{"en", "the two cards must make an even number", []string{even}},
		{"en", "the two cards must total an odd number", []string{odd}},
		{"en", "the two cards must add up to between 10 and 15", []string{rng}},
		// as before
		{"en", "the sum of the card and the last card must be a multiple of 3", []string{mult3}},
		{"en", "the card and the last card must add up to at least 10", []string{sum + ` >= 10`}},
		{"pt", "a carta e a última carta somam um múltiplo de 3", []string{mult3}},
		{"pt", "a carta e a anterior devem somar um múltiplo de 3", []string{mult3}},
		{"pt", "a soma da carta e da última carta é um múltiplo de 3", []string{mult3}},
		{"pt", "a carta e a anterior não somam um múltiplo de 3", []string{`not (` + mult3 + `)`}},
		{"pt", "a carta e a anterior somam um número primo", []string{prime}},
		{"pt", "a carta e a anterior somam um número par", []string{even}},
		{"pt", "a carta e a anterior devem somar entre 10 e 15", []string{rng}},
		{"es", "la carta y la anterior suman un múltiplo de 3", []string{mult3}},
		{"es", "la carta y la anterior tienen que sumar un múltiplo de 4", []string{`(` + sum + `) % 4 == 0`}},
		{"es", "la suma de la carta y de la anterior es múltiplo de 3", []string{mult3}},
		{"es", "la carta y la anterior suman un número primo", []string{prime}},
		{"es", "la carta y la anterior suman un número par", []string{even}},
		{"ca", "la carta i l'anterior sumen un múltiple de 3", []string{mult3}},
		{"ca", "la carta i l'anterior han de sumar un múltiple de 3", []string{mult3}},
		{"ca", "la suma de la carta i de l'anterior és múltiple de 3", []string{mult3}},
		{"ca", "la carta i l'anterior sumen un número primer", []string{prime}},
	}
	readsExactly(t, cases)
}
