package lessons

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// The lesson plan (plan.html): one printed page for the hour — the parts
// with their minutes, which question when, what to write on the board,
// what the class said and where God erred, and who played. Its sentences
// are here; the page is the template.

// planRow is one part of the hour.
type planRow struct {
	When, Part string
	What       template.HTML
	minutes    int
}

// The hour's bounds: a plan runs from planMin to planMax minutes whatever
// the hand, an extension activity filling a short one up to planFill.
const (
	planMin, planFill, planMax = 50, 55, 60
)

// planPart is a part of the hour before it is timed.
type planPart struct {
	minutes    int
	least      int // what it can be cut to when the hour runs long
	part, what string
}

// planParts is the hour, part by part, its minutes from what the pack
// holds: the rules take longer with a Prophet or a sudden death to
// explain; the play about 45 s per move walked through on the deck up to
// the handout move; the handout a fixed time for its questions in pairs;
// the discussion about three minutes a question; the rest of the hand
// about 20 s a move. A plan longer than planMax is cut (the rest of the
// hand, the play, then the discussion, each to its least); one shorter than
// planMin gets an extension activity that brings it to planFill.
func (n *Narration) planParts(handoutMove, questions int, f textFormat) []planRow {
	rules := 6
	if n.Options.Prophet {
		rules += 2
	}
	if n.Options.SuddenDeathAt > 0 {
		rules++
	}
	rulesWhat := f.say("plan.rules.what", f.say("plan.nCards", n.Options.PenaltyWrongCard))
	if extra := n.rulesExtra(f); extra != "" {
		rulesWhat += " " + extra
	}
	rest := len(n.Steps) - handoutMove
	// The rest of the hand comes before the discussion: its questions
	// reach past the handout's move, and the class should have seen the
	// moves they ask about.
	parts := []planPart{
		{rules, rules, f.say("plan.rules"), rulesWhat},
		{min(15, max(5, (3*handoutMove+2)/4)), 5, f.say("plan.play"), f.say("plan.play.what", handoutMove+2)},
		{12, 10, f.say("plan.handout"), f.say("plan.handout.what", handoutMove)},
	}
	if rest > 0 {
		parts = append(parts, planPart{min(8, max(3, (rest+2)/3)), 2, f.say("plan.rest"), f.say("plan.rest.what", handoutMove+3, len(n.Steps)+2)})
	}
	parts = append(parts, planPart{min(20, max(6, 3*questions)), 6, f.say("plan.discussion"), f.say("plan.discussion.what", questions)},
		planPart{3, 3, f.say("plan.wrap"), f.say("plan.wrap.what")})
	total := func() int {
		t := 0
		for _, p := range parts {
			t += p.minutes
		}
		return t
	}
	// Too long: cut the parts that can give: the discussion, the rest of
	// the hand, the play, the handout.
	for _, i := range []int{len(parts) - 2, len(parts) - 3, 1, 2} {
		if over := total() - planMax; over > 0 {
			cut := min(over, parts[i].minutes-parts[i].least)
			parts[i].minutes -= max(0, cut)
		}
	}
	if short := planFill - total(); total() < planMin {
		ext := planPart{short, short, f.say("plan.extension"), n.extensionText(f)}
		parts = append(parts[:len(parts)-1], ext, parts[len(parts)-1])
	}
	var out []planRow
	at := 0
	for _, p := range parts {
		out = append(out, planRow{When: fmt.Sprintf("%d–%d", at, at+p.minutes), Part: p.part, What: safe(p.what), minutes: p.minutes})
		at += p.minutes
	}
	return out
}

// extensionText is the extension activity for an hour the hand leaves
// short: a second hand that breaks the hand's underdetermination (from a
// main line where the two rules the hand could not tell apart part), and
// why the scientist prefers the simpler of two rules that fit every card.
func (n *Narration) extensionText(f textFormat) string {
	var parts []string
	if a, b, w, ok := n.underdeterminedPair(); ok {
		parts = append(parts, f.say("plan.ext.second", f.phrase(a), f.phrase(b), f.cards(w.Line), f.phrase(b), n.witnessVerb(b.ID, w, f)))
	}
	if a, b, ok := n.simplerPair(); ok {
		parts = append(parts, f.say("plan.ext.simpler", f.phrase(a), fpct(f, a.Prob), f.phrase(b), fpct(f, b.Prob), n.Space.Hyp(a.ID).Length, n.Space.Hyp(b.ID).Length))
	}
	if len(parts) == 0 {
		parts = append(parts, f.say("plan.ext.own"))
	}
	return strings.Join(parts, " ")
}

