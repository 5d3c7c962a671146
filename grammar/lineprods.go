package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// PAvgIs's K2: the card counted with the line, and a number and a half.
const (
	avgWithCard = 1
	avgHalf     = 2
)

// lineProds are the Table's productions that read the main line as a whole
// (or its last k cards): counts, sums and products, the last card that
// passes a test and what came since, averages, shares and summaries.
var lineProds = map[Prod]Production{
	PCount: {Name: "count", Type: Int, Words: "how many cards of the line (or of its last k) pass a test",
		Bits: func(n *Node) int { return 2 + winBits[n.Win] + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.elems(n.Win, n.El, n.K, pt.Card) },
		text: func(n *Node, _ []text) text { return call("count", windowText(n.Win), elemTextOf(n)) }, reads: readWindow,
		bounds: func(n *Node, _ [3]span) span { return span{0, winLen(n.Win)} }},
	PSum: {Name: "sum", Type: Int, Words: "the sum of the ranks of the line (or of its last k cards)",
		Bits: func(n *Node) int { return 3 + winBits[n.Win] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.tally[n.Win.index()].sum },
		text: func(n *Node, _ []text) text { return call("sum", call("map", windowText(n.Win), ".rank").s) }, reads: readWindow,
		bounds: func(n *Node, _ [3]span) span { return span{1, 13 * winLen(n.Win)} }},
	PFewest: {Name: "fewest", Type: Int, Words: "the fewest cards of any one suit in the line (or its last k)",
		Bits: func(n *Node) int { return 5 + winBits[n.Win] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			return min(t.suit[0], t.suit[1], t.suit[2], t.suit[3])
		},
		text: func(n *Node, _ []text) text {
			var args []string
			for s := range 4 {
				args = append(args, call("count", windowText(n.Win), elemText[ElSpades+Elem(s)]).s)
			}
			return call("min", args...)
		}, reads: readWindow,
		bounds: func(n *Node, _ [3]span) span { return span{0, winLen(n.Win) / 4} }},
	PProd: {Name: "product", Type: Int, Words: "the product of the ranks of the last k cards (of them all while the line is shorter)",
		Bits: func(n *Node) int { return 3 + winBits[n.Win] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.tally[n.Win.index()].prod },
		text: func(n *Node, _ []text) text {
			return call("reduce", windowText(n.Win), "#acc * #.rank", "1")
		}, reads: readWindow,
		bounds: func(n *Node, _ [3]span) span {
			hi := int32(1)
			for range n.Win {
				hi *= 13
			}
			return span{1, hi}
		}},
	PLast: {Name: "last", Type: Int, Words: "the rank of the main line's last card that passes a test (0 while none has): the last red card, the last card of the card's suit",
		Bits: func(n *Node) int { return 3 + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.lastRank(n.El, n.K, pt.Card) },
		// The sum of the last one of the ranks, not last(filter(…)).rank:
		// a term of no card must read 0; expr misreads "x ?? 0" and
		// "none(…) ? 0 : x" on the right of a comparison when x holds a
		// predicate's shorthand; and the referee prices a reduce over
		// the line past its budget.
		text: func(n *Node, _ []text) text {
			return primary(call("sum", call("map", call("filter", "line", elemTextOf(n)).s, ".rank").s+"[-1:]").s)
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.El.readsCard() {
				r.Card = true
			}
			return r
		},
		bounds: func(*Node, [3]span) span { return span{0, 13} }},
	// The place of the card in the line reversed, rather than n − 1 −
	// findLastIndex(…): expr 1.17.8 misjudges findLastIndex inside
	// arithmetic ("invalid operation: bool - int"), and the referee
	// prices a reduce that counts the cards past its budget.
	PSince: {Name: "since", Type: Int, Words: "how many cards were played since the main line's last card that passes a test (all of them while none has): the cards since the last face card",
		Bits: func(n *Node) int { return 3 + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.since(n.El, n.K, pt.Card) },
		text: func(n *Node, _ []text) text {
			return primary("(" + call("findIndex", "reverse(line)", elemTextOf(n)).s + " ?? n)")
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.El.readsCard() {
				r.Card = true
			}
			return r
		},
		bounds: func(*Node, [3]span) span { return span{0, MaxLine} }},
	PSumSince: {Name: "sum-since", Type: Int, Words: "the sum of the ranks played since the main line's last card that passes a test (of them all while none has): the number cards since the last face card add up to 21 at most",
		Bits: func(n *Node) int { return 4 + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.sumSince(n.El, n.K, pt.Card) },
		text: func(n *Node, _ []text) text {
			since := "(" + call("findIndex", "reverse(line)", elemTextOf(n)).s + " ?? n)"
			return call("sum", call("map", "line[n - "+since+":]", ".rank").s)
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.El.readsCard() {
				r.Card = true
			}
			return r
		},
		bounds: func(*Node, [3]span) span { return span{0, 13 * MaxLine} }},
	PSumOf: {Name: "sum-of", Type: Int, Words: "the sum of the ranks of the cards of the line (or of its last k) that pass a test: the red cards' total",
		Bits: func(n *Node) int { return 4 + winBits[n.Win] + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return pt.Scene.sumOf(n.Win, n.El, n.K, pt.Card) },
		text: func(n *Node, _ []text) text {
			return call("sum", call("map", call("filter", windowText(n.Win), elemTextOf(n)).s, ".rank").s)
		}, reads: readWindow,
		bounds: func(n *Node, _ [3]span) span { return span{0, 13 * winLen(n.Win)} }},
	// The card alike in suit (K2: AttrSuit) or colour (AttrColour) to
	// the line's last card that passes a test: "the suit of the most
	// recent ace", "the colour of the last even card"; while no card
	// has, no card, or any card with asLastFree in K2 ("free until the
	// first ace").
	PAsLast: {Name: "as-last", Type: Bool, Words: "the card has the suit (or the colour) of the main line's last card that passes a test (while none has: no card, or any card): the suit of the most recent ace",
		Bits: func(n *Node) int {
			return 4 + elemBitsOf(n) + int(b(n.K2&asLastFree != 0)) + 2*int(b(n.K2&asFirst != 0))
		},
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			at := pt.Scene.seenOf(n.El, n.K, pt.Card, n.K2&asFirst != 0)
			if at.at == 0 {
				return b(n.K2&asLastFree != 0)
			}
			same := attrs[asAttr(n.K2)].value
			return b(same(sim.Card(at.card)) == same(pt.Card))
		},
		// In a list of one card or none, not last(filter(…)).suit: expr
		// 1.17.8 misreads that when "? 1 : 0" follows it in a sum (the
		// exactly connective's text): "invalid operation: bool + int".
		// all(…) of no card is true: free until the first.
		text: func(n *Node, _ []text) text {
			f := attrs[asAttr(n.K2)].field
			last := fmt.Sprintf("filter(line, %s)[-1:]", elemTextOf(n))
			if n.K2&asFirst != 0 {
				last = fmt.Sprintf("filter(line, %s)[:1]", elemTextOf(n))
			}
			if n.K2&asLastFree != 0 {
				return primary(call("all", last, fmt.Sprintf(".%s == card.%s", f, f)).s)
			}
			return text{fmt.Sprintf("card.%s in map(%s, .%s)", f, last, f), precCmp}
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line, r.Card = true, true
			return r
		}},
	// Multiplied out (the average is a fraction): sum op k × n, as people
	// write it. K2's avgWithCard: the card's rank counted with the line's
	// ("keep the average, your card included, at most 7"); avgHalf: the
	// number is k and a half ("between 6.5 and 7.5", written as a
	// fraction). Win: the last cards only ("the last four and yours
	// average at least 6").
	PAvgIs: {Name: "average-is", Type: Bool, Words: "the average rank of the main line or of its last cards (the card's own with them or not) compared with a number or a half: while the average is above 7, keep the average with your card between 6.5 and 7.5",
		Bits: func(n *Node) int { return 8 + n.K2&avgWithCard + n.K2&avgHalf>>1 + winBits[n.Win] },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			sum, cnt := t.sum, t.n
			if n.K2&avgWithCard != 0 {
				sum, cnt = sum+cardRank(pt.Card), cnt+1
			}
			if n.K2&avgHalf != 0 {
				return b(compare(n.Op, 2*sum, int32(2*n.K+1)*cnt))
			}
			return b(compare(n.Op, sum, int32(n.K)*cnt))
		},
		text: func(n *Node, _ []text) text {
			sum := call("sum", call("map", windowText(n.Win), ".rank").s).s
			count := "n"
			if n.Win > 0 {
				count = fmt.Sprintf("min(n, %d)", n.Win)
			}
			if n.K2&avgWithCard != 0 {
				sum += " + card.rank"
				if n.Win > 0 {
					count = fmt.Sprintf("(min(n, %d) + 1)", n.Win)
				} else {
					count = "(n + 1)"
				}
			}
			if n.K2&avgHalf != 0 {
				if n.K2&avgWithCard != 0 {
					sum = "(" + sum + ")"
				}
				return text{fmt.Sprintf("%s / %s %s %d.5", sum, count, cmpText[n.Op], n.K), precCmp}
			}
			return text{fmt.Sprintf("%s %s %d * %s", sum, cmpText[n.Op], n.K, count), precCmp}
		},
		reads: func(n *Node, r Reads) Reads {
			r = readWindow(n, r)
			r.N = true
			if n.K2&avgWithCard != 0 {
				r.slot(SlotCard)
			}
			return r
		}},
	PNone: {Name: "none", Type: Bool, Words: "no card of the line (or its last k) passes a test",
		Bits: func(n *Node) int { return 3 + winBits[n.Win] + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return b(pt.Scene.elems(n.Win, n.El, n.K, pt.Card) == 0) },
		text: func(n *Node, _ []text) text { return call("none", windowText(n.Win), elemTextOf(n)) }, reads: readWindow},
	PAny: {Name: "any", Type: Bool, Words: "some card of the line (or its last k) passes a test",
		Bits: func(n *Node) int { return 3 + winBits[n.Win] + elemBitsOf(n) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return b(pt.Scene.elems(n.Win, n.El, n.K, pt.Card) > 0) },
		text: func(n *Node, _ []text) text { return call("any", windowText(n.Win), elemTextOf(n)) }, reads: readWindow},
	// K2 = 1: the average rounded down, as a rule written with int(sum /
	// n) reads it (the look-back pool's).
	PAvg: {Name: "avg", Type: Bool, Words: "a card's rank compared with the average rank of the main line (or of its last k cards), rounded down or not",
		Bits: func(n *Node) int { return 4 + 1 + slotBits[n.Slot] + winBits[n.Win] + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			if n.K2 == 1 {
				return b(pt.Scene.has(n.Slot) && compare(n.Op, rankOf(pt, n.Slot), t.sum/t.n))
			}
			return b(pt.Scene.has(n.Slot) && compare(n.Op, rankOf(pt, n.Slot)*t.n, t.sum))
		},
		text: func(n *Node, _ []text) text {
			count := "n"
			if n.Win > 0 {
				count = fmt.Sprintf("min(n, %d)", n.Win)
			}
			avg := call("sum", call("map", windowText(n.Win), ".rank").s).s + " / " + count
			if n.K2 == 1 {
				avg = "int(" + avg + ")"
			}
			return text{fmt.Sprintf("%s.rank %s %s", slotText[n.Slot], cmpText[n.Op], avg), precCmp}
		},
		reads: func(n *Node, r Reads) Reads { r.slot(n.Slot); return readWindow(n, r) }},
	// Multiplied out (the average is a fraction): |card.rank × m − sum| ≤ k × m.
	PNear: {Name: "near-average", Type: Bool, Words: "the card's rank within k of the average rank of the main line (or of its last cards), or more than k away; the average rounded down or not",
		// K2 = 1: the average rounded down, as a rule written with
		// int(sum / n) reads it (expr's / gives a fraction).
		Bits: func(n *Node) int { return 8 + winBits[n.Win] + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			if n.K2 == 1 {
				d := int32(pt.Card.Rank()) - t.sum/t.n
				return b(compare(n.Op, max(d, -d), int32(n.K)))
			}
			d := pt.Card.Rank()*int(t.n) - int(t.sum)
			return b(compare(n.Op, int32(max(d, -d)), int32(n.K)*t.n))
		},
		text: func(n *Node, _ []text) text {
			m := "n"
			if n.Win > 0 {
				m = fmt.Sprintf("min(n, %d)", n.Win)
			}
			sum := call("sum", call("map", windowText(n.Win), ".rank").s).s
			if n.K2 == 1 {
				return text{fmt.Sprintf("abs(card.rank - int(%s / %s)) %s %d", sum, m, cmpText[n.Op], n.K), precCmp}
			}
			return text{fmt.Sprintf("abs(card.rank * %s - %s) %s %d * %s", m, sum, cmpText[n.Op], n.K, m), precCmp}
		},
		reads: func(n *Node, r Reads) Reads { r.slot(SlotCard); return readWindow(n, r) }},
	PShare: {Name: "share", Type: Bool, Words: "the cards of the main line (or of its last cards) that pass a test compared with a half, a third or a quarter of them: face cards under a third of the line",
		// K2 1: the card counted in, a card of the kind adding one to the
		// count and every card one to the cards ("a face card only while
		// face cards, with it, are at most a quarter of the line"); of the
		// kinds of card only (the other tests compare with the card).
		Bits: func(n *Node) int { return 6 + winBits[n.Win] + elemBitsOf(n) + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := &pt.Scene.tally[n.Win.index()]
			count, all := pt.Scene.elems(n.Win, n.El, 0, pt.Card), t.n
			if n.K2 == 1 {
				all++
				if kindOf(n.El, pt.Card) {
					count++
				}
			}
			return b(compare(n.Op, count*int32(n.K), all))
		},
		text: func(n *Node, _ []text) text {
			m := "n"
			if n.Win > 0 {
				m = fmt.Sprintf("min(n, %d)", n.Win)
			}
			// A kind of card (colour, parity, face, suit): a test without a parameter.
			count := call("count", windowText(n.Win), elemText[n.El]).s
			if n.K2 == 1 {
				count = fmt.Sprintf("(%s + (card%s ? 1 : 0))", count, elemText[n.El])
				m += " + 1"
			}
			return text{fmt.Sprintf("%s * %d %s %s", count, n.K, cmpText[n.Op], m), precCmp}
		}, reads: func(n *Node, r Reads) Reads {
			r = readWindow(n, r)
			if n.K2 == 1 {
				r.Card = true
			}
			return r
		}},
	PSummary: {Name: "summary", Type: Bool, Words: "a summary of the main line: the parity of its red, face or odd cards, more red or black, the suit or colour of its last face card",
		Bits: func(n *Node) int { return summaries[n.K].bits },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 { return b(summaries[n.K].holds(pt.Scene, pt.Card)) },
		text: func(n *Node, _ []text) text { return summaries[n.K].text },
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if summaries[n.K].card {
				r.Card = true
			}
			return r
		}},
}
