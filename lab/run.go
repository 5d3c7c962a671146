package lab

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/internal/atomicfile"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Program is the build of eleusis that wrote a run: the module version and
// the VCS revision Go stamped into the binary (runtime/debug.ReadBuildInfo),
// the Go version and the platform.
type Program struct {
	Version string `json:"version"`
	// Revision: the commit the binary was built from; empty for builds
	// without VCS information (go run, go test).
	Revision string `json:"revision,omitempty"`
	// RevisionTime: the commit's time.
	RevisionTime string `json:"revision_time,omitempty"`
	// Modified: the working tree had uncommitted changes.
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// ThisProgram describes the running binary.
func ThisProgram() Program {
	p := Program{Version: "(unknown)", Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return p
	}
	if bi.Main.Version != "" {
		p.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			p.Revision = s.Value
		case "vcs.time":
			p.RevisionTime = s.Value
		case "vcs.modified":
			p.Modified = s.Value == "true"
		}
	}
	return p
}

// String is the program as `eleusis --version` prints it.
func (p Program) String() string {
	s := p.Version
	if p.Revision != "" {
		s += " (revision " + p.Revision
		if p.RevisionTime != "" {
			s += " of " + p.RevisionTime
		}
		if p.Modified {
			s += ", with uncommitted changes"
		}
		s += ")"
	} else {
		s += " (no VCS revision: built by go run or go test, or outside a repository)"
	}
	return s + fmt.Sprintf(", %s %s/%s", p.Go, p.OS, p.Arch)
}

// RuleDef is a rule as a plan played it: its name, expression and starter
// predicate. Plans keep them so that a bank that later redefines a rule
// cannot be mixed with hands played under the old definition.
type RuleDef struct {
	Name    string `json:"name"`
	Expr    string `json:"expr"`
	Starter string `json:"starter,omitempty"`
}

