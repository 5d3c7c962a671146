package hypotheses

import (
	"slices"

	"github.com/eleusis/eleusis/grammar"

	"github.com/eleusis/eleusis/sim"
)

// levels enumerates the grammar's rules by description length, calling
// visit with each rule of length L = 1, 2, … until visit returns false
// after a whole length.
func (g *idxGrammar) levels(visit func(k candidate) bool) {
	byCost := func(ns []node) map[int][]int32 {
		m := map[int][]int32{}
		for i, n := range ns {
			m[n.cost] = append(m[n.cost], int32(i))
		}
		return m
	}
	atoms, conds, concepts := byCost(g.atoms), byCost(g.conds), byCost(g.concepts)
	maxL := condBits + g.conds[len(g.conds)-1].cost + 2*g.atoms[len(g.atoms)-1].cost
	var guarded, next []candidate // compounds of the last length, with a nil guard
	for L := 1; L <= maxL+1; L++ {
		more := true
		emit := func(k candidate) {
			if !visit(k) {
				more = false
			}
			if k.kind == kindAtom || k.kind == kindConcept || k.guard != 0 {
				return // an atom has its own guard
			}
			for _, sl := range []slot{slPrev2, slPrev3} {
				if len(shortLine[sl][k.fam]) > 0 {
					gk := k
					gk.guard, gk.cost = sl, k.cost+int32(guardBits)
					next = append(next, gk)
				}
			}
		}
		guarded, next = next, guarded[:0]
		for _, a := range atoms[L] {
			if !g.atoms[a].concept { // a concept alone is a kindConcept rule
				emit(candidate{kind: kindAtom, fam: g.atoms[a].fam, a: a, cost: int32(L)})
			}
		}
		for _, a := range concepts[L] {
			emit(candidate{kind: kindConcept, fam: FamPrev, a: a, cost: int32(L)})
		}
		for la := 1; la <= L-andBits-1; la++ {
			lb := L - andBits - la
			if lb < la {
				break
			}
			for _, a := range atoms[la] {
				for _, b := range atoms[lb] {
					if la == lb && b <= a || a == 0 || b == 0 {
						continue // unordered pairs; "true and A" is A
					}
					f, ok := familyOf(g.atoms[a].feats | g.atoms[b].feats)
					if !ok {
						continue
					}
					emit(candidate{kind: kindAnd, fam: f, a: a, b: b, cost: int32(L)})
					emit(candidate{kind: kindOr, fam: f, a: a, b: b, cost: int32(L)})
				}
			}
		}
		for lc := 1; lc <= L-condBits-2; lc++ {
			for la := 1; la <= L-condBits-lc-1; la++ {
				lb := L - condBits - lc - la
				for _, c := range conds[lc] {
					for _, a := range atoms[la] {
						for _, b := range atoms[lb] {
							if a == b || b == 0 {
								continue // "C ? A : true" is an implication (below)
							}
							f, ok := familyOf(g.conds[c].feats | g.atoms[a].feats | g.atoms[b].feats)
							if !ok {
								continue
							}
							emit(candidate{kind: kindCond, fam: f, a: a, b: b, c: c, cost: int32(L)})
						}
					}
				}
			}
		}
		// A condition and one chosen branch A, at bits + L(c) + L(a): the
		// other branch follows from them (second gives it, false when the
		// production does not apply). None combines two concepts of the
		// card (the concepts have their own production), nor takes "true"
		// for A.
		oneBranch := func(bits int, kind uint8, second func(c, a int32) (int32, bool)) {
			for lc := 1; lc <= L-bits-1; lc++ {
				la := L - bits - lc
				for _, c := range conds[lc] {
					for _, a := range atoms[la] {
						if a == 0 || g.condCube[c] && g.atomCube[a] {
							continue
						}
						b, ok := second(c, a)
						if !ok {
							continue
						}
						feats := g.conds[c].feats | g.atoms[a].feats
						if kind != kindIff && b > 0 {
							feats |= g.atoms[b].feats
						}
						if f, ok := familyOf(feats); ok {
							emit(candidate{kind: kind, fam: f, a: a, b: b, c: c, cost: int32(L)})
						}
					}
				}
			}
		}
		// "C ? A : true" (after an odd black card, an even red one; any
		// card otherwise): the rule people write most often with a
		// condition, one idea with no second branch to choose.
		oneBranch(impBits, kindImp, func(c, a int32) (int32, bool) { return 0, true })
		// "C ? A : the opposite of A" (red exactly when low, a low card
		// after a high one): one idea, so it costs no second branch.
		oneBranch(iffBits, kindIff, func(c, a int32) (int32, bool) { return g.opposite[a], true })
		// "C ? R : R the other way round" (red goes up, black goes down; the
		// same colour ? higher : lower): one idea, a direction that flips.
		oneBranch(mirBits, kindMirror, func(c, a int32) (int32, bool) { return g.mirror[a], g.mirror[a] >= 0 })
		// "C(prev) ? A : C(card)" (odd black and even red cards
		// alternate: after an odd black card an even red one, otherwise an
		// odd black one): one idea, two classes of cards that take turns —
		// two classes apart (no card in both), each a class of the card
		// alone (and not the iff's opposite).
		oneBranch(altBits, kindAlt, func(c, a int32) (int32, bool) {
			t := g.twin[c]
			at := &g.atoms[a]
			return t, t >= 0 && at.feats == 0 && at.fam == FamPrev && at.tab[0]&g.atoms[t].tab[0] == 0 && a != g.opposite[t]
		})
		// Last of the length, as the newest production: where the space's
		// cut falls inside a length, the guarded compounds are the first
		// left out.
		for _, k := range guarded {
			emit(k)
		}
		if !more {
			return
		}
	}
}

