package lessons

import (
	"slices"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The Wason moment (Wason's 2-4-6 task, 1960): a rule too narrow — every
// card it allows God allows too, on every main line this hand reached,
// and God allows more — was tested by those who held it only with cards
// it allows (positive tests), so every answer was "yes" and belief in it
// climbed; then a negative test (a card it forbids, which God accepted)
// refuted it, or the hand ended with it standing because nobody made one.

// Wason is a Wason moment of a hand.
type Wason struct {
	Rule Ranked // the too-narrow rule, with its peak probability
	// Holder: the seat whose tests of the rule are told (−1: the table
	// as a whole, when no seat is known to have held it).
	Holder int
	// Tests: the steps (indexes of Steps) where it passed a positive
	// test; From, To: its probability before the first and after the last.
	Tests    []int
	From, To float64
	// Refuted: the step whose negative test refuted it (−1: it stood to
	// the end of the hand).
	Refuted int
}

// wasonMinTests is how many confirmations make the pattern: one "yes" is
// an answer, two or more in a row are a habit.
const wasonMinTests = 2

// markWason finds the hand's Wason moment and tells it at the move that
// refuted the rule (or at the last move, when it stood).
func (n *Narration) markWason() error {
	if n.Expr == "" || len(n.Steps) == 0 {
		return nil
	}
	god, err := rulebank.Compile(rulebank.Rule{Name: "god", Expr: n.Expr})
	if err != nil {
		return err
	}
	j := god.NewJudge()
	n.Wason = n.findWason(func(line []sim.Card, c sim.Card) bool { ok, err := j.Accepts(line, c); return ok && err == nil })
	if w := n.Wason; w != nil {
		at := w.Refuted
		if at < 0 {
			at = len(n.Steps) - 1
		}
		// First among the move's moments: it tells the others.
		mo := Moment{Kind: WasonMoment, Title: "A Wason moment (2-4-6)", say: func(f textFormat) string { return n.wasonText(w, f) }}
		n.Steps[at].Moments = append([]Moment{mo}, n.Steps[at].Moments...)
	}
	return nil
}

// findWason looks for a Wason moment: among the rules held by a mover or
// favoured by the followed belief, the first that fits the pattern for
// some seat that held it (the followed seat first), or for the table as a
// whole. god is God's verdict.
func (n *Narration) findWason(god func(line []sim.Card, c sim.Card) bool) *Wason {
	for _, f := range n.believedRules() {
		accepts := func(line []sim.Card, c sim.Card) bool { return n.Space.Accepts(f.ID, line, c) }
		if !n.narrower(accepts, god) {
			continue
		}
		for _, holder := range n.holders(f.ID) {
			if w := n.wasonFor(f, holder, accepts); w != nil {
				return w
			}
		}
	}
	return nil
}

// wasonFor checks the pattern for rule f as tested by holder (−1: by
// every player): only positive tests, at least wasonMinTests, all
// accepted, while belief in f climbed.
func (n *Narration) wasonFor(f Ranked, holder int, accepts func(line []sim.Card, c sim.Card) bool) *Wason {
	w := &Wason{Rule: f, Holder: holder, Refuted: -1}
	for i := range n.Steps {
		st := &n.Steps[i]
		m := &st.Move
		said := expectsYes(accepts, m, st.Line)
		if said != (m.Verdict == sim.Yes) {
			w.Refuted = i // narrower: it said no, God yes — a negative test
			break
		}
		if holder >= 0 && m.Player != holder {
			continue
		}
		if !positiveOf(m, said) {
			return nil // it was tried negatively, and passed: not the pattern
		}
		w.Tests = append(w.Tests, i)
	}
	if len(w.Tests) < wasonMinTests {
		return nil
	}
	probs := n.probsOf(f.ID)
	w.From, w.To = probs[w.Tests[0]], probs[w.Tests[len(w.Tests)-1]+1]
	if w.To <= w.From {
		return nil // its belief did not climb
	}
	return w
}

// positiveOf: a move is a positive test of a rule when the cards played
// are ones it allows; a "no play" when it allows a card shown (said:
// the rule expected "yes").
func positiveOf(m *sim.MoveRecord, said bool) bool {
	if m.Kind == sim.NoPlay {
		return !said
	}
	return said
}

// believedRules are the rules of the followed space that a mover held or
// the followed belief favoured, in the order they first appear.
func (n *Narration) believedRules() []Ranked {
	var out []Ranked
	add := func(r Ranked) {
		if r.ID >= 0 && !slices.ContainsFunc(out, func(o Ranked) bool { return o.ID == r.ID }) {
			r.Prob = 0
			out = append(out, r)
		}
	}
	for i := range n.Steps {
		st := &n.Steps[i]
		if st.Held != nil {
			if id, ok := n.Space.ByExpr(st.Held.Expr); ok {
				add(n.ranked(id, 0))
			}
		}
		if len(st.Leaders) > 0 && st.Leaders[0].Prob >= favouriteP {
			add(st.Leaders[0])
		}
	}
	return out
}

// holders are the seats whose tests of rule id are checked for the
// pattern: the followed seat if it held the rule, the others that held it,
// then −1, the table as a whole.
func (n *Narration) holders(id int) []int {
	var out []int
	for i := range n.Steps {
		st := &n.Steps[i]
		if st.Held == nil || slices.Contains(out, st.Move.Player) {
			continue
		}
		if hid, ok := n.Space.ByExpr(st.Held.Expr); ok && hid == id {
			out = append(out, st.Move.Player)
		}
	}
	if i := slices.Index(out, n.Observer); i > 0 {
		out[0], out[i] = out[i], out[0]
	}
	return append(out, -1)
}

// narrower reports whether a rule allows, after every main line the hand
// reached, only cards God allows, and God allows a card it does not.
func (n *Narration) narrower(accepts, god func(line []sim.Card, c sim.Card) bool) bool {
	lines := [][]sim.Card{n.Start.MainLine}
	for i := range n.Steps {
		lines = append(lines, n.Steps[i].MainLine)
	}
	strict := false
	for _, l := range lines {
		for c := sim.Card(0); c < sim.NumCards; c++ {
			a, g := accepts(l, c), god(l, c)
			if a && !g {
				return false
			}
			strict = strict || g && !a
		}
	}
	return strict
}
