package hypotheses

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// judgedState is a reachable state with God's accepted cards in it.
type judgedState struct {
	s    state
	mask uint64
}

// Truth is God's rule seen from a space: the hypotheses that behave as the
// rule does over all its reachable states (its behaviour class, from every
// starter), and, per hand, over the states reachable from that hand's
// opening (Local). It is safe for concurrent use.
type Truth struct {
	Rule string
	// Class (and IDs, the same as a list) holds the hypotheses equivalent to
	// the rule over every reachable state from every starter.
	Class *Class
	IDs   []int32
	// Expressible: some hypothesis is equivalent; Length is the shortest
	// description among them in bits and Expr that description.
	Expressible bool
	Length      int
	Expr        string
	// States is how many distinct (state, verdicts) pairs were examined;
	// Exact says they were all the reachable ones (look-back ≤ 2, no n or
	// line), not a sample of random legal walks.
	States int
	Exact  bool

	sp     *Space
	rule   *rulebank.Compiled
	reach  *reacher // nil when the states are sampled
	cfg    TruthConfig
	states []judgedState
	// byCtx: per family, the states grouped by context value (God's
	// verdicts there, with how many states gave them), for Agreement.
	byCtx [numFamilies]map[int]map[uint64]int

	mu     sync.Mutex
	locals map[string]*localEntry
}

type localEntry struct {
	once sync.Once
	l    *Local
	err  error
}

// TruthConfig says how the states of rules that cannot be enumerated
// (look-back 3, n, line) are sampled: for the whole rule, Walks random
// legal walks of Horizon cards from every starter; per hand, Local.
type TruthConfig struct {
	Walks, Horizon int
	Seed           uint64
	Local          LocalConfig
}

// DefaultTruth samples about 3,000 states per rule, and about 240 per
// opening.
var DefaultTruth = TruthConfig{Walks: 2, Horizon: 30, Seed: 1, Local: DefaultLocal}

// Classify finds God's rule's behaviour class in the space. For a rule of
// look-back ≤ 2 that reads neither n nor line, every state reachable from
// every starter is enumerated; for the others states are sampled by random
// legal walks. A family whose context does not determine the rule's
// verdicts (the rule reads more than the family) holds no equivalent
// hypothesis.
func (sp *Space) Classify(rule *rulebank.Compiled, cfg TruthConfig) (*Truth, error) {
	t := &Truth{Rule: rule.Rule.Name, sp: sp, rule: rule, cfg: cfg, locals: map[string]*localEntry{}}
	j := rule.NewJudge()
	var starters []sim.Card
	for st := sim.Card(0); st < 52; st++ {
		ok, err := j.Starter(st)
		if err != nil {
			return nil, fmt.Errorf("rule %s: starter %s: %w", rule.Rule.Name, st, err)
		}
		if ok {
			starters = append(starters, st)
		}
	}
	if exactRule(rule) {
		r, err := newReacher(rule)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
		}
		t.reach, t.Exact = r, true
		var starts []jstate
		for _, st := range starters {
			starts = append(starts, r.start([]sim.Card{st}))
		}
		t.states = r.reach(starts)
	} else {
		var err error
		if t.states, err = sampleStates(j, starters, cfg); err != nil {
			return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
		}
	}
	t.States = len(t.states)
	for f := range numFamilies {
		t.byCtx[f] = map[int]map[uint64]int{}
		for _, js := range t.states {
			x := f.context(js.s)
			if t.byCtx[f][x] == nil {
				t.byCtx[f][x] = map[uint64]int{}
			}
			t.byCtx[f][x][js.mask]++
		}
	}
	t.Class = sp.agreementOn(t.states).class()
	t.IDs = t.Class.IDs()
	t.Expressible = len(t.IDs) > 0
	for _, id := range t.IDs {
		h := sp.Hyps[id]
		if t.Expr == "" || h.Length < t.Length {
			t.Expr, t.Length = h.Expr, h.Length
		}
	}
	return t, nil
}

// sampleStates walks from every starter.
func sampleStates(j *rulebank.Judge, starters []sim.Card, cfg TruthConfig) ([]judgedState, error) {
	seen := map[judgedState]bool{}
	var out []judgedState
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7472757468))
	line := make([]sim.Card, 0, cfg.Horizon+1)
	for _, st := range starters {
		for range cfg.Walks {
			line = append(line[:0], st)
			for len(line) <= cfg.Horizon {
				var mask uint64
				for c := sim.Card(0); c < 52; c++ {
					ok, err := j.Accepts(line, c)
					if err != nil {
						return nil, fmt.Errorf("after main line %s: %w", sim.CardsString(line), err)
					}
					if ok {
						mask |= 1 << c
					}
				}
				if js := (judgedState{stateOf(line), mask}); !seen[js] {
					seen[js] = true
					out = append(out, js)
				}
				if mask == 0 {
					break
				}
				line = append(line, nth(mask, rng.IntN(bits.OnesCount64(mask))))
			}
		}
	}
	return out, nil
}

// Local is God's local class for a hand that opens with opening (the main
// line before the first move): computed once per distinct opening state
// and shared.
func (t *Truth) Local(opening []sim.Card) (*Local, error) {
	if len(opening) == 0 {
		return nil, fmt.Errorf("hypotheses: a hand's opening has at least the starter")
	}
	key := t.openingKey(opening)
	t.mu.Lock()
	e, ok := t.locals[key]
	if !ok {
		e = &localEntry{}
		t.locals[key] = e
	}
	t.mu.Unlock()
	e.once.Do(func() {
		if t.reach != nil {
			e.l = newLocal(t.sp, t.reach.reach([]jstate{t.reach.start(opening)}), true)
			return
		}
		pairs, err := walk(t.rule, opening, t.cfg.Local, t.cfg.Seed)
		if err != nil {
			e.err = fmt.Errorf("rule %s: %w", t.Rule, err)
			return
		}
		e.l = newLocal(t.sp, pairs, false)
	})
	return e.l, e.err
}

// Agreement is the share of the examined (state, card) pairs on which
// hypothesis id gives God's verdict.
func (sp *Space) Agreement(t *Truth, id int) float64 {
	if id < 0 || len(t.states) == 0 {
		return 0
	}
	f := sp.Hyps[id].Family
	agree := 0
	for x, masks := range t.byCtx[f] {
		row := sp.row(id, f.state(x))
		for mask, n := range masks {
			agree += n * (52 - bits.OnesCount64(row^mask))
		}
	}
	return float64(agree) / float64(52*len(t.states))
}
