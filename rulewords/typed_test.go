package rulewords_test

import "testing"

// Rules as people type them, read as the constructions of issue 35 say:
// each text's readings, exactly (rulebank's TestPeoplesWords compares
// readings with the rules meant by behaviour, over many more texts).
func TestReadTyped(t *testing.T) {
	alt := `(prev.suit == "hearts") ? (card.suit == "spades") : ((prev.suit == "spades") ? (card.suit == "hearts") : ((card.suit == "hearts") or (card.suit == "spades")))`
	cases := []readCase{
		// two kinds that alternate are the only kinds played
		{"en", "alternate hearts and spades", []string{alt}},
		{"pt", "alterna entre copas e espadas", []string{alt}},
		// an adjective after nouns alone is said of them all
		{"ca", "cors o diamants parells, o piques i trèvols senars",
			[]string{`(((card.suit == "hearts") or (card.suit == "diamonds")) and card.even) or (((card.suit == "spades") or (card.suit == "clubs")) and card.odd)`}},
		// the last cards while fewer are down: those there, or the rule waits
		{"ca", "més baixa que la mitjana de les tres últimes", []string{
			`card.rank < (sum(map(line[max(0, n - 3):], .rank)) / min(n, 3))`,
			`(n < 3) ? true : (card.rank < (sum(map(line[max(0, n - 3):], .rank)) / 3))`}},
		{"en", "the last 3 cards plus yours have to add up to an even number", []string{
			`(sum(map(line[max(0, n - 3):], .rank)) + card.rank) % 2 == 0`,
			`(n < 3) ? true : ((sum(map(line[max(0, n - 3):], .rank)) + card.rank) % 2 == 0)`}},
		// words said only at the end of a clause, modal verbs as one
		{"en", "go up by two each time", []string{`card.rank == prev.rank + 2`}},
		{"pt", "tens de jogar uma carta mais baixa que a última", []string{`card.rank < prev.rank`}},
		{"ca", "no es pot jugar cap figura", []string{`not card.face`}},
		// "com" adds: the sum of the last two with yours
		{"pt", "a soma das duas últimas com a tua tem de ser múltiplo de 3", []string{
			`(sum(map(line[max(0, n - 2):], .rank)) + card.rank) % 3 == 0`,
			`(prev2 == nil) ? true : (((prev.rank + prev2.rank) + card.rank) % 3 == 0)`}},
		// the card and the two before it, never each of them added alone
		{"es", "la suma de la carta y las dos anteriores tiene que ser par", []string{
			`(card.rank + sum(map(line[max(0, n - 2):], .rank))) % 2 == 0`,
			`(n < 2) ? true : ((card.rank + sum(map(line[max(0, n - 2):], .rank))) % 2 == 0)`}},
		// a comma joins two rules, not kinds of card in a pattern
		{"pt", "nada de figura, só número", []string{`not card.face`}}, // one part said twice is said once
		{"es", "roja, negra, roja, negra...", []string{`((prev.color == "red") and (card.color == "black")) or ((prev.color == "black") and (card.color == "red"))`}},
		// an exception no card of the rule meets is only the exception
		// (the same rule twice: rulebank merges them)
		{"es", "exactamente uno más que la anterior, y después del rey va el as",
			[]string{`(prev.rank == 13) ? (card.rank == 1) : (card.rank == prev.rank + 1)`, `card.rank == prev.rank % 13 + 1`}},
		// a condition on the card two back: failing, or waiting for it
		{"es", "si las dos últimas son del mismo color, cambia de color; si no, repite el color de la última", []string{
			`((prev2 != nil) and (prev2.color == prev.color)) ? (card.color != prev.color) : (card.color == prev.color)`,
			`(prev2 == nil) ? true : (((prev2 != nil) and (prev2.color == prev.color)) ? (card.color != prev.color) : (card.color == prev.color))`}},
		// words the reader does not know, with their ranks in brackets
		{"en", "fibonacci numbers only (A 2 3 5 8 K)", []string{`card.rank in [1, 2, 3, 5, 8, 13]`}},
		// "can only play X after Y" written for either meaning
		{"en", "you can only play a face card after a number card", []string{`(not prev.face) ? card.face : true`, `card.face ? (not prev.face) : true`}},
		{"pt", "copas e ouros só em posições ímpares", []string{`((card.suit == "hearts") or (card.suit == "diamonds")) ? (n % 2 == 0) : true`}},
		{"es", "juega el color que menos haya salido; si hay empate, da igual", []string{`count(line, .color == card.color) * 2 <= n`}},
		{"en", "apart from kings, all cards must be below 8", []string{`(card.rank == 13) ? true : (card.rank < 8)`}},
		{"es", "picas después de corazones, corazones después de picas, y lo demás da igual",
			[]string{`(prev.suit == "hearts") ? (card.suit == "spades") : ((prev.suit == "spades") ? (card.suit == "hearts") : true)`}},
		{"en", "suits come in pairs", []string{`(prev2 == nil) ? true : ((prev.suit == prev2.suit) ? (card.suit != prev.suit) : (card.suit == prev.suit))`}},
		{"ca", "dos amunt o dos avall", []string{`(card.rank == prev.rank + 2) or (card.rank == prev.rank - 2)`}},
		// "or" never joins what follows an "after" to another kind
		{"en", "odd after a heart or diamond, even after spades or clubs",
			[]string{`((prev.suit == "hearts") or (prev.suit == "diamonds")) ? card.odd : card.even`}},
		{"en", "Same colour as last unless it was a face card, then switch.", []string{`prev.face ? (not (card.color == prev.color)) : (card.color == prev.color)`}},
		{"en", "play the best card", nil},
	}
	readsExactly(t, cases)
}
