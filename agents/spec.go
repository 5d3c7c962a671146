package agents

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// Spec is a parsed strategy spec: name(key=value,...), or exec:COMMAND.
// Every parameter has been checked against its range when ParseSpec
// returns; Params holds only the parameters written, under their canonical
// names (an alias such as prophet= is stored as declare).
type Spec struct {
	Name   string // canonical: "negative-tester" for "falsifier"
	Params map[string]float64
	// Texts: the parameters whose values are words (Text kind), as
	// written: llm(model=gpt-5-mini).
	Texts   map[string]string
	Command string // for exec
	Text    string // as written
	// Label: the name= the spec gives the strategy for tables and plots
	// (exec(persistent=true,name=mine):…), "" when it gives none.
	Label string
}

func (s Spec) String() string { return s.Text }

// Shown is the strategy's name in tables and plots: its name= label, or
// the spec as written.
func (s Spec) Shown() string {
	if s.Label != "" {
		return s.Label
	}
	return s.Text
}

// ShownName is a strategy's name in tables and plots: the name= label of
// the spec, or the spec as written (also when it does not parse).
func ShownName(spec string) string {
	if sp, err := ParseSpec(spec); err == nil {
		return sp.Shown()
	}
	return spec
}

// maxLabel bounds a name= label (a table column, a plot legend).
const maxLabel = 40

// checkLabel checks a name= label: 1 to maxLabel letters, digits and
// "-_.+", not the name of a built-in strategy (which a reader would take
// for that strategy).
func checkLabel(text, l string) error {
	if l == "" || utf8.RuneCountInString(l) > maxLabel {
		return fmt.Errorf("strategy %q: name= takes 1 to %d characters, not %q", text, maxLabel, l)
	}
	for _, r := range l {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_.+", r) {
			return fmt.Errorf("strategy %q: name=%s: a name holds letters, digits and - _ . + only (not %q)", text, l, r)
		}
	}
	if _, ok := registry[l]; ok || aliases[l] != "" || l == "exec" {
		return fmt.Errorf("strategy %q: name=%s is a built-in strategy's name; choose another", text, l)
	}
	return nil
}

// ParseSpec reads "bayes-eig(lambda=0.5,eps=0.01)", "random",
// "exec:python3 my_agent.py" or "exec(persistent=true,timeout=30):./agent".
// A parameter out of its range, a non-integer where an integer is meant, a
// parameter given twice or unknown to the strategy is an error naming it.
func ParseSpec(text string) (Spec, error) {
	text = strings.TrimSpace(text)
	sp := Spec{Text: text, Params: map[string]float64{}, Texts: map[string]string{}}
	if strings.HasPrefix(text, "exec:") || strings.HasPrefix(text, "exec(") {
		head, cmd, _ := strings.Cut(text, ":")
		if strings.TrimSpace(cmd) == "" {
			return sp, fmt.Errorf("strategy %q: exec needs a command (exec:COMMAND or exec(timeout=SECONDS):COMMAND)", text)
		}
		sp.Name, sp.Command = "exec", strings.TrimSpace(cmd)
		if err := keyOnCommandLine(sp.Command); err != nil {
			return sp, fmt.Errorf("strategy %q: %w", text, err)
		}
		return sp, sp.parseParams(text, strings.TrimPrefix(head, "exec"), execParams)
	}
	name, args, hasArgs := strings.Cut(text, "(")
	sp.Name = strings.TrimSpace(name)
	if canon, ok := aliases[sp.Name]; ok {
		sp.Name = canon
	}
	e, ok := registry[sp.Name]
	if !ok {
		return sp, fmt.Errorf("strategy %q: unknown name %q (known: %s, exec:COMMAND)", text, sp.Name, strings.Join(append(Names(), extensionNames()...), ", "))
	}
	if hasArgs {
		return sp, sp.parseParams(text, "("+args, e.params)
	}
	return sp, nil
}

