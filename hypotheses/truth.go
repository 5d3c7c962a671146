package hypotheses

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// judgedState is a reachable state with God's accepted cards in it.
type judgedState struct {
	s    state
	mask uint64
}

// Chart is God's rule's reachable states, independent of any hypothesis
// space: for a rule of look-back ≤ 2 that reads neither n nor line, every
// state reachable from every starter (and, per opening, from that opening);
// for the others a sample of random legal walks. It is charted once per
// rule and shared by the Truths of every space. Safe for concurrent use.
type Chart struct {
	Rule *rulebank.Compiled
	// Exact: the states are enumerated, not sampled.
	Exact  bool
	cfg    TruthConfig
	reach  *reacher
	states []judgedState // from every starter
	// sampled: for an exact rule, states of random legal walks from every
	// starter, on which the families the exact search does not cover are
	// checked (nil for a sampled rule: states are all sampled).
	sampled []judgedState
	// lines: the walks' main lines from every starter, with God's
	// verdicts (for the open part's hypotheses).
	lines []lineVerdict

	mu       sync.Mutex
	openings map[string]*chartEntry
}

type chartEntry struct {
	once  sync.Once
	v     *verdicts
	lines []lineVerdict
	err   error
}

// NewChart charts a rule's reachable states.
func NewChart(rule *rulebank.Compiled, cfg TruthConfig) (*Chart, error) {
	ch := &Chart{Rule: rule, cfg: cfg, openings: map[string]*chartEntry{}}
	j := rule.NewJudge()
	var starters []sim.Card
	for st := sim.Card(0); st < 52; st++ {
		ok, err := j.Starter(st)
		if err != nil {
			return nil, fmt.Errorf("rule %s: starter %s: %w", rule.Rule.Name, st, err)
		}
		if ok || cfg.AnyStarter {
			starters = append(starters, st)
		}
	}
	if exactRule(rule) {
		r, err := newReacher(rule)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
		}
		ch.reach, ch.Exact = r, true
		var starts []jstate
		for _, st := range starters {
			starts = append(starts, r.start([]sim.Card{st}))
		}
		ch.states = r.reach(starts)
		seen := map[judgedState]bool{}
		for _, st := range starters {
			pairs, lines, err := walk(rule, r, []sim.Card{st}, cfg, ch.walkSeed([]sim.Card{st}))
			if err != nil {
				return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
			}
			ch.lines = append(ch.lines, lines...)
			for _, js := range pairs {
				if !seen[js] {
					seen[js] = true
					ch.sampled = append(ch.sampled, js)
				}
			}
		}
		return ch, nil
	}
	// Sampled: the walks from each starter are that starter's hands' states
	// too; the rule's states are all of them.
	seen := map[judgedState]bool{}
	for _, st := range starters {
		opening := []sim.Card{st}
		pairs, lines, err := walk(rule, nil, opening, cfg, ch.walkSeed(opening))
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
		}
		ch.lines = append(ch.lines, lines...)
		e := &chartEntry{}
		e.once.Do(func() { e.v, e.lines = summarise(nil, pairs), lines })
		ch.openings[ch.openingKey(opening)] = e
		for _, js := range pairs {
			if !seen[js] {
				seen[js] = true
				ch.states = append(ch.states, js)
			}
		}
	}
	return ch, nil
}

// openingKey is what the states reachable from an opening depend on: for
// enumerable rules the hypotheses' state it leaves (God reads only prev2
// and prev of it) with the difference of the red and black counts (the
// summaries of later lines grow from it), the whole line otherwise.
func (ch *Chart) openingKey(opening []sim.Card) string {
	if ch.reach != nil {
		s := stateOf(opening)
		d := 0
		for _, c := range opening {
			if c.Red() {
				d++
			} else {
				d--
			}
		}
		// The summaries but the red-black comparison (d carries it, and
		// more), in the key's format of old: the walks are seeded by it.
		sums := s.redPar | s.facePar<<1 | s.lastFace<<2 | s.oddPar<<7
		return fmt.Sprintf("%d/%d/%d/%d/%d/%d/%d/%d/%d/%d/%d", s.prev, s.p2, s.p3, s.n12, s.start, sums, d, s.suits, s.n13,
			ftSuitCounts.value(s), s.faces)
	}
	return sim.CardsString(opening)
}

// walkSeed seeds the walks from an opening: by its key, so that every
// opening sharing a key gets the same sample whichever comes first.
func (ch *Chart) walkSeed(opening []sim.Card) uint64 {
	seed := ch.cfg.Seed
	for _, b := range []byte(ch.openingKey(opening)) {
		seed = seed*131 + uint64(b) + 1
	}
	return seed
}

// opening sums up the states reachable from an opening, charted once per
// distinct opening, with the opening's key and its walks' lines.
func (ch *Chart) opening(opening []sim.Card) (string, *verdicts, []lineVerdict, error) {
	if len(opening) == 0 {
		return "", nil, nil, fmt.Errorf("hypotheses: a hand's opening has at least the starter")
	}
	key := ch.openingKey(opening)
	ch.mu.Lock()
	e, ok := ch.openings[key]
	if !ok {
		e = &chartEntry{}
		ch.openings[key] = e
	}
	ch.mu.Unlock()
	e.once.Do(func() {
		pairs, lines, err := walk(ch.Rule, ch.reach, opening, ch.cfg, ch.walkSeed(opening))
		if err != nil {
			e.err = fmt.Errorf("rule %s: %w", ch.Rule.Rule.Name, err)
			return
		}
		e.lines = lines
		if ch.reach != nil {
			e.v = summarise(ch.reach.reach([]jstate{ch.reach.start(opening)}), pairs)
			return
		}
		e.v = summarise(nil, pairs)
	})
	return key, e.v, e.lines, e.err
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

	sp    *Space
	chart *Chart
	// byCtx: per family, the states grouped by context value (God's
	// verdicts there, with how many states gave them), for Agreement.
	byCtx [numFamilies]map[int]map[uint64]int
	// famStates: the states each family's byCtx sums up.
	famStates [numFamilies]int

	// locals: the local classes per opening, shared by the truths of the
	// spaces that share an index (ForPrefix).
	locals *localCache
	// check: the chart's walks from every starter, for the open part.
	check *lineCheck
}

