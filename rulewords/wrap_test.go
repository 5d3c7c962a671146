package rulewords_test

import "testing"

// "Counting round" is said of every step of the coordination it follows,
// whatever comes after it: ", or the same suit", ", or a face card",
// "unless …", "but …". Each idea in several wordings and languages.
func TestReadWrapOverCoordination(t *testing.T) {
	const (
		up     = `card.rank == prev.rank % 13 + 1` // no "+ 0"
		down   = `card.rank == (prev.rank + 11) % 13 + 1`
		up2    = `card.rank == (prev.rank + 1) % 13 + 1`
		upDown = `(` + up + `) or (` + down + `)`
		suit   = `(card.suit == prev.suit)`
		colour = `(card.color == prev.color)`
	)
	cases := []readCase{
		// the writer's text, and the same with the coordination's end said
		// other ways
		{"en", "one higher or one lower than the last card counting round, or the same suit as the last card", []string{upDown + ` or ` + suit}},
		{"en", "one higher or one lower than the last card counting round from king to ace, or the same suit as the last card", []string{upDown + ` or ` + suit}},
		{"en", "one higher or one lower than the last card wrapping around from king to ace, or the same suit as the last card", []string{upDown + ` or ` + suit}},
		{"en", "one higher or one lower than the last card counting round or the same suit as the last card", []string{upDown + ` or ` + suit}},
		{"en", "the card must be one higher or one lower than the last card (counting round), or the same suit as the last card", []string{upDown + ` or ` + suit}},
		{"en", "one up or one down counting round, or same suit", []string{upDown + ` or ` + suit}},
		{"en", "a card one higher or one lower than the last card counting round or a card of the same suit", []string{upDown + ` or ` + suit}},
		{"en", "play a card one higher or one lower than the last card counting round, or a face card", []string{upDown + ` or card.face`}},
		{"en", "up one or down one counting round, or a face card", []string{upDown + ` or card.face`}},
		{"en", "one higher or one lower than the last card counting round, or the same suit, or a face card", []string{upDown + ` or ` + suit + ` or card.face`}},
		// "counting round" set off by commas, or said of one shared "than"
		{"en", "one higher or one lower than the last card, counting round, or the same colour", []string{upDown + ` or ` + colour}},
		{"en", "play a card one rank above or one rank below the last card counting round, or the same colour", []string{upDown + ` or ` + colour}},
		{"en", "one rank above or one rank below the last card, counting round, or the same colour", []string{upDown + ` or ` + colour}},
		// amounts and distances
		{"en", "one or two higher than the last card counting round, or the same suit", []string{`(` + up + `) or (` + up2 + `) or ` + suit}},
		{"en", "1 or 2 above the last card counting round, or a king", []string{`(` + up + `) or (` + up2 + `) or (card.rank == 13)`}},
		// an exception or a narrowing after it
		{"en", "play a card one higher or one lower than the last card counting round unless the last card was a queen",
			[]string{`(prev.rank == 12) ? true : (` + upDown + `)`}},
		{"en", "one higher or one lower than the last card counting round, but no hearts", []string{`(` + upDown + `) and (not (card.suit == "hearts"))`}},
		// before the steps, or at the very end, as before
		{"en", "the same suit as the last card or one higher counting round", []string{suit + ` or (` + up + `)`}},
		{"en", "one higher or the same suit as the last card, counting round", []string{`(` + up + `) or ` + suit}},
		// a step said "exactly" stays as said (the program's own words)
		{"en", "exactly one rank above the last card or one rank below the last card counting round from ace to king or the same suit as the last card",
			[]string{`(card.rank == prev.rank + 1) or (` + down + `) or ` + suit}},
		// the other languages
		{"pt", "a carta vale 1 a mais ou 1 a menos que a última carta, em roda, ou tem o mesmo naipe que a última carta", []string{upDown + ` or ` + suit}},
		{"pt", "a carta vale 1 a mais ou 1 a menos que a última carta, contando em roda, ou tem o mesmo naipe que a última carta", []string{upDown + ` or ` + suit}},
		{"es", "una carta uno más o uno menos que la anterior, en círculo, o del mismo palo", []string{upDown + ` or ` + suit}},
		{"es", "la carta vale 1 más o 1 menos que la última carta, contando en círculo, o tiene el mismo palo que la última carta", []string{upDown + ` or ` + suit}},
		{"ca", "la carta val 1 més o 1 menys que l'última carta, comptant en roda, o té el mateix pal que l'última carta", []string{upDown + ` or ` + suit}},
	}
	readsExactly(t, cases)
}
