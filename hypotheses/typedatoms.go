package hypotheses

import (
	"math/bits"
	"slices"

	"github.com/eleusis/eleusis/grammar"
)

// The typed atoms: comparisons, divisibility, ranges, primes and
// betweenness of the integer terms (terms.go); the suits, colours,
// parities and faces of the cards beyond prev and their sameness; and the
// summaries of the main line. Each is a tree of the language: its bits,
// its text and its meaning are the grammar's.

// cmpOps are the comparisons, in the order the index prefers them among
// atoms of one length and one truth table.
var cmpOps = []grammar.Op{grammar.Eq, grammar.Ne, grammar.Le, grammar.Ge, grammar.Lt, grammar.Gt}

// atomBits bounds the typed atoms' description length.
const atomBits = 15

func num(k int) *grammar.Node { return &grammar.Node{P: grammar.PConst, K: k} }

func kids(ns ...*grammar.Node) []*grammar.Node { return ns }

// rankAtoms are the comparisons of terms with constants and with each
// other, one per truth table over their slots' ranks. Each truth table is
// the production's own meaning (grammar.Apply) on the terms' values.
func rankAtoms(terms []*term) []typedAtom {
	type cand struct {
		g     *grammar.Node
		m     uint8
		truth func(r *[numSlots]int) bool
	}
	var cands []cand
	addCand := func(g *grammar.Node, m uint8, args ...*term) {
		if g.Bits() > atomBits {
			return
		}
		// The children's values: the terms', then the constants'.
		var xs [3]int32
		for i, k := range g.Kids[len(args):] {
			xs[len(args)+i] = int32(k.K)
		}
		n := len(g.Kids)
		cands = append(cands, cand{g, m, func(r *[numSlots]int) bool {
			for i, t := range args {
				xs[i] = int32(t.at(r))
			}
			return grammar.Apply(g, xs[:n]...) != 0
		}})
	}
	for _, t := range terms {
		lo, hi := slices.Min(t.vals), slices.Max(t.vals)
		for _, op := range cmpOps {
			for k := max(int(lo), 0); k <= int(hi) && k <= 31; k++ {
				addCand(&grammar.Node{P: grammar.PCmp, Op: op, Kids: kids(t.g, num(k))}, t.mask(), t)
			}
		}
	}
	// Divisibility is one idea ("a multiple of 3", "the sum divisible by
	// 5"), less than the remainder term and its comparison.
	for _, t := range terms {
		if t.outer() == '%' {
			continue // (a % k) % j: the remainder of a remainder
		}
		for k := 2; k <= 6; k++ {
			for _, op := range []grammar.Op{grammar.Eq, grammar.Ne} {
				addCand(&grammar.Node{P: grammar.PDiv, Op: op, K: k, Kids: kids(t.g)}, t.mask(), t)
			}
		}
	}
	// A term within a range ("one to three ranks up, counting round",
	// "the two add up to between 10 and 15"), for terms of two cards or
	// more (the lexicon has the card's own ranges).
	for _, t := range terms {
		if len(t.slots) < 2 {
			continue
		}
		lo, hi := int(slices.Min(t.vals)), int(slices.Max(t.vals))
		for a := max(lo+1, 0); a < hi; a++ {
			for b := a + 1; b < hi && b <= 31; b++ {
				addCand(&grammar.Node{P: grammar.PRange, K: a, K2: b, Kids: kids(t.g)}, t.mask(), t)
			}
		}
	}
	// A prime ("the sum of the last three is prime").
	for _, t := range terms {
		hi := int(slices.Max(t.vals))
		if len(t.slots) < 2 || t.outer() == '%' || hi < 4 {
			continue
		}
		addCand(&grammar.Node{P: grammar.PPrime, K: hi, Kids: kids(t.g)}, t.mask(), t)
	}
	for i, a := range terms {
		for _, b := range terms[i+1:] {
			m := a.mask() | b.mask()
			if len(slotsOf(m)) > 3 || unreadable(m) {
				continue
			}
			for _, op := range cmpOps {
				addCand(&grammar.Node{P: grammar.PCmp, Op: op, Kids: kids(a.g, b.g)}, m, a, b)
			}
		}
	}
	// Between two cards: the card's rank within the closed (or open) range
	// two other cards' ranks span.
	var leaves []*term
	for _, t := range terms {
		if t.g.P == grammar.PRank {
			leaves = append(leaves, t)
		}
	}
	for i, a := range leaves {
		for _, b := range leaves[i+1:] {
			if a.slots[0] == slCard || b.slots[0] == slCard {
				continue
			}
			x := leaves[0] // card.rank
			m := x.mask() | a.mask() | b.mask()
			if m>>slStart&1 == 1 || m>>slPos&1 == 1 {
				continue
			}
			for _, op := range []grammar.Op{grammar.Le, grammar.Lt} {
				addCand(&grammar.Node{P: grammar.PBetween, Op: op, Kids: kids(x.g, a.g, b.g)}, m, x, a, b)
			}
		}
	}
	// Shortest first, so that each truth table keeps its shortest tree.
	slices.SortStableFunc(cands, func(a, b cand) int { return a.g.Bits() - b.g.Bits() })
	seen := map[string]bool{}
	var out []typedAtom
	for _, c := range cands {
		slots := slotsOf(c.m)
		tab := make([]byte, 0, 2197)
		assignments(slots, func(r *[numSlots]int) {
			b := byte('0')
			if c.truth(r) {
				b = '1'
			}
			tab = append(tab, b)
		})
		if constVals16(tab) {
			continue
		}
		key := string(rune(c.m)) + string(tab)
		if seen[key] {
			continue
		}
		seen[key] = true
		if !dependsOnAll(slots, func(r *[numSlots]int) int {
			i := 0
			for k, s := range slots {
				i += (r[s] - 1) * pow13(k)
			}
			return int(tab[i])
		}) {
			continue
		}
		var fs featSet
		for _, s := range slots {
			f, _ := rankFeat(s)
			fs |= f
		}
		stride := make([]int, len(slots))
		for i := range slots {
			stride[i] = pow13(i)
		}
		card := c.m&1 == 1
		out = append(out, typedAtom{g: guarded(c.g, deepest(c.m), card), feats: fs, card: card, guard: deepest(c.m),
			ranks: &rankTable{slots: slots, stride: stride, tab: tab}})
	}
	return out
}

