package grammar

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// Prod names a production of the Table.
type Prod uint8

// The productions. Integer terms first, then Boolean atoms, then the
// connectives that make rules of atoms.
const (
	// Integer terms.
	PRank     Prod = iota // X.rank
	PN                    // n, the cards on the main line
	PConst                // a number
	PArith                // a + b, a − b, a * b, a % b, abs(a − b), min, max, and the sums counted round the ranks
	PMod                  // t % k
	PSum3                 // card.rank + prev.rank + prev2.rank
	PCount                // count(W, test)
	PSum                  // sum(map(W, .rank))
	PFewest               // the fewest cards of one suit in W
	PProd                 // the product of the ranks of the last k cards
	PLast                 // the rank of the line's last card that passes a test (0: none)
	PSince                // the cards played since the line's last card that passes a test (n: none has)
	PSuitNo               // X's suit as a number: spades 0, hearts 1, diamonds 2, clubs 3
	PSumOf                // the sum of the ranks of the cards of W that pass a test (the red cards' total)
	PSumSince             // the sum of the ranks played since the line's last card that passes a test
	// Boolean atoms.
	PTrue     // true
	PIs       // X is red, even, a face card, a spade, a prime …
	PIsRank   // X.rank op k
	PIsRange  // X.rank from a to b
	PSame     // X.attr op Y.attr (suit, colour, rank, parity, face)
	PStep     // card.rank == (prev.rank + d) % 13 + 1
	PDist     // abs(card.rank − prev.rank) == k, <= k
	PCycle    // the suits in a cycle
	PCmp      // a op b
	PDiv      // t % k == 0, != 0
	PRange    // t from a to b
	PPrime    // t is a prime
	PBetween  // x between a and b (closed or open)
	PPos      // n % k == r
	PBlock    // n % k < r
	PNone     // none(W, test)
	PAny      // any(W, test)
	PAvg      // X.rank op the line's average rank
	PNear     // the card's rank within k of the line's average rank, or beyond it
	PShare    // the cards of a kind under (or at least) a k-th of the line: count(W, test) * k < n
	PBand     // the card in the same band of ranks as prev, or another (low to a, middle to b, high)
	PSummary  // a summary of the line (the colour counts' parity, the last face card …)
	PConcept  // a Boolean concept of X's colour, parity and faceness
	PPattern  // the last two or three cards fit concepts in turn ("after two odd black cards")
	PRun      // the card ends a run of three or four ranks going one way ("no three rising in a row")
	PFactor   // X.rank and Y.rank share a factor greater than one (or not)
	PIn       // t in [a, b, …]: a term in a set of numbers ("the last two add up to 4, 9, 16 or 25")
	PAsLast   // the card has the suit (colour) of the line's last card that passes a test ("the suit of the most recent ace")
	PAvgIs    // the main line's average rank op k ("while the average is above 7")
	PJump     // the jump (or the step) from one card to the next: abs(card.rank − prev.rank), prev.rank − prev2.rank …
	PSuitJump // how far apart the suits of X and the card before it are (clubs, diamonds, hearts, spades; or round)
	PExtreme  // the highest (or the lowest) rank of the line or of its last k cards
	PWorth    // X's points in a card game's counting: min(card.rank, 10), bridge's honour points …
	PWorthOf  // the points of the line (or of its last k cards) in a counting: the honour points of the last three
	PBalance  // the line's ranks, those of a kind added and the others taken away ("black pays in, red pays out")
	// Connectives.
	PNot     // not a
	PAnd     // a and b
	POr      // a or b
	PIte     // c ? a : b
	PImp     // c ? a : true
	PIff     // c ? a : not a
	PGuard   // prev2 == nil or a; prev2 != nil and a (likewise prev3)
	PSplit   // prev2 == nil ? a : b: one rule for the lines too short for prev2 (prev3), another for the rest
	PCase    // [a, b, …][t % k]: one rule for each value of a term mod k
	PExactly // exactly k of three conditions ("share exactly one of colour, parity and …")
	PMirror  // c ? r : r the other way round ("red goes up, black goes down")
	PAlt     // c ? a : b, two classes of cards taking turns ("odd black and even red alternate")
	// An atom, last so that the others keep their numbers.
	PSameIn     // (x in S) == (y in S): two cards' values in one class of a set, or (!=) in the two ("a point card after a point card")
	PSamePart   // [c0, c1, …][prev.rank] == […][card.rank]: two cards' ranks in one class of a partition, or (!=) in two ("as many letters in its name")
	PBeats      // [l0, l1, …][card.rank] > […][prev.rank]: the card above the last one in an order of strength ("beat it in Sueca's order")
	PTrick      // n % k > 0 and card.attr op line[n - n % k].attr: the card against its trick's lead ("follow the suit led")
	PTrickLead  // n % k > 0 and line[n - n % k] is red, a spade …: the trick's lead
	PEvents     // how many times two neighbours of the line shared a rank (a suit …), or went up: count(1..(n - 1), line[#].rank == line[# - 1].rank)
	PBack       // card.attr op line[n - d].attr: a card further back ("not the colour of the card seven back"), or as many back as prev's rank
	PRound      // int((n + c) / k): the number of the round of k cards the card falls in ("each round of four has its suit")
	PAgain      // any(0..(n - 2), line[#].rank == prev.rank and line[# + 1].rank == card.rank): the last card and the card in a row as they came before ("no row rung twice")
	PTotalRound // int(sum(map(line, .rank)) / k): the round of k points the running total is in ("every fifty points day turns to night")
	PCross      // int((sum(map(line, .rank)) + card.rank) / 10) > int(sum(map(line, .rank)) / 10): the card carries the running total past a multiple of k ("a ten is carried")
	PDistinct   // len(uniq(map(line[max(0, n - 5):], .rank))): how many different ranks (suits) a stretch of the line shows ("the last five all different")
	PStanding   // how many suits have been played at least as often (more often) as the card's suit: 1 when it strictly leads ("never the suit that leads the counts")
	PToward     // abs(card.rank - 7) < abs(prev.rank - 7): the card closer to a mark (a rank, the starter's) than the last card ("closer to seven each time")
	PInRound    // count(line[n - (n - 1) % 6:], .rank == card.rank): the cards of the card's round so far that pass a test ("no rank twice in an over")
	PBackIs     // line[n - d] is red, a face card …: a card further back ("unless the card four back was a face card")
	PRoundSuit  // card.suit == ["hearts", "diamonds", "clubs", "spades"][int(n / 4) % 4]: the suit of the card's round, the suits in an order ("four cards a season, each season its suit")
	PMode       // (findIndex(reverse(line), .rank == 7) ?? n) < (findIndex(reverse(line), .rank == 1) ?? n): a mode a kind of card switches on and another off ("a 7 corks the bottle until an ace")
	NumProds
)

