package rulebank

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/eleusis/eleusis/sim"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// Rule is one entry of a rule bank (docs/files.md).
type Rule struct {
	Name string `yaml:"name" json:"name"`
	Expr string `yaml:"expr" json:"expr"`
	// Words: the rule in English, Portuguese, Spanish or Valencian
	// (docs/rules-in-words.md), read into Expr when the bank loads; kept
	// beside the expression.
	Words       string   `yaml:"words,omitempty" json:"words,omitempty"`
	Starter     string   `yaml:"starter,omitempty" json:"starter,omitempty"`
	Description string   `yaml:"description,omitempty" json:"description,omitempty"`
	Hint        string   `yaml:"hint,omitempty" json:"hint,omitempty"`
	Source      string   `yaml:"source,omitempty" json:"source,omitempty"`
	Tags        []string `yaml:"tags,omitempty" json:"tags,omitempty"`

	// Where the rule was written: file and line (0 when not from a file).
	File string `yaml:"-" json:"file,omitempty"`
	Line int    `yaml:"-" json:"line,omitempty"`
}

// Reads says which names of the table a rule reads, from its syntax tree.
type Reads struct {
	Prev, Prev2, Prev3, Line, N bool
}

// Depth is the look-back: 0 (the card alone), 1 (prev), 2 (prev2), 3
// (prev3), or -1 when the rule reads `line` or `n` (the whole main line).
func (r Reads) Depth() int {
	switch {
	case r.Line || r.N:
		return -1
	case r.Prev3:
		return 3
	case r.Prev2:
		return 2
	case r.Prev:
		return 1
	}
	return 0
}

// String names the look-back as `rules check` prints it.
func (r Reads) String() string {
	var parts []string
	for _, x := range []struct {
		on   bool
		name string
	}{{true, "card"}, {r.Prev, "prev"}, {r.Prev2, "prev2"}, {r.Prev3, "prev3"}, {r.Line, "line"}, {r.N, "n"}} {
		if x.on {
			parts = append(parts, x.name)
		}
	}
	return strings.Join(parts, ",")
}

