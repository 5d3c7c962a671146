package rulewords_test

import "testing"

// A rule with exceptions of both kinds beside it — "after X anything"
// and "Y can always be played" — in any order, joined by ";", "," or
// "and": every clause is in the reading (none absorbed into the "any
// card" of another), in every language.
func TestReadExceptionsOfBothKinds(t *testing.T) {
	const (
		low     = `(prev.rank in [1, 2]) ? true : (card.face or (card.rank < prev.rank))`
		oddAny  = `card.face or (prev.odd ? true : (card.rank < prev.rank))`
		kingAce = `(prev.rank == 13) ? true : ((card.rank == 1) or (card.rank > prev.rank))`
		king    = `(prev.rank == 13) ? true : (card.rank > prev.rank)`
	)
	readsExactly(t, []readCase{
		{"en", "play lower than the last card; after an ace or a 2 anything; face cards can always be played", []string{low}},
		{"en", "lower than the last card, after an ace or a 2 anything, and face cards can always be played", []string{low}},
		{"en", "face cards can always be played; after an ace or a 2 anything; lower than the last card", []string{low}},
		{"en", "after an ace or a 2 anything; face cards can always be played; lower than the last card", []string{low}},
		{"en", "after an ace or a 2 anything; face cards can always be played; otherwise lower than the last card", []string{low}},
		{"en", "lower than the last card; face cards can always be played; after an ace or a 2 anything", []string{low}},
		{"en", "lower than the last card, face cards can always be played and after an ace or a 2 anything", []string{low}},
		{"en", "face cards can always be played; after an odd card anything; otherwise lower than the last card", []string{oddAny}},
		{"en", "higher than the last card, but aces can always be played and after a king anything goes", []string{kingAce}},
		{"en", "higher than the last card and after a king anything goes", []string{king}},
		{"en", "higher than the last card, but after a king anything goes", []string{king}},
		// exceptions alone are no rule
		{"en", "after an ace or a 2 anything; face cards can always be played", nil},
		{"en", "face cards can always be played", nil},
		{"pt", "joga menor que a última carta; depois de um ás ou um 2 qualquer carta; as figuras podem ser jogadas sempre", []string{low}},
		{"pt", "menor que a última carta, depois de um ás ou um 2 qualquer carta, e as figuras valem sempre", []string{low}},
		{"pt", "as figuras valem sempre; depois de uma carta ímpar qualquer carta; senão menor que a última carta", []string{oddAny}},
		{"pt", "maior que a última carta, mas os ases valem sempre e depois de um rei qualquer carta", []string{kingAce}},
		{"es", "juega más baja que la última carta; después de un as o un 2 cualquier carta; las figuras se pueden jugar siempre", []string{low}},
		{"es", "más alta que la última carta, pero los ases valen siempre y después de un rey cualquier carta", []string{kingAce}},
		{"ca", "juga més baixa que l'última carta; després d'un as o un 2 qualsevol carta; les figures es poden jugar sempre", []string{low}},
		{"ca", "més alta que l'última carta, però els asos valen sempre i després d'un rei qualsevol carta", []string{kingAce}},
	})
	for _, c := range []readCase{
		{"en", "play lower than the last card; after an ace or a 2 anything; face cards can always be played", nil},
		{"en", "higher than the last card, but aces can always be played and after a king anything goes", nil},
		{"es", "más alta que la última carta, pero los ases valen siempre y después de un rey cualquier carta", nil},
	} {
		saysBack(t, c.lang, c.text)
	}
}
