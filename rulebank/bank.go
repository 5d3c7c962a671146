package rulebank

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed default.yaml
var defaultBank []byte

// DefaultFile is the name the embedded bank's errors would carry.
const DefaultFile = "default.yaml (embedded)"

// Bank is a set of compiled rules with unique names, in file order.
type Bank struct {
	Rules  []*Compiled
	byName map[string]*Compiled
}

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

var ruleFields = []string{"name", "expr", "words", "starter", "description", "hint", "source", "tags"}

// Default is the embedded default bank. Its rules are checked by the tests,
// so loading it cannot fail. Each call returns a bank of its own (to merge
// into, filter, replace rules of) holding the same compiled rules: they are
// compiled once (truth tables and all, tens of milliseconds) and shared, as
// the workers of a run share them.
func Default() *Bank {
	d := defaultCompiled()
	return &Bank{Rules: slices.Clone(d.Rules), byName: maps.Clone(d.byName)}
}

var defaultCompiled = sync.OnceValue(func() *Bank {
	b, err := Load(defaultBank, DefaultFile)
	if err != nil {
		panic("rulebank: the embedded default bank is broken: " + err.Error())
	}
	return b
})

// Bounds on a rule bank's size: a bank is text people write, and no file
// may make the harness run out of memory or time.
const (
	MaxBankBytes = 8 << 20 // the whole file
	MaxRules     = 10_000
	MaxTextBytes = 4096 // a description, hint or source
	maxNameBytes = 100
	maxTags      = 32
)

// LoadFile reads a rule bank (docs/files.md) from a YAML file.
func LoadFile(path string) (*Bank, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBankBytes+1))
	if err != nil {
		return nil, err
	}
	return Load(data, path)
}

// Load parses and compiles a rule bank. Every problem is reported (joined),
// each naming the file, the line, the rule and the cause.
func Load(data []byte, file string) (b *Bank, err error) {
	defer func() {
		if p := recover(); p != nil {
			b, err = nil, fmt.Errorf("%s: cannot read the rule bank: %v", file, p)
		}
	}()
	if len(data) > MaxBankBytes {
		return nil, fmt.Errorf("%s: the rule bank is larger than %d MiB: split it into several banks", file, MaxBankBytes>>20)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(root.Content) == 0 {
		return nil, fmt.Errorf("%s: the rule bank is empty (write rules: followed by a list of rules)", file)
	}
	doc := root.Content[0]
	var list *yaml.Node
	if doc.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(doc.Content); i += 2 {
			switch k := doc.Content[i]; k.Value {
			case "rules":
				list = doc.Content[i+1]
			default:
				return nil, fmt.Errorf("%s:%d: unknown key %q (a rule bank has only rules:)", file, k.Line, k.Value)
			}
		}
	}
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s:%d: a rule bank is a mapping with rules: and a list of rules under it", file, doc.Line)
	}
	if len(list.Content) > MaxRules {
		return nil, fmt.Errorf("%s:%d: %d rules: a bank holds at most %d", file, list.Line, len(list.Content), MaxRules)
	}
	b = &Bank{byName: map[string]*Compiled{}}
	var errs []error
	for _, n := range list.Content {
		r, err := decodeRule(n, file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if prev, dup := b.byName[r.Name]; dup {
			errs = append(errs, &Error{Rule: r.Name, File: file, Line: r.Line,
				Err: fmt.Errorf("duplicate name: line %d has a rule of that name already", prev.Rule.Line)})
			continue
		}
		c, err := Compile(r)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		b.add(c)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return b, nil
}

func decodeRule(n *yaml.Node, file string) (Rule, error) {
	if n.Kind != yaml.MappingNode {
		return Rule{}, fmt.Errorf("%s:%d: a rule is a mapping (name:, expr:, …)", file, n.Line)
	}
	name := ""
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "name" {
			name = n.Content[i+1].Value
		}
	}
	fail := func(line int, f string, a ...any) error {
		return &Error{Rule: name, File: file, Line: line, Err: fmt.Errorf(f, a...)}
	}
	var r Rule
	fields := map[string]any{"name": &r.Name, "expr": &r.Expr, "words": &r.Words, "starter": &r.Starter, "description": &r.Description,
		"hint": &r.Hint, "source": &r.Source, "tags": &r.Tags}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		dst, ok := fields[k.Value]
		if !ok {
			return Rule{}, fail(k.Line, "unknown field %q (known: %s)", k.Value, strings.Join(ruleFields, ", "))
		}
		if (k.Value == "expr" || k.Value == "starter") && v.Style&yaml.FoldedStyle != 0 && strings.Contains(v.Value, "//") {
			// The folded lines are joined into one: the comment would
			// swallow the rest of the rule, and often leave a rule that
			// still compiles.
			return Rule{}, fail(v.Line, "%s: a // comment in a rule folded with >- runs to the end of the rule (its lines are joined into one); write it as /* … */, or use | to keep the lines", k.Value)
		}
		if err := v.Decode(dst); err != nil {
			what := "text"
			if k.Value == "tags" {
				what = "list of words"
			}
			return Rule{}, fail(v.Line, "%s must be a %s", k.Value, what)
		}
	}
	r.File, r.Line = file, n.Line
	for _, f := range []struct {
		name, text string
		limit      int
	}{{"name", r.Name, maxNameBytes}, {"expr", r.Expr, MaxExprBytes}, {"words", r.Words, MaxTextBytes}, {"starter", r.Starter, MaxExprBytes},
		{"description", r.Description, MaxTextBytes}, {"hint", r.Hint, MaxTextBytes}, {"source", r.Source, MaxTextBytes}} {
		if len(f.text) > f.limit {
			return Rule{}, fail(n.Line, "%s is longer than %d bytes (%d)", f.name, f.limit, len(f.text))
		}
	}
	if len(r.Tags) > maxTags {
		return Rule{}, fail(n.Line, "%d tags: at most %d", len(r.Tags), maxTags)
	}
	for _, t := range r.Tags {
		if len(t) > maxNameBytes {
			return Rule{}, fail(n.Line, "tag %.20q… is longer than %d bytes", t, maxNameBytes)
		}
	}
	switch {
	case r.Name == "":
		return Rule{}, fail(n.Line, "the rule has no name")
	case !kebab.MatchString(r.Name):
		return Rule{}, fail(n.Line, "name %q is not kebab-case (lower-case words joined by -)", r.Name)
	case strings.TrimSpace(r.Expr) == "" && strings.TrimSpace(r.Words) == "":
		return Rule{}, fail(n.Line, "the rule has no expr (or words:, the rule in English)")
	}
	if err := wordsOf(&r); err != nil {
		return Rule{}, &Error{Rule: name, File: file, Line: lineOf(n, "words"), Field: "words", Err: err}
	}
	return r, nil
}

