package hypotheses

import (
	"sync"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/rulebank"
)

// settler holds the synthesizer's whole rules to God's rule as they are
// found (SynthConfig.Verify): God's verdict on every card of the chart's
// lines, then the equivalence check. A rule right this way bounds the rest
// of the search to shorter rules, which cannot change the place (the
// shortest right rule of a round) but brings it sooner. It reads only what
// does not change during a placement — the chart's first lines, God's rule
// — so that its answer is a function of the rule alone, the same in the
// search run ahead as in the narrow one, and safe for both at once.
type settler struct {
	rule       *rulebank.Compiled
	anyStarter bool
	lines      []godrule.Verdict
	scenes     []*grammar.Scene
	mu         sync.Mutex
	known      map[string]bool
	// learnt: the states where a hypothesis that gave God's verdict on
	// every line missed in the equivalence check, held first: the
	// hypotheses found next are mostly its neighbours, and miss there too
	// (a check of a few states, not of thousands). They change how soon a
	// hypothesis is refused, never whether.
	learnt []*grammar.Scene
	legal  []uint64
}

func newSettler(rule *rulebank.Compiled, anyStarter bool, lines []godrule.Verdict) *settler {
	st := &settler{rule: rule, anyStarter: anyStarter, lines: lines, known: map[string]bool{}}
	for _, lv := range lines {
		st.scenes = append(st.scenes, grammar.NewScene(lv.Line))
	}
	return st
}

// right reports whether a hypothesis behaves as God's rule does.
func (st *settler) right(n *grammar.Node) bool {
	key := n.Expr()
	st.mu.Lock()
	ok, seen := st.known[key]
	st.mu.Unlock()
	if seen {
		return ok
	}
	ok = st.decide(n)
	st.mu.Lock()
	st.known[key] = ok
	st.mu.Unlock()
	return ok
}

func (st *settler) decide(n *grammar.Node) bool {
	fn := grammar.Compile(n)
	st.mu.Lock()
	learnt, legal := st.learnt, st.legal // appended to only: a snapshot
	st.mu.Unlock()
	for i, sc := range learnt {
		if rowOf(fn, sc) != legal[i] {
			return false
		}
	}
	for i, sc := range st.scenes {
		if rowOf(fn, sc) != st.lines[i].Legal {
			return false
		}
	}
	c, err := rulebank.Compile(rulebank.Rule{Name: "hypothesis", Expr: n.Expr()})
	if err != nil {
		return false
	}
	eq, err := equivalent(st.rule, c, fn, st.anyStarter)
	if err == nil && !eq.Equal && eq.Line != nil {
		sc, m := grammar.NewScene(eq.Line), godMask(st.rule, eq.Line)
		st.mu.Lock()
		st.learnt, st.legal = append(st.learnt, sc), append(st.legal, m)
		st.mu.Unlock()
	}
	return err == nil && eq.Equal
}
