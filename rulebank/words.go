package rulebank

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// Rules in words: a text is read by rulewords, each reading compiled, and
// readings that are the same rule (equivalent: the same verdict in every
// reachable state) merged, so that "ambiguous" means two different rules.

// AmbiguousError is a text read as two or more different rules.
type AmbiguousError struct {
	Text     string
	Readings []rulewords.Reading
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the words read as %d different rules; say which (none is chosen):", len(e.Readings))
	for i, r := range e.Readings {
		fmt.Fprintf(&b, "\n  %d. %s\n     (%s)", i+1, r.Words, r.Expr)
	}
	return b.String()
}

// ReadWords reads a rule written in English: its readings that compile
// and that some card can follow, one per different rule, in the order
// rulewords found them. An error when the text cannot be read or no
// reading is a rule.
func ReadWords(text string) ([]rulewords.Reading, error) { return ReadWordsIn("en", text) }

// ReadWordsIn is ReadWords for a rule written in lang's words (en, pt, es,
// ca: rulewords.ReadIn), the readings said back in lang. A reading no card
// can follow, whatever card opens the main line ("spades and clubs only"
// read as a card that is both), is no rule anyone means: it is dropped,
// and a text that reads only so is refused, saying why.
func ReadWordsIn(lang, text string) ([]rulewords.Reading, error) {
	rs, err := rulewords.ReadIn(lang, text)
	if err != nil {
		return nil, err
	}
	var out, dead, vacuous, anyCard []rulewords.Reading
	var compiled []*Compiled
	var firstErr error
	for _, r := range rs {
		c, err := Compile(Rule{Name: "words", Expr: r.Expr})
		if err != nil {
			firstErr = cmpOr(firstErr, err)
			continue
		}
		if !Playable(c) {
			dead = append(dead, r)
			continue
		}
		if strings.TrimSpace(r.Expr) == "true" {
			// "any card" is a rule when it is all the words say; beside a
			// reading that says something it is a part read as the whole
			anyCard = append(anyCard, r)
			continue
		}
		if acceptsAll(c) {
			vacuous = append(vacuous, r)
			continue
		}
		dup := false
		for _, o := range compiled {
			if sameRule(o, c) {
				dup = true
				break
			}
		}
		if !dup {
			out, compiled = append(out, r), append(compiled, c)
		}
	}
	switch {
	case len(out) > 0:
		return out, nil
	case len(anyCard) > 0:
		return anyCard[:1], nil
	case len(dead) > 0:
		return nil, &ImpossibleError{Text: text, Readings: dead}
	case len(vacuous) > 0:
		return nil, &VacuousError{Text: text, Readings: vacuous}
	}
	return nil, fmt.Errorf("the words read as no rule that compiles: %w", firstErr)
}

// acceptsAll: c accepts every card in every state legal play reaches.
// ReadWordsIn asks it only of readings that say more than "any card" (a
// text that says only that, "anything goes", means it): "Higher, or any
// card after a king" read as "after a king: higher or any card" is such a
// reading, it says nothing, and cannot be what its writer meant.
func acceptsAll(c *Compiled) bool {
	same, _, err := decideSame(c, anything)
	return err == nil && same
}

// anything is the rule that accepts every card.
var anything = func() *Compiled {
	c, err := Compile(Rule{Name: "anything", Expr: "true"})
	if err != nil {
		panic(err)
	}
	return c
}()

// VacuousError is a text whose every reading accepts every card whatever
// was played, though the text says more than "any card": a part of it was
// read as swallowing the rest.
type VacuousError struct {
	Text     string
	Readings []rulewords.Reading
}

func (e *VacuousError) Error() string {
	b := listReadings("the words read only as a rule that accepts every card after any main line, which cannot be what you mean:", e.Readings)
	b.WriteString("\nSay it another way: an exception first reads best (\"after a king anything; otherwise higher than the last card\")")
	return b.String()
}

// listReadings is head and then each reading, its words and its
// expression, a line each: the start of the errors of a text read only
// as rules no one means.
func listReadings(head string, rs []rulewords.Reading) *strings.Builder {
	b := &strings.Builder{}
	b.WriteString(head)
	for _, r := range rs {
		fmt.Fprintf(b, "\n  %s\n     (%s)", r.Words, r.Expr)
	}
	return b
}

// ImpossibleError is a text whose every reading is a rule no card can
// follow, whatever card opens the main line.
type ImpossibleError struct {
	Text     string
	Readings []rulewords.Reading
}

