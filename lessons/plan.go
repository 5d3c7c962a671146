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
func (n *Narration) planParts(handoutMove, questions int, f textFormat) []planRow {
	rules := 6
	if n.Options.Prophet {
		rules += 2
	}
	if n.Options.SuddenDeathAt > 0 {
		rules++
	}
	play := min(15, max(5, (3*handoutMove+2)/4))
	discussion := min(20, max(6, 3*questions))
	rulesWhat := f.say("plan.rules.what", f.say("plan.nCards", n.Options.PenaltyWrongCard))
	if extra := n.rulesExtra(f); extra != "" {
		rulesWhat += " " + extra
	}
	parts := []struct {
		minutes    int
		part, what string
	}{
		{rules, f.say("plan.rules"), rulesWhat},
		{play, f.say("plan.play"), f.say("plan.play.what", handoutMove)},
		{12, f.say("plan.handout"), f.say("plan.handout.what", handoutMove)},
		{discussion, f.say("plan.discussion"), f.say("plan.discussion.what", questions)},
		{3, f.say("plan.wrap"), f.say("plan.wrap.what")},
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

// planMinutes is the plan's length: the end of its last part.
func planMinutes(rows []planRow) string {
	if len(rows) == 0 {
		return "0"
	}
	_, end, _ := strings.Cut(rows[len(rows)-1].When, "–")
	return end
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
	lines := []string{f.say("plan.board.positive"), f.say("plan.board.negative"), f.say("plan.board.popper")}
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
