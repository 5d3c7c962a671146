package sim

import (
	"math/rand/v2"
	"slices"
)

// snapshot is the state of a hand before a move, so that a move refused
// half-way (a Prophet declaration the rules do not allow, an invalid pick)
// changes nothing: the caller — a replay, a table in a browser — may go on
// with a corrected move.
type snapshot struct {
	hands                 [][]Card
	deck                  []Card
	mainLen               int
	errors                []ErrorGroup
	eliminated, fell      []bool
	pcg                   rand.PCG
	current, turns        int
	tableCount, errPlaced int
	prophet               int
	markerMain            int
	markerTable           int
	markerErrors          int
	lastMover             int
	lastRight, ended      bool
	deckOut               bool
	end                   EndReason
	outSeat, guesser      int
}

// save takes a snapshot. The main line and the history only grow during a
// move, so their lengths suffice; error groups are never changed once laid,
// so copying the list of groups suffices.
func (h *Hand) save() *snapshot {
	s := &snapshot{
		hands: make([][]Card, len(h.hands)), deck: slices.Clone(h.deck), mainLen: len(h.main),
		errors: slices.Clone(h.errors), eliminated: slices.Clone(h.eliminated), fell: slices.Clone(h.fell),
		pcg: *h.pcg, current: h.current, turns: h.turns, tableCount: h.tableCount, errPlaced: h.errorsPlaced,
		prophet: h.prophet, markerMain: h.markerMain, markerTable: h.markerTable, markerErrors: h.markerErrors,
		lastMover: h.lastMover, lastRight: h.lastRight, ended: h.ended, deckOut: h.deckOut, end: h.end,
		outSeat: h.outSeat, guesser: h.guesser,
	}
	for p, hd := range h.hands {
		s.hands[p] = slices.Clone(hd)
	}
	return s
}

// restore puts the hand back as it was when s was taken.
func (h *Hand) restore(s *snapshot) {
	for p := range h.hands {
		h.hands[p] = append(h.hands[p][:0], s.hands[p]...)
	}
	h.deck = append(h.deck[:0], s.deck...)
	h.main = h.main[:s.mainLen]
	h.errors = append(h.errors[:0], s.errors...)
	copy(h.eliminated, s.eliminated)
	copy(h.fell, s.fell)
	*h.pcg = s.pcg
	h.current, h.turns, h.tableCount, h.errorsPlaced = s.current, s.turns, s.tableCount, s.errPlaced
	h.prophet, h.markerMain, h.markerTable, h.markerErrors = s.prophet, s.markerMain, s.markerTable, s.markerErrors
	h.lastMover, h.lastRight, h.ended, h.deckOut, h.end = s.lastMover, s.lastRight, s.ended, s.deckOut, s.end
	h.outSeat, h.guesser = s.outSeat, s.guesser
}
