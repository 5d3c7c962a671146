package sim

import (
	"fmt"
	"slices"
)

// viewFor fills the shared View with what seat p sees now.
func (h *Hand) viewFor(p int) *View {
	v := &h.view
	v.Me = p
	v.Hand = h.hands[p]
	v.Opening = h.opening
	v.MainLine = h.main
	v.Errors = h.errors
	for q := range h.hands {
		v.HandSizes[q] = len(h.hands[q])
	}
	v.Eliminated = h.eliminated
	v.Current = h.current
	v.Turn = h.turns
	v.Prophet = h.prophet
	v.ProphetMarker = -1
	if h.prophet >= 0 {
		v.ProphetMarker = h.markerMain
	}
	v.SuddenDeath = h.suddenDeath()
	v.DeckSize = len(h.deck)
	v.History = h.history
	return v
}

// View returns what seat p sees now (a copy the caller may keep).
func (h *Hand) View(p int) View {
	v := *h.viewFor(p)
	v.Hand = slices.Clone(v.Hand)
	v.Opening = slices.Clone(v.Opening)
	v.MainLine = slices.Clone(v.MainLine)
	v.Errors = slices.Clone(v.Errors)
	v.HandSizes = slices.Clone(v.HandSizes)
	v.Eliminated = slices.Clone(v.Eliminated)
	v.History = slices.Clone(v.History)
	return v
}

// Ended reports whether the hand is over.
func (h *Hand) Ended() bool { return h.ended }

// Turns is the number of moves made so far.
func (h *Hand) Turns() int { return h.turns }

// Current is the seat whose turn it is.
func (h *Hand) Current() int { return h.current }

// Seats is the number of players (God not counted).
func (h *Hand) Seats() int { return len(h.hands) }

// MainLine is the main line now (do not change it).
func (h *Hand) MainLine() []Card { return h.main }

// Prophet is the seat of the standing Prophet, or -1.
func (h *Hand) Prophet() int { return h.prophet }

// HandOf is seat p's hand now (do not change it).
func (h *Hand) HandOf(p int) []Card { return h.hands[p] }

// DeckSize is the number of cards left in the deck.
func (h *Hand) DeckSize() int { return len(h.deck) }

// TableCount is the number of cards laid on the table so far.
func (h *Hand) TableCount() int { return h.tableCount }

// CheckConservation proves that no card was lost or made: deck + hands + main
// line + error columns equals the cards the hand started with, and (when no
// card is face-down) every identity occurs exactly once per deck.
func (h *Hand) CheckConservation() error {
	n := len(h.deck) + len(h.main)
	for _, hd := range h.hands {
		n += len(hd)
	}
	for _, g := range h.errors {
		n += len(g.Cards)
	}
	if n != h.total {
		return fmt.Errorf("card conservation broken after turn %d: %d cards on the table, in hands and deck, %d at the start", h.turns, n, h.total)
	}
	if h.hidden {
		return nil
	}
	var count [NumCards]int
	add := func(cs []Card) {
		for _, c := range cs {
			if c.Valid() {
				count[c]++
			}
		}
	}
	add(h.deck)
	add(h.main)
	for _, hd := range h.hands {
		add(hd)
	}
	for _, g := range h.errors {
		add(g.Cards)
	}
	for c, k := range count {
		if k != h.opts.Decks {
			return fmt.Errorf("card conservation broken after turn %d: %s occurs %d times, %d deck(s) hold %d", h.turns, Card(c), k, h.opts.Decks, h.opts.Decks)
		}
	}
	return nil
}
