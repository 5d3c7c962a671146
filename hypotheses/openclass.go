package hypotheses

import (
	"math/bits"
	"sync"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/grammar"
	"github.com/eleusis/eleusis/sim"
)

// God's rule against the open part's hypotheses. A synthesized hypothesis
// may read anything of the line (a running total, a position mod 5), so it
// is checked on whole main lines — the random legal walks the chart makes
// from every opening — where the index's hypotheses are checked on their
// families' contexts. The check is a bounded one, as it is for the index's
// families that no exact chart covers.

// lineCheck holds walks' lines prepared for evaluation, and the answers
// already found for hypotheses (by expression).
type lineCheck struct {
	lines  []godrule.Verdict
	once   sync.Once
	scenes []*grammar.Scene
	mu     sync.Mutex
	agree  map[string]float64
	// all: whether a hypothesis agrees on every line (decided at the first
	// disagreement, cheaper than the share).
	all map[string]bool
}

func (lc *lineCheck) prepare() {
	lc.once.Do(func() {
		lc.scenes = make([]*grammar.Scene, len(lc.lines))
		for i, lv := range lc.lines {
			lc.scenes[i] = grammar.NewScene(lv.Line)
		}
		lc.agree = map[string]float64{}
		lc.all = map[string]bool{}
	})
}

// agrees reports whether h gives God's verdict on every line.
func (lc *lineCheck) agrees(h *openHyp) bool {
	if lc == nil || len(lc.lines) == 0 {
		return true
	}
	lc.prepare()
	lc.mu.Lock()
	a, ok := lc.all[h.expr]
	lc.mu.Unlock()
	if ok {
		return a
	}
	a = true
	for i, lv := range lc.lines {
		if h.row(lc.scenes[i]) != lv.Legal {
			a = false
			break
		}
	}
	lc.mu.Lock()
	lc.all[h.expr] = a
	lc.mu.Unlock()
	return a
}

// agreement is the share of (line, card) pairs on which h gives God's
// verdict (1 when there are no lines).
func (lc *lineCheck) agreement(h *openHyp) float64 {
	if lc == nil || len(lc.lines) == 0 {
		return 1
	}
	lc.prepare()
	lc.mu.Lock()
	a, ok := lc.agree[h.expr]
	lc.mu.Unlock()
	if ok {
		return a
	}
	differ := 0
	for i, lv := range lc.lines {
		differ += bits.OnesCount64(h.row(lc.scenes[i]) ^ lv.Legal)
	}
	a = 1 - float64(differ)/float64(52*len(lc.lines))
	lc.mu.Lock()
	lc.agree[h.expr] = a
	lc.mu.Unlock()
	return a
}

// row is the cards h accepts after the scene.
func (h *openHyp) row(sc *grammar.Scene) uint64 {
	var row uint64
	pt := grammar.Point{Scene: sc}
	for c := sim.Card(0); c < sim.NumCards; c++ {
		pt.Card = c
		if h.fn(&pt) != 0 {
			row |= 1 << c
		}
	}
	return row
}

// hasOpen reports whether open hypothesis h agrees with God on every
// sampled state of the hand: whether it is in God's local class.
func (l *Local) hasOpen(h *openHyp) bool {
	return l != nil && l.check.agrees(h)
}

// probOfLocal is the posterior probability of God's local class: the
// index's hypotheses in it and the open part's that agree with God on the
// hand's sampled states.
func (b *Belief) probOfLocal(l *Local) float64 {
	if l == nil {
		return 0
	}
	p := b.ProbOfClass(l.Class)
	if b.open == nil {
		return p
	}
	t := b.Total()
	if t == 0 {
		return 0
	}
	for i := range b.open.hyps {
		h := &b.open.hyps[i]
		if w := h.weight(); w > 0 && l.hasOpen(h) {
			p += w / t
		}
	}
	return min(1, p)
}

// probAgreeingOpen is the posterior probability of the hypotheses that
// agree with open hypothesis best on the hand's sampled states (its own
// local class): the belief's confidence in it.
func (b *Belief) probAgreeingOpen(l *Local, best *openHyp) float64 {
	t := b.Total()
	if t == 0 || l == nil {
		return 0
	}
	l.check.prepare()
	rows := make([]uint64, len(l.check.lines))
	pairs := make([]judgedState, len(l.check.lines))
	for i, lv := range l.check.lines {
		rows[i] = best.row(l.check.scenes[i])
		pairs[i] = judgedState{stateOf(lv.Line), rows[i]}
	}
	p := b.ProbAgreeing(&Agreement{sp: b.sp, verdicts: summarise(nil, pairs)})
	for i := range b.open.hyps {
		h := &b.open.hyps[i]
		w := h.weight()
		if w == 0 {
			continue
		}
		same := true
		for k := range rows {
			if h.row(l.check.scenes[k]) != rows[k] {
				same = false
				break
			}
		}
		if same {
			p += w / t
		}
	}
	return min(1, p)
}
