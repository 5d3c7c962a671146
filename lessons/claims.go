package lessons

import (
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Claims checked against the hand. A lesson says of a rule that a "yes"
// corroborates it, that its prediction was bold, that it is God's rule,
// that it is too broad or too narrow: each such sentence is said only when
// the hand bears it out, and the checks are here, once.
//
// "God's rule" in a lesson is the class of rules the hand cannot tell
// apart from God's: the hypotheses that give God's verdict on every card of
// every main line the hand could reach from its opening (hypotheses.Local).
// The key, hand.md, the plot and the questions all name that class and give
// its probability; "right everywhere" (God's rule from any starter) is
// said only where a lesson says so in those words.

// acceptFunc is a rule's verdict on card c after main line line.
type acceptFunc func(line []sim.Card, c sim.Card) bool

// godClass is the class a lesson calls God's rule: the local class of the
// hand (the rules it cannot tell apart from God's), or God's behaviour
// class where the hand's could not be charted.
func (n *Narration) godClass() *hypotheses.Class {
	if n.Local != nil {
		return n.Local.Class
	}
	if n.Truth != nil {
		return n.Truth.Class
	}
	return nil
}

// isGods reports whether hypothesis id of the followed space is God's rule
// as far as this hand can show it.
func (n *Narration) isGods(id int) bool { return id >= 0 && n.godClass().Has(id) }

// godsForms is how many rules of the followed space the hand cannot tell
// apart from God's.
func (n *Narration) godsForms() int { return n.godClass().Len() }

// acceptsExpr is a rule given by its expression: the followed space's
// hypothesis when it has one, else the expression compiled (nil when it
// does not compile).
func (n *Narration) acceptsExpr(expr string) acceptFunc {
	if n.Space != nil {
		if id, ok := n.Space.ByExpr(expr); ok {
			return func(line []sim.Card, c sim.Card) bool { return n.Space.Accepts(id, line, c) }
		}
	}
	r, err := rulebank.Compile(rulebank.Rule{Name: "claim", Expr: expr})
	if err != nil {
		return nil
	}
	j := r.NewJudge()
	return func(line []sim.Card, c sim.Card) bool { ok, err := j.Accepts(line, c); return ok && err == nil }
}

// godAccepts is God's rule as the hand's referee applied it (nil when the
// narration has no expression, as the web table's reveal).
func (n *Narration) godAccepts() acceptFunc {
	if n.Expr == "" {
		return nil
	}
	if n.god == nil {
		n.god = n.acceptsExpr(n.Expr)
	}
	return n.god
}

// refutation is where a rule first disagreed with God's answers.
type refutation struct {
	// Turn: the move (0: God's opening, whose wrong cards are answers
	// too); Move: that move (nil for the opening).
	Turn int
	Move *sim.MoveRecord
}

// refutedBefore is the first answer before move turn (1-based) that rule
// accepts contradicts — the opening's wrong cards, then each move's verdict
// — leaving out the answers the transcript marks as God's mistakes; nil
// when it fits every one of them.
func (n *Narration) refutedBefore(accepts acceptFunc, turn int) *refutation {
	if accepts == nil {
		return nil
	}
	opening := sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine
	for _, c := range n.Result.Opening[len(opening):] {
		if accepts(opening, c) {
			return &refutation{}
		}
	}
	line := opening
	for i := range n.Result.History {
		m := &n.Result.History[i]
		if m.Turn >= turn {
			break
		}
		if !n.Erred[m.Turn] && expectsYes(accepts, m, line) != (m.Verdict == sim.Yes) {
			return &refutation{Turn: m.Turn, Move: m}
		}
		line = append(line[:len(line):len(line)], m.Accepted...)
	}
	return nil
}

// fitsBefore reports whether rule accepts gives every answer before move
// turn.
func (n *Narration) fitsBefore(accepts acceptFunc, turn int) bool {
	return accepts != nil && n.refutedBefore(accepts, turn) == nil
}

// forbidsSome reports whether a rule forbids some card after line: a rule
// that allows every card predicts "yes" to anything, and its "yes" singles
// nothing out.
func forbidsSome(accepts acceptFunc, line []sim.Card) bool {
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if !accepts(line, c) {
			return true
		}
	}
	return false
}

// fault is a place where a rule and God part: after Line, the rule allows
// Card and God refuses it (too broad), or the other way round.
type fault struct {
	Line []sim.Card
	Card sim.Card
}

// relation is how a rule stands to God's on the main lines this hand
// reached: Broad, where it allows a card God refuses; Narrow, where it
// forbids a card God accepts (nil: nowhere). A rule can be both.
type relation struct {
	Broad, Narrow *fault
}

// reachedLines are the main lines the hand reached: after the opening and
// after each move.
func (n *Narration) reachedLines() [][]sim.Card {
	lines := [][]sim.Card{n.Start.MainLine}
	for i := range n.Steps {
		lines = append(lines, n.Steps[i].MainLine)
	}
	return lines
}

// relationOnHand compares a rule with God's on every card after every main
// line the hand reached.
func (n *Narration) relationOnHand(accepts acceptFunc) relation {
	var r relation
	god := n.godAccepts()
	if god == nil || accepts == nil {
		return r
	}
	for _, l := range n.reachedLines() {
		for c := sim.Card(0); c < sim.NumCards; c++ {
			a, g := accepts(l, c), god(l, c)
			switch {
			case a && !g && r.Broad == nil:
				r.Broad = &fault{Line: l, Card: c}
			case g && !a && r.Narrow == nil:
				r.Narrow = &fault{Line: l, Card: c}
			}
		}
		if r.Broad != nil && r.Narrow != nil {
			break
		}
	}
	return r
}

// lineEnd writes a main line as the rules read it: whole when short, else
// its last three cards after "…".
func lineEnd(line []sim.Card, f textFormat) string {
	if len(line) <= 3 {
		return f.cards(line)
	}
	return "…" + f.cards(line[len(line)-3:])
}
