package rulewords

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// One card of the deck named whole, its rank of its suit: "a 2 of hearts",
// "the queen of spades", "kings of clubs", "o 2 de copas", "el 5 de oros",
// "la dama de piques". A kind of card like any other, read wherever one is
// (the card played, "after the queen of spades", "if the last card was the
// 7 of clubs"); said back as the card's rank and suit ("a 2 and a heart").
// A list of ranks said once before the suit is every rank of that suit:
// "a 2 or 3 of hearts", "um 2 ou 3 de copas" (np.ranksadj).

// rankOfSuit is a card's rank k and suit s.
func rankOfSuit(k int, s string) feature {
	return fe(func(r string) *pred {
		return and(guarded(fmt.Sprintf("%s.rank == %d", r, k), r), guarded(fmt.Sprintf("%s.suit == %q", r, s), r))
	}).(feature)
}

func (g *registry) buildNamedCards() {
	cardOf := func(v []any) any {
		var k int
		var s string
		for _, x := range v {
			switch x := x.(type) {
			case int:
				k = x
			case string:
				s = x
			}
		}
		return rankOfSuit(k, s)
	}
	g.named("f.cardof", "feature", cardOf, "a|an|the $rankw of $suits", "$rankw of $suits", "the $rankw of the suit|symbol $suits",
		"a|an|the $rankw of $suit", "$rankpl of $suits", "the $rankpl of $suits")
	// "a 2 or 3 of hearts", "2s or 3s of hearts": a list of ranks of one
	// suit, never "a 2, or a 3 of hearts" (listTail)
	g.named("f.ranksof", "feature", func(v []any) any {
		ks, s := v[0].([]int), v[1].(string)
		return fe(func(r string) *pred {
			return and(guarded(fmt.Sprintf("%s.rank in %s", r, intList(ks)), r), guarded(fmt.Sprintf("%s.suit == %q", r, s), r))
		})
	}, "[a|an] $ranksbare of $suits", "$ranklist of $suits", "$rankpllist of $suits")
}

// namedCardTail: the item of a coordination from i to end is one card
// named whole ("3s of hearts", "un 3 de copas") and the items from prev
// read as one kind with it (or one verb phrase: "is 2 or 3 of hearts"),
// the list's ranks each of that suit: "2s or 3s
// of hearts" is a 2 or a 3 of hearts, never "a 2, or a 3 of hearts".
func (p *reader) namedCardTail(item string, prev, i, end int) bool {
	if item != "featureA" && item != "np" && item != "vp" {
		return false
	}
	named := slices.ContainsFunc(p.parse("feature", i), func(r result) bool {
		f := featureOf(r.val)
		return r.end == end && f != nil && namedCardRE.MatchString(f("@").expr())
	})
	return named && p.reaches(item, prev, end)
}

// namedCardRE: an expression is one card's rank and suit.
var namedCardRE = regexp.MustCompile(`^\(@\.rank == \d+\) and \(@\.suit == "\w+"\)$`)

// buildAdjRanks: an adjective before a list of ranks said once is every
// rank's: "a red 2 or 3", "red 2s or 3s", "a black king or queen" are the
// red (black) cards of those ranks, never "a red 2, or any 3" (with an
// article before each, "a red 2 or a 3", the list is of kinds of card).
func (g *registry) buildAdjRanks() {
	g.named("adjranks", "adjranks", func(v []any) any {
		f, ks := v[0].(feature), v[1].([]int)
		return andF(f, ranksFeature(ks))
	}, "a|an $adjs $ranksplain", "$adjs $rankpllist", "any $adjs $ranksplain")
	// ranks in a list with no article before any but the first ("2 or 3",
	// never "2 or a 3")
	bare := listOf("rankw", false)
	g.special["ranksplain"] = func(p *reader, i int) []result {
		return slices.DeleteFunc(bare(p, i), func(r result) bool {
			return slices.ContainsFunc(p.toks[i+1:r.end], func(w string) bool { return slices.Contains(p.g.articles, w) })
		})
	}
	g.every("npnoun", func(v []any) any { return v[0] }, "$adjranks")
	// a list of ranks said as cards, then a comparison with another card:
	// "um 2 ou 3 maior que a anterior", "un 2 o 3 mayor que la anterior" are
	// a 2 or a 3 that is higher, as "a 2 or 3 higher than the last card"
	// is (docs/rules-in-words.md); numbers alone or after "uma carta" are
	// amounts ("uma carta 2 ou 3 maior": 2 or 3 ranks up). The phrase
	// files give the words (the masculine article names the card).
	g.named("np.rankscmp", "npnoun", func(v []any) any {
		ks, f := v[0].([]int), v[1].(feature)
		e := f("@").expr()
		if !cardNameRE.MatchString(e) || strings.Contains(e, "@.rank ==") {
			return nil // a comparison with another card, never an amount
		}
		return andF(ranksFeature(ks), f)
	})
}

// adjRanksTail: the items from prev to end read as one list of ranks
// after an adjective (adjranks): the item from i is no kind of its own.
func (p *reader) adjRanksTail(item string, prev, i, end int) bool {
	if item != "featureA" && item != "np" && item != "vp" {
		return false
	}
	return slices.ContainsFunc(p.parse("adjranks", prev), func(r result) bool { return r.end == end })
}
