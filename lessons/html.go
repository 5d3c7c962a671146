package lessons

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"html/template"
	"math"
	"strings"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/cardsvg"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// The printable classroom pack: lesson.html, the teacher's pages, and
// handout.html, the students' page without the rule. Each is one file — its
// style sheet, card pictures (cardsvg, the web table's) and plot
// inline, no script, no link — that prints on A4 or Letter as it is.

//go:embed lessonhtml
var lessonFiles embed.FS

var lessonTemplates = template.Must(template.New("").Funcs(template.FuncMap{"inc": func(i int) int { return i + 1 }}).ParseFS(lessonFiles, "lessonhtml/*.html"))

// htmlText writes the narration's sentences as HTML (textFormat), in L's
// language (English when nil).
type htmlText struct{ L *i18n.Printer }

func (h htmlText) lang() *i18n.Printer {
	if h.L == nil {
		return english
	}
	return h.L
}

// say is a message whose text arguments the format wrote (escaped
// already): they stand as they are.
func (h htmlText) say(key string, args ...any) string {
	in := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			a = template.HTML(s)
		}
		in[i] = a
	}
	return tidy(h.lang(), string(h.lang().HTML(key, in...)))
}

func (h htmlText) rule(r Ranked) string {
	code := "<code>" + html.EscapeString(r.Expr) + "</code>"
	if inWordsIn(&r, h.lang()) == "" {
		return code
	}
	return h.phrase(r) + " " + code
}

// phrase is a rule in words; words left in English on another
// language's page say so (lang="en").
func (h htmlText) phrase(r Ranked) string {
	w, en := wordsIn(&r, h.lang())
	switch {
	case w == "":
		return "<code>" + html.EscapeString(r.Expr) + "</code>"
	case en:
		return `<q lang="en">` + html.EscapeString(w) + "</q>"
	}
	return "<q>" + html.EscapeString(w) + "</q>"
}

func (htmlText) cards(cs []sim.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		class := "cd"
		if c.Red() {
			class += " rd"
		}
		parts[i] = fmt.Sprintf(`<span class="%s">%s</span>`, class, html.EscapeString(c.Pretty()))
	}
	return strings.Join(parts, " ")
}

func (htmlText) strong(s string) string { return "<strong>" + html.EscapeString(s) + "</strong>" }
func (htmlText) text(s string) string   { return html.EscapeString(s) }

// safe marks a sentence built by htmlText (every variable part escaped).
func safe(s string) template.HTML { return template.HTML(s) }

// packCard is a card on the printed table, with the move that laid it.
type packCard struct {
	SVG  template.HTML
	Move string // "" for God's opening
	Gone bool   // went back into the deck later
	// Erred: laid by a move God judged against the rule (a class's hand
	// with god_said:), marked on the teacher's table only.
	Erred bool
}

type packColumn struct {
	Main   packCard
	Errors []packCard
}

// packTable draws the table up to a move as players lay it, marking the
// cards of the moves in erred (God's mistakes; nil on the students' pages).
func packTable(cards []PlacedCard, move int, erred map[int]bool) []packColumn {
	draw := func(p PlacedCard) packCard {
		pc := packCard{SVG: template.HTML(cardsvg.Card(p.Card, cardsvg.Options{Width: 60})), Gone: p.Reshuffled > 0 && p.Reshuffled <= move,
			Erred: p.Move > 0 && erred[p.Move]}
		if p.Move > 0 {
			pc.Move = fmt.Sprint(p.Move)
		}
		return pc
	}
	var out []packColumn
	for _, col := range columnsUpTo(cards, move) {
		pc := packColumn{Main: draw(col.Main)}
		for _, e := range col.Errors {
			pc.Errors = append(pc.Errors, draw(e))
		}
		out = append(out, pc)
	}
	return out
}

// packMove is one row of the teacher's table of moves.
type packMove struct {
	N       int
	Player  string
	Cards   template.HTML
	Verdict string
	Said    string // the verdict in the page's language
	Erred   bool   // God's verdict went against the rule
	Test    string
	PYes    string
	Bits    string
	Leaders template.HTML
	Notes   template.HTML
}

type packMoment struct {
	Move  int
	Title string
	Text  template.HTML
}

// packQA is a question with its answer for the teacher; Topic and Move
// place it in the lesson plan.
type packQA struct {
	Q, A  template.HTML
	Topic string
	Move  int
}

