package grammar

import (
	"github.com/eleusis/eleusis/sim"
)

// Type is what a node gives: a truth value or an integer.
type Type uint8

const (
	Bool Type = iota
	Int
)

func (t Type) String() string { return [...]string{"bool", "int"}[t] }

// Slot is a card the rule language names.
type Slot uint8

const (
	SlotCard  Slot = iota // card: the card judged
	SlotPrev              // prev: the last card of the main line
	SlotPrev2             // prev2: the card before it (nil on a one-card line)
	SlotPrev3             // prev3: the card before that (nil below three cards)
	SlotFirst             // line[0]: the starter
	numSlots
)

// slotText is how the rule language names each slot.
var slotText = [numSlots]string{"card", "prev", "prev2", "prev3", "line[0]"}

// slotBits is what naming a slot costs: the card is the default subject,
// each card further back a bit more; the starter as much as prev3.
var slotBits = [numSlots]int{0, 1, 2, 3, 3}

// slotDepth is the length the main line needs for the slot to exist.
var slotDepth = [numSlots]int{0, 1, 2, 3, 1}

// guardSlot is the card whose absence a nil guard of depth d tests (prev2
// for 2, prev3 for 3).
var guardSlot = [4]Slot{0, 0, SlotPrev2, SlotPrev3}

func (s Slot) String() string { return slotText[s] }

// Window is a stretch of the main line a count or a sum reads: the whole
// line (0) or its last k cards (k = 2 … MaxLongWindow).
type Window uint8

// MaxWindow is the longest window of last cards the main pool names;
// the look-back pool names longer ones, to MaxLongWindow ("none of the
// last eight", "not a card of the last twelve").
const (
	MaxWindow     = 6
	MaxLongWindow = 13
)

// numWindows is the number of windows' places (the whole line and
// 2..MaxLongWindow, each at its index).
const numWindows = MaxLongWindow

// index is the window's place among the Scene's tallies.
func (w Window) index() int {
	if w == 0 {
		return 0
	}
	return int(w) - 1
}

// Elem is a test on an element of a window, alone or against the card
// judged ("count(line, .suit == card.suit)").
type Elem uint8

const (
	ElRed Elem = iota
	ElBlack
	ElFace
	ElEven
	ElOdd
	ElSpades
	ElHearts
	ElDiamonds
	ElClubs
	ElSameSuit   // .suit == card.suit
	ElSameColour // .color == card.color
	ElSameRank   // .rank == card.rank
	ElHigher     // .rank > card.rank
	ElLower      // .rank < card.rank
	ElNear1      // abs(.rank - card.rank) <= 1
	ElNear2      // abs(.rank - card.rank) <= 2
	ElSameCard   // .rank == card.rank and .suit == card.suit: the very card, played before ("no card twice")
	ElRank       // .rank == K: an ace, a king, a seven (Node.K holds the rank)
	ElNext       // abs(.rank - card.rank) == 1: a neighbour of the card in rank
	ElAtLeast    // .rank >= K: a high card, a ten or higher (Node.K holds the rank)
	// ElConcept: the element fits a Boolean concept of its colour, parity
	// and faceness (Node.K holds the concept's table: "an odd black card").
	ElConcept
	// ElCard: one card of the pack (Node.K holds it): "once the queen of
	// spades is down".
	ElCard
	// ElHigh: .rank >= K or an ace, the ace counting above the king
	// (Node.K holds the rank): "an honour" is a jack or higher.
	ElHigh
	// ElSuitRank: the card of rank K in the card's suit (Node.K holds the
	// rank): "a seven only once the ace of its suit is down".
	ElSuitRank
	// ElSuitBelow, ElSuitAbove: the card one rank under (over) the card
	// in its suit, as patience builds its foundations: "a card only once
	// the one under it in its suit is down".
	ElSuitBelow
	ElSuitAbove
	// ElShares: the element shares two or three attributes with the card
	// at once (Node.K holds the mask, one of sharesSets): "the twin of the
	// card, the same rank in the same colour".
	ElShares
	// ElUnder, ElOver: the element one rank under (over) the card, of any
	// suit: "one more than a value among the last four"; ElUnderRound,
	// ElOverRound the same counting round, the ace one over the king.
	ElUnder
	ElOver
	ElUnderRound
	ElOverRound
	// ElAtMost: .rank <= K, a low card (Node.K holds the rank): "the cards
	// since the last two or lower", "fewer low cards than face cards".
	ElAtMost
	numElems
)

