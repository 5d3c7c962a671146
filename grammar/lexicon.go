package grammar

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/internal/numkinds"
	"github.com/eleusis/eleusis/sim"
)

// The lexicon: the properties of one card the Is production names (K is
// the property's place here), the attributes two cards are compared on
// (Same), and the summaries of the main line (Summary). Bits are
// description lengths: a choice among few values is cheap, a set of ranks
// costs the bits to name it.

// prop is a property of one card.
type prop struct {
	name  string
	bits  int
	holds func(c sim.Card) bool
	text  func(x string) text
}

func field(f string) func(x string) text {
	return func(x string) text { return primary(x + "." + f) }
}

func fieldIs(f, v string, op Op) func(x string) text {
	return func(x string) text { return text{fmt.Sprintf("%s.%s %s %q", x, f, cmpText[op], v), precCmp} }
}

// Prop numbers the lexicon's properties (a PIs node's K).
const (
	PropRed = iota
	PropBlack
	PropEven
	PropOdd
	PropFace
	PropNotFace
	PropPrime
	PropSquare
	PropSuit    // + the suit: PropSuit+1 is hearts
	PropNotSuit = PropSuit + 4
	// PropSuitPair + i: one of two suits of different colours (hearts or
	// spades, …; two suits of one colour are a colour).
	PropSuitPair = PropNotSuit + 4
	numProps     = PropSuitPair + 4
)

var props = func() [numProps]prop {
	p := [numProps]prop{
		PropRed:     {"red", 2, sim.Card.Red, fieldIs("color", "red", Eq)},
		PropBlack:   {"black", 2, func(c sim.Card) bool { return !c.Red() }, fieldIs("color", "black", Eq)},
		PropEven:    {"even", 2, sim.Card.Even, field("even")},
		PropOdd:     {"odd", 2, func(c sim.Card) bool { return !c.Even() }, field("odd")},
		PropFace:    {"face", 2, sim.Card.Face, field("face")},
		PropNotFace: {"not face", 3, func(c sim.Card) bool { return !c.Face() }, func(x string) text { return text{"not " + x + ".face", precUnary} }},
		PropPrime: {"prime", 4, func(c sim.Card) bool { return numkinds.Prime.Is(c.Rank()) },
			func(x string) text { return text{x + ".rank in [2, 3, 5, 7, 11, 13]", precCmp} }},
		PropSquare: {"square", 5, func(c sim.Card) bool { r := c.Rank(); return r == 1 || r == 4 || r == 9 },
			func(x string) text { return text{x + ".rank in [1, 4, 9]", precCmp} }},
	}
	for s := range 4 {
		suit := sim.Suit(s)
		p[PropSuit+s] = prop{suitNames[s], 3, func(c sim.Card) bool { return c.Suit() == suit }, fieldIs("suit", suitNames[s], Eq)}
		p[PropNotSuit+s] = prop{"not " + suitNames[s], 4, func(c sim.Card) bool { return c.Suit() != suit }, fieldIs("suit", suitNames[s], Ne)}
	}
	i := PropSuitPair
	for _, red := range []sim.Suit{sim.Hearts, sim.Diamonds} {
		for _, black := range []sim.Suit{sim.Spades, sim.Clubs} {
			r, k := red, black
			p[i] = prop{suitNames[r] + " or " + suitNames[k], 5, func(c sim.Card) bool { return c.Suit() == r || c.Suit() == k },
				func(x string) text {
					return text{fmt.Sprintf("%s.suit in [%q, %q]", x, suitNames[r], suitNames[k]), precCmp}
				}}
			i++
		}
	}
	return p
}()

// propCards[k] are the cards that have property k (bit c: card c).
var propCards = func() (m [numProps]uint64) {
	for k := range m {
		for c := range sim.Card(sim.NumCards) {
			if props[k].holds(c) {
				m[k] |= 1 << c
			}
		}
	}
	return m
}()

// attr is an attribute two cards are compared on (a PSame node's K).
type attr struct {
	field string
	value func(c sim.Card) int32
}

// The attributes.
const (
	AttrSuit = iota
	AttrColour
	AttrRank
	AttrParity
	AttrFace
	numAttrs
)

