package agents

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/sim"
)

// Spec is a parsed strategy spec: name(key=value,...), or exec:COMMAND.
type Spec struct {
	Name    string
	Params  map[string]float64
	Command string // for exec
	Text    string // as written
}

func (s Spec) String() string { return s.Text }

// ParseSpec reads "bayes-eig(lambda=0.5,eps=0.01)", "random" or
// "exec:python3 my_agent.py".
func ParseSpec(text string) (Spec, error) {
	text = strings.TrimSpace(text)
	sp := Spec{Text: text, Params: map[string]float64{}}
	if strings.HasPrefix(text, "exec:") || strings.HasPrefix(text, "exec(") {
		head, cmd, _ := strings.Cut(text, ":")
		if strings.TrimSpace(cmd) == "" {
			return sp, fmt.Errorf("strategy %q: exec needs a command (exec:COMMAND or exec(timeout=SECONDS):COMMAND)", text)
		}
		sp.Name, sp.Command = "exec", strings.TrimSpace(cmd)
		return sp, sp.parseParams(text, strings.TrimPrefix(head, "exec"), []string{"timeout"})
	}
	name, args, hasArgs := strings.Cut(text, "(")
	sp.Name = strings.TrimSpace(name)
	if _, ok := registry[sp.Name]; !ok {
		return sp, fmt.Errorf("strategy %q: unknown name %q (known: %s, exec:COMMAND)", text, sp.Name, strings.Join(Names(), ", "))
	}
	if hasArgs {
		return sp, sp.parseParams(text, "("+args, registry[sp.Name].params)
	}
	return sp, nil
}

// parseParams reads "(k=v,...)" into s.Params.
func (sp *Spec) parseParams(text, args string, known []string) error {
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
	{
		for _, kv := range strings.Split(args, ",") {
			if strings.TrimSpace(kv) == "" {
				continue
			}
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok {
				return fmt.Errorf("strategy %q: parameter %q is not key=value", text, kv)
			}
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				return fmt.Errorf("strategy %q: parameter %s: %q is not a number", text, k, strings.TrimSpace(v))
			}
			if !slices.Contains(known, k) {
				return fmt.Errorf("strategy %q: %s has no parameter %q (it has: %s)", text, sp.Name, k, strings.Join(known, ", "))
			}
			sp.Params[k] = x
		}
	}
	return nil
}

// param is a spec parameter or its default.
func (s Spec) param(k string, def float64) float64 {
	if v, ok := s.Params[k]; ok {
		return v
	}
	return def
}

type entry struct {
	doc    string
	params []string
	build  func(s Spec, t *Table, seat int) (sim.Player, error)
}

// The thresholds every belief-driven strategy takes.
var decisionParams = []string{"size", "eps", "seq", "noplay", "prophet", "guess"}

var registry = map[string]entry{
	"random": {"any card at random; never a sequence, a \"no play\" or a guess", nil, newRandom},
	"positive-tester": {"plays cards its most probable hypothesis says are legal (Klayman & Ha's positive test)",
		decisionParams, newBayes(positive)},
	"falsifier": {"plays cards its most probable hypothesis says are illegal, to try to refute it",
		decisionParams, newBayes(falsify)},
	"bayes-greedy": {"plays the card most likely to be accepted (sheds cards)", decisionParams, newBayes(greedy)},
	"bayes-eig": {"maximises expected information gain minus lambda × expected penalty",
		append(slices.Clone(decisionParams), "lambda"), newBayes(eig)},
	"bounded-human": {"a person: a few sampled hypotheses (k), a short memory (memory plays), occasional slips (slip)",
		[]string{"k", "memory", "slip"}, newHuman},
	"oracle": {"knows the rule: the upper bound of scoring", nil, newOracle},
}

// Names lists the registered strategies.
func Names() []string {
	var ns []string
	for n := range registry {
		ns = append(ns, n)
	}
	slices.SortFunc(ns, func(a, b string) int { return ladder(a) - ladder(b) })
	return ns
}

// Doc is a strategy's one-line description and parameters.
func Doc(name string) (string, []string) {
	if name == "exec" {
		return "an outside program over the JSON-lines protocol (exec:COMMAND)", nil
	}
	e := registry[name]
	return e.doc, e.params
}

func ladder(name string) int {
	return slices.Index([]string{"random", "positive-tester", "falsifier", "bayes-greedy", "bayes-eig", "bounded-human", "oracle"}, name)
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
