package grammar

import (
	"cmp"
	"slices"
)

// Two counts of the line compared, as conditions: "while there are more
// twos than threes on the table", "when hearts are fewer than spades",
// "once the reds have caught up with the blacks". A count is a term of
// the main pool, but comparing two of them there would crowd out the
// short behaviours (every pair of tests, every window), and as leaves of
// the look-back pool they cost the placed rules' time nearly twice over;
// people compare the counts of two values of one attribute (or face cards
// with low cards), of the whole line, and those are a few hundred
// conditions made once, at the top, beside the thresholds (condThresholds).

// countKinds are the attributes whose values' counts people compare: each
// a list of element tests (with their constants), compared pairwise.
var countKinds = func() [][]countOf {
	kinds := [][]countOf{
		{{El: ElRed}, {El: ElBlack}},
		{{El: ElEven}, {El: ElOdd}},
		{{El: ElSpades}, {El: ElHearts}, {El: ElDiamonds}, {El: ElClubs}},
	}
	// High against low: "more face cards than low cards on the table"
	// (each low kind against the face cards only).
	for r := 3; r <= 6; r++ {
		kinds = append(kinds, []countOf{{El: ElFace}, {El: ElAtMost, K: r}})
	}
	var ranks []countOf
	for r := 1; r <= 13; r++ {
		ranks = append(ranks, countOf{El: ElRank, K: r})
	}
	return append(kinds, ranks)
}()

// countOf is one count's element test.
type countOf struct {
	El Elem
	K  int
}

// node is "count(line, test)".
func (c countOf) node() *Node { return &Node{P: PCount, El: c.El, K: c.K} }

// countPairMax is the longest count pair made (two ranks' counts: 14 bits).
const countPairMax = 14

// Margins: "two more face cards than low cards on the table", "the reds
// three ahead of the blacks" — one count at least k more than the other,
// for k to maxMargin, of the kinds but the ranks; naming the sum and k
// costs up to marginBits more than the pair.
const (
	maxMargin  = 3
	marginBits = 6
)

// countPairs are the conditions "count(line, a) op count(line, b)" for two
// values a, b of one attribute (op: >, >= either way round, ==), of at
// most maxBits bits, that tell some points apart and behave unlike every
// class of the pool, shortest first.
func (s *synth) countPairs(maxBits int) []*Class {
	if !s.cfg.CountPairs {
		return nil
	}
	var out []*Class
	add := func(op Op, a, b countOf) {
		n := &Node{P: PCmp, Op: op, Kids: []*Node{a.node(), b.node()}}
		if n.Bits() > maxBits {
			return
		}
		if c := s.made(n); c != nil && s.tellsApart(c) {
			out = append(out, c)
		}
	}
	// margin: "at least k more of a than of b" (count(a) >= count(b) + k).
	margin := func(a, b countOf, k int) {
		n := &Node{P: PCmp, Op: Ge, Kids: []*Node{a.node(), {P: PArith, Op: Add, Kids: []*Node{b.node(), {P: PConst, K: k}}}}}
		if n.Bits() > maxBits+marginBits {
			return
		}
		if c := s.made(n); c != nil && s.tellsApart(c) {
			out = append(out, c)
		}
	}
	for _, kind := range countKinds {
		for i, a := range kind {
			for _, b := range kind[i+1:] {
				add(Eq, a, b)
				for _, op := range []Op{Gt, Ge} {
					add(op, a, b)
					add(op, b, a)
				}
				if a.El == ElRank {
					continue // two ranks' counts: no margins
				}
				for k := 2; k <= maxMargin; k++ {
					margin(a, b, k)
					margin(b, a, k)
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int { return cmp.Compare(a.Bits, b.Bits) })
	return out
}

// tellsApart reports whether the condition c holds at some points of the
// problem and fails at others.
func (s *synth) tellsApart(c *Class) bool {
	on := overlap(c.B, s.p.Care)
	return on > 0 && on < Ones(s.p.Care)
}