var attrs = [numAttrs]attr{
	AttrSuit:   {"suit", func(c sim.Card) int32 { return int32(c.Suit()) }},
	AttrColour: {"color", func(c sim.Card) int32 { return b(c.Red()) }},
	AttrRank:   {"rank", func(c sim.Card) int32 { return int32(c.Rank()) }},
	AttrParity: {"even", func(c sim.Card) int32 { return b(c.Even()) }},
	AttrFace:   {"face", func(c sim.Card) int32 { return b(c.Face()) }},
}

// asLastFree, in an as-last node's K2 beside the attribute, lets any card
// through while no card of the node's kind is down ("free until the
// first ace").
const asLastFree = 1 << 3

// asFirst, in an as-last node's K2, reads the line's earliest card of the
// kind instead of its most recent: "once the first queen is down, every
// card has her colour".
const asFirst = 1 << 4

// asAttr is an as-last node's attribute (its K2 without the flags).
func asAttr(k2 int) int { return k2 &^ (asLastFree | asFirst) }

// summary is a fact about the main line that people name as one idea: the
// parity of its red cards, whether more red or black cards were played, the
// suit of its most recent face card.
type summary struct {
	text  text
	bits  int
	card  bool // it reads the card
	holds func(sc *Scene, c sim.Card) bool
}

// lastFace is the suit of the most recent face card of the line, −1 for
// none.
func (sc *Scene) lastFace() int { return int(sc.lastFaceSuit) }

var summaries = func() []summary {
	reds, blacks := `count(line, .color == "red")`, `count(line, .color == "black")`
	last := `last(filter(line, .face))`
	t := func(sc *Scene) *tally { return &sc.tally[0] }
	return []summary{
		{text{reds + " % 2 == 0", precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return t(sc).red%2 == 0 }},
		{text{"count(line, .face) % 2 == 0", precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return t(sc).face%2 == 0 }},
		{text{"count(line, .odd) % 2 == 0", precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return (t(sc).n-t(sc).even)%2 == 0 }},
		{text{reds + " > " + blacks, precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return 2*t(sc).red > t(sc).n }},
		{text{reds + " < " + blacks, precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return 2*t(sc).red < t(sc).n }},
		{text{reds + " == " + blacks, precCmp}, 6, false, func(sc *Scene, _ sim.Card) bool { return 2*t(sc).red == t(sc).n }},
		// The summary on the left of ==: expr reads a predicate's shorthand
		// (.face) on the right of == against the left operand.
		{text{"none(line, .face) or " + last + ".suit == card.suit", precOr}, 6, true,
			func(sc *Scene, c sim.Card) bool { return sc.lastFace() < 0 || int(c.Suit()) == sc.lastFace() }},
		{text{"none(line, .face) or " + last + ".color == card.color", precOr}, 6, true,
			func(sc *Scene, c sim.Card) bool { return sc.lastFace() < 0 || c.Red() == sim.Suit(sc.lastFace()).Red() }},
		{text{"any(line, .face) and " + last + `.color == "red"`, precAnd}, 6, false,
			func(sc *Scene, _ sim.Card) bool { return sc.lastFace() >= 0 && sim.Suit(sc.lastFace()).Red() }},
	}
}()

// counting is a card game's way of counting a card's points: what a rank
// is worth there. Players bring these to the table ("the two make
// fifteen, faces counting ten"; "more honour points than the last card"),
// so the look-back pool holds each as a term of one card.
type counting struct {
	worth [14]int32 // by rank (index 0: no card)
	// text writes X's worth in the rule language.
	text func(x string) text
	// order: an order of strength, whose worths are compared, never
	// added (no line's total of them: worth-of leaves it out).
	order bool
}

