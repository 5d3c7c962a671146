package hypotheses

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// The grammar: the scientists' language is the rule language itself. A
// hypothesis is an expression of the rule language (docs/rule-language.md)
// derived from these productions; its description length L, in bits, is
// the sum of the bits of the productions of its derivation, and its prior
// is P(h) ∝ 2^−L(h) (summed over every derivation with the same behaviour).
// This is the one place the bits are set:
//
//	rule   = atom                        L = L(atom)
//	       | atom "and" atom             L = 1 + L(a) + L(b)
//	       | atom "or" atom              L = 1 + L(a) + L(b)
//	       | cond "?" atom ":" "true"    L = 1 + L(c) + L(a)   implication: "after an odd
//	                                                            black card, an even red one"
//	       | cond "?" atom ":" ¬atom     L = 1 + L(c) + L(a)   iff: "red ? low : high",
//	                                                            "a low card after a high one"
//	       | cond "?" atom ":" twin(c)   L = 1 + L(c) + L(a)   alternation: c is a set of
//	                                                            previous cards, twin(c) the
//	                                                            same set for the card ("odd
//	                                                            black and even red cards
//	                                                            take turns")
//	       | cond "?" rel ":" mirror(rel)  L = 1 + L(c) + L(rel)  a direction that flips:
//	                                                            rel relates the card to the
//	                                                            last one, mirror(rel) swaps
//	                                                            them ("red goes up, black
//	                                                            goes down")
//	       | cond "?" atom ":" atom      L = 4 + L(c) + L(a) + L(b)
//	       | concept                     L = literals + 1       (concepts.go)
//	       | "prev2 == nil or" compound  L = 1 + L(compound)    the compound (any form
//	                                                            above but an atom) holds
//	                                                            only once there are two
//	                                                            cards before it ("higher
//	                                                            than both of the last two");
//	                                                            likewise prev3
//	atom   = lexicon atom                L as listed in atoms.go (card predicates,
//	                                       relations to prev, "true" = 1)
//	       | concept of two literals     L = 3 ("an odd black card")
//	       | typed atom                  (below; it reads the card)
//	cond   = lexicon condition           (tests on prev, prev2's and prev's colours,
//	                                       n % k == r for k = 2, 3, 4)
//	       | typed atom not reading the card
//	       | card.color == "red", card.even, card.face   ("red ? low : high")
//	       | card.X == prev.X for suit, colour, rank, parity, faceness
//	                                             ("the same colour ? higher : lower")
//	       | prev's concept of two literals             L = 3 ("after an odd black card")
//
// Typed atoms (terms.go), with X, Y among card, prev, prev2, prev3, line[0]
// (naming costs slot(X) = 0, 1, 2, 3, 3 bits), and the position counted
// round the ranks, n % 13, a rank-like leaf of 0..12 (4 bits):
//
//	int  = X.rank                        L = 1 + slot(X)      (not prev3)
//	     | n % 13                        L = 5                (with the card only)
//	     | card.rank + prev.rank + prev2.rank   L = 7         the last three's sum
//	     | int op int                    L = 3 + L(a) + L(b)  op: + − * %, abs(a − b),
//	                                                           min, max, wrap sum
//	     | int "%" k                     L = 4 + L(t)         k = 2..6
//	     | (a - b + 13) % 13             L = 3 + L(a) + L(b)  ranks up from b to a, counting
//	                                                           round (a, b ranks)
//	atom = int cmp k                     L = 2 + L(t) + const(k)
//	     | int cmp int                   L = 2 + L(a) + L(b)  cmp: == != <= >= < >
//	     | card.rank between X.rank and Y.rank, closed or open
//	                                     L = 3 + 1 + L(X.rank) + L(Y.rank)
//	     | X.suit == "s"                 L = 2 + slot(X) + 2
//	     | X.color == "red", X.even, X.face            L = 2 + slot(X)
//	     | X.suit|color|face|rank ==|!= Y.same         L = 2 + slot(X) + slot(Y)
//	     | int "%" k "==" 0, "!=" 0      L = 1 + L(t) + 2      divisibility, k = 2..6
//	     | int "in" [primes]             L = 1 + L(t) + 2      a prime, as the card's own
//	     | int ">=" a "and" int "<=" b   L = 2 + L(t) + const(a) + const(b)   a range (terms
//	                                                           of two cards or more)
//	     | n % k < r (k = 4, 6)          L = 7                 blocks of positions
//	     | a summary of the line or n % 6 == r         L = 6
//	     | count(line, .suit == card.suit) < k, >= k   L = 6  k = 1..3: the card's
//	                                                           suit so far
//
// where const(k) = 3 bits for 0..7, 4 for 8..15, 5 for 16..31. Integer
// terms go up to 9 bits over at most three cards, typed atoms up to 15.
// The bits are code lengths up to a constant per kind of production (they
// need not satisfy Kraft's inequality: the prior is normalised over the
// space kept), chosen so that the old atoms keep their lengths and the
// Boolean concepts their exact minimal costs (the implication and the iff do
// not combine concepts of the card: the concepts production has them). The
// general condition with two free branches costs 3 bits more than the forms
// people write most (an implication, or a condition choosing between a test
// and its opposite): its choices are many and few of them are ideas, and
// the space's budget of behaviours is better spent on the others.
// Every term and atom is kept once per value table (observational
// equivalence: two with the same value for every assignment of the ranks
// they read are one, the shortest kept), and every rule once per behaviour
// (Build): the space holds the shortest description of each behaviour.
//
// Canonical forms: every hypothesis's Expr is an expression of the rule
// language that expr evaluates to the hypothesis's verdicts (a test checks
// it in every family). The forms emitted, for the readable-words package:
//
//	lexicon atoms and conditions, as listed in atoms.go and concepts.go:
//	  card.color == "red", card.even, not card.face, card.color == "black" and card.odd, card.suit != "clubs",
//	  card.rank >= 8, card.rank >= 3 and card.rank <= 9, card.rank in [2, 3, 5, 7, 11, 13],
//	  card.suit == prev.suit, card.rank > prev.rank, card.rank == (prev.rank + 2) % 13 + 1,
//	  abs(card.rank - prev.rank) <= 2, {"spades": "hearts", ...}[prev.suit] == card.suit,
//	  prev2 != nil and prev2.color == prev.color, n % 3 == 1
//	typed integer terms: X.rank, a + b, a - b, a * b, a % b, t % k, abs(a - b),
//	  min(a, b), max(a, b), (a + b - 1) % 13 + 1 (parenthesised as expr needs:
//	  (card.rank + prev.rank) % 2, card.rank % prev.rank)
//	typed atoms: t == 3, t != 0, t < k, t <= k, t > k, t >= k, a >= b ...;
//	  card.rank >= min(prev.rank, prev2.rank) and card.rank <= max(prev.rank, prev2.rank)
//	  (and the open form with > and <);
//	  prev2.suit == "hearts", line[0].color == "red", prev2.even, prev2.face,
//	  card.suit != prev2.suit, card.color == line[0].color, card.face == prev3.face
//	  (only "red" is named: black is its negation, a branch swap);
//	  count(line, .color == "red") % 2 == 0, count(line, .face) % 2 == 0,
//	  count(line, .color == "red") > count(line, .color == "black") (also <, ==),
//	  none(line, .face) or last(filter(line, .face)).suit == card.suit (also .color;
//	  the summary on the left: expr misreads a shorthand predicate on the right of ==),
//	  any(line, .face) and last(filter(line, .face)).color == "red", n % 6 == r
//	nil guards: an atom reading prev2 or prev3 (the deepest it reads) is written
//	  "prev2 == nil or A" when it reads the card (it holds while the line is too
//	  short) and "prev2 != nil and C" as a condition (it fails then)
//	guarded compounds: prev2 == nil or (C), prev3 == nil or (C), C any compound below
//	compounds: A and B, A or B, (C) ? A : B (B is true for an implication, A's
//	  opposite for an iff, or not (A) when the lexicon has no opposite), with a compound part in
//	  parentheses: (prev2 == nil or card.suit != prev2.suit) and (card.rank > 7)
const (
	kindAtom uint8 = iota
	kindAnd
	kindOr
	kindCond
	kindConcept
	kindIff
)