// packPage is what the templates show.
type packPage struct {
	L           *i18n.Printer // the pages' language
	Title       string
	GodRule     template.HTML
	Hint        string
	HintHTML    template.HTML // the hint marked as English (lang="en")
	Setting     template.HTML
	Follow      template.HTML
	Opening     template.HTML
	Table       []packColumn
	Plot        template.HTML
	Moments     []packMoment
	Verdict     template.HTML
	End         template.HTML
	Moves       []packMove
	Scores      [][3]string
	HandoutMove int
	Handout     []packColumn
	HandoutLog  []packMove
	Players     string
	Questions   []packQA // discussion questions, with answers
	Key         []packQA // the handout's questions, answered
	Reshuffled  bool
	Erred       bool // God erred somewhere in the hand
	// The lesson plan (plan.go).
	Plan    []planRow
	Minutes int // the plan's length
	Order   []template.HTML
	Board   []template.HTML
	Bots    []template.HTML
	// Class: what a class's transcript says — stated rules, beliefs,
	// God's mistakes — by move (plan.go).
	Class []template.HTML
	// SlideCard: the slide's card width, a CSS length (slideCard).
	SlideCard template.CSS
	// The slide deck (deck.go) and its title slide.
	Deck      []deckSlide
	DeckIntro []string
	// Worksheet: the moves up to the handout move, for the worksheet's
	// table (who and which cards; the rest the students fill in).
	Worksheet      []packMove
	WorksheetBlank []int // blank rows after them
	// Young: the version for younger students (young.go).
	Young youngPage
}

// packPages are the pack's HTML pages, by file name, in the order written.
var packPages = []string{"plan.html", "lesson.html", "handout.html", "slide.html", "deck.html", "worksheet.html", "younger.html", "younger-handout.html"}

// studentPages are the pages a student sees: none may hold God's rule or
// mark God's mistakes.
var studentPages = []string{"handout.html", "slide.html", "deck.html", "worksheet.html", "younger-handout.html"}

// lessonHTML renders the pack's pages (packPages) in English.
func (n *Narration) lessonHTML(handoutMove int) (map[string][]byte, error) {
	return n.lessonHTMLIn(handoutMove, language.English)
}

// lessonHTMLIn renders the pack's pages in lang.
func (n *Narration) lessonHTMLIn(handoutMove int, lang language.Tag) (map[string][]byte, error) {
	f := htmlText{L: i18n.NewPrinter(lang)}
	placed := TableOf(n.Result, &n.Options)
	pg := &packPage{
		L:           f.L,
		Title:       f.L.T("lesson.title"),
		GodRule:     safe(n.godRule(f)),
		Hint:        n.Hint,
		HintHTML:    safe(n.hintText(f)),
		Setting:     safe(n.setting(f)),
		Follow:      safe(n.followText(f)),
		Opening:     safe(n.openingText(f)),
		Table:       packTable(placed, math.MaxInt, n.Erred),
		Verdict:     safe(n.verdictText(f)),
		End:         safe(n.endText(f)),
		HandoutMove: handoutMove,
		Handout:     packTable(placed, handoutMove, nil),
		Erred:       len(n.Erred) > 0,
	}
	for _, p := range placed {
		pg.Reshuffled = pg.Reshuffled || p.Reshuffled > 0
	}
	var names []string
	for i := range n.Players {
		names = append(names, n.playerName(i, pg.L))
	}
	pg.Players = strings.Join(names, ", ")
	fig, err := n.beliefFigure(f.L)
	if err != nil {
		return nil, err
	}
	svg, err := fig.Encode("svg")
	if err != nil {
		return nil, err
	}
	if i := bytes.Index(svg, []byte("<svg")); i >= 0 {
		svg = svg[i:]
	}
	pg.Plot = template.HTML(svg)
	told := map[MomentKind]int{}
	var again []int // the moves where the favourite fell again, not told
	for i := range n.Steps {
		st := &n.Steps[i]
		for _, mo := range st.Moments {
			if !packMomentShown(st, mo) {
				continue
			}
			if told[mo.Kind]++; mo.Kind == Refuted && told[mo.Kind] > maxRefutedTold {
				again = append(again, st.Move.Turn)
				continue
			}
			pg.Moments = append(pg.Moments, packMoment{Move: st.Move.Turn, Title: mo.title(f), Text: safe(mo.say(f))})
		}
		pm := n.packMove(st, f)
		pg.Moves = append(pg.Moves, pm)
		if st.Move.Turn <= handoutMove {
			pg.HandoutLog = append(pg.HandoutLog, packMove{N: pm.N, Player: n.playerName(st.Move.Player, pg.L), Cards: handoutCards(&st.Move, f, pg.L), Verdict: pm.Verdict, Said: pm.Said})
		}
	}
	if len(again) > 0 {
		pg.Moments = append(pg.Moments, packMoment{Move: again[0], Title: f.say("moment.again.title"), Text: safe(refutedAgain(again, f))})
	}
	for _, p := range n.Result.Players {
		pg.Scores = append(pg.Scores, [3]string{n.seatIn(p.Seat, f.L), fmt.Sprint(p.Cards), fmt.Sprint(p.Score)})
	}
	pg.Questions = n.discussion(f)
	pg.Key = n.answerKey(handoutMove, f)
	pg.Plan, pg.Order, pg.Board, pg.Bots = n.planParts(handoutMove, len(pg.Questions), f), planOrder(handoutMove, pg.Questions, f), n.boardLines(f), n.bots(f)
	pg.Minutes = planMinutes(pg.Plan)
	pg.Class = n.classLines(f)
	// The slide: one landscape page, about 270 × 150 mm below the title.
	pg.SlideCard = template.CSS(fmt.Sprintf("%.1fmm", slideCard(pg.Handout, 270, 150)))
	pg.Deck, pg.DeckIntro = n.deckSlides(placed, handoutMove, f), deckTitle(pg.L, pg.Players)
	pg.Worksheet, pg.WorksheetBlank = pg.HandoutLog, make([]int, max(3, 20-len(pg.HandoutLog)))
	pg.Young = n.youngPage(handoutMove, f)
	out := map[string][]byte{}
	for _, name := range packPages {
		var b bytes.Buffer
		if err := lessonTemplates.ExecuteTemplate(&b, name, pg); err != nil {
			return nil, err
		}
		out[name] = b.Bytes()
	}
	return out, nil
}

