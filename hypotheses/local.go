package hypotheses

import (
	"math/bits"
	"math/rand/v2"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Local classes: God's rule as one hand can show it.
//
// A hand starts from its opening (the starter, or the Divermazo chain) and
// can only ever reach the main lines that legal play leads to from there.
// Two rules that give the same verdict on every card in every such state
// cannot be told apart by any experiment of that hand: within a hand that
// starts red, "only red" and "same colour as the last card" are the same
// rule. God's local class is the set of hypotheses that agree with God on
// every state reachable from the hand's opening; a scientist whose best
// rule lies in it has identified the rule as far as the hand could show it.
//
// A state is what a rule or a hypothesis reads: the previous card, the one
// before it (God's rule may read its identity, a hypothesis its colour) and
// the main line's length modulo 12 (the position families read n % 2, 3, 4).
// For rules that read at most prev2 and neither n nor line, the reachable
// states are enumerated exactly by a breadth-first search over God's truth
// table (each card identity in unlimited supply: with two or more decks a
// state never needs more copies than the table holds); for the others
// (prev3, n, line) they are sampled by random legal walks from the opening,
// and the class says so (Exact false).

// Class is a set of hypotheses of a space: a bit per slot.
type Class struct {
	bits []uint64
	n    int
}

// Has reports whether hypothesis id is in the class.
func (c *Class) Has(id int) bool {
	return c != nil && id >= 0 && id/64 < len(c.bits) && c.bits[id/64]>>(id%64)&1 == 1
}

// Len is the number of hypotheses in the class.
func (c *Class) Len() int {
	if c == nil {
		return 0
	}
	return c.n
}

// IDs lists the class's hypotheses in slot order.
func (c *Class) IDs() []int32 {
	var ids []int32
	if c == nil {
		return nil
	}
	for w, x := range c.bits {
		for ; x != 0; x &= x - 1 {
			ids = append(ids, int32(w*64+bits.TrailingZeros64(x)))
		}
	}
	return ids
}

// constraint: the hypotheses of a family must (want) or must not accept
// the card whose column this is.
type constraint struct {
	col  []uint64
	want bool
}

// agreement is what agreeing with a set of judged states asks of each
// family: a list of constraints, or nothing possible (ok false) when two of
// the states share a context of the family but not their verdicts — the
// rule reads more than the family does.
type agreement struct {
	sp   *Space
	ok   [numFamilies]bool
	cons [numFamilies][]constraint
}

// agreementOn builds the constraints of agreeing with every judged state.
func (sp *Space) agreementOn(pairs []judgedState) *agreement {
	a := &agreement{sp: sp}
	for f := range numFamilies {
		n := f.Contexts()
		masks := make([]uint64, n)
		seen := make([]bool, n)
		a.ok[f] = true
		for _, js := range pairs {
			x := f.context(js.s)
			if seen[x] && masks[x] != js.mask {
				a.ok[f] = false
				break
			}
			seen[x], masks[x] = true, js.mask
		}
		if !a.ok[f] {
			continue
		}
		fi := &sp.fams[f]
		for x := range n {
			if !seen[x] {
				continue
			}
			for c := range uint8(52) {
				a.cons[f] = append(a.cons[f], constraint{fi.column(x, c), masks[x]>>c&1 == 1})
			}
		}
	}
	return a
}

// word is the hypotheses among keep, in word lw of family f, that meet
// every constraint. Most words fail within a few constraints.
func (a *agreement) word(f Family, lw int, keep uint64) uint64 {
	if !a.ok[f] {
		return 0
	}
	m := keep
	for _, c := range a.cons[f] {
		if c.want {
			m &= c.col[lw]
		} else {
			m &^= c.col[lw]
		}
		if m == 0 {
			return 0
		}
	}
	return m
}

// has reports whether hypothesis id meets every constraint.
func (a *agreement) has(id int) bool {
	f := a.sp.Hyps[id].Family
	lw := id/64 - a.sp.fams[f].w0
	return a.word(f, lw, 1<<(id%64)) != 0
}

// class is the space's hypotheses that agree with every judged state.
func (a *agreement) class() *Class {
	sp := a.sp
	cl := &Class{bits: make([]uint64, sp.words)}
	for f := range numFamilies {
		fi := &sp.fams[f]
		for lw := range fi.nw {
			w := fi.w0 + lw
			m := a.word(f, lw, sp.valid[w])
			cl.bits[w] = m
			cl.n += bits.OnesCount64(m)
		}
	}
	return cl
}

// Local is God's rule seen from one hand: the states reachable from the
// hand's opening, and the hypotheses that agree with God on all of them.
type Local struct {
	// Class: God's local class in the space.
	Class *Class
	// Exact: every reachable state was examined; otherwise a sample of
	// random legal walks from the opening.
	Exact bool
	// States: distinct (state, verdicts) pairs examined.
	States int
	sp     *Space
	pairs  []judgedState
	// hstates: the distinct states of pairs (God may give several verdict
	// sets for one state of the hypotheses when he reads prev2's identity).
	hstates []state
}

// Agreeing is the set of hypotheses that agree with hypothesis id on every
// state of the hand: id's own local class. Its posterior mass is a belief's
// confidence that its best rule is right as far as the hand can tell.
func (l *Local) Agreeing(id int) *Agreement {
	f := l.sp.Hyps[id].Family
	rows := map[int]uint64{}
	pairs := make([]judgedState, len(l.hstates))
	for i, s := range l.hstates {
		x := f.context(s)
		row, ok := rows[x]
		if !ok {
			row = l.sp.row(id, s)
			rows[x] = row
		}
		pairs[i] = judgedState{s, row}
	}
	return &Agreement{l.sp.agreementOn(pairs)}
}

// Agreement is a set of hypotheses given by constraints (computed only for
// the hypotheses asked about).
type Agreement struct{ a *agreement }

// Has reports whether hypothesis id belongs to the set.
func (g *Agreement) Has(id int) bool { return id >= 0 && g.a.has(id) }

// row is hypothesis id's accepted cards in state s.
func (sp *Space) row(id int, s state) uint64 {
	f := sp.Hyps[id].Family
	fi := &sp.fams[f]
	lw, bit := id/64-fi.w0, uint(id%64)
	x := f.context(s)
	var row uint64
	for c := range uint8(52) {
		row |= (fi.column(x, c)[lw] >> bit & 1) << c
	}
	return row
}

func newLocal(sp *Space, pairs []judgedState, exact bool) *Local {
	l := &Local{Exact: exact, States: len(pairs), sp: sp, pairs: pairs}
	l.Class = sp.agreementOn(pairs).class()
	seen := map[state]bool{}
	for _, js := range pairs {
		if !seen[js.s] {
			seen[js.s] = true
			l.hstates = append(l.hstates, js.s)
		}
	}
	return l
}

// reacher enumerates the states reachable under a rule that reads at most
// prev2 and neither n nor line. A joint state is (prev2, prev, n mod 12):
// prev2 is the card (God reads it) or, for rules of look-back ≤ 1, a card
// standing for its colour (the hypotheses read only that); noPrev2 while
// the main line has one card.
type reacher struct {
	depth int
	// masks: God's accepted cards per window: by prev for look-back ≤ 1,
	// by prev2·52 + prev (prev2 = noPrev2 for one-card lines) for 2.
	masks []uint64
}

const noPrev2 = 52

// newReacher charts God's verdicts in every window, once per rule.
func newReacher(rule *rulebank.Compiled) (*reacher, error) {
	j := rule.NewJudge()
	r := &reacher{depth: max(1, rule.Reads.Depth())}
	windows := 52
	if r.depth == 2 {
		windows = 53 * 52
	}
	r.masks = make([]uint64, windows)
	line := make([]sim.Card, 0, 2)
	for w := range windows {
		line = line[:0]
		if r.depth == 2 && w/52 != noPrev2 {
			line = append(line, sim.Card(w/52))
		}
		line = append(line, sim.Card(w%52))
		for c := sim.Card(0); c < sim.NumCards; c++ {
			ok, err := j.Accepts(line, c)
			if err != nil {
				return nil, err
			}
			if ok {
				r.masks[w] |= 1 << c
			}
		}
	}
	return r, nil
}

// exactRule reports whether a rule's reachable states can be enumerated.
func exactRule(rule *rulebank.Compiled) bool {
	d := rule.Reads.Depth()
	return d >= 0 && d <= 2
}

type jstate struct {
	p2, prev sim.Card
	n12      uint8
}

func (r *reacher) index(s jstate) int { return (int(s.p2)*52+int(s.prev))*12 + int(s.n12) }

// p2code is what the joint state keeps of the card two back.
func (r *reacher) p2code(c sim.Card) sim.Card {
	if r.depth == 2 {
		return c
	}
	if c.Red() {
		return 13 // the ace of hearts stands for red
	}
	return 0 // the ace of spades for black
}

func (r *reacher) mask(s jstate) uint64 {
	if r.depth == 2 {
		return r.masks[int(s.p2)*52+int(s.prev)]
	}
	return r.masks[s.prev]
}

// start is the joint state after a main line (the opening).
func (r *reacher) start(line []sim.Card) jstate {
	n := len(line)
	s := jstate{p2: noPrev2, prev: line[n-1], n12: uint8(n % 12)}
	if n >= 2 {
		s.p2 = r.p2code(line[n-2])
	}
	return s
}

// reach is every (state, God's verdicts) pair reachable from the starts.
func (r *reacher) reach(starts []jstate) []judgedState {
	seen := make([]bool, 53*52*12)
	queue := make([]jstate, 0, 1024)
	for _, s := range starts {
		if !seen[r.index(s)] {
			seen[r.index(s)] = true
			queue = append(queue, s)
		}
	}
	pairs := map[judgedState]bool{}
	var out []judgedState
	for i := 0; i < len(queue); i++ {
		s := queue[i]
		m := r.mask(s)
		hs := state{prev: s.prev, n12: s.n12}
		if s.p2 != noPrev2 {
			hs.p2 = 2
			if s.p2.Red() {
				hs.p2 = 1
			}
		}
		if js := (judgedState{hs, m}); !pairs[js] {
			pairs[js] = true
			out = append(out, js)
		}
		for rest := m; rest != 0; rest &= rest - 1 {
			next := jstate{p2: r.p2code(s.prev), prev: sim.Card(bits.TrailingZeros64(rest)), n12: (s.n12 + 1) % 12}
			if k := r.index(next); !seen[k] {
				seen[k] = true
				queue = append(queue, next)
			}
		}
	}
	return out
}

// LocalConfig says how the states of a rule that cannot be enumerated are
// sampled: Walks random legal walks of Horizon cards from the opening.
type LocalConfig struct {
	Walks, Horizon int
}

// DefaultLocal samples 8 walks of 30 cards: about 240 states.
var DefaultLocal = LocalConfig{Walks: 8, Horizon: 30}

// walk samples (state, verdicts) pairs by random legal walks from the
// opening under God's rule, seeded by the opening so that every hand with
// that opening sees the same sample.
func walk(rule *rulebank.Compiled, opening []sim.Card, cfg LocalConfig, seed uint64) ([]judgedState, error) {
	j := rule.NewJudge()
	for _, c := range opening {
		seed = seed*53 + uint64(c) + 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x6c6f63616c))
	seen := map[judgedState]bool{}
	var out []judgedState
	line := make([]sim.Card, 0, len(opening)+cfg.Horizon+1)
	for range cfg.Walks {
		line = append(line[:0], opening...)
		for len(line) < len(opening)+cfg.Horizon {
			var mask uint64
			for c := sim.Card(0); c < sim.NumCards; c++ {
				ok, err := j.Accepts(line, c)
				if err != nil {
					return nil, err
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
	return out, nil
}

// nth is the k-th card (0-based) of a set.
func nth(set uint64, k int) sim.Card {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return sim.Card(bits.TrailingZeros64(set))
}

// openingKey is what the local class of an opening depends on: the joint
// state it leaves for enumerable rules, the whole line otherwise.
func (t *Truth) openingKey(opening []sim.Card) string {
	if t.reach != nil {
		s := t.reach.start(opening)
		return string([]byte{byte(s.p2), byte(s.prev), s.n12})
	}
	return sim.CardsString(opening)
}
