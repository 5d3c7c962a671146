package rulewords_test

import "testing"

// A condition about a card not there yet is false, a comparison as a
// colour ("if the last card was higher than the card before it" does not
// hold while one card is down: after an ace starter the next card is
// free, not forced lower); a requirement on the card played that reads it
// stays void. With an otherwise, the rule may wait for the card: two
// readings, as for a colour.
func TestReadConditionsOnMissingCards(t *testing.T) {
	const (
		hi2   = `((prev2 != nil) and (prev.rank > prev2.rank))`
		lower = `(card.rank < prev.rank)`
	)
	cases := []readCase{
		{"en", "if the last card was higher than the card before it, play lower", []string{hi2 + ` ? ` + lower + ` : true`}},
		{"en", "play lower if the last card was higher than the card before it", []string{hi2 + ` ? ` + lower + ` : true`}},
		{"en", "when the last card is higher than the card two back, play a lower card", []string{hi2 + ` ? ` + lower + ` : true`}},
		{"en", "if the last card was not higher than the card before it, play lower", []string{
			`((prev2 != nil) and (prev.rank <= prev2.rank)) ? ` + lower + ` : true`,
			`((prev2 != nil) and (not (prev.rank > prev2.rank))) ? ` + lower + ` : true`}},
		{"en", "if the last card has the same suit as the card before it, play a different suit", []string{
			`((prev2 != nil) and (prev.suit == prev2.suit)) ? (card.suit != prev.suit) : true`}},
		{"en", "if the card is higher than the card before the last one, it must be red", []string{
			`((prev2 != nil) and (card.rank > prev2.rank)) ? (card.color == "red") : true`}},
		{"en", "if the card before the last one is red, play black", []string{
			`((prev2 != nil) and (prev2.color == "red")) ? (card.color == "black") : true`}},
		// with an otherwise: the otherwise, or the rule waits
		{"en", "if the last card was higher than the card before it play lower, otherwise play higher", []string{
			hi2 + ` ? ` + lower + ` : (card.rank > prev.rank)`,
			`(prev2 == nil) ? true : (` + hi2 + ` ? ` + lower + ` : (card.rank > prev.rank))`}},
		// a requirement stays void
		{"en", "the card must be higher than the card before the last one", []string{`(prev2 == nil) or (card.rank > prev2.rank)`}},
		{"pt", "se a última carta for maior que a penúltima, jogue uma menor", []string{hi2 + ` ? ` + lower + ` : true`}},
		{"es", "si la última carta es mayor que la penúltima, juega una menor", []string{hi2 + ` ? ` + lower + ` : true`}},
		{"ca", "si l'última carta és més alta que la penúltima, juga una més baixa", []string{hi2 + ` ? ` + lower + ` : true`}},
	}
	readsExactly(t, cases)
	// the words said back read as the same rule (where the readings are
	// one: "not higher" is said back "as low … or lower")
	for _, c := range cases {
		if len(c.want) == 1 {
			saysBack(t, c.lang, c.text)
		}
	}
}
