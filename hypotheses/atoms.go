package hypotheses

import (
	"sync"

	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// The index's parts are trees of the scientists' language (package
// grammar): their text and their bits come from its table of productions,
// and so does their meaning — a part's rows over its family's contexts are
// the tree evaluated on a scene that stands for each context (sceneOf).
// This file lists the parts the index combines: the card's properties,
// its relations to the last card, the conditions on the earlier cards and
// on the position.

// node is a part of the index's rules: a tree of the language with its
// rows over its family's contexts.
type node struct {
	g *grammar.Node
	// cost is the tree's description length in bits (g.Bits()).
	cost int
	// relational: an atom that reads the previous card (a direction that
	// flips swaps the two).
	relational bool
	// row: the accepted cards in a state; for a condition, all ones or zero.
	row func(s state) uint64
	// fam: the smallest family whose context the node reads; feats: the
	// features it reads.
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

// text is the node as an expression of the rule language.
func (n *node) text() string { return n.g.Expr() }

const allCards = uint64(1)<<52 - 1

// part makes the node of tree g in family f (which reads every feature g
// reads), its rows evaluated on the family's scenes.
func part(g *grammar.Node, f Family, card bool) node {
	n := node{g: g, cost: g.Bits(), fam: f, feats: familyFeats[f], card: card}
	fn := grammar.Compile(g)
	n.tab = make([]uint64, f.Contexts())
	for x, sc := range familyScenes()[f] {
		pt := grammar.Point{Scene: sc}
		if !card {
			if fn(&pt) != 0 {
				n.tab[x] = allCards
			}
			continue
		}
		for c := sim.Card(0); c < sim.NumCards; c++ {
			pt.Card = c
			if fn(&pt) != 0 {
				n.tab[x] |= 1 << c
			}
		}
	}
	tab := n.tab
	n.row = func(s state) uint64 { return tab[f.context(s)] }
	if f == FamPrev && constRows(tab) {
		n.feats = 0 // reads the card only
	}
	return n
}

// familyScenes is, per family, the scene of each context: built once.
var familyScenes = sync.OnceValue(func() (out [numFamilies][]*grammar.Scene) {
	for f := range numFamilies {
		out[f] = make([]*grammar.Scene, f.Contexts())
		for x := range out[f] {
			out[f][x] = sceneOf(f, f.state(x))
		}
	}
	return out
})

// sceneOf is a scene that stands for state s of family f: the cards it
// names, a length with its remainders, and the line's tallies its features
// give. What f does not read is left at a value of its own (the parts of f
// read nothing else).
func sceneOf(f Family, s state) *grammar.Scene {
	fs := familyFeats[f]
	n := crt(int(s.n12), int(s.n13))
	// A line too short for prev2 or prev3 is short: its length says so.
	switch {
	case (fs.has(ftP2Col) || fs.has(ftP2Rank) || fs.has(ftP2Suit)) && s.p2 == 0:
		n = 1
	case (fs.has(ftP3Col) || fs.has(ftP3Suit)) && s.p3 == 0:
		n = 2
		if s.p2 == 0 {
			n = 1
		}
	}
	facts := grammar.Facts{N: n, Prev: int(s.prev), Prev2: int(s.p2) - 1, Prev3: int(s.p3) - 1, First: int(s.start),
		Red: int(s.redPar), Face: int(s.facePar), Odd: int(s.oddPar), LastFace: int(s.lastFace) - 1, Recent: s.suits}
	if fs.has(ftRedCmp) {
		facts.Red = []int{0, n / 2, n}[s.redCmp] // n is even (156) for this family
	}
	if fs.has(ftFaceTotal) {
		facts.Face = int(s.faces)
	}
	for su, k := range s.suitCnt {
		facts.Suits[su] = int(k)
	}
	return grammar.SceneOf(facts)
}

// crt is the length from 1 to 156 with remainders n12 mod 12 and n13 mod
// 13 (156 when both are 0: long enough for every card the language names).
func crt(n12, n13 int) int {
	for n := 1; n <= 156; n++ {
		if n%12 == n12 && n%13 == n13 {
			return n
		}
	}
	panic("hypotheses: no length for the remainders")
}

// The lexicon's trees.

func is(s grammar.Slot, prop int) *grammar.Node {
	return &grammar.Node{P: grammar.PIs, Slot: s, K: prop}
}

func isRank(s grammar.Slot, op grammar.Op, k int) *grammar.Node {
	return &grammar.Node{P: grammar.PIsRank, Slot: s, Op: op, K: k}
}

func same(x, y grammar.Slot, attr int, op grammar.Op) *grammar.Node {
	return &grammar.Node{P: grammar.PSame, Slot: x, Slot2: y, K: attr, Op: op}
}

// cardProps are the card's properties as single atoms: colour, parity,
// face, prime, square, suit and not a suit.
var cardProps = []int{grammar.PropRed, grammar.PropBlack, grammar.PropEven, grammar.PropOdd, grammar.PropFace, grammar.PropNotFace,
	grammar.PropPrime, grammar.PropSquare,
	grammar.PropSuit, grammar.PropSuit + 1, grammar.PropSuit + 2, grammar.PropSuit + 3,
	grammar.PropNotSuit, grammar.PropNotSuit + 1, grammar.PropNotSuit + 2, grammar.PropNotSuit + 3}

// cardAtoms are the predicates on the card alone: its properties, ranks
// from k up and to k, each rank, and ranges.
func cardAtoms() []*grammar.Node {
	var out []*grammar.Node
	for _, p := range cardProps {
		out = append(out, is(grammar.SlotCard, p))
	}
	for k := 2; k <= 13; k++ {
		out = append(out, isRank(grammar.SlotCard, grammar.Ge, k), isRank(grammar.SlotCard, grammar.Le, k-1))
	}
	for k := 1; k <= 13; k++ {
		out = append(out, isRank(grammar.SlotCard, grammar.Eq, k))
	}
	for a := 2; a <= 11; a++ {
		for b := a + 1; b <= 12; b++ {
			out = append(out, &grammar.Node{P: grammar.PIsRange, Slot: grammar.SlotCard, K: a, K2: b})
		}
	}
	return out
}

// relationTrees are the atoms relating the card to the last card: the same
// or another colour, suit, parity, faceness; the ranks compared; steps up
// and down counting round; near and exactly k apart; the suit cycles.
func relationTrees() []*grammar.Node {
	var out []*grammar.Node
	for _, a := range []int{grammar.AttrColour, grammar.AttrSuit, grammar.AttrParity, grammar.AttrFace} {
		out = append(out, same(grammar.SlotCard, grammar.SlotPrev, a, grammar.Eq), same(grammar.SlotCard, grammar.SlotPrev, a, grammar.Ne))
	}
	for _, op := range []grammar.Op{grammar.Gt, grammar.Lt, grammar.Ge, grammar.Le, grammar.Eq, grammar.Ne} {
		out = append(out, same(grammar.SlotCard, grammar.SlotPrev, grammar.AttrRank, op))
	}
	for k := 1; k <= 6; k++ {
		out = append(out, &grammar.Node{P: grammar.PStep, K: k - 1}, &grammar.Node{P: grammar.PStep, K: 12 - k})
		if k <= 4 {
			out = append(out, &grammar.Node{P: grammar.PDist, Op: grammar.Eq, K: k}, &grammar.Node{P: grammar.PDist, Op: grammar.Le, K: k})
		}
	}
	for c := range 6 {
		out = append(out, &grammar.Node{P: grammar.PCycle, K: c})
	}
	return out
}

// branches are the atoms a compound hypothesis is built from: predicates on
// the card and relations to the previous card.
func branches() []node {
	var out []node
	for _, g := range cardAtoms() {
		out = append(out, part(g, FamPrev, true))
	}
	for _, g := range relationTrees() {
		n := part(g, FamPrev, true)
		n.relational = true
		out = append(out, n)
	}
	return out
}

// prevConditions are the tests on the previous card a conditional branches
// on. Only one of each complementary pair: the other is the same rule with
// the branches swapped.
func prevConditions() []node {
	var out []node
	for _, p := range []int{grammar.PropRed, grammar.PropEven, grammar.PropFace, grammar.PropPrime, grammar.PropSquare,
		grammar.PropSuit, grammar.PropSuit + 1, grammar.PropSuit + 2, grammar.PropSuit + 3} {
		out = append(out, part(is(grammar.SlotPrev, p), FamPrev, false))
	}
	for k := 2; k <= 13; k++ {
		out = append(out, part(isRank(grammar.SlotPrev, grammar.Ge, k), FamPrev, false))
	}
	for k := 1; k <= 13; k++ {
		out = append(out, part(isRank(grammar.SlotPrev, grammar.Eq, k), FamPrev, false))
	}
	return out
}

// guardNe is "prev2 != nil and c" (a condition fails while the line is too
// short to read it); guardEq "prev2 == nil or a" (a rule lets any card by).
func guardNe(s grammar.Slot, c *grammar.Node) *grammar.Node {
	return &grammar.Node{P: grammar.PGuard, Slot: s, Op: grammar.Ne, Kids: []*grammar.Node{c}}
}

func guardEq(s grammar.Slot, a *grammar.Node) *grammar.Node {
	return &grammar.Node{P: grammar.PGuard, Slot: s, Op: grammar.Eq, Kids: []*grammar.Node{a}}
}

// prev2Conditions read the colour of the card two back (and of prev); each
// is false while the main line has one card.
func prev2Conditions() []node {
	pattern := func(a, b int) *grammar.Node {
		return &grammar.Node{P: grammar.PPattern, Slot: grammar.SlotPrev2, K: a | b<<8}
	}
	red, black := conceptOf(sim.Card.Red), conceptOf(func(c sim.Card) bool { return !c.Red() })
	var out []node
	for _, g := range []*grammar.Node{
		same(grammar.SlotPrev, grammar.SlotPrev2, grammar.AttrColour, grammar.Eq),
		pattern(red, red),
		pattern(black, black),
		is(grammar.SlotPrev2, grammar.PropRed),
	} {
		out = append(out, part(guardNe(grammar.SlotPrev2, g), FamPrev2, false))
	}
	return out
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
		for r := range k {
			if k == 2 && r == 1 {
				continue
			}
			out = append(out, part(&grammar.Node{P: grammar.PPos, K: k, K2: r}, fam, false))
		}
	}
	return out
}

// conceptOf is the concept table (bit i: cell i of colour, parity,
// faceness) of the cards keep admits; it panics on a set that is no
// concept.
func conceptOf(keep func(c sim.Card) bool) int {
	t, ok := grammar.ConceptTable(keep)
	if !ok {
		panic("hypotheses: not a concept")
	}
	return t
}