type localCache struct {
	mu sync.Mutex
	m  map[string]*localEntry
}

// ForPrefix is the truth of a prefix of t's space (Space.Prefix): the same
// classes, locals and charts — the whole index's, which an open belief over
// the prefix reaches — with Expressible saying whether the prefix itself
// holds the rule.
func (t *Truth) ForPrefix(sp *Space) *Truth {
	if sp.root() != t.sp.root() {
		panic("hypotheses: ForPrefix of a space that does not share the truth's index")
	}
	p := *t
	p.sp, p.Expressible = sp, false
	for _, id := range t.IDs {
		p.Expressible = p.Expressible || sp.Hyps[id].Expr != ""
	}
	return &p
}

type localEntry struct {
	once sync.Once
	l    *Local
}

// TruthConfig says how the states of rules that cannot be enumerated
// (look-back 3, n, line) are sampled: Walks random legal walks of Horizon
// cards from each opening (every starter, for the rule as a whole).
type TruthConfig struct {
	Walks, Horizon int
	Seed           uint64
	// AnyStarter: hands may open with any card, whatever the rule's starter
	// predicate says (the always_valid starter policy).
	AnyStarter bool
}

// DefaultTruth samples about 60 states per opening, about 3,000 per rule
// (as many as the whole rule was sampled with before per-hand classes).
var DefaultTruth = TruthConfig{Walks: 2, Horizon: 30, Seed: 1}

// Classify charts a rule and finds its behaviour class in the space.
func (sp *Space) Classify(rule *rulebank.Compiled, cfg TruthConfig) (*Truth, error) {
	ch, err := NewChart(rule, cfg)
	if err != nil {
		return nil, err
	}
	return sp.ClassifyChart(ch), nil
}

// ClassifyChart finds a charted rule's behaviour class in the space. A
// family whose context does not determine the rule's verdicts (the rule
// reads more than the family) holds no equivalent hypothesis.
func (sp *Space) ClassifyChart(ch *Chart) *Truth {
	t := &Truth{Rule: ch.Rule.Rule.Name, sp: sp, chart: ch, States: len(ch.states), Exact: ch.Exact, locals: &localCache{m: map[string]*localEntry{}},
		check: &lineCheck{lines: ch.lines}}
	all := summarise(ch.exactStates(), ch.sampledStates())
	for f := range numFamilies {
		t.byCtx[f] = map[int]map[uint64]int{}
		src := ch.states
		if all.source(f) == 1 && ch.sampled != nil {
			src = ch.sampled
		}
		t.famStates[f] = len(src)
		for _, js := range src {
			x := f.context(js.s)
			if t.byCtx[f][x] == nil {
				t.byCtx[f][x] = map[uint64]int{}
			}
			t.byCtx[f][x][js.mask]++
		}
	}
	t.Class = sp.classOn(all)
	t.IDs = t.Class.IDs()
	// Expressible in this space (a prefix's class may hold hypotheses past
	// the prefix); the length is the whole index's shortest.
	for _, id := range t.IDs {
		h := sp.root().Hyps[id]
		t.Expressible = t.Expressible || sp.Hyps[id].Expr != ""
		if t.Expr == "" || h.Length < t.Length {
			t.Expr, t.Length = h.Expr, h.Length
		}
	}
	return t
}

// exactStates and sampledStates are the chart's two sources for summarise.
func (ch *Chart) exactStates() []judgedState {
	if ch.reach != nil {
		return ch.states
	}
	return nil
}

func (ch *Chart) sampledStates() []judgedState {
	if ch.reach != nil {
		return ch.sampled
	}
	return ch.states
}

// Local is God's local class for a hand that opens with opening (the main
// line before the first move): computed once per distinct opening state
// and shared.
func (t *Truth) Local(opening []sim.Card) (*Local, error) {
	key, v, lines, err := t.chart.opening(opening)
	if err != nil {
		return nil, err
	}
	t.locals.mu.Lock()
	e, ok := t.locals.m[key]
	if !ok {
		e = &localEntry{}
		t.locals.m[key] = e
	}
	t.locals.mu.Unlock()
	e.once.Do(func() { e.l = newLocal(t.sp, v, t.chart.Exact); e.l.check = &lineCheck{lines: lines} })
	return e.l, nil
}

// Agreement is the share of the examined (state, card) pairs on which
// hypothesis id gives God's verdict.
func (sp *Space) Agreement(t *Truth, id int) float64 {
	if id < 0 {
		return 0
	}
	f := sp.Hyps[id].Family
	if t.famStates[f] == 0 {
		return 0
	}
	agree := 0
	for x, masks := range t.byCtx[f] {
		row := sp.row(id, f.state(x))
		for mask, n := range masks {
			agree += n * (52 - bits.OnesCount64(row^mask))
		}
	}
	return float64(agree) / float64(52*t.famStates[f])
}
