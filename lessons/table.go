package lessons

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/i18n"
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
// it (docs/results.md, "Class material"), in English.
func TableCSV(res *sim.Result, o *sim.Options, players []string) ([]byte, error) {
	return TableCSVIn(res, o, players, language.English)
}

// csvColumns are the CSV's columns (their names are the catalogue's
// csv.NAME in another language).
var csvColumns = []string{"position", "where", "under", "move", "player", "card", "rank", "suit", "color", "even", "face", "reshuffled"}

// TableCSVIn is TableCSV in a language of the catalogue: the columns'
// names and the words in them (main, error, God, the suits, the colours,
// yes and no for even and face) in its words, the cards with its suit
// letters (sim.SuitLetters: 8C is the eight of hearts in Portuguese). The
// English file is the one docs/results.md describes.
func TableCSVIn(res *sim.Result, o *sim.Options, players []string, lang language.Tag) ([]byte, error) {
	l := i18n.NewPrinter(lang)
	en := l.Lang() == "en"
	word := func(key, english string) string {
		if en {
			return english
		}
		return l.T(key)
	}
	letters, ok := sim.SuitLetters[l.Lang()]
	if !ok {
		letters = sim.SuitLetters["en"]
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := make([]string, len(csvColumns))
	for i, c := range csvColumns {
		head[i] = word("csv."+c, c)
	}
	w.Write(head)
	yesNo := func(b bool) string {
		if en {
			return fmt.Sprint(b)
		}
		return l.T(map[bool]string{true: "pack.yes", false: "pack.no"}[b])
	}
	for _, p := range TableOf(res, o) {
		where, who, gone := word("csv.main", "main"), word("csv.god", "God"), ""
		if !p.Main {
			where = word("csv.error", "error")
		}
		if p.Player >= 0 && p.Player < len(players) {
			who = players[p.Player]
		}
		if p.Reshuffled > 0 {
			gone = fmt.Sprint(p.Reshuffled)
		}
		c := p.Card
		card := strings.TrimSuffix(c.String(), sim.SuitLetters["en"][c.Suit()]) + letters[c.Suit()]
		w.Write([]string{fmt.Sprint(p.Position), where, fmt.Sprint(p.Under), fmt.Sprint(p.Move), who, card,
			fmt.Sprint(c.Rank()), word("card.suit."+c.Suit().String(), c.Suit().String()), word("csv."+c.Color(), c.Color()),
			yesNo(c.Even()), yesNo(c.Face()), gone})
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
