package hypotheses

import (
	"slices"

	"github.com/eleusis/eleusis/grammar"
)

// The index's grammar: the parts of atoms.go, typedatoms.go and
// concepts.go, and the rules the index combines from them. Every part and
// every rule is a tree of the scientists' language (package grammar): its
// description length L is the tree's bits, from the grammar's one table of
// productions, its prior P(h) ∝ 2^−L(h) (summed over every derivation with
// the same behaviour), its expression the tree's text. The combinations:
//
//	rule = atom | concept                       "red", "an odd black card"
//	     | atom and atom | atom or atom
//	     | cond ? atom : atom                   the general condition (its bits
//	                                            are many: few of its choices are ideas)
//	     | cond ? atom : true                   implication: "after an odd black card,
//	                                            an even red one"
//	     | cond ? atom : its opposite           iff: "red ? low : high"
//	     | cond ? rel : rel the other way round mirror: "red goes up, black goes down"
//	     | cond ? class : the other class       alternation: "odd black and even red
//	                                            cards take turns"
//	     | prev2 == nil or (compound)           the compound holds once there are two
//	                                            cards before it; likewise prev3
//
// The implication, the iff and the alternation do not combine concepts of
// the card: the concept production gives every concept its exact minimal
// bits (the SHJ types keep theirs). Every part is kept once per behaviour
// over its family's contexts (the shortest), and every rule once per
// behaviour (Build): the index holds the shortest description of each.
const (
	kindAtom uint8 = iota
	kindAnd
	kindOr
	kindCond
	kindConcept
	kindIff
	kindImp
	kindMirror
	kindAlt
)

// prodBits is a connective production's own bits, from the grammar's table.
func prodBits(p grammar.Prod) int {
	n := &grammar.Node{P: p}
	if p == grammar.PGuard {
		n.Kids = []*grammar.Node{{P: grammar.PAnd}} // round a compound
	}
	return grammar.Table[p].Bits(n)
}

// Bits of the rule productions, as the grammar sets them.
var (
	andBits   = prodBits(grammar.PAnd)
	orBits    = prodBits(grammar.POr)
	condBits  = prodBits(grammar.PIte)
	impBits   = prodBits(grammar.PImp)
	guardBits = prodBits(grammar.PGuard)
	iffBits   = prodBits(grammar.PIff)
	altBits   = prodBits(grammar.PAlt)
	mirBits   = prodBits(grammar.PMirror)
)

// candidate is one syntactic rule of the grammar, by indices into the
// grammar's node lists, with the family it is evaluated in.
type candidate struct {
	kind    uint8
	fam     Family
	guard   slot // 0, or the slot (slPrev2, slPrev3) whose absence lets any card pass
	a, b, c int32
	cost    int32
}

type idxGrammar struct {
	atoms    []node // branches, with "true" first
	conds    []node
	concepts []node
	// opposite: per atom, the atom of the opposite verdicts, or −1.
	opposite []int32
	// mirror: per atom relating the card to the last one, the atom of the
	// same relation the other way round (higher ↔ lower), or −1.
	mirror []int32
	// twin: per condition that is a set of previous cards, the atom that
	// is the same set of cards for the card itself, or −1 (alternation).
	twin []int32
	// cube: per atom and per condition, whether it is a Boolean function of
	// the card's colour, parity and faceness alone (one of the concepts).
	atomCube, condCube []bool
	// lifted: a node's rows in a larger family's contexts (Build).
	lifted map[liftKey][]uint64
}

type liftKey struct {
	list byte // 'a' atoms, 'c' conds, 'k' concepts
	i    int32
	f    Family
}

