package grammar

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// agreesWithExpr checks a node's evaluation against expr's on lines: a
// Boolean node as the rule itself, an integer node through "(t) == v" for
// the value the node gives.
func agreesWithExpr(t *testing.T, rng *rand.Rand, n *Node, lines int) (checked bool) {
	t.Helper()
	fn := Compile(n)
	text := n.Expr()
	var judge *rulebank.Judge
	if n.Type() == Bool {
		c, err := rulebank.Compile(rulebank.Rule{Name: "node", Expr: text})
		if overBudget(err) {
			return false // a tree of many loops over the line: over the referee's budget, not wrong
		}
		if err != nil {
			t.Fatalf("%s: expr refuses it: %v", text, err)
		}
		judge = c.NewJudge()
	}
	lo, hi := n.Bounds()
	for range lines {
		line := randomLine(rng, 30)
		if len(line) < n.Unguarded() {
			continue // a term alone has no guard: long enough lines only
		}
		card := sim.Card(rng.IntN(sim.NumCards))
		pt := Point{Scene: NewScene(line), Card: card}
		got := fn(&pt)
		if got < lo || got > hi {
			t.Fatalf("%s = %d after %v, %v: outside its bounds [%d, %d]", text, got, line, card, lo, hi)
		}
		if n.Type() == Bool {
			want, err := judge.Accepts(line, card)
			if err != nil {
				t.Fatalf("%s after %v, %v: expr fails: %v", text, line, card, err)
			}
			if (got == 1) != want {
				t.Fatalf("%s after %v, %v: the tree says %d, expr %v", text, line, card, got, want)
			}
			continue
		}
		rule := fmt.Sprintf("(%s) == %d", text, got)
		c, err := rulebank.Compile(rulebank.Rule{Name: "term", Expr: rule})
		if overBudget(err) {
			return false
		}
		if err != nil {
			t.Fatalf("%s: %v", rule, err)
		}
		ok, err := c.NewJudge().Accepts(line, card)
		if err != nil || !ok {
			t.Fatalf("%s after %v, %v: expr says %v (%v)", rule, line, card, ok, err)
		}
	}
	return true
}

// TestEveryProductionAgreesWithExpr draws trees of every production and
// holds their evaluation against expr's on random lines.
func TestEveryProductionAgreesWithExpr(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[Prod]int{}
	trees, least := 1500, 10
	if testing.Short() {
		trees, least = 400, 3
	}
	// Draw trees until every production has been checked least times (the
	// rare productions can need more than trees; 8 × trees at most).
	every := func() bool {
		for p := range NumProds {
			if seen[p] < least {
				return false
			}
		}
		return true
	}
	for i := 0; i < 8*trees && (i < trees || !every()); i++ {
		var n *Node
		if i%4 == 0 {
			term := randomInt(rng, 2)
			agreesWithExpr(t, rng, term, 3)
			n = guarded(rng, &Node{P: PCmp, Op: Eq, Kids: []*Node{term, {P: PConst, K: 7}}})
		} else {
			n = randomBool(rng, 2)
		}
		if !agreesWithExpr(t, rng, n, 20) {
			continue
		}
		var count func(*Node)
		count = func(m *Node) {
			seen[m.P]++
			for _, k := range m.Kids {
				count(k)
			}
		}
		count(n)
	}
	for p := range NumProds {
		if seen[p] < least {
			t.Errorf("production %s checked in %d trees only", Table[p].Name, seen[p])
		}
	}
}

// FuzzTreeAgreesWithExpr: any tree the random grammar draws from a seed
// evaluates as expr does.
func FuzzTreeAgreesWithExpr(f *testing.F) {
	for s := range uint64(8) {
		f.Add(s, s*7+1)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		rng := rand.New(rand.NewPCG(a, b))
		agreesWithExpr(t, rng, randomBool(rng, 3), 10)
	})
}

// overBudget reports an error of the referee's bounds on a rule's size and
// work (docs/rule-language.md, Limits): a random tree may exceed them.
func overBudget(err error) bool {
	if err == nil {
		return false
	}
	for _, s := range []string{"steps", "longer than", "nesting", "nodes"} {
		if strings.Contains(err.Error(), s) {
			return true
		}
	}
	return false
}

// TestEveryLeafIsWithinTheRefereesBudget: a hypothesis a scientist states
// is judged by the referee, so every leaf of the language, alone, must
// compile within its bounds on a rule's work (a term as "(t) == 0").
func TestEveryLeafIsWithinTheRefereesBudget(t *testing.T) {
	c := leafCatalogue()
	for L := range c.ints {
		for _, n := range append(append([]Node(nil), c.ints[L]...), c.bools[L]...) {
			text := n.Expr()
			if n.Type() == Int {
				text = "(" + text + ") == 0"
			}
			if _, err := rulebank.Compile(rulebank.Rule{Name: "leaf", Expr: text}); err != nil {
				t.Errorf("%s (%d bits): %v", text, L, err)
			}
		}
	}
}
