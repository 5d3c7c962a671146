package grammar

import (
	"github.com/eleusis/eleusis/sim"
)

// Scene is a main line prepared for judging: the cards the language names
// and, for each window, the tallies its counts and sums read. A card is
// judged after a Scene; the Scene does not depend on the card, so every
// card judged after one line shares it.
type Scene struct {
	// N is the number of cards on the main line (the rule language's n).
	N int
	// card: each slot's card (prev, prev2, prev3, line[0]), −1 when the
	// line is too short to have it; card[SlotCard] is unused.
	card  [numSlots]int16
	tally [numWindows]tally
	// lastFaceSuit: the suit of the line's most recent face card, −1 for
	// none.
	lastFaceSuit int8
	// last, first: the most recent and the earliest card of each kind
	// (concept cell, suit, rank) on the line.
	last, first kindsSeen
	// leads: the lead of the card's trick of each of tricks, −1 where the
	// card leads.
	leads [len(tricks)]int16
	// events: the times each event happened between neighbours of the
	// line (events' order).
	events [numEvents]int16
	// back: the card d places back (back[1] is prev), −1 where the line
	// is shorter (back.go).
	back [maxBack + 1]int16
	// followed: the values that followed an earlier card of prev's value
	// on the line, by attribute (steps.go).
	followed [len(stepAttrs)]uint16
}

// seen is where a kind of card was last played: its place on the line + 1
// (0: never) and its rank.
type seen struct {
	at, rank int16
	cum      int32 // the sum of the ranks of the line up to this card, itself included
	card     int8  // the card itself
}

// kindsSeen is a card of each kind, as its place on the line + 1 (0:
// none) and its rank: of each concept cell, each suit, each rank.
type kindsSeen struct {
	cell [8]seen
	suit [4]seen
	rank [14]seen
}

// tally counts the cards of one window.
type tally struct {
	n, sum          int32 // cards, sum of ranks
	red, face, even int32
	suit            [4]int32
	rank            [15]int32           // by rank 1..13 (0 and 14 stay 0: a rank's neighbours)
	above           [15]int32           // cards of rank above r (rank[r+1] + …)
	cell            [8]int32            // by concept cell (colour, parity, faceness)
	cellSum         [8]int32            // the ranks' sum by concept cell
	suitSum         [4]int32            // the ranks' sum by suit
	card            [sim.NumCards]uint8 // by card (up to three decks: a few copies at most)
	prod            int32               // the product of the ranks (windows of up to MaxWindow cards)
}

// NewScene prepares line (oldest first, never empty: the starter is always
// there) for judging.
func NewScene(line []sim.Card) *Scene {
	sc := &Scene{}
	sc.Reset(line)
	return sc
}

// Reset prepares sc for line, reusing its memory.
func (sc *Scene) Reset(line []sim.Card) {
	n := len(line)
	sc.N = n
	for s := SlotPrev; s < numSlots; s++ {
		sc.card[s] = -1
	}
	if n >= 1 {
		sc.card[SlotPrev] = int16(line[n-1])
		sc.card[SlotFirst] = int16(line[0])
	}
	if n >= 2 {
		sc.card[SlotPrev2] = int16(line[n-2])
	}
	if n >= 3 {
		sc.card[SlotPrev3] = int16(line[n-3])
	}
	for i, t := range tricks {
		sc.leads[i] = -1
		if at := t.at(n); at != 0 {
			sc.leads[i] = int16(line[n-at])
		}
	}
	sc.last, sc.first = kindsSeen{}, kindsSeen{}
	var cum int32
	for i, c := range line {
		cum += int32(c.Rank())
		at := seen{int16(i + 1), int16(c.Rank()), cum, int8(c)}
		cell, suit, rank := conceptCell(c), c.Suit(), c.Rank()
		sc.last.cell[cell], sc.last.suit[suit], sc.last.rank[rank] = at, at, at
		if sc.first.cell[cell].at == 0 {
			sc.first.cell[cell] = at
		}
		if sc.first.suit[suit].at == 0 {
			sc.first.suit[suit] = at
		}
		if sc.first.rank[rank].at == 0 {
			sc.first.rank[rank] = at
		}
	}
	sc.events = countEvents(line)
	sc.followed = followedOf(line)
	for d := range sc.back {
		sc.back[d] = -1
		if d >= 1 && d <= n {
			sc.back[d] = int16(line[n-d])
		}
	}
	sc.lastFaceSuit = -1
	for i := n - 1; i >= 0; i-- {
		if line[i].Face() {
			sc.lastFaceSuit = int8(line[i].Suit())
			break
		}
	}
	for w := range sc.tally {
		from := 0
		if w > 0 {
			from = max(0, n-(w+1)) // window index w holds the last w+1 cards
		}
		sc.tally[w].count(line[from:])
	}
}