func newGrammar() *idxGrammar {
	g := &idxGrammar{lifted: map[liftKey][]uint64{}}
	g.atoms = append([]node{part(&grammar.Node{P: grammar.PTrue}, FamPrev, true)}, branches()...)
	g.conds = append(prevConditions(), prev2Conditions()...)
	g.conds = append(g.conds, positionConditions()...)
	g.concepts = concepts()
	// Two-literal concepts are parts too: "an odd black card must be
	// followed by an even red one" is a condition on prev and a branch,
	// each of two literals.
	for _, k := range g.concepts {
		if k.cost != ConceptCost(2) {
			continue
		}
		a := k
		a.concept = true // alone it is already a concept rule
		g.atoms = append(g.atoms, a)
		if andConcept(k.g.K) {
			g.conds = append(g.conds, part(concept(grammar.SlotPrev, k.g.K), FamPrev, false))
		}
	}
	var typed []typedAtom
	typed = append(typed, rankAtoms(intTerms())...)
	typed = append(typed, categoryAtoms()...)
	typed = append(typed, lineAtoms()...)
	for _, ta := range typed {
		n, ok := ta.node()
		if !ok {
			continue
		}
		if ta.card {
			g.atoms = append(g.atoms, n)
			continue
		}
		g.conds = append(g.conds, n)
	}
	// The card's simplest predicates condition too ("red ? low : high"),
	// and so does its sameness with the last card ("the same colour ?
	// higher : lower"). One of each complementary pair (the other swaps
	// the branches).
	for _, a := range g.atoms[1:] {
		if asCondition(a.g) {
			g.conds = append(g.conds, a)
		}
	}
	g.atoms = dedupNodes(g.atoms)
	g.conds = dedupNodes(g.conds)
	g.opposites()
	g.twins()
	g.mirrors()
	g.atomCube, g.condCube = cubeNodes(g.atoms), cubeNodes(g.conds)
	return g
}

// asCondition: an atom on the card that conditions as well: red, even, a
// face card, or the same suit, colour, rank, parity or faceness as the
// last card.
func asCondition(n *grammar.Node) bool {
	switch n.P {
	case grammar.PIs:
		return n.Slot == grammar.SlotCard && (n.K == grammar.PropRed || n.K == grammar.PropEven || n.K == grammar.PropFace)
	case grammar.PSame:
		return n.Slot == grammar.SlotCard && n.Slot2 == grammar.SlotPrev && n.Op == grammar.Eq
	}
	return false
}

func constRows(rows []uint64) bool {
	for _, r := range rows {
		if r != rows[0] {
			return false
		}
	}
	return true
}

// dedupNodes keeps the first (cheapest) node of each behaviour: nodes are
// sorted by cost, the lexicon before typed atoms of the same cost.
func dedupNodes(ns []node) []node {
	slices.SortStableFunc(ns, func(a, b node) int { return a.cost - b.cost })
	seen := map[uint64]bool{}
	out := ns[:0]
	for _, n := range ns {
		if allZero(n.tab) {
			continue
		}
		h := hashRows(n.fam, n.tab)
		if seen[h] {
			continue
		}
		seen[h] = true
		out = append(out, n)
	}
	return out
}

// lift is a node's rows in the contexts of family f (which reads all the
// node's features).
func (g *idxGrammar) lift(list byte, i int32, f Family) []uint64 {
	n := g.node(list, i)
	if n.fam == f {
		return n.tab
	}
	k := liftKey{list, i, f}
	if r, ok := g.lifted[k]; ok {
		return r
	}
	r := make([]uint64, f.Contexts())
	for x := range r {
		r[x] = n.tab[n.fam.context(f.state(x))]
	}
	g.lifted[k] = r
	return r
}

func (g *idxGrammar) node(list byte, i int32) *node {
	switch list {
	case 'c':
		return &g.conds[i]
	case 'k':
		return &g.concepts[i]
	}
	return &g.atoms[i]
}

// rows writes the candidate's rows over its family's contexts into out.
// It reports false when the candidate's nil guard changes nothing (the
// compound already lets every card pass while the line is short): a longer
// spelling of the bare compound, not another derivation worth its prior.
func (g *idxGrammar) rows(k candidate, out []uint64) bool {
	g.bareRows(k, out)
	idle := true
	if k.guard != 0 {
		for _, x := range shortLine[k.guard][k.fam] {
			idle = idle && out[x] == allCards
			out[x] = allCards
		}
	}
	return k.guard == 0 || !idle
}

// bareRows is rows without the candidate's nil guard.
func (g *idxGrammar) bareRows(k candidate, out []uint64) {
	switch k.kind {
	case kindConcept:
		copy(out, g.lift('k', k.a, k.fam))
	case kindAtom:
		copy(out, g.lift('a', k.a, k.fam))
	case kindAnd, kindOr:
		a, b := g.lift('a', k.a, k.fam), g.lift('a', k.b, k.fam)
		for x := range out {
			if k.kind == kindAnd {
				out[x] = a[x] & b[x]
			} else {
				out[x] = a[x] | b[x]
			}
		}
	case kindCond, kindImp, kindMirror, kindAlt:
		c, a, b := g.lift('c', k.c, k.fam), g.lift('a', k.a, k.fam), g.lift('a', k.b, k.fam)
		for x := range out {
			out[x] = c[x]&a[x] | ^c[x]&b[x]&allCards
		}
	case kindIff:
		c, a := g.lift('c', k.c, k.fam), g.lift('a', k.a, k.fam)
		for x := range out {
			out[x] = c[x]&a[x] | ^c[x]&^a[x]&allCards
		}
	}
}

