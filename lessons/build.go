package lessons

import (
	"fmt"
	"math"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
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

// mindOf says how a strategy's best rule is known (agents.BeliefOf).
func mindOf(kit *agents.Kit, s agents.Spec) (Mind, error) {
	b := agents.BeliefOf(s)
	switch b.Mind {
	case agents.NoRule:
		return Mind{None: i18n.M("notest.random")}, nil
	case agents.KnowsRule:
		return Mind{None: i18n.M("notest.oracle")}, nil
	case agents.StatesBelief:
		return Mind{None: i18n.M("notest.program")}, nil
	}
	sp, err := kit.Space(b.Size)
	if err != nil {
		return Mind{}, err
	}
	return Mind{Space: sp, Eps: b.Eps}, nil
}

// TranscriptLesson narrates a hand written down (docs/files.md,
// "Transcripts"): a class's own hand, refereed again move by move, and
// followed by an ideal scientist watching the table. What a player said
// they believed with a move (believed:) labels it a test of that rule —
// read as an expression, or from words (rulebank.FromWords); a rule stated
// in words (states) is told with its reading; where God's verdict as given
// (god_said:) differs from the rule, the move says God erred, and the
// scientist allows for mistakes in the answers.
func TranscriptLesson(kit *agents.Kit, rule *rulebank.Compiled, t *sim.Transcript, source string) (*Narration, error) {
	h, err := sim.Replay(t, rule.NewJudge())
	if err != nil {
		return nil, err // a *sim.TranscriptError naming the file and line
	}
	n := &Narration{Rule: rule.Rule.Name, Expr: rule.Rule.Expr, Description: rule.Rule.Description, Hint: rule.Rule.Hint,
		Preset: t.Preset, Source: source, Players: t.Players, Strategies: make([]string, len(t.Players)), Observer: -1,
		Options: t.Options, Result: h.Result(), Minds: make([]Mind, len(t.Players))}
	for i := range n.Minds {
		n.Minds[i].None = i18n.M("notest.transcript")
	}
	n.Letters = t.SuitLettersRead()
	n.readClass(t, rule)
	sp, err := kit.Space(hypotheses.DefaultSize)
	if err != nil {
		return nil, err
	}
	if n.Truth, err = kit.Truth(rule, sp.Len()); err != nil {
		return nil, err
	}
	eps := 0.0
	if len(n.Erred) > 0 {
		eps = classNoise
	}
	return n, Narrate(n, sp, eps)
}

// classNoise is the chance of a wrong answer the scientist allows for when
// the transcript says God erred: without it, one mistaken "yes" would rule
// out God's own rule for good.
const classNoise = 0.05

// readClass takes from a transcript what its people said: beliefs, rules
// in words, God's verdicts as given.
func (n *Narration) readClass(t *sim.Transcript, rule *rulebank.Compiled) {
	seat := map[string]int{}
	for i, p := range t.Players {
		seat[p] = i
	}
	turn := 0 // the refereed move a line belongs to
	for _, m := range t.Moves {
		p := seat[m.Player]
		switch m.Kind {
		case "states":
			if n.Said == nil {
				n.Said = map[int][]SaidRule{}
			}
			s := n.saidRule(p, m.Words, rule)
			if len(m.GodSaid) > 0 {
				s.GodSaid = &m.GodSaid[0]
			}
			n.Said[turn] = append(n.Said[turn], s)
			continue
		case "guess":
			continue
		}
		turn++
		if turn > len(n.Result.History) {
			break
		}
		if m.Believed != "" {
			if n.Minds[p].Stated == nil {
				n.Minds[p].Stated = map[int]StatedRule{}
			}
			n.Minds[p].Stated[turn] = believed(m.Believed)
		}
		if len(m.GodSaid) > 0 && godErred(rule, &n.Result.History[turn-1], n.lineBefore(turn-1)) {
			if n.Erred == nil {
				n.Erred = map[int]bool{}
			}
			n.Erred[turn] = true
		}
	}
}

// believed reads what a player said they believed: an expression of the
// rule language, or words rulewords reads as one rule — in English, or in
// Portuguese, Spanish or Valencian (a class writes down what it said in
// its own language); else words alone.
func believed(text string) StatedRule {
	if r, err := rulebank.Compile(rulebank.Rule{Name: "believed", Expr: text}); err == nil {
		return StatedRule{Text: text, Rule: r}
	}
	if rd, err := rulebank.FromWords(text); err == nil {
		if r, err := rulebank.Compile(rulebank.Rule{Name: "believed", Expr: rd.Expr}); err == nil {
			return StatedRule{Text: text, Rule: r, Words: true}
		}
	}
	for _, lang := range rulewords.Languages() {
		if lang == "en" {
			continue
		}
		// One reading only: words that read as several rules, or in
		// several languages, are not guessed at.
		if rs, err := rulewords.ReadIn(lang, text); err == nil && len(rs) == 1 {
			if r, err := rulebank.Compile(rulebank.Rule{Name: "believed", Expr: rs[0].Expr}); err == nil {
				return StatedRule{Text: text, Rule: r, Words: true}
			}
		}
	}
	return StatedRule{Text: text, Words: true}
}

// saidRule is a rule a player stated in words, read and compared with
// God's.
func (n *Narration) saidRule(p int, words string, god *rulebank.Compiled) SaidRule {
	s := SaidRule{Player: p, StatedRule: believed(words)}
	if s.Rule != nil {
		eq, err := rulebank.Compare(god, s.Rule, n.Options.Starter == sim.AlwaysValid)
		s.Judged, s.Right = err == nil, err == nil && eq.Equal
	}
	return s
}

// lineBefore is the main line before the i-th move (0-based).
func (n *Narration) lineBefore(i int) []sim.Card {
	line := sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine
	for _, m := range n.Result.History[:i] {
		line = append(line[:len(line):len(line)], m.Accepted...)
	}
	return line
}

// godErred reports whether God's verdict on a move differs from the
// rule's.
func godErred(rule *rulebank.Compiled, m *sim.MoveRecord, line []sim.Card) bool {
	j := rule.NewJudge()
	said := expectsYes(func(l []sim.Card, c sim.Card) bool { ok, err := j.Accepts(l, c); return ok && err == nil }, m, line)
	return said != (m.Verdict == sim.Yes)
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
