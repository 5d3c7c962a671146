package hypotheses

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

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
// The search is exact for rules that read at most prev2 and neither n nor
// line (the reachability of local.go: each card identity in unlimited
// supply); for the others it follows random legal walks and says so.

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
	// Exact: every reachable state was examined; otherwise SampleWalks
	// random legal walks of SampleHorizon cards.
	Exact bool
	// States: the states examined.
	States int
}

// SampleWalks and SampleHorizon size the search for rules whose states
// cannot be enumerated: 64 walks of 40 cards visit several thousand states,
// more than a hand's 30 to 100 moves.
const (
	SampleWalks   = 64
	SampleHorizon = 40
)

// Parting compares hypotheses a and b on the states God's rule can reach
// from the main line line.
func (t *Truth) Parting(line []sim.Card, a, b int) (Parting, error) {
	if len(line) == 0 {
		return Parting{}, fmt.Errorf("hypotheses: a main line has at least the starter")
	}
	ra, rb := t.sp.rowMemo(a), t.sp.rowMemo(b)
	differ := func(s state, _ uint64) uint64 { return ra(s) ^ rb(s) }
	fams := []Family{t.sp.Hyps[a].Family, t.sp.Hyps[b].Family}
	p := Parting{Exact: t.chart.reach != nil && allChartable(fams)}
	if p.Now = differ(stateOf(line), 0); p.Now != 0 {
		p.States = 1
		return p, nil
	}
	f, err := t.search([][]sim.Card{line}, differ, fams...)
	if err != nil {
		return p, err
	}
	p.States = f.states
	if !f.found {
		p.Never = true
		return p, nil
	}
	p.Path, p.Then = f.path, f.cards
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
	exact := t.chart.reach != nil && fam.Chartable()
	f, err := t.search(starts, func(s state, god uint64) uint64 { return row(s) ^ god }, fam)
	if err != nil || !f.found {
		return Witness{Exact: exact}, err
	}
	start := starts[f.start]
	return Witness{Line: append(start[:len(start):len(start)], f.path...), Cards: f.cards, Found: true, Exact: exact}, nil
}

// found is a search's result: the start it left from, the cards played
// after it, and the cards judged apart there.
type found struct {
	found  bool
	start  int
	path   []sim.Card
	cards  uint64
	states int
}

// search looks, from each start line, for a state reachable under God's
// rule where differ (given the hypotheses' state and God's accepted cards
// there) is not empty: breadth-first over the joint states when the rule's
// states can be enumerated, so the run of cards is a shortest one; by
// random legal walks otherwise.
func (t *Truth) search(starts [][]sim.Card, differ func(s state, god uint64) uint64, fams ...Family) (found, error) {
	if r := t.chart.reach; r != nil && allChartable(fams) {
		return r.search(starts, differ), nil
	}
	return t.sampleSearch(starts, differ)
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

// jointIndex numbers the joint states: (p2 code, prev, n mod 12).
func jointIndex(s jstate) int { return (int(s.p2)*52+int(s.prev))*12 + int(s.n12) }

// hstate is the hypotheses' view of a joint state: prev2, prev and n mod
// 12 (the chartable families read nothing else).
func hstate(s jstate) state {
	h := state{prev: s.prev, n12: s.n12}
	if s.p2 != noPrev2 {
		h.p2 = uint8(s.p2) + 1
	}
	return h
}

func (r *reacher) search(starts [][]sim.Card, differ func(s state, god uint64) uint64) found {
	n := 53 * 52 * 12
	parent := make([]int32, n) // the joint state it was reached from; −2: a start; 0: not reached (stored +1)
	startOf := make([]int16, n)
	queue := make([]jstate, 0, 1024)
	for i, line := range starts {
		s := r.start(line)
		if k := jointIndex(s); parent[k] == 0 {
			parent[k], startOf[k] = -2, int16(i)
			queue = append(queue, s)
		}
	}
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		god := r.mask(s)
		if d := differ(hstate(s), god); d != 0 {
			return found{found: true, start: int(startOf[jointIndex(s)]), path: r.pathTo(parent, s), cards: d, states: head + 1}
		}
		code := r.p2code(s.prev)
		for acc := god; acc != 0; acc &= acc - 1 {
			next := jstate{p2: code, prev: sim.Card(bits.TrailingZeros64(acc)), n12: (s.n12 + 1) % 12}
			if k := jointIndex(next); parent[k] == 0 {
				parent[k], startOf[k] = int32(jointIndex(s))+1, startOf[jointIndex(s)]
				queue = append(queue, next)
			}
		}
	}
	return found{states: len(queue)}
}

// pathTo is the cards laid from the start to reach s (its prev cards, in
// order).
func (r *reacher) pathTo(parent []int32, s jstate) []sim.Card {
	var rev []sim.Card
	for k := jointIndex(s); parent[k] != -2; k = int(parent[k]) - 1 {
		rev = append(rev, sim.Card(k/12%52))
	}
	path := make([]sim.Card, len(rev))
	for i, c := range rev {
		path[len(rev)-1-i] = c
	}
	return path
}

// sampleSearch walks at random from each start under God's rule, SampleWalks
// walks in all, and stops at the first state where differ is not empty.
// The walks are seeded by the starts, so the same question gets the same
// answer.
func (t *Truth) sampleSearch(starts [][]sim.Card, differ func(s state, god uint64) uint64) (found, error) {
	j := t.chart.Rule.NewJudge()
	seed := uint64(len(starts))
	for _, c := range starts[0] {
		seed = seed*53 + uint64(c) + 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x7061727473))
	f := found{}
	for w := range max(SampleWalks, len(starts)) {
		start := w % len(starts)
		line := append([]sim.Card(nil), starts[start]...)
		for step := 0; step <= SampleHorizon; step++ {
			god, err := j.Legal(line)
			if err != nil {
				return f, fmt.Errorf("rule %s after %s: %w", t.Rule, sim.CardsString(line), err)
			}
			f.states++
			if d := differ(stateOf(line), god); d != 0 {
				f.found, f.start, f.cards = true, start, d
				f.path = append([]sim.Card(nil), line[len(starts[start]):]...)
				return f, nil
			}
			if god == 0 {
				break
			}
			line = append(line, nth(god, rng.IntN(bits.OnesCount64(god))))
		}
	}
	return f, nil
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