// Error is a rule that cannot be used: it names the rule, where it was
// written, which expression, and the cause (with expr's caret under the
// position, when expr gives one).
type Error struct {
	Rule  string
	File  string
	Line  int
	Field string // "expr", "starter", or "" for the rule as a whole
	Err   error
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Rule != "" {
		fmt.Fprintf(&b, "rule %q: ", e.Rule)
	}
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Compiled is a rule ready to judge: immutable, shared by all goroutines.
type Compiled struct {
	Rule  Rule
	Reads Reads
	// Steps bounds the work of one judgement (see MaxSteps); walkSteps[k]
	// that of one judgement after a line of k cards, on the equivalence
	// check's shorter lines (a check is charged what each judgement can
	// cost on its own line: a rule that filters the line costs half as
	// much, over a walk, as on its longest line).
	Steps     int
	walkSteps func() []int
	// fields: the card attributes the rule reads at each position (card,
	// prev, prev2, prev3; classes.go).
	fields [4]uint8
	// cards: the classes of the card judged by the attributes the rule
	// reads of it: Legal judges one card of each.
	cards *classes
	// masks: as God's rule, its verdicts by window, kept for every check
	// of a guess (exact.go); guesses: its verdicts on guesses.
	masks   maskMemo
	guesses guessCache
	program *vm.Program
	starter *vm.Program // nil: any card may open
	// table is the fast form of a rule that reads only card and prev: bit
	// card of table[prev] is set when card may follow prev.
	table *[sim.NumCards]uint64
}

// Table reports whether the rule is judged by its truth table.
func (c *Compiled) Table() bool { return c.table != nil }

// Compile checks a rule and compiles it: it must compile against the
// environment of docs/rule-language.md, be boolean, and name nothing else.
func Compile(r Rule) (*Compiled, error) {
	fail := func(field string, err error) error {
		return &Error{Rule: r.Name, File: r.File, Line: r.Line, Field: field, Err: err}
	}
	if strings.TrimSpace(r.Expr) == "" {
		return nil, fail("expr", errors.New("the rule is empty"))
	}
	prog, err := compileExpr(r.Expr, Env{})
	if err != nil {
		if strings.Contains(r.Expr, "//") && !strings.Contains(r.Expr, "\n") {
			// A bank's folded rule (>-) is one line: its // comment
			// swallowed the rest.
			err = fmt.Errorf("%w\n(a // comment runs to the end of the line, and a rule folded with >- in a bank is one line: write comments there as /* … */)", err)
		}
		return nil, fail("expr", err)
	}
	node := prog.Node()
	c := &Compiled{Rule: r, program: prog, Reads: readsOf(node), Steps: stepBound(node, maxLine),
		fields: fieldsRead(node)}
	c.walkSteps = sync.OnceValue(func() []int {
		by := make([]int, boundLength+2)
		for k := 1; k < len(by); k++ {
			by[k] = stepBound(node, k)
		}
		return by
	})
	c.cards = newClasses(c.fields[0])
	if strings.TrimSpace(r.Starter) != "" {
		sp, err := compileExpr(r.Starter, StarterEnv{})
		if err != nil {
			return nil, fail("starter", fmt.Errorf("%w\n(a starter predicate may only read card: there is no main line yet)", err))
		}
		c.starter = sp
	}
	if c.Reads.Depth() >= 0 && c.Reads.Depth() <= 1 && c.Steps*sim.NumCards*sim.NumCards <= maxTableSteps {
		if err := c.buildTable(); err != nil {
			return nil, fail("expr", err)
		}
	}
	return c, nil
}

// compileExpr compiles an expression to a boolean program within the
// bounds of limits.go, turning any panic of the compiler into an error.
func compileExpr(src string, env any) (prog *vm.Program, err error) {
	if err := checkSource(src); err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("expr could not compile this expression: %v", p)
		}
	}()
	// now() would make a rule's verdicts depend on the clock: results
	// would not be reproducible from a seed.
	opts := []expr.Option{expr.Env(env), expr.AsBool(), expr.MaxNodes(MaxNodes), expr.DisableBuiltin("now")}
	prog, err = expr.Compile(src, opts...)
	if err == nil && backwardLoops(prog.Node()) {
		// expr's backward loops may give wrong verdicts (backward.go).
		prog, err = expr.Compile(src, append(opts, expr.Optimize(false), expr.Patch(forwardLoops{}))...)
	}
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			fe.Message = inOurWords(fe.Message)
			return nil, fmt.Errorf("%s", fe.Error())
		}
		return nil, err
	}
	if steps := stepBound(prog.Node(), maxLine); steps > MaxSteps {
		return nil, fmt.Errorf("judging one card may take up to %s steps; at most %d are allowed (a loop over the main line counts 416 cards, eight decks, the longest line any game allows; loops one after another add up, loops inside one another multiply)", bigSteps(steps), MaxSteps)
	}
	return prog, nil
}

// noCardField is how expr words a field that a card does not have: it
// names our Go type, which means nothing to a rule's author.
var noCardField = fmt.Sprintf("type %v has no field ", reflect.TypeFor[CardEnv]())

// cardType is how expr names a card in a message about types.
var cardType = reflect.TypeFor[CardEnv]().String()

// inOurWords rewrites expr's messages in the rule language's words: a
// card's unknown field (a misspelt field, or colour for color), a card
// where a value was wanted (most often # inside a loop within a loop,
// which is the inner loop's element), a let that names a built-in.
func inOurWords(msg string) string {
	if field, ok := strings.CutPrefix(msg, noCardField); ok {
		return fmt.Sprintf("a card has no field %s (its fields: rank, suit, color, face, even, odd)", field)
	}
	if name, ok := strings.CutPrefix(msg, "cannot redeclare builtin "); ok {
		return fmt.Sprintf("let cannot name a value %s: %s is one of the rule language's functions (choose another name)", name, name)
	}
	if strings.Contains(msg, cardType) {
		msg = strings.NewReplacer("*"+cardType, "card", cardType, "card").Replace(msg)
		return msg + " (a card where a value was wanted: inside a loop within a loop, # and a leading dot are the inner loop's element; name the outer one with let first)"
	}
	return msg
}

// bigSteps writes a step count; the analysis saturates far above the limit.
func bigSteps(n int) string {
	if n >= 1<<40 {
		return "unboundedly many"
	}
	return fmt.Sprint(n)
}

// readsOf walks the syntax tree for the names the rule reads. `$env` can
// reach anything, so it counts as reading the whole line.
func readsOf(node ast.Node) Reads {
	v := &readsVisitor{}
	ast.Walk(&node, v)
	return v.r
}

type readsVisitor struct{ r Reads }