func (e *ImpossibleError) Error() string {
	b := listReadings("the words read only as a rule no card can ever follow (no card is accepted after any opening card), which cannot be what you mean:", e.Readings)
	b.WriteString("\nSay it another way")
	// a reading that asks for a card not there after the opening card
	// refuses every card there: say which card, so the writer sees why
	for _, m := range []struct{ guard, card string }{{"prev2 != nil", "card before the last one"}, {"prev3 != nil", "card three back"}} {
		if slices.ContainsFunc(e.Readings, func(r rulewords.Reading) bool { return strings.Contains(r.Expr, m.guard) }) {
			fmt.Fprintf(b, " (after the opening card there is no %s, and the reading asks for one: say what may be played until there is)", m.card)
			break
		}
	}
	// the likeliest slip: two kinds of card joined by "and" are read as one
	// card of both (a rule of the card alone, two parts joined by and)
	if slices.ContainsFunc(e.Readings, func(r rulewords.Reading) bool {
		return strings.Contains(r.Expr, " and ") && !strings.Contains(r.Expr, "prev") && !strings.Contains(r.Expr, "line")
	}) {
		b.WriteString(": \"X and Y only\" of two kinds of card reads as a card of either kind")
	}
	return b.String()
}

// Playable reports whether some card is legal after some opening card:
// whether a hand can be played by the rule at all. A rule that fails on
// its first card counts as playable (its error is the analysis's to
// report).
func Playable(c *Compiled) bool {
	j := c.NewJudge()
	for s := sim.Card(0); s < sim.NumCards; s++ {
		m, err := j.Legal([]sim.Card{s})
		if err != nil || m != 0 {
			return true
		}
	}
	return false
}