func pow13(k int) int {
	p := 1
	for range k {
		p *= 13
	}
	return p
}

func constVals16(tab []byte) bool {
	for _, b := range tab {
		if b != tab[0] {
			return false
		}
	}
	return true
}

// categoryAtoms are the atoms on suits, colours, parity and faceness of the
// cards beyond prev (the lexicon has the card's and prev's own): prev2,
// prev3 and the starter of a suit, red, even, a face card; and the same or
// another suit, colour, faceness or rank of two cards.
func categoryAtoms() []typedAtom {
	var out []typedAtom
	bit := func(s slot) uint8 { return 1 << s }
	add := func(g *grammar.Node, feats featSet, m uint8) {
		card := m&1 == 1
		out = append(out, typedAtom{g: guarded(g, deepest(m), card), feats: feats, card: card, guard: deepest(m)})
	}
	for _, s := range []slot{slPrev2, slPrev3, slStart} {
		is := func(p int) *grammar.Node { return &grammar.Node{P: grammar.PIs, Slot: gslot(s), K: p} }
		for i := range 4 {
			add(is(grammar.PropSuit+i), suitFeat(s), bit(s))
		}
		add(is(grammar.PropRed), colourFeat(s), bit(s))
		if rf, ok := rankFeat(s); ok {
			add(is(grammar.PropEven), rf, bit(s))
			add(is(grammar.PropFace), rf, bit(s))
		}
	}
	pairs := [][2]slot{{slCard, slPrev2}, {slCard, slPrev3}, {slCard, slStart}, {slPrev, slPrev2}, {slPrev2, slPrev3}, {slPrev, slPrev3}}
	for _, p := range pairs {
		a, b := p[0], p[1]
		m := bit(a) | bit(b)
		same := func(attr int, op grammar.Op) *grammar.Node {
			return &grammar.Node{P: grammar.PSame, Slot: gslot(a), Slot2: gslot(b), K: attr, Op: op}
		}
		for _, op := range []grammar.Op{grammar.Eq, grammar.Ne} {
			add(same(grammar.AttrSuit, op), suitFeat(a)|suitFeat(b), m)
			add(same(grammar.AttrColour, op), colourFeat(a)|colourFeat(b), m)
			ra, oka := rankFeat(a)
			rb, okb := rankFeat(b)
			if oka && okb {
				// The same rank is a category like the same suit ("the
				// starter's colour or its rank").
				add(same(grammar.AttrFace, op), ra|rb, m)
				add(same(grammar.AttrRank, op), ra|rb, m)
			}
		}
	}
	return out
}