func (v *readsVisitor) Visit(node *ast.Node) {
	id, ok := (*node).(*ast.IdentifierNode)
	if !ok {
		return
	}
	switch id.Value {
	case "prev":
		v.r.Prev = true
	case "prev2":
		v.r.Prev2 = true
	case "prev3":
		v.r.Prev3 = true
	case "line", "$env":
		v.r.Line = true
	case "n":
		v.r.N = true
	}
}

// buildTable evaluates a card/prev rule on all 2,704 pairs once.
func (c *Compiled) buildTable() error {
	var t [sim.NumCards]uint64
	j := c.NewJudge()
	line := make([]sim.Card, 1)
	for p := sim.Card(0); p < sim.NumCards; p++ {
		line[0] = p
		for card := sim.Card(0); card < sim.NumCards; card++ {
			ok, err := j.eval(line, card)
			if err != nil {
				return err
			}
			if ok {
				t[p] |= 1 << card
			}
		}
	}
	c.table = &t
	return nil
}

// Judge judges cards for one goroutine: it owns an expr VM and buffers.
// It implements sim.Judge and sim.GuessJudge.
type Judge struct {
	c    *Compiled
	vm   vm.VM
	env  runEnv
	senv StarterEnv
	buf  []*runCard
	// anyStarter: the hand may open with any card (starter always_valid),
	// whatever the starter predicate says; guesses are then compared from
	// every card.
	anyStarter bool
	// openings, when not zero, are the cards a hand may open with, given
	// by the other rule of a comparison (Compare).
	openings uint64
}

// OpensWithAnyCard implements sim.OpeningAware: under the always_valid
// starter policy the starter predicate is not consulted, so every card can
// open the main line, and a guess must agree with God after every card.
func (j *Judge) OpensWithAnyCard(any bool) { j.anyStarter = any }

// NewJudge returns a Judge for this goroutine.
func (c *Compiled) NewJudge() *Judge {
	j := &Judge{c: c}
	j.vm.MemoryBudget = MemoryBudget
	return j
}

// Rule is the judge's compiled rule.
func (j *Judge) Rule() *Compiled { return j.c }

// Legal is the set of cards (bit c for card c) God accepts after line. A
// rule that reads only some attributes of the card judged gives one
// verdict to every card that agrees on them: one card of each class is
// judged (a suit rule: 4 judgements, not 52).
func (j *Judge) Legal(line []sim.Card) (uint64, error) {
	if t := j.c.table; t != nil {
		return t[line[len(line)-1]], nil
	}
	cl := j.c.cards
	var m uint64
	for k, c := range cl.reps {
		ok, err := j.Accepts(line, c)
		if err != nil {
			return 0, err
		}
		if ok {
			m |= 1 << k
		}
	}
	if len(cl.reps) == sim.NumCards {
		return m, nil // the identity classes: class k is card k
	}
	return cl.lift(m), nil
}

// Accepts implements sim.Judge: a table lookup for card/prev rules, expr for
// deeper ones.
func (j *Judge) Accepts(line []sim.Card, card sim.Card) (bool, error) {
	if t := j.c.table; t != nil {
		return t[line[len(line)-1]]>>card&1 == 1, nil
	}
	ok, err := j.eval(line, card)
	if err != nil {
		return false, fmt.Errorf("rule %q failed on %s after main line %s (n = %d): %w", j.c.Rule.Name, card, sim.CardsString(line), len(line), err)
	}
	return ok, nil
}

func (j *Judge) eval(line []sim.Card, card sim.Card) (ok bool, err error) {
	j.buf = fill(&j.env, line, card, j.c.Reads, j.buf)
	out, err := j.vm.Run(j.c.program, &j.env)
	if err != nil {
		return false, err
	}
	b, isBool := out.(bool)
	if !isBool {
		return false, fmt.Errorf("the rule gave %v, not true or false", out)
	}
	return b, nil
}

// Starter implements sim.Judge: the starter predicate, or any card.
func (j *Judge) Starter(card sim.Card) (bool, error) {
	if j.c.starter == nil {
		return true, nil
	}
	j.senv.Card = &cardEnvs[card]
	out, err := j.vm.Run(j.c.starter, &j.senv)
	if err != nil {
		return false, fmt.Errorf("rule %q: starter predicate failed on %s: %w", j.c.Rule.Name, card, err)
	}
	b, _ := out.(bool)
	return b, nil
}