// partWays says where expr (a) and the words' rule (b) part: ", after
// the main line 5H 9C, expr accepts KD and the words refuse it". Empty
// when the check found no such card.
func partWays(a, b *Compiled, e Equivalence) string {
	if e.Card == nil {
		return ""
	}
	va, errA := a.NewJudge().Accepts(e.Line, *e.Card)
	vb, errB := b.NewJudge().Accepts(e.Line, *e.Card)
	if errA != nil || errB != nil || va == vb {
		return ""
	}
	verdict := map[bool]string{true: "accept", false: "refuse"}
	return fmt.Sprintf(": after the main line %s, expr %ss %s and the words %s it", sim.CardsString(e.Line), verdict[va], e.Card, verdict[vb])
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// sameRule: a and b agree in every state either can reach from any card.
// An undecided check counts as different (both readings are kept).
func sameRule(a, b *Compiled) bool {
	same, _, err := decideSame(a, b)
	return same && err == nil
}

// decideSame is sameRule with the error of a check that could not decide
// (ErrUndecided: its budget of work ran out) or failed, and, when the two
// differ, a line and a card they judge apart (the line reached under
// Line's rule: a's when first is true, else b's).
func decideSame(a, b *Compiled) (same bool, where Equivalence, err error) {
	for _, p := range [][2]*Compiled{{a, b}, {b, a}} {
		// Both are the writer's own rules (their words and their expr,
		// two readings of their words), not a player's guess: each side
		// may spend God's budget.
		e, err := compareWithin(p[0], p[1], true, godWork)
		if err != nil {
			return false, e, err
		}
		if !e.Equal {
			return false, e, nil
		}
	}
	return true, Equivalence{}, nil
}

// FromWords is the one rule a text says, in English, Portuguese, Spanish
// or Valencian (the first of rulewords.Guess's languages that reads it, as
// "eleusis rules from-words" reads): its expression and its words, said in
// the text's language. A text read as several different rules is an
// *AmbiguousError listing them.
func FromWords(text string) (rulewords.Reading, error) {
	rs, _, err := readWordsAuto("auto", text)
	if err != nil {
		return rulewords.Reading{}, err
	}
	if len(rs) > 1 {
		return rulewords.Reading{}, &AmbiguousError{Text: text, Readings: rs}
	}
	return rs[0], nil
}

// Compare decides whether two rules are the same rule: whether b gives a's
// verdict on every card in every state legal play under a can reach from
// the openings a hand may have; if so, legal play under b reaches the same
// states, so the answer is symmetric. The openings are every card when
// anyStarter (the presets where the top card opens whatever it is), else
// the cards the starter predicate admits — a's, or b's when a has none (a
// starter predicate belongs to God's rule of a deal; a rule without one,
// as a hypothesis or a guess, is read from God's openings). This is the
// one meaning of "the same rule" (docs/rule-language.md): the space, the
// guesses, the difficulty key and the lessons use it. For rules of bounded
// look-back the check is exact and its counterexample a shortest line (the
// states are searched by length); rules that read line or n are compared
// on random legal lines. A check over its budget is an error wrapping
// ErrUndecided.
func Compare(a, b *Compiled, anyStarter bool) (Equivalence, error) {
	return compareWithin(a, b, anyStarter, guessWork)
}

// compareWithin is Compare with b's side held to work units.
func compareWithin(a, b *Compiled, anyStarter bool, work int) (Equivalence, error) {
	ja := a.NewJudge()
	ja.OpensWithAnyCard(anyStarter)
	if !anyStarter && a.Rule.Starter == "" && b.Rule.Starter != "" {
		st, err := b.NewJudge().starters()
		if err != nil {
			return Equivalence{}, err
		}
		ja.openings = st
	}
	return equivalent(ja, b.NewJudge(), newBudget(work))
}

// Example is a main line reached by legal play under a rule, with God's
// verdicts on a few cards after it.
type Example struct {
	Line     []sim.Card `json:"line"`
	Accepted []sim.Card `json:"accepted"`
	Refused  []sim.Card `json:"refused"`
}

// Examples plays count random legal main lines of a few cards under c (from
// the cards its starter predicate admits, two decks) and judges up to
// three cards after each that would be accepted and three that would not.
func Examples(c *Compiled, count int, seed uint64) ([]Example, error) {
	j := c.NewJudge()
	rng := rand.New(rand.NewPCG(seed, 23))
	st, err := j.starters()
	if err != nil {
		return nil, err
	}
	var out []Example
	for k := 0; k < count; k++ {
		left := make([]int, sim.NumCards)
		for i := range left {
			left[i] = 2
		}
		line := []sim.Card{pick(rng, st, left)}
		left[line[0]]--
		length := 2 + k%4
		for len(line) < length {
			m, err := j.Legal(line)
			if err != nil {
				return nil, err
			}
			for i := range left {
				if left[i] == 0 {
					m &^= 1 << i
				}
			}
			if m == 0 {
				break
			}
			next := pick(rng, m, left)
			left[next]--
			line = append(line, next)
		}
		m, err := j.Legal(line)
		if err != nil {
			return nil, err
		}
		e := Example{Line: line}
		e.Accepted = sample(rng, m, 3)
		e.Refused = sample(rng, (1<<sim.NumCards-1)&^m, 3)
		out = append(out, e)
	}
	return out, nil
}

// sample picks up to k cards of set, in the order of the deck.
func sample(rng *rand.Rand, set uint64, k int) []sim.Card {
	var cs []sim.Card
	for rest := set; rest != 0; rest &= rest - 1 {
		cs = append(cs, sim.Card(bits.TrailingZeros64(rest)))
	}
	rng.Shuffle(len(cs), func(a, b int) { cs[a], cs[b] = cs[b], cs[a] })
	cs = cs[:min(k, len(cs))]
	slices.Sort(cs)
	return cs
}

// wordsOf fills in a bank rule's expression from its words (words:), or
// checks that words and expr given together are the same rule.
func wordsOf(r *Rule) error {
	if strings.TrimSpace(r.Words) == "" {
		return nil
	}
	got, err := FromWords(r.Words)
	if err != nil {
		return err
	}
	if strings.TrimSpace(r.Expr) == "" {
		r.Expr = got.Expr
		return nil
	}
	a, err := Compile(Rule{Name: r.Name, Expr: r.Expr})
	if err != nil {
		return nil // expr's own error is reported when the rule compiles
	}
	b, _ := Compile(Rule{Name: r.Name, Expr: got.Expr})
	same, where, err := decideSame(a, b)
	switch {
	case errors.Is(err, ErrUndecided):
		// not a difference: the writer's words may well be the rule, and
		// must not be told they are not
		return fmt.Errorf("the words read as %s (%s), and whether that is the rule of expr could not be decided (%v): "+
			"the check gives up rather than guess. Keep expr alone and put the words in description (shown, not checked), "+
			"or give the words alone, or write words or expr more simply", got.Expr, got.Words, err)
	case err != nil:
		return fmt.Errorf("the words read as %s (%s), which could not be compared with expr: %w", got.Expr, got.Words, err)
	case !same:
		return fmt.Errorf("the words read as %s (%s), which is not the rule of expr%s; reword the words or mend expr until they say one rule, or give only one of the two",
			got.Expr, got.Words, partWays(a, b, where))
	}
	return nil
}
