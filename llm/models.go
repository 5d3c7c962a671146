package llm

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The APIs a model is called through.
const (
	ChatAPI      = "chat"      // OpenAI Chat Completions, and every server that speaks it
	ResponsesAPI = "responses" // OpenAI Responses
	AnthropicAPI = "anthropic" // Anthropic Messages
)

// Model is one entry of the registry: how to call a model and what it
// costs. Keys come from the environment (KeyEnv), never from the file.
type Model struct {
	Name string `yaml:"-"`
	// API: chat (the default), responses or anthropic.
	API string `yaml:"api"`
	// ID: the model's name at the provider (gpt-5-mini, claude-sonnet-4-5).
	ID string `yaml:"model"`
	// BaseURL: the API's base URL; empty for the provider's own
	// (https://api.openai.com/v1, https://api.anthropic.com).
	BaseURL string `yaml:"base_url"`
	// KeyEnv: the environment variable that holds the key; empty for a
	// local server that takes none.
	KeyEnv string `yaml:"key_env"`
	// ReasoningEffort: minimal, low, medium, high (chat, responses).
	ReasoningEffort string `yaml:"reasoning_effort"`
	// ThinkingBudget: tokens of extended thinking (anthropic; 0: off).
	ThinkingBudget int64 `yaml:"thinking_budget"`
	// MaxOutputTokens: the reply's limit, reasoning included.
	MaxOutputTokens int64 `yaml:"max_output_tokens"`
	// Temperature: nil leaves the provider's default (reasoning models
	// take only that).
	Temperature *float64 `yaml:"temperature"`
	// Price: US$ per million tokens, input and output (reasoning is
	// billed as output).
	Price *Price `yaml:"price"`
	// Retries: the SDK's retries of a request (429, 5xx, a connection
	// lost), with its back-off and the provider's Retry-After.
	Retries *int `yaml:"retries"`
	// Timeout: seconds per request.
	Timeout float64 `yaml:"timeout"`
	// MaxProviderErrors: requests failed in a row (retries spent) after
	// which the seat gives up its hand: a dead endpoint fails hands, it
	// never plays on at random unseen.
	MaxProviderErrors int `yaml:"max_provider_errors"`
}

// Price is US$ per million tokens.
type Price struct {
	Input  float64 `yaml:"input"`
	Output float64 `yaml:"output"`
}

// Cost of a call, in US$; NaN when the model has no price.
func (m *Model) Cost(input, output int64) float64 {
	if m.Price == nil {
		return nan
	}
	return (float64(input)*m.Price.Input + float64(output)*m.Price.Output) / 1e6
}

// Registry is a models file: the models by name.
type Registry struct {
	Path   string
	Models map[string]*Model
	// Data: the file as read (run.json keeps it).
	Data []byte
}

// LoadModels reads a models file. Every model is checked; a mistake is an
// error naming the file, the line and the model.
func LoadModels(path string) (*Registry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("the models file %s does not exist (write one: docs/strategies.md, \"The built-in LLM strategy\"; --models names another)", path)
		}
		return nil, err
	}
	return ParseModels(b, path)
}

// ParseModels reads a models file's content (path names it in errors).
func ParseModels(b []byte, path string) (*Registry, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r := &Registry{Path: path, Models: map[string]*Model{}, Data: b}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: no models (the file holds models: NAME: {api, model, key_env, price, …})", path)
	}
	root := doc.Content[0]
	var models *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i]; k.Value == "models" {
			models = root.Content[i+1]
		} else {
			return nil, fmt.Errorf("%s:%d: unknown key %q (the file holds models:)", path, k.Line, k.Value)
		}
	}
	if models == nil || models.Kind != yaml.MappingNode || len(models.Content) == 0 {
		return nil, fmt.Errorf("%s: no models (the file holds models: NAME: {api, model, key_env, price, …})", path)
	}
	for i := 0; i+1 < len(models.Content); i += 2 {
		k, v := models.Content[i], models.Content[i+1]
		m := &Model{Name: k.Value}
		var buf bytes.Buffer
		enc := yaml.NewEncoder(&buf)
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		dec := yaml.NewDecoder(&buf)
		dec.KnownFields(true)
		if err := dec.Decode(m); err != nil {
			msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n"), "  ")
			return nil, fmt.Errorf("%s:%d: model %s: %s (it takes: %s)", path, v.Line, k.Value, msg, strings.Join(modelKeys, ", "))
		}
		if err := m.check(); err != nil {
			return nil, fmt.Errorf("%s:%d: model %s: %w", path, v.Line, k.Value, err)
		}
		if _, dup := r.Models[m.Name]; dup {
			return nil, fmt.Errorf("%s:%d: model %s is named twice", path, k.Line, k.Value)
		}
		r.Models[m.Name] = m
	}
	return r, nil
}