// readsCard reports whether the test compares the element with the card.
// (A concept does not, but is counted as if it did: the main pool's
// behaviours were measured so.)
func (e Elem) readsCard() bool {
	return e >= ElSameSuit && e != ElRank && e != ElAtLeast && e != ElCard && e != ElHigh && e != ElAtMost
}

// Op is a comparison or an integer operation.
type Op uint8

const (
	Eq Op = iota
	Ne
	Lt
	Le
	Gt
	Ge
	numCmps
)

const (
	Add Op = iota
	Sub
	Mul
	Rem  // a % b for b a rank (never zero)
	Dist // abs(a - b)
	Min
	Max
	Wrap // (a + b - 1) % 13 + 1: a sum counted round the ranks
	Up   // (a - b + 13) % 13: ranks up from b to a, counting round
	Xor  // bitxor(a, b) of two ranks: a programmer's ("Nim", "one binary digit apart")
	numArith
)

// Node is one node of a rule's syntax tree: a production, its parameters
// (which of them it reads depends on the production) and its children.
type Node struct {
	P     Prod
	Slot  Slot // the card read (rank, attributes); the second card of a pair
	Slot2 Slot
	Op    Op
	K, K2 int // constants: a number, a modulus, a remainder, a bound
	Win   Window
	El    Elem
	Kids  []*Node
}

// prod is the node's production.
func (n *Node) prod() *Production { return &Table[n.P] }

// Type is what the node gives.
func (n *Node) Type() Type { return n.prod().Type }

// Bits is the node's description length: its production's bits and its
// children's.
func (n *Node) Bits() int {
	p := n.prod()
	b := p.Bits(n)
	for i, k := range n.Kids {
		if p.Counted == 0 || i < p.Counted {
			b += k.Bits()
		}
	}
	return b
}

// Reads is what a node reads of the card and the main line.
type Reads struct {
	Card bool
	// Slots: bit s set when slot s is read.
	Slots uint8
	// Depth is the length of main line the node needs (prev2: 2, prev3: 3);
	// shorter lines are decided by a nil guard above the node.
	Depth int
	// Line: the node reads counts, sums or windows of the main line; N: its
	// length (positions). Win: the longest window of last cards it reads
	// (0: none, or the whole line).
	Line, N bool
	Win     int
}

// Reads is what the node reads.
func (n *Node) Reads() Reads {
	var r Reads
	n.reads(&r)
	return r
}

func (n *Node) reads(r *Reads) {
	p := n.prod()
	if p.reads != nil {
		*r = p.reads(n, *r)
	}
	for _, k := range n.Kids {
		k.reads(r)
	}
}

func (r *Reads) slot(s Slot) {
	r.Slots |= 1 << s
	if s == SlotCard {
		r.Card = true
	}
	r.Depth = max(r.Depth, slotDepth[s])
}

// Equal reports whether two trees are the same.
func (n *Node) Equal(m *Node) bool {
	if n.P != m.P || n.Slot != m.Slot || n.Slot2 != m.Slot2 || n.Op != m.Op || n.K != m.K || n.K2 != m.K2 ||
		n.Win != m.Win || n.El != m.El || len(n.Kids) != len(m.Kids) {
		return false
	}
	for i := range n.Kids {
		if !n.Kids[i].Equal(m.Kids[i]) {
			return false
		}
	}
	return true
}

// Size is the number of nodes of the tree.
func (n *Node) Size() int {
	s := 1
	for _, k := range n.Kids {
		s += k.Size()
	}
	return s
}

// cardRank, cardSuit … read a card as the rule language does.
func cardRank(c sim.Card) int32 { return int32(c.Rank()) }
func cardSuit(c sim.Card) int32 { return int32(c.Suit()) }
func cardRed(c sim.Card) bool   { return c.Red() }

// Unguarded is the length of main line the node needs that no nil guard
// inside it provides: 2 or 3 when it reads prev2 or prev3 unguarded (the
// rule language fails on shorter lines), less when it is safe on every line.
func (n *Node) Unguarded() int {
	switch n.P {
	case PGuard:
		if d := n.Kids[0].Unguarded(); d > slotDepth[n.Slot] {
			return d
		}
		return 0
	case PSplit:
		// The short lines' rule is read on lines too short for the slot;
		// the other only on lines that have it.
		d := n.Kids[1].Unguarded()
		if d <= slotDepth[n.Slot] {
			d = 0
		}
		return max(n.Kids[0].Unguarded(), d)
	}
	var r Reads
	if p := n.prod(); p.reads != nil {
		r = p.reads(n, r) // by value: a pointer given a func value escapes to the heap
	}
	d := r.Depth
	for _, k := range n.Kids {
		d = max(d, k.Unguarded())
	}
	return d
}
