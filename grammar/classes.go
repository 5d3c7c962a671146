package grammar

import (
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Two cards in one class of their values, or in two: "a point card after
// a point card, a plain one after a plain one", "a rank whose name has as
// many letters as the last one's". The classes are read off the points —
// each accepted point puts its two cards' values in one class, each
// refused one in two — never enumerated.

// classProds: the productions of two cards' classes (sameClasses makes them).
var classProds = map[Prod]Production{
	// Kids: the earlier card's term, then the card's (the same term of
	// the other card: only the first is counted). K holds the set. Bits:
	// naming the set, or the split of the term's values, when shorter.
	PSameIn: {Name: "same-class", Type: Bool, Kids: []Type{Int, Int}, Counted: 1,
		Words: "two cards' values both in a set of numbers or both out of it (==), or one in and one out (!=): \"a point card after a point card, a plain card after a plain one\"",
		Bits: func(n *Node) int {
			if split, ok := splitBits(n.Kids[0]); ok {
				return 3 + min(setBits(n.K), split)
			}
			return 3 + setBits(n.K)
		},
		eval: func(n *Node, _ *Point, k [3]int32) int32 {
			in := func(v int32) bool { return v >= 0 && v <= maxInValue && n.K>>v&1 == 1 }
			return b((in(k[0]) == in(k[1])) == (n.Op == Eq))
		},
		text: func(n *Node, k []text) text {
			set := setText(n.K)
			x, y := k[0].above(precCmp), k[1].above(precCmp)
			if n.Kids[0].P == PSuitNo && n.Kids[1].P == PSuitNo && n.K < 1<<4 {
				// The suits by name: "(prev.suit in ["spades", "hearts"]) == …".
				var names []string
				for v := range 4 {
					if n.K>>v&1 == 1 {
						names = append(names, strconv.Quote(suitNames[v]))
					}
				}
				set = "[" + strings.Join(names, ", ") + "]"
				x, y = slotText[n.Kids[0].Slot]+".suit", slotText[n.Kids[1].Slot]+".suit"
			}
			return text{"(" + x + " in " + set + ") " + cmpText[n.Op] + " (" + y + " in " + set + ")", precCmp}
		}},
	// A partition of the ranks into three classes or more; K holds each
	// rank's class, partBits bits a rank (a class's number is the order
	// of its least rank).
	PSamePart: {Name: "same-part", Type: Bool,
		Words: "two cards' ranks in one class of a partition of the ranks (==), or in two (!=): \"a rank whose name has as many letters as the last one's\", \"another quarter of the ranks\"",
		Bits:  func(n *Node) int { return 3 + slotBits[n.Slot] + partitionCost(n.K) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return b((partOf(n.K, rankOf(pt, n.Slot)) == partOf(n.K, rankOf(pt, n.Slot2))) == (n.Op == Eq))
		},
		text: func(n *Node, _ []text) text {
			var cs []string
			for r := range int32(14) {
				cs = append(cs, strconv.Itoa(int(partOf(n.K, r))))
			}
			table := "[" + strings.Join(cs, ", ") + "]"
			return text{table + "[" + slotText[n.Slot] + ".rank] " + cmpText[n.Op] + " " + table + "[" + slotText[n.Slot2] + ".rank]", precCmp}
		}, reads: readSlots},
}

// partBits is the bits of a rank's class in PSamePart's K (ranks 0 … 13:
// 0 is no card's).
const partBits = 3

// partOf is rank r's class in a partition.
func partOf(k int, r int32) int32 { return int32(k>>(partBits*int(r))) & (1<<partBits - 1) }

// partClasses is the number of a partition's classes.
func partClasses(k int) int {
	most := int32(0)
	for r := range int32(14) {
		most = max(most, partOf(k, r))
	}
	return int(most) + 1
}

// partitionCost is what naming a partition costs: the base-2 logarithm
// of the number of partitions of the 13 ranks into as many classes, or,
// for classes that are runs of ranks ("the quarters of the ranks"), of
// the ways to cut the ranks into as many runs; and the classes' number.
func partitionCost(k int) int {
	c := partClasses(k)
	for r := int32(1); r < 13; r++ {
		if d := partOf(k, r+1) - partOf(k, r); d != 0 && d != 1 {
			return partitionBits[c]
		}
	}
	return int(math.Ceil(math.Log2(binomial(12, c-1)))) + ConstBits(c)
}

func binomial(n, k int) float64 {
	b := 1.0
	for i := range k {
		b = b * float64(n-i) / float64(i+1)
	}
	return b
}

// splitBits is what naming a split of a term's values into two classes
// costs (the base-2 logarithm of the number of such splits), for the
// terms of a card classTwins reads.
func splitBits(t *Node) (int, bool) {
	values := 0
	switch t.P {
	case PRank:
		values = 13
	case PSuitNo:
		values = 4
	case PWorth:
		seen := map[int32]bool{}
		for _, w := range countings[t.K].worth[1:] {
			seen[w] = true
		}
		values = len(seen)
	default:
		return 0, false
	}
	return int(math.Ceil(math.Log2(math.Exp2(float64(values-1)) - 1))), values >= 2
}

// partitionBits[k]: naming one of the partitions of the 13 ranks into k
// classes (the Stirling number of the second kind S(13, k)), and k.
var partitionBits = func() (out [1<<partBits + 1]int) {
	var s [14][1<<partBits + 1]float64 // s[n][k] = S(n, k)
	s[0][0] = 1
	for n := 1; n <= 13; n++ {
		for k := 1; k < len(out); k++ {
			s[n][k] = float64(k)*s[n-1][k] + s[n-1][k-1]
		}
	}
	for k := 1; k < len(out); k++ {
		out[k] = int(math.Ceil(math.Log2(s[13][k]))) + ConstBits(k)
	}
	return out
}()

// twin is a term of the last card and the same term of the card judged,
// with their values on the points.
type twin struct {
	prev, card *Node
	pv, cv     []int32
}

// classTwins are the terms two cards' classes are read from: the rank,
// the suit as a number and the worths in the countings that add (an
// order's classes are the rank's).
func (s *synth) classTwins() []twin {
	if s.twins != nil {
		return s.twins
	}
	terms := []Node{{P: PRank}, {P: PSuitNo}}
	for k, c := range countings {
		if !c.order && slices.Min(c.worth[1:]) >= 0 {
			terms = append(terms, Node{P: PWorth, K: k})
		}
	}
	s.twins = []twin{}
	for _, t := range terms {
		p, c := t, t
		p.Slot, c.Slot = SlotPrev, SlotCard
		s.twins = append(s.twins, twin{prev: &p, card: &c, pv: s.p.Points.Eval(&p).I, cv: s.p.Points.Eval(&c).I})
	}
	return s.twins
}

// sameClasses finds "(prev's t in S) == (the card's t in S)" — and "!=",
// the card in the other class — that agree with Want on mask, for a set S
// the points themselves decide: each accepted point puts the two values
// in one class (in the other, for "!="), each refused point in the
// other. The classes are read off as a graph's two-colouring; of each
// part of the graph the side with the shorter set goes into S (the values
// the points never show stay out).
func (s *synth) sameClasses(mask []uint64, budget int) []Found {
	if !s.cfg.Classes {
		return nil
	}
	var out []Found
	for _, t := range s.classTwins() {
		for _, op := range []Op{Eq, Ne} {
			set, ok := twoClasses(t.pv, t.cv, mask, s.p.Want, op == Ne)
			if !ok {
				continue
			}
			n := &Node{P: PSameIn, Op: op, K: int(set), Kids: []*Node{t.prev, t.card}}
			if b := n.Bits(); b <= budget {
				out = append(out, Found{n, b})
			}
		}
		if t.card.P != PRank {
			continue
		}
		for _, op := range []Op{Eq, Ne} {
			k, ok := partition(t.pv, t.cv, mask, s.p.Want, op == Ne)
			if !ok {
				continue
			}
			n := &Node{P: PSamePart, Op: op, K: k, Slot: SlotPrev, Slot2: SlotCard}
			if b := n.Bits(); b <= budget {
				out = append(out, Found{n, b})
			}
		}
	}
	return out
}

// partition finds classes of the ranks so that at every point of Want
// the two ranks xs[i] and ys[i] are in one class and at every other point
// in two (swapped when differ): the classes the first kind of point joins
// (the finest that does it; the ranks the points never show are a class
// of their own). It returns them as PSamePart's K, and false when no
// partition does it, or one of fewer than three classes (a set says
// that), or of more than a K holds.
func partition(xs, ys []int32, mask, want []uint64, differ bool) (int, bool) {
	var up [14]int32 // union-find over the ranks
	for r := range up {
		up[r] = int32(r)
	}
	find := func(r int32) int32 {
		for up[r] != r {
			up[r] = up[up[r]]
			r = up[r]
		}
		return r
	}
	var apart [][2]int32
	var joined, parted [14]uint16
	var seen uint16
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			x, y := xs[i], ys[i]
			if min(x, y) < 1 || max(x, y) > 13 {
				return 0, false
			}
			seen |= 1<<x | 1<<y
			if (want[w]>>(i%64)&1 == 1) != differ {
				up[find(x)] = find(y)
				joined[x] |= 1 << y
			} else {
				apart = append(apart, [2]int32{x, y})
				parted[x] |= 1 << y
			}
			if joined[x]&parted[x]>>y&1 == 1 {
				return 0, false // one pair of ranks judged both ways
			}
		}
	}
	for _, a := range apart {
		if find(a[0]) == find(a[1]) {
			return 0, false
		}
	}
	// Number the classes by their least rank; the unseen ranks last.
	var class [14]int32
	for r := range class {
		class[r] = -1
	}
	k := int32(0)
	for r := int32(1); r <= 13; r++ {
		if seen>>r&1 == 0 {
			continue
		}
		if root := find(r); class[root] < 0 {
			class[root] = k
			k++
		}
	}
	out := 0
	unseen := false
	for r := int32(1); r <= 13; r++ {
		c := k
		if seen>>r&1 == 1 {
			c = class[find(r)]
		} else {
			unseen = true
		}
		out |= int(c) << (partBits * int(r))
	}
	if unseen {
		k++
	}
	return out, k >= 3 && k <= 1<<partBits
}

