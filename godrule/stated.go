package godrule

import (
	"math/bits"
	"math/rand/v2"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Stated rules: a rule of the rule language that a player states (an
// outside agent's belief). It has identified God's rule, as far as one
// hand can show it, when it gives God's verdict on every card in every
// state the hand could reach from its opening (the test a hypothesis
// passes by lying in God's local class, in package hypotheses). A stated
// rule may read anything the language offers (the identity of the card
// two back, the whole line), so it is judged on the main lines themselves,
// or on windows when both rules read no more.

// StatedCheck is a stated rule compared with God's on the states reachable
// from a hand's opening.
type StatedCheck struct {
	// Agrees: the rule gave God's verdict on every card in every state
	// examined (a rule that fails at run time where God answers does not).
	Agrees bool
	// Exact: every reachable state was examined (both rules read at most
	// the card two back, neither n nor line); otherwise the main lines of
	// random legal walks from the opening (StatedWalks).
	Exact bool
	// States: the windows (exact) or main lines (sampled) examined.
	States int
	// Line and Card: where the rules first differ (a reachable main line
	// and a card), when they do.
	Line []sim.Card
	Card sim.Card
}

// StatedWalks: a rule that reads n, line or prev3 is compared with God's on
// Walks random legal walks of Horizon cards from the opening (God's legal
// cards, chosen uniformly), seeded by the opening: about 800 main lines,
// stricter than the 60 states of a sampled opening (DefaultConfig).
var StatedWalks = Config{Walks: 20, Horizon: 40, Seed: 2}

// CheckStated compares a stated rule with God's on the states a hand that
// opens with opening (the main line before the first move) can reach.
// The error is God's rule failing at run time; the stated rule failing is
// a disagreement.
func (ch *Chart) CheckStated(opening []sim.Card, r *rulebank.Compiled) (StatedCheck, error) {
	if len(opening) == 0 {
		return StatedCheck{}, errNoOpening
	}
	if d := r.Reads.Depth(); ch.reach != nil && d >= 0 && d <= 2 {
		return ch.reach.checkWindows(opening, r), nil
	}
	return checkWalks(ch.Rule, r, opening, StatedWalks)
}

// statedMasks judges a stated rule on windows of the last two cards (p2 =
// NoPrev2 for a one-card main line), remembering each verdict by what the
// rule reads.
type statedMasks struct {
	j     *rulebank.Judge
	depth int
	memo  map[int]uint64
	line  []sim.Card
}

func (s *statedMasks) mask(p2, prev sim.Card) (mask uint64, ok bool) {
	key := 0
	switch s.depth {
	case 1:
		key = int(prev)
	case 2:
		key = int(p2)*52 + int(prev)
	}
	if m, ok := s.memo[key]; ok {
		return m, true
	}
	s.line = s.line[:0]
	if p2 != NoPrev2 {
		s.line = append(s.line, p2)
	}
	s.line = append(s.line, prev)
	for c := sim.Card(0); c < sim.NumCards; c++ {
		yes, err := s.j.Accepts(s.line, c)
		if err != nil {
			return 0, false // it fails where God answers
		}
		if yes {
			mask |= 1 << c
		}
	}
	s.memo[key] = mask
	return mask, true
}

// checkWindows searches the windows (card two back, last card) God's rule
// can reach from the opening, breadth first, and compares the two rules'
// verdicts in each: exact when both read at most prev2 and neither n nor
// line, since their verdicts depend on nothing else.
func (r *reacher) checkWindows(opening []sim.Card, stated *rulebank.Compiled) StatedCheck {
	s := &statedMasks{j: stated.NewJudge(), depth: stated.Reads.Depth(), memo: map[int]uint64{}}
	const nodes = 53 * 52 // p2 (NoPrev2: none) × prev
	var parent [nodes]int32
	var seen [nodes]bool
	n := len(opening)
	p2 := sim.Card(NoPrev2)
	if n >= 2 {
		p2 = opening[n-2]
	}
	start := int(p2)*52 + int(opening[n-1])
	seen[start], parent[start] = true, -1
	queue := []int{start}
	out := StatedCheck{Agrees: true, Exact: true}
	for i := 0; i < len(queue); i++ {
		k := queue[i]
		p2, prev := sim.Card(k/52), sim.Card(k%52)
		var god uint64
		if r.depth == 2 {
			god = r.masks[k]
		} else {
			god = r.masks[prev]
		}
		out.States++
		said, ok := s.mask(p2, prev)
		if diff := god ^ said; !ok || diff != 0 {
			out.Agrees = false
			out.Line = windowLine(opening, parent[:], k)
			if ok {
				out.Card = sim.Card(bits.TrailingZeros64(diff))
			}
			return out
		}
		for rest := god; rest != 0; rest &= rest - 1 {
			next := int(prev)*52 + bits.TrailingZeros64(rest)
			if !seen[next] {
				seen[next], parent[next] = true, int32(k)
				queue = append(queue, next)
			}
		}
	}
	return out
}

// windowLine is a main line that reaches window k: the opening and the
// cards laid on the way.
func windowLine(opening []sim.Card, parent []int32, k int) []sim.Card {
	var rev []sim.Card
	for ; parent[k] >= 0; k = int(parent[k]) {
		rev = append(rev, sim.Card(k%52))
	}
	line := append([]sim.Card{}, opening...)
	for i := len(rev) - 1; i >= 0; i-- {
		line = append(line, rev[i])
	}
	return line
}

// checkWalks compares the rules on the main lines of random legal walks
// under God's rule from the opening, seeded by the opening (every hand
// with that opening sees the same lines).
func checkWalks(god, stated *rulebank.Compiled, opening []sim.Card, cfg Config) (StatedCheck, error) {
	jg, js := god.NewJudge(), stated.NewJudge()
	seed := cfg.Seed
	for _, c := range opening {
		seed = seed*53 + uint64(c) + 1
	}
	rng := rand.New(rand.NewPCG(seed, 0x7374617465)) // "state"
	out := StatedCheck{Agrees: true}
	line := make([]sim.Card, 0, len(opening)+cfg.Horizon+1)
	for range cfg.Walks {
		line = append(line[:0], opening...)
		for len(line) <= len(opening)+cfg.Horizon {
			var mask uint64
			for c := sim.Card(0); c < sim.NumCards; c++ {
				ok, err := jg.Accepts(line, c)
				if err != nil {
					return StatedCheck{}, err
				}
				if ok {
					mask |= 1 << c
				}
				said, err := js.Accepts(line, c)
				if err != nil || said != ok {
					out.Agrees, out.Line, out.Card = false, append([]sim.Card{}, line...), c
					out.States++
					return out, nil
				}
			}
			out.States++
			if mask == 0 {
				break
			}
			line = append(line, nth(mask, rng.IntN(bits.OnesCount64(mask))))
		}
	}
	return out, nil
}
