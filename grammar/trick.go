package grammar

import "fmt"

// A trick is every k cards of the main line, the starter leading the first
// (k = 4 at bridge, whist, hearts or spades; 3 at skat or preferans): the
// card judged belongs to the trick of line[n - n % k], its lead, unless it
// leads a new trick itself (n % k == 0). Players who bring a trick-taking
// game to the table write "follow the suit led", "a trump or the suit led",
// "anything once a spade has led the trick". The lead is not a card the
// main pool names (its guard is a position, not a nil): its atoms are the
// look-back pool's, each false where the card leads (a position atom, n %
// k == 0, says what happens there).
var trickProds = map[Prod]Production{
	// The card against the lead, on one attribute (Node.K, as PSame's;
	// the rank compared every way): "follow the suit led", "higher than
	// the lead". Node.K2 is the trick's size.
	PTrick: {Name: "trick", Type: Bool, Words: "the card against its trick's lead, the card that led every k cards (line[n - n % k]): of the suit led (or not), the same colour, higher than the lead …",
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
	// leads the trick". Node.K2 is the trick's size.
	PTrickLead: {Name: "trick-lead", Type: Bool, Words: "the card that led the card's trick (line[n - n % k]) is red, a spade, a face card …",
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

// trickSizes are the tricks the language names: four cards, then three.
var trickSizes = []int{4, 3}

// leadBits names a trick's lead: as much as prev3 and a bit, a trick of
// three a bit more.
func leadBits(k int) int {
	if k == 4 {
		return 4
	}
	return 5
}

func leadText(k int) string { return fmt.Sprintf("line[n - n %% %d]", k) }

// trickText guards a test of the lead: false where the card leads.
func trickText(k int, test string) text {
	return text{fmt.Sprintf("n %% %d > 0 and %s", k, test), precAnd}
}

// readLead: the lead is a card of the line at a place n gives.
func readLead(_ *Node, r Reads) Reads {
	r.Line, r.N = true, true
	return r
}
