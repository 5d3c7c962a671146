package hypotheses

import (
	"fmt"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/sim"
)

// Separation: can any experiment still tell two rules apart?
//
// From a main line, the hand can only go where God's rule lets it: the
// states reachable by legal cards. Two hypotheses that give the same verdict
// on every card in every such state cannot be told apart by any card played
// from here on — underdetermination, the lesson of a hand in which "only
// spades" and "the same suit as the last card" stay tied to the end. When
// they do part, the search says where: on a card now, or after a shortest
// run of legal cards.
//
// The search is God's chart's (package godrule): exact for rules that read
// at most prev2 and neither n nor line, when both hypotheses' families are
// charted exactly; random legal walks otherwise, and it says so.

// Parting says whether and where two rules give different verdicts on the
// main lines a hand can still reach.
type Parting struct {
	// Now: the cards (a bit per card) on which they disagree after the main
	// line as it stands.
	Now uint64
	// When Now is empty and they part later: Path, a shortest run of cards
	// God accepts one after another, after which they disagree on the cards
	// of Then.
	Path []sim.Card
	Then uint64
	// Never: no state examined separates them. With Exact, no card in the
	// deck can tell them apart from here; otherwise none did on the sampled
	// walks.
	Never bool
	// Exact: every reachable state was examined; otherwise
	// godrule.SampleWalks random legal walks of godrule.SampleHorizon
	// cards.
	Exact bool
	// States: the states examined.
	States int
}

// Parting compares hypotheses a and b on the states God's rule can reach
// from the main line line.
func (t *Truth) Parting(line []sim.Card, a, b int) (Parting, error) {
	if len(line) == 0 {
		return Parting{}, fmt.Errorf("hypotheses: a main line has at least the starter")
	}
	ra, rb := t.sp.rowMemo(a), t.sp.rowMemo(b)
	differ := func(s state, _ uint64) uint64 { return ra(s) ^ rb(s) }
	fams := []Family{t.sp.Hyps[a].Family, t.sp.Hyps[b].Family}
	p := Parting{Exact: t.chart.Exact && allChartable(fams)}
	if p.Now = differ(stateOf(line), 0); p.Now != 0 {
		p.States = 1
		return p, nil
	}
	f, err := t.search([][]sim.Card{line}, differ, fams...)
	if err != nil {
		return p, err
	}
	p.States = f.States
	if !f.Found {
		p.Never = true
		return p, nil
	}
	p.Path, p.Then = f.Path, f.Cards
	return p, nil
}

// Witness is where hypothesis id and God's rule part: a main line
// reachable under God's rule (Line) after which they disagree on the cards
// of Cards. Found is false when no state examined separates them (with
// Exact, none can: from a starter, id behaves as God's rule everywhere).
type Witness struct {
	Line  []sim.Card
	Cards uint64
	Found bool
	Exact bool
}

// Witness finds a shortest main line on which hypothesis id gives a
// verdict God's rule does not: one that grows from the main line from
// (Line starts with it), or, with from nil, from any starter God may turn.
func (t *Truth) Witness(id int, from []sim.Card) (Witness, error) {
	j := t.chart.Rule.NewJudge()
	var starts [][]sim.Card
	if len(from) > 0 {
		starts = [][]sim.Card{from}
	}
	for c := sim.Card(0); c < sim.NumCards && from == nil; c++ {
		ok, err := j.Starter(c)
		if err != nil {
			return Witness{}, fmt.Errorf("rule %s: starter %s: %w", t.Rule, c, err)
		}
		if ok {
			starts = append(starts, []sim.Card{c})
		}
	}
	row := t.sp.rowMemo(id)
	fam := t.sp.Hyps[id].Family
	exact := t.chart.Exact && fam.Chartable()
	f, err := t.search(starts, func(s state, god uint64) uint64 { return row(s) ^ god }, fam)
	if err != nil || !f.Found {
		return Witness{Exact: exact}, err
	}
	start := starts[f.Start]
	return Witness{Line: append(start[:len(start):len(start)], f.Path...), Cards: f.Cards, Found: true, Exact: exact}, nil
}

// search looks, from each start line, for a state reachable under God's
// rule where differ (given the hypotheses' state and God's accepted cards
// there) is not empty: over the chart's windows when the rule's states can
// be enumerated and every family reads no more than a window, so the run
// of cards is a shortest one; by random legal walks otherwise.
func (t *Truth) search(starts [][]sim.Card, differ func(s state, god uint64) uint64, fams ...Family) (godrule.Found, error) {
	if t.chart.Exact && allChartable(fams) {
		return t.chart.SearchWindows(starts, func(w godrule.Window, god uint64) uint64 { return differ(hstate(w), god) })
	}
	return t.chart.SearchWalks(starts, func(line []sim.Card, god uint64) uint64 { return differ(stateOf(line), god) })
}

// allChartable reports whether every family is covered by exact charts.
func allChartable(fams []Family) bool {
	for _, f := range fams {
		if !f.Chartable() {
			return false
		}
	}
	return true
}

// rowMemo is hypothesis id's accepted cards by state, each state's row
// computed once.
func (sp *Space) rowMemo(id int) func(s state) uint64 {
	f := sp.Hyps[id].Family
	rows := map[int]uint64{}
	return func(s state) uint64 {
		x := f.context(s)
		r, ok := rows[x]
		if !ok {
			r = sp.row(id, s)
			rows[x] = r
		}
		return r
	}
}