// underdeterminedPair is two rules this hand could not tell apart — the
// two leading rules at its first underdetermination moment, or at the end
// the best rule, right on this hand but not everywhere, and God's — with a
// main line of another hand after which the second and God part (b is the
// rule that is not God's everywhere).
func (n *Narration) underdeterminedPair() (a, b Ranked, w *hypotheses.Witness, ok bool) {
	if n.Truth == nil {
		return a, b, nil, false
	}
	for i := range n.Steps {
		st := &n.Steps[i]
		if !hasMoment(st, Underdetermined) {
			continue
		}
		a, b = st.Leaders[0], st.Leaders[1]
		if n.Truth.Class.Has(b.ID) {
			a, b = b, a
		}
		if n.Truth.Class.Has(b.ID) {
			continue // both God's everywhere: no hand tells them apart
		}
		if wt, err := n.Truth.Witness(b.ID, nil); err == nil && wt.Found {
			return a, b, &wt, true
		}
	}
	if v := n.End; v.Best != nil && v.RightHere && !v.RightEverywhere && v.Witness != nil && v.GodPhrase != "" {
		return Ranked{ID: -1, Expr: n.Truth.Expr, Phrase: v.GodPhrase}, *v.Best, v.Witness, true
	}
	return a, b, nil, false
}

// simplerPair is two rules that both fit every answer of the hand at its
// end, the first more probable and simpler (said in fewer bits): the
// scientist's taste for simple rules, made visible.
func (n *Narration) simplerPair() (a, b Ranked, ok bool) {
	if len(n.Steps) == 0 || n.Space == nil || n.Eps > 0 {
		return a, b, false
	}
	ls := n.Steps[len(n.Steps)-1].Leaders
	for i := 1; i < len(ls); i++ {
		// Two rules the hand could tell apart (not two ways of saying
		// God's rule), the simpler more probable.
		differ := !(n.isGods(ls[0].ID) && n.isGods(ls[i].ID))
		if differ && n.Space.Hyp(ls[0].ID).Length < n.Space.Hyp(ls[i].ID).Length && ls[0].Prob > ls[i].Prob {
			return ls[0], ls[i], true
		}
	}
	return a, b, false
}

// rulesExtra is what the rules part says of the preset's harder rules.
func (n *Narration) rulesExtra(f textFormat) string {
	var extra []string
	if n.Options.Prophet {
		extra = append(extra, f.say("plan.prophet"))
	}
	if n.Options.SuddenDeathAt > 0 {
		extra = append(extra, f.say("plan.suddenDeath", n.Options.SuddenDeathAt))
	}
	switch len(extra) {
	case 0:
		return ""
	case 1:
		return f.say("plan.rules.extra", extra[0])
	}
	return f.say("plan.rules.extra", f.say("lesson.list2", extra[0], extra[1]))
}

// planMinutes is the plan's length: the sum of its parts.
func planMinutes(rows []planRow) int {
	t := 0
	for _, r := range rows {
		t += r.minutes
	}
	return t
}

// planOrder is which question to ask when.
func planOrder(handoutMove int, qs []packQA, f textFormat) []template.HTML {
	out := []template.HTML{safe(f.say("plan.order.first", handoutMove))}
	for i, q := range qs {
		where := f.say("plan.order.move", q.Move)
		if q.Move == 0 {
			where = f.say("plan.order.opening")
		}
		out = append(out, safe(f.say("plan.order.q", i+1, where, q.Topic)))
	}
	return out
}

// boardLines is what to write on the board: the words the hour teaches,
// and the hand's own moments that show them.
func (n *Narration) boardLines(f htmlText) []template.HTML {
	lines := []string{f.say("plan.board.positive"), f.say("plan.board.negative"), f.say("plan.board.both"), f.say("plan.board.popper")}
	if w := n.Wason; w != nil {
		if w.Refuted >= 0 {
			st := &n.Steps[w.Refuted]
			lines = append(lines, f.say("plan.board.wasonRefuted", st.Move.Turn, f.cards(st.Move.Cards), f.phrase(w.Rule)))
		} else {
			lines = append(lines, f.say("plan.board.wasonStood", f.phrase(w.Rule)))
		}
	}
	for i := range n.Steps {
		if hasMoment(&n.Steps[i], Underdetermined) {
			lines = append(lines, f.say("plan.board.under"))
			break
		}
	}
	out := make([]template.HTML, len(lines))
	for i, l := range lines {
		out[i] = safe(l)
	}
	return out
}