// lineOf is the line of a rule's field, or the rule's own line.
func lineOf(n *yaml.Node, field string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == field {
			return n.Content[i+1].Line
		}
	}
	return n.Line
}

func (b *Bank) add(c *Compiled) {
	if old, ok := b.byName[c.Rule.Name]; ok {
		i := slices.Index(b.Rules, old)
		b.Rules[i] = c
	} else {
		b.Rules = append(b.Rules, c)
	}
	b.byName[c.Rule.Name] = c
}

// Merge adds other's rules to b; a rule of the same name replaces b's.
// replaced names those, in other's order (a bank's writer may not know a
// default rule of that name exists: the command line says so).
func (b *Bank) Merge(other *Bank) (replaced []string) {
	for _, c := range other.Rules {
		if _, ok := b.byName[c.Rule.Name]; ok {
			replaced = append(replaced, c.Rule.Name)
		}
		b.add(c)
	}
	return replaced
}

// Get finds a rule by name.
func (b *Bank) Get(name string) (*Compiled, error) {
	if c, ok := b.byName[name]; ok {
		return c, nil
	}
	names := make([]string, 0, len(b.Rules))
	for _, c := range b.Rules {
		if strings.Contains(c.Rule.Name, name) || strings.Contains(name, c.Rule.Name) {
			names = append(names, c.Rule.Name)
		}
	}
	sort.Strings(names)
	if len(names) > 0 {
		return nil, fmt.Errorf("no rule named %q in the bank (did you mean %s?)", name, strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("no rule named %q in the bank (eleusis rules list shows them)", name)
}

// Filter keeps the rules for which keep is true.
func (b *Bank) Filter(keep func(*Compiled) bool) *Bank {
	out := &Bank{byName: map[string]*Compiled{}}
	for _, c := range b.Rules {
		if keep(c) {
			out.add(c)
		}
	}
	return out
}
