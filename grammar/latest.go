package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// Which of two kinds of card came last: a mode that one kind of card
// switches on and another switches off. "Once a two is played, nothing
// above nine until an ace comes"; "climb until a face card, then go down
// until a two or lower". The rule reads the line's most recent card of
// either kind: the look-back pool's, beside the cards since a kind
// (PSince), whose comparison it is, written as one idea.

// A kind of card a mode starts or ends on: its test in the rule
// language (a predicate of findIndex) and where the line's last card of
// the kind stands.
type modeKind struct {
	bits int
	test string
	last func(sc *Scene) seen
}

// modeKinds are PLatest's kinds (its K and K2): the card's kinds of one
// attribute a player names, each rank, and the low and high ranks.
var modeKinds = func() []modeKind {
	var ks []modeKind
	of := func(e Elem, k int) func(sc *Scene) seen {
		return func(sc *Scene) seen { return sc.lastSeen(e, k, 0) }
	}
	for _, e := range []Elem{ElFace, ElRed, ElBlack, ElEven, ElOdd} {
		ks = append(ks, modeKind{3, elemText[e], of(e, 0)})
	}
	for e := ElSpades; e <= ElClubs; e++ {
		ks = append(ks, modeKind{4, elemText[e], of(e, 0)})
	}
	for r := 1; r <= 13; r++ {
		ks = append(ks, modeKind{4, fmt.Sprintf(".rank == %d", r), of(ElRank, r)})
	}
	for r := 2; r <= 5; r++ { // a two or lower … a five or lower
		ks = append(ks, modeKind{5, fmt.Sprintf(".rank <= %d", r), func(sc *Scene) seen {
			var best seen
			for q := 1; q <= r; q++ {
				if at := sc.last.rank[q]; at.at > best.at {
					best = at
				}
			}
			return best
		}})
	}
	for r := 9; r <= 10; r++ { // a nine or higher, a ten or higher
		ks = append(ks, modeKind{5, fmt.Sprintf(".rank >= %d", r), of(ElAtLeast, r)})
	}
	return ks
}()

// latestOwnBits is PLatest's own description length beyond its kinds'.
const latestOwnBits = 3

var latestProds = map[Prod]Production{
	// The line's last card of kind K (modeKinds) came after its last card
	// of kind K2: false while no card of kind K has come, and when one card
	// is of both kinds.
	PLatest: {Name: "latest", Type: Bool, Words: "which of two kinds of card came last on the main line: a two more recently than an ace (\"once a two is played, nothing above nine until an ace comes\")",
		Bits: func(n *Node) int { return latestOwnBits + modeKinds[n.K].bits + modeKinds[n.K2].bits },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return b(modeKinds[n.K].last(pt.Scene).at > modeKinds[n.K2].last(pt.Scene).at)
		},
		text: func(n *Node, _ []text) text {
			since := func(k int) string { return "(" + call("findIndex", "reverse(line)", modeKinds[k].test).s + " ?? n)" }
			return text{since(n.K) + " < " + since(n.K2), precCmp}
		},
		reads: func(_ *Node, r Reads) Reads { r.Line, r.N = true, true; return r }},
}

// modePairs are the pairs of kinds PLatest is enumerated for: two kinds
// neither of which holds every card of the other (a card of both, or none
// between, would leave the mode's question empty: an ace after a card of
// five or lower never comes later than it), and not one attribute's two
// values (the last of red and black is the last card's colour).
func modePairs() [][2]int {
	var out [][2]int
	for a := range modeKinds {
		for b := range modeKinds {
			if a != b && !modeWithin(a, b) && !modeWithin(b, a) && !modeOpposite(a, b) {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

// modeWithin reports whether every card of kind a is of kind b.
func modeWithin(a, b int) bool {
	return modeCards(a)&^modeCards(b) == 0
}

// modeOpposite reports whether kinds a and b split the pack between them.
func modeOpposite(a, b int) bool {
	return modeCards(a)&modeCards(b) == 0 && modeCards(a)|modeCards(b) == allCards
}

// allCards is every card of the pack, one bit each.
const allCards = 1<<sim.NumCards - 1

// modeCards are the cards of a kind (bit c: card c), from its test on a
// line of that card alone.
func modeCards(k int) uint64 {
	var m uint64
	for c := range sim.Card(sim.NumCards) {
		if modeKinds[k].last(NewScene([]sim.Card{c})).at > 0 {
			m |= 1 << c
		}
	}
	return m
}