var modelKeys = []string{"api", "model", "base_url", "key_env", "reasoning_effort", "thinking_budget", "max_output_tokens",
	"temperature", "price", "retries", "timeout", "max_provider_errors"}

func (m *Model) check() error {
	if m.API == "" {
		m.API = ChatAPI
	}
	switch {
	case !slices.Contains([]string{ChatAPI, ResponsesAPI, AnthropicAPI}, m.API):
		return fmt.Errorf("api %q: chat, responses or anthropic", m.API)
	case m.ID == "":
		return errors.New("model: the model's name at the provider is missing")
	case m.ReasoningEffort != "" && !slices.Contains([]string{"none", "minimal", "low", "medium", "high", "xhigh"}, m.ReasoningEffort):
		return fmt.Errorf("reasoning_effort %q: minimal, low, medium or high", m.ReasoningEffort)
	case m.ReasoningEffort != "" && m.API == AnthropicAPI:
		return errors.New("reasoning_effort is OpenAI's: an anthropic model thinks with thinking_budget")
	case m.Temperature != nil && m.API == AnthropicAPI:
		return errors.New("temperature: the Messages API takes the model's own (and extended thinking, only that)")
	case m.ThinkingBudget != 0 && m.API != AnthropicAPI:
		return errors.New("thinking_budget is Anthropic's: give reasoning_effort")
	case m.ThinkingBudget < 0 || m.ThinkingBudget > 0 && m.ThinkingBudget < 1024:
		return fmt.Errorf("thinking_budget %d: at least 1024 tokens (Anthropic's minimum), or 0 for none", m.ThinkingBudget)
	case m.MaxOutputTokens < 0:
		return fmt.Errorf("max_output_tokens %d: not negative", m.MaxOutputTokens)
	case m.ThinkingBudget > 0 && m.MaxOutputTokens != 0 && m.MaxOutputTokens <= m.ThinkingBudget:
		return fmt.Errorf("max_output_tokens %d must exceed thinking_budget %d (the reply comes after the thinking)", m.MaxOutputTokens, m.ThinkingBudget)
	case m.Price != nil && (m.Price.Input < 0 || m.Price.Output < 0):
		return errors.New("price: US$ per million tokens, not negative")
	case m.Retries != nil && (*m.Retries < 0 || *m.Retries > 20):
		return fmt.Errorf("retries %d: 0 to 20", *m.Retries)
	case m.Timeout < 0 || m.Timeout > 3600:
		return fmt.Errorf("timeout %v: seconds, at most 3600", m.Timeout)
	case m.MaxProviderErrors < 0:
		return fmt.Errorf("max_provider_errors %d: at least 1", m.MaxProviderErrors)
	case m.KeyEnv != "" && !validEnvName(m.KeyEnv):
		return fmt.Errorf("key_env %q is not the name of an environment variable (write the variable's name, never the key)", m.KeyEnv)
	}
	if m.MaxOutputTokens == 0 {
		m.MaxOutputTokens = 16000
		if m.ThinkingBudget >= m.MaxOutputTokens {
			m.MaxOutputTokens = m.ThinkingBudget + 4000
		}
	}
	if m.MaxProviderErrors == 0 {
		m.MaxProviderErrors = 3
	}
	if m.Timeout == 0 {
		m.Timeout = 600
	}
	return nil
}

func validEnvName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != "" && len(s) <= 64
}

// Model is the registry's model of that name, or an error listing the
// names it has.
func (r *Registry) Model(name string) (*Model, error) {
	if m, ok := r.Models[name]; ok {
		return m, nil
	}
	var names []string
	for n := range r.Models {
		names = append(names, n)
	}
	slices.Sort(names)
	return nil, fmt.Errorf("the models file %s has no model %q (it has: %s)", r.Path, name, strings.Join(names, ", "))
}

// Key is the model's key from the environment ("" for a model that takes
// none); an unset variable is an error naming it.
func (m *Model) Key() (string, error) {
	if m.KeyEnv == "" {
		return "", nil
	}
	k := os.Getenv(m.KeyEnv)
	if k == "" {
		return "", fmt.Errorf("model %s: the environment variable %s (its key_env) is not set", m.Name, m.KeyEnv)
	}
	return k, nil
}
