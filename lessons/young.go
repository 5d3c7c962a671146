package lessons

import (
	"fmt"
	"html/template"

	"github.com/eleusis/eleusis/sim"
)

// The version for younger students (younger.html for the teacher,
// younger-handout.html for the class): the same hand in plain words — no
// bits, no probabilities, no expressions, rules called ideas — an hour of
// 50 to 60 minutes with their own round of the game, the hand's story in a
// few sentences, and simple questions with their answers.

// youngPage is what the younger students' pages show.
type youngPage struct {
	Rule    template.HTML // God's rule in words only
	Plan    []planRow
	Minutes int
	Story   []template.HTML
	Talk    []packQA
}

// youngPage builds the younger students' version.
func (n *Narration) youngPage(handoutMove int, f htmlText) youngPage {
	y := youngPage{Rule: safe(n.youngRule(f))}
	y.Story, y.Talk = n.youngStory(f)
	rest := len(n.Steps) - handoutMove
	parts := []planPart{
		{8, 8, f.say("young.plan.game"), f.say("young.plan.game.what")},
		{min(15, max(6, (3*handoutMove+2)/4)), 6, f.say("young.plan.watch"), f.say("young.plan.watch.what", handoutMove+2)},
		{12, 10, f.say("young.plan.pairs"), f.say("young.plan.pairs.what", handoutMove)},
	}
	if rest > 0 {
		parts = append(parts, planPart{min(6, max(3, (rest+3)/4)), 2, f.say("young.plan.rest"), f.say("young.plan.rest.what", handoutMove+3)})
	}
	parts = append(parts, planPart{min(15, max(6, 3*len(y.Talk))), 6, f.say("young.plan.talk"), f.say("young.plan.talk.what")})
	total := 3
	for _, p := range parts {
		total += p.minutes
	}
	// Their own round fills the hour up to planFill minutes, when there
	// are at least 5 to fill (the hour is then at least planMin without
	// it).
	if own := planFill - total; own >= 5 {
		parts = append(parts, planPart{own, own, f.say("young.plan.own"), f.say("young.plan.own.what")})
	}
	parts = append(parts, planPart{3, 3, f.say("young.plan.wrap"), f.say("young.plan.wrap.what")})
	at := 0
	for _, p := range parts {
		y.Plan = append(y.Plan, planRow{When: fmt.Sprintf("%d–%d", at, at+p.minutes), Part: p.part, What: safe(p.what), minutes: p.minutes})
		at += p.minutes
	}
	y.Minutes = at
	return y
}

// youngRule is God's rule in words alone: the scientists' words in the
// page's language, else the bank's description (English).
func (n *Narration) youngRule(f htmlText) string {
	r := Ranked{Expr: n.Expr, Phrase: n.End.GodPhrase}
	if inWordsIn(&r, f.lang()) != "" {
		return f.phrase(r)
	}
	if d := classWords(n.Description); d != "" {
		return `<q lang="en">` + f.text(d) + "</q>"
	}
	return f.say("young.ruleUnsaid")
}

// youngStory is the hand's story in a few plain sentences, and the
// questions it raises with their answers: an idea a "no" showed wrong, an
// idea a card it forbade showed too strict, the Wason moment, two ideas no
// card could tell apart, and the end.
func (n *Narration) youngStory(f htmlText) (story []template.HTML, talk []packQA) {
	seat := func(p int) string { return f.text(n.playerRef(p, f.lang())) }
	idea := func(r Ranked) string { return youngIdea(r, f) }
	tell := func(s string) { story = append(story, safe(s)) }
	ask := func(q, a string) { talk = append(talk, packQA{Q: safe(q), A: safe(a)}) }
	stands := func(st *NarratedMove) bool { return st.Move.Kind != sim.NoPlay && n.heldStands(st) }
	if i := n.stepWhere(func(st *NarratedMove) bool {
		return st.Test == "positive" && stands(st) && st.Move.Verdict == sim.No
	}); i >= 0 {
		st := &n.Steps[i]
		held := idea(*st.Held)
		tell(f.say("young.story.no", st.Move.Turn, seat(st.Move.Player), f.cards(st.Move.Cards), held))
		ask(f.say("young.q.no", st.Move.Turn, held), f.say("young.a.no"))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool {
		return st.Test == "negative" && stands(st) && st.Move.Verdict == sim.Yes && !hasMoment(st, WasonMoment)
	}); i >= 0 {
		st := &n.Steps[i]
		tell(f.say("young.story.strict", st.Move.Turn, seat(st.Move.Player), f.cards(st.Move.Cards), idea(*st.Held)))
	}
	if w := n.Wason; w != nil {
		first := n.Steps[w.Tests[0]].Move.Turn
		who := f.say("young.everyone")
		if w.Holder >= 0 {
			who = seat(w.Holder)
		}
		end := f.say("young.story.wasonStood")
		if w.Refuted >= 0 {
			st := &n.Steps[w.Refuted]
			end = f.say("young.story.wasonRefuted", st.Move.Turn, seat(st.Move.Player), f.cards(st.Move.Cards))
		}
		tell(f.say("young.story.wason", first, who, idea(w.Rule), end))
		ask(f.say("young.q.wason", idea(w.Rule)), f.say("young.a.wason", idea(w.Rule)))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool {
		return st.Test == "negative" && stands(st)
	}); i >= 0 {
		st := &n.Steps[i]
		ask(f.say("young.q.negative", st.Move.Turn, seat(st.Move.Player), f.cards(st.Move.Cards), idea(*st.Held)), f.say("young.a.negative"))
	}
	if i := n.stepWhere(func(st *NarratedMove) bool { return hasMoment(st, Underdetermined) }); i >= 0 {
		st := &n.Steps[i]
		a, b := idea(st.Leaders[0]), idea(st.Leaders[1])
		if st.TieSince == 0 {
			tell(f.say("young.story.twinsStart", a, b))
		} else {
			tell(f.say("young.story.twins", st.TieSince, a, b))
		}
		ask(f.say("young.q.twins", a, b), f.say("young.a.twins", a, b))
	}
	switch v := n.End; {
	case v.Empty:
		tell(f.say("young.end.none"))
	case v.Best == nil:
	case v.RightEverywhere:
		tell(f.say("young.end.right", idea(*v.Best)))
	case v.RightHere:
		tell(f.say("young.end.here", idea(*v.Best)))
	default:
		tell(f.say("young.end.wrong", idea(*v.Best)))
	}
	ask(f.say("young.q.next"), f.say("young.a.next"))
	return story, talk
}

// youngIdea is a rule in words for younger students: never an
// expression (a rule without words is "an idea too long to say here").
func youngIdea(r Ranked, f htmlText) string {
	if inWordsIn(&r, f.lang()) == "" {
		return f.say("young.ideaUnsaid")
	}
	return f.phrase(r)
}