// parseParams reads "(k=v,...)" into s.Params, checking each value.
func (sp *Spec) parseParams(text, args string, known []Param) error {
	if args == "" {
		return nil
	}
	args, ok := strings.CutPrefix(strings.TrimSpace(args), "(")
	if ok {
		args, ok = strings.CutSuffix(strings.TrimSpace(args), ")")
	}
	if !ok {
		return fmt.Errorf("strategy %q: parameters go in parentheses: name(key=value,...)", text)
	}
	for _, kv := range strings.Split(args, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return fmt.Errorf("strategy %q: parameter %q is not key=value", text, strings.TrimSpace(kv))
		}
		if k == "name" {
			if sp.Label != "" {
				return fmt.Errorf("strategy %q: parameter name is given twice", text)
			}
			if err := checkLabel(text, v); err != nil {
				return err
			}
			sp.Label = v
			continue
		}
		i := slices.IndexFunc(known, func(p Param) bool { return p.Name == k || slices.Contains(p.Aliases, k) })
		if i < 0 {
			return fmt.Errorf("strategy %q: %s has no parameter %q (it has: %s)", text, sp.Name, k, paramNames(known))
		}
		p := known[i]
		_, dup := sp.Params[p.Name]
		_, dupText := sp.Texts[p.Name]
		if dup || dupText {
			return fmt.Errorf("strategy %q: parameter %s is given twice", text, p.Name)
		}
		if p.Kind == Text {
			if v == "" || strings.ContainsAny(v, "()") {
				return fmt.Errorf("strategy %q: parameter %s takes a word, not %q", text, p.Name, v)
			}
			sp.Texts[p.Name] = v
			continue
		}
		x, err := p.parse(v)
		if err != nil {
			return fmt.Errorf("strategy %q: parameter %s=%s: %v", text, k, v, err)
		}
		sp.Params[p.Name] = x
	}
	return nil
}

func paramNames(ps []Param) string {
	var ns []string
	for _, p := range ps {
		ns = append(ns, p.Name)
	}
	if len(ns) == 0 {
		return "none"
	}
	return strings.Join(ns, ", ")
}

// param is a spec parameter as written, or its default (Params).
func (s Spec) param(k string) float64 {
	if v, ok := s.Params[k]; ok {
		return v
	}
	name := s.Name
	if canon, ok := aliases[name]; ok {
		name = canon
	}
	ps := registry[name].params
	if name == "exec" {
		ps = execParams
	}
	for _, p := range ps { // read in place: strategies ask for defaults on every hand
		if p.Name == k {
			return p.Default
		}
	}
	panic("agents: strategy " + s.Name + " has no parameter " + k)
}

// TextParam is a Text parameter as written, or "" when it is not given.
func (s Spec) TextParam(k string) string { return s.Texts[k] }

// ParamKind is the type of a strategy parameter's value.
type ParamKind int

// Parameter kinds.
const (
	Real    ParamKind = iota // a finite number
	Integer                  // a whole number
	Bool                     // true or false (1 or 0)
	Text                     // a word (Spec.TextParam)
)

// Param is a strategy parameter: its name, its meaning, its default and
// the values it may take (Min ≤ x ≤ Max, or x < Max when MaxOpen).
type Param struct {
	Name    string
	Doc     string
	Kind    ParamKind
	Default float64
	Min     float64
	Max     float64
	MaxOpen bool
	// Aliases are older names still accepted.
	Aliases []string
	// Why the range is what it is, for the error message.
	Why string
	// Hint, for a value that is not a number: what was likely meant.
	Hint string
	// DefaultText: how --help writes the default when it is not a number
	// (a Text parameter's, or a decision the strategy takes itself).
	DefaultText string
}

