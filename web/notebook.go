package web

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// The lab notebook shows the class a bot scientist's mind: its most probable
// rules, how many rules the last answer eliminated, and the probability it
// gave to "yes" before each answer.

// mind is one belief the notebook follows: the belief shared by the bots
// that use one hypothesis space and label noise (agents.Table.Record gives
// them one record), or an ideal observer's for bots without a belief we can
// show (random, oracle, bounded-human, outside programs).
type mind struct {
	seats []int
	ideal []bool // per entry of seats: followed through the ideal observer
	rec   *hypotheses.Record
	steps []noteStep
	count int // hypotheses still possible
}

// noteStep is one answer as the mind saw it.
type noteStep struct {
	Turn   int
	Move   i18n.Msg
	PYes   float64 // P(God says yes) before the answer
	Yes    bool
	Before int // hypotheses possible before the answer
	After  int
}

// beliefOf is the space size and label noise of a bot's belief, and false
// for a bot whose belief is not the public record's (agents.BeliefOf): it
// is followed through an ideal observer.
func beliefOf(spec string) (size int, eps float64, ok bool) {
	sp, err := agents.ParseSpec(spec)
	if err != nil {
		return hypotheses.DefaultSize, 0, false
	}
	if b := agents.BeliefOf(sp); b.Mind == agents.PublicBelief {
		return b.Size, b.Eps, true
	}
	return hypotheses.DefaultSize, 0, false
}

// followMinds groups the bots by the belief they share.
func (t *table) followMinds() []*mind {
	var minds []*mind
	byKey := map[string]*mind{}
	for i, s := range t.setup.Seats {
		if s.Person() {
			continue
		}
		size, eps, own := beliefOf(s.Bot)
		key := fmt.Sprint(size, "/", eps)
		m := byKey[key]
		if m == nil {
			rec, err := t.kit.Record(size, eps)
			if err != nil {
				continue // the bot itself failed to build on this; no mind to show
			}
			m = &mind{rec: rec}
			byKey[key] = m
			minds = append(minds, m)
		}
		m.seats = append(m.seats, i)
		m.ideal = append(m.ideal, !own)
	}
	return minds
}

// sync brings a mind up to the hand's public record (bots that observe the
// hand do it too; an ideal observer is nobody's player).
func (t *table) syncMinds() {
	if len(t.minds) == 0 || t.hand == nil {
		return
	}
	v := t.hand.View(0)
	for _, m := range t.minds {
		m.rec.Sync(&v)
	}
}

// predict is each mind's probability that God says "yes" to m.
func (t *table) predict(m sim.Move) []float64 {
	t.syncMinds()
	ps := make([]float64, len(t.minds))
	for i, md := range t.minds {
		md.count = md.rec.Count()
		if m.Kind == sim.NoPlay {
			ps[i] = md.rec.ProbNone(m.Cards)
		} else {
			ps[i] = md.rec.ProbSequence(m.Cards)
		}
	}
	return ps
}

// observe notes the answer to a move in every mind.
func (t *table) observe(pm *pendingMove, rec *sim.MoveRecord) {
	t.syncMinds()
	for i, md := range t.minds {
		after := md.rec.Count()
		md.steps = append(md.steps, noteStep{Turn: rec.Turn, Move: handwords.Move(t.name(pm.seat), pm.move),
			PYes: pm.pYes[i], Yes: rec.Verdict == sim.Yes, Before: md.count, After: after})
		md.count = after
	}
}

// NotebookView is the notebook as the class sees it.
type NotebookView struct {
	Seat     int
	Whose    i18n.Msg // "Popper's belief (bayes-eig)" or "an ideal observer beside Darwin (random)"
	Shared   i18n.Msg // the other bots sharing this belief
	Possible int
	Top      []RuleProb
	Steps    []noteStep // newest first, the last few
}

// RuleProb is a hypothesis with its probability.
type RuleProb struct {
	Expr string
	P    float64
}

// notebook builds the notebook of seat's mind (nil when off). Call it
// only while no bot is thinking: the minds are the bots' own beliefs.
func (t *table) notebook(seat int) *NotebookView {
	if seat < 0 || seat >= len(t.setup.Seats) {
		return nil
	}
	for _, m := range t.minds {
		for k, s := range m.seats {
			if s != seat {
				continue
			}
			t.syncMinds()
			nv := &NotebookView{Seat: seat, Possible: m.rec.Count()}
			name, spec := t.name(seat), t.setup.Seats[seat].Bot
			if m.ideal[k] {
				nv.Whose = i18n.M("notebook.ideal", name, spec)
			} else {
				nv.Whose = i18n.M("notebook.belief", name, spec)
				var others []string
				for k2, s2 := range m.seats {
					if s2 != seat && !m.ideal[k2] {
						others = append(others, t.name(s2))
					}
				}
				if len(others) > 0 {
					nv.Shared = i18n.M("notebook.shared", strings.Join(others, ", "))
				}
			}
			ids, ps := m.rec.Top(5)
			for i, id := range ids {
				nv.Top = append(nv.Top, RuleProb{Expr: m.rec.Hyp(id).Expr, P: ps[i]})
			}
			for i := len(m.steps) - 1; i >= 0 && len(nv.Steps) < 8; i-- {
				nv.Steps = append(nv.Steps, m.steps[i])
			}
			return nv
		}
	}
	return nil
}