// countings are the counting systems the Worth production names (K is
// the system's place here).
var countings = []counting{
	// Pips, faces ten: blackjack with the ace low, cribbage, most adding games.
	{worth: [14]int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10},
		text: func(x string) text { return call("min", x+".rank", "10") }},
	// Blackjack's: the ace eleven, faces ten.
	{worth: [14]int32{0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10},
		text: func(x string) text {
			return text{fmt.Sprintf("%s.rank == 1 ? 11 : %s", x, call("min", x+".rank", "10").s), precTernary}
		}},
	// Baccarat's: tens and faces nothing.
	{worth: [14]int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0},
		text: func(x string) text { return text{fmt.Sprintf("%s.rank >= 10 ? 0 : %s.rank", x, x), precTernary} }},
	// Honour points, bridge's high-card points: ace 4, king 3, queen 2, jack 1.
	{worth: [14]int32{0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3}},
	// Card points of skat, schnapsen, sixty-six, belote's plain suits: ace
	// 11, ten 10, king 4, queen 3, jack 2.
	{worth: [14]int32{0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4}},
	// Scopa's primiera: seven 21, six 18, ace 16, five 15 … two 12, faces 10.
	{worth: [14]int32{0, 16, 12, 13, 14, 15, 18, 21, 0, 0, 0, 10, 10, 10}},
	// Blackjack's Hi-Lo count: two to six +1, seven to nine 0, ten to ace −1.
	{worth: [14]int32{0, -1, 1, 1, 1, 1, 1, 0, 0, 0, -1, -1, -1, -1}},
	// Orders of strength, the rank a game beats with ("higher than the
	// last card, the ace high"; "beat it in Belote's trumps"), each a
	// worth that only its order matters in.
	// The ace high: poker's, bridge's, most trick-taking games'.
	{worth: [14]int32{0, 14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
		text: func(x string) text { return text{fmt.Sprintf("%s.rank == 1 ? 14 : %s.rank", x, x), precTernary} }, order: true},
	// The three low, the ace and then the two high: the climbing games'
	// (Big Two, Dou Dizhu, Daifugō, Zheng Shangyou).
	{worth: [14]int32{0, 12, 13, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
		text: func(x string) text { return text{fmt.Sprintf("(%s.rank + 10) %% 13 + 1", x), precAdd} }, order: true},
	// The jack-nine trumps of Jass, Belote, Klaverjas and Twenty-eight,
	// low to high: seven, eight, queen, king, ten, ace, nine, jack (two
	// to six below them all).
	{worth: [14]int32{0, 6, 0, 0, 0, 0, 0, 1, 2, 7, 5, 8, 3, 4}, order: true},
	// The points of Twenty-eight and Twenty-nine (India's jack-nine
	// games): jack 3, nine 2, ace 1, ten 1, the rest nothing.
	{worth: [14]int32{0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 1, 3, 0, 0}},
	// The Latin packs' orders of strength, played on a French pack with
	// the eight, nine and ten below every other card (the Italian and
	// Spanish packs have none): Briscola's, Brisca's and Tute's — the
	// ace, the three, the king, the queen (caballo, cavallo), the jack
	// (sota, fante), seven down to four, the two —
	{worth: [14]int32{0, 10, 1, 9, 2, 3, 4, 5, 0, 0, 0, 6, 7, 8}, order: true},
	// and Tressette's: the three, the two, the ace, the king … the four.
	{worth: [14]int32{0, 8, 9, 10, 1, 2, 3, 4, 0, 0, 0, 5, 6, 7}, order: true},
	// Pips, the court cards nothing: the number cards' own count, as
	// children and Casino's players add ("the two make ten, a face card
	// counts nothing").
	{worth: [14]int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0},
		text: func(x string) text { return text{fmt.Sprintf("%s.face ? 0 : %s.rank", x, x), precTernary} }},
	// The letters of the rank's English name (ace, two, three … king):
	// word players' and crossword setters' counting ("a name longer than
	// the last card's", "the letters on the line never a multiple of
	// five").
	{worth: [14]int32{0, 3, 3, 5, 4, 4, 3, 5, 5, 4, 3, 4, 5, 4}},
}

func init() {
	for i := range countings {
		if countings[i].text == nil {
			w := countings[i].worth
			var b strings.Builder
			b.WriteString("[")
			for r, v := range w {
				if r > 0 {
					b.WriteString(", ")
				}
				fmt.Fprint(&b, v)
			}
			b.WriteString("]")
			table := b.String()
			countings[i].text = func(x string) text { return primary(table + "[" + x + ".rank]") }
		}
	}
}
