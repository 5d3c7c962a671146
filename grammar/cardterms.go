package grammar

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/eleusis/eleusis/sim"
)

// cardTerms are the look-back pool's terms of a card and the cards next
// to it, and the points of a card game: the jumps between two cards (of
// rank and of suit), the highest and lowest of a run, a card's points and
// the points of a run, and the line's balance. They join the Table in its init; they are out of
// the main pool (mainLeaf) and in the look-back pool (arithOnly).
var cardTerms = map[Prod]Production{
	// The jump (K 0: its size) or the step (K 1: up or down) between two
	// cards next to each other — X and the card before it — a quantity
	// of its own to the players ("each jump bigger than the last"), not
	// a difference of two ranks built up: the look-back pool compares it
	// with a number or with another jump.
	PJump: {Name: "jump", Type: Int, Words: "the jump (its size), the step (up or down) or the jump counting round from king to ace, from a card to the next: abs(card.rank − prev.rank), prev.rank − prev2.rank",
		Bits: func(n *Node) int { return 3 + n.K + slotBits[n.Slot] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			d := rankOf(pt, n.Slot) - rankOf(pt, n.Slot+1)
			switch n.K {
			case 0:
				return max(d, -d)
			case 2:
				return roundDistance(d, 13)
			}
			return d
		},
		text: func(n *Node, _ []text) text {
			d := infix(primary(slotText[n.Slot]+".rank"), "-", primary(slotText[n.Slot+1]+".rank"), precAdd)
			switch n.K {
			case 0:
				return call("abs", d.s)
			case 2:
				return roundDistanceText(d, 13)
			}
			return d
		},
		reads: func(n *Node, r Reads) Reads { r.slot(n.Slot); r.slot(n.Slot + 1); return r },
		bounds: func(n *Node, _ [3]span) span {
			switch n.K {
			case 0:
				return span{0, 12}
			case 2:
				return span{0, 6}
			}
			return span{-12, 12}
		}},
	// How far apart the suits of two cards next to each other are in
	// bridge's order (clubs, diamonds, hearts, spades), straight (K 0)
	// or round from spades back to clubs (K 1): the files of a board
	// whose columns are the suits ("a knight's move from the last
	// card").
	PSuitJump: {Name: "suit-jump", Type: Int, Words: "how far apart the suits of a card and the one before it are in the order clubs, diamonds, hearts, spades (or round from spades to clubs)",
		Bits: func(n *Node) int { return 4 + n.K + slotBits[n.Slot] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			if !pt.Scene.has(n.Slot + 1) {
				return 0
			}
			d := int32(pt.Scene.slotCard(n.Slot, pt.Card).Suit()) - int32(pt.Scene.slotCard(n.Slot+1, pt.Card).Suit())
			if n.K == 1 {
				return roundDistance(d, 4)
			}
			return max(d, -d)
		},
		text: func(n *Node, _ []text) text {
			d := infix(suitNoText(n.Slot), "-", suitNoText(n.Slot+1), precAdd)
			if n.K == 1 {
				return roundDistanceText(d, 4)
			}
			return call("abs", d.s)
		},
		reads:  func(n *Node, r Reads) Reads { r.slot(n.Slot); r.slot(n.Slot + 1); return r },
		bounds: func(n *Node, _ [3]span) span { return span{0, 3 - int32(n.K)} }},
	// The highest (K 0) or the lowest (K 1) rank of the line or of its
	// last k cards: "no more than two above the highest of the last
	// four".
	PExtreme: {Name: "extreme", Type: Int, Words: "the highest (or the lowest) rank of the main line or of its last k cards, how far apart the two are, or the middle one",
		// K: 0 the highest, 1 the lowest, 2 the spread (the highest less
		// the lowest: "unless the last three span 3 or less"), 3 the
		// middle rank of the last three or five ("within 3 of the middle
		// value of the last three"; of two cards the higher). K2 1: the
		// spread with the card counted in ("the card and the last two span
		// no more than 6").
		Bits: func(n *Node) int { return 4 + winBits[n.Win] + n.K/2 + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			hi, lo := int32(1), int32(13)
			for r := int32(13); r > 1; r-- {
				if t.rank[r] > 0 {
					hi = r
					break
				}
			}
			for r := int32(1); r < 13; r++ {
				if t.rank[r] > 0 {
					lo = r
					break
				}
			}
			if n.K == 3 {
				return t.middle(min(int32(pt.Scene.N), int32(n.Win)) / 2)
			}
			if n.K2 == 1 {
				c := int32(pt.Card.Rank())
				hi, lo = max(hi, c), min(lo, c)
			}
			return [3]int32{hi, lo, hi - lo}[n.K]
		},
		text: func(n *Node, _ []text) text {
			ranks := call("map", windowText(n.Win), ".rank").s
			switch {
			case n.K == 2 && n.K2 == 1:
				return text{call("max", call("max", ranks).s, "card.rank").s + " - " + call("min", call("min", ranks).s, "card.rank").s, precAdd}
			case n.K == 2:
				return text{call("max", ranks).s + " - " + call("min", ranks).s, precAdd}
			case n.K == 3:
				return text{fmt.Sprintf("%s[int(min(n, %d) / 2)]", call("sort", ranks).s, n.Win), precPrimary}
			}
			return call([]string{"max", "min"}[n.K], ranks)
		}, reads: readWindowAndCard,
		bounds: func(n *Node, _ [3]span) span {
			if n.K == 2 {
				return span{0, 12}
			}
			return span{1, 13}
		}},
	// A card's points in a card game's counting (K: countings, the
	// lexicon's table): "the two make fifteen, faces counting ten".
	// The look-back pool adds, compares and reduces them as ranks.
	PWorth: {Name: "worth", Type: Int, Words: "a card's points in a card game's counting: faces ten, blackjack's, baccarat's, honour points, card points, primiera, Twenty-eight's; or its strength in a game's order: the ace high, the two high, jack-nine trumps, Briscola's, Tressette's",
		Bits: func(n *Node) int { return 4 + slotBits[n.Slot] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return countings[n.K].worth[rankOf(pt, n.Slot)] },
		text: func(n *Node, _ []text) text { return countings[n.K].text(slotText[n.Slot]) }, reads: readSlot,
		bounds: func(n *Node, _ [3]span) span {
			w := countings[n.K].worth[1:]
			return span{slices.Min(w), slices.Max(w)}
		}},
	// The points of the line's cards (or of its last k) in a counting,
	// the card's own with them when K2 is 1: "the last two already
	// count 19, faces counting ten", "the card and the three before it
	// hold at most 6 honour points".
	PWorthOf: {Name: "worth-of", Type: Int, Words: "the points of the line (or of its last k cards, the card's own with them or not) in a card game's counting: the honour points of the card and the last three",
		Bits: func(n *Node) int { return 6 + winBits[n.Win] + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			worth := &countings[n.K].worth
			var s int32
			for r, v := range worth {
				s += v * t.rank[r]
			}
			if n.K2 == 1 {
				s += worth[cardRank(pt.Card)]
			}
			return s
		},
		text: func(n *Node, _ []text) text {
			sum := call("sum", call("map", windowText(n.Win), countings[n.K].text("#").s).s)
			if n.K2 == 1 {
				return infix(sum, "+", countings[n.K].text("card"), precAdd)
			}
			return sum
		},
		reads: readWindowAndCard,
		bounds: func(n *Node, _ [3]span) span {
			w, k := countings[n.K].worth[1:], winLen(n.Win)+int32(n.K2)
			return span{min(0, slices.Min(w)) * k, max(0, slices.Max(w)) * k}
		}},
	// The line's balance: the ranks of the cards of a kind (K: the
	// lexicon's property) added, the others' taken away, the card's own
	// with them when K2 has balanceCounted: "black cards pay in their
	// value, red ones pay it out, and the balance may never go below
	// zero". With balanceOwn the kind is the card's colour (K is PropRed):
	// "play the colour of the lighter pan", the card's colour behind.
	PBalance: {Name: "balance", Type: Int, Words: "the ranks of the main line added up (from the starter, or from the first card played after it), those of a kind (or of the card's colour) adding and the others taking away (the card's own with them or not): black cards pay in, red ones pay out",
		Bits: func(n *Node) int {
			return 4 + props[n.K].bits + (n.K2 & balanceCounted) + (n.K2&balanceOwn)/balanceOwn + (n.K2&balanceAfter)/balanceAfter
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[0]
			var in int32 // the ranks of the cards of the kind
			for m := propCards[n.K]; m != 0; m &= m - 1 {
				c := sim.Card(bits.TrailingZeros64(m))
				in += int32(t.card[c]) * cardRank(c)
			}
			s := 2*in - t.sum
			if first := pt.Scene.card[SlotFirst]; n.K2&balanceAfter != 0 && first >= 0 {
				// The starter left out: its rank paid in or out taken back.
				r := cardRank(sim.Card(first))
				if propCards[n.K]>>first&1 == 0 {
					r = -r
				}
				s -= r
			}
			own := n.K2&balanceOwn != 0
			if own && propCards[n.K]>>pt.Card&1 == 0 {
				s = -s // the card is not of the kind: the other side pays in
			}
			if n.K2&balanceCounted != 0 {
				r := cardRank(pt.Card)
				if !own && propCards[n.K]>>pt.Card&1 == 0 {
					r = -r
				}
				s += r
			}
			return s
		},
		text: func(n *Node, _ []text) text {
			kind := func(x string) string { return props[n.K].text(x).s }
			if n.K2&balanceOwn != 0 {
				kind = func(x string) string { return x + ".color == card.color" }
			}
			signed := func(x string) string {
				return fmt.Sprintf("%s ? %s.rank : -%s.rank", kind(x), x, x)
			}
			line := "line"
			if n.K2&balanceAfter != 0 {
				line = "line[1:]"
			}
			sum := call("sum", call("map", line, signed("")).s)
			switch {
			case n.K2&balanceCounted == 0:
				return sum
			case n.K2&balanceOwn != 0:
				return infix(sum, "+", primary("card.rank"), precAdd)
			}
			return infix(sum, "+", primary("("+signed("card")+")"), precAdd)
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.K2 != 0 {
				r.slot(SlotCard)
			}
			return r
		},
		bounds: func(n *Node, _ [3]span) span {
			hi := 13 * (MaxLine + int32(n.K2&balanceCounted)) // the starter left out stays within it
			return span{-hi, hi}
		}},
}

// PBalance's K2: the card's own rank in the balance, the card's colour
// as the kind that pays in, and the starter left out ("depth from the
// entrance": the cards played after it).
const (
	balanceCounted = 1
	balanceOwn     = 2
	balanceAfter   = 4
)

// roundDistance is the distance of a difference d counted round a cycle
// of m (king next to ace: m 13; spades next to clubs: m 4).
func roundDistance(d, m int32) int32 {
	d = max(d, -d)
	return min(d, m-d)
}

func roundDistanceText(d text, m int) text {
	a := call("abs", d.s).s
	return call("min", a, fmt.Sprintf("%d - %s", m, a))
}