// classLines is what a class's transcript adds to the plan and the
// teacher's pages: the rules the players stated (with their reading and
// God's answer), what they said they believed with their moves, and the
// moves where God erred — by move.
func (n *Narration) classLines(f textFormat) []template.HTML {
	var out []template.HTML
	for turn := 0; turn <= len(n.Steps); turn++ {
		if turn > 0 {
			st := &n.Steps[turn-1]
			if sr, ok := n.statedWith(st); ok {
				out = append(out, safe(f.say("class.believed", turn, f.text(n.seatRef(st.Move.Player, f.lang())), f.text(sr.Text), n.believedTest(st, f))))
			}
			if n.Erred[turn] {
				says := map[sim.Verdict]string{sim.Yes: "pack.no", sim.No: "pack.yes"}[st.Move.Verdict]
				out = append(out, safe(f.say("class.erred", turn, moveNoun(&st.Move, f), f.say("pack."+string(st.Move.Verdict)), f.say(says))))
			}
			if m := &st.Move; m.Guess != "" && !m.GuessInWords && m.GuessGodErred {
				out = append(out, safe(f.say("class.guessErred", turn, f.text(n.seatRef(m.Player, f.lang())), "<code>"+f.text(m.Guess)+"</code>")))
			}
		}
		for _, s := range n.Said[turn] {
			if turn == 0 {
				out = append(out, safe(f.say("class.saidBefore", n.saidText(s, f))))
			} else {
				out = append(out, safe(f.say("class.said", turn, n.saidText(s, f))))
			}
		}
	}
	return out
}

// statedWith is what a transcript's player said they believed with the
// move at st.
func (n *Narration) statedWith(st *NarratedMove) (StatedRule, bool) {
	p := st.Move.Player
	if n.Source == "" || p < 0 || p >= len(n.Minds) || n.Minds[p].Stated == nil {
		return StatedRule{}, false
	}
	sr, ok := n.Minds[p].Stated[st.Move.Turn]
	return sr, ok
}

// believedTest says what a class's move tested: a positive or negative
// test of the rule the player said, or why it is no test.
func (n *Narration) believedTest(st *NarratedMove, f textFormat) string {
	if st.Test == "" {
		return f.say("class.noTest")
	}
	key := "class.positive"
	if st.Test == "negative" {
		key = "class.negative"
	}
	// What the rule expected God to say: "yes" to a card it allows, and
	// to a "no play" whose cards it all forbids.
	expectsYes := (st.Test == "positive") != (st.Move.Kind == sim.NoPlay)
	if expectsYes != (st.Move.Verdict == sim.Yes) {
		key += "Refuted"
	}
	return f.say(key)
}

// bots is each bot at the table in one sentence.
func (n *Narration) bots(f htmlText) []template.HTML {
	var out []template.HTML
	for seat := range n.Players {
		if s := n.botSentence(seat, f); s != "" {
			out = append(out, safe(s))
		}
	}
	return out
}

// slideCard is the width (mm) of a main-line card of a table drawn in an
// area width × height mm: the largest of a few sizes at which the table
// fits, by the layout of style.html's .huge: a card is 1.4 times as tall
// as wide, an error card 0.85 as wide, each error after the first shows
// 0.43 of a card's width.
func slideCard(cols []packColumn, width, height float64) float64 {
	const gap, label = 8.0, 3.4
	most := 0
	for _, c := range cols {
		most = max(most, len(c.Errors))
	}
	for _, w := range []float64{24, 21, 18, 16, 14, 12, 10.5, 9, 8, 7} {
		perRow := max(1, int(width/(w+2)))
		rows := (len(cols) + perRow - 1) / perRow
		row := 1.4*w + label
		if most > 0 {
			row += 1 + 1.19*w + float64(most-1)*0.43*w + label
		}
		if float64(rows)*row+float64(rows-1)*gap <= height {
			return w
		}
	}
	return 7
}
