package godrule

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// A Window is what an exact chart follows of a main line: the card two
// back, the last card and the line's length modulo 12. A rule that reads
// at most prev2 and neither n nor line judges a card by its window alone.
type Window struct {
	// Prev2 is the card two back, NoPrev2 while the main line has one
	// card. For a rule of look-back ≤ 1, and in the windows of Reached, a
	// card stands for its colour (the ace of hearts red, of spades black):
	// a reader of windows reads prev2's colour only.
	Prev2 sim.Card
	Prev  sim.Card
	N12   uint8
}

// NoPrev2 is a window's Prev2 when the main line has one card.
const NoPrev2 sim.Card = 52

// Judged is a window with God's legal cards in it (a bit per card).
type Judged struct {
	Window Window
	Legal  uint64
}

// Verdict is a main line with God's legal cards after it (a bit per card).
type Verdict struct {
	Line  []sim.Card
	Legal uint64
}

// reacher charts God's verdicts in every window of a rule that reads at
// most prev2 and neither n nor line.
type reacher struct {
	depth int
	// masks: God's accepted cards per window: by prev for look-back ≤ 1,
	// by prev2·52 + prev (prev2 = NoPrev2 for one-card lines) for 2.
	masks []uint64
}

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
		if r.depth == 2 && sim.Card(w/52) != NoPrev2 {
			line = append(line, sim.Card(w/52))
		}
		line = append(line, sim.Card(w%52))
		m, err := j.Legal(line)
		if err != nil {
			return nil, err
		}
		r.masks[w] = m
	}
	return r, nil
}

// exactRule reports whether a rule's reachable states can be enumerated.
func exactRule(rule *rulebank.Compiled) bool {
	d := rule.Reads.Depth()
	return d >= 0 && d <= 2
}

// p2code is what a window keeps of the card two back: the card for rules
// of look-back 2, a card standing for its colour otherwise.
func (r *reacher) p2code(c sim.Card) sim.Card {
	if r.depth == 2 {
		return c
	}
	if c.Red() {
		return 13 // the ace of hearts stands for red
	}
	return 0 // the ace of spades for black
}

func (r *reacher) mask(s Window) uint64 {
	if r.depth == 2 {
		return r.masks[int(s.Prev2)*52+int(s.Prev)]
	}
	return r.masks[s.Prev]
}

// start is the window after a main line (the opening).
func (r *reacher) start(line []sim.Card) Window {
	n := len(line)
	s := Window{Prev2: NoPrev2, Prev: line[n-1], N12: uint8(n % 12)}
	if n >= 2 {
		s.Prev2 = r.p2code(line[n-2])
	}
	return s
}

// reach is every (window, God's verdicts) pair reachable from the starts.
// It searches over nodes (prev, n mod 12), each with the set of prev2 codes
// (53 bits) that reach it: a node passes on, to each card its new codes
// accept, the code of its prev — the whole breadth-first search in a few
// word operations per node and code.
func (r *reacher) reach(starts []Window) []Judged {
	const nodes = 52 * 12
	var reached, done [nodes]uint64
	var queued [nodes]bool
	queue := make([]int, 0, nodes)
	push := func(k int) {
		if !queued[k] {
			queued[k] = true
			queue = append(queue, k)
		}
	}
	for _, s := range starts {
		k := int(s.Prev)*12 + int(s.N12)
		reached[k] |= 1 << s.Prev2
		push(k)
	}
	for len(queue) > 0 {
		k := queue[len(queue)-1]
		queue, queued[k] = queue[:len(queue)-1], false
		fresh := reached[k] &^ done[k]
		done[k] |= fresh
		prev, n := sim.Card(k/12), k%12
		var accepted uint64
		for ; fresh != 0; fresh &= fresh - 1 {
			accepted |= r.mask(Window{Prev2: sim.Card(bits.TrailingZeros64(fresh)), Prev: prev})
		}
		code := uint64(1) << r.p2code(prev)
		for ; accepted != 0; accepted &= accepted - 1 {
			next := bits.TrailingZeros64(accepted)*12 + (n+1)%12
			if reached[next]&code == 0 {
				reached[next] |= code
				push(next)
			}
		}
	}
	// One pair per (window read by colour, verdicts). For look-back 2,
	// several prev2 cards of one colour share a window, with their verdicts
	// (a reader whose context they share then sees that it cannot agree).
	total := 0
	for _, codes := range reached {
		total += bits.OnesCount64(codes)
	}
	out := make([]Judged, 0, total)
	for k, codes := range reached {
		prev, n := sim.Card(k/12), uint8(k%12)
		first := len(out)
		for ; codes != 0; codes &= codes - 1 {
			p2 := sim.Card(bits.TrailingZeros64(codes))
			js := Judged{Window{Prev2: colourCode(p2), Prev: prev, N12: n}, r.mask(Window{Prev2: p2, Prev: prev})}
			if !slices.Contains(out[first:], js) {
				out = append(out, js)
			}
		}
	}
	return out
}

// colourCode is the card standing for a prev2 code's colour (NoPrev2 kept).
func colourCode(p2 sim.Card) sim.Card {
	if p2 == NoPrev2 {
		return p2
	}
	if p2.Red() {
		return 13
	}
	return 0
}

// walk follows random legal walks from the opening under God's rule,
// seeded by the caller from the opening so that every hand with that
// opening sees the same sample, and gives each main line on the way with
// God's verdicts after it. The verdicts come from the reacher's table when
// the rule has one (the same verdicts, no expr in the loop), from the
// rule's expression otherwise.
func walk(rule *rulebank.Compiled, r *reacher, opening []sim.Card, cfg Config, seed uint64) ([]Verdict, error) {
	j := rule.NewJudge()
	accepted := func(line []sim.Card) (uint64, error) {
		if r != nil {
			return r.mask(r.start(line)), nil
		}
		return j.Legal(line)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6c6f63616c))
	var lines []Verdict
	for range cfg.Walks {
		// Each walk its own array: the lines kept are its prefixes.
		line := make([]sim.Card, 0, len(opening)+cfg.Horizon+1)
		line = append(line, opening...)
		for len(line) < len(opening)+cfg.Horizon {
			mask, err := accepted(line)
			if err != nil {
				return nil, err
			}
			lines = append(lines, Verdict{line[:len(line):len(line)], mask})
			if mask == 0 {
				break
			}
			line = append(line, nth(mask, rng.IntN(bits.OnesCount64(mask))))
		}
	}
	return lines, nil
}

// nth is the k-th card (0-based) of a set.
func nth(set uint64, k int) sim.Card {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return sim.Card(bits.TrailingZeros64(set))
}
