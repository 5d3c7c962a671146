package grammar

// How many different values a stretch of the line shows: "if the last five
// are all different, repeat one of them", "no pair among the last four and
// the card", "once all four suits are down". A writer looks over the last
// k cards (or the whole line), the card with them or not, and counts the
// ranks (or the suits) that turn up: all different when the count is the
// stretch's length, a repeat when it is less. An integer term of the
// look-back pool, compared with a number.

// distinctAttrs are the attributes counted (PDistinct's K is the place
// here).
var distinctAttrs = [...]int{AttrRank, AttrSuit}

var distinctProds = map[Prod]Production{
	// Node.Win the stretch, K the attribute's place in distinctAttrs, K2 1
	// with the card counted in.
	PDistinct: {Name: "distinct", Type: Int, Words: "how many different ranks (or suits) the line or its last k cards show, the card with them or not: len(uniq(map(line[max(0, n - 5):], .rank))) == 5 when the last five are all different",
		// Naming the attribute and whether the card is counted.
		Bits: func(n *Node) int { return 5 + winBits[n.Win] + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			seen := t.rank[:]
			if distinctAttrs[n.K] == AttrSuit {
				seen = t.suit[:]
			}
			var c int32
			for _, k := range seen {
				if k > 0 {
					c++
				}
			}
			if n.K2 == 1 && seen[attrs[distinctAttrs[n.K]].value(pt.Card)] == 0 {
				c++
			}
			return c
		},
		text: func(n *Node, _ []text) text {
			f := attrs[distinctAttrs[n.K]].field
			vals := call("map", windowText(n.Win), "."+f).s
			if n.K2 == 1 {
				vals = call("concat", vals, "[card."+f+"]").s
			}
			return call("len", call("uniq", vals).s)
		},
		reads: readWindowAndCard,
		bounds: func(n *Node, _ [3]span) span {
			most := int32(13)
			if distinctAttrs[n.K] == AttrSuit {
				most = 4
			}
			return span{1, min(most, winLen(n.Win)+int32(n.K2))}
		}},
}
