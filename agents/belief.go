package agents

import "github.com/eleusis/eleusis/hypotheses"

// Mind is how what a strategy believes can be known: the one answer the
// lab notebook, the lessons and the lab's ideal observer ask for, instead
// of each keeping a list of strategy names.
type Mind int

const (
	// NoRule: it plays without a rule in mind (random).
	NoRule Mind = iota
	// KnowsRule: it knows God's rule, so its plays test nothing (oracle).
	KnowsRule
	// PublicBelief: its belief is the posterior of the public record in its
	// space with its label noise (Table.Record: the seats of one space and
	// noise share it), so anyone can rebuild it from the moves.
	PublicBelief
	// OwnCandidates: a few candidate rules of its own, drawn from its space
	// at random (the bounded human); the public record does not give them,
	// the player tells them after the hand (RuleHolder).
	OwnCandidates
	// StatesBelief: an outside program; it believes what it states with its
	// moves, if anything (BeliefStater).
	StatesBelief
)

// Belief is what a strategy believes, known from its spec before any hand.
type Belief struct {
	Mind Mind
	// Size is the hypothesis space it believes over (hypotheses.Space of
	// that many), 0 when it has none (NoRule, KnowsRule, StatesBelief).
	Size int
	// Eps is the label noise its belief allows for (0: strict elimination).
	Eps float64
	// Open: the belief synthesizes rules beyond its index (a rule outside
	// the index is then hard, not out of reach).
	Open bool
}

// BeliefOf says what the strategy of s believes. An unknown name is a
// strategy without a belief (ParseSpec refuses it first).
func BeliefOf(s Spec) Belief {
	if s.Name == "exec" {
		return Belief{Mind: StatesBelief}
	}
	e, ok := registry[s.Name]
	if !ok {
		return Belief{Mind: NoRule}
	}
	b := Belief{Mind: e.mind}
	switch e.mind {
	case PublicBelief:
		b.Size, b.Eps, b.Open = int(s.param("size")), s.param("eps"), s.param("synth") != 0
	case OwnCandidates:
		b.Size = hypotheses.DefaultSize // newHuman draws from the default space
	}
	return b
}
