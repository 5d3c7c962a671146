package grammar

import "fmt"

// A trick is every k cards of the main line, the starter leading the first
// (k = 4 at bridge, whist, hearts or spades; 3 at skat or preferans): the
// card judged belongs to the trick of line[n - n % k], its lead, unless it
// leads a new trick itself (n % k == 0). Many tables leave the starter out
// (it is God's card; the players' tricks start after it): then the card
// belongs to the trick of line[n - (n - 1) % k]. Players who bring a
// trick-taking game to the table write "follow the suit led", "a trump or the suit led",
// "anything once a spade has led the trick". The lead is not a card the
// main pool names (its guard is a position, not a nil): its atoms are the
// look-back pool's, each false where the card leads (a position atom, n %
// k == 0, says what happens there).
var trickProds = map[Prod]Production{
	// The card against the lead, on one attribute (Node.K, as PSame's;
	// the rank compared every way): "follow the suit led", "higher than
	// the lead". Node.K2 is the trick (tricks).
	PTrick: {Name: "trick", Type: Bool, Words: "the card against its trick's lead, the card that led every k cards (line[n - n % k], or line[n - (n - 1) % k] when the tricks start after the starter): of the suit led (or not), the same colour, higher than the lead …",
		Bits: func(n *Node) int { return 3 + leadBits(n.K2) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			l, ok := pt.Scene.lead(n.K2)
			a := attrs[n.K]
			return b(ok && compare(n.Op, a.value(pt.Card), a.value(l)))
		},
		text: func(n *Node, _ []text) text {
			f := attrs[n.K].field
			return trickText(n.K2, fmt.Sprintf("card.%s %s %s.%s", f, cmpText[n.Op], leadText(n.K2), f))
		},
		reads: func(n *Node, r Reads) Reads { r = readLead(n, r); r.slot(SlotCard); return r }},
	// The lead itself has a property (Node.K, as PIs's): "when a spade
	// leads the trick". Node.K2 is the trick (tricks).
	PTrickLead: {Name: "trick-lead", Type: Bool, Words: "the card that led the card's trick (line[n - n % k], or line[n - (n - 1) % k] when the tricks start after the starter) is red, a spade, a face card …",
		Bits: func(n *Node) int { return props[n.K].bits + 1 + leadBits(n.K2) },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			l, ok := pt.Scene.lead(n.K2)
			return b(ok && props[n.K].holds(l))
		},
		text: func(n *Node, _ []text) text {
			return trickText(n.K2, props[n.K].text(leadText(n.K2)).atLeast(precAnd+1))
		},
		reads: readLead},
}

// A trick of the language: size cards, the first led by line[from] (the
// starter, or the first card played after it).
type trick struct{ size, from int }

// tricks are the tricks the language names (PTrick's and PTrickLead's
// K2): of four cards, then three, from the starter; then the same from
// the card after it.
var tricks = [...]trick{trickFour: {4, 0}, trickThree: {3, 0}, trickFourAfter: {4, 1}, trickThreeAfter: {3, 1}}

const (
	trickFour = iota
	trickThree
	trickFourAfter
	trickThreeAfter
)

// leadBits names a trick's lead: as much as prev3 and a bit, a trick of
// three a bit more, tricks after the starter a bit more again.
func leadBits(k int) int {
	b := 4 + tricks[k].from
	if tricks[k].size != 4 {
		b++
	}
	return b
}

// at is the place of the card judged in its trick (0: it leads).
func (t trick) at(n int) int { return (n - t.from) % t.size }

// place is the text of at.
func (t trick) place() string {
	if t.from == 0 {
		return fmt.Sprintf("n %% %d", t.size)
	}
	return fmt.Sprintf("(n - %d) %% %d", t.from, t.size)
}

func leadText(k int) string { return fmt.Sprintf("line[n - %s]", tricks[k].place()) }

// trickText guards a test of the lead: false where the card leads.
func trickText(k int, test string) text {
	return text{fmt.Sprintf("%s > 0 and %s", tricks[k].place(), test), precAnd}
}

// readLead: the lead is a card of the line at a place n gives.
func readLead(_ *Node, r Reads) Reads {
	r.Line, r.N = true, true
	return r
}
