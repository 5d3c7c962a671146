package hypotheses

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// node is a piece of a hypothesis: it gives the 52-bit row of accepted cards
// (card atoms, relations to prev) or a truth value (conditions) in a state.
type node struct {
	text string // an expr expression of the rule language
	// words: the node in plain English (phrase.go): for an atom, what the
	// card must be ("red", "the same suit as the last card"); for a
	// condition, when it holds ("after an even card").
	words string
	// relational: an atom that reads the previous card (its words name it).
	relational bool
	cost       int // description length in bits
	// row: the accepted cards in a state; for a condition, all ones or zero.
	row func(s state) uint64
	// fam: the smallest family whose context the node reads; feats: the
	// features it reads (its family's, for the lexicon).
	fam   Family
	feats featSet
	// card: the node reads the card (an atom; a condition does not, unless
	// it is an atom used as one: "red ? low : high").
	card bool
	// tab: the node's rows over its family's contexts (row reads it).
	tab []uint64
	// concept: a Boolean concept among the atoms (as a rule on its own it
	// is a concept rule).
	concept bool
}

// cardOf is card number c (0..51).
func cardOf(c int) sim.Card { return sim.Card(c) }

const allCards = uint64(1)<<52 - 1

func cardMask(keep func(c sim.Card) bool) uint64 {
	var m uint64
	for c := sim.Card(0); c < 52; c++ {
		if keep(c) {
			m |= 1 << c
		}
	}
	return m
}

// constant: an atom on the card alone.
func constant(text, words string, cost int, keep func(c sim.Card) bool) node {
	m := cardMask(keep)
	return node{text: text, words: words, cost: cost, row: func(state) uint64 { return m }}
}

// relation: an atom relating the card to the previous one; rows precomputed.
func relation(text, words string, cost int, rel func(prev, c sim.Card) bool) node {
	var rows [52]uint64
	for p := sim.Card(0); p < 52; p++ {
		rows[p] = cardMask(func(c sim.Card) bool { return rel(p, c) })
	}
	return node{text: text, words: words, relational: true, cost: cost, row: func(s state) uint64 { return rows[s.prev] }}
}

// condition on the previous card: all ones when it holds.
func prevCondition(text, words string, cost int, holds func(p sim.Card) bool) node {
	var rows [52]uint64
	for p := sim.Card(0); p < 52; p++ {
		if holds(p) {
			rows[p] = allCards
		}
	}
	return node{text: text, words: words, cost: cost, row: func(s state) uint64 { return rows[s.prev] }}
}

var suits = []string{"spades", "hearts", "diamonds", "clubs"}

func suitName(c sim.Card) string { return suits[c.Suit()] }
func red(c sim.Card) bool        { s := suitName(c); return s == "hearts" || s == "diamonds" }
func rank(c sim.Card) int        { return c.Rank() }

var primes = map[int]bool{2: true, 3: true, 5: true, 7: true, 11: true, 13: true}

// cardAtom is a predicate on one card: its expression, its cost, and its
// words — is, what the card must be ("red", "a spade"), and a, the card
// named ("a red card", "a spade") for conditions on the previous card.
type cardAtom struct {
	text  string
	cost  int
	keep  func(c sim.Card) bool
	is, a string
}

