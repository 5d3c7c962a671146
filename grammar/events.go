package grammar

import (
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// The line's history, told as events between neighbours: "only one pair
// (two cards of a rank in a row) in the whole line", "after the third time
// a card followed its own suit", "once the line has gone up five times".
// A writer counts how often something happened between a card and the one
// before it, along the whole main line: an integer term of the look-back
// pool, compared with a number or with another term there.

// event is something that happens between a card of the main line and
// the one before it: the two compared on one attribute.
type event struct {
	attr int // the attribute compared (AttrRank …)
	op   Op
	name string // the event in words (the production's words and tests)
}

// events are the events counted (PEvents's K is the place here): the
// attributes a neighbour shares, and the line going up or down.
var events = [...]event{
	{AttrRank, Eq, "a pair: two cards of one rank in a row"},
	{AttrSuit, Eq, "a card of the suit of the one before it"},
	{AttrColour, Eq, "a card of the colour of the one before it"},
	{AttrRank, Gt, "a card higher than the one before it"},
	{AttrRank, Lt, "a card lower than the one before it"},
}

// numEvents is the number of events a Scene counts.
const numEvents = len(events)

// happens reports whether the event happens between card c and the one
// before it, last.
func (ev event) happens(last, c sim.Card) bool {
	a := attrs[ev.attr]
	return compare(ev.op, a.value(c), a.value(last))
}

// eventsOf[last][c] has bit k set when event k happens between last and
// the card c after it: every line judged is counted, in the hands too, so
// a Scene reads one byte a pair of neighbours.
var eventsOf = func() (out [sim.NumCards][sim.NumCards]uint8) {
	for last := range sim.NumCards {
		for c := range sim.NumCards {
			for k, ev := range events {
				if ev.happens(sim.Card(last), sim.Card(c)) {
					out[last][c] |= 1 << k
				}
			}
		}
	}
	return out
}()

// countEvents counts each event along line.
func countEvents(line []sim.Card) (out [numEvents]int16) {
	for i := 1; i < len(line); i++ {
		m := eventsOf[line[i-1]][line[i]]
		for k := range out {
			out[k] += int16(m >> k & 1)
		}
	}
	return out
}

var eventProds = map[Prod]Production{
	// The times an event (Node.K: its place in events) happened along the
	// main line, the card's own with them when K2 is 1 (the card and the
	// last one).
	PEvents: {Name: "events", Type: Int, Words: "how many times something happened between a card of the main line and the one before it (the card's own with them or not): pairs of a rank, a card of the suit before it, the line going up",
		Bits: func(n *Node) int { return 6 + n.K2 },
		eval: func(n *Node, pt *Point, _ [3]int32) int32 {
			v := int32(pt.Scene.events[n.K])
			if n.K2 == 1 && pt.Scene.has(SlotPrev) && eventsOf[pt.Scene.slotCard(SlotPrev, pt.Card)][pt.Card]>>n.K&1 == 1 {
				v++
			}
			return v
		},
		text: func(n *Node, _ []text) text {
			ev := events[n.K]
			f := attrs[ev.attr].field
			c := call("count", "1..(n - 1)", fmt.Sprintf("line[#].%s %s line[# - 1].%s", f, cmpText[ev.op], f))
			if n.K2 == 1 {
				return infix(c, "+", primary(fmt.Sprintf("(card.%s %s prev.%s ? 1 : 0)", f, cmpText[ev.op], f)), precAdd)
			}
			return c
		},
		reads: func(n *Node, r Reads) Reads {
			r.Line = true
			if n.K2 == 1 {
				r.slot(SlotCard)
				r.slot(SlotPrev)
			}
			return r
		},
		bounds: func(n *Node, _ [3]span) span { return span{0, MaxLine} }},
}
