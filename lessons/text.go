package lessons

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// The narration's sentences, written once for every output: a textFormat
// says how a rule, cards and emphasis look in Markdown (here) or in the
// printable pack's HTML (lesson_html.go).

// NoCardSentence is the underdetermination sentence: two rules that no
// card of any line the hand can still reach would tell apart.
const NoCardSentence = "no card in the deck can tell these apart from here"

// textFormat writes the parts of a sentence that are not plain words.
type textFormat interface {
	// rule is a rule in words with its expression beside it.
	rule(r Ranked) string
	// phrase is a rule in words alone (its expression is given nearby).
	phrase(r Ranked) string
	cards(cs []sim.Card) string
	strong(s string) string
	// text is plain words (escaped as the format needs).
	text(s string) string
}

// markdown writes sentences for hand.md.
type markdown struct{}

func (markdown) rule(r Ranked) string {
	if inWords(&r) == "" {
		return "`" + r.Expr + "`"
	}
	return "“" + r.Phrase + "” (`" + r.Expr + "`)"
}

func (markdown) phrase(r Ranked) string {
	if inWords(&r) == "" {
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

func (markdown) cards(cs []sim.Card) string { return CardList(cs) }
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
func (n *Narration) who() string {
	if n.OwnBelief {
		return "the scientist we follow"
	}
	return "the ideal scientist"
}

// seat names a seat: "Ana", "seat 2 (positive-tester)".
func (n *Narration) seat(p int) string {
	if p < 0 || p >= len(n.Players) {
		return fmt.Sprintf("seat %d", p+1)
	}
	name := n.Players[p]
	if p < len(n.Strategies) && n.Strategies[p] != "" && n.Strategies[p] != name {
		return fmt.Sprintf("%s (%s)", name, n.Strategies[p])
	}
	return name
}

// moveWhat says what was claimed by a move and what "yes" meant.
func moveWhat(m *sim.MoveRecord, f textFormat) (did string) {
	switch m.Kind {
	case sim.NoPlay:
		return "says “no play”, showing " + f.cards(m.Cards)
	case sim.Sequence:
		return "plays the sequence " + f.cards(m.Cards)
	}
	return "plays " + f.cards(m.Cards)
}

// expected says what a rule expected of a move.
func expected(m *sim.MoveRecord, yes bool) string {
	switch {
	case m.Kind == sim.NoPlay && yes:
		return "that none of the cards shown fits"
	case m.Kind == sim.NoPlay:
		return "that some card shown fits"
	case m.Kind == sim.Sequence && yes:
		return "that every card of the sequence is legal"
	case m.Kind == sim.Sequence:
		return "that some card of the sequence is not legal"
	case yes:
		return "that the card is legal"
	}
	return "that the card is not legal"
}

// labelText says whose rule the move tested, and how.
func (n *Narration) labelText(st *NarratedMove, f textFormat) string {
	m := &st.Move
	if st.Test == "" {
		if st.NoTest == "" {
			return ""
		}
		return fmt.Sprintf("Not a test of a rule of its own: %s.", f.text(st.NoTest))
	}
	positive := st.Test == "positive"
	kind := map[bool]string{true: "positive test", false: "negative test"}[positive]
	yes := positive != (m.Kind == sim.NoPlay) // what the rule expected God to say
	held := f.rule(*st.Held)
	if !math.IsNaN(st.Held.Prob) {
		held += fmt.Sprintf(", which it gave %s", Pct(st.Held.Prob))
	}
	return fmt.Sprintf("A %s of its own best rule, %s: that rule expected %s.", f.strong(kind), held, expected(m, yes))
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
		return fmt.Sprintf("Still %s: %s and %s.", NoCardSentence, f.phrase(a), f.phrase(b))
	case st.Best != nil:
		c := *st.Best
		first, second := "yes", "no"
		if !n.Space.Accepts(a.ID, st.MainLine, c) {
			first, second = "no", "yes"
		}
		return fmt.Sprintf("The card that would best tell %s from %s now: %s (%s says %s, %s says %s).",
			f.phrase(a), f.phrase(b), f.cards([]sim.Card{c}), f.phrase(a), first, f.phrase(b), second)
	default:
		then, total := cardSet(p.Then, 3)
		more := ""
		if total > len(then) {
			more = fmt.Sprintf(" (or %d other cards)", total-len(then))
		}
		legal := "a card God would accept"
		if len(p.Path) > 1 {
			legal = "cards God would accept, in turn"
		}
		return fmt.Sprintf("No card tells %s from %s right now; they part only after %s (%s): then %s%s would tell them apart.",
			f.phrase(a), f.phrase(b), f.cards(p.Path), legal, f.cards(then), more)
	}
}

// Markdown writes the narration.
func (n *Narration) Markdown(w io.Writer) error {
	f := markdown{}
	var b strings.Builder
	title := "A hand of Eleusis"
	fmt.Fprintf(&b, "# %s\n\n", title)
	fmt.Fprintf(&b, "God's secret rule: %s.\n\n", n.godRule(f))
	fmt.Fprintf(&b, "%s\n\n", n.setting())
	fmt.Fprintf(&b, "%s\n\n", n.followText())
	fmt.Fprintf(&b, "%s\n\n", n.openingText(f))
	for i := range n.Steps {
		st := &n.Steps[i]
		m := &st.Move
		mine := ""
		if m.Player == n.Observer {
			mine = " — the scientist we follow"
		}
		fmt.Fprintf(&b, "## Move %d — %s%s\n\n", m.Turn, n.seat(m.Player), mine)
		fmt.Fprintf(&b, "%s\n\n", n.moveText(st, f))
		if t := n.labelText(st, f); t != "" {
			fmt.Fprintf(&b, "%s\n\n", t)
		}
		if len(st.Top) > 0 {
			fmt.Fprintf(&b, "Before the answer %s gave “yes” a probability of %.2f. Its most probable rules:\n\n", n.who(), st.PYes)
			for k, r := range st.Top {
				fmt.Fprintf(&b, "%d. %s — %.2f\n", k+1, f.rule(r), r.Prob)
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n\n", n.answerText(st))
		for _, mo := range st.Moments {
			fmt.Fprintf(&b, "**%s.** %s\n\n", mo.Title, mo.say(f))
		}
		if t := n.separationText(st, f); t != "" {
			fmt.Fprintf(&b, "%s\n\n", t)
		}
		fmt.Fprintf(&b, "Main line: %s\n\n", CardList(st.MainLine))
	}
	b.WriteString("## The end\n\n")
	fmt.Fprintf(&b, "%s\n\n", n.endText())
	fmt.Fprintf(&b, "%s\n\n", n.verdictText(f))
	b.WriteString("| seat | player | cards left | score |\n|---|---|---|---|\n")
	for _, p := range n.Result.Players {
		fmt.Fprintf(&b, "| %d | %s | %d | %d |\n", p.Seat+1, n.seat(p.Seat), p.Cards, p.Score)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// godRule is God's rule in words, with its expression (no full stop).
func (n *Narration) godRule(f textFormat) string {
	if d := classWords(n.Description); d != "" {
		r := Ranked{Expr: n.Expr, Phrase: n.End.GodPhrase}
		if inWords(&r) == "" {
			return fmt.Sprintf("%s (%s)", f.text(d), f.rule(r))
		}
		return fmt.Sprintf("%s — in the scientists' words, %s", f.text(d), f.rule(r))
	}
	if n.End.GodPhrase != "" {
		return f.rule(Ranked{Expr: n.Expr, Phrase: n.End.GodPhrase})
	}
	return f.rule(Ranked{Expr: n.Expr})
}

// seedNote matches a bank description's note on where a rule comes from:
// "(the seed's …)" or "The seed's …: " — words for the bank's readers, not
// for a class.
var seedNote = regexp.MustCompile(`\s*\([^()]*\bseed's\b[^()]*\)|^The seed's [^:]*:\s*`)

// classWords is a bank description as a class reads it: without notes on
// its source, without the final full stop, the first letter a capital.
func classWords(d string) string {
	d = strings.TrimSpace(seedNote.ReplaceAllString(strings.TrimSpace(d), ""))
	d = strings.TrimSuffix(d, ".")
	if d != "" && d[0] >= 'a' && d[0] <= 'z' {
		d = string(d[0]-'a'+'A') + d[1:]
	}
	return d
}

// setting says where the hand comes from.
func (n *Narration) setting() string {
	var players []string
	for i := range n.Players {
		players = append(players, n.seat(i))
	}
	from := fmt.Sprintf("Preset %s, seed %d.", n.Preset, n.Seed)
	if n.Source != "" {
		from = fmt.Sprintf("Preset %s; the hand as written in %s.", n.Preset, n.Source)
	}
	return fmt.Sprintf("%s Players, clockwise from God's left: %s.", from, strings.Join(players, ", "))
}

// followText says whose belief the narration follows.
func (n *Narration) followText() string {
	switch {
	case n.Observer < 0:
		if n.Eps > 0 {
			return fmt.Sprintf("We follow what an ideal scientist watching the table would believe: one who holds every rule of its grammar possible, the simpler ones more probable. God erred in this hand, so it allows for a wrong answer now and then (%.0f%% of answers): a rule God's answers contradict becomes less probable, but is not ruled out for good.", 100*n.Eps)
		}
		return "We follow what an ideal scientist watching the table would believe: one who holds every rule of its grammar possible, the simpler ones more probable, and rules out each one God's answers contradict."
	case n.OwnBelief:
		return fmt.Sprintf("We follow the beliefs of %s: what it holds possible, and how each answer changes that.", n.seat(n.Observer))
	}
	return fmt.Sprintf("%s plays without a belief we can show; we follow what an ideal scientist sitting beside it would believe from the same answers.", n.seat(n.Observer))
}

func (n *Narration) openingText(f textFormat) string {
	if n.Options.Starter == sim.Chain3 && len(n.Result.Opening) == 5 {
		return fmt.Sprintf("God opens with the chain %s and lays %s under its last card: they break the rule.", f.cards(n.Result.Opening[:3]), f.cards(n.Result.Opening[3:]))
	}
	s := fmt.Sprintf("The starter: %s.", f.cards(n.Result.Opening))
	for _, said := range n.Said[0] {
		s += " " + n.saidText(said, f)
	}
	return s
}

// moveText is what happened: the move and God's answer.
func (n *Narration) moveText(st *NarratedMove, f textFormat) string {
	m := &st.Move
	var b strings.Builder
	b.WriteString(strings.ToUpper(moveWhat(m, f)[:1]) + moveWhat(m, f)[1:])
	fmt.Fprintf(&b, ". God: %s", f.strong(string(m.Verdict)))
	if m.Kind == sim.NoPlay && m.Picked != nil {
		fmt.Fprintf(&b, " — %s fits, and goes on the main line", f.cards([]sim.Card{*m.Picked}))
	}
	if m.Penalty > 0 {
		fmt.Fprintf(&b, "; draws %d", m.Penalty)
	}
	b.WriteString(".")
	if m.Guess != "" && !m.GuessInWords { // words: told with the rules said (Said)
		verdict := "not God's rule"
		switch {
		case m.GuessGodErred && m.GuessRight:
			verdict = "God said yes, though it is not God's rule: " + f.strong("God erred") + ", and the hand ended on it"
		case m.GuessGodErred:
			verdict = "God said no, though it is God's rule in other words: " + f.strong("God erred") + ", and the hand went on"
		case m.GuessRight:
			verdict = f.strong("equivalent to God's rule")
		case m.GuessError != "":
			verdict = "not a rule: " + f.text(m.GuessError)
		}
		r := Ranked{Expr: m.Guess}
		if id, ok := n.Space.ByExpr(m.Guess); ok {
			r.Phrase = n.Space.Phrase(id)
		}
		fmt.Fprintf(&b, " States the rule %s: %s.", f.rule(r), verdict)
	}
	if n.Erred[m.Turn] {
		b.WriteString(" " + f.strong("God erred") + ": the rule says " + map[sim.Verdict]string{sim.Yes: "no", sim.No: "yes"}[m.Verdict] + "; the hand went on from what God said.")
	}
	for _, s := range n.Said[m.Turn] {
		b.WriteString(" " + n.saidText(s, f))
	}
	return b.String()
}

// saidText tells a rule a player stated in words.
func (n *Narration) saidText(s SaidRule, f textFormat) string {
	t := fmt.Sprintf("%s states a rule in words: “%s”", f.text(n.seat(s.Player)), f.text(s.Text))
	switch {
	case s.Rule == nil:
		t += " (words the program cannot read as one rule)."
	case !s.Judged:
		t += fmt.Sprintf(", read as %s.", f.rule(Ranked{Expr: s.Rule.Rule.Expr}))
	case s.Right:
		t += fmt.Sprintf(", read as %s: %s.", f.rule(Ranked{Expr: s.Rule.Rule.Expr}), f.strong("God's rule"))
	default:
		t += fmt.Sprintf(", read as %s: not God's rule.", f.rule(Ranked{Expr: s.Rule.Rule.Expr}))
	}
	if s.GodSaid == nil {
		return t
	}
	t += " God said " + f.strong(string(*s.GodSaid)) + "."
	if s.Judged && s.Right != (*s.GodSaid == sim.Yes) {
		t += " God's answer and the reading disagree: God erred, or the words mean something the reading missed."
	}
	return t
}

// answerText is what the answer did to the followed belief.
func (n *Narration) answerText(st *NarratedMove) string {
	if st.Possible == 0 {
		return fmt.Sprintf("The space of %s is empty: the answer teaches it nothing.", n.who())
	}
	if st.Left == 0 {
		if st.Possible == 1 {
			return fmt.Sprintf("The answer contradicted the one rule %s still held: none is left.", n.who())
		}
		return fmt.Sprintf("The answer contradicted every one of the %s rules %s still held: none is left.", count(st.Possible), n.who())
	}
	s := fmt.Sprintf("The answer carried %s and ruled out %s of %s rules (%s left)", bitsText(st.Bits), count(st.Possible-st.Left), count(st.Possible), count(st.Left))
	if n.Eps > 0 {
		s = fmt.Sprintf("The answer carried %s and %s", bitsText(st.Bits), n.ruledOut(st))
	}
	if n.Truth != nil {
		s += fmt.Sprintf("; belief in God's rule now %.2f", st.TrueProb)
	}
	return s + "."
}

// endText says how the hand ended.
func (n *Narration) endText() string {
	s := fmt.Sprintf("The hand ended after %s: %s. God scores %d.", plural(n.Result.Turns, "move"), EndWords(n.Result.End, n.Players, n.Result), n.Result.GodScore)
	if tm := n.Result.Team; tm != nil {
		if tm.Found {
			s += fmt.Sprintf(" The team found the rule at move %d: `%s` (%s stated).", tm.Turn, tm.Rule, plural(tm.Guesses, "rule"))
		} else {
			s += fmt.Sprintf(" The team did not find the rule (%s stated).", plural(tm.Guesses, "rule"))
		}
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
