package grammar

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// The round a place falls in: "each round of four cards has its wind, in
// the order spades, hearts, diamonds, clubs", "the seasons change every
// three cards", "the level rises every ten cards". A writer cuts the main
// line into rounds of k cards and numbers them, int((n + c) / k): c = 0
// when the starter opens the first round, −1 when the rounds start after
// it, and an offset up to k − 1 shifts the numbering (a cycle of suits
// begun elsewhere). An integer term of the look-back pool: compared with
// a number or a rank, or taken mod 4 against a suit's number. The
// running total is cut the same way, into rounds of points: "every fifty
// points day turns to night" is int(sum / 50) % 2.

// The lengths of a round (k = 1 is the place itself, n).
const (
	minRound = 2
	maxRound = 13
)

var roundProds = map[Prod]Production{
	// The number of the card's round: Node.K the round's length, Node.K2
	// the offset c, from −1 to K − 1.
	PRound: {Name: "round", Type: Int, Words: "the number of the round of k cards the card falls in, int((n - 1) / 4): the rounds may start at the starter or after it, and be numbered from another round",
		// Naming k, and the offset among the k + 1.
		Bits: func(n *Node) int { return 3 + ConstBits(n.K) + offsetBits(n.K, n.K2) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return int32((pt.Scene.N + n.K2) / n.K)
		},
		text: func(n *Node, _ []text) text {
			switch {
			case n.K2 == 0:
				return primary(fmt.Sprintf("int(n / %d)", n.K))
			case n.K2 < 0:
				return primary(fmt.Sprintf("int((n - %d) / %d)", -n.K2, n.K))
			}
			return primary(fmt.Sprintf("int((n + %d) / %d)", n.K2, n.K))
		},
		reads:  readN,
		bounds: func(n *Node, _ [3]span) span { return span{int32((1 + n.K2) / n.K), int32((MaxLine + n.K2) / n.K)} }},
	// The round of the running total: Node.K the place of its length in
	// totalRounds, K2 1 with the card's rank added.
	PTotalRound: {Name: "total-round", Type: Int, Words: "the number of the round of k points the running total is in, int(sum(map(line, .rank)) / 50), the card's rank with it or not: \"every fifty points day turns to night\"",
		// Naming k among eight, and whether the card is counted.
		Bits: func(n *Node) int { return 7 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t := pt.Scene.tally[0].sum
			if n.K2 == 1 {
				t += int32(pt.Card.Rank())
			}
			return t / int32(totalRounds[n.K])
		},
		text: func(n *Node, _ []text) text {
			sum := call("sum", call("map", "line", ".rank").s).s
			if n.K2 == 1 {
				sum = "(" + sum + " + card.rank)"
			}
			return primary(fmt.Sprintf("int(%s / %d)", sum, totalRounds[n.K]))
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.K2 == 1 {
				r.slot(SlotCard)
			}
			return r
		},
		bounds: func(n *Node, _ [3]span) span { return span{0, int32(13 * (MaxLine + 1) / totalRounds[n.K])} }},
	// The card carries the running total past a multiple of k (Node.K):
	// onto it or past it (K2 0, "a ten is carried"), or past it without
	// landing on one (K2 1, "a chime when the total passes twelve; landing
	// on it is fine").
	PCross: {Name: "cross", Type: Bool, Words: "the card carries the running total onto or past a multiple of k (or past it without landing on one): \"a ten is carried when the card joins the total\"",
		// Naming k, and whether landing on the multiple counts.
		Bits: func(n *Node) int { return 4 + ConstBits(n.K) + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			t, k := pt.Scene.tally[0].sum, int32(n.K)
			u := t + int32(pt.Card.Rank())
			return b(u/k > t/k && (n.K2 == 0 || u%k != 0))
		},
		text: func(n *Node, _ []text) text {
			sum := call("sum", call("map", "line", ".rank").s).s
			with := "(" + sum + " + card.rank)"
			cross := fmt.Sprintf("int(%s / %d) > int(%s / %d)", with, n.K, sum, n.K)
			if n.K2 == 0 {
				return text{cross, precCmp}
			}
			return text{fmt.Sprintf("%s %% %d != 0 and %s", with, n.K, cross), precAnd}
		},
		reads: func(_ *Node, r Reads) Reads {
			r.Line = true
			r.slot(SlotCard)
			return r
		}},
	// The suit of the card's round, the rounds of k cards (Node.K, 1: each
	// card) taking the four suits in turn in one of their 24 orders:
	// Node.K2 is the order's place in suitOrders times 2, plus 1 when the
	// rounds start at the starter (int(n / k)) and 0 when after it
	// (int((n - 1) / k)).
	PRoundSuit: {Name: "round-suit", Type: Bool, Words: "the card's suit is its round's, the rounds of k cards taking the four suits in turn in an order: card.suit == [\"hearts\", \"diamonds\", \"clubs\", \"spades\"][int(n / 4) % 4], \"four cards a season, each season its suit\"",
		// Naming k, the two offsets and one of the 24 orders.
		Bits: func(n *Node) int { return 3 + ConstBits(n.K) + 1 + 5 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			return b(roundSuit(n, pt.Scene.N) == pt.Card.Suit())
		},
		text: func(n *Node, _ []text) text {
			order := suitOrders[n.K2/2]
			names := make([]string, 4)
			for i, s := range order {
				names[i] = fmt.Sprintf("%q", suitNames[s])
			}
			place := "n"
			if n.K2%2 == 0 {
				place = "(n - 1)"
			}
			if n.K > 1 {
				place = fmt.Sprintf("int(%s / %d)", place, n.K)
			}
			return text{fmt.Sprintf("card.suit == [%s][%s %% 4]", strings.Join(names, ", "), place), precCmp}
		},
		reads: func(_ *Node, r Reads) Reads {
			r.N = true
			r.slot(SlotCard)
			return r
		}},
}

// roundSuit is the suit of the round of the card at place n (PRoundSuit).
// Before the starter's round is over, (n - 1) / k truncates toward zero as
// expr's int does, and a negative remainder counts from the list's end as
// expr's index does.
func roundSuit(node *Node, n int) sim.Suit {
	c := node.K2%2 - 1
	i := (n + c) / node.K % 4
	if i < 0 {
		i += 4
	}
	return suitOrders[node.K2/2][i]
}

// suitOrders are the 24 orders of the four suits, the grammar's own
// (spades, hearts, diamonds, clubs) first.
var suitOrders = func() (out [24][4]sim.Suit) {
	i := 0
	for a := range sim.Suit(4) {
		for b := range sim.Suit(4) {
			for c := range sim.Suit(4) {
				d := 6 - a - b - c
				if a != b && a != c && b != c {
					out[i] = [4]sim.Suit{a, b, c, d}
					i++
				}
			}
		}
	}
	return out
}()

// minCross, maxCross bound the multiples a running total is carried past (PCross's
// K): 2 to 31, as the remainders past 13 go.
const minCross, maxCross = 2, 31

// totalRounds are the lengths of a running total's rounds people count
// in: tens, scores, quarters and halves of a hundred, hundreds.
var totalRounds = [...]int{10, 15, 20, 21, 25, 30, 50, 100}

// offsetBits names one of a round's k + 1 offsets c: the two a writer
// means most (the starter opens the first round, or the rounds start
// after it) in two bits, any other in one bit and its place among the
// k − 1 others.
func offsetBits(k, c int) int {
	if c <= 0 {
		return 2
	}
	return 1 + bits.Len(uint(k-2))
}