// twoClasses splits the values xs and ys take on mask into two classes so
// that at every point of Want xs[i] and ys[i] are in one class and at
// every other point in the two (swapped when differ); it returns the
// class of the shorter set, and false when no split does it or the points
// put every value in one class.
func twoClasses(xs, ys []int32, mask, want []uint64, differ bool) (uint64, bool) {
	// same[v], other[v]: the values the points put in v's class, in the
	// other (bit u for the value u).
	var same, other [maxInValue + 1]uint64
	var seen uint64
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			x, y := xs[i], ys[i]
			if min(x, y) < 0 || max(x, y) > maxInValue {
				return 0, false
			}
			edges := &same
			if (want[w]>>(i%64)&1 == 1) == differ {
				edges = &other
			}
			edges[x] |= 1 << y
			edges[y] |= 1 << x
			if same[x]&other[x]>>y&1 == 1 {
				return 0, false // one pair of values judged both ways: most terms, soon
			}
			seen |= 1<<x | 1<<y
		}
	}
	var set uint64
	// Each part of the graph in turn, from its least value: of[0] holds
	// the values of the first's class, of[1] the others'.
	for rest := seen; rest != 0; {
		v := bits.TrailingZeros64(rest)
		var of [2]uint64
		of[0] = 1 << v
		for queue := uint64(1) << v; queue != 0; {
			u := bits.TrailingZeros64(queue)
			queue &^= 1 << u
			c := 0
			if of[1]>>u&1 == 1 {
				c = 1
			}
			mine, theirs := same[u], other[u]
			if mine&of[1-c] != 0 || theirs&of[c] != 0 || mine&theirs != 0 {
				return 0, false // a value in both classes
			}
			queue |= (mine &^ of[c]) | (theirs &^ of[1-c])
			of[c] |= mine
			of[1-c] |= theirs
		}
		rest &^= of[0] | of[1]
		if setBits(int(of[1])) < setBits(int(of[0])) {
			of[0] = of[1]
		}
		set |= of[0]
	}
	return set, set != 0
}