// maxRefutedTold is how many refuted favourites the teacher's list tells
// in full; the others are listed by move.
const maxRefutedTold = 2

// packMomentShown says whether the teacher's list of moments tells mo:
// not a change of lead (the plot marks them, the moves table says them),
// not an answer that carried no information, and at the Wason moment's
// refutation only the Wason moment, which tells it.
func packMomentShown(st *NarratedMove, mo Moment) bool {
	switch mo.Kind {
	case LeadChange:
		return false
	case Underdetermined, ClosedWorld, WasonMoment:
		return true
	case Refuted, Surprise, Risky:
		if hasMoment(st, WasonMoment) {
			return false
		}
	}
	return math.IsNaN(st.Bits) || st.Bits >= 0.01
}

// playerName is a player's name on the handout: the seats a played
// lesson numbers (PlayLesson's "Seat 2") are numbered in its language.
func (n *Narration) playerName(p int, l *i18n.Printer) string {
	if n.Players[p] == fmt.Sprintf("Seat %d", p+1) {
		return l.T("pack.seat", p+1)
	}
	return n.Players[p]
}

// handoutCards is a move's cards as the handout lists them, in its
// language: "no play: 8♥ 9♠ (God lays 5♣)", "sequence 2♦ 4♦".
func handoutCards(m *sim.MoveRecord, f htmlText, l *i18n.Printer) template.HTML {
	cards := f.cards(m.Cards)
	switch m.Kind {
	case sim.NoPlay:
		if m.Picked != nil {
			cards = string(l.HTML("pack.godLays", template.HTML(cards), template.HTML(f.cards([]sim.Card{*m.Picked}))))
		}
		cards = string(l.HTML("pack.noPlay", template.HTML(cards)))
	case sim.Sequence:
		cards = string(l.HTML("pack.sequence", template.HTML(cards)))
	}
	if m.Guess != "" {
		cards += "; " + html.EscapeString(l.T("pack.states")) + " " + statedHTML(m)
	}
	return safe(cards)
}

// statedHTML is the rule stated after a move: an expression as code,
// words as words.
func statedHTML(m *sim.MoveRecord) string {
	if m.GuessInWords {
		return "<q>" + html.EscapeString(m.Guess) + "</q>"
	}
	return "<code>" + html.EscapeString(m.Guess) + "</code>"
}

// packMove is a move as a row of the teacher's table.
func (n *Narration) packMove(st *NarratedMove, f htmlText) packMove {
	m := &st.Move
	l := f.lang()
	pm := packMove{N: m.Turn, Player: n.playerName(m.Player, l), Verdict: string(m.Verdict), Said: l.T("pack." + string(m.Verdict)), Erred: n.Erred[m.Turn], Test: "—"}
	if st.Test != "" {
		pm.Test = l.T("lesson.test." + st.Test)
	}
	cards := f.cards(m.Cards)
	switch m.Kind {
	case sim.NoPlay:
		if m.Picked != nil {
			cards = f.say("pack.godLays", cards, f.cards([]sim.Card{*m.Picked}))
		}
		cards = f.say("pack.noPlay", cards)
	case sim.Sequence:
		cards = f.say("pack.sequence", cards)
	}
	if m.Guess != "" {
		cards += "; " + f.say("pack.states") + " " + statedHTML(m)
	}
	pm.Cards = safe(cards)
	if !math.IsNaN(st.PYes) {
		pm.PYes = l.Decimal(st.PYes, 2)
	}
	if !math.IsNaN(st.Bits) {
		pm.Bits = l.Decimal(st.Bits, 2)
		if st.Left == 0 && st.Possible > 0 {
			pm.Bits = "—" // the answer was impossible for every rule left
		}
	}
	var lead []string
	for _, r := range st.Leaders[:min(2, len(st.Leaders))] {
		lead = append(lead, f.phrase(r)+" "+fpct(f, r.Prob))
	}
	if len(lead) == 0 {
		lead = append(lead, f.say("lesson.noRuleLeft"))
	}
	pm.Leaders = safe(strings.Join(lead, "<br>"))
	var notes []string
	for _, mo := range st.Moments {
		notes = append(notes, f.strong(mo.title(f)))
	}
	if st.Parting != nil {
		switch {
		case st.Parting.Never:
			notes = append(notes, f.say("lesson.note.never"))
		case st.Best != nil:
			notes = append(notes, f.say("lesson.note.best", f.cards([]sim.Card{*st.Best})))
		default:
			notes = append(notes, f.say("lesson.note.part", f.cards(st.Parting.Path)))
		}
	}
	pm.Notes = safe(strings.Join(notes, "; "))
	return pm
}