// Production is one production of the language: what it gives and takes,
// its own description length, its expression text, its evaluation and its
// words.
type Production struct {
	Name string
	Type Type
	Kids []Type
	// Bits is the production's own description length in bits, for the
	// node's parameters (its children's bits are added by Node.Bits).
	Bits func(n *Node) int
	// Connective: a production that joins Boolean parts into a rule (a
	// node of any other production is an atom or a term).
	Connective bool
	// Counted: how many children's bits count in the node's (0: all). The
	// others are written out but follow from the counted ones: the
	// opposite an iff names, the way back of a direction that flips.
	Counted int
	// Words says what the production is, in English (the space report and
	// docs/rule-language.md's table of the language).
	Words string
	// eval is the node's value at a point from its children's values
	// (truth values as 0 and 1). It never fails: a slot the line is too
	// short for reads as rank 0, and a guard above decides the point.
	eval func(n *Node, pt *Point, kids [3]int32) int32
	text func(n *Node, kids []text) text
	// reads adds what the production itself reads (its children add
	// theirs).
	reads func(n *Node, r Reads) Reads
	// bounds is an integer term's least and greatest value, from its
	// children's (the range a constant compared with it can usefully take).
	bounds func(n *Node, k [3]span) span
}

// span is the closed range of an integer term's values.
type span struct{ lo, hi int32 }

// MaxLine bounds the main line: three decks of 52.
const MaxLine = 3 * sim.NumCards

// Table is the language: one row per production, indexed by Prod. Its
// rows are written here (the cards, terms and atoms), in lineprods.go (those
// that read the line), connectives.go, cardterms.go and a file for each
// kind since (patterns.go, rounds.go, steps.go, standing.go …: init's
// list); init joins them.
var Table [NumProds]Production

