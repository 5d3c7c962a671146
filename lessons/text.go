package lessons

import (
	"fmt"
	"io"
	"math"
	"strings"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// The narration's sentences, written once for every output: a textFormat
// says how a rule, cards and emphasis look in Markdown (here) or in the
// printable pack's HTML (lesson_html.go).

// NoCardSentence is the underdetermination sentence: two rules that no
// card of any line the hand can still reach would tell apart.
const NoCardSentence = "no card in the deck can tell these apart from here"

// textFormat writes the parts of a sentence that are not plain words, and
// the sentences themselves: messages of the catalogue (i18n) in the
// format's language.
type textFormat interface {
	// rule is a rule in words with its expression beside it.
	rule(r Ranked) string
	// phrase is a rule in words alone (its expression is given nearby).
	phrase(r Ranked) string
	cards(cs []sim.Card) string
	strong(s string) string
	// text is plain words (escaped as the format needs).
	text(s string) string
	// say is a message of the catalogue; its text arguments are written
	// by the format already (rule, cards, text…), numbers are numbers.
	say(key string, args ...any) string
	// lang is the format's language.
	lang() *i18n.Printer
}

// english is the printer of a format made without one.
var english = i18n.NewPrinter(language.English)

// markdown writes sentences for hand.md.
type markdown struct{ L *i18n.Printer }

func (m markdown) lang() *i18n.Printer {
	if m.L == nil {
		return english
	}
	return m.L
}

func (m markdown) say(key string, args ...any) string {
	return tidy(m.lang(), m.lang().T(key, args...))
}

func (m markdown) rule(r Ranked) string {
	if inWordsIn(&r, m.lang()) == "" {
		return "`" + r.Expr + "`"
	}
	return "“" + r.Phrase + "” (`" + r.Expr + "`)"
}

func (m markdown) phrase(r Ranked) string {
	if inWordsIn(&r, m.lang()) == "" {
		return "`" + r.Expr + "`"
	}
	return "“" + r.Phrase + "”"
}

// inWords fills in a rule's words when it has none (a rule outside the
// space: God's, a rule a player stated): the expression said by
// rulewords, or "" where rulewords has no words for it.
func inWords(r *Ranked) string {
	if r.Phrase == "" && r.Expr != "" {
		r.Phrase, _ = rulewords.Say(r.Expr)
	}
	return r.Phrase
}

// inWordsIn is inWords in a language: the scientists' phrases are
// English, and another language says the expression with
// rulewords.SayIn (the English words where it has none: english).
func inWordsIn(r *Ranked, l *i18n.Printer) string {
	w, _ := wordsIn(r, l)
	return w
}

func wordsIn(r *Ranked, l *i18n.Printer) (words string, english bool) {
	if l.Lang() != "en" && r.Expr != "" {
		if w, err := rulewords.SayIn(l.Lang(), r.Expr); err == nil && w != "" {
			r.Phrase = w
			return w, false
		}
	}
	w := inWords(r)
	return w, l.Lang() != "en"
}

func (markdown) cards(cs []sim.Card) string { return handwords.Cards(cs) }
func (markdown) strong(s string) string     { return "**" + s + "**" }
func (markdown) text(s string) string       { return s }

// cardSet lists the cards of a set (a bit per card), at most max of them.
func cardSet(set uint64, most int) ([]sim.Card, int) {
	var cs []sim.Card
	total := 0
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if set>>c&1 == 1 {
			total++
			if len(cs) < most {
				cs = append(cs, c)
			}
		}
	}
	return cs, total
}

func bitsText(b float64) string {
	switch {
	case b <= 0:
		return "no information (0 bits)"
	case b < 0.01:
		return "less than 0.01 bits"
	}
	if math.Abs(b-1) < 0.005 {
		return "1 bit"
	}
	return fmt.Sprintf("%.2f bits", b)
}

// count writes a number with thousands separators: 100,000.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// who is the followed scientist, as the sentences name it.
func (n *Narration) who(f textFormat) string {
	if n.OwnBelief {
		return f.say("lesson.who.own")
	}
	return f.say("lesson.who.ideal")
}

