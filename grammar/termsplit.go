package grammar

import (
	"cmp"
	"math/bits"
	"slices"
)

// termSplits are the rules "c ? (t in A) : (t in B)" of one term t of the
// card, held to a threshold or a range of numbers on each side of a
// condition: "three cards each 1 to 4 up, counting round, then three
// down" is the card's step counted round, (card.rank - prev.rank + 13) %
// 13, from 1 to 4 on the first three places of six and from 9 to 12 on
// the others. Neither side is an atom of a pool (each is a term compared
// with numbers, made top down), so the paired splits, which pair the
// pool's atoms, never meet them; here the sides are made for the points,
// as thresholds are, and the condition is looked up as the paired splits
// look it up: true where the second side is wrong, false where the first
// is.
func (s *synth) termSplits(mask []uint64, budget int) []Found {
	conds := s.pairedConds()
	if len(conds) == 0 {
		return nil
	}
	least := conds[0].Bits
	cmpOwn := Table[PCmp].Bits(nil)
	type side struct {
		n     *Node
		bits  int
		wrong []uint64
		miss  int // the points of wrong
	}
	type pair struct {
		a, b  side
		bits  int
		wrong int // the points the sides miss between them
	}
	var pairs []pair
	ge := make([][]uint64, termSplitSpan+2)
	all := Ones(mask)
	for _, t := range s.ints {
		if 2*(t.Bits+cmpOwn+1)+iteBits+least > budget || t.Bits > termSplitBits || s.late() {
			break // the terms come shortest first
		}
		if !t.card || isConst(t) || t.order || t.depth >= 2 {
			continue // a term of the card, without a guard
		}
		lo, hi := extent(t.I, mask)
		if hi-lo < 2 || hi-lo > termSplitSpan {
			continue
		}
		// ge[k-lo]: the points of mask where t >= k (each point's value
		// set once, then gathered from the top down).
		for k := range hi - lo + 2 {
			ge[k] = make([]uint64, s.words)
		}
		for w, word := range mask {
			for x := word; x != 0; x &= x - 1 {
				i := w*64 + bits.TrailingZeros64(x)
				ge[t.I[i]-lo][w] |= 1 << (i % 64)
			}
		}
		for k := hi - lo - 1; k >= 0; k-- {
			for w := range ge[k] {
				ge[k][w] |= ge[k+1][w]
			}
		}
		var sides []side
		add := func(n *Node, in []uint64) {
			wrong := s.wrongOn(in, mask)
			if !empty(wrong) && !equalWords(wrong, mask) {
				sides = append(sides, side{n, n.Bits(), wrong, overlap(wrong, mask)})
			}
		}
		for a := lo; a <= hi; a++ {
			for b := a; b <= hi; b++ {
				if a < 0 || b > maxInValue {
					continue // the language's numbers are not negative
				}
				in := s.andNot(ge[a-lo], ge[b+1-lo])
				switch {
				case a == lo && b == hi:
				case a == lo: // t <= b
					add(&Node{P: PCmp, Op: Le, Kids: []*Node{t.Node, {P: PConst, K: int(b)}}}, in)
				case b == hi: // t >= a
					add(&Node{P: PCmp, Op: Ge, Kids: []*Node{t.Node, {P: PConst, K: int(a)}}}, in)
				case a == b:
					add(&Node{P: PCmp, Op: Eq, Kids: []*Node{t.Node, {P: PConst, K: int(a)}}}, in)
				default:
					add(&Node{P: PRange, K: int(a), K2: int(b), Kids: []*Node{t.Node}}, in)
				}
			}
		}
		for i, a := range sides {
			for _, b := range sides[i+1:] {
				// Sides that miss no point in common miss at most every
				// point between them, and one point at least they both fit.
				if a.miss+b.miss >= all {
					continue
				}
				if ab := a.bits + b.bits + iteBits; ab+least <= budget && noneOf(a.wrong, b.wrong) {
					pairs = append(pairs, pair{a, b, ab, a.miss + b.miss})
				}
			}
		}
	}
	// The pairs whose sides miss the fewest points first (each side
	// nearest to the rule on its own part: "1 to 4 up" and "9 to 12 up"
	// before "1 to 4 up" and "5 or more up"), the shortest among them.
	slices.SortStableFunc(pairs, func(x, y pair) int { return cmp.Or(cmp.Compare(x.wrong, y.wrong), cmp.Compare(x.bits, y.bits)) })
	// One pair of each two sets of points the sides miss (the shortest):
	// the conditions looked up are the same for the others.
	seen := map[string]bool{}
	looked := 0
	var out []Found
	for _, p := range pairs {
		if looked == termSplitPairs || s.late() {
			break
		}
		ka, kb := string(wordsKey(p.a.wrong)), string(wordsKey(p.b.wrong))
		if ka > kb {
			ka, kb = kb, ka
		}
		if seen[ka+kb] {
			continue
		}
		seen[ka+kb] = true
		looked++
		for _, c := range conds {
			if c.Bits+p.bits > budget {
				break // the conditions come shortest first
			}
			var kids []*Node
			switch {
			case allOf(c.B, p.b.wrong) && noneOf(c.B, p.a.wrong):
				kids = []*Node{c.Node, p.a.n, p.b.n}
			case allOf(c.B, p.a.wrong) && noneOf(c.B, p.b.wrong):
				kids = []*Node{c.Node, p.b.n, p.a.n}
			default:
				continue
			}
			out = append(out, Found{&Node{P: PIte, Kids: kids}, c.Bits + p.bits})
			budget = min(budget, c.Bits+p.bits+s.cfg.Slack)
		}
	}
	return out
}

// termSplitBits bounds the terms termSplits holds to numbers, and
// termSplitSpan their values' spread on the points (a rank, a step, a
// remainder: not a running total); termSplitPairs is how many of the
// pairs of sides that fit every point between them, the shortest first,
// look up a condition.
const termSplitBits, termSplitSpan, termSplitPairs = 8, 24, 100
