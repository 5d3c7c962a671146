package lessons

import (
	"bytes"
	"encoding/csv"
	"fmt"

	"github.com/eleusis/eleusis/sim"
)

// PlacedCard is a card laid on the table, with the move that laid it.
type PlacedCard struct {
	Card sim.Card
	// Main: on the main line; otherwise in the error column under the
	// main-line card at Under.
	Main bool
	// Position: the place on the main line, from 1 (0 for an error card);
	// Under: the main-line position the card lies under (itself for a
	// main-line card).
	Position, Under int
	// Move: the move that laid it (0: God's opening); Player its seat (−1:
	// God).
	Move, Player int
	// Reshuffled: the move at which the error columns went back into the
	// deck, taking this card (0: it stayed on the table).
	Reshuffled int
}

// TableOf lays a hand's table out from its record, card by card, as the
// engine lays it: the opening's main line (and, for chain3, its two wrong
// cards under the last), then each move's accepted cards onto the main line
// and its refused cards in a column under the last main-line card at the
// time. Error cards that went back into the deck are kept, marked
// Reshuffled: the class saw them.
func TableOf(res *sim.Result, o *sim.Options) []PlacedCard {
	var out []PlacedCard
	main := 0
	addMain := func(c sim.Card, move, player int) {
		main++
		out = append(out, PlacedCard{Card: c, Main: true, Position: main, Under: main, Move: move, Player: player})
	}
	addError := func(c sim.Card, move, player int) {
		out = append(out, PlacedCard{Card: c, Under: main, Move: move, Player: player})
	}
	opening := sim.DecodeOpening(res.Opening, o).MainLine
	for _, c := range opening {
		addMain(c, 0, -1)
	}
	for _, c := range res.Opening[len(opening):] {
		addError(c, 0, -1)
	}
	for _, m := range res.History {
		for _, c := range m.Accepted {
			addMain(c, m.Turn, m.Player)
		}
		if m.Kind != sim.NoPlay && m.Verdict == sim.No {
			for _, c := range m.Cards[len(m.Accepted):] {
				addError(c, m.Turn, m.Player)
			}
		}
		if m.Reshuffled {
			for i := range out {
				if !out[i].Main && out[i].Reshuffled == 0 {
					out[i].Reshuffled = m.Turn
				}
			}
		}
	}
	return out
}

// TableCSV is the table as a CSV students can analyse: one row per card
// laid, main line and error columns, with the move and the player that laid
// it (docs/results.md, "Class material").
func TableCSV(res *sim.Result, o *sim.Options, players []string) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"position", "where", "under", "move", "player", "card", "rank", "suit", "color", "even", "face", "reshuffled"})
	for _, p := range TableOf(res, o) {
		where, who, gone := "main", "God", ""
		if !p.Main {
			where = "error"
		}
		if p.Player >= 0 && p.Player < len(players) {
			who = players[p.Player]
		}
		if p.Reshuffled > 0 {
			gone = fmt.Sprint(p.Reshuffled)
		}
		c := p.Card
		w.Write([]string{fmt.Sprint(p.Position), where, fmt.Sprint(p.Under), fmt.Sprint(p.Move), who, c.String(),
			fmt.Sprint(c.Rank()), c.Suit().String(), c.Color(), fmt.Sprint(c.Even()), fmt.Sprint(c.Face()), gone})
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// columns groups a table up to a move (inclusive) as players lay it: each
// main-line card with the error cards under it, in the order they came.
type column struct {
	Main   PlacedCard
	Errors []PlacedCard
}

func columnsUpTo(cards []PlacedCard, move int) []column {
	var cols []column
	var before []PlacedCard // error cards under no main card: impossible, kept safe
	for _, p := range cards {
		if p.Move > move {
			continue
		}
		switch {
		case p.Main:
			cols = append(cols, column{Main: p})
		case p.Under >= 1 && p.Under <= len(cols):
			cols[p.Under-1].Errors = append(cols[p.Under-1].Errors, p)
		default:
			before = append(before, p)
		}
	}
	if len(before) > 0 && len(cols) > 0 {
		cols[0].Errors = append(before, cols[0].Errors...)
	}
	return cols
}