func (t *tally) count(cards []sim.Card) {
	*t = tally{prod: 1}
	for _, c := range cards {
		r := c.Rank()
		t.cell[conceptCell(c)]++
		t.cellSum[conceptCell(c)] += int32(r)
		t.suitSum[c.Suit()] += int32(r)
		if len(cards) <= MaxWindow {
			t.prod *= int32(r)
		}
		t.n++
		t.sum += int32(r)
		t.suit[c.Suit()]++
		t.rank[r]++
		t.card[c]++
		if c.Red() {
			t.red++
		}
		if c.Face() {
			t.face++
		}
		if c.Even() {
			t.even++
		}
	}
	for r := 12; r >= 0; r-- { // above[13] = above[14] = 0
		t.above[r] = t.above[r+1] + t.rank[r+1]
	}
}

// middle is the rank at index i of the window's ranks from the lowest up
// (i 0: the lowest).
func (t *tally) middle(i int32) int32 {
	for r := int32(1); r <= 13; r++ {
		if i -= t.rank[r]; i < 0 {
			return r
		}
	}
	return 13
}

// lead is the lead of the card's trick (k: an index of tricks); false
// where the card leads a trick itself.
func (sc *Scene) lead(k int) (sim.Card, bool) {
	l := sc.leads[k]
	return sim.Card(l), l >= 0
}

// has reports whether the line is long enough for slot s.
func (sc *Scene) has(s Slot) bool { return s == SlotCard || sc.card[s] >= 0 }

// slotCard is slot s's card (the judged card c for SlotCard); only valid
// when has(s).
func (sc *Scene) slotCard(s Slot, c sim.Card) sim.Card {
	if s == SlotCard {
		return c
	}
	return sim.Card(sc.card[s])
}

// elems counts the cards of window w that pass test e (against card c; k
// is a concept's table).
func (sc *Scene) elems(w Window, e Elem, k int, c sim.Card) int32 {
	t := &sc.tally[w.index()]
	switch e {
	case ElConcept:
		var n int32
		for cell, m := range t.cell {
			if k>>cell&1 == 1 {
				n += m
			}
		}
		return n
	case ElRed:
		return t.red
	case ElBlack:
		return t.n - t.red
	case ElFace:
		return t.face
	case ElEven:
		return t.even
	case ElOdd:
		return t.n - t.even
	case ElSpades, ElHearts, ElDiamonds, ElClubs:
		return t.suit[e-ElSpades]
	case ElSameSuit:
		return t.suit[c.Suit()]
	case ElSameColour:
		if c.Red() {
			return t.red
		}
		return t.n - t.red
	case ElSameRank:
		return t.rank[c.Rank()]
	case ElHigher:
		return t.above[c.Rank()]
	case ElLower:
		r := c.Rank()
		return t.n - t.above[r] - t.rank[r]
	case ElSameCard:
		return int32(t.card[c])
	case ElCard:
		return int32(t.card[k])
	case ElRank:
		return t.rank[k]
	case ElNext:
		return t.rank[c.Rank()-1] + t.rank[c.Rank()+1]
	case ElAtLeast:
		return t.above[k-1]
	case ElAtMost:
		return t.n - t.above[k]
	case ElHigh:
		return t.above[k-1] + t.rank[1]
	case ElSuitRank:
		return int32(t.card[sim.NewCard(k, c.Suit())])
	case ElSuitBelow, ElSuitAbove:
		if r, ok := suitNeighbour(e, c); ok {
			return int32(t.card[sim.NewCard(r, c.Suit())])
		}
		return 0
	case ElShares:
		n, _ := t.sharing(k, c)
		return n
	case ElUnder, ElOver, ElUnderRound, ElOverRound:
		return t.rank[stepRank(e, c)]
	case ElNear1, ElNear2:
		k := 1 + int(e-ElNear1)
		r := c.Rank()
		var n int32
		for q := max(1, r-k); q <= min(13, r+k); q++ {
			n += t.rank[q]
		}
		return n
	}
	panic("grammar: unknown element test")
}

