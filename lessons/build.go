package lessons

import (
	"fmt"
	"math"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// LessonHand is a hand to play and narrate: God's rule, the game, the
// line-up, the seed and the seat whose belief is followed.
type LessonHand struct {
	Rule    *rulebank.Compiled
	Preset  string
	Options sim.Options
	Lineup  []agents.Spec
	Seed    uint64
	// Follow: the seat (0-based) whose belief is told; a seat without a
	// belief the public record determines is told through an ideal
	// scientist beside it.
	Follow int
}

// PlayLesson plays a hand and narrates it. Each seat's own best rule at
// each of its moves is known as the seat holds it: a belief-driven
// strategy's is rebuilt from the public record; a bounded human's and an
// outside program's are asked after the hand (agents.RuleHolder,
// agents.BeliefStater); random players and the oracle hold none.
func PlayLesson(kit *agents.Kit, h LessonHand) (*Narration, error) {
	if h.Follow < 0 || h.Follow >= len(h.Lineup) {
		return nil, fmt.Errorf("the line-up has seats 1 to %d, not %d", len(h.Lineup), h.Follow+1)
	}
	n := &Narration{Rule: h.Rule.Rule.Name, Expr: h.Rule.Rule.Expr, Description: h.Rule.Rule.Description, Hint: h.Rule.Rule.Hint,
		Preset: h.Preset, Seed: h.Seed, Options: h.Options, Observer: h.Follow, Minds: make([]Mind, len(h.Lineup))}
	for _, s := range h.Lineup {
		n.Players, n.Strategies = append(n.Players, fmt.Sprintf("Seat %d", len(n.Players)+1)), append(n.Strategies, s.Text)
	}
	for seat, s := range h.Lineup {
		m, err := mindOf(kit, s)
		if err != nil {
			return nil, err
		}
		n.Minds[seat] = m
	}
	told := func(players []sim.Player) {
		for seat, p := range players {
			if rh, ok := p.(agents.RuleHolder); ok {
				n.Minds[seat].Held = map[int]int{}
				for _, r := range rh.HeldRules() {
					n.Minds[seat].Held[r.Move] = r.ID
				}
			}
			if bs, ok := p.(agents.BeliefStater); ok {
				n.Minds[seat].Stated = map[int]StatedRule{}
				for _, b := range bs.StatedBeliefs() {
					if b.Rule != "" {
						n.Minds[seat].Stated[b.Turn] = StatedRule{Text: b.Rule, Rule: b.Compiled}
					}
				}
			}
		}
	}
	out, err := kit.Play(agents.HandSetup{Rule: h.Rule, Options: h.Options, Lineup: h.Lineup, Seed: h.Seed, Inspect: told})
	if err != nil {
		return nil, err
	}
	n.Result = out.Result
	// The followed belief: the seat's own when the public record determines
	// it, else an ideal scientist's (the default space, no noise).
	sp, eps := n.Minds[h.Follow].Space, n.Minds[h.Follow].Eps
	n.OwnBelief = sp != nil && n.Minds[h.Follow].Held == nil
	if !n.OwnBelief {
		if sp, err = kit.Space(hypotheses.DefaultSize); err != nil {
			return nil, err
		}
		eps = 0
	}
	if n.Truth, err = kit.Truth(h.Rule, sp.Len()); err != nil {
		return nil, err
	}
	return n, Narrate(n, sp, eps)
}

// mindOf says how a strategy's best rule is known.
func mindOf(kit *agents.Kit, s agents.Spec) (Mind, error) {
	switch s.Name {
	case "random":
		return Mind{None: "it plays at random and holds no rule"}, nil
	case "oracle":
		return Mind{None: "it knows God's rule: its plays test nothing"}, nil
	case "exec":
		return Mind{None: "the program stated no rule with this move"}, nil
	}
	size, ok := agents.SpaceSize(s)
	if !ok {
		return Mind{None: "we do not know what it believed"}, nil
	}
	sp, err := kit.Space(size)
	if err != nil {
		return Mind{}, err
	}
	return Mind{Space: sp, Eps: s.Params["eps"]}, nil
}

// TranscriptLesson narrates a hand written down (docs/files.md,
// "Transcripts"): a class's own hand, refereed again move by move. The
// players' ideas are not in a transcript, so no play is labelled a test,
// and the narration follows an ideal scientist watching the table.
func TranscriptLesson(kit *agents.Kit, rule *rulebank.Compiled, t *sim.Transcript, source string) (*Narration, error) {
	h, err := sim.Replay(t, rule.NewJudge())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	n := &Narration{Rule: rule.Rule.Name, Expr: rule.Rule.Expr, Description: rule.Rule.Description, Hint: rule.Rule.Hint,
		Preset: t.Preset, Source: source, Players: t.Players, Strategies: make([]string, len(t.Players)), Observer: -1,
		Options: t.Options, Result: h.Result(), Minds: make([]Mind, len(t.Players))}
	for i := range n.Minds {
		n.Minds[i].None = "a transcript does not record what a player believed"
	}
	sp, err := kit.Space(hypotheses.DefaultSize)
	if err != nil {
		return nil, err
	}
	if n.Truth, err = kit.Truth(rule, sp.Len()); err != nil {
		return nil, err
	}
	return n, Narrate(n, sp, 0)
}

// HandoutMove is the move the handout shows the table after, when none is
// chosen: the first move after which the followed scientist's belief in God's
// rule (as far as the hand can show it) reached one half — enough on the
// table for a class to guess — or two thirds of the hand when it never did;
// at least 6 moves (or the whole hand, if shorter).
func (n *Narration) HandoutMove() int {
	total := len(n.Steps)
	for i, st := range n.Steps {
		if st.LocalProb >= 0.5 && !math.IsNaN(st.LocalProb) {
			return min(total, max(6, i+1))
		}
	}
	return min(total, max(6, (2*total+2)/3))
}
