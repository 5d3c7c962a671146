package hypotheses

import (
	"fmt"
	"testing"

	"github.com/eleusis/eleusis/grammar"
)

// Bottom-up enumeration with observational equivalence loses nothing: on
// the integer terms, a brute-force enumeration of every term of the same
// grammar (no merging, the same limits) finds the same value tables, each
// at the cost of the term kept for it.
func TestTermsAgreeWithBruteForce(t *testing.T) {
	kept := map[string]int{}
	for _, tm := range intTerms() {
		key := fmt.Sprint(tm.mask(), tm.vals)
		if _, dup := kept[key]; dup {
			t.Fatalf("%s: a second term with the same values", tm.g.Expr())
		}
		kept[key] = tm.cost()
	}
	// Brute force: every term by cost, each operand any term (not only
	// the kept representatives).
	byCost := map[int][]*term{}
	best := map[string]int{}
	note := func(tm *term) {
		byCost[tm.cost()] = append(byCost[tm.cost()], tm)
		key := fmt.Sprint(tm.mask(), tm.vals)
		if c, ok := best[key]; !ok || tm.cost() < c {
			best[key] = tm.cost()
		}
	}
	for _, tm := range intTerms() {
		leaf := tm.g.P == grammar.PRank || tm.g.Expr() == "n % 13"
		if leaf || tm.g.P == grammar.PSum3 {
			note(tm) // the leaves X.rank and n % 13, and the sum of three
		}
	}
	const modBits, opBits = 4, 3 // "% k" for k = 2..6; a binary operation
	for cost := 2; cost <= termBits; cost++ {
		for _, a := range byCost[cost-modBits] {
			for k := 2; k <= 6; k++ {
				nt := &term{g: &grammar.Node{P: grammar.PMod, K: k, Kids: []*grammar.Node{a.g}}, slots: a.slots}
				for _, v := range a.vals {
					nt.vals = append(nt.vals, v%int16(k))
				}
				if !constVals(nt.vals) {
					note(nt)
				}
			}
		}
		for ca := 1; ca <= cost-opBits-1; ca++ {
			for _, a := range byCost[ca] {
				for _, b := range byCost[cost-opBits-ca] {
					m := a.mask() | b.mask()
					if fmt.Sprint(a.mask(), a.vals) == fmt.Sprint(b.mask(), b.vals) {
						continue // the grammar combines two different terms
					}
					if len(slotsOf(m)) > 3 || (m>>slStart&1 == 1 && m&^(1<<slStart|1<<slCard) != 0) || (m>>slPos&1 == 1 && m&^(1<<slPos|1<<slCard) != 0) {
						continue
					}
					for _, op := range []string{"+", "-", "*", "abs", "min", "max", "wrap", "up", "%"} {
						rankLeaf := func(t *term) bool { return t.g.P == grammar.PRank }
						if op == "%" && !(rankLeaf(b) || b.g.P == grammar.PArith && b.g.Op >= grammar.Dist && b.g.Op <= grammar.Max) || op == "wrap" && (len(a.slots) > 1 || len(b.slots) > 1) ||
							op == "up" && (!rankLeaf(a) || !rankLeaf(b)) {
							continue
						}
						gop := map[string]grammar.Op{"+": grammar.Add, "-": grammar.Sub, "*": grammar.Mul, "abs": grammar.Dist, "min": grammar.Min,
							"max": grammar.Max, "wrap": grammar.Wrap, "up": grammar.Up, "%": grammar.Rem}[op]
						nt := &term{g: &grammar.Node{P: grammar.PArith, Op: gop, Kids: []*grammar.Node{a.g, b.g}}, slots: slotsOf(m)}
						ok := true
						assignments(nt.slots, func(r *[numSlots]int) {
							x, y := int(a.at(r)), int(b.at(r))
							var v int
							switch op {
							case "+":
								v = x + y
							case "-":
								v = x - y
							case "*":
								v = x * y
							case "abs":
								v = max(x-y, y-x)
							case "min":
								v = min(x, y)
							case "max":
								v = max(x, y)
							case "wrap":
								v, ok = ((x+y-1)%13+13)%13+1, ok && x > 0 && y > 0
							case "up":
								v, ok = ((x-y)%13+13)%13, ok && x > 0 && y > 0
							case "%":
								if y <= 0 {
									ok = false
								} else {
									v = x % y
								}
							}
							nt.vals = append(nt.vals, int16(v))
						})
						if ok && !constVals(nt.vals) && dependsOnAll(nt.slots, func(r *[numSlots]int) int { return int(nt.at(r)) }) {
							note(nt)
						}
					}
				}
			}
		}
	}
	if len(best) != len(kept) {
		t.Fatalf("brute force: %d value tables, the enumeration keeps %d", len(best), len(kept))
	}
	for key, c := range best {
		if kc, ok := kept[key]; !ok || kc != c {
			t.Fatalf("a value table of cost %d kept at %d (found %v)", c, kc, ok)
		}
	}
	t.Logf("%d terms", len(kept))
}