// Bits of the rule productions (see above).
const (
	andBits   = 1
	orBits    = 1
	condBits  = 4
	impBits   = 1
	guardBits = 1
	iffBits   = 1
	altBits   = 1
	mirBits   = 1
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
	g.atoms = append([]node{{text: "true", words: "any card", cost: 1, card: true, row: func(state) uint64 { return allCards }}}, branches()...)
	g.conds = append(prevConditions(), prev2Conditions()...)
	g.conds = append(g.conds, positionConditions()...)
	g.concepts = concepts()
	for _, list := range [][]node{g.atoms, g.conds, g.concepts} {
		for i := range list {
			list[i].tabulate()
		}
	}
	for i := range g.atoms {
		g.atoms[i].card = true
	}
	for i := range g.concepts {
		g.concepts[i].card = true
	}
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
		if strings.Contains(k.text, " and ") {
			m := k.tab[0]
			g.conds = append(g.conds, prevCondition(strings.ReplaceAll(k.text, "card.", "prev."), "after a card that is "+k.words, k.cost,
				func(p sim.Card) bool { return m>>p&1 == 1 }))
			g.conds[len(g.conds)-1].tabulate()
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
	// and so do its sameness with the last card ("the same colour ?
	// higher : lower"). One of each complementary pair (the other swaps
	// the branches).
	asCond := map[string]bool{`card.color == "red"`: true, "card.even": true, "card.face": true,
		"card.color == prev.color": true, "card.suit == prev.suit": true, "card.rank == prev.rank": true,
		"card.even == prev.even": true, "card.face == prev.face": true}
	for _, a := range g.atoms[1:] {
		if asCond[a.text] {
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

// node is the typed atom as a node of its family.
func (ta typedAtom) node() (node, bool) {
	f, ok := familyOf(ta.feats)
	if !ok {
		return node{}, false
	}
	text := ta.guardText()
	n := node{text: text, words: fallbackWords(text), cost: ta.cost, fam: f, feats: ta.feats, card: ta.card, relational: ta.feats != 0}
	n.tab = make([]uint64, f.Contexts())
	for x := range n.tab {
		s := f.state(x)
		if ta.guard == slPrev2 && s.p2 == 0 || ta.guard == slPrev3 && s.p3 == 0 {
			if ta.card {
				n.tab[x] = allCards
			}
			continue
		}
		if !ta.card {
			if ta.read(s, 0) {
				n.tab[x] = allCards
			}
			continue
		}
		if ta.ranks != nil {
			for rs := ta.ranks.cardRanks(s); rs != 0; rs &= rs - 1 {
				n.tab[x] |= rankCards << bits.TrailingZeros16(rs)
			}
			continue
		}
		if ta.rankOnly {
			for r := range 13 { // the spade of each rank stands for its rank
				if ta.read(s, cardOf(r)) {
					n.tab[x] |= rankCards << r
				}
			}
			continue
		}
		for c := range 52 {
			if ta.read(s, cardOf(c)) {
				n.tab[x] |= 1 << c
			}
		}
	}
	n.row = func(s state) uint64 { return n.tab[f.context(s)] }
	return n, true
}

// rankCards is the four cards of the ace (shifted by r − 1: of rank r).
const rankCards = 1 | 1<<13 | 1<<26 | 1<<39

// tabulate computes a lexicon node's rows over its family's contexts.
func (n *node) tabulate() {
	n.feats = familyFeats[n.fam]
	n.tab = make([]uint64, n.fam.Contexts())
	for x := range n.tab {
		n.tab[x] = n.row(n.fam.state(x))
	}
	tab, f := n.tab, n.fam
	if f == FamPrev && constRows(tab) {
		n.feats = 0 // reads the card only
	}
	n.row = func(s state) uint64 { return tab[f.context(s)] }
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
	case kindCond:
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
	case kindCond:
		c := g.conds[k.c].row(s)
		return (c & a) | (^c & g.atoms[k.b].row(s) & allCards)
	case kindIff:
		c := g.conds[k.c].row(s)
		return (c & a) | (^c & ^a & allCards)
	}
	return a
}

// text is the candidate as an expression of the rule language.
func (g *idxGrammar) text(k candidate) string {
	if k.kind == kindConcept {
		return g.concepts[k.a].text
	}
	// Inside a guarded compound its parts need no nil tests of their own
	// for the guarded slot or a shallower one: the guard has passed them.
	part := func(n *node) string { return unguarded(n.text, k.guard) }
	a := part(&g.atoms[k.a])
	var t string
	switch k.kind {
	case kindAnd:
		t = paren(a) + " and " + paren(part(&g.atoms[k.b]))
	case kindOr:
		t = paren(a) + " or " + paren(part(&g.atoms[k.b]))
	case kindCond:
		t = fmt.Sprintf("(%s) ? %s : %s", part(&g.conds[k.c]), paren(a), paren(part(&g.atoms[k.b])))
	case kindIff:
		if k.b >= 0 {
			t = fmt.Sprintf("(%s) ? %s : %s", part(&g.conds[k.c]), paren(a), paren(part(&g.atoms[k.b])))
		} else {
			t = fmt.Sprintf("(%s) ? %s : not (%s)", part(&g.conds[k.c]), paren(a), a)
		}
	default:
		t = a
	}
	if k.guard != 0 {
		return slotName[k.guard] + " == nil or (" + t + ")"
	}
	return t
}

// unguarded is a part's text without its nil test ("prev2 == nil or A",
// "prev2 != nil and C", as guardText writes them) when the test is on
// slot guard or a shallower one (prev2 under a prev3 guard); text as it is
// otherwise.
func unguarded(text string, guard slot) string {
	if guard == 0 {
		return text
	}
	for _, sl := range []slot{slPrev2, slPrev3} {
		if sl > guard {
			continue
		}
		for _, pre := range []string{slotName[sl] + " == nil or ", slotName[sl] + " != nil and "} {
			if rest, ok := strings.CutPrefix(text, pre); ok && balanced(rest) {
				if strings.HasPrefix(rest, "(") {
					rest = rest[1 : len(rest)-1]
				}
				return rest
			}
		}
	}
	return text
}

// balanced reports whether text is one operand after a guard: not itself
// an and/or at the top level unless wrapped in one pair of parentheses
// (guardText wraps compounds), so that cutting the guard leaves it whole.
func balanced(text string) bool {
	if !strings.HasPrefix(text, "(") {
		return !strings.Contains(text, " and ") && !strings.Contains(text, " or ")
	}
	return rulewords.WholeParen(text)
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

// paren wraps a compound atom so that it binds as one operand.
func paren(s string) string {
	if strings.ContainsAny(s, " ") {
		return "(" + s + ")"
	}
	return s
}