// BankHash is the SHA-256 (hex) of the rules a plan plays: for each, in
// order, its name, expression and starter, each followed by a NUL byte.
func BankHash(defs []RuleDef) string {
	h := sha256.New()
	for _, d := range defs {
		for _, s := range []string{d.Name, d.Expr, d.Starter} {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Resolve fills the plan's rule definitions and bank hash from the lab's
// bank. A plan that already has them (read from a run.json) is checked
// against the bank instead: a rule whose expression differs is an error.
func (l *Lab) Resolve(p *Plan) error {
	defs := make([]RuleDef, len(p.Rules))
	for i, name := range p.Rules {
		c, err := l.Bank.Get(name)
		if err != nil {
			return err
		}
		defs[i] = RuleDef{Name: name, Expr: c.Rule.Expr, Starter: c.Rule.Starter}
	}
	if p.Defs == nil {
		p.Defs, p.BankHash = defs, BankHash(defs)
		return nil
	}
	if err := p.checkDefs(); err != nil {
		return err
	}
	for i, d := range defs {
		if d != p.Defs[i] {
			return fmt.Errorf("rule %s: the bank defines it as %q (starter %q), the plan as %q (starter %q)", d.Name, d.Expr, d.Starter, p.Defs[i].Expr, p.Defs[i].Starter)
		}
	}
	return nil
}

// checkDefs: the definitions name the plan's rules, and the hash is theirs
// (a hand-edited run.json is caught here).
func (p *Plan) checkDefs() error {
	if len(p.Defs) != len(p.Rules) {
		return fmt.Errorf("the plan has %d rules and %d rule definitions", len(p.Rules), len(p.Defs))
	}
	for i, d := range p.Defs {
		if d.Name != p.Rules[i] {
			return fmt.Errorf("the plan's rule %d is %s, its definition is of %s", i+1, p.Rules[i], d.Name)
		}
	}
	if h := BankHash(p.Defs); h != p.BankHash {
		return fmt.Errorf("the rule definitions hash to %s, not to the plan's bank_sha256 %s (was run.json edited?)", h, p.BankHash)
	}
	return nil
}

// PlanBank rebuilds the rules a plan played from its definitions (as
// run.json keeps them), so that a run can be summed up without its bank.
func PlanBank(p *Plan) (*rulebank.Bank, error) {
	if len(p.Defs) == 0 {
		return nil, fmt.Errorf("the plan has no rule definitions (run.json was written by an older eleusis)")
	}
	if err := p.checkDefs(); err != nil {
		return nil, err
	}
	type rule struct {
		Name    string `yaml:"name"`
		Expr    string `yaml:"expr"`
		Starter string `yaml:"starter,omitempty"`
	}
	var doc struct {
		Rules []rule `yaml:"rules"`
	}
	for _, d := range p.Defs {
		doc.Rules = append(doc.Rules, rule(d))
	}
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return rulebank.Load(b, "run.json")
}

// RunMeta is run.json: what a run played (the plan, with every rule's
// expression and the bank's hash, and every preset's full options) and
// how (the program, the command line, when, on how many workers). A run
// can be repeated from it alone.
type RunMeta struct {
	// Command is the summary the run feeds: "rank" or "bench".
	Command string `json:"command"`
	Plan    Plan   `json:"plan"`
	// Shard: "i/n", the part of the plan this folder holds ("1/1": all).
	Shard string `json:"shard"`
	// Options: every preset's options after the plan's overrides.
	Options map[string]sim.Options `json:"options"`
	Program Program                `json:"program"`
	// Args: the command line, program name first.
	Args    []string  `json:"args,omitempty"`
	Started time.Time `json:"started"`
	Workers int       `json:"workers"`
	// MergedFrom: for a merged run, the shards' own run.json.
	MergedFrom []RunMeta `json:"merged_from,omitempty"`
	// Sandbox: how the outside agents were confined ("landlock ABI 7",
	// "off (--no-sandbox)", "none: …"), for a plan that seats one.
	Sandbox string `json:"sandbox,omitempty"`
	// Secret: the plan's secret (hex), which keys its hand seeds
	// (secret.go); the file is then written with mode 0600.
	Secret string `json:"secret,omitempty"`
	// Resources: by strategy (the spec as written), the files its play
	// depends on (agents.Resource): an LLM's models file, with its
	// content, and its prompt; an outside agent's program, model file and
	// kit. --resume refuses a run whose files changed.
	Resources map[string][]agents.Resource `json:"resources,omitempty"`
}

func readMeta(dir string) (*RunMeta, error) { return ReadRunMeta(filepath.Join(dir, runFile)) }

// ReadRunMeta reads a run.json file.
func ReadRunMeta(path string) (*RunMeta, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m RunMeta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if m.Secret != "" {
		if m.Plan.Secret, err = parseSecret(m.Secret); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &m, nil
}

// write writes run.json into dir: readable by its owner only when it holds
// a secret.
func (m *RunMeta) write(dir string) error {
	m.Secret = ""
	if m.Plan.Secret != nil {
		m.Secret = hex.EncodeToString(m.Plan.Secret)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	perm := os.FileMode(0o644)
	if m.Secret != "" {
		perm = 0o600
	}
	return atomicfile.WriteFile(filepath.Join(dir, runFile), append(b, '\n'), perm)
}

// identity is what must agree for hands of two runs to be one run's:
// the command, the plan, the options and the program (when both know
// their revision).
type identity struct {
	Command string `json:"command"`
	Plan    Plan   `json:"plan"`
	// Secret: the secret's fingerprint (never the secret, which a message
	// would show).
	Secret  string                 `json:"secret"`
	Options map[string]sim.Options `json:"options"`
	Program *Program               `json:"program,omitempty"`
	// Files: each strategy's files ("models /path/models.yaml") and their
	// hashes (their content would make the message unreadable).
	Files map[string]map[string]string `json:"agent_files,omitempty"`
}

func (m *RunMeta) identity(other *RunMeta) identity {
	id := identity{Command: m.Command, Plan: m.Plan, Options: m.Options, Secret: fingerprint(m.Plan.Secret)}
	for spec, rs := range m.Resources {
		if id.Files == nil {
			id.Files = map[string]map[string]string{}
		}
		id.Files[spec] = map[string]string{}
		for _, r := range rs {
			id.Files[spec][r.What+" "+r.Path] = "sha256 " + r.SHA256
		}
	}
	if m.Program.Revision != "" && other.Program.Revision != "" {
		id.Program = &Program{Version: m.Program.Version, Revision: m.Program.Revision, Modified: m.Program.Modified}
	}
	return id
}

// sameRun returns "" when a and b describe the same run, else their first
// difference, as "plan.seed is 1 in A, 2 in B".
func sameRun(a, b *RunMeta, aName, bName string) string {
	path, x, y, ok := firstDiff(a.identity(b), b.identity(a))
	if ok {
		return ""
	}
	return fmt.Sprintf("%s is %s in %s, %s in %s", path, x, aName, y, bName)
}

// firstDiff compares two values as JSON and returns the path of their
// first difference (maps in key order) with both values, cut short.
func firstDiff(a, b any) (path, x, y string, same bool) {
	var va, vb any
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	json.Unmarshal(ja, &va)
	json.Unmarshal(jb, &vb)
	return diffValues("", va, vb)
}

func diffValues(path string, a, b any) (string, string, string, bool) {
	show := func(v any) string {
		if v == nil {
			return "absent"
		}
		j, _ := json.Marshal(v)
		return cutText(string(j), 60)
	}
	switch ta := a.(type) {
	case map[string]any:
		tb, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := slices.Sorted(maps.Keys(ta))
		for k := range tb {
			if _, ok := ta[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			if p, x, y, same := diffValues(join(path, k), ta[k], tb[k]); !same {
				return p, x, y, false
			}
		}
		return "", "", "", true
	case []any:
		tb, ok := b.([]any)
		if !ok {
			break
		}
		for i := range min(len(ta), len(tb)) {
			if p, x, y, same := diffValues(fmt.Sprintf("%s[%d]", path, i), ta[i], tb[i]); !same {
				return p, x, y, false
			}
		}
		if len(ta) != len(tb) {
			return path + " length", fmt.Sprint(len(ta)), fmt.Sprint(len(tb)), false
		}
		return "", "", "", true
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) == string(jb) {
		return "", "", "", true
	}
	return cmp.Or(path, "the value"), show(a), show(b), false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// cutText cuts s to at most n runes, with an ellipsis.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s[:min(len(s), 4*n)])
	if len(r) <= n {
		return string(r)
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// CheckOptions reports whether this build plays the run's presets as the
// run did: each preset of the plan, with the plan's overrides, has the
// options run.json records (a preset whose definition changed since is
// named, with the first difference).
func (m *RunMeta) CheckOptions() error {
	opts, err := m.Plan.PresetOptions()
	if err != nil {
		return err
	}
	now := map[string]sim.Options{}
	for i, name := range m.Plan.Presets {
		now[name] = opts[i]
	}
	if path, x, y, same := firstDiff(m.Options, now); !same {
		return fmt.Errorf("this build plays the presets differently: options.%s is %s in run.json, %s now", path, x, y)
	}
	return nil
}