// sumOf is the sum of the ranks of the cards of window w that pass test e
// (against card c; k is a concept's table or a rank).
func (sc *Scene) sumOf(w Window, e Elem, k int, c sim.Card) int32 {
	t := &sc.tally[w.index()]
	cells := func(mask int) (s int32) {
		for cell, m := range t.cellSum {
			if mask>>cell&1 == 1 {
				s += m
			}
		}
		return s
	}
	ranks := func(from, to int) (s int32) { // the ranks from..to
		for q := max(1, from); q <= min(13, to); q++ {
			s += int32(q) * t.rank[q]
		}
		return s
	}
	r := c.Rank()
	switch {
	case e == ElConcept:
		return cells(k)
	case e <= ElOdd:
		return cells(elemCells[e])
	case e >= ElSpades && e <= ElClubs:
		return t.suitSum[e-ElSpades]
	case e == ElSameSuit:
		return t.suitSum[c.Suit()]
	case e == ElSameColour && c.Red():
		return cells(elemCells[ElRed])
	case e == ElSameColour:
		return cells(elemCells[ElBlack])
	case e == ElSameRank:
		return ranks(r, r)
	case e == ElHigher:
		return ranks(r+1, 13)
	case e == ElLower:
		return ranks(1, r-1)
	case e == ElNear1, e == ElNear2:
		d := 1 + int(e-ElNear1)
		return ranks(r-d, r+d)
	case e == ElSameCard:
		return int32(r) * int32(t.card[c])
	case e == ElCard:
		return int32(sim.Card(k).Rank()) * int32(t.card[k])
	case e == ElRank:
		return ranks(k, k)
	case e == ElNext:
		return ranks(r-1, r-1) + ranks(r+1, r+1)
	case e == ElAtLeast:
		return ranks(k, 13)
	case e == ElAtMost:
		return ranks(1, k)
	case e == ElHigh:
		return ranks(k, 13) + ranks(1, 1)
	case e == ElSuitRank:
		return int32(k) * int32(t.card[sim.NewCard(k, c.Suit())])
	case e == ElSuitBelow, e == ElSuitAbove:
		if q, ok := suitNeighbour(e, c); ok {
			return int32(q) * int32(t.card[sim.NewCard(q, c.Suit())])
		}
		return 0
	case e == ElShares:
		_, s := t.sharing(k, c)
		return s
	case e >= ElUnder && e <= ElOverRound:
		q := stepRank(e, c)
		return ranks(q, q)
	}
	panic("grammar: unknown element test")
}

// lastRank is the rank of the line's last card that passes test e
// (against card c; k is a concept's table), 0 when none has. The tests of
// a card's kind and of the card's suit or colour only: the others are not
// kept.
func (sc *Scene) lastRank(e Elem, k int, c sim.Card) int32 {
	return int32(sc.lastSeen(e, k, c).rank)
}

// since is the number of cards played after the line's last card that
// passes test e (the same tests as lastRank): 0 when it is prev, n when no
// card has.
func (sc *Scene) since(e Elem, k int, c sim.Card) int32 {
	return int32(sc.N) - int32(sc.lastSeen(e, k, c).at)
}

// sumSince is the sum of the ranks of the cards played after the line's
// last card that passes test e (the same tests as since): 0 when it is
// prev, the whole line's when no card has.
func (sc *Scene) sumSince(e Elem, k int, c sim.Card) int32 {
	return sc.tally[0].sum - sc.lastSeen(e, k, c).cum
}

// lastSeen is where the line's last card that passes test e was played,
// and its rank (the zero seen when none has).
func (sc *Scene) lastSeen(e Elem, k int, c sim.Card) seen {
	return sc.seenOf(e, k, c, false)
}

