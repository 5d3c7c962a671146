package grammar

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// A card that beats the last one in an order of strength the points give:
// "higher than the last card, Sueca's order: ace, seven, king, jack,
// queen, then six down to two"; "lower in Skat's order, ten above the
// king". Each game has its own order, and a writer who brings one to the
// table also decides where the ranks the game's pack leaves out go; so
// the order is read off the points — each accepted point puts the card
// above the last one, each refused point not above it — never enumerated
// and never taken from a list of games.

// orderProds: the production of an order of strength (beats makes it).
var orderProds = map[Prod]Production{
	// K holds each rank's level in the order, levelBits bits a rank (rank
	// 0, no card, level 0); Slot is the card that beats, Slot2 the card
	// beaten; Op is Gt (strictly above) or Ge (at least as high). Bits:
	// naming one of the orders of the 13 ranks with as many levels.
	PBeats: {Name: "beats", Type: Bool,
		Words: "a card above the one before it (or at least as high) in an order of strength of the ranks, a game's own: \"beat the last card in Sueca's order\"",
		Bits:  func(n *Node) int { return 3 + orderBits[orderLevels(n.K)] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			a, c := levelOf(n.K, rankOf(pt, n.Slot)), levelOf(n.K, rankOf(pt, n.Slot2))
			if n.Op == Ge {
				return b(a >= c)
			}
			return b(a > c)
		},
		text: func(n *Node, _ []text) text {
			var ls []string
			for r := range int32(14) {
				ls = append(ls, strconv.Itoa(int(levelOf(n.K, r))))
			}
			table := "[" + strings.Join(ls, ", ") + "]"
			return text{table + "[" + slotText[n.Slot] + ".rank] " + cmpText[n.Op] + " " + table + "[" + slotText[n.Slot2] + ".rank]", precCmp}
		}, reads: readSlots},
}

// levelBits is the bits of a rank's level in PBeats's K (ranks 0 … 13).
const levelBits = 4

// levelOf is rank r's level in an order (0 the lowest).
func levelOf(k int, r int32) int32 { return int32(k>>(levelBits*int(r))) & (1<<levelBits - 1) }

// orderLevels is the number of an order's levels.
func orderLevels(k int) int {
	most := int32(0)
	for r := range int32(14) {
		most = max(most, levelOf(k, r))
	}
	return int(most) + 1
}

// orderBits[k]: naming one of the orders of the 13 ranks in k levels, ties
// allowed (k! times the Stirling number S(13, k): the ways to cut the
// ranks into k classes and to order the classes), and k.
var orderBits = func() (out [14]int) {
	var s [14][14]float64 // s[n][k] = S(n, k)
	s[0][0] = 1
	for n := 1; n <= 13; n++ {
		for k := 1; k <= 13; k++ {
			s[n][k] = float64(k)*s[n-1][k] + s[n-1][k-1]
		}
	}
	fact := 1.0
	for k := 1; k <= 13; k++ {
		fact *= float64(k)
		out[k] = int(math.Ceil(math.Log2(fact*s[13][k]))) + ConstBits(k)
	}
	return out
}()

// beats finds "the card above the last one in an order" (Gt) and "at
// least as high" (Ge) that agree with Want on mask, for an order the
// points give.
func (s *synth) beats(mask []uint64, budget int) []Found {
	if !s.cfg.Orders {
		return nil
	}
	rank := s.classTwins()[0] // the rank's twin (classTwins's first term)
	var out []Found
	for _, op := range []Op{Gt, Ge} {
		k, ok := strengthOrder(rank.pv, rank.cv, mask, s.p.Want, op == Ge)
		if !ok {
			continue
		}
		n := &Node{P: PBeats, Op: op, K: k, Slot: SlotCard, Slot2: SlotPrev}
		if b := n.Bits(); b <= budget {
			out = append(out, Found{n, b})
		}
	}
	return out
}

// strengthOrder finds levels of the ranks so that at every point of Want the
// card's rank ys[i] is above the last card's xs[i] (at least as high,
// atLeast) and at every other point not (below it). It returns the lowest
// levels that do it (each rank as low as the points let it be: the ranks
// they never show are at the bottom) as PBeats's K, and false when no
// order does it, or one of fewer than three levels (a set says that).
//
// Each point is a constraint between two levels, level[x] ≤ level[y] or
// level[x] < level[y]: the lowest levels are the longest paths in the
// graph of constraints, a strict one adding a level; a cycle through a
// strict constraint (the points put a rank above itself) has none.
func strengthOrder(xs, ys []int32, mask, want []uint64, atLeast bool) (int, bool) {
	// le[a], lt[a]: the ranks b with level[a] ≤ level[b], with level[a] <
	// level[b] (bit b).
	var le, lt [14]uint16
	for w, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			x, y := xs[i], ys[i]
			if min(x, y) < 1 || max(x, y) > 13 {
				return 0, false
			}
			accepted := want[w]>>(i%64)&1 == 1
			switch {
			case accepted && !atLeast: // y above x
				lt[x] |= 1 << y
			case accepted: // y at least as high as x
				le[x] |= 1 << y
			case !atLeast: // y not above x: level[y] ≤ level[x]
				le[y] |= 1 << x
			default: // y below x
				lt[y] |= 1 << x
			}
			if contradicts(&le, &lt, x, y) || contradicts(&le, &lt, y, x) {
				return 0, false // one pair of ranks judged both ways, or a rank above itself
			}
		}
	}
	var level [14]int32
	// Bellman and Ford's relaxation: 13 ranks, so a path has at most 12
	// steps and the levels settle within 13 passes unless a cycle lifts them.
	for pass := 0; ; pass++ {
		changed := false
		for a := int32(1); a <= 13; a++ {
			for e := le[a]; e != 0; e &= e - 1 {
				if c := bits.TrailingZeros16(e); level[c] < level[a] {
					level[c], changed = level[a], true
				}
			}
			for e := lt[a]; e != 0; e &= e - 1 {
				if c := bits.TrailingZeros16(e); level[c] < level[a]+1 {
					level[c], changed = level[a]+1, true
				}
			}
		}
		if !changed {
			break
		}
		if pass >= 13 {
			return 0, false // still rising: a cycle through a strict constraint
		}
	}
	k, top := 0, int32(0)
	for r := 1; r <= 13; r++ {
		k |= int(level[r]) << (levelBits * r)
		top = max(top, level[r])
	}
	return k, top >= 2
}

// contradicts reports whether the constraints put rank a strictly below
// rank c and c at most as high as a (a pair judged both ways, or a rank
// above itself when a is c).
func contradicts(le, lt *[14]uint16, a, c int32) bool {
	return lt[a]>>c&1 == 1 && (le[c]>>a&1 == 1 || lt[c]>>a&1 == 1)
}