// whoOf is the followed scientist after "of": "of the ideal scientist"
// (in languages that join "of" and "the": "do cientista ideal").
func (n *Narration) whoOf(f textFormat) string {
	if n.OwnBelief {
		return f.say("lesson.whoOf.own")
	}
	return f.say("lesson.whoOf.ideal")
}

// seat names a seat: "Ana", "Seat 2 (positive-tester)".
func (n *Narration) seat(p int) string { return n.seatIn(p, english) }

// seatIn is seat in a language (a played lesson's "Seat 2" numbered in
// it).
func (n *Narration) seatIn(p int, l *i18n.Printer) string {
	if p < 0 || p >= len(n.Players) {
		return l.T("lesson.seat", p+1)
	}
	name := n.playerName(p, l)
	if p < len(n.Strategies) && n.Strategies[p] != "" && n.Strategies[p] != n.Players[p] {
		return fmt.Sprintf("%s (%s)", name, n.Strategies[p])
	}
	return name
}

// moveWhat says what was claimed by a move and what "yes" meant.
func moveWhat(m *sim.MoveRecord, f textFormat) (did string) {
	switch m.Kind {
	case sim.NoPlay:
		return f.say("md.noPlay", f.cards(m.Cards))
	case sim.Sequence:
		return f.say("md.sequence", f.cards(m.Cards))
	}
	return f.say("md.plays", f.cards(m.Cards))
}

// expected says what a rule expected of a move.
func expected(m *sim.MoveRecord, yes bool, f textFormat) string {
	switch {
	case m.Kind == sim.NoPlay && yes:
		return f.say("expect.noneFits")
	case m.Kind == sim.NoPlay:
		return f.say("expect.someFits")
	case m.Kind == sim.Sequence && yes:
		return f.say("expect.seqLegal")
	case m.Kind == sim.Sequence:
		return f.say("expect.seqNot")
	case yes:
		return f.say("expect.legal")
	}
	return f.say("expect.notLegal")
}

// labelText says whose rule the move tested, and how.
func (n *Narration) labelText(st *NarratedMove, f textFormat) string {
	m := &st.Move
	if st.Test == "" {
		if st.NoTest.IsZero() {
			return ""
		}
		return f.say("md.noTest", f.text(f.lang().Say(st.NoTest)))
	}
	positive := st.Test == "positive"
	kind := f.strong(f.say(map[bool]string{true: "md.positiveTest", false: "md.negativeTest"}[positive]))
	yes := positive != (m.Kind == sim.NoPlay) // what the rule expected God to say
	if !math.IsNaN(st.Held.Prob) {
		return f.say("md.testGave", kind, f.rule(*st.Held), fpct(f, st.Held.Prob), expected(m, yes, f))
	}
	return f.say("md.test", kind, f.rule(*st.Held), expected(m, yes, f))
}

// separationText says how the two leading rules could be told apart after
// the move.
func (n *Narration) separationText(st *NarratedMove, f textFormat) string {
	p := st.Parting
	if p == nil {
		return ""
	}
	a, b := st.Leaders[0], st.Leaders[1]
	switch {
	case p.Never:
		for _, mo := range st.Moments {
			if mo.Kind == Underdetermined {
				return "" // said in the moment
			}
		}
		return f.say("sep.still", f.say("lesson.noCard"), f.phrase(a), f.phrase(b))
	case st.Best != nil:
		c := *st.Best
		first, second := f.say("pack.yes"), f.say("pack.no")
		if !n.Space.Accepts(a.ID, st.MainLine, c) {
			first, second = second, first
		}
		return f.say("sep.best", f.phrase(a), f.phrase(b), f.cards([]sim.Card{c}), f.phrase(a), first, f.phrase(b), second)
	default:
		then, total := cardSet(p.Then, 3)
		more := ""
		if total > len(then) {
			more = f.say("sep.more", total-len(then))
		}
		legal := f.say("sep.legalOne")
		if len(p.Path) > 1 {
			legal = f.say("sep.legalMany")
		}
		return f.say("sep.later", f.phrase(a), f.phrase(b), f.cards(p.Path), legal, f.cards(then), more)
	}
}