// parse reads and checks one value.
func (p Param) parse(v string) (float64, error) {
	if p.Kind == Bool {
		switch v {
		case "true", "1":
			return 1, nil
		case "false", "0":
			return 0, nil
		}
		return 0, fmt.Errorf("%q is not true or false", v)
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil {
		if p.Hint != "" {
			return 0, fmt.Errorf("%q is not a number: %s", v, p.Hint)
		}
		return 0, fmt.Errorf("%q is not a number", v)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is not a finite number", v)
	}
	if p.Kind == Integer && x != math.Trunc(x) {
		return 0, fmt.Errorf("%s is a whole number, not %v", p.Name, v)
	}
	if x < p.Min || x > p.Max || (p.MaxOpen && x == p.Max) {
		if p.Why != "" {
			return 0, fmt.Errorf("%s must be in %s (%s)", p.Name, p.Range(), p.Why)
		}
		return 0, fmt.Errorf("%s must be in %s", p.Name, p.Range())
	}
	return x, nil
}

// Range writes the allowed values, e.g. "[0, 0.5)" or "1 to 300,000".
func (p Param) Range() string {
	switch p.Kind {
	case Bool:
		return "true or false"
	case Text:
		return "a name"
	case Integer:
		return fmt.Sprintf("%s to %s", thousands(p.Min), thousands(p.Max))
	}
	closing := "]"
	if p.MaxOpen {
		closing = ")"
	}
	return fmt.Sprintf("[%s, %s%s", strconv.FormatFloat(p.Min, 'f', -1, 64), strconv.FormatFloat(p.Max, 'f', -1, 64), closing)
}

func thousands(x float64) string {
	s := strconv.FormatFloat(x, 'f', 0, 64)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// MaxSpaceSize bounds a space's size: the typed grammar has no end (its
// rules are enumerated by length until the space is full), and a space of
// 300,000 behaviours already enumerates rules two bits longer than the
// default one, with an index of several hundred MiB.
const MaxSpaceSize = 300_000

// maxExecTimeout bounds exec(timeout=…): an hour is longer than any model
// should think about one card, and keeps the time-out a valid duration.
const maxExecTimeout = 3600

// The parameters every belief-driven strategy takes (bayes.go's
// thresholds).
var decisionParams = []Param{
	{Name: "size", Doc: "hypotheses in its space (the shortest behaviours of the grammar)", Kind: Integer,
		Default: hypotheses.DefaultSize, Min: 1, Max: MaxSpaceSize, Why: "larger spaces take too long to build and too much memory (" + thousands(MaxSpaceSize) + " at most)"},
	{Name: "eps", Doc: "label noise: the chance that a verdict contradicts the rule (0 = strict elimination)",
		Default: 0, Min: 0, Max: 0.5, MaxOpen: true},
	{Name: "synth", Doc: "reach beyond the index: when the evidence leaves it almost empty, synthesize the shortest rules of the open language that fit every verdict (false: the index alone)",
		Kind: Bool, Default: 1},
	{Name: "seq", Doc: "play a sequence while P(every card accepted) ≥ seq", Default: 0.95, Min: 0, Max: 1},
	{Name: "noplay", Doc: `say "no play" when P(no card of the hand is valid) ≥ noplay`, Default: 0.9, Min: 0, Max: 1},
	{Name: "declare", Doc: "declare Prophet when P(its best rule) ≥ declare (the game option prophet=true must be on)",
		Default: 0.9, Min: 0, Max: 1, Aliases: []string{"prophet"},
		Hint: "declare (once called prophet) is the probability at which the strategy declares; to let players be Prophet, give the game option --option prophet=true"},
	{Name: "guess", Doc: "state its best rule (Express, cooperative, solo-guessing: after any move) when P(best rule) ≥ guess", Default: -1, Min: 0, Max: 1,
		DefaultText: "the ideal observer's decision where a wrong statement costs points, 0.9 where it is free"},
}

// execParams are exec's: exec(timeout=30,persistent=true):COMMAND.
var execParams = []Param{
	{Name: "timeout", Doc: "seconds to wait for each answer", Default: defaultExecTimeout.Seconds(), Min: 0.001, Max: maxExecTimeout,
		Why: "an hour at most"},
	{Name: "startup", Doc: "seconds a new process may take to answer its first new_hand", Default: defaultExecStartup.Seconds(), Min: 0.001,
		Max: maxExecTimeout, Why: "an hour at most"},
	{Name: "persistent", Doc: "one process plays many hands (protocol v2, docs/agent-protocol.md), instead of one per hand", Kind: Bool},
}

type entry struct {
	doc    string
	params []Param
	build  func(s Spec, t *Table, seat int) (sim.Player, error)
	mind   Mind // how what it believes is known (BeliefOf)
}

// registry holds the strategies by name (filled in init: their builders
// read their parameters' defaults from it).
var registry map[string]entry

func init() {
	registry = map[string]entry{
		"random": {"any card at random; never a sequence, a \"no play\" or a guess", nil, newRandom, NoRule},
		"positive-tester": {"plays cards its most probable hypothesis says are legal (Klayman & Ha's positive test)",
			decisionParams, newBayes(positive), PublicBelief},
		"negative-tester": {"plays cards its most probable hypothesis says are illegal (Klayman & Ha's negative test; alias: falsifier)",
			decisionParams, newBayes(falsify), PublicBelief},
		"bayes-greedy": {"plays the card most likely to be accepted (sheds cards)", decisionParams, newBayes(greedy), PublicBelief},
		"bayes-eig": {"maximises expected information gain minus lambda × expected penalty",
			append(slices.Clone(decisionParams), Param{Name: "lambda", Doc: "weight of the expected penalty against the information gain",
				Default: 0.1, Min: 0, Max: 1e6}), newBayes(eig), PublicBelief}, // beyond 1e6 the gain no longer counts at all
		"bounded-human": {"a person: a few candidate rules that fit what it remembers, simple ones first (k, simplicity), a short memory (memory plays), occasional slips (slip)",
			[]Param{
				{Name: "k", Doc: "candidate rules it keeps in mind", Kind: Integer, Default: 20, Min: 1, Max: hypotheses.DefaultSize},
				{Name: "memory", Doc: "plays it remembers", Kind: Integer, Default: 8, Min: 1, Max: 10_000},
				{Name: "slip", Doc: "chance of a careless card", Default: 0.05, Min: 0, Max: 1},
				{Name: "simplicity", Doc: "how much it prefers simple ideas: candidates drawn ∝ prior^simplicity (1: the prior)", Default: 2, Min: 0, Max: 8},
			}, newHuman, OwnCandidates},
		"oracle": {"knows the rule: the upper bound of scoring", nil, newOracle, KnowsRule},
	}
}

// aliases are older strategy names still accepted. "falsifier" played
// cards its best rule calls illegal: a negative test in Klayman & Ha's
// sense, which is not what Popper's falsifier does (README, Strategies).
var aliases = map[string]string{"falsifier": "negative-tester"}

// ladderOrder is the order strategies are listed in, weakest first.
var ladderOrder = []string{"random", "positive-tester", "negative-tester", "bayes-greedy", "bayes-eig", "bounded-human", "oracle"}

// Names lists the registered strategies (canonical names, not aliases).
func Names() []string { return slices.Clone(ladderOrder) }

// Doc is a strategy's one-line description and its parameters' names.
func Doc(name string) (string, []string) {
	if canon, ok := aliases[name]; ok {
		name = canon
	}
	var ps []Param
	doc := ""
	if name == "exec" {
		doc, ps = "an outside program over the JSON-lines protocol (exec:COMMAND; docs/agent-protocol.md)", execParams
	} else {
		doc, ps = registry[name].doc, registry[name].params
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	return doc, names
}

// Params are a strategy's parameters with their defaults and ranges.
func Params(name string) []Param {
	if canon, ok := aliases[name]; ok {
		name = canon
	}
	if name == "exec" {
		return slices.Clone(execParams)
	}
	return slices.Clone(registry[name].params)
}

// Help describes every strategy, then every parameter once (default,
// range, meaning), for --help texts.
func Help() string {
	var b strings.Builder
	var params []Param
	for _, name := range append(append(Names(), extensionNames()...), "exec") {
		doc, names := Doc(name)
		b.WriteString(hanging(fmt.Sprintf("  %-16s ", name), doc))
		if len(names) > 0 {
			b.WriteString(hanging(fmt.Sprintf("  %-16s ", ""), "parameters: "+strings.Join(names, ", ")))
		}
		for _, p := range Params(name) {
			if !slices.ContainsFunc(params, func(q Param) bool { return q.Name == p.Name }) {
				params = append(params, p)
			}
		}
	}
	b.WriteString("\nParameters (default; range):\n")
	for _, p := range params {
		def := strconv.FormatFloat(p.Default, 'f', -1, 64)
		switch {
		case p.DefaultText != "":
			def = p.DefaultText
		case p.Kind == Bool:
			def = strconv.FormatBool(p.Default != 0)
		}
		b.WriteString(hanging(fmt.Sprintf("  %-10s ", p.Name), fmt.Sprintf("%s (%s; %s)", p.Doc, def, p.Range())))
	}
	b.WriteString(hanging(fmt.Sprintf("  %-10s ", "name"), fmt.Sprintf("any strategy: its name in tables and plots, "+
		"e.g. exec(persistent=true,name=mine):python3 agent.py (the spec as written; 1 to %d letters, digits, - _ . +)", maxLabel)))
	return b.String()
}

// helpWidth is the terminal width --help texts fit (the tables' width).
const helpWidth = 120

// hanging writes text after head, wrapped at spaces to helpWidth columns,
// its further lines indented under the first.
func hanging(head, text string) string {
	var b strings.Builder
	indent := strings.Repeat(" ", utf8.RuneCountInString(head))
	line := head
	for _, word := range strings.Fields(text) {
		if line != head && line != indent && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > helpWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		if line != head && line != indent {
			line += " "
		}
		line += word
	}
	b.WriteString(line + "\n")
	return b.String()
}

// NewPlayer builds the player of spec s at seat for the hand of t.
func NewPlayer(s Spec, t *Table, seat int) (sim.Player, error) {
	if s.Name == "exec" {
		return newExec(s, t, seat)
	}
	e, ok := registry[s.Name]
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q", s.Name)
	}
	return e.build(s, t, seat)
}

// keyOnCommandLine refuses an outside agent's command that passes an API
// key: a strategy's spec is written into run.json, every line of
// hands.jsonl and every table, so a key there would be written down
// everywhere. Keys go through the environment (--agent-env NAME).
func keyOnCommandLine(command string) error {
	for _, w := range strings.Fields(command) {
		flag, _, _ := strings.Cut(w, "=")
		switch {
		case flag == "--key" || flag == "--api-key" || flag == "--api_key" || flag == "--token":
			return fmt.Errorf("%s passes a key on the command line, which run.json and hands.jsonl record: put the key in an environment variable and pass it with --agent-env NAME", flag)
		case strings.HasPrefix(w, "sk-") && len(w) > 20, strings.Contains(w, "=sk-"):
			return fmt.Errorf("the command holds what looks like an API key (sk-…), which run.json and hands.jsonl would record: put it in an environment variable and pass it with --agent-env NAME")
		}
	}
	return nil
}
