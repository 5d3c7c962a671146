package lessons

import (
	"fmt"
	"html/template"
	"strings"
)

// The lesson plan (plan.html): one printed page for the hour — the parts
// with their minutes, which question when, what to write on the board,
// and who played. Its sentences are here; the page is the template.

// planRow is one part of the hour.
type planRow struct {
	When, Part string
	What       template.HTML
}

// planParts is the hour, part by part, its minutes from what the pack
// holds: the rules take longer with a Prophet or a sudden death to
// explain, the play about 45 s per move walked through up to the handout
// move, the handout a fixed time for its five questions in pairs, the
// discussion about three minutes a question. The parts' times add up to
// the plan's length (planMinutes).
func (n *Narration) planParts(handoutMove, questions int) []planRow {
	rules := 6
	if n.Options.Prophet {
		rules += 2
	}
	if n.Options.SuddenDeathAt > 0 {
		rules++
	}
	play := min(15, max(5, (3*handoutMove+2)/4))
	discussion := min(20, max(6, 3*questions))
	parts := []struct {
		minutes    int
		part, what string
	}{
		{rules, "The rules", fmt.Sprintf("God (you) has a secret rule saying which card may follow the last card of the main line. A player lays a card: God says <strong>yes</strong> and it joins the main line, or <strong>no</strong> and it goes in a column under the main line's last card, and the player draws %s as a penalty. God never says why. Lay three or four cards on the board with the class to show it.", plural(n.Options.PenaltyWrongCard, "card")) + n.rulesExtra()},
		{play, "Play", fmt.Sprintf("Walk the class through this hand up to move %d on the slide (or let them play a few rounds with a rule of your own): before each of God's answers, ask “yes or no?”, and why.", handoutMove)},
		{12, "Handout", fmt.Sprintf("Hand out <em>handout.html</em> and show <em>slide.html</em>, the table after move %d. In pairs, questions 1–5. Write two or three of their rules on the board, without judging them.", handoutMove)},
		{discussion, "Discussion", fmt.Sprintf("The %s below, in order; the answers are in <em>lesson.html</em>. Reveal God's rule with the last one.", plural(questions, "discussion question"))},
		{3, "Wrap-up", "Read the board aloud: positive and negative tests, too broad and too narrow, and what no card can tell apart."},
	}
	var out []planRow
	at := 0
	for _, p := range parts {
		out = append(out, planRow{When: fmt.Sprintf("%d–%d", at, at+p.minutes), Part: p.part, What: safe(p.what)})
		at += p.minutes
	}
	return out
}

// rulesExtra is what the rules part says of the preset's harder rules.
func (n *Narration) rulesExtra() string {
	var extra []string
	if n.Options.Prophet {
		extra = append(extra, "a Prophet (a player who says they know the rule and answers for God)")
	}
	if n.Options.SuddenDeathAt > 0 {
		extra = append(extra, fmt.Sprintf("sudden death (once %d cards are on the table, right or wrong, a player who errs is eliminated from the hand)", n.Options.SuddenDeathAt))
	}
	if len(extra) == 0 {
		return ""
	}
	return " This hand's rules also have " + strings.Join(extra, " and ") + ": say what they are when the class meets them."
}

// planMinutes is the plan's length: the end of its last part.
func planMinutes(rows []planRow) string {
	if len(rows) == 0 {
		return "0"
	}
	_, end, _ := strings.Cut(rows[len(rows)-1].When, "–")
	return end
}

// planOrder is which question to ask when.
func planOrder(handoutMove int, qs []packQA) []template.HTML {
	out := []template.HTML{safe(fmt.Sprintf("After the handout: the class's rules for the table after move %d — do they fit every card? Then the handout's question 3: which card would test them?", handoutMove))}
	for i, q := range qs {
		where := fmt.Sprintf("move %d", q.Move)
		if q.Move == 0 {
			where = "the opening"
		}
		out = append(out, safe(fmt.Sprintf("Discussion question %d (%s, %s).", i+1, where, q.Topic)))
	}
	return out
}

// boardLines is what to write on the board: the words the hour teaches,
// and the hand's own moments that show them.
func (n *Narration) boardLines(f htmlText) []template.HTML {
	lines := []string{
		"<strong>positive test</strong>: a card my rule allows — it can show my rule is <strong>too broad</strong>",
		"<strong>negative test</strong>: a card my rule forbids — the only way to show my rule is <strong>too narrow</strong> (Wason, 2-4-6)",
		"a “yes” never proves a rule; one “no” can refute it (Popper)",
	}
	if w := n.Wason; w != nil {
		if w.Refuted >= 0 {
			st := &n.Steps[w.Refuted]
			lines = append(lines, fmt.Sprintf("move %d: %s — yes! %s refuted by a negative test", st.Move.Turn, f.cards(st.Move.Cards), f.phrase(w.Rule)))
		} else {
			lines = append(lines, fmt.Sprintf("%s: only positive tests, never refuted", f.phrase(w.Rule)))
		}
	}
	for i := range n.Steps {
		if hasMoment(&n.Steps[i], Underdetermined) {
			lines = append(lines, "<strong>underdetermination</strong>: two rules no card of this hand can tell apart")
			break
		}
	}
	out := make([]template.HTML, len(lines))
	for i, l := range lines {
		out[i] = safe(l)
	}
	return out
}

// bots is each bot at the table in one sentence.
func (n *Narration) bots(f htmlText) []template.HTML {
	var out []template.HTML
	for seat := range n.Players {
		if s := n.botSentence(seat); s != "" {
			out = append(out, safe(f.text(s)))
		}
	}
	return out
}

// slideCard is the width (mm) of a main-line card on the slide: the
// largest of a few sizes at which the table fits one landscape page
// (about 270 × 150 mm below the title), by the layout of style.html's
// .huge: a card is 1.4 times as tall as wide, an error card 0.85 as wide,
// each error after the first shows 0.43 of a card's width.
func slideCard(cols []packColumn) float64 {
	const width, height, gap, label = 270.0, 150.0, 8.0, 3.4
	most := 0
	for _, c := range cols {
		most = max(most, len(c.Errors))
	}
	for _, w := range []float64{21, 18, 16, 14, 12, 10.5, 9} {
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
	return 9
}
