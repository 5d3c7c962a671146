package grammar

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/eleusis/eleusis/sim"
)

// Modes: which of two kinds of card came last, as conditions. "After a 7
// the bottle is corked: only odd cards until an ace", "a jack declares a
// signal failure, and it lasts until a queen", "from a face card on, climb,
// until a two": a state one kind of card switches on and another off, read
// as "the line's last A came after its last B (or there was no B)":
//
//	(findIndex(reverse(line), .rank == 7) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n)
//
// Made as atoms of the look-back pool, several hundred of them crowded the
// splits' shortest candidates and the pool's short rules fell out of reach;
// made here, once, beside the count pairs, they are conditions of the top
// search's splits alone.

// modeKinds are the kinds of card people name for switching a mode on or
// off: a face card, a colour, a parity, a suit, a rank, a rank or higher, a
// rank or lower. PMode's K and K2 index it.
var modeKinds = func() []modeKind {
	var kinds []modeKind
	for _, e := range []Elem{ElFace, ElRed, ElBlack, ElEven, ElOdd, ElSpades, ElHearts, ElDiamonds, ElClubs} {
		kinds = append(kinds, modeKind{countOf: countOf{El: e}})
	}
	for r := 1; r <= 13; r++ {
		kinds = append(kinds, modeKind{countOf: countOf{El: ElRank, K: r}})
	}
	for r := 8; r <= 12; r++ {
		kinds = append(kinds, modeKind{countOf: countOf{El: ElAtLeast, K: r}})
	}
	for r := 2; r <= 5; r++ {
		kinds = append(kinds, modeKind{countOf: countOf{El: ElAtMost, K: r}})
	}
	return kinds
}()

// modeKind is a kind of card that switches a mode: an element test.
type modeKind struct{ countOf }

// bits is naming the kind.
func (k modeKind) bits() int { return elemBitsOf(k.node()) }

func (k modeKind) text() string { return elemTextOf(k.node()) }

// at is the place + 1 of the line's last card of the kind (0: none).
func (k modeKind) at(sc *Scene, c sim.Card) int16 { return sc.lastSeen(k.El, k.K, c).at }

// modeOwnBits is a mode's own length, its kinds' names added: as long as
// one "cards since" and a comparison (the two kinds' places read once).
const modeOwnBits = 6

var modeProds = map[Prod]Production{
	// The last card of kind modeKinds[K] came after the last of kind
	// modeKinds[K2]: false while neither has come.
	PMode: {Name: "mode", Type: Bool, Words: "a mode one kind of card switches on and another off: the last 7 came after the last ace (\"a 7 corks the bottle until an ace\")",
		Bits: func(n *Node) int {
			return modeOwnBits + modeKinds[n.K].bits() + modeKinds[n.K2].bits()
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return b(modeKinds[n.K].at(pt.Scene, pt.Card) > modeKinds[n.K2].at(pt.Scene, pt.Card))
		},
		text: func(n *Node, _ []text) text {
			since := func(k modeKind) string {
				return fmt.Sprintf("(findIndex(reverse(line), %s) ?? n)", k.text())
			}
			return text{since(modeKinds[n.K]) + " < " + since(modeKinds[n.K2]), precCmp}
		},
		reads: func(_ *Node, r Reads) Reads { r.Line = true; return r }},
}

// modes are the conditions "the last a came after the last b" for two
// kinds of card of modeKinds, that tell some points apart and behave
// unlike every class of the pool, shortest first. A kind within the other
// (a queen and a face card) or its complement (red and black) makes a
// condition that is never true, or one of the pool's (the last card's
// colour): made and dropped.
func (s *synth) modes() []*Class {
	if !s.cfg.Modes {
		return nil
	}
	var out []*Class
	for i := range modeKinds {
		for j := range modeKinds {
			if i == j {
				continue
			}
			if c := s.made(&Node{P: PMode, K: i, K2: j}); c != nil && s.tellsApart(c) {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	return out
}

// modesTried is how many modes each kind of split tries (as the condition
// of an implication, of a conditional).
const modesTried = 4

// leadSplits are the splits on a mode (or on a telling threshold, conds)
// the top search tries first, on solves of their own: the conditions of
// conds that hold at every refused point and at fewest
// accepted ones, as an implication's condition ("while the bottle is
// corked, odd cards"), and those that tell the verdicts apart best, as
// a conditional's. In the lists of every condition, the longest of them,
// hundreds, either crowded the short ones out or came too late for the
// budget of solves.
func (s *synth) leadSplits(conds []*Class, pos, neg []uint64) []job {
	nPos, nNeg := Ones(pos), Ones(neg)
	var imps, ites []cand
	for _, c := range conds {
		onPos, onNeg := overlap2(c.B, pos, neg)
		if onNeg == nNeg && onPos < nPos {
			imps = append(imps, cand{c, float64(nPos - onPos)})
		}
		if in := onPos + onNeg; in > 0 && in < nPos+nNeg {
			ites = append(ites, cand{c, gain(onPos, onNeg, nPos-onPos, nNeg-onNeg)})
		}
	}
	var out []job
	for _, c := range bestScores(imps, modesTried) {
		out = append(out, job{PImp, c.c})
	}
	for _, c := range bestScores(ites, modesTried) {
		out = append(out, job{PIte, c.c})
	}
	return out
}
