package lessons

import (
	"math"
	"strings"

	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// The moments worth a discussion, found move by move, and the end of the
// hand for the followed scientist, in words.

// moments names what is worth a discussion in a move.
func (n *Narration) moments(st *NarratedMove, mapBefore int, lastPair *[2]int, lastNever *bool) {
	m := st.Move
	mover := m.Player
	pYes := st.PYes
	if m.Verdict == sim.Yes && !math.IsNaN(pYes) && pYes <= riskyP {
		// Credit for a bold prediction goes only to a rule the mover held
		// that fitted every answer before, and that forbade some card here
		// (a rule that allows everything risks nothing by saying yes).
		if st.Held != nil && st.Test == "positive" {
			accepts := n.acceptsExpr(st.Held.Expr)
			if ref := n.refutedBefore(accepts, m.Turn); ref != nil {
				st.Unbold = &unbold{Rule: *st.Held, Refuted: ref}
			} else if accepts != nil && !forbidsSome(accepts, st.Line) {
				st.Unbold = &unbold{Rule: *st.Held}
			}
		}
		if st.Held != nil && st.Test == "positive" && st.Unbold == nil {
			held := *st.Held
			st.Moments = append(st.Moments, Moment{Kind: Risky, Title: "A risky prediction came true", say: func(f textFormat) string {
				return f.say("moment.risky", f.text(n.seatRef(mover, f.lang())), f.phrase(held), n.who(f), fpct(f, pYes))
			}})
		} else {
			b, ub := st.Bits, st.Unbold
			st.Moments = append(st.Moments, Moment{Kind: Surprise, Title: "A surprise", say: func(f textFormat) string {
				s := f.say("moment.surprise", n.who(f), fpct(f, pYes), fbits(f, b))
				if ub != nil {
					return s + " " + n.unboldText(ub, mover, f)
				}
				return s + " " + f.say("moment.surprise.noRule")
			}})
		}
	}
	if mapBefore >= 0 && len(st.Top) > 0 && st.Top[0].Prob >= favouriteP {
		fav := st.Top[0]
		said := expectsYes(func(line []sim.Card, c sim.Card) bool { return n.Space.Accepts(fav.ID, line, c) }, &m, st.Line)
		if said != (m.Verdict == sim.Yes) {
			key := "moment.refuted"
			if n.Eps > 0 {
				key = "moment.refutedEps"
			}
			st.Moments = append(st.Moments, Moment{Kind: Refuted, Title: "The favourite refuted", say: func(f textFormat) string {
				return f.say(key, f.say("pack."+string(m.Verdict)), n.whoOf(f), f.rule(fav), fpct(f, fav.Prob), expected(&m, said, f), testDirection(&m, said, f))
			}})
		}
	}
	if st.Possible > 0 && st.Left == 0 {
		outside := n.Truth != nil && !n.Truth.Expressible
		st.Moments = append(st.Moments, Moment{Kind: ClosedWorld, Title: "A closed world", say: func(f textFormat) string {
			if outside {
				return f.say("moment.closedWhy", n.who(f), n.Space.Len())
			}
			return f.say("moment.closed", n.who(f))
		}})
	}
	if st.LeadChanged && len(st.Leaders) > 0 {
		lead := st.Leaders[0]
		st.Moments = append(st.Moments, Moment{Kind: LeadChange, Title: "The lead changes", say: func(f textFormat) string {
			return f.say("moment.lead", f.rule(lead), fpct(f, lead.Prob))
		}})
	}
	if p := st.Parting; p != nil && p.Never {
		pair := [2]int{min(st.Leaders[0].ID, st.Leaders[1].ID), max(st.Leaders[0].ID, st.Leaders[1].ID)}
		if !*lastNever || pair != *lastPair {
			a, b := st.Leaders[0], st.Leaders[1]
			exact := p.Exact
			st.TieSince = n.tieSince(st, a.ID, b.ID)
			since, move := st.TieSince, st.Move.Turn
			st.Moments = append(st.Moments, Moment{Kind: Underdetermined, Title: "Underdetermination", say: func(f textFormat) string {
				if exact {
					return f.say("moment.under.exact", f.rule(a), f.rule(b), sinceText(since, move, f), f.say("lesson.noCard"))
				}
				return f.say("moment.under.sampled", f.rule(a), f.rule(b), godrule.SampleWalks, sinceText(since, move, f))
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
func sinceText(since, move int, f textFormat) string {
	switch {
	case since == move:
		return ""
	case since == 0:
		return f.say("moment.since.opening")
	}
	return f.say("moment.since.move", since)
}

// verdictText is the end of the hand for the followed scientist.
func (n *Narration) verdictText(f textFormat) string {
	v := n.End
	who := n.who(f)
	if v.Empty {
		return f.say("verdict.empty", who)
	}
	parts := []string{f.say("verdict.best", n.whoOf(f), f.rule(*v.Best), fpct(f, v.Best.Prob))}
	switch w := v.Witness; {
	case v.RightEverywhere:
		parts = append(parts, f.say("verdict.everywhere"))
	case v.RightHere:
		parts = append(parts, f.say("verdict.here"))
		if w != nil {
			parts = append(parts, f.say("verdict.notEverywhereAt", f.cards(w.Line), n.witnessVerb(v.Best.ID, w, f)))
		} else {
			parts = append(parts, f.say("verdict.notEverywhere"))
		}
	case w == nil:
		parts = append(parts, f.say("verdict.wrong"))
	case v.Continues > 0 && len(w.Line) == v.Continues:
		parts = append(parts, f.say("verdict.wrongNow", n.witnessVerb(v.Best.ID, w, f)))
	case v.Continues > 0:
		legal := f.say("verdict.legalOne")
		if len(w.Line)-v.Continues > 1 {
			legal = f.say("verdict.legalMany")
		}
		parts = append(parts, f.say("verdict.wrongOn", f.cards(w.Line[v.Continues:]), legal, n.witnessVerb(v.Best.ID, w, f)))
	default:
		parts = append(parts, f.say("verdict.wrongAfter", f.cards(w.Line), n.witnessVerb(v.Best.ID, w, f)))
	}
	if v.Expressible && !v.RightEverywhere && v.GodPhrase != "" {
		parts = append(parts, f.say("verdict.reach", f.phrase(Ranked{Expr: n.Truth.Expr, Phrase: v.GodPhrase})))
	}
	if !v.Expressible && n.Truth != nil {
		parts = append(parts, f.say("verdict.outside", n.Space.Len()))
	}
	return strings.Join(parts, " ")
}

// verdictShort is the end of the hand in a sentence, for the last
// question (the whole of it is the lesson's "The end of the hand").
func (n *Narration) verdictShort(f textFormat) string {
	v := n.End
	switch {
	case v.Empty:
		return f.say("verdict.short.empty")
	case v.RightEverywhere:
		return f.say("verdict.short.everywhere", f.phrase(*v.Best))
	case v.RightHere:
		return f.say("verdict.short.here", f.phrase(*v.Best))
	}
	return f.say("verdict.short.wrong", f.phrase(*v.Best))
}

// witnessVerb: what the best rule says of a card of the witness, which God
// judges the other way (the witness's cards are where they disagree).
func (n *Narration) witnessVerb(id int, w *hypotheses.Witness, f textFormat) string {
	cs, _ := cardSet(w.Cards, 1)
	if n.Space.Accepts(id, w.Line, cs[0]) {
		return f.say("witness.accept", f.cards(cs))
	}
	return f.say("witness.refuse", f.cards(cs))
}

// unbold is a rule that predicted a surprising "yes" and earns no credit
// for it: Refuted, where it had already failed (nil: it allows every card
// there, so its "yes" risked nothing).
type unbold struct {
	Rule    Ranked
	Refuted *refutation
}

// unboldText says why the mover's rule earns no credit for a "yes" it
// predicted.
func (n *Narration) unboldText(u *unbold, mover int, f textFormat) string {
	who := f.text(n.seatRef(mover, f.lang()))
	if u.Refuted == nil {
		return f.say("claim.allowsAll", who, f.phrase(u.Rule))
	}
	return f.say("claim.refutedBefore", who, f.phrase(u.Rule), n.refutationText(u.Refuted, f))
}

// refutationText says where a rule had failed: "at move 2 (7♠: God said
// no)", "at God's opening (9♥ lies under the chain)".
func (n *Narration) refutationText(r *refutation, f textFormat) string {
	if r.Move == nil {
		opening := sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine
		return f.say("claim.atOpening", f.cards(n.Result.Opening[len(opening):]))
	}
	return f.say("claim.atMove", r.Turn, f.cards(r.Move.Cards), f.say("pack."+string(r.Move.Verdict)))
}
