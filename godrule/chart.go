package godrule

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Config says how the states of rules that cannot be enumerated
// (look-back 3, n, line) are sampled: Walks random legal walks of Horizon
// cards from each opening (every starter, for the rule as a whole).
type Config struct {
	Walks, Horizon int
	Seed           uint64
	// AnyStarter: hands may open with any card, whatever the rule's starter
	// predicate says (the always_valid starter policy).
	AnyStarter bool
}

// DefaultConfig samples about 60 states per opening, about 3,000 per rule.
var DefaultConfig = Config{Walks: 2, Horizon: 30, Seed: 1}

// Key names an opening. Openings with one name share one sample of walks
// (seeded by the name) and what the chart keeps of them, so a name says
// what the chart's reader tells apart of an opening: God reads only the
// last two cards of a rule charted exactly, but the lines the walks grow
// from an opening carry the rest of it to a reader that reads more. A
// sampled rule's openings are named by all their cards (God may read
// them all), and so are an exact rule's when the key is nil.
type Key func(opening []sim.Card) string

// Chart is God's rule's reachable states, independent of any reader: for
// a rule of look-back ≤ 2 that reads neither n nor line, every window
// reachable from every starter (and, per opening, from that opening); for
// every rule, random legal walks from each starter and, per opening, from
// that opening. It is charted once per rule and read by as many readers
// as like. Safe for concurrent use.
type Chart struct {
	Rule *rulebank.Compiled
	// Exact: the windows are enumerated (Reached, SearchWindows); the
	// walks are a sample either way.
	Exact bool
	cfg   Config
	key   Key
	reach *reacher
	// reached: the windows reachable from every starter (exact rules).
	reached []Judged
	// walks: the walks' main lines from every starter, with God's verdicts.
	walks []Verdict

	mu       sync.Mutex
	openings map[string]*chartEntry
}

type chartEntry struct {
	once sync.Once
	o    *Opening
	err  error
}

// Opening is the walks from an opening: its name (Key) and, walked once
// per name, the main lines of random legal walks from it, each with God's
// verdicts after it.
type Opening struct {
	Key   string
	Walks []Verdict
}

var errNoOpening = errors.New("godrule: a hand's opening has at least the starter")

// NewChart charts a rule's reachable states; key names its openings (nil:
// by their cards).
func NewChart(rule *rulebank.Compiled, cfg Config, key Key) (*Chart, error) {
	ch := &Chart{Rule: rule, cfg: cfg, key: key, openings: map[string]*chartEntry{}}
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
		var starts []Window
		for _, st := range starters {
			starts = append(starts, r.start([]sim.Card{st}))
		}
		ch.reached = r.reach(starts)
	}
	for _, st := range starters {
		opening := []sim.Card{st}
		lines, err := walk(rule, ch.reach, opening, cfg, ch.walkSeed(opening))
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", rule.Rule.Name, err)
		}
		ch.walks = append(ch.walks, lines...)
		if ch.reach == nil {
			// A sampled rule's walks from a starter are that starter's
			// hands' walks too.
			e := &chartEntry{o: &Opening{Key: ch.nameOf(opening), Walks: lines}}
			e.once.Do(func() {}) // walked already
			ch.openings[e.o.Key] = e
		}
	}
	return ch, nil
}

// Reached is every window reachable from every starter, with God's
// verdicts there (nil for a sampled chart); the chart's own, to read only.
func (ch *Chart) Reached() []Judged { return ch.reached }

// Walks is the main lines of the walks from every starter, each with
// God's verdicts after it, in the order they were walked (a reader may
// append to the slice, not change it).
func (ch *Chart) Walks() []Verdict { return slices.Clip(ch.walks) }

// nameOf is an opening's name.
func (ch *Chart) nameOf(opening []sim.Card) string {
	if ch.reach != nil && ch.key != nil {
		return ch.key(opening)
	}
	return sim.CardsString(opening)
}

// walkSeed seeds the walks from an opening: by its name, so that every
// opening sharing a name gets the same sample whichever comes first.
func (ch *Chart) walkSeed(opening []sim.Card) uint64 {
	seed := ch.cfg.Seed
	for _, b := range []byte(ch.nameOf(opening)) {
		seed = seed*131 + uint64(b) + 1
	}
	return seed
}

// Opening walks from an opening, once per name (the first opening of a
// name stands for all of them).
func (ch *Chart) Opening(opening []sim.Card) (*Opening, error) {
	if len(opening) == 0 {
		return nil, errNoOpening
	}
	key := ch.nameOf(opening)
	ch.mu.Lock()
	e, ok := ch.openings[key]
	if !ok {
		e = &chartEntry{}
		ch.openings[key] = e
	}
	ch.mu.Unlock()
	e.once.Do(func() {
		lines, err := walk(ch.Rule, ch.reach, opening, ch.cfg, ch.walkSeed(opening))
		if err != nil {
			e.err = fmt.Errorf("rule %s: %w", ch.Rule.Rule.Name, err)
			return
		}
		e.o = &Opening{Key: key, Walks: lines}
	})
	return e.o, e.err
}

// Reach is every window reachable from an opening, with God's verdicts
// there (nil for a sampled chart): a search of a few word operations per
// window, not kept.
func (ch *Chart) Reach(opening []sim.Card) ([]Judged, error) {
	if len(opening) == 0 {
		return nil, errNoOpening
	}
	if ch.reach == nil {
		return nil, nil
	}
	return ch.reach.reach([]Window{ch.reach.start(opening)}), nil
}
