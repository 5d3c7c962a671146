package lessons

import (
	"fmt"
	"html/template"

	"github.com/eleusis/eleusis/cardsvg"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// The slide deck (deck.html) for the projector: a title slide, then one
// slide per move — the table as it stood, the card played drawn large, and
// "yes or no?" for the class to answer before the next slide shows God's
// answer — and a last slide with the table at the end. Each slide prints on
// one landscape page; on screen the slides snap one at a time. Like the
// handout it is the students' view: no rule, no mark of God's mistakes.

// deckSlide is one slide of the deck.
type deckSlide struct {
	// Move: the move asked about (0: the title slide; Last: the end).
	Move, Of int
	Last     bool
	// Prev: God's answer to the move before, in words.
	Prev template.HTML
	// Table: the table before the move; Card: its main-line cards' width.
	Table []packColumn
	Card  template.CSS
	// Who: who plays what; Played: the cards put before God, large; Ask:
	// the question.
	Who         template.HTML
	Played      []template.HTML
	PlayedWidth template.CSS
	Ask         string
	// Handout: this slide shows the handout's table.
	Handout bool
}

// The deck's layout (mm, within the 259 × 186 mm a landscape page of A4 or Letter prints inside 10 mm margins):
// the table's area beside the card played.
const deckTableW, deckTableH = 172.0, 132.0

// deckSlides are the deck's slides in the page's language.
func (n *Narration) deckSlides(placed []PlacedCard, handoutMove int, f htmlText) []deckSlide {
	l := f.lang()
	total := len(n.Steps)
	var out []deckSlide
	for k := 1; k <= total+1; k++ {
		s := deckSlide{Move: k, Of: total, Last: k > total, Handout: k-1 == handoutMove}
		s.Table = packTable(placed, k-1, nil)
		s.Card = template.CSS(fmt.Sprintf("%.1fmm", slideCard(s.Table, deckTableW, deckTableH)))
		if k > 1 {
			s.Prev = safe(n.answerLine(&n.Steps[k-2].Move, f))
		}
		if !s.Last {
			m := &n.Steps[k-1].Move
			s.Who = safe(n.deckWho(m, f))
			w := 48.0 // one card, large
			switch {
			case len(m.Cards) > 8:
				w = 16
			case len(m.Cards) > 4:
				w = 22
			case len(m.Cards) > 1:
				w = 30
			}
			s.PlayedWidth = template.CSS(fmt.Sprintf("%.0fmm", w))
			for _, c := range m.Cards {
				s.Played = append(s.Played, template.HTML(cardsvg.Card(c, cardsvg.Options{Width: 100})))
			}
			s.Ask = l.T("deck.ask")
			if m.Kind == sim.NoPlay {
				s.Ask = l.T("deck.askNoPlay")
			}
		}
		out = append(out, s)
	}
	return out
}

// deckWho says who puts what before God: "Ana plays", "Ana plays the
// sequence", "Ana says “no play”, showing her hand".
func (n *Narration) deckWho(m *sim.MoveRecord, f htmlText) string {
	who := f.text(n.playerRef(m.Player, f.lang()))
	switch m.Kind {
	case sim.Sequence:
		return capital(f.say("deck.sequence", who))
	case sim.NoPlay:
		return capital(f.say("deck.noPlay", who))
	}
	return capital(f.say("deck.plays", who))
}

// answerLine is God's answer to a move in a line: "Move 4: Bia, 3♦ — God
// said no; Bia draws 2."
func (n *Narration) answerLine(m *sim.MoveRecord, f htmlText) string {
	who := f.text(n.playerRef(m.Player, f.lang()))
	verdict := fmt.Sprintf(`<b class="%s">%s</b>`, m.Verdict, f.say("pack."+string(m.Verdict)))
	s := f.say("deck.answer", m.Turn, who, handoutCards(m, f, f.lang()), verdict)
	if m.Penalty > 0 {
		s += " " + f.say("deck.draws", who, f.say("plan.nCards", m.Penalty))
	}
	return s
}

// deckTitle is the title slide's lines: what the game is and how to read
// the table.
func deckTitle(l *i18n.Printer, players string) []string {
	return []string{l.T("deck.intro", players), l.T("handout.legend")}
}