// cubeNodes marks the nodes that are Boolean concepts of the card (the same
// cards in every context, a union of the cube's cells). A combination of
// such parts is a concept too, and the concepts production gives every
// concept its exact minimal cost (the SHJ types keep theirs): the cheap
// condition productions (iff, implication) do not combine them.
func cubeNodes(ns []node) []bool {
	out := make([]bool, len(ns))
	for i, n := range ns {
		if len(n.tab) == 0 || !constRows(n.tab) {
			continue
		}
		_, out[i] = grammar.ConceptTable(func(c sim.Card) bool { return n.tab[0]>>c&1 == 1 })
	}
	return out
}

// opposites finds, for every atom, the atom that accepts exactly the cards
// it refuses in every context (−1 when the grammar has none), so that an
// iff reads as a condition with two named branches.
func (g *idxGrammar) opposites() {
	byRows := map[uint64]int32{}
	for i, a := range g.atoms {
		if _, ok := byRows[hashRows(a.fam, a.tab)]; !ok {
			byRows[hashRows(a.fam, a.tab)] = int32(i)
		}
	}
	g.opposite = make([]int32, len(g.atoms))
	neg := make([]uint64, 0, maxContexts)
	for i, a := range g.atoms {
		neg = neg[:0]
		for _, r := range a.tab {
			neg = append(neg, ^r&allCards)
		}
		g.opposite[i] = -1
		if j, ok := byRows[hashRows(a.fam, neg)]; ok && slices.Equal(g.atoms[j].tab, neg) {
			g.opposite[i] = j
		}
	}
}

// twins finds, for every condition that holds for a set of previous cards
// (in every state, whatever else it holds), the atom that accepts that set
// of cards itself: the second class of an alternation.
func (g *idxGrammar) twins() {
	byCards := map[uint64]int32{}
	for i, a := range g.atoms {
		if a.fam == FamPrev && a.feats == 0 && len(a.tab) > 0 {
			if _, ok := byCards[a.tab[0]]; !ok {
				byCards[a.tab[0]] = int32(i)
			}
		}
	}
	g.twin = make([]int32, len(g.conds))
	for i, c := range g.conds {
		g.twin[i] = -1
		if c.fam != FamPrev || len(c.tab) != 52 {
			continue
		}
		var set uint64
		whole := true
		for x, r := range c.tab {
			switch r {
			case allCards:
				set |= 1 << x
			case 0:
			default:
				whole = false
			}
		}
		if j, ok := byCards[set]; ok && whole {
			g.twin[i] = j
		}
	}
}

// mirrors finds, for every atom relating the card to the last card (a
// table over prev × card), the atom with the transposed table: the same
// relation with the two cards swapped ("higher" and "lower", "one rank up"
// and "one rank down"); symmetric relations have none.
func (g *idxGrammar) mirrors() {
	byRows := map[uint64]int32{}
	for i, a := range g.atoms {
		if a.fam == FamPrev && a.feats != 0 {
			if _, ok := byRows[hashRows(a.fam, a.tab)]; !ok {
				byRows[hashRows(a.fam, a.tab)] = int32(i)
			}
		}
	}
	g.mirror = make([]int32, len(g.atoms))
	tr := make([]uint64, 52)
	for i, a := range g.atoms {
		g.mirror[i] = -1
		if a.fam != FamPrev || a.feats == 0 || len(a.tab) != 52 {
			continue
		}
		clear(tr)
		for x, r := range a.tab {
			for c := range 52 {
				if r>>c&1 == 1 {
					tr[c] |= 1 << x
				}
			}
		}
		if j, ok := byRows[hashRows(FamPrev, tr)]; ok && j != int32(i) && j != g.opposite[i] && slices.Equal(g.atoms[j].tab, tr) {
			g.mirror[i] = j
		}
	}
}

// find is the grammar's shortest rule written as text (false when none is
// at most maxL bits long).
func (g *idxGrammar) find(text string, maxL int) (candidate, bool) {
	var out candidate
	found := false
	g.levels(func(k candidate) bool {
		if !found && g.text(k) == text {
			out, found = k, true
		}
		return !found && int(k.cost) < maxL
	})
	return out, found
}