func fixed(bits int) func(*Node) int { return func(*Node) int { return bits } }

func readSlot(n *Node, r Reads) Reads  { r.slot(n.Slot); return r }
func readSlots(n *Node, r Reads) Reads { r.slot(n.Slot); r.slot(n.Slot2); return r }
func readN(_ *Node, r Reads) Reads     { r.N = true; return r }
func readWindow(n *Node, r Reads) Reads {
	r.Line = true
	r.Win = max(r.Win, int(n.Win))
	if n.El.readsCard() {
		r.Card = true
	}
	return r
}

// readWindowAndCard: a window's term that counts the card in when K2 is
// 1 ("the last three and the card").
func readWindowAndCard(n *Node, r Reads) Reads {
	r = readWindow(n, r)
	if n.K2 == 1 {
		r.slot(SlotCard)
	}
	return r
}

func readCardPrev(_ *Node, r Reads) Reads { r.slot(SlotCard); r.slot(SlotPrev); return r }

// ConstBits is the description length of a small integer constant: 3 bits
// for 0..7, 4 for 8..15, 5 for 16..31, 6 beyond.
func ConstBits(k int) int {
	switch {
	case k >= 0 && k <= 7:
		return 3
	case k >= 0 && k <= 15:
		return 4
	case k >= 0 && k <= 31:
		return 5
	}
	return 6
}

// winBits is naming a window: the whole line is the default; the long
// windows (7 to 13 cards) three bits.
var winBits = [MaxLongWindow + 1]int{0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3}

// elemBits is naming an element test.
var elemBits = [numElems]int{1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 2, 4, 2, 5, 0, 6, 5, 5, 3, 3, 5, 3, 3, 4, 4, 5}

// elemBitsOf is naming a node's element test: a concept costs its
// literals + 1, as the concepts of one card do.
func elemBitsOf(n *Node) int {
	if n.El == ElConcept {
		return ConceptCost(Literals(n.K))
	}
	return elemBits[n.El]
}

// modBits is "% k": the operator and k (2..6 cheaper than 7..13, these
// than the moduli up to maxModulus).
func modBits(k int) int {
	switch {
	case k <= 6:
		return 4
	case k <= 13:
		return 5
	}
	return 6
}

// maxModulus is the greatest k of "t % k == 0": a running total counted
// round the 19 stations of a loop line, the 24 hours of a day, a month
// of 28 to 31 days. Beyond 13, found top down only (threshold.go).
const maxModulus = 31

// band is a rank's band for PBand: 0 up to K, 1 up to K2, 2 above.
func band(r int32, n *Node) int32 {
	switch {
	case r <= int32(n.K):
		return 0
	case r <= int32(n.K2):
		return 1
	}
	return 2
}

func rankOf(pt *Point, s Slot) int32 {
	if !pt.Scene.has(s) {
		return 0
	}
	return cardRank(pt.Scene.slotCard(s, pt.Card))
}

// suitNoText is X's suit as a number (spades 0, hearts 1, diamonds 2,
// clubs 3: bridge's order, highest first).
func suitNoText(s Slot) text {
	var parts []string
	for su := range 4 {
		parts = append(parts, fmt.Sprintf("%q: %d", suitNames[su], su))
	}
	return primary(fmt.Sprintf("{%s}[%s.suit]", strings.Join(parts, ", "), slotText[s]))
}

func b(v bool) int32 {
	if v {
		return 1
	}
	return 0
}

// Apply is node n's value from its children's values, for the productions
// that read nothing but their children (arithmetic, remainders,
// comparisons, divisibility, ranges, primes, between): the index tabulates
// its terms and atoms over every assignment of ranks with it, so that
// their meaning is the table's.
func Apply(n *Node, kids ...int32) int32 {
	var k [3]int32
	copy(k[:], kids)
	return n.prod().eval(n, nil, k)
}

var suitNames = [4]string{"spades", "hearts", "diamonds", "clubs"}

