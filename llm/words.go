package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// RuleReader reads a rule from words with a language model, for the texts
// the grammar cannot read (`eleusis rules from-words --llm`). What it
// answers is only a proposal: the caller compiles it, checks it and says
// it back in words (rulebank.AnswerWords).
type RuleReader struct {
	model  *Model
	call   caller
	manual string
}

// NewRuleReader reads rules with model m (any API of the models file; for
// one named on the command line, CompatibleModel), authenticated by key
// ("" for a local server), quoting manual — the rule language's manual
// (docs.RuleLanguage) — in its prompt.
func NewRuleReader(m *Model, key, manual string) *RuleReader {
	return &RuleReader{model: m, call: newCaller(m, key), manual: manual}
}

// CompatibleModel is a model behind an OpenAI-compatible Chat Completions
// endpoint (base URL and model name, as the command line gives them), at
// temperature 0: a translation wants the likeliest reading.
func CompatibleModel(baseURL, id string) (*Model, error) {
	if baseURL == "" || id == "" {
		return nil, errors.New("the language model needs a base URL and a model name")
	}
	zero := 0.0
	m := &Model{Name: id, API: ChatAPI, ID: id, BaseURL: baseURL, Temperature: &zero, Timeout: 120}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("model %s: %w", id, err)
	}
	return m, nil
}

// unreadable is what the model is told to answer for a text that is no rule.
const unreadable = "UNREADABLE"

// prompt is the system prompt for texts written in language ("" for
// English).
func (r *RuleReader) prompt(language string) string {
	if language == "" {
		language = "English"
	}
	return `You translate rules of the card game Eleusis, written in ` + language + `, into the rule language below.
Answer with the expression alone, on one line, with no explanation and no code fences.
If the text is not a rule about which card may be played next, or it can be read as two different rules,
answer the single word ` + unreadable + `.
Values: Ace 1, Jack 11, Queen 12, King 13.

The manual of the rule language:

` + r.manual
}

// Translate asks the model for the expression of text, written in
// language (its name in English: "Portuguese"; "" for English; a list of
// them when the reader does not know which): the expression, or an error
// when the provider failed, the answer was empty or the model could not
// read the text as one rule either.
func (r *RuleReader) Translate(ctx context.Context, language, text string) (string, error) {
	rep, err := r.call.call(ctx, request{System: r.prompt(language), Messages: []message{{Role: "user", Content: text}}})
	if err != nil {
		return "", fmt.Errorf("model %s: %w", r.model.Name, err)
	}
	expr := cleanAnswer(rep.Text)
	switch {
	case expr == "" && rep.Finish == "length":
		return "", fmt.Errorf("model %s: its answer was cut at %d tokens", r.model.Name, r.model.MaxOutputTokens)
	case expr == "":
		return "", errors.New("the model gave an empty answer")
	case strings.EqualFold(expr, unreadable):
		return "", errors.New("the model could not read it as one rule either")
	}
	return expr, nil
}

// cleanAnswer drops the code fences and labels models add despite being
// told not to.
func cleanAnswer(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "```expr")
	s = strings.TrimPrefix(s, "```")
	s = strings.TrimSuffix(s, "```")
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "expr:")
	return strings.Trim(strings.TrimSpace(s), "`")
}
