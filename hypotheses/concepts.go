package hypotheses

import (
	"math/bits"

	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// Boolean concepts: every function of three binary features of the card —
// red, odd, face — as in the classic concept-learning studies (Shepard,
// Hovland & Jenkins 1961; Feldman 2000), so that a category of cards such
// as "red exactly when odd" is one hypothesis, priced by its Boolean
// complexity (the fewest literals of a formula of and, or and not that
// computes it) rather than by the grammar's pairs and conditionals. The
// grammar's concept production (package grammar) finds the minimal formulas
// and sets the bits; the index holds every concept as a rule.

// ConceptCost is the description length, in bits, of a Boolean concept with
// k literals: k + 1, so that a one-literal concept ("red") costs the 2 bits
// the grammar gives a single card atom.
func ConceptCost(literals int) int { return grammar.ConceptCost(literals) }

// concept is the concept of truth table t (bit i: cell i of the cube) on a
// card of slot s.
func concept(s grammar.Slot, t int) *grammar.Node {
	return &grammar.Node{P: grammar.PConcept, Slot: s, K: t}
}

// concepts are the 254 non-constant Boolean concepts of the card as parts
// of the index.
func concepts() []node {
	var out []node
	for t := 1; t < 255; t++ {
		out = append(out, part(concept(grammar.SlotCard, t), FamPrev, true))
	}
	return out
}

// andConcept: the concept of table t is two literals joined by "and"
// ("an odd black card": two cells of the eight).
func andConcept(t int) bool { return grammar.Literals(t) == 2 && bits.OnesCount8(uint8(t)) == 2 }

// BooleanComplexity is the minimal literal count of the set of cards that
// accepts admits, as a Boolean concept over (red, odd, face); ok is false
// when the set is not a union of cells of that cube (it reads another
// feature). The empty and the full set have complexity 0.
func BooleanComplexity(accepts func(c sim.Card) bool) (literals int, ok bool) {
	return grammar.BooleanComplexity(accepts)
}