// cardAtoms are the unconditional predicates on one card, written for `who`
// ("card" or "prev"). Costs are description lengths in bits: a choice among
// few values is cheap, a threshold or range costs the bits to name its
// numbers.
func cardAtoms(who string) []cardAtom {
	as := []cardAtom{
		{who + `.color == "red"`, 2, red, "red", "a red card"},
		{who + `.color == "black"`, 2, func(c sim.Card) bool { return !red(c) }, "black", "a black card"},
		{who + `.even`, 2, func(c sim.Card) bool { return rank(c)%2 == 0 }, "even", "an even card"},
		{who + `.odd`, 2, func(c sim.Card) bool { return rank(c)%2 == 1 }, "odd", "an odd card"},
		{who + `.face`, 2, func(c sim.Card) bool { return rank(c) > 10 }, "a face card", "a face card"},
		{`not ` + who + `.face`, 3, func(c sim.Card) bool { return rank(c) <= 10 }, "not a face card", "a card that is not a face card"},
		{who + `.rank in [2, 3, 5, 7, 11, 13]`, 4, func(c sim.Card) bool { return primes[rank(c)] }, "a prime (2, 3, 5, 7, J or K)", "a prime (2, 3, 5, 7, J or K)"},
		{who + `.rank in [1, 4, 9]`, 5, func(c sim.Card) bool { return rank(c) == 1 || rank(c) == 4 || rank(c) == 9 }, "a square (ace, 4 or 9)", "a square (ace, 4 or 9)"},
	}
	for _, s := range suits {
		s := s
		one := suitWords[s]
		as = append(as, cardAtom{fmt.Sprintf(`%s.suit == %q`, who, s), 3, func(c sim.Card) bool { return suitName(c) == s }, one, one})
		if who == "card" {
			// "Anything but spades" is one idea, as "not a face card" is: a
			// negated suit costs one bit more than the suit.
			as = append(as, cardAtom{fmt.Sprintf(`%s.suit != %q`, who, s), 4, func(c sim.Card) bool { return suitName(c) != s }, "not " + one, "a card that is not " + one})
		}
	}
	for k := 2; k <= 13; k++ {
		k := k
		as = append(as, cardAtom{fmt.Sprintf(`%s.rank >= %d`, who, k), 5, func(c sim.Card) bool { return rank(c) >= k },
			rankNoun(k) + " or higher", withArticle(rankWords[k]) + " or higher"})
		low := rankNoun(k-1) + " or lower"
		if k-1 == 1 {
			low = "an ace" // nothing is lower
		}
		as = append(as, cardAtom{fmt.Sprintf(`%s.rank <= %d`, who, k-1), 5, func(c sim.Card) bool { return rank(c) <= k-1 },
			low, withArticle(low)})
	}
	for k := 1; k <= 13; k++ {
		k := k
		as = append(as, cardAtom{fmt.Sprintf(`%s.rank == %d`, who, k), 5, func(c sim.Card) bool { return rank(c) == k },
			withArticle(rankWords[k]), withArticle(rankWords[k])})
	}
	if who == "card" {
		for a := 2; a <= 11; a++ {
			for b := a + 1; b <= 12; b++ {
				a, b := a, b
				between := fmt.Sprintf("between %s and %s", rankWords[a], rankWords[b])
				as = append(as, cardAtom{fmt.Sprintf(`card.rank >= %d and card.rank <= %d`, a, b), 8, func(c sim.Card) bool { return rank(c) >= a && rank(c) <= b },
					between, "a card " + between})
			}
		}
	}
	return as
}

