package hypotheses

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// God's rule read through a space. The chart (package godrule) holds what
// his legal play reaches and his verdicts there, for every reader; here
// its windows and walks become the hypotheses' states (judged, walked),
// and the behaviour class, the local classes and the agreement of a
// hypothesis are read from them.

// judgedState is a reachable state with God's accepted cards in it.
type judgedState struct {
	s    state
	mask uint64
}

// judged converts a chart's windows into judged states (the hypotheses'
// view of a window: prev2, prev and n mod 12, all the chartable families
// read); never nil, as an exact chart's windows are a source even when
// empty.
func judged(ws []godrule.Judged) []judgedState {
	out := make([]judgedState, len(ws))
	for i, w := range ws {
		out[i] = judgedState{hstate(w.Window), w.Legal}
	}
	return out
}

// walked is the distinct judged states of walks' main lines, in the order
// they were first walked (nil for no lines).
func walked(lines []godrule.Verdict) []judgedState {
	seen := map[judgedState]bool{}
	var out []judgedState
	for _, lv := range lines {
		if js := (judgedState{stateOf(lv.Line), lv.Legal}); !seen[js] {
			seen[js] = true
			out = append(out, js)
		}
	}
	return out
}

// hstate is the hypotheses' view of a window: prev2, prev and n mod 12
// (the chartable families read nothing else).
func hstate(w godrule.Window) state {
	h := state{prev: w.Prev, n12: w.N12}
	if w.Prev2 != godrule.NoPrev2 {
		h.p2 = uint8(w.Prev2) + 1
	}
	return h
}

// OpeningKey names an opening in a chart the hypotheses read
// (godrule.NewChart's key): by the state it leaves the hypotheses (God
// reads only prev2 and prev of it) with the difference of the red and
// black counts (the summaries of later lines grow from it). Openings of
// one name share their walks, and with them their local classes.
func OpeningKey(opening []sim.Card) string {
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
	chart *godrule.Chart
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

// Classify charts a rule and finds its behaviour class in the space.
func (sp *Space) Classify(rule *rulebank.Compiled, cfg godrule.Config) (*Truth, error) {
	ch, err := godrule.NewChart(rule, cfg, OpeningKey)
	if err != nil {
		return nil, err
	}
	return sp.ClassifyChart(ch), nil
}

// ClassifyChart finds a charted rule's behaviour class in the space. A
// family whose context does not determine the rule's verdicts (the rule
// reads more than the family) holds no equivalent hypothesis. The chart's
// openings are named by OpeningKey (another key samples other walks).
func (sp *Space) ClassifyChart(ch *godrule.Chart) *Truth {
	// The states: an exact chart's windows, with its walks' states for the
	// families the windows do not cover; a sampled chart's walks alone.
	var exact []judgedState
	sampled := walked(ch.Walks())
	states := sampled
	if ch.Exact {
		exact = judged(ch.Reached())
		states = exact
	}
	t := &Truth{Rule: ch.Rule.Rule.Name, sp: sp, chart: ch, States: len(states), Exact: ch.Exact, locals: &localCache{m: map[string]*localEntry{}},
		check: &lineCheck{lines: ch.Walks()}}
	all := summarise(exact, sampled)
	for f := range numFamilies {
		t.byCtx[f] = map[int]map[uint64]int{}
		src := states
		if all.source(f) == 1 && ch.Exact && sampled != nil {
			src = sampled
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

// Local is God's local class for a hand that opens with opening (the main
// line before the first move): computed once per distinct opening state
// and shared.
func (t *Truth) Local(opening []sim.Card) (*Local, error) {
	o, err := t.chart.Opening(opening)
	if err != nil {
		return nil, err
	}
	key := o.Key
	t.locals.mu.Lock()
	e, ok := t.locals.m[key]
	if !ok {
		e = &localEntry{}
		t.locals.m[key] = e
	}
	t.locals.mu.Unlock()
	e.once.Do(func() {
		var exact []judgedState
		if t.chart.Exact {
			// The opening's windows: the same for every opening of its
			// name (OpeningKey holds the window).
			reached, _ := t.chart.Reach(opening) // not empty: Opening said so
			exact = judged(reached)
		}
		e.l = newLocal(t.sp, summarise(exact, walked(o.Walks)), t.chart.Exact)
		e.l.check = &lineCheck{lines: o.Walks}
	})
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

// CheckLocal compares a stated rule with God's on the states a hand that
// opens with opening can reach (godrule.Chart.CheckStated).
func (t *Truth) CheckLocal(opening []sim.Card, r *rulebank.Compiled) (godrule.StatedCheck, error) {
	return t.chart.CheckStated(opening, r)
}

// nth is the k-th card (0-based) of a set.
func nth(set uint64, k int) sim.Card {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return sim.Card(bits.TrailingZeros64(set))
}
