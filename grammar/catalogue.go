package grammar

import (
	"slices"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// leafCatalogue holds the language's leaves (the nodes without children)
// by description length: the same for every enumeration.
// (Built on first use: the Table is filled by init.)
var leafCatalogue = sync.OnceValue(func() (c *catalogue) {
	c = &catalogue{}
	put := func(n Node) {
		L := n.Bits()
		if n.Type() == Int {
			c.ints[L] = append(c.ints[L], n)
		} else {
			c.bools[L] = append(c.bools[L], n)
		}
	}
	for s := range numSlots {
		put(Node{P: PRank, Slot: s})
	}
	put(Node{P: PN})
	for k := range 32 {
		put(Node{P: PConst, K: k})
	}
	put(Node{P: PSum3})
	for _, w := range windows {
		for el := range ElRank {
			put(Node{P: PCount, Win: w, El: el})
		}
		for _, t := range smallConcepts {
			put(Node{P: PCount, Win: w, El: ElConcept, K: t})
		}
		put(Node{P: PSum, Win: w})
		for el := range ElSameRank { // the look-back pool's: "the red cards' total"
			put(Node{P: PSumOf, Win: w, El: el})
		}
		put(Node{P: PFewest, Win: w})
		if w >= 2 && w <= 3 {
			put(Node{P: PProd, Win: w})
		}
	}
	for el := range ElSameRank {
		put(Node{P: PLast, El: el})
		put(Node{P: PSince, El: el})
		put(Node{P: PSumSince, El: el})
	}
	for _, t := range smallConcepts {
		put(Node{P: PLast, El: ElConcept, K: t})
	}
	// The cards of one rank (the look-back pool's: "an ace already
	// played", "the cards since the last king").
	for r := 1; r <= 13; r++ {
		put(Node{P: PSince, El: ElRank, K: r})
		put(Node{P: PSumSince, El: ElRank, K: r}) // "the ranks since the last king"
		for _, w := range windows {
			put(Node{P: PCount, Win: w, El: ElRank, K: r})
		}
	}
	for _, w := range windows { // "a neighbour of one of the last two"
		put(Node{P: PCount, Win: w, El: ElNext})
		// The look-back pool's: "one more than a value among the last
		// four (an ace after a king)".
		for el := ElUnder; el <= ElOverRound; el++ {
			put(Node{P: PCount, Win: w, El: el})
		}
	}
	for c := range sim.Card(sim.NumCards) { // the look-back pool's: "once the queen of spades is down"
		put(Node{P: PCount, El: ElCard, K: int(c)})
	}
	for r := 2; r <= 13; r++ { // "no more than two tens or higher in five cards"
		put(Node{P: PSince, El: ElAtLeast, K: r})
		for _, w := range windows {
			put(Node{P: PCount, Win: w, El: ElAtLeast, K: r})
		}
	}
	// The look-back pool's low cards: "the cards since the last two or
	// lower", "their total since the last low card", "fewer low cards than
	// face cards in the last six".
	for r := 2; r <= 6; r++ {
		put(Node{P: PSince, El: ElAtMost, K: r})
		put(Node{P: PSumSince, El: ElAtMost, K: r})
		for _, w := range windows {
			put(Node{P: PCount, Win: w, El: ElAtMost, K: r})
		}
	}
	for r := 1; r <= 13; r++ { // the look-back pool's: "a seven once the ace of its suit is down"
		put(Node{P: PCount, El: ElSuitRank, K: r})
	}
	// The look-back pool's: "a card once the one under it in its suit is
	// down", as patience builds.
	put(Node{P: PCount, El: ElSuitBelow})
	put(Node{P: PCount, El: ElSuitAbove})
	// The look-back pool's: "not the twin of any of the last four", "none
	// of the last three of the card's colour and parity".
	for _, w := range windows {
		for _, m := range sharesSets {
			put(Node{P: PCount, Win: w, El: ElShares, K: m})
		}
	}
	for r := 10; r <= 13; r++ { // the ace above the king: "an honour", "a ten or higher, aces too"
		put(Node{P: PSince, El: ElHigh, K: r})
		for _, w := range windows {
			put(Node{P: PCount, Win: w, El: ElHigh, K: r})
		}
	}
	for _, s := range []Slot{SlotCard, SlotPrev} {
		put(Node{P: PSuitNo, Slot: s})
	}
	put(Node{P: PTrue})
	for s := range numSlots {
		for k := range numProps {
			put(Node{P: PIs, Slot: s, K: k})
		}
		for k := 1; k <= 13; k++ {
			for _, op := range []Op{Eq, Ge, Le} {
				if !(op == Ge && k == 1 || op == Le && k == 13) {
					put(Node{P: PIsRank, Slot: s, Op: op, K: k})
				}
			}
		}
		for a := 2; a <= 11; a++ {
			for hi := a + 1; hi <= 12; hi++ {
				put(Node{P: PIsRange, Slot: s, K: a, K2: hi})
			}
		}
		if s == SlotCard || s == SlotPrev {
			for t := 1; t < 255; t++ {
				put(Node{P: PConcept, Slot: s, K: t})
			}
		}
		for _, op := range []Op{Lt, Le, Gt, Ge} {
			for _, w := range windows {
				put(Node{P: PAvg, Slot: s, Op: op, Win: w})
				if s == SlotCard {
					// The look-back pool's: "at least the line's
					// average, rounded down". The card's only: the other
					// cards' against a rounded average fit a hand's few
					// verdicts by chance (the starter at least the last
					// two's, for "the last two add up to more than 13").
					put(Node{P: PAvg, Slot: s, Op: op, Win: w, K2: 1})
				}
			}
		}
	}
	for x := range numSlots {
		for y := x + 1; y < numSlots; y++ {
			for k := range numAttrs {
				ops := []Op{Eq, Ne}
				if k == AttrRank {
					ops = []Op{Eq, Ne, Lt, Le, Gt, Ge}
				}
				for _, op := range ops {
					put(Node{P: PSame, Slot: x, Slot2: y, K: k, Op: op})
				}
			}
		}
	}
	for d := range 12 {
		put(Node{P: PStep, K: d})
	}
	for k := 1; k <= 4; k++ {
		put(Node{P: PDist, Op: Eq, K: k})
		put(Node{P: PDist, Op: Le, K: k})
	}
	for k := range 6 {
		put(Node{P: PCycle, K: k})
	}
	for k := 2; k <= 13; k++ {
		for r := range k {
			put(Node{P: PPos, K: k, K2: r})
			if r > 0 {
				put(Node{P: PBlock, K: k, K2: r})
			}
		}
	}
	for _, w := range windows {
		for el := range ElRank {
			put(Node{P: PNone, Win: w, El: el})
			put(Node{P: PAny, Win: w, El: el})
		}
		for _, t := range smallConcepts {
			put(Node{P: PNone, Win: w, El: ElConcept, K: t})
			put(Node{P: PAny, Win: w, El: ElConcept, K: t})
		}
	}
	for _, a := range smallConcepts {
		for _, b := range smallConcepts {
			put(Node{P: PPattern, Slot: SlotPrev2, K: a | b<<8})
			for _, d := range smallConcepts {
				if n := (Node{P: PPattern, Slot: SlotPrev3, K: a | b<<8 | d<<16}); n.Bits() < len(c.ints) {
					put(n)
				}
			}
		}
	}
	// The look-back pool's: "switch band every card: low to 4, middle to 8,
	// high".
	for a := 1; a <= 11; a++ {
		for hi := a + 1; hi <= 12; hi++ {
			put(Node{P: PBand, Op: Eq, K: a, K2: hi})
			put(Node{P: PBand, Op: Ne, K: a, K2: hi})
		}
	}
	for a := 1; a <= 12; a++ { // two bands: "both 8 or higher, or both under"
		put(Node{P: PBand, Op: Eq, K: a, K2: 13})
		put(Node{P: PBand, Op: Ne, K: a, K2: 13})
	}
	// The look-back pool's: "face cards under a third of the line".
	for _, w := range windows {
		for el := range ElSameSuit {
			for k := 2; k <= 4; k++ {
				put(Node{P: PShare, Op: Lt, K: k, Win: w, El: el})
				put(Node{P: PShare, Op: Ge, K: k, Win: w, El: el})
				for _, op := range []Op{Lt, Le, Gt, Ge} { // the card counted in
					put(Node{P: PShare, Op: op, K: k, Win: w, El: el, K2: 1})
				}
			}
		}
		// "at least as high as half the line", "the colour in the
		// minority": the cards held against the card, a half.
		for el := ElSameSuit; el <= ElLower; el++ {
			for _, op := range []Op{Lt, Le, Gt, Ge} {
				put(Node{P: PShare, Op: op, K: 2, Win: w, El: el})
			}
		}
	}
	// The look-back pool's: "within three of the line's average", the
	// average rounded down or not.
	for _, w := range windows {
		for k := 1; k <= 4; k++ {
			for floor := range 2 {
				put(Node{P: PNear, Op: Le, K: k, Win: w, K2: floor})
				put(Node{P: PNear, Op: Gt, K: k, Win: w, K2: floor})
			}
		}
	}
	// The look-back pool's: "while the line's average is above 7", "keep
	// the average, the card's own included, at most 7", "between 6.5 and
	// 7.5", "the last four and yours average at least 6".
	for _, w := range []Window{0, 3, 4, 5} {
		for k := 2; k <= 12; k++ {
			for _, op := range []Op{Lt, Le, Gt, Ge} {
				for k2 := range avgHalf << 1 {
					put(Node{P: PAvgIs, Op: op, K: k, K2: k2, Win: w})
				}
			}
		}
	}
	// The look-back pool's: "within two of the highest of the last four",
	// "unless the last three span 3 or less".
	for _, w := range windows {
		for k := range 3 {
			put(Node{P: PExtreme, Win: w, K: k})
		}
		put(Node{P: PExtreme, Win: w, K: 2, K2: 1})
		if w == 3 || w == 5 {
			put(Node{P: PExtreme, Win: w, K: 3})
		}
	}
	// The look-back pool's: "the two make fifteen, faces counting ten".
	for _, x := range []Slot{SlotCard, SlotPrev, SlotPrev2} {
		for k := range countings {
			put(Node{P: PWorth, Slot: x, K: k})
		}
	}
	// The look-back pool's: "black pays in, red pays out, never below zero".
	// "Depth from the entrance": the same from the first card played.
	for _, after := range []int{0, balanceAfter} {
		for _, k := range []int{PropRed, PropBlack, PropEven, PropOdd, PropFace, PropNotFace} {
			put(Node{P: PBalance, K: k, K2: after})
			put(Node{P: PBalance, K: k, K2: balanceCounted | after})
		}
		// "play the colour of the lighter pan".
		put(Node{P: PBalance, K: PropRed, K2: balanceOwn | after})
		put(Node{P: PBalance, K: PropRed, K2: balanceOwn | balanceCounted | after})
	}
	// The look-back pool's: "not the colour of the card seven back", "the
	// suit of the card as many back as the last card's rank".
	for d := 4; d <= backByRankPrev; d++ {
		for _, free := range []int{0, backFree} {
			for _, t := range []struct {
				attr int
				ops  []Op
			}{{AttrSuit, []Op{Eq, Ne}}, {AttrColour, []Op{Eq, Ne}}, {AttrRank, []Op{Eq, Ne, Lt, Gt}}} {
				for _, op := range t.ops {
					put(Node{P: PBack, K: t.attr, K2: d | free, Op: op})
				}
			}
		}
	}
	// "Unless the card four back was a face card": false where the line
	// is too short (a free card there is the atoms' "or n < d"; short
	// atoms true on every short line crowd a split's candidates).
	for d := 4; d <= backByRankPrev; d++ {
		for _, k := range []int{PropRed, PropBlack, PropEven, PropOdd, PropFace, PropNotFace, PropSuit, PropSuit + 1, PropSuit + 2, PropSuit + 3} {
			put(Node{P: PBackIs, K: k, K2: d})
		}
	}
	// The look-back pool's: "each round of four cards has its suit".
	for k := minRound; k <= maxRound; k++ {
		for c := -1; c < k; c++ {
			put(Node{P: PRound, K: k, K2: c})
		}
	}
	// The look-back pool's: "four cards a season, each season its suit".
	for k := 1; k <= maxRound; k++ {
		for o := range 2 * len(suitOrders) {
			put(Node{P: PRoundSuit, K: k, K2: o})
		}
	}
	// The look-back pool's: "every fifty points day turns to night".
	for k := range totalRounds {
		put(Node{P: PTotalRound, K: k})
		put(Node{P: PTotalRound, K: k, K2: 1})
	}
	// The look-back pool's: "if the last five are all different, repeat
	// one", "once all four suits are down".
	for _, w := range windows {
		for k := range distinctAttrs {
			put(Node{P: PDistinct, Win: w, K: k})
			put(Node{P: PDistinct, Win: w, K: k, K2: 1})
		}
	}
	// The look-back pool's: "a ten is carried when the card joins the
	// running total".
	for k := minCross; k <= maxCross; k++ {
		put(Node{P: PCross, K: k})
		put(Node{P: PCross, K: k, K2: 1})
	}
	// The look-back pool's: "never the suit that leads the counts", "no
	// suit ahead of the starter's".
	for _, w := range allWindows() { // "the rarest suit of the last eight"
		for _, x := range standingSlots {
			for _, op := range []Op{Ge, Gt} {
				put(Node{P: PStanding, Win: w, Slot: x, Op: op})
				put(Node{P: PStanding, Win: w, Slot: x, Op: op, K2: 1})
			}
		}
	}
	// The look-back pool's: "no rank twice in the same over of six".
	for k := minInRound; k <= maxInRound; k++ {
		for _, el := range inRoundElems {
			put(Node{P: PInRound, K: k, El: el})
			put(Node{P: PInRound, K: k, K2: 1, El: el})
		}
	}
	// The look-back pool's: "each card closer to seven than the last".
	for k := towardStarter; k <= 13; k++ {
		for _, op := range []Op{Lt, Le, Gt, Ge} {
			put(Node{P: PToward, K: k, Op: op})
		}
	}
	// The look-back pool's: "never a row rung twice".
	for k := range stepAttrs {
		put(Node{P: PAgain, K: k, Op: Eq})
		put(Node{P: PAgain, K: k, Op: Ne})
	}
	// The look-back pool's: "only one pair in the whole line".
	for k := range events {
		put(Node{P: PEvents, K: k})
		put(Node{P: PEvents, K: k, K2: 1})
	}
	for _, w := range windows { // "the last two already count 19"
		for k := range countings {
			if countings[k].order {
				continue
			}
			put(Node{P: PWorthOf, Win: w, K: k})
			put(Node{P: PWorthOf, Win: w, K: k, K2: 1})
		}
	}
	// The look-back pool's: "each jump bigger than the one before".
	for _, x := range []Slot{SlotCard, SlotPrev, SlotPrev2} {
		for k := range 3 {
			put(Node{P: PJump, Slot: x, K: k})
		}
	}
	// The look-back pool's: "a knight's move, the suits as a board's files".
	for _, x := range []Slot{SlotCard, SlotPrev} {
		for k := range 2 {
			put(Node{P: PSuitJump, Slot: x, K: k})
		}
	}
	for k := range summaries {
		put(Node{P: PSummary, K: k})
	}
	// The look-back pool's: "the suit of the most recent ace", "the colour
	// of the last face card" (not the colour of the last red card: that is
	// red).
	// The suit's also free until the first card of its kind (asLastFree:
	// "anything goes until a five or higher is down"), and the suit or
	// colour of the first card of a kind, free until it is down (asFirst:
	// "once the first queen is down, every card has her colour").
	for _, k := range []int{AttrSuit, AttrColour, AttrSuit | asLastFree, AttrSuit | asLastFree | asFirst, AttrColour | asLastFree | asFirst} {
		for el := ElRed; el <= ElOdd; el++ {
			if asAttr(k) == AttrSuit || el > ElBlack {
				put(Node{P: PAsLast, El: el, K2: k})
			}
		}
		for r := 1; r <= 13; r++ {
			put(Node{P: PAsLast, El: ElRank, K: r, K2: k})
			if r >= 2 && k&asLastFree != 0 && k&asFirst == 0 {
				put(Node{P: PAsLast, El: ElAtLeast, K: r, K2: k})
			}
		}
	}
	// The look-back pool's: "a common factor with the last card", "a
	// binary digit in common with the last card".
	for _, pair := range [][2]Slot{{SlotCard, SlotPrev}, {SlotCard, SlotPrev2}, {SlotCard, SlotFirst}, {SlotPrev, SlotPrev2}} {
		for _, op := range []Op{Eq, Ne} {
			for k := range 2 {
				put(Node{P: PFactor, Slot: pair[0], Slot2: pair[1], Op: op, K: k})
			}
		}
	}
	for _, ends := range [][2]Slot{{SlotPrev2, SlotCard}, {SlotPrev3, SlotCard}, {SlotPrev3, SlotPrev}} {
		for _, way := range runKinds {
			for _, op := range []Op{Eq, Ne} {
				put(Node{P: PRun, Slot: ends[0], Slot2: ends[1], K: way, Op: op})
			}
		}
	}
	// The look-back pool's: the long windows, counted ("none of the last
	// eight of the card's rank", "no card twice in the last twelve").
	for w := Window(MaxWindow + 1); w <= MaxLongWindow; w++ {
		for el := range ElRank {
			put(Node{P: PCount, Win: w, El: el})
		}
	}
	// The look-back pool's: a trick's lead ("follow the suit led").
	for k := range tricks {
		for a := range numAttrs {
			ops := []Op{Eq, Ne}
			if a == AttrRank {
				ops = []Op{Eq, Ne, Lt, Le, Gt, Ge}
			}
			for _, op := range ops {
				put(Node{P: PTrick, K: a, K2: k, Op: op})
			}
		}
		for p := range numProps {
			put(Node{P: PTrickLead, K: p, K2: k})
		}
	}
	return c
})

type catalogue struct{ ints, bools [32][]Node }

// smallConcepts are the concepts of one or two literals ("red", "an odd
// black card"): the tests of windows and patterns.
var smallConcepts = func() (out []int) {
	for t := 1; t < 255; t++ {
		if l := Literals(t); l >= 1 && l <= 2 {
			out = append(out, t)
		}
	}
	return out
}()

// allWindows is the windows and the look-back pool's longer ones (to
// MaxLongWindow).
func allWindows() []Window {
	out := slices.Clone(windows)
	for w := Window(MaxWindow + 1); w <= MaxLongWindow; w++ {
		out = append(out, w)
	}
	return out
}

var windows = func() []Window {
	out := []Window{0}
	for k := 2; k <= MaxWindow; k++ {
		out = append(out, Window(k))
	}
	return out
}()