// suitCycles are the six cyclic orders of the four suits, as "next suit"
// maps; the first is the seeds' ♠ → ♦ → ♣ → ♥.
func suitCycles() [][4]string {
	var out [][4]string
	rest := []string{"hearts", "diamonds", "clubs"}
	perms := [][3]int{{1, 2, 0}, {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {2, 0, 1}, {2, 1, 0}}
	for _, p := range perms {
		out = append(out, [4]string{"spades", rest[p[0]], rest[p[1]], rest[p[2]]})
	}
	return out
}

// relations are the atoms relating the card to the previous card.
func relations() []node {
	rs := []node{
		relation(`card.color == prev.color`, "the same colour as the last card", 3, func(p, c sim.Card) bool { return red(p) == red(c) }),
		relation(`card.color != prev.color`, "a different colour from the last card", 3, func(p, c sim.Card) bool { return red(p) != red(c) }),
		relation(`card.suit == prev.suit`, "the same suit as the last card", 3, func(p, c sim.Card) bool { return p.Suit() == c.Suit() }),
		relation(`card.suit != prev.suit`, "a different suit from the last card", 3, func(p, c sim.Card) bool { return p.Suit() != c.Suit() }),
		relation(`card.even == prev.even`, "odd after odd and even after even", 3, func(p, c sim.Card) bool { return rank(p)%2 == rank(c)%2 }),
		relation(`card.even != prev.even`, "odd after even and even after odd", 3, func(p, c sim.Card) bool { return rank(p)%2 != rank(c)%2 }),
		relation(`card.face == prev.face`, "a face card exactly when the last card is one", 3, func(p, c sim.Card) bool { return (rank(p) > 10) == (rank(c) > 10) }),
		relation(`card.face != prev.face`, "a face card exactly when the last card is not", 3, func(p, c sim.Card) bool { return (rank(p) > 10) != (rank(c) > 10) }),
		relation(`card.rank > prev.rank`, "higher than the last card", 3, func(p, c sim.Card) bool { return rank(c) > rank(p) }),
		relation(`card.rank < prev.rank`, "lower than the last card", 3, func(p, c sim.Card) bool { return rank(c) < rank(p) }),
		relation(`card.rank >= prev.rank`, "as high as the last card or higher", 3, func(p, c sim.Card) bool { return rank(c) >= rank(p) }),
		relation(`card.rank <= prev.rank`, "as low as the last card or lower", 3, func(p, c sim.Card) bool { return rank(c) <= rank(p) }),
		relation(`card.rank == prev.rank`, "the same rank as the last card", 3, func(p, c sim.Card) bool { return rank(c) == rank(p) }),
		relation(`card.rank != prev.rank`, "a different rank from the last card", 3, func(p, c sim.Card) bool { return rank(c) != rank(p) }),
	}
	for k := 1; k <= 6; k++ {
		k := k
		rs = append(rs,
			relation(fmt.Sprintf(`card.rank == (prev.rank + %d) %% 13 + 1`, k-1), stepWords(k, "above", "king", "ace"), 6, func(p, c sim.Card) bool { return rank(c) == (rank(p)+k-1)%13+1 }),
			relation(fmt.Sprintf(`card.rank == (prev.rank + %d) %% 13 + 1`, 12-k), stepWords(k, "below", "ace", "king"), 6, func(p, c sim.Card) bool { return rank(c) == (rank(p)+12-k)%13+1 }))
		if k <= 4 {
			rs = append(rs, relation(fmt.Sprintf(`abs(card.rank - prev.rank) == %d`, k), fmt.Sprintf("exactly %s away from the last card", ranksWords(k)), 5, func(p, c sim.Card) bool {
				d := rank(c) - rank(p)
				return d == k || d == -k
			}))
			rs = append(rs, relation(fmt.Sprintf(`abs(card.rank - prev.rank) <= %d`, k), fmt.Sprintf("within %s of the last card", ranksWords(k)), 5, func(p, c sim.Card) bool {
				d := rank(c) - rank(p)
				return d <= k && d >= -k
			}))
		}
	}
	for _, cyc := range suitCycles() {
		next := map[string]string{}
		var parts []string
		for i, s := range cyc {
			next[s] = cyc[(i+1)%4]
			parts = append(parts, fmt.Sprintf("%q: %q", s, cyc[(i+1)%4]))
		}
		rs = append(rs, relation(fmt.Sprintf(`{%s}[prev.suit] == card.suit`, strings.Join(parts, ", ")), cycleWords(cyc), 7,
			func(p, c sim.Card) bool { return next[suitName(p)] == suitName(c) }))
	}
	return rs
}

// branches are the atoms a compound hypothesis is built from: predicates on
// the card and relations to the previous card.
func branches() []node {
	var out []node
	for _, a := range cardAtoms("card") {
		out = append(out, constant(a.text, a.is, a.cost, a.keep))
	}
	return append(out, relations()...)
}

// prevConditions are the tests on the previous card a conditional branches
// on. Only one of each complementary pair: the other is the same rule with
// the branches swapped.
func prevConditions() []node {
	var out []node
	for _, a := range cardAtoms("prev") {
		if strings.Contains(a.text, `"black"`) || strings.HasSuffix(a.text, ".odd") || strings.HasPrefix(a.text, "not ") || strings.Contains(a.text, "<=") {
			continue
		}
		out = append(out, prevCondition(a.text, "after "+a.a, a.cost, a.keep))
	}
	return out
}

// prev2Conditions read the colour of the card two back (and of prev); each
// is false while the main line has one card.
func prev2Conditions() []node {
	mk := func(text, words string, cost int, holds func(s state) bool) node {
		return node{text: text, words: words, cost: cost, fam: FamPrev2, row: func(s state) uint64 {
			if s.p2 != 0 && holds(s) {
				return allCards
			}
			return 0
		}}
	}
	prevRed := func(s state) int {
		if red(s.prev) {
			return 1
		}
		return 2
	}
	return []node{
		mk(`prev2 != nil and prev2.color == prev.color`, "when the last two cards are the same colour", 5, func(s state) bool { return colourCode(s.p2) == prevRed(s) }),
		mk(`prev2 != nil and prev2.color == "red" and prev.color == "red"`, "when the last two cards are both red", 7, func(s state) bool { return colourCode(s.p2) == 1 && red(s.prev) }),
		mk(`prev2 != nil and prev2.color == "black" and prev.color == "black"`, "when the last two cards are both black", 7, func(s state) bool { return colourCode(s.p2) == 2 && !red(s.prev) }),
		mk(`prev2 != nil and prev2.color == "red"`, "when the card before the last one is red", 5, func(s state) bool { return colourCode(s.p2) == 1 }),
	}
}

// positionConditions test the position on the main line: n % k == r for
// k = 2, 3, 4 (n counts the main-line cards before the card), so that
// periodic rules ("suits in pairs", "every fourth card a face") are
// expressible. For k = 2 only r = 0: r = 1 is the same rule with the
// branches swapped.
func positionConditions() []node {
	var out []node
	for _, k := range []int{2, 3, 4} {
		fam := map[int]Family{2: FamMod2, 3: FamMod3, 4: FamMod4}[k]
		cost := map[int]int{2: 3, 3: 5, 4: 6}[k] // naming k and r: longer periods cost more
		for r := range k {
			if k == 2 && r == 1 {
				continue
			}
			k, r := k, r
			out = append(out, node{text: fmt.Sprintf("n %% %d == %d", k, r), words: positionWords(k, r), cost: cost, fam: fam, row: func(s state) uint64 {
				if int(s.n12)%k == r {
					return allCards
				}
				return 0
			}})
		}
	}
	return out
}
