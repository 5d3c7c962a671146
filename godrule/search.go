package godrule

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/eleusis/eleusis/sim"
)

// Searches: where, on the main lines God's legal play reaches from a start,
// do two readings of a line part?
//
// From a main line, the hand can only go where God's rule lets it: the
// states reachable by legal cards. A reader (two hypotheses compared, or
// one compared with God's rule) gives a differ function the cards on which
// the readings disagree in a state, with God's legal cards there; a search
// finds the first state where that set is not empty, or says none was.
// SearchWindows is exact for rules that read at most prev2 and neither n
// nor line (each card identity in unlimited supply: with two or more decks
// a state never needs more copies than the table holds), and its run of
// cards is a shortest one; SearchWalks follows random legal walks, for
// every rule.

// Found is a search's answer: the start it left from (an index into the
// starts), the cards God accepted one after another on the way (Path),
// and the cards on which the readings disagree there; Found false when no
// state examined separates them. States is how many were examined.
type Found struct {
	Found  bool
	Start  int
	Path   []sim.Card
	Cards  uint64
	States int
}

// SampleWalks and SampleHorizon size SearchWalks: 64 walks of 40 cards
// visit several thousand states, more than a hand's 30 to 100 moves.
const (
	SampleWalks   = 64
	SampleHorizon = 40
)

var errNotExact = errors.New("godrule: windows are searched only in a chart of an exact rule")

// windowIndex numbers the windows: (prev2 code, prev, n mod 12).
func windowIndex(s Window) int { return (int(s.Prev2)*52+int(s.Prev))*12 + int(s.N12) }

// SearchWindows searches breadth first over the windows reachable from
// each start line for one where differ (given the window and God's legal
// cards there) is not empty: the run of cards found is a shortest one.
// The window's Prev2 is the card for a rule of look-back 2, a card
// standing for its colour otherwise. The chart must be Exact.
func (ch *Chart) SearchWindows(starts [][]sim.Card, differ func(w Window, legal uint64) uint64) (Found, error) {
	r := ch.reach
	if r == nil {
		return Found{}, errNotExact
	}
	n := 53 * 52 * 12
	parent := make([]int32, n) // the window it was reached from; −2: a start; 0: not reached (stored +1)
	startOf := make([]int16, n)
	queue := make([]Window, 0, 1024)
	for i, line := range starts {
		s := r.start(line)
		if k := windowIndex(s); parent[k] == 0 {
			parent[k], startOf[k] = -2, int16(i)
			queue = append(queue, s)
		}
	}
	for head := 0; head < len(queue); head++ {
		s := queue[head]
		god := r.mask(s)
		if d := differ(s, god); d != 0 {
			return Found{Found: true, Start: int(startOf[windowIndex(s)]), Path: pathTo(parent, s), Cards: d, States: head + 1}, nil
		}
		code := r.p2code(s.Prev)
		for acc := god; acc != 0; acc &= acc - 1 {
			next := Window{Prev2: code, Prev: sim.Card(bits.TrailingZeros64(acc)), N12: (s.N12 + 1) % 12}
			if k := windowIndex(next); parent[k] == 0 {
				parent[k], startOf[k] = int32(windowIndex(s))+1, startOf[windowIndex(s)]
				queue = append(queue, next)
			}
		}
	}
	return Found{States: len(queue)}, nil
}

// pathTo is the cards laid from the start to reach s (its prev cards, in
// order).
func pathTo(parent []int32, s Window) []sim.Card {
	var rev []sim.Card
	for k := windowIndex(s); parent[k] != -2; k = int(parent[k]) - 1 {
		rev = append(rev, sim.Card(k/12%52))
	}
	path := make([]sim.Card, len(rev))
	for i, c := range rev {
		path[len(rev)-1-i] = c
	}
	return path
}

// SearchWalks walks at random from each start under God's rule,
// SampleWalks walks in all, and stops at the first main line where differ
// (given the line, which it must not keep, and God's legal cards after
// it) is not empty. The walks are seeded by the starts, so the same
// question gets the same answer.
func (ch *Chart) SearchWalks(starts [][]sim.Card, differ func(line []sim.Card, legal uint64) uint64) (Found, error) {
	if len(starts) == 0 {
		return Found{}, nil
	}
	j := ch.Rule.NewJudge()
	seed := uint64(len(starts))
	for _, c := range starts[0] {
		seed = seed*53 + uint64(c) + 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x7061727473))
	f := Found{}
	for w := range max(SampleWalks, len(starts)) {
		start := w % len(starts)
		line := append([]sim.Card(nil), starts[start]...)
		for step := 0; step <= SampleHorizon; step++ {
			god, err := j.Legal(line)
			if err != nil {
				return f, fmt.Errorf("rule %s after %s: %w", ch.Rule.Rule.Name, sim.CardsString(line), err)
			}
			f.States++
			if d := differ(line, god); d != 0 {
				f.Found, f.Start, f.Cards = true, start, d
				f.Path = append([]sim.Card(nil), line[len(starts[start]):]...)
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
