package web

import (
	"fmt"
	"strings"

	"github.com/eleusis/eleusis/i18n"

	"github.com/eleusis/eleusis/sim"
)

// teacherJudge is God when the teacher judges: every verdict is the
// teacher's yes or no, given once per main line and card and kept (the
// journal keeps them too, so a restarted server asks nothing twice). A
// verdict not given yet is a *missingVerdict error, which leaves the hand
// unchanged: the table asks the teacher and tries again.
type teacherJudge struct {
	verdicts map[string]bool // verdictKey(line, card)
	guesses  map[string]bool // normalised guess text
	order    []givenVerdict  // the verdicts in the order given
}

type givenVerdict struct {
	line []sim.Card
	card sim.Card
	yes  bool
}

// set records the teacher's verdict on card after line.
func (j *teacherJudge) set(line []sim.Card, c sim.Card, yes bool) {
	k := verdictKey(line, c)
	if _, ok := j.verdicts[k]; !ok {
		j.order = append(j.order, givenVerdict{append([]sim.Card(nil), line...), c, yes})
	}
	j.verdicts[k] = yes
}

func newTeacherJudge() *teacherJudge {
	return &teacherJudge{verdicts: map[string]bool{}, guesses: map[string]bool{}}
}

func verdictKey(line []sim.Card, c sim.Card) string { return sim.CardsString(line) + "|" + c.String() }

// normGuess is a stated rule as the teacher's answers are keyed: spaces
// collapsed, case kept (the rule language is case-sensitive).
func normGuess(s string) string { return strings.Join(strings.Fields(s), " ") }

// missingVerdict: the teacher has not said whether Card may follow Line.
type missingVerdict struct {
	Line []sim.Card
	Card sim.Card
}

func (e *missingVerdict) Error() string {
	return fmt.Sprintf("God (the teacher) has not yet judged %s after %s", e.Card, sim.CardsString(e.Line))
}

// Accepts implements sim.Judge.
func (j *teacherJudge) Accepts(line []sim.Card, c sim.Card) (bool, error) {
	v, ok := j.verdicts[verdictKey(line, c)]
	if !ok {
		return false, &missingVerdict{Line: append([]sim.Card(nil), line...), Card: c}
	}
	return v, nil
}

// Starter implements sim.Judge: the teacher has no starter predicate, any
// card may open the main line.
func (j *teacherJudge) Starter(sim.Card) (bool, error) { return true, nil }

// Equivalent implements sim.GuessJudge from the teacher's answer, which
// the table asks for before the guess reaches the engine.
func (j *teacherJudge) Equivalent(guess string) (bool, error) {
	v, ok := j.guesses[normGuess(guess)]
	if !ok {
		return false, fmt.Errorf("the teacher has not judged the stated rule %q", guess)
	}
	return v, nil
}

// checkText bounds a rule or guess from outside before it reaches the
// expression compiler, whose recursive parser a long or deeply nested text
// could exhaust: at most limit bytes and 24 levels of brackets.
func checkText(what, s string, limit int) error {
	if len(s) > limit {
		return sayErr("form.tooLong", i18n.M("what."+what), len(s), limit)
	}
	depth, deepest := 0, 0
	for _, r := range s {
		switch r {
		case '(', '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ')', ']', '}':
			depth--
		}
	}
	if deepest > 24 {
		return sayErr("form.tooDeep", i18n.M("what."+what), deepest)
	}
	return nil
}
