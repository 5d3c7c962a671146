package main

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/render"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"github.com/spf13/cobra"
)

func rulesTryCmd(g *global) *cobra.Command {
	var expr, lineText, cardText string
	decks := rulebank.DefaultAnalyse.Decks
	try := &cobra.Command{
		Use:   "try [NAME] --line CARDS",
		Short: "A rule's verdicts after a main line you choose",
		Long: `try judges the cards that may follow a main line you write (--line, the
starter first, cards as in transcripts: "5H KS 3D"), under a rule of the bank
(NAME) or an expression (--expr): with --card, that card's verdict; without it,
the cards the rule accepts and refuses, by suit.

The line is taken as the main line so far. The rule judges the cards after the
starter, never the starter itself: the starter is held against the rule's
starter predicate, and a note says when the predicate would not admit it (New
Eleusis and Abbott redraw such a starter; always_valid presets open with it).
Notes also say when the rule refuses a card of the line where it stands
(legal play does not reach such a line), when every copy of a card is on the
line (--decks, 2 as in rules check; New Eleusis deals 3), and when no card is
left legal: a dead end. A rule that fails at run time on the line is an error
naming the card and the line.`,
		Example: `  eleusis rules try same-suit --line "5H KS 3D"
  eleusis rules try higher --line "5H KS" --card 4D
  eleusis rules try --expr 'count(line, .face) % 2 == 0 ? card.color == "red" : true' --line "QS 4H"
  eleusis rules try mine --bank mine.yaml --line "AS 2S 3S" --format json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			rule, err := g.ruleToTry(args, expr)
			if err != nil {
				return err
			}
			line, card, err := tryInput(lineText, cardText, decks)
			if err != nil {
				return err
			}
			t, err := tryRule(rule, line, card, decks)
			if err != nil {
				return err
			}
			if err := g.render(t, t.tables()...); err != nil {
				return err
			}
			notes := g.out
			switch g.format {
			case "json":
				return nil // the notes are in the JSON
			case "csv":
				notes = g.errw // the CSV stays a table
			}
			for _, n := range t.Notes {
				fmt.Fprintln(notes, "note: "+n)
			}
			return nil
		},
	}
	try.Flags().StringVar(&expr, "expr", "", "try this `expression` instead of a rule of the bank")
	try.Flags().StringVar(&lineText, "line", "", "the main line so far, starter first: `cards` as in transcripts (\"5H KS 3D\")")
	try.Flags().StringVar(&cardText, "card", "", "judge this `card` only (default: every card, by suit)")
	try.Flags().IntVar(&decks, "decks", decks, "decks in the game: how many copies of a card the line may hold")
	try.ValidArgsFunction = g.oneRuleName
	g.formatFlags(try)
	g.bankFlags(try)
	return try
}

// ruleToTry is the rule `rules try` judges with: a rule of the bank by
// name (as `rules show` takes it), or --expr (as `rules check` reads it).
func (g *global) ruleToTry(args []string, expr string) (*rulebank.Compiled, error) {
	switch {
	case len(args) == 1 && expr != "":
		return nil, errors.New("give a rule's name or --expr, not both")
	case len(args) == 0 && expr == "":
		return nil, errors.New("give a rule: its name in the bank (eleusis rules list) or --expr")
	}
	b, err := g.loadBank()
	if err != nil {
		return nil, err
	}
	if len(args) == 1 {
		return b.Get(args[0])
	}
	r, err := exprRule(expr)
	if err != nil {
		// --expr same-suit would only say "unknown name same".
		if name := strings.TrimSpace(expr); name != "" {
			if _, nerr := b.Get(name); nerr == nil {
				return nil, fmt.Errorf("%w\n(%s is the name of a rule of the bank: give it without --expr)", err, name)
			}
		}
		return nil, err
	}
	return r, nil
}

// tryInput reads --line and --card with the transcripts' card parser, and
// refuses a line the decks cannot lay: more copies of a card than they hold.
func tryInput(lineText, cardText string, decks int) ([]sim.Card, *sim.Card, error) {
	if decks < 1 || decks > 8 {
		return nil, nil, fmt.Errorf("--decks %d: use 1 to 8 decks (the source texts play with 2 or 3)", decks)
	}
	line, err := sim.ParseCards(lineText)
	if err != nil {
		return nil, nil, fmt.Errorf("--line: %w", err)
	}
	if len(line) == 0 {
		return nil, nil, errors.New(`--line is empty: give the main line so far, the starter first ("5H KS 3D")`)
	}
	if len(line) > decks*sim.NumCards {
		return nil, nil, fmt.Errorf("--line has %d cards, but %s %d (--decks)", len(line), decksHold(decks), decks*sim.NumCards)
	}
	var copies [sim.NumCards]int
	for _, c := range line {
		if copies[c]++; copies[c] > decks {
			return nil, nil, fmt.Errorf("--line holds %s %d times, but %s %d of each card (--decks)", c, copies[c], decksHold(decks), decks)
		}
	}
	if cardText == "" {
		return line, nil, nil
	}
	card, err := sim.ParseCard(cardText)
	if err != nil {
		return nil, nil, fmt.Errorf("--card: %w", err)
	}
	return line, &card, nil
}

// trial is what `rules try` says: the rule's verdict on every card after
// the line (and on --card), and what about the line a rule writer should
// know (Notes).
type trial struct {
	Rule    string     `json:"rule"`
	Expr    string     `json:"expr"`
	Starter string     `json:"starter,omitempty"` // the starter predicate
	Line    []sim.Card `json:"line"`
	N       int        `json:"n"` // n for the card judged next
	Decks   int        `json:"decks"`
	// StarterAdmitted: the starter predicate admits line[0].
	StarterAdmitted bool `json:"starter_admitted"`
	// RefusedOnLine: the cards after the starter that the rule refuses
	// where they stand on the line.
	RefusedOnLine []sim.Card `json:"refused_on_line,omitempty"`
	// Reachable: the starter admitted and no card of the line refused, so
	// legal play from the predicate's openings can lay this line.
	Reachable bool       `json:"reachable"`
	Card      *sim.Card  `json:"card,omitempty"`
	Verdict   string     `json:"verdict,omitempty"` // --card's: accepted or refused
	Accepted  []sim.Card `json:"accepted"`
	Refused   []sim.Card `json:"refused"`
	// UsedUp: cards every copy of which (Decks) is on the line.
	UsedUp []sim.Card `json:"used_up,omitempty"`
	Notes  []string   `json:"notes,omitempty"`
	tagged bool       // the rule is tagged dead-end
	typed  bool       // the rule is --expr's: its expression is its name
}

// tryRule judges every card after line, and each card of the line where it
// stands. The first run-time error is the answer: it names the card and
// the line (rulebank.Judge.Accepts).
func tryRule(c *rulebank.Compiled, line []sim.Card, card *sim.Card, decks int) (trial, error) {
	t := trial{Rule: c.Rule.Name, Expr: c.Rule.Expr, Starter: c.Rule.Starter, Line: line, N: len(line), Decks: decks,
		Card: card, Accepted: []sim.Card{}, Refused: []sim.Card{}, tagged: slices.Contains(c.Rule.Tags, "dead-end"), typed: c.Rule.File == "--expr"}
	j := c.NewJudge()
	ok, err := j.Starter(line[0])
	if err != nil {
		return t, err
	}
	t.StarterAdmitted = ok
	var refusedAt []int
	for i := 1; i < len(line); i++ {
		ok, err := j.Accepts(line[:i], line[i])
		if err != nil {
			return t, err
		}
		if !ok {
			refusedAt = append(refusedAt, i)
			t.RefusedOnLine = append(t.RefusedOnLine, line[i])
		}
	}
	t.Reachable = t.StarterAdmitted && len(refusedAt) == 0
	var copies [sim.NumCards]int
	for _, x := range line {
		copies[x]++
	}
	left := 0 // accepted cards with a copy left to play
	for x := sim.Card(0); x < sim.NumCards; x++ {
		ok, err := j.Accepts(line, x)
		if err != nil {
			return t, err
		}
		if ok {
			t.Accepted = append(t.Accepted, x)
			if copies[x] < decks {
				left++
			}
		} else {
			t.Refused = append(t.Refused, x)
		}
		if copies[x] == decks {
			t.UsedUp = append(t.UsedUp, x)
		}
		if card != nil && *card == x {
			t.Verdict = verdictWord(ok)
		}
	}
	t.Notes = t.notes(refusedAt, left)
	return t, nil
}

// notes say what a rule writer would otherwise have to work out: a starter
// the predicate refuses, a line legal play does not reach, cards used up, a
// dead end.
func (t trial) notes(refusedAt []int, left int) []string {
	var out []string
	if !t.StarterAdmitted {
		out = append(out, fmt.Sprintf("the starter predicate (%s) does not admit %s: New Eleusis and Abbott redraw the starter until it does; under starter=always_valid (Express, the Spanish New Eleusis) it opens all the same",
			t.Starter, t.Line[0]))
	}
	if len(refusedAt) > 0 {
		var where []string
		for _, i := range refusedAt[:min(len(refusedAt), 3)] {
			where = append(where, fmt.Sprintf("%s (card %d)", t.Line[i], i+1))
		}
		if more := len(refusedAt) - len(where); more > 0 {
			where = append(where, fmt.Sprintf("%d more", more))
		}
		stand := "it stands"
		if len(refusedAt) > 1 {
			stand = "they stand"
		}
		out = append(out, fmt.Sprintf("the rule refuses %s where %s on the line, so legal play does not reach this line (the verdicts above are the rule's after it all the same)", joinAnd(where), stand))
	}
	if len(t.UsedUp) > 0 {
		them := "it cannot"
		if len(t.UsedUp) > 1 {
			them = "none of them can"
		}
		out = append(out, fmt.Sprintf("every copy of %s is on the line (%s): %s be played", sim.CardsString(t.UsedUp), decksWord(t.Decks), them))
	}
	if left > 0 {
		return out
	}
	what := "no card is legal after this line"
	if len(t.Accepted) > 0 {
		what = fmt.Sprintf("every card the rule accepts is used up (%s)", decksWord(t.Decks))
	}
	switch {
	case t.Reachable && t.tagged:
		return append(out, what+": a dead end legal play reaches (the rule is tagged dead-end: its author knows)")
	case t.Reachable:
		return append(out, what+": a dead end legal play reaches; tag the rule dead-end in its bank if you mean it")
	}
	return append(out, what+" (on a line legal play does not reach, see above)")
}

func verdictWord(ok bool) string {
	if ok {
		return "accepted"
	}
	return "refused"
}

// tables: with --card its verdict; else the verdicts by suit (for people)
// and by card (CSV).
func (t trial) tables() []render.Table {
	title := fmt.Sprintf("%s (%s) after %s (n = %d)", t.Rule, t.Expr, sim.CardsString(t.Line), t.N)
	if t.typed {
		title = fmt.Sprintf("%s after %s (n = %d)", t.Expr, sim.CardsString(t.Line), t.N)
	}
	if t.Card != nil {
		return []render.Table{{Title: title, Cols: []render.Column{{Name: "card"}, {Name: "verdict"}},
			Cells: [][]render.Cell{{render.Str(t.Card.String()), render.Str(t.Verdict)}}}}
	}
	bySuit := render.Table{Only: render.TextOnly, Title: fmt.Sprintf("%s: %d of 52 cards accepted", title, len(t.Accepted)),
		Cols: []render.Column{{Name: "verdict"}}}
	for s := sim.Spades; s <= sim.Clubs; s++ {
		bySuit.Cols = append(bySuit.Cols, render.Column{Name: s.String()})
	}
	for i, cards := range [][]sim.Card{t.Accepted, t.Refused} {
		row := []render.Cell{render.Str(verdictWord(i == 0))}
		for s := sim.Spades; s <= sim.Clubs; s++ {
			var ranks []int
			for _, c := range cards {
				if c.Suit() == s {
					ranks = append(ranks, c.Rank())
				}
			}
			row = append(row, render.Str(cmp.Or(ranksShort(ranks), "—")))
		}
		bySuit.Cells = append(bySuit.Cells, row)
	}
	byCard := render.Table{Only: render.CSVOnly, Name: "cards", Cols: []render.Column{{Name: "card"}, {Name: "verdict"}}}
	for x := sim.Card(0); x < sim.NumCards; x++ {
		byCard.Cells = append(byCard.Cells, []render.Cell{render.Str(x.String()), render.Str(verdictWord(slices.Contains(t.Accepted, x)))})
	}
	return []render.Table{bySuit, byCard}
}

// ranksShort writes ascending ranks the short way, runs of three or more
// as a range: "A–5 9 J–K" ("" for none).
func ranksShort(ranks []int) string {
	var parts []string
	for i := 0; i < len(ranks); {
		k := i
		for k+1 < len(ranks) && ranks[k+1] == ranks[k]+1 {
			k++
		}
		name := func(r int) string { return strings.TrimSuffix(sim.NewCard(r, sim.Spades).String(), "S") }
		switch {
		case k-i >= 2:
			parts = append(parts, name(ranks[i])+"–"+name(ranks[k]))
		default:
			for _, r := range ranks[i : k+1] {
				parts = append(parts, name(r))
			}
		}
		i = k + 1
	}
	return strings.Join(parts, " ")
}

// decksHold is "1 deck holds", "2 decks hold", …
func decksHold(n int) string {
	if n == 1 {
		return "1 deck holds"
	}
	return decksWord(n) + " hold"
}

// decksWord is "1 deck", "2 decks", …
func decksWord(n int) string {
	if n == 1 {
		return "1 deck"
	}
	return fmt.Sprintf("%d decks", n)
}