// seenOf is where the line's last card (or, first, its earliest) that
// passes test e was played (the tests lastSeen keeps).
func (sc *Scene) seenOf(e Elem, k int, c sim.Card, first bool) seen {
	kinds := &sc.last
	if first {
		kinds = &sc.first
	}
	var best seen
	take := func(at seen) { // the later (the earlier) of best and at
		if at.at != 0 && (best.at == 0 || (at.at > best.at) != first) {
			best = at
		}
	}
	cells := func(mask int) {
		for cell, at := range kinds.cell {
			if mask>>cell&1 == 1 {
				take(at)
			}
		}
	}
	switch {
	case e == ElConcept:
		cells(k)
	case e >= ElSpades && e <= ElClubs:
		best = kinds.suit[e-ElSpades]
	case e == ElSameSuit:
		best = kinds.suit[c.Suit()]
	case e == ElSameColour && c.Red():
		cells(elemCells[ElRed])
	case e == ElSameColour:
		cells(elemCells[ElBlack])
	case e <= ElOdd:
		cells(elemCells[e])
	case e == ElRank:
		best = kinds.rank[k]
	case e == ElAtLeast, e == ElHigh:
		for q := k; q <= 13; q++ {
			take(kinds.rank[q])
		}
		if e == ElHigh {
			take(kinds.rank[1])
		}
	case e == ElAtMost:
		for q := 1; q <= k; q++ {
			take(kinds.rank[q])
		}
	default:
		panic("grammar: the last card passing this test is not kept")
	}
	return best
}

// suitNeighbour is the rank of the card one under (ElSuitBelow) or over
// (ElSuitAbove) card c in its suit; none under an ace or over a king.
func suitNeighbour(e Elem, c sim.Card) (int, bool) {
	r := c.Rank() - 1
	if e == ElSuitAbove {
		r = c.Rank() + 1
	}
	return r, r >= 1 && r <= 13
}

// stepRank is the rank one under (ElUnder) or over (ElOver) card c's,
// counting round with ElUnderRound and ElOverRound (the ace over the
// king); 0 or 14, ranks no card has, under an ace or over a king.
func stepRank(e Elem, c sim.Card) int {
	r := c.Rank()
	switch e {
	case ElUnder:
		return r - 1
	case ElOver:
		return r + 1
	case ElUnderRound:
		return (r+11)%13 + 1
	}
	return r%13 + 1
}

// elemCells are the concept cells of the cards each test of a card's kind
// (red … odd) holds for.
var elemCells = func() (m [ElOdd + 1]int) {
	for c := range sim.Card(sim.NumCards) {
		for e := ElRed; e <= ElOdd; e++ {
			if kindOf(e, c) {
				m[e] |= 1 << conceptCell(c)
			}
		}
	}
	return m
}()

// kindOf reports whether card c passes test e of a card's kind.
func kindOf(e Elem, c sim.Card) bool {
	switch e {
	case ElRed:
		return c.Red()
	case ElBlack:
		return !c.Red()
	case ElFace:
		return c.Face()
	case ElEven:
		return c.Even()
	case ElSpades, ElHearts, ElDiamonds, ElClubs:
		return int(c.Suit()) == int(e-ElSpades)
	}
	return !c.Even() // ElOdd
}

// Point is one card judged after one scene.
type Point struct {
	Scene *Scene
	Card  sim.Card
}

// Facts are a main line given by what the language reads of it rather
// than by its cards: a representative of a context of the index's
// families, which read a few features of the line (prev and the colour of
// prev2, the parity of the red cards, how many cards of each suit…). Only
// the facts a node reads need be right for its value to be; the index
// evaluates a node only on the families whose features cover what it
// reads.
type Facts struct {
	N int
	// Prev, Prev2, Prev3, First: the cards, −1 for none.
	Prev, Prev2, Prev3, First int
	// The whole line's red, face and odd cards, its cards of each suit,
	// the suit of its last face card (−1 for none); the suits among its
	// last three cards (bit s).
	Red, Face, Odd int
	Suits          [4]int
	LastFace       int
	Recent         uint8
}

// SceneOf is the scene of the facts.
func SceneOf(f Facts) *Scene {
	sc := &Scene{N: f.N, lastFaceSuit: int8(f.LastFace)}
	for i := range sc.leads {
		sc.leads[i] = -1 // no lead: the facts hold none
	}
	sc.card = [numSlots]int16{0, int16(f.Prev), int16(f.Prev2), int16(f.Prev3), int16(f.First)}
	for d := range sc.back {
		sc.back[d] = -1 // the facts hold no card further back
	}
	t := &sc.tally[0]
	t.n, t.red, t.face, t.even = int32(f.N), int32(f.Red), int32(f.Face), int32(f.N-f.Odd)
	for s, k := range f.Suits {
		t.suit[s] = int32(k)
	}
	w := &sc.tally[Window(3).index()]
	for s := range 4 {
		if f.Recent>>s&1 == 1 {
			w.suit[s] = 1
			w.n++
		}
	}
	return sc
}