// lineAtoms read summaries of the main line and the position: the parity
// of the red, face and odd cards so far, how the red and black counts
// compare, the last face card's suit and colour, the suits of the last
// three cards, how many of the card's suit and how many face cards the line
// holds, n % 6 and blocks of positions.
func lineAtoms() []typedAtom {
	var out []typedAtom
	add := func(g *grammar.Node, ft feature, card bool) {
		out = append(out, typedAtom{g: g, feats: 1 << ft, card: card, guard: numSlots})
	}
	summaryFeat := []feature{ftRedPar, ftFacePar, ftOddPar, ftRedCmp, ftRedCmp, ftRedCmp, ftLastFace, ftLastFace, ftLastFace}
	for k, ft := range summaryFeat {
		g := &grammar.Node{P: grammar.PSummary, K: k}
		add(g, ft, g.Reads().Card)
	}
	// Not seen in the last three cards: the card's suit among theirs.
	for _, p := range []grammar.Prod{grammar.PNone, grammar.PAny} {
		add(&grammar.Node{P: p, Win: recentSuits, El: grammar.ElSameSuit}, ftRecentSuits, true)
	}
	// How many of the card's suit the line holds ("at most three of a
	// suit", "a suit not played yet") and how many face cards ("a face
	// card only while fewer than three are down"): below k, or k or more.
	for _, c := range []struct {
		el   grammar.Elem
		ft   feature
		card bool
	}{{grammar.ElSameSuit, ftSuitCounts, true}, {grammar.ElFace, ftFaceTotal, false}} {
		for k := 1; k <= 3; k++ {
			for _, op := range []grammar.Op{grammar.Lt, grammar.Ge} {
				add(&grammar.Node{P: grammar.PCmp, Op: op, Kids: kids(&grammar.Node{P: grammar.PCount, El: c.el}, num(k))}, c.ft, c.card)
			}
		}
	}
	for r := range 6 {
		add(&grammar.Node{P: grammar.PPos, K: 6, K2: r}, ftMod6, false)
	}
	// Blocks of positions ("three red cards, then three black"): the first
	// r places of every k.
	for _, k := range []int{4, 6} {
		for r := 2; r <= k-2; r++ {
			add(&grammar.Node{P: grammar.PBlock, K: k, K2: r}, map[int]feature{4: ftMod4, 6: ftMod6}[k], false)
		}
	}
	return out
}

// node is the typed atom as a part of its family: an atom on ranks read
// from its truth table, a rank at a time; the others evaluated on the
// family's scenes.
func (ta typedAtom) node() (node, bool) {
	f, ok := familyOf(ta.feats)
	if !ok {
		return node{}, false
	}
	if ta.ranks == nil {
		n := part(ta.g, f, ta.card)
		n.feats = ta.feats
		return n, true
	}
	n := node{g: ta.g, cost: ta.g.Bits(), fam: f, feats: ta.feats, card: ta.card}
	n.tab = make([]uint64, f.Contexts())
	for x := range n.tab {
		s := f.state(x)
		if ta.guard == slPrev2 && s.p2 == 0 || ta.guard == slPrev3 && s.p3 == 0 {
			if ta.card {
				n.tab[x] = allCards
			}
			continue
		}
		rs := ta.ranks.cardRanks(s)
		if !ta.card {
			if rs != 0 { // a condition's table ignores the card's rank
				n.tab[x] = allCards
			}
			continue
		}
		for ; rs != 0; rs &= rs - 1 {
			n.tab[x] |= rankCards << bits.TrailingZeros16(rs)
		}
	}
	tab := n.tab
	n.row = func(s state) uint64 { return tab[f.context(s)] }
	return n, true
}

// rankCards is the four cards of the ace (shifted by r − 1: of rank r).
const rankCards = 1 | 1<<13 | 1<<26 | 1<<39
