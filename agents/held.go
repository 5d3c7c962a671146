package agents

// HeldRule is the rule a scientist held when it moved: the hypothesis its
// play followed, so that a lesson can say whether the play was a positive
// or a negative test of the mover's own idea.
type HeldRule struct {
	// Move is the move's number (sim.MoveRecord.Turn).
	Move int
	// ID is the hypothesis in the scientist's space (hypotheses.Default's
	// size for the bounded human), −1 when it held none.
	ID int
}

// RuleHolder is a scientist whose idea at each of its moves cannot be
// rebuilt from the public record (a person's few candidates, drawn at
// random): it keeps them, and tells them after the hand (HandSetup.Inspect).
// A belief-driven strategy needs no such record: its best rule is the most
// probable hypothesis of the public record before the move.
type RuleHolder interface {
	HeldRules() []HeldRule
}

// HeldRules implements RuleHolder: its favourite candidate at each move.
func (h *human) HeldRules() []HeldRule { return h.held }