func init() {
	Table = [NumProds]Production{
		PRank: {Name: "rank", Type: Int, Words: "a card's rank: the card's, prev's, prev2's, prev3's or the starter's",
			Bits: func(n *Node) int { return 1 + slotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 { return rankOf(pt, n.Slot) },
			text: func(n *Node, _ []text) text { return primary(slotText[n.Slot] + ".rank") }, reads: readSlot,
			bounds: func(*Node, [3]span) span { return span{1, 13} }},
		PN: {Name: "n", Type: Int, Words: "the number of cards on the main line", Bits: fixed(2),
			eval: func(_ *Node, pt *Point, _ [3]int32) int32 { return int32(pt.Scene.N) },
			text: func(*Node, []text) text { return primary("n") }, reads: readN,
			bounds: func(*Node, [3]span) span { return span{1, MaxLine} }},
		PConst: {Name: "const", Type: Int, Words: "a number",
			Bits:   func(n *Node) int { return ConstBits(n.K) },
			eval:   func(n *Node, _ *Point, _ [3]int32) int32 { return int32(n.K) },
			text:   func(n *Node, _ []text) text { return primary(fmt.Sprint(n.K)) },
			bounds: func(n *Node, _ [3]span) span { return span{int32(n.K), int32(n.K)} }},
		PArith: {Name: "arith", Type: Int, Kids: []Type{Int, Int}, Bits: fixed(3),
			Words:  "a + b, a − b, a × b, a % b, abs(a − b), min, max, the sum and the difference counted round the ranks",
			eval:   func(n *Node, _ *Point, k [3]int32) int32 { return arith(n.Op, k[0], k[1]) },
			text:   func(n *Node, k []text) text { return arithText(n.Op, k[0], k[1]) },
			bounds: func(n *Node, k [3]span) span { return arithBounds(n.Op, k[0], k[1]) }},
		PMod: {Name: "mod", Type: Int, Kids: []Type{Int}, Words: "a term % k, for k from 2 to 13 (to 31 for a term that goes round k twice, found top down)",
			Bits: func(n *Node) int { return modBits(n.K) },
			eval: func(n *Node, _ *Point, k [3]int32) int32 { return k[0] % int32(n.K) }, // Go's and expr's remainder: negative for a negative term
			text: func(n *Node, k []text) text { return infix(k[0], "%", primary(fmt.Sprint(n.K)), precMul) },
			bounds: func(n *Node, k [3]span) span {
				m := int32(n.K) - 1
				return span{max(-m, min(0, k[0].lo)), min(m, max(0, k[0].hi))}
			}},
		PSum3: {Name: "sum3", Type: Int, Words: "the sum of the card and the two before it", Bits: fixed(7),
			eval: func(_ *Node, pt *Point, _ [3]int32) int32 {
				return rankOf(pt, SlotCard) + rankOf(pt, SlotPrev) + rankOf(pt, SlotPrev2)
			},
			text:   func(*Node, []text) text { return text{"card.rank + prev.rank + prev2.rank", precAdd} },
			reads:  func(_ *Node, r Reads) Reads { r.slot(SlotCard); r.slot(SlotPrev); r.slot(SlotPrev2); return r },
			bounds: func(*Node, [3]span) span { return span{3, 39} }},
		PSuitNo: {Name: "suit-number", Type: Int, Words: "a card's suit as a number (spades 0, hearts 1, diamonds 2, clubs 3): what one rule for each suit splits on",
			Bits: func(n *Node) int { return 3 + slotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				if !pt.Scene.has(n.Slot) {
					return 0
				}
				return int32(pt.Scene.slotCard(n.Slot, pt.Card).Suit())
			},
			text: func(n *Node, _ []text) text { return suitNoText(n.Slot) }, reads: readSlot,
			bounds: func(*Node, [3]span) span { return span{0, 3} }},
		PTrue: {Name: "true", Type: Bool, Words: "any card", Bits: fixed(1),
			eval: func(*Node, *Point, [3]int32) int32 { return 1 },
			text: func(*Node, []text) text { return primary("true") }},
		PIs: {Name: "is", Type: Bool, Words: "a card is red, black, even, odd, a face card or not, a prime, a square, of a suit or not",
			Bits: func(n *Node) int { return props[n.K].bits + isSlotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				if !pt.Scene.has(n.Slot) {
					return 0
				}
				return b(props[n.K].holds(pt.Scene.slotCard(n.Slot, pt.Card)))
			},
			text:  func(n *Node, _ []text) text { return props[n.K].text(slotText[n.Slot]) },
			reads: readSlot},
		PIsRank: {Name: "is-rank", Type: Bool, Words: "a card's rank compared with a number", Bits: func(n *Node) int { return 5 + isSlotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				return b(pt.Scene.has(n.Slot) && compare(n.Op, rankOf(pt, n.Slot), int32(n.K)))
			},
			text: func(n *Node, _ []text) text {
				return text{fmt.Sprintf("%s.rank %s %d", slotText[n.Slot], cmpText[n.Op], n.K), precCmp}
			}, reads: readSlot},
		PIsRange: {Name: "is-range", Type: Bool, Words: "a card's rank from a to b", Bits: func(n *Node) int { return 8 + isSlotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				r := rankOf(pt, n.Slot)
				return b(pt.Scene.has(n.Slot) && r >= int32(n.K) && r <= int32(n.K2))
			},
			text: func(n *Node, _ []text) text {
				x := slotText[n.Slot]
				return text{fmt.Sprintf("%s.rank >= %d and %s.rank <= %d", x, n.K, x, n.K2), precAnd}
			}, reads: readSlot},
		PSame: {Name: "same", Type: Bool, Words: "two cards of the same (or another) suit, colour, rank, parity or faceness; ranks compared",
			Bits: func(n *Node) int {
				if n.Slot == SlotCard && n.Slot2 == SlotPrev {
					return 3
				}
				return 3 + slotBits[n.Slot] + slotBits[n.Slot2]
			},
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				sc := pt.Scene
				if !sc.has(n.Slot) || !sc.has(n.Slot2) {
					return 0
				}
				x, y := sc.slotCard(n.Slot, pt.Card), sc.slotCard(n.Slot2, pt.Card)
				return b(compare(n.Op, attrs[n.K].value(x), attrs[n.K].value(y)))
			},
			text: func(n *Node, _ []text) text {
				a := attrs[n.K].field
				return text{fmt.Sprintf("%s.%s %s %s.%s", slotText[n.Slot], a, cmpText[n.Op], slotText[n.Slot2], a), precCmp}
			}, reads: readSlots},
		PStep: {Name: "step", Type: Bool, Words: "a step of d ranks up from the last card, counting round from king to ace", Bits: fixed(6),
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				return b(rankOf(pt, SlotCard) == (rankOf(pt, SlotPrev)+int32(n.K))%13+1)
			},
			text: func(n *Node, _ []text) text {
				if n.K == 0 { // one up: no "+ 0"
					return text{"card.rank == prev.rank % 13 + 1", precCmp}
				}
				return text{fmt.Sprintf("card.rank == (prev.rank + %d) %% 13 + 1", n.K), precCmp}
			},
			reads: readCardPrev},
		PDist: {Name: "dist", Type: Bool, Words: "exactly (or at most) k ranks from the last card", Bits: fixed(5),
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				return b(compare(n.Op, arith(Dist, rankOf(pt, SlotCard), rankOf(pt, SlotPrev)), int32(n.K)))
			},
			text: func(n *Node, _ []text) text {
				return text{fmt.Sprintf("abs(card.rank - prev.rank) %s %d", cmpText[n.Op], n.K), precCmp}
			}, reads: readCardPrev},
		PCycle: {Name: "cycle", Type: Bool, Words: "the suits in a cycle: each suit followed by the next", Bits: fixed(7),
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				return b(suitCycles[n.K][pt.Scene.slotCard(SlotPrev, pt.Card).Suit()] == pt.Card.Suit())
			},
			text: func(n *Node, _ []text) text {
				var parts []string
				for s := range 4 {
					parts = append(parts, fmt.Sprintf("%q: %q", suitNames[s], suitNames[suitCycles[n.K][s]]))
				}
				return text{fmt.Sprintf("{%s}[prev.suit] == card.suit", strings.Join(parts, ", ")), precCmp}
			}, reads: readCardPrev},
		PCmp: {Name: "cmp", Type: Bool, Kids: []Type{Int, Int}, Words: "two terms compared: ==, !=, <, <=, >, >=", Bits: fixed(2),
			eval: func(n *Node, _ *Point, k [3]int32) int32 { return b(compare(n.Op, k[0], k[1])) },
			text: func(n *Node, k []text) text { return cmpOf(k[0], n.Op, k[1]) }},
		PDiv: {Name: "div", Type: Bool, Kids: []Type{Int}, Words: "a term divisible by k (or not)",
			Bits: func(n *Node) int { return modBits(n.K) - 1 },
			eval: func(n *Node, _ *Point, k [3]int32) int32 { return b((k[0]%int32(n.K) == 0) == (n.Op == Eq)) },
			text: func(n *Node, k []text) text {
				return text{fmt.Sprintf("%s %% %d %s 0", k[0].atLeast(precMul), n.K, cmpText[n.Op]), precCmp}
			}},
		PRange: {Name: "range", Type: Bool, Kids: []Type{Int}, Words: "a term from a to b",
			Bits: func(n *Node) int { return 2 + ConstBits(n.K) + ConstBits(n.K2) },
			eval: func(n *Node, _ *Point, k [3]int32) int32 { return b(k[0] >= int32(n.K) && k[0] <= int32(n.K2)) },
			text: func(n *Node, k []text) text {
				t := k[0].above(precCmp)
				return text{fmt.Sprintf("%s >= %d and %s <= %d", t, n.K, t, n.K2), precAnd}
			}},
		// A term of a kind of number (numbers.go): K is the term's
		// greatest value (how far the text lists the kind), K2 the kind.
		PPrime: {Name: "prime", Type: Bool, Kids: []Type{Int}, Words: "a term that is a prime, a perfect square, a triangular or Fibonacci number, a power of two",
			Bits: func(n *Node) int { return numberKinds[n.K2].bits },
			eval: func(n *Node, _ *Point, k [3]int32) int32 { return b(kindsOf(k[0])>>n.K2&1 == 1) },
			text: func(n *Node, k []text) text { return kindText(n.K2, k[0], n.K) }},
		// Two ranks with a common factor (Op Eq) or none (Ne, coprime):
		// an ace has none with any rank.
		// K 1: a common binary digit rather than a common factor ("in
		// binary the two ranks have a 1 in the same place").
		PFactor: {Name: "factor", Type: Bool, Words: "two cards' ranks with a common factor greater than one (or none), or a common binary digit 1 (or none)",
			Bits: func(n *Node) int { return 5 + n.K + slotBits[n.Slot] + slotBits[n.Slot2] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				sc := pt.Scene
				if !sc.has(n.Slot) || !sc.has(n.Slot2) {
					return 0
				}
				x, y := rankOf(pt, n.Slot), rankOf(pt, n.Slot2)
				if n.K == 1 {
					return b((x&y != 0) == (n.Op == Eq))
				}
				return b((gcd(x, y) > 1) == (n.Op == Eq))
			},
			text: func(n *Node, _ []text) text {
				if n.K == 1 {
					return text{fmt.Sprintf("bitand(%s.rank, %s.rank) %s 0", slotText[n.Slot], slotText[n.Slot2], cmpText[1-n.Op]), precCmp}
				}
				f := "any"
				if n.Op == Ne {
					f = "none"
				}
				return call(f, "2..13", fmt.Sprintf("%s.rank %% # == 0 and %s.rank %% # == 0", slotText[n.Slot], slotText[n.Slot2]))
			},
			reads: readSlots},
		// A term in a set of numbers; K holds the set, bit v for the
		// number v (0 … maxInValue). Made top down from the values a term
		// takes at the accepted points when no refused point shares one
		// (threshold.go), never enumerated.
		PIn: {Name: "in", Type: Bool, Kids: []Type{Int}, Words: "a term in a set of numbers",
			Bits: func(n *Node) int { return 2 + setBits(n.K) },
			eval: func(n *Node, _ *Point, k [3]int32) int32 {
				return b(k[0] >= 0 && k[0] <= maxInValue && n.K>>k[0]&1 == 1)
			},
			text: func(n *Node, k []text) text { return text{k[0].above(precCmp) + " in " + setText(n.K), precCmp} }},
		PBetween: {Name: "between", Type: Bool, Kids: []Type{Int, Int, Int}, Words: "a term between two others, ends included (or not)", Bits: fixed(4),
			eval: func(n *Node, _ *Point, k [3]int32) int32 {
				lo, hi := min(k[1], k[2]), max(k[1], k[2])
				if n.Op == Le {
					return b(k[0] >= lo && k[0] <= hi)
				}
				return b(k[0] > lo && k[0] < hi)
			},
			text: func(n *Node, k []text) text {
				x := k[0].above(precCmp)
				lo, hi := call("min", k[1].s, k[2].s).s, call("max", k[1].s, k[2].s).s
				if n.Op == Le {
					return text{fmt.Sprintf("%s >= %s and %s <= %s", x, lo, x, hi), precAnd}
				}
				return text{fmt.Sprintf("%s > %s and %s < %s", x, lo, x, hi), precAnd}
			}},
		PPos: {Name: "pos", Type: Bool, Words: "the position on the main line: n % k == r", Bits: func(n *Node) int { return posBits(n.K) },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 { return b(pt.Scene.N%n.K == n.K2) },
			text: func(n *Node, _ []text) text { return text{fmt.Sprintf("n %% %d == %d", n.K, n.K2), precCmp} }, reads: readN},
		PBlock: {Name: "block", Type: Bool, Words: "the first r places of every k: n % k < r", Bits: func(n *Node) int { return posBits(n.K) + 1 },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 { return b(pt.Scene.N%n.K < n.K2) },
			text: func(n *Node, _ []text) text { return text{fmt.Sprintf("n %% %d < %d", n.K, n.K2), precCmp} }, reads: readN},
		// K2 13: two bands, low up to a and high ("both 8 or higher, or
		// both under").
		PBand: {Name: "band", Type: Bool, Words: "the card's band of ranks (low up to a, middle up to b, high; or low and high) the same as the last card's, or another",
			Bits: func(n *Node) int {
				if n.K2 == 13 {
					return 7
				}
				return 11
			},
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				return b(compare(n.Op, band(rankOf(pt, SlotCard), n), band(rankOf(pt, SlotPrev), n)))
			},
			text: func(n *Node, _ []text) text {
				t := func(x string) string {
					if n.K2 == 13 {
						return fmt.Sprintf("(%s.rank <= %d)", x, n.K)
					}
					return fmt.Sprintf("(%s.rank <= %d ? 0 : (%s.rank <= %d ? 1 : 2))", x, n.K, x, n.K2)
				}
				return text{fmt.Sprintf("%s %s %s", t("card"), cmpText[n.Op], t("prev")), precCmp}
			}, reads: readCardPrev},
		PConcept: {Name: "concept", Type: Bool, Words: "a Boolean concept of a card's colour, parity and faceness (its bits: the fewest literals + 1)",
			Bits: func(n *Node) int { return ConceptCost(minimalFormulas()[n.K].literals) + isSlotBits[n.Slot] },
			eval: func(n *Node, pt *Point, _ [3]int32) int32 {
				if !pt.Scene.has(n.Slot) {
					return 0
				}
				return b(n.K>>conceptCell(pt.Scene.slotCard(n.Slot, pt.Card))&1 == 1)
			},
			text:  func(n *Node, _ []text) text { return conceptText(n.K, slotText[n.Slot]) },
			reads: readSlot},
	}
	for _, rows := range []map[Prod]Production{cardTerms, lineProds, connectives, classProds, orderProds, trickProds, eventProds, backProds, roundProds, stepProds, distinctProds, standingProds, towardProds, inRoundProds, patternProds, modeProds} {
		for p, e := range rows {
			Table[p] = e
		}
	}
}

// s2 writes a branch of a ternary (a nested ternary in parentheses).
func (t text) s2() string { return t.above(precTernary) }

func ternary(c text, a, b string) text {
	return text{c.above(precTernary) + " ? " + a + " : " + b, precTernary}
}

// posBits is "n % k == r": naming k and r, longer periods costing more.
func posBits(k int) int {
	switch {
	case k == 2:
		return 3
	case k == 3:
		return 5
	case k <= 6:
		return 6
	}
	return 7
}

// isSlotBits is what an attribute of a card other than the one judged
// costs beyond the card's own: prev's are as cheap (the conditions people
// write most), those further back cost their naming.
var isSlotBits = [numSlots]int{0, 0, 3, 4, 4}