// family is the family whose contexts the candidate is evaluated in.
func (g *idxGrammar) family(k candidate) Family { return k.fam }

// row is the candidate's row of accepted cards in state s.
func (g *idxGrammar) row(k candidate, s state) uint64 {
	if k.guard == slPrev2 && s.p2 == 0 || k.guard == slPrev3 && s.p3 == 0 {
		return allCards
	}
	if k.kind == kindConcept {
		return g.concepts[k.a].row(s)
	}
	a := g.atoms[k.a].row(s)
	switch k.kind {
	case kindAnd:
		return a & g.atoms[k.b].row(s)
	case kindOr:
		return a | g.atoms[k.b].row(s)
	case kindCond, kindImp, kindMirror, kindAlt:
		c := g.conds[k.c].row(s)
		return (c & a) | (^c & g.atoms[k.b].row(s) & allCards)
	case kindIff:
		c := g.conds[k.c].row(s)
		return (c & a) | (^c & ^a & allCards)
	}
	return a
}

// text is the candidate as an expression of the rule language.
func (g *idxGrammar) text(k candidate) string { return g.tree(k).Expr() }

// tree is the candidate as a tree of the language.
func (g *idxGrammar) tree(k candidate) *grammar.Node {
	if k.kind == kindConcept {
		return g.concepts[k.a].g
	}
	// Inside a guarded compound its parts need no nil tests of their own
	// for the guarded slot or a shallower one: the guard has passed them.
	part := func(list []node, i int32) *grammar.Node { return unguarded(list[i].g, k.guard) }
	a := part(g.atoms, k.a)
	join := func(p grammar.Prod, kids ...*grammar.Node) *grammar.Node { return &grammar.Node{P: p, Kids: kids} }
	var t *grammar.Node
	switch k.kind {
	case kindAnd:
		t = join(grammar.PAnd, a, part(g.atoms, k.b))
	case kindOr:
		t = join(grammar.POr, a, part(g.atoms, k.b))
	case kindCond:
		t = join(grammar.PIte, part(g.conds, k.c), a, part(g.atoms, k.b))
	case kindImp:
		t = join(grammar.PImp, part(g.conds, k.c), a)
	case kindIff:
		t = join(grammar.PIff, part(g.conds, k.c), a)
		if k.b >= 0 {
			t.Kids = append(t.Kids, part(g.atoms, k.b)) // the opposite, named
		}
	case kindMirror:
		t = join(grammar.PMirror, part(g.conds, k.c), a, part(g.atoms, k.b))
	case kindAlt:
		t = join(grammar.PAlt, part(g.conds, k.c), a, part(g.atoms, k.b))
	default:
		t = a
	}
	if k.guard != 0 {
		return guardEq(grammar.Slot(k.guard), t)
	}
	return t
}

// unguarded is a part without its nil guard when the guard tests slot
// guard or a shallower one (prev2 under a prev3 guard); the part as it is
// otherwise.
func unguarded(n *grammar.Node, guard slot) *grammar.Node {
	if guard != 0 && n.P == grammar.PGuard && slot(n.Slot) <= guard {
		return n.Kids[0]
	}
	return n
}

// shortLine lists, per nil guard (slPrev2, slPrev3) and family, the
// contexts in which the line is too short for the guarded slot: where a
// guarded compound lets any card pass.
var shortLine = func() (out [numSlots][numFamilies][]int32) {
	for f := range numFamilies {
		for x := range f.Contexts() {
			s := f.state(x)
			if s.p2 == 0 && f.reads(ftP2Col, ftP2Rank, ftP2Suit) {
				out[slPrev2][f] = append(out[slPrev2][f], int32(x))
			}
			if s.p3 == 0 && f.reads(ftP3Col, ftP3Suit) {
				out[slPrev3][f] = append(out[slPrev3][f], int32(x))
			}
		}
	}
	return out
}()
