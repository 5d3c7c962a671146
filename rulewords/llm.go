package rulewords

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Model is a language model behind an OpenAI-compatible chat-completions
// endpoint (the LLM agent's configuration: base URL, model, key), used for
// free text the grammar cannot read. What it answers is only a proposal:
// the caller compiles it, checks it and says it back in words.
type Model struct {
	URL    string // base URL: http://localhost:11434/v1, https://api.openai.com/v1
	Name   string // the model
	Key    string // the API key; "" for local servers
	Manual string // the rule language's manual (docs/rule-language.md), quoted in the prompt
	// Language names the language of the texts ("Portuguese"); "" for
	// English, or any of them when the reader guesses it.
	Language string
	Client   *http.Client
}

// unreadable is what the model is told to answer for a text that is no rule.
const unreadable = "UNREADABLE"

func (m Model) prompt() string {
	lang := m.Language
	if lang == "" {
		lang = "English"
	}
	return `You translate rules of the card game Eleusis, written in ` + lang + `, into the rule language below.
Answer with the expression alone, on one line, with no explanation and no code fences.
If the text is not a rule about which card may be played next, or it can be read as two different rules,
answer the single word ` + unreadable + `.
Values: Ace 1, Jack 11, Queen 12, King 13.

The manual of the rule language:

` + m.Manual
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Translate asks the model for the expression of text.
func (m Model) Translate(ctx context.Context, text string) (string, error) {
	if m.URL == "" || m.Name == "" {
		return "", errors.New("the language model needs a URL and a model name")
	}
	body, _ := json.Marshal(map[string]any{
		"model":       m.Name,
		"temperature": 0,
		"messages":    []chatMessage{{"system", m.prompt()}, {"user", text}},
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(m.URL, "/")+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	if m.Key != "" {
		req.Header.Set("Authorization", "Bearer "+m.Key)
	}
	client := m.Client
	if client == nil {
		client = &http.Client{Timeout: 2 * time.Minute}
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s answered %s: %.200s", req.URL, resp.Status, data)
	}
	var answer struct {
		Choices []struct {
			Message chatMessage `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &answer); err != nil || len(answer.Choices) == 0 {
		return "", fmt.Errorf("%s gave no chat completion: %.200s", req.URL, data)
	}
	expr := cleanAnswer(answer.Choices[0].Message.Content)
	switch {
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
