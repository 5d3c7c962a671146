package lessons

import (
	"math"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// The movers' minds: which rule each seat held when it moved, and whether
// its play tested that rule positively (the rule expected "yes") or
// negatively.

// expectsYes reports whether a rule (accepts) expects God's "yes" to move
// m after line: every card of a play or sequence accepted in turn; for a
// "no play", none of the cards shown.
func expectsYes(accepts func(line []sim.Card, c sim.Card) bool, m *sim.MoveRecord, line []sim.Card) bool {
	switch m.Kind {
	case sim.NoPlay:
		for _, c := range m.Cards {
			if accepts(line, c) {
				return false
			}
		}
		return true
	default:
		l := append([]sim.Card(nil), line...)
		for _, c := range m.Cards {
			if !accepts(l, c) {
				return false
			}
			l = append(l, c)
		}
		return true
	}
}

// mindKey names a belief shared by the seats that hold it.
type mindKey struct {
	sp  *hypotheses.Space
	eps float64
}

// mindRecords is, per seat, the record of its belief-driven mind (nil for
// the others), started on the opening; seats with one space and noise share
// one record, as they do at the table.
func (n *Narration) mindRecords() ([]*hypotheses.Record, func()) {
	out := make([]*hypotheses.Record, len(n.Minds))
	shared := map[mindKey]*hypotheses.Record{}
	var beliefs []*hypotheses.Belief
	for seat, m := range n.Minds {
		if m.Space == nil || m.Held != nil {
			continue
		}
		k := mindKey{m.Space, m.Eps}
		r, ok := shared[k]
		if !ok {
			b := m.Space.NewBelief(m.Eps)
			beliefs = append(beliefs, b)
			r = hypotheses.NewRecord(b)
			r.Start(n.Result.Opening, &n.Options)
			shared[k] = r
		}
		out[seat] = r
	}
	return out, func() {
		for _, b := range beliefs {
			b.Release()
		}
	}
}

// label says whether the move tested the mover's own best rule, and how.
func (n *Narration) label(st *NarratedMove, minds []*hypotheses.Record) {
	m := &st.Move
	if m.Player >= len(n.Minds) {
		st.NoTest = i18n.M("notest.unknown")
		return
	}
	mind := n.Minds[m.Player]
	var accepts func(line []sim.Card, c sim.Card) bool
	switch {
	case minds[m.Player] != nil:
		r := minds[m.Player]
		id, p := r.MAP()
		if id < 0 {
			st.NoTest = i18n.M("notest.empty")
			return
		}
		st.Held = &Ranked{ID: id, Expr: mind.Space.Hyp(id).Expr, Phrase: mind.Space.Phrase(id), Prob: p}
		accepts = func(line []sim.Card, c sim.Card) bool { return mind.Space.Accepts(id, line, c) }
	case mind.Held != nil:
		id, ok := mind.Held[m.Turn]
		if !ok || id < 0 {
			st.NoTest = i18n.M("notest.noIdea")
			return
		}
		st.Held = &Ranked{ID: id, Expr: mind.Space.Hyp(id).Expr, Phrase: mind.Space.Phrase(id), Prob: math.NaN()}
		accepts = func(line []sim.Card, c sim.Card) bool { return mind.Space.Accepts(id, line, c) }
	case mind.Stated != nil:
		sr, ok := mind.Stated[m.Turn]
		switch {
		case !ok && !mind.None.IsZero():
			st.NoTest = mind.None
			return
		case !ok:
			st.NoTest = i18n.M("notest.noRule")
			return
		case sr.Rule == nil && sr.Words:
			st.NoTest = i18n.M("notest.unread", sr.Text)
			return
		case sr.Rule == nil:
			st.NoTest = i18n.M("notest.unreadable")
			return
		}
		st.Held = &Ranked{ID: -1, Expr: sr.Rule.Rule.Expr, Prob: math.NaN()}
		if sr.Words {
			st.Held.Phrase = sr.Text // the player's own words
		} else if id, ok := n.Space.ByExpr(sr.Text); ok {
			st.Held.Phrase = n.Space.Phrase(id)
		}
		j := sr.Rule.NewJudge()
		accepts = func(line []sim.Card, c sim.Card) bool { ok, err := j.Accepts(line, c); return ok && err == nil }
	default:
		st.NoTest = mind.None
		return
	}
	st.Test = "negative"
	if positiveOf(m, expectsYes(accepts, m, st.Line)) {
		st.Test = "positive"
	}
}
