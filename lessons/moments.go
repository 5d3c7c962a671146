package lessons

import (
	"fmt"
	"math"
	"strings"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// The moments worth a discussion, found move by move, and the end of the
// hand for the followed scientist, in words.

// moments names what is worth a discussion in a move.
func (n *Narration) moments(st *NarratedMove, mapBefore int, lastPair *[2]int, lastNever *bool) {
	m := st.Move
	who := n.who()
	mover := n.seat(m.Player)
	pYes := st.PYes
	if m.Verdict == sim.Yes && !math.IsNaN(pYes) && pYes <= riskyP {
		if st.Held != nil && st.Test == "positive" {
			held := *st.Held
			st.Moments = append(st.Moments, Moment{Kind: Risky, Title: "A risky prediction came true", say: func(f textFormat) string {
				return fmt.Sprintf("The rule of %s, %s, said “yes”, where %s gave “yes” only %s. God said yes: the rule passed a test it could have failed (a risky prediction, Popper would say, and its success corroborates the rule).",
					f.text(mover), f.phrase(held), who, Pct(pYes))
			}})
		} else {
			b := st.Bits
			st.Moments = append(st.Moments, Moment{Kind: Surprise, Title: "A surprise", say: func(f textFormat) string {
				return fmt.Sprintf("God said yes, though %s gave “yes” only %s: an unlikely answer, and so an informative one (%s). No rule the mover held predicted it, so no rule earns credit for a bold prediction here.", who, Pct(pYes), bitsText(b))
			}})
		}
	}
	if mapBefore >= 0 && len(st.Top) > 0 && st.Top[0].Prob >= favouriteP {
		fav := st.Top[0]
		said := expectsYes(func(line []sim.Card, c sim.Card) bool { return n.Space.Accepts(fav.ID, line, c) }, &m, st.Line)
		if said != (m.Verdict == sim.Yes) {
			verb, tail := "refutes", ""
			if n.Eps > 0 {
				verb, tail = "counts against", " (this scientist allows for mistakes in the answers: the rule stays, with less weight)"
			}
			st.Moments = append(st.Moments, Moment{Kind: Refuted, Title: "The favourite refuted", say: func(f textFormat) string {
				return fmt.Sprintf("God's “%s” %s the favourite of %s, %s (%s): it expected %s%s. %s", m.Verdict, verb, who, f.rule(fav), Pct(fav.Prob), expected(&m, said), tail, testDirection(&m, said))
			}})
		}
	}
	if st.Possible > 0 && st.Left == 0 {
		why := ""
		if n.Truth != nil && !n.Truth.Expressible {
			why = fmt.Sprintf(" — it is not among the %s simplest rules of the grammar the scientist thinks in", count(n.Space.Len()))
		}
		st.Moments = append(st.Moments, Moment{Kind: ClosedWorld, Title: "A closed world", say: func(textFormat) string {
			return fmt.Sprintf("Every rule %s could conceive has now been contradicted: its space of hypotheses is empty. God's rule was never among them%s. Nothing the table shows from now on can teach it anything: a scientist can only find a rule it can conceive.", who, why)
		}})
	}
	if st.LeadChanged && len(st.Leaders) > 0 {
		lead := st.Leaders[0]
		st.Moments = append(st.Moments, Moment{Kind: LeadChange, Title: "The lead changes", say: func(f textFormat) string {
			return fmt.Sprintf("%s is now the most probable rule (%s).", f.rule(lead), Pct(lead.Prob))
		}})
	}
	if p := st.Parting; p != nil && p.Never {
		pair := [2]int{min(st.Leaders[0].ID, st.Leaders[1].ID), max(st.Leaders[0].ID, st.Leaders[1].ID)}
		if !*lastNever || pair != *lastPair {
			a, b := st.Leaders[0], st.Leaders[1]
			exact := p.Exact
			st.TieSince = n.tieSince(st, a.ID, b.ID)
			since := sinceText(st.TieSince, st.Move.Turn)
			st.Moments = append(st.Moments, Moment{Kind: Underdetermined, Title: "Underdetermination", say: func(f textFormat) string {
				if exact {
					return fmt.Sprintf("The two leading rules, %s and %s, give the same verdict on every card in every main line this hand can still reach%s: %s. Whichever is God's, this hand cannot show it.",
						f.rule(a), f.rule(b), since, NoCardSentence)
				}
				return fmt.Sprintf("The two leading rules, %s and %s, gave the same verdict on every card along %d random continuations of this hand%s (God's rule reads the main line beyond its last two cards, so its lines are sampled, not all checked): as far as we can tell, no card in the deck can tell them apart from here.",
					f.rule(a), f.rule(b), hypotheses.SampleWalks, since)
			}})
		}
		*lastPair = pair
	}
	*lastNever = st.Parting != nil && st.Parting.Never
}

// tieSince is the first move (0: the opening) after which no card could
// tell rules a and b apart: from a longer main line they can only part on
// fewer lines, so the tie, once begun, lasts.
func (n *Narration) tieSince(st *NarratedMove, a, b int) int {
	lines := [][]sim.Card{n.Start.MainLine}
	for i := range n.Steps {
		lines = append(lines, n.Steps[i].MainLine)
	}
	lines = append(lines, st.MainLine) // st is not in Steps yet
	for k, l := range lines[:st.Move.Turn] {
		if p, err := n.Truth.Parting(l, a, b); err == nil && p.Never {
			return k
		}
	}
	return st.Move.Turn
}

// sinceText dates a tie that began before the move that tells it.
func sinceText(since, move int) string {
	switch {
	case since == move:
		return ""
	case since == 0:
		return " — and have since the opening, before the first move"
	}
	return fmt.Sprintf(" — and have since move %d", since)
}

// verdictText is the end of the hand for the followed scientist.
func (n *Narration) verdictText(f textFormat) string {
	v := n.End
	who := n.who()
	if v.Empty {
		return fmt.Sprintf("At the end %s holds no rule at all: every one it could conceive was contradicted. God's rule lay outside its world of hypotheses.", who)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "At the end the best rule of %s is %s, with probability %s. ", who, f.rule(*v.Best), Pct(v.Best.Prob))
	switch {
	case v.RightEverywhere:
		b.WriteString("It is God's rule: it gives God's verdict on every card after every main line, from any starter. ")
	case v.RightHere:
		b.WriteString("It is right on this hand: on every line this hand could have reached from its opening it gives God's verdict on every card. ")
		b.WriteString("But it is not God's rule everywhere")
		if w := v.Witness; w != nil {
			fmt.Fprintf(&b, ": had the main line been %s, it would %s", f.cards(w.Line), n.witnessVerb(v.Best.ID, w, f))
		}
		b.WriteString(". No card of this hand could have shown the difference: that is underdetermination, not a mistake. ")
	default:
		b.WriteString("It is wrong, even on this hand")
		switch w := v.Witness; {
		case w == nil:
		case v.Continues > 0 && len(w.Line) == v.Continues:
			fmt.Fprintf(&b, ": right now, after the last card, it would %s", n.witnessVerb(v.Best.ID, w, f))
		case v.Continues > 0:
			legal := "a card God accepts"
			if len(w.Line)-v.Continues > 1 {
				legal = "cards God accepts in turn"
			}
			fmt.Fprintf(&b, ": had the hand gone on with %s (%s), it would then %s", f.cards(w.Line[v.Continues:]), legal, n.witnessVerb(v.Best.ID, w, f))
		default:
			fmt.Fprintf(&b, ": after the main line %s it would %s", f.cards(w.Line), n.witnessVerb(v.Best.ID, w, f))
		}
		b.WriteString(". ")
	}
	if v.Expressible && !v.RightEverywhere && v.GodPhrase != "" {
		fmt.Fprintf(&b, "God's rule was within its reach: the grammar it thinks in has it, as %s. ", f.phrase(Ranked{Expr: n.Truth.Expr, Phrase: v.GodPhrase}))
	}
	if !v.Expressible && n.Truth != nil {
		fmt.Fprintf(&b, "No rule of its space behaves as God's does everywhere: God's rule is not among the %s rules it can conceive. ", count(n.Space.Len()))
	}
	return strings.TrimSpace(b.String())
}

// verdictShort is the end of the hand in a sentence, for the last
// question (the whole of it is the lesson's "The end of the hand").
func (n *Narration) verdictShort(f textFormat) string {
	v := n.End
	switch {
	case v.Empty:
		return "No: it ended with no rule at all — God's rule lay outside the rules it could conceive (“The end of the hand” says more)."
	case v.RightEverywhere:
		return fmt.Sprintf("Yes, both: its best rule, %s, is God's rule.", f.phrase(*v.Best))
	case v.RightHere:
		return fmt.Sprintf("Right on this hand, not everywhere: its best rule, %s, gives God's verdict on every line this hand could reach, but not on every line of the game — underdetermination, not a mistake (“The end of the hand” shows where they part).", f.phrase(*v.Best))
	}
	return fmt.Sprintf("No: its best rule, %s, is wrong even on this hand (“The end of the hand” shows a card that proves it).", f.phrase(*v.Best))
}

// witnessVerb: what the best rule says of a card of the witness, which God
// judges the other way (the witness's cards are where they disagree).
func (n *Narration) witnessVerb(id int, w *hypotheses.Witness, f textFormat) string {
	cs, _ := cardSet(w.Cards, 1)
	if n.Space.Accepts(id, w.Line, cs[0]) {
		return "accept " + f.cards(cs) + ", which God refuses"
	}
	return "refuse " + f.cards(cs) + ", which God accepts"
}
