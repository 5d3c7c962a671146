package agents

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
)

// Kit holds what every hand of a run shares: hypothesis spaces by size and
// God's rules' behaviour classes. It is safe for concurrent use.
type Kit struct {
	spaces memo[int, *hypotheses.Space]
	charts memo[string, *godrule.Chart]
	truths memo[truthKey, *hypotheses.Truth]
	procs  procPool // persistent outside agents between hands (Close)
	// checks: stated rules against God's on an opening's states.
	checks memo[checkKey, godrule.StatedCheck]
}

type truthKey struct {
	rule string
	size int
}

// memo computes each key's value once, however many goroutines ask.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*memoEntry[V]
}

type memoEntry[V any] struct {
	once sync.Once
	v    V
	err  error
}

func (m *memo[K, V]) get(k K, compute func() (V, error)) (V, error) {
	m.mu.Lock()
	if m.m == nil {
		m.m = map[K]*memoEntry[V]{}
	}
	e, ok := m.m[k]
	if !ok {
		e = &memoEntry[V]{}
		m.m[k] = e
	}
	m.mu.Unlock()
	e.once.Do(func() { e.v, e.err = compute() })
	return e.v, e.err
}

// NewKit returns an empty kit.
func NewKit() *Kit { return &Kit{} }

// Space is the space of size behaviours, built once.
func (k *Kit) Space(size int) (*hypotheses.Space, error) {
	if size == hypotheses.DefaultSize {
		return hypotheses.Default(), nil
	}
	return k.spaces.get(size, func() (*hypotheses.Space, error) {
		if size < hypotheses.DefaultSize {
			return hypotheses.Default().Prefix(size) // the default space's index serves
		}
		return hypotheses.Build(hypotheses.Config{Size: size})
	})
}

// Truth is rule's behaviour class in the space of size behaviours, over the
// states reachable from the starters its starter predicate admits.
func (k *Kit) Truth(rule *rulebank.Compiled, size int) (*hypotheses.Truth, error) {
	return k.TruthFrom(rule, size, false)
}

// TruthFrom is Truth, from every card when anyStarter (hands opened by the
// always_valid starter policy, which does not consult the predicate).
func (k *Kit) TruthFrom(rule *rulebank.Compiled, size int, anyStarter bool) (*hypotheses.Truth, error) {
	sp, err := k.Space(size)
	if err != nil {
		return nil, err
	}
	if size < hypotheses.DefaultSize {
		// A prefix of the default space shares its index, and its truth
		// the default's classes (an open belief reaches past the prefix).
		t, err := k.TruthFrom(rule, hypotheses.DefaultSize, anyStarter)
		if err != nil {
			return nil, err
		}
		return t.ForPrefix(sp), nil
	}
	key := ruleKey(rule)
	if anyStarter {
		key += "\x00any"
	}
	return k.truths.get(truthKey{key, size}, func() (*hypotheses.Truth, error) {
		// The rule's reachable states are charted once for every space.
		ch, err := k.charts.get(key, func() (*godrule.Chart, error) {
			cfg := godrule.DefaultConfig
			cfg.AnyStarter = anyStarter
			return godrule.NewChart(rule, cfg, hypotheses.OpeningKey)
		})
		if err != nil {
			return nil, err
		}
		return sp.ClassifyChart(ch), nil
	})
}

// ruleKey names a rule by its definition (two banks may reuse a name).
func ruleKey(rule *rulebank.Compiled) string {
	return rule.Rule.Name + "\x00" + rule.Rule.Expr + "\x00" + rule.Rule.Starter
}

// Table is one hand as the agents see it from outside the engine: God's rule
// (only the oracle reads it), the shared public records, the hand's seed.
type Table struct {
	Kit  *Kit
	Rule *rulebank.Compiled
	Seed uint64
	// Measure: follow every belief's discovery of the rule; Calibrate: and
	// measure its confidence at the end.
	Measure, Calibrate bool
	// AnyStarter: the hand opens with any card (always_valid), so the
	// rule's class over all states starts from every card.
	AnyStarter bool
	// Context, when set, cancels the hand: outside agents stop waiting for
	// answers when it is done.
	Context context.Context
	records map[recordKey]*hypotheses.Record
	// synth: the hand's syntheses, shared by its open beliefs.
	synth *hypotheses.SynthCache
	// ownRecords: every seat keeps a record of its own instead of sharing
	// one with the seats of the same space and noise. A belief is a
	// function of the public record, its space and its noise, so the
	// numbers are the same (a test checks it); sharing is only faster.
	ownRecords bool
}

func (t *Table) context() context.Context {
	if t.Context == nil {
		return context.Background()
	}
	return t.Context
}

type recordKey struct {
	size int
	eps  float64
	open bool // the belief synthesizes beyond its index
	seat int  // −1: shared by every seat of that space, noise and openness
}

// observerSeat keys the ideal observer's record when seats keep their own.
const observerSeat = -2

// NewTable prepares the agents' side of one hand.
func (k *Kit) NewTable(rule *rulebank.Compiled, seed uint64, measure bool) *Table {
	return &Table{Kit: k, Rule: rule, Seed: seed, Measure: measure, records: map[recordKey]*hypotheses.Record{}}
}

// rng is a seat's own random source, derived from the hand's seed.
func (t *Table) rng(seat int) *rand.Rand {
	return rand.New(rand.NewPCG(t.Seed, 0xa6e7<<16|uint64(seat)))
}

// Record is the public record shared by the scientists of this hand that
// use the space of size behaviours with label noise eps and the open belief
// (the synthesizer behind the index).
func (t *Table) Record(size int, eps float64) (*hypotheses.Record, error) {
	return t.seatRecord(-1, size, eps, true)
}

// seatRecord is the record seat believes with: the shared one, or its own
// when the table keeps one per seat (ownRecords).
func (t *Table) seatRecord(seat, size int, eps float64, open bool) (*hypotheses.Record, error) {
	key := recordKey{size, eps, open, -1}
	if t.ownRecords {
		key.seat = seat
	}
	if r, ok := t.records[key]; ok {
		return r, nil
	}
	if eps < 0 || eps >= 0.5 {
		return nil, fmt.Errorf("label noise eps must be in [0, 0.5), not %v", eps)
	}
	sp, err := t.Kit.Space(size)
	if err != nil {
		return nil, err
	}
	b := sp.NewBelief(eps)
	if open {
		if t.synth == nil {
			t.synth = hypotheses.NewSynthCache()
		}
		b.Open(hypotheses.DefaultOpen, t.synth)
	}
	r := hypotheses.NewRecord(b)
	if t.Measure && t.Rule != nil {
		tr, err := t.Kit.TruthFrom(t.Rule, size, t.AnyStarter)
		if err != nil {
			return nil, err
		}
		r.Discovery = hypotheses.NewDiscovery(tr)
		r.Discovery.Calibrate = t.Calibrate
	}
	t.records[key] = r
	return r, nil
}

// release hands the hand's beliefs back for reuse; the table's players must
// not be asked anything afterwards.
func (t *Table) release() {
	for k, r := range t.records {
		r.Belief.Release()
		delete(t.records, k)
	}
}

// Scientist is a player that reports its discovery of the rule at the end
// of a hand.
type Scientist interface {
	Measures() (hypotheses.Measures, bool)
}
