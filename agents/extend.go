package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/eleusis/eleusis/sim"
)

// Strategies built outside this package register here: the built-in LLM
// strategy (package llm) plays a seat like any other, but it needs the
// providers' SDKs, which the rest of the harness does not. A program that
// wants it imports its package (cmd/eleusis does).

var extensions struct {
	sync.Mutex
	names  []string
	byName map[string]*Extension
}

// Extension is a strategy defined outside this package.
type Extension struct {
	Name, Doc string
	Params    []Param
	Mind      Mind
	Build     func(s Spec, t *Table, seat int) (sim.Player, error)
	// Resources are the files the strategy of s depends on (a models
	// registry), which run.json keeps and --resume checks.
	Resources func(s Spec, k *Kit) ([]Resource, error)
	// Check refuses a spec the strategy cannot play (a model the registry
	// does not name) before anything is played; nil accepts every spec.
	Check func(s Spec, k *Kit) error
}

// Register adds a strategy defined outside this package. It panics when
// the name is taken: two strategies of one name would make results
// ambiguous.
func Register(e Extension) {
	extensions.Lock()
	defer extensions.Unlock()
	if _, ok := registry[e.Name]; ok || aliases[e.Name] != "" || e.Name == "exec" {
		panic("agents: strategy " + e.Name + " is registered twice")
	}
	registry[e.Name] = entry{doc: e.Doc, params: e.Params, build: e.Build, mind: e.Mind}
	extensions.names = append(extensions.names, e.Name)
	if extensions.byName == nil {
		extensions.byName = map[string]*Extension{}
	}
	extensions.byName[e.Name] = &e
}

func extensionOf(name string) *Extension {
	extensions.Lock()
	defer extensions.Unlock()
	return extensions.byName[name]
}

func extensionNames() []string {
	extensions.Lock()
	defer extensions.Unlock()
	return slices.Clone(extensions.names)
}

// Resource is a file a strategy's play depends on: run.json records its
// content and hash, and --resume refuses a run whose files changed (a
// models registry edited between two sessions of one run would mix two
// models in one result).
type Resource struct {
	// What: what the file is to the strategy ("models", "program").
	What   string `json:"what"`
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	// Content: the file itself, when it is text of at most 256 KiB (a
	// models registry); absent otherwise. Never a secret: keys live in
	// the environment (key_env), not in these files.
	Content string `json:"content,omitempty"`
	// Files: for a folder, the regular files hashed (SHA256 is then of
	// their paths and contents, in order).
	Files int `json:"files,omitempty"`
}

// ResourcesOf are the files the strategy of s depends on: a registered
// extension's (its models registry), an outside program's (the files its
// command names and the folders the sandbox lets it read: its program and
// its kit).
func (k *Kit) ResourcesOf(s Spec) ([]Resource, error) {
	if s.Name == "exec" {
		return execResources(s.Command, k.Sandbox())
	}
	if e := extensionOf(s.Name); e != nil && e.Resources != nil {
		return e.Resources(s, k)
	}
	return nil, nil
}

// CheckSpec refuses a spec a registered extension cannot play (a model
// its registry lacks), before anything is played.
func (k *Kit) CheckSpec(s Spec) error {
	if e := extensionOf(s.Name); e != nil && e.Check != nil {
		if err := e.Check(s, k); err != nil {
			return fmt.Errorf("strategy %q: %w", s.Text, err)
		}
	}
	return nil
}

// Tracer is a player that keeps a trace of its calls to a language model
// (the built-in LLM strategy; an outside agent's "trace" answers): every
// prompt, the whole reply, its reasoning. TakeTrace hands them over once
// the hand is over, each a JSON object.
type Tracer interface {
	TakeTrace() []json.RawMessage
}

// SeatTrace is one seat's calls in a hand.
type SeatTrace struct {
	Seat  int
	Calls []json.RawMessage
}

// What a kit keeps for strategies defined outside this package: the
// models file the built-in LLM strategy reads (--models), and values they
// compute once per run (a parsed registry, an SDK client).
var kitExts sync.Map // *Kit → *kitExt

type kitExt struct {
	mu         sync.Mutex
	modelsFile string
	memo       memo[string, any]
}

func (k *Kit) ext() *kitExt {
	e, _ := kitExts.LoadOrStore(k, &kitExt{})
	return e.(*kitExt)
}

// DefaultModelsFile is the models registry the built-in LLM strategy reads
// when --models names none: models.yaml in the folder eleusis runs in.
const DefaultModelsFile = "models.yaml"

// SetModelsFile sets the models registry the built-in LLM strategy reads.
func (k *Kit) SetModelsFile(path string) {
	e := k.ext()
	e.mu.Lock()
	e.modelsFile = path
	e.mu.Unlock()
}

// ModelsFile is the models registry the built-in LLM strategy reads.
func (k *Kit) ModelsFile() string {
	e := k.ext()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.modelsFile == "" {
		return DefaultModelsFile
	}
	return e.modelsFile
}

// Memo computes key's value once for the kit's whole run, however many
// hands ask at once.
func (k *Kit) Memo(key string, compute func() (any, error)) (any, error) {
	return k.ext().memo.get(key, compute)
}

// ContextOrBackground is the hand's context (Context, or one never
// cancelled), for strategies defined outside this package.
func (t *Table) ContextOrBackground() context.Context { return t.context() }
