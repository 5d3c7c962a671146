package rulebank

import (
	"fmt"
	"math/bits"

	"github.com/eleusis/eleusis/sim"
)

// starters is the set of identities the starter predicate admits.
func (j *Judge) starters() (uint64, error) {
	if j.openings != 0 {
		return j.openings, nil
	}
	var m uint64
	for c := sim.Card(0); c < sim.NumCards; c++ {
		ok, err := j.Starter(c)
		if err != nil {
			return 0, err
		}
		if ok {
			m |= 1 << c
		}
	}
	return m, nil
}

// window is the end of a main line that a bounded rule can see: its last
// min(n, depth) cards. Windows are keyed by those cards in base 53 (0 = none).
type window struct {
	cards  []sim.Card
	parent int32 // index of the window it came from, -1 for a starter
}

// space is the set of windows reachable by legal play from the starters,
// for a rule of bounded look-back, in breadth-first order (so the line that
// reaches a window first is a shortest one). Its cards are the
// representatives of classes (every card, for the identity classes), and
// masks are sets of classes.
type space struct {
	depth   int
	cl      *classes
	windows []window
	masks   []uint64 // the classes the rule admits in each window
	// starterOf[k]: a card of class k that the starter predicate admits.
	starterOf []sim.Card
}

func windowKey(cs []sim.Card) int {
	k := 0
	for _, c := range cs {
		k = k*53 + int(c) + 1
	}
	return k
}

// identity is the classes of a rule that reads whole cards: one per card.
var identity = newClasses(fieldAll)

// classMask is the set of classes (by their representatives) j admits
// after line; b is charged for each judgement as taking steps.
func (j *Judge) classMask(line []sim.Card, cl *classes, b *budget, steps int) (uint64, error) {
	if err := b.spend(len(cl.reps), steps); err != nil {
		return 0, err
	}
	if t := j.c.table; t != nil {
		m := t[line[len(line)-1]]
		if cl == identity {
			return m, nil
		}
		var out uint64
		for k, r := range cl.reps {
			out |= (m >> r & 1) << k
		}
		return out, nil
	}
	var out uint64
	for k, r := range cl.reps {
		ok, err := j.Accepts(line, r)
		if err != nil {
			return 0, err
		}
		if ok {
			out |= 1 << k
		}
	}
	return out, nil
}

// explore enumerates the windows of the given depth (1..3) reachable from
// the starter cards under j's rule, over the classes cl. It stops with an
// error past limit windows, or when the budget is spent.
func explore(j *Judge, depth int, starters uint64, limit int, cl *classes, b *budget) (*space, error) {
	s := &space{depth: depth, cl: cl, starterOf: make([]sim.Card, len(cl.reps))}
	seen := map[int]int32{}
	push := func(cs []sim.Card, parent int32) {
		k := windowKey(cs)
		if _, ok := seen[k]; ok {
			return
		}
		seen[k] = int32(len(s.windows))
		s.windows = append(s.windows, window{cards: cs, parent: parent})
	}
	for c := sim.NumCards - 1; c >= 0; c-- { // the first admitted card of each class
		if starters>>c&1 == 1 {
			s.starterOf[cl.class[c]] = sim.Card(c)
		}
	}
	for k, r := range cl.reps {
		if cl.of(starters)>>k&1 == 1 {
			push([]sim.Card{r}, -1)
		}
	}
	for i := 0; i < len(s.windows); i++ {
		if len(s.windows) > limit {
			return nil, fmt.Errorf("more than %d reachable windows", limit)
		}
		w := s.windows[i].cards
		m, err := j.classMask(w, cl, b, j.c.Steps)
		if err != nil {
			return nil, err
		}
		s.masks = append(s.masks, m)
		for rest := m; rest != 0; rest &= rest - 1 {
			c := cl.reps[bits.TrailingZeros64(rest)]
			next := append(append(make([]sim.Card, 0, depth+1), w...), c)
			if len(next) > depth {
				next = next[1:]
			}
			push(next, int32(i))
		}
	}
	return s, nil
}

// line rebuilds a shortest main line that ends in window i, opening with a
// card the starter predicate admits.
func (s *space) line(i int) []sim.Card {
	var rev []sim.Card
	for ; i >= 0; i = int(s.windows[i].parent) {
		w := s.windows[i].cards
		if s.windows[i].parent < 0 {
			for k := len(w) - 1; k >= 0; k-- {
				rev = append(rev, w[k])
			}
			break
		}
		rev = append(rev, w[len(w)-1])
	}
	out := make([]sim.Card, len(rev))
	for k, c := range rev {
		out[len(rev)-1-k] = c
	}
	out[0] = s.starterOf[s.cl.class[out[0]]]
	return out
}
