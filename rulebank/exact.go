package rulebank

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// The exact check for rules of bounded look-back walks the windows God's
// rule can reach, breadth first, and compares what the two rules admit in
// each. A window keeps of each card only what either rule will still read
// of it: the card one back is read as prev now, as prev2 and prev3 later,
// so it keeps the attributes read at positions 1..3; the card three back
// only those read as prev3. Each rule is judged once per window of its
// own: the attributes it reads itself, as far back as it looks.

// positions are the classes of cards that matter at each distance.
type positions struct {
	depth int
	// state[i], i = 1..depth: the classes of the card i back in a window.
	state []*classes
	// next: the classes of the card judged (what either rule reads of it,
	// and what the window will keep of it).
	next *classes
}

func newPositions(a, b *Compiled, depth int) *positions {
	p := &positions{depth: depth, state: make([]*classes, depth+1)}
	var keep uint8
	for i := depth; i >= 1; i-- {
		keep |= a.fields[i] | b.fields[i]
		p.state[i] = newClasses(keep)
	}
	p.next = newClasses(a.fields[0] | b.fields[0] | keep)
	return p
}

// follow is the window after w once card c is laid: its cards move one
// back, each keeping what is read of it there.
func (p *positions) follow(w []sim.Card, c sim.Card) []sim.Card {
	line := append(slices.Clone(w), c)
	if len(line) > p.depth {
		line = line[1:]
	}
	for i := range line {
		line[i] = p.state[len(line)-i].rep(line[i])
	}
	return line
}

// ruleMasks judges one rule on windows, remembering each verdict by the
// window as the rule sees it.
type ruleMasks struct {
	j     *Judge
	own   [4]*classes // the rule's classes at each position
	depth int
	memo  *maskMemo // own window → the rule's own card classes it admits
}

// maskMemo is a rule's verdicts by window; God's rule keeps one for every
// check (Compiled.masks), shared by the goroutines judging guesses.
type maskMemo struct {
	mu sync.RWMutex
	m  map[int]uint64
}

func (mm *maskMemo) get(k int) (uint64, bool) {
	mm.mu.RLock()
	defer mm.mu.RUnlock()
	m, ok := mm.m[k]
	return m, ok
}

func (mm *maskMemo) put(k int, m uint64) {
	mm.mu.Lock()
	defer mm.mu.Unlock()
	if mm.m == nil {
		mm.m = map[int]uint64{}
	}
	mm.m[k] = m
}

func newRuleMasks(j *Judge, memo *maskMemo) *ruleMasks {
	r := &ruleMasks{j: j, depth: j.c.Reads.Depth(), memo: memo}
	for i := range r.own {
		r.own[i] = newClasses(j.c.fields[i])
	}
	return r
}

// mask is the set of next classes the rule admits after window w. The
// check's budget b is charged once for each window of the rule's own that
// the check touches, whether or not an earlier check left its verdicts in
// the memo: what a check may do never depends on the checks before it.
func (r *ruleMasks) mask(w []sim.Card, next *classes, b *budget, touched map[int]bool) (uint64, error) {
	look := w[max(0, len(w)-r.depth):]
	key := 0
	for i, c := range look {
		key = key*53 + int(r.own[len(look)-i].rep(c)) + 1
	}
	key = key*8 + len(look)
	if !touched[key] {
		touched[key] = true
		if err := b.spend(len(r.own[0].reps), r.j.c.Steps); err != nil {
			return 0, err
		}
	}
	m, ok := r.memo.get(key)
	if !ok {
		var err error
		if m, err = r.j.classMask(w, r.own[0], nil, 0); err != nil {
			return 0, err
		}
		r.memo.put(key, m)
	}
	var out uint64
	for k, c := range next.reps {
		out |= (m >> r.own[0].class[c] & 1) << k
	}
	return out, nil
}

// exactly compares two rules of bounded look-back on every window God's
// rule can reach. God's rule (ja) is charged to a budget of its own.
func exactly(ja, jb *Judge, depth int, st uint64, b *budget) (Equivalence, error) {
	p := newPositions(ja.c, jb.c, depth)
	god, guess := newRuleMasks(ja, &ja.c.masks), newRuleMasks(jb, &maskMemo{})
	bGod, godTouched, guessTouched := newBudget(godWork), map[int]bool{}, map[int]bool{}
	type node struct {
		cards  []sim.Card
		parent int32
		card   sim.Card // the card laid to reach it
	}
	var nodes []node
	seen := map[int]bool{}
	push := func(w []sim.Card, parent int32, c sim.Card) {
		if k := windowKey(w); !seen[k] {
			seen[k] = true
			nodes = append(nodes, node{w, parent, c})
		}
	}
	starterOf := map[sim.Card]sim.Card{} // a card the starter predicate admits, by class
	for c := sim.NumCards - 1; c >= 0; c-- {
		if st>>c&1 == 1 {
			r := p.state[1].rep(sim.Card(c))
			starterOf[r] = sim.Card(c)
		}
	}
	for _, r := range p.state[1].reps {
		if _, ok := starterOf[r]; ok {
			push([]sim.Card{r}, -1, r)
		}
	}
	line := func(i int) []sim.Card {
		var rev []sim.Card
		for ; nodes[i].parent >= 0; i = int(nodes[i].parent) {
			rev = append(rev, nodes[i].card)
		}
		rev = append(rev, starterOf[nodes[i].card])
		slices.Reverse(rev)
		return rev
	}
	e := Equivalence{Equal: true, Exact: true}
	for i := 0; i < len(nodes); i++ {
		if len(nodes) > windowLimit {
			return Equivalence{}, errTooManyWindows
		}
		if err := b.spend(1, 0); err != nil {
			return Equivalence{}, err
		}
		w := nodes[i].cards
		ma, err := god.mask(w, p.next, bGod, godTouched)
		if err != nil {
			return Equivalence{}, err
		}
		mb, err := guess.mask(w, p.next, b, guessTouched)
		if err != nil {
			return Equivalence{}, err
		}
		e.States++
		if diff := ma ^ mb; diff != 0 {
			c := p.next.reps[bits.TrailingZeros64(diff)]
			e.Equal, e.Line, e.Card = false, line(i), &c
			return e, nil
		}
		for rest := ma; rest != 0; rest &= rest - 1 {
			c := p.next.reps[bits.TrailingZeros64(rest)]
			push(p.follow(w, c), int32(i), c)
		}
	}
	return e, nil
}
