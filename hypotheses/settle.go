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
	// eqs: each hypothesis's equivalence check, made once (the settler
	// and the round's check ask of the same hypotheses).
	eqs map[string]checked
}

// checked is one hypothesis's equivalence check: compiled is false for a
// hypothesis over the referee's bounds (not a rule a player could state).
type checked struct {
	eq       rulebank.Equivalence
	compiled bool
	err      error
}

func newSettler(rule *rulebank.Compiled, anyStarter bool, lines []godrule.Verdict) *settler {
	st := &settler{rule: rule, anyStarter: anyStarter, lines: lines, known: map[string]bool{}, eqs: map[string]checked{}}
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
	eq, compiled, err := st.equivalence(n, fn)
	if !compiled {
		return false
	}
	if err == nil && !eq.Equal && eq.Line != nil {
		sc, m := grammar.NewScene(eq.Line), godMask(st.rule, eq.Line)
		st.mu.Lock()
		st.learnt, st.legal = append(st.learnt, sc), append(st.legal, m)
		st.mu.Unlock()
	}
	return err == nil && eq.Equal
}

// equivalence is equivalent(God's rule, n), checked once per hypothesis
// (fn: n compiled).
func (st *settler) equivalence(n *grammar.Node, fn grammar.Fn) (rulebank.Equivalence, bool, error) {
	key := n.Expr()
	st.mu.Lock()
	ck, seen := st.eqs[key]
	st.mu.Unlock()
	if seen {
		return ck.eq, ck.compiled, ck.err
	}
	if c, err := rulebank.Compile(rulebank.Rule{Name: "hypothesis", Expr: key}); err == nil {
		ck.compiled = true
		ck.eq, ck.err = equivalent(st.rule, c, fn, st.anyStarter)
	}
	st.mu.Lock()
	st.eqs[key] = ck
	st.mu.Unlock()
	return ck.eq, ck.compiled, ck.err
}