// Markdown writes the narration in English.
func (n *Narration) Markdown(w io.Writer) error { return n.MarkdownIn(w, language.English) }

// MarkdownIn writes the narration in lang (i18n.Languages).
func (n *Narration) MarkdownIn(w io.Writer, lang language.Tag) error {
	f := markdown{L: i18n.NewPrinter(lang)}
	l := f.lang()
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", f.say("md.title"))
	fmt.Fprintf(&b, "%s\n\n", f.say("md.rule", n.godRule(f)))
	fmt.Fprintf(&b, "%s\n\n", n.setting(f))
	fmt.Fprintf(&b, "%s\n\n", n.followText(f))
	fmt.Fprintf(&b, "%s\n\n", n.openingText(f))
	for i := range n.Steps {
		st := &n.Steps[i]
		m := &st.Move
		head := f.say("md.move", m.Turn, n.seatIn(m.Player, l))
		if m.Player == n.Observer {
			head = f.say("md.moveFollowed", m.Turn, n.seatIn(m.Player, l))
		}
		fmt.Fprintf(&b, "## %s\n\n", head)
		fmt.Fprintf(&b, "%s\n\n", n.moveText(st, f))
		if t := n.labelText(st, f); t != "" {
			fmt.Fprintf(&b, "%s\n\n", t)
		}
		if len(st.Top) > 0 {
			fmt.Fprintf(&b, "%s\n\n", f.say("md.before", n.who(f), fpct(f, st.PYes)))
			for k, r := range st.Top {
				mark := ""
				if n.isGods(r.ID) {
					mark = " — " + f.say("lesson.godsHere")
				}
				fmt.Fprintf(&b, "%d. %s — %s%s\n", k+1, f.rule(r), fpct(f, r.Prob), mark)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n\n", n.answerText(st, f))
		for _, mo := range st.Moments {
			fmt.Fprintf(&b, "**%s.** %s\n\n", mo.title(f), mo.say(f))
		}
		if t := n.separationText(st, f); t != "" {
			fmt.Fprintf(&b, "%s\n\n", t)
		}
		fmt.Fprintf(&b, "%s\n\n", f.say("md.mainLine", handwords.Cards(st.MainLine)))
	}
	fmt.Fprintf(&b, "## %s\n\n", f.say("md.end"))
	fmt.Fprintf(&b, "%s\n\n", n.endText(f))
	fmt.Fprintf(&b, "%s\n\n", n.verdictText(f))
	fmt.Fprintf(&b, "| %s | %s | %s | %s |\n|---|---|---|---|\n", f.say("md.col.seat"), f.say("reveal.player"), f.say("reveal.cardsLeft"), f.say("reveal.score"))
	for _, p := range n.Result.Players {
		fmt.Fprintf(&b, "| %d | %s | %d | %d |\n", p.Seat+1, n.seatIn(p.Seat, l), p.Cards, p.Score)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// moveText is what happened: the move and God's answer.
func (n *Narration) moveText(st *NarratedMove, f textFormat) string {
	m := &st.Move
	var b strings.Builder
	b.WriteString(f.say("md.moveWhat", moveWhat(m, f), f.strong(f.say("pack."+string(m.Verdict)))))
	if m.Kind == sim.NoPlay && m.Picked != nil {
		b.WriteString(f.say("md.picked", f.cards([]sim.Card{*m.Picked})))
	}
	if m.Penalty > 0 {
		b.WriteString(f.say("md.draws", m.Penalty))
	}
	b.WriteString(".")
	if m.Guess != "" && !m.GuessInWords { // words: told with the rules said (Said)
		verdict := f.say("md.guess.wrong")
		switch {
		case m.GuessGodErred && m.GuessRight:
			verdict = f.say("md.guess.erredYes", f.strong(f.say("lesson.godErred")))
		case m.GuessGodErred:
			verdict = f.say("md.guess.erredNo", f.strong(f.say("lesson.godErred")))
		case m.GuessRight:
			verdict = f.strong(f.say("md.guess.right"))
		case m.GuessError != "":
			verdict = f.say("md.guess.invalid", f.text(m.GuessError))
		}
		r := Ranked{Expr: m.Guess}
		if id, ok := n.Space.ByExpr(m.Guess); ok {
			r.Phrase = n.Space.Phrase(id)
		}
		b.WriteString(" " + f.say("md.guess", f.rule(r), verdict))
	}
	if n.Erred[m.Turn] {
		says := map[sim.Verdict]string{sim.Yes: "pack.no", sim.No: "pack.yes"}[m.Verdict]
		b.WriteString(" " + f.say("md.erred", f.strong(f.say("lesson.godErred")), f.say(says)))
	}
	for _, s := range n.Said[m.Turn] {
		b.WriteString(" " + n.saidText(s, f))
	}
	return b.String()
}

// saidText tells a rule a player stated in words.
func (n *Narration) saidText(s SaidRule, f textFormat) string {
	who, words := f.text(n.seatRef(s.Player, f.lang())), f.text(s.Text)
	var t string
	switch {
	case s.Rule == nil:
		t = f.say("lesson.said.unread", who, words)
	case !s.Judged:
		t = f.say("lesson.said.read", who, words, f.rule(Ranked{Expr: s.Rule.Rule.Expr}))
	case s.Right:
		t = f.say("lesson.said.right", who, words, f.rule(Ranked{Expr: s.Rule.Rule.Expr}), f.strong(f.say("lesson.said.godsRule")))
	default:
		t = f.say("lesson.said.wrong", who, words, f.rule(Ranked{Expr: s.Rule.Rule.Expr}))
	}
	if s.GodSaid == nil {
		return t
	}
	t += " " + f.say("lesson.said.god", f.strong(f.say("pack."+string(*s.GodSaid))))
	if s.Judged && s.Right != (*s.GodSaid == sim.Yes) {
		t += " " + f.say("lesson.said.disagree")
	}
	return t
}

// answerText is what the answer did to the followed belief.
func (n *Narration) answerText(st *NarratedMove, f textFormat) string {
	if st.Possible == 0 {
		return f.say("md.answer.empty", n.whoOf(f))
	}
	if st.Left == 0 {
		if st.Possible == 1 {
			return f.say("md.answer.lastOne", n.who(f))
		}
		return f.say("md.answer.all", st.Possible, n.who(f))
	}
	s := f.say("md.answer", fbits(f, st.Bits), st.Possible-st.Left, st.Possible, st.Left)
	if n.Eps > 0 {
		s = f.say("md.answer.eps", fbits(f, st.Bits), n.ruledOut(st, f))
	}
	if n.Truth != nil {
		s = f.say("md.answer.belief", s, fpct(f, st.LocalProb))
	}
	return s + "."
}

// endText says how the hand ended.
func (n *Narration) endText(f textFormat) string {
	l := f.lang()
	s := f.say("lesson.endText", n.Result.Turns, f.text(l.Say(handwords.End(n.Result.End, n.seatRefs(l), n.Result))), n.Result.GodScore)
	if tm := n.Result.Team; tm != nil {
		if tm.Found {
			s += " " + f.say("lesson.team.found", tm.Turn, "`"+f.text(tm.Rule)+"`", f.say("lesson.nRules", tm.Guesses))
		} else {
			s += " " + f.say("lesson.team.notFound", f.say("lesson.nRules", tm.Guesses))
		}
	}
	return s
}

// seatNames are the seats' names in a language.
func (n *Narration) seatNames(l *i18n.Printer) []string {
	out := make([]string, len(n.Players))
	for i := range out {
		out[i] = n.playerName(i, l)
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
