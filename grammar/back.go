package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// A card further back than prev3, compared with the card: "not the colour
// of the card seven back" (patience's seven columns, dealt in turn), and a
// card as many places back as the last card's value says — "count back
// the last card's rank and match the card you land on" (Oware's sowing,
// the magician's Kruskal count). The look-back pool's, like the trick's
// lead: a card of the line at a place n gives, so that where the line is
// too short the atom is either free (any card) or false.

// maxBack is the furthest back a card is read: a king's count from the
// card before the last.
const maxBack = 14

// The distances of PBack's K2 beyond the fixed ones (4 … 13): the last
// card's rank back from the card (prev itself for an ace), or from the
// last card.
const (
	backByRank     = 14 // line[n - prev.rank]
	backByRankPrev = 15 // line[n - 1 - prev.rank]
	backFree       = 1 << 4
)

var backProds = map[Prod]Production{
	// The card against a card of the line (Node.K: the attribute, as
	// PSame's, Op the comparison) at a distance K2&^backFree; where the
	// line is too short for it, true when K2 has backFree, else false.
	PBack: {Name: "back", Type: Bool, Words: "the card against the card some places back on the main line: seven back (line[n - 7]), or as many places back as the last card's rank (line[n - prev.rank])",
		Bits: func(n *Node) int {
			b := 8
			if n.K2&^backFree >= backByRank {
				b = 9
			}
			return b
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			c, ok := pt.Scene.backCard(n.K2 &^ backFree)
			if !ok {
				return b(n.K2&backFree != 0)
			}
			a := attrs[n.K]
			return b(compare(n.Op, a.value(pt.Card), a.value(c)))
		},
		text: func(n *Node, _ []text) text {
			d := backText(n.K2 &^ backFree)
			f := attrs[n.K].field
			test := fmt.Sprintf("card.%s %s line[n - %s].%s", f, cmpText[n.Op], d, f)
			if n.K2&backFree != 0 {
				return text{fmt.Sprintf("n < %s or %s", d, test), precOr}
			}
			return text{fmt.Sprintf("n >= %s and %s", d, test), precAnd}
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line, r.N = true, true
			r.slot(SlotCard)
			if n.K2&^backFree >= backByRank {
				r.slot(SlotPrev)
			}
			return r
		}},
	// The card at a distance K2 (PBack's, never free) has a property
	// (Node.K, as PIs's): "the colour of the card four back, unless that
	// one was a face card"; false where the line is too short for it (free
	// atoms, true on every shorter line, crowded the splits' candidates).
	PBackIs: {Name: "back-is", Type: Bool, Words: "the card some places back on the main line is red, a spade, a face card …: line[n - 4].face",
		Bits: func(n *Node) int {
			b := props[n.K].bits + 6 // as much as PBack's comparison
			if n.K2 >= backByRank {
				b++
			}
			return b
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			c, ok := pt.Scene.backCard(n.K2)
			return b(ok && props[n.K].holds(c))
		},
		text: func(n *Node, _ []text) text {
			d := backText(n.K2)
			is := props[n.K].text("line[n - " + d + "]")
			return text{fmt.Sprintf("n >= %s and %s", d, is.atLeast(precAnd+1)), precAnd}
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line, r.N = true, true
			if n.K2 >= backByRank {
				r.slot(SlotPrev)
			}
			return r
		}},
}

// backText is a distance back in the rule language.
func backText(d int) string {
	switch d {
	case backByRank:
		return "prev.rank"
	case backByRankPrev:
		return "(prev.rank + 1)"
	}
	return fmt.Sprint(d)
}

// backCard is the card at distance d back (d: PBack's), and whether the
// line is long enough to have it.
func (sc *Scene) backCard(d int) (c sim.Card, ok bool) {
	switch d {
	case backByRank, backByRankPrev:
		if sc.card[SlotPrev] < 0 {
			return 0, false
		}
		r := sim.Card(sc.card[SlotPrev]).Rank()
		d = r + d - backByRank
	}
	if d < 1 || d > sc.N || d > maxBack || sc.back[d] < 0 {
		return 0, false
	}
	return sim.Card(sc.back[d]), true
}
