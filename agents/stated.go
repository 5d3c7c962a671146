package agents

import (
	"github.com/eleusis/eleusis/godrule"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// An outside agent's stated beliefs (StatedBelief) are measured as the
// built-in beliefs are: its last stated rule has identified God's rule when
// it gives God's verdict in every state the hand could reach from its
// opening (hypotheses.Truth.CheckLocal); its confidence is the probability
// it stated for that rule; its predictions are the probabilities it stated
// that its moves would be accepted.

// checkKey is a stated rule (its text) checked against God's rule (the
// Truth's key) from an opening.
type checkKey struct{ rule, opening, text string }

// checkStated compares a stated rule with God's from the hand's opening,
// once per rule, opening and text for the whole run.
func (t *Table) checkStated(opening []sim.Card, b *StatedBelief) (godrule.StatedCheck, error) {
	if b.Compiled == nil {
		return godrule.StatedCheck{}, nil // not a rule of the language: never God's
	}
	tr, err := t.Kit.TruthFrom(t.Rule, hypotheses.DefaultSize, t.AnyStarter)
	if err != nil {
		return godrule.StatedCheck{}, err
	}
	key := checkKey{ruleKey(t.Rule), sim.CardsString(opening), b.Rule}
	return t.Kit.checks.get(key, func() (godrule.StatedCheck, error) { return tr.CheckLocal(opening, b.Compiled) })
}

// statedMeasures are the discovery measures of what the agent at seat
// stated during the hand; nil when it stated nothing (not measured).
func (t *Table) statedMeasures(opts *sim.Options, res *sim.Result, seat int, bs []StatedBelief) (*hypotheses.Measures, error) {
	if len(bs) == 0 || t.Rule == nil {
		return nil, nil
	}
	m := &hypotheses.Measures{Own: true, Settled: -1, Turn50: -1, Turn90: -1, Expressible: true}
	// Predictions: the probability it gave to God's verdict on each of its
	// moves (the belief went with the move, before the verdict).
	var preds []float64
	last := -1          // its last statement of a rule, or withdrawal of one
	statedRule := false // it stated a rule at some point
	for i, b := range bs {
		if b.Rule != "" || b.Withdrawn {
			last = i
		}
		statedRule = statedRule || b.Rule != ""
		k := b.Turn - 1
		if b.AcceptProb == nil || k < 0 || k >= len(res.History) || res.History[k].Turn != b.Turn || res.History[k].Player != seat {
			continue
		}
		p := *b.AcceptProb
		if res.History[k].Verdict != sim.Yes {
			p = 1 - p
		}
		preds = append(preds, p)
	}
	switch {
	case statedRule && len(preds) > 0:
		m.Stated = "rule,accept"
	case statedRule:
		m.Stated = "rule"
	default:
		m.Stated = "accept"
	}
	if len(preds) > 0 {
		m.Predictive, m.Predictive10 = hypotheses.PredictiveMeans(preds)
	}
	if last < 0 || bs[last].Withdrawn {
		return m, nil // no rule held at the end: not identified
	}
	opening := sim.DecodeOpening(res.Opening, opts).MainLine
	b := &bs[last]
	m.MAP, m.MAPProb, m.Confidence = b.Rule, b.RuleProb, b.RuleProb
	c, err := t.checkStated(opening, b)
	if err != nil {
		return nil, err
	}
	m.Identified, m.LocalExact = c.Agrees, c.Exact || b.Compiled == nil // not a rule: decided without a search
	if b.Compiled != nil {
		j := t.Rule.NewJudge() // as God judges a guess (cached per rule)
		j.OpensWithAnyCard(t.AnyStarter)
		right, err := j.Equivalent(b.Rule)
		m.IdentifiedAll = err == nil && right
	}
	// Settled: since the first statement of the last run of rules that
	// agree with God. A statement goes with a move, before its verdict: it
	// is the belief after the move before (an agent says what it believes
	// only on its own moves, so this is the latest the belief could have
	// settled).
	for i := last; m.Identified && i >= 0; i-- {
		if bs[i].Withdrawn {
			break
		}
		if bs[i].Rule == "" {
			continue // an acceptance probability alone keeps the rule
		}
		c, err := t.checkStated(opening, &bs[i])
		if err != nil {
			return nil, err
		}
		if !c.Agrees {
			break
		}
		m.Settled = bs[i].Turn - 1
	}
	return m, nil
}
