package hypotheses

import (
	"fmt"
	"strings"
)

// The grammar, one production per kind (description length L in bits; the
// prior is P(h) ∝ 2^−L(h)):
//
//	rule   = atom                        L = L(atom)
//	       | atom "and" atom             L = 1 + L(a) + L(b)
//	       | atom "or" atom              L = 1 + L(a) + L(b)
//	       | cond "?" branch ":" branch  L = 1 + L(c) + L(a) + L(b)
//	       | concept                     L = literals + 1
//	atom   = card predicate | relation to prev | "true"
//	cond   = test on prev | test on prev2 and prev colours | "n % k == r" (k = 2, 3, 4)
//	branch = atom
//
// Card predicates: colour, suit, parity, face, rank thresholds, ranks,
// primes, rank ranges. Relations: same/different colour, suit, parity,
// faceness; higher/lower/equal rank; rank ± k with wrap; |Δrank| ≤ k; the
// six suit cycles. Concepts are the 254 non-constant Boolean functions of the
// card's colour, parity and faceness (concepts.go), each priced by its
// minimal literal count.
const (
	kindAtom uint8 = iota
	kindAnd
	kindOr
	kindCond
	kindConcept
)

// candidate is one syntactic rule of the grammar, by indices into the
// grammar's node lists.
type candidate struct {
	kind    uint8
	a, b, c int32
	cost    int32
}

type grammar struct {
	atoms    []node // branches, with "true" last
	conds    []node
	concepts []node
}

func newGrammar() *grammar {
	g := &grammar{atoms: branches()}
	g.atoms = append(g.atoms, node{text: "true", words: "any card", cost: 1, row: func(state) uint64 { return allCards }})
	g.conds = append(prevConditions(), prev2Conditions()...)
	g.conds = append(g.conds, positionConditions()...)
	g.concepts = concepts()
	return g
}

// candidates lists every rule of the grammar.
func (g *grammar) candidates() []candidate {
	var out []candidate
	n := int32(len(g.atoms))
	trueAtom := n - 1
	for a := int32(0); a < n; a++ {
		out = append(out, candidate{kind: kindAtom, a: a, cost: int32(g.atoms[a].cost)})
	}
	for a := int32(0); a < trueAtom; a++ {
		for b := a + 1; b < trueAtom; b++ {
			l := int32(1 + g.atoms[a].cost + g.atoms[b].cost)
			out = append(out, candidate{kind: kindAnd, a: a, b: b, cost: l}, candidate{kind: kindOr, a: a, b: b, cost: l})
		}
	}
	for a := range int32(len(g.concepts)) {
		out = append(out, candidate{kind: kindConcept, a: a, cost: int32(g.concepts[a].cost)})
	}
	for c := range int32(len(g.conds)) {
		for a := int32(0); a < n; a++ {
			for b := int32(0); b < n; b++ {
				if a == b {
					continue
				}
				l := int32(1 + g.conds[c].cost + g.atoms[a].cost + g.atoms[b].cost)
				out = append(out, candidate{kind: kindCond, a: a, b: b, c: c, cost: l})
			}
		}
	}
	return out
}

// family is the smallest family whose context the candidate reads.
func (g *grammar) family(k candidate) Family {
	if k.kind == kindCond {
		return g.conds[k.c].fam
	}
	return FamPrev
}

// row is the candidate's row of accepted cards in state s.
func (g *grammar) row(k candidate, s state) uint64 {
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
	}
	return a
}

// text is the candidate as an expression of the rule language.
func (g *grammar) text(k candidate) string {
	if k.kind == kindConcept {
		return g.concepts[k.a].text
	}
	a := g.atoms[k.a].text
	switch k.kind {
	case kindAnd:
		return paren(a) + " and " + paren(g.atoms[k.b].text)
	case kindOr:
		return paren(a) + " or " + paren(g.atoms[k.b].text)
	case kindCond:
		return fmt.Sprintf("(%s) ? %s : %s", g.conds[k.c].text, paren(a), paren(g.atoms[k.b].text))
	}
	return a
}

// paren wraps a compound atom so that it binds as one operand.
func paren(s string) string {
	if strings.ContainsAny(s, " ") {
		return "(" + s + ")"
	}
	return s
}
