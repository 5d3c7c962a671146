package llm

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	aoption "github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
)

var nan = math.NaN()

// message is one turn of a conversation: "user" or "assistant".
type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// request is one call: the system prompt and the conversation.
type request struct {
	System   string
	Messages []message
	Seed     int64
}

// reply is what a call brought back, whatever the API.
type reply struct {
	Text string
	// Reasoning: the reasoning text the provider returned (a Chat
	// Completions server's reasoning_content or reasoning, the Responses
	// API's reasoning summaries and text, Anthropic's thinking blocks);
	// empty when it returned none.
	Reasoning string
	// Model: the responding model's id, as the provider names it.
	Model  string
	Finish string
	// Tokens: input, output (reasoning included), reasoning (−1 when the
	// provider does not count them apart: Anthropic).
	Input, Output, ReasoningTokens int64
	Latency                        time.Duration
}

// caller calls one model through its API.
type caller interface {
	call(ctx context.Context, req request) (reply, error)
}

func newCaller(m *Model, key string) caller {
	retries := 2
	if m.Retries != nil {
		retries = *m.Retries
	}
	timeout := time.Duration(m.Timeout * float64(time.Second))
	if m.API == AnthropicAPI {
		opts := []aoption.RequestOption{aoption.WithoutEnvironmentDefaults(), aoption.WithMaxRetries(retries), aoption.WithRequestTimeout(timeout)}
		if key != "" {
			opts = append(opts, aoption.WithAPIKey(key))
		}
		if m.BaseURL != "" {
			opts = append(opts, aoption.WithBaseURL(m.BaseURL))
		}
		return &anthropicCaller{m: m, c: anthropic.NewClient(opts...)}
	}
	opts := []option.RequestOption{option.WithMaxRetries(retries), option.WithRequestTimeout(timeout), option.WithAPIKey(key)}
	if m.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(m.BaseURL))
	}
	c := openai.NewClient(opts...)
	if m.API == ResponsesAPI {
		return &responsesCaller{m: m, c: c}
	}
	return &chatCaller{m: m, c: c}
}

// chatCaller speaks Chat Completions: OpenAI, and any server that speaks
// it (vLLM, llama.cpp's server, Ollama's /v1), whose reasoning models
// return their thinking as reasoning_content (DeepSeek, vLLM) or
// reasoning (OpenRouter, Ollama).
type chatCaller struct {
	m *Model
	c openai.Client
}

func (c *chatCaller) call(ctx context.Context, req request) (reply, error) {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(req.System)}
	for _, m := range req.Messages {
		if m.Role == "assistant" {
			msgs = append(msgs, openai.AssistantMessage(m.Content))
		} else {
			msgs = append(msgs, openai.UserMessage(m.Content))
		}
	}
	p := openai.ChatCompletionNewParams{Model: c.m.ID, Messages: msgs, MaxCompletionTokens: openai.Int(c.m.MaxOutputTokens), Seed: openai.Int(req.Seed)}
	if c.m.ReasoningEffort != "" {
		p.ReasoningEffort = shared.ReasoningEffort(c.m.ReasoningEffort)
	}
	if c.m.Temperature != nil {
		p.Temperature = openai.Float(*c.m.Temperature)
	}
	t0 := time.Now()
	resp, err := c.c.Chat.Completions.New(ctx, p)
	r := reply{Latency: time.Since(t0), ReasoningTokens: -1}
	if err != nil {
		return r, err
	}
	r.Model, r.Input, r.Output = resp.Model, resp.Usage.PromptTokens, resp.Usage.CompletionTokens
	if resp.Usage.JSON.CompletionTokensDetails.Valid() {
		r.ReasoningTokens = resp.Usage.CompletionTokensDetails.ReasoningTokens
	}
	if len(resp.Choices) > 0 {
		ch := resp.Choices[0]
		r.Text, r.Finish = ch.Message.Content, ch.FinishReason
		for _, k := range []string{"reasoning_content", "reasoning"} {
			if f, ok := ch.Message.JSON.ExtraFields[k]; ok {
				var s string
				if json.Unmarshal([]byte(f.Raw()), &s) == nil && s != "" {
					r.Reasoning = s
					break
				}
			}
		}
	}
	return r, nil
}

// responsesCaller speaks OpenAI's Responses API, whose reasoning models
// return reasoning items (a summary when asked for one).
type responsesCaller struct {
	m *Model
	c openai.Client
}

func (c *responsesCaller) call(ctx context.Context, req request) (reply, error) {
	var input responses.ResponseInputParam
	for _, m := range req.Messages {
		role := responses.EasyInputMessageRoleUser
		if m.Role == "assistant" {
			role = responses.EasyInputMessageRoleAssistant
		}
		input = append(input, responses.ResponseInputItemParamOfMessage(m.Content, role))
	}
	p := responses.ResponseNewParams{Model: c.m.ID, Instructions: openai.String(req.System),
		Input: responses.ResponseNewParamsInputUnion{OfInputItemList: input}, MaxOutputTokens: openai.Int(c.m.MaxOutputTokens),
		Store: openai.Bool(false)}
	if c.m.ReasoningEffort != "" {
		p.Reasoning = shared.ReasoningParam{Effort: shared.ReasoningEffort(c.m.ReasoningEffort), Summary: shared.ReasoningSummaryAuto}
	}
	if c.m.Temperature != nil {
		p.Temperature = openai.Float(*c.m.Temperature)
	}
	t0 := time.Now()
	resp, err := c.c.Responses.New(ctx, p)
	r := reply{Latency: time.Since(t0), ReasoningTokens: -1}
	if err != nil {
		return r, err
	}
	r.Model, r.Text = resp.Model, resp.OutputText()
	r.Input, r.Output = resp.Usage.InputTokens, resp.Usage.OutputTokens
	if resp.Usage.JSON.OutputTokensDetails.Valid() {
		r.ReasoningTokens = resp.Usage.OutputTokensDetails.ReasoningTokens
	}
	r.Finish = string(resp.Status)
	if resp.IncompleteDetails.Reason != "" {
		r.Finish = string(resp.IncompleteDetails.Reason)
	}
	var thought []string
	for _, item := range resp.Output {
		if item.Type != "reasoning" {
			continue
		}
		it := item.AsReasoning()
		for _, s := range it.Summary {
			thought = append(thought, s.Text)
		}
		for _, c := range it.Content {
			thought = append(thought, c.Text)
		}
	}
	r.Reasoning = strings.Join(thought, "\n\n")
	return r, nil
}

// anthropicCaller speaks Anthropic's Messages API, with extended thinking
// when the model has a thinking budget: its thinking blocks are the
// reasoning.
type anthropicCaller struct {
	m *Model
	c anthropic.Client
}

func (c *anthropicCaller) call(ctx context.Context, req request) (reply, error) {
	var msgs []anthropic.MessageParam
	for _, m := range req.Messages {
		if m.Role == "assistant" {
			msgs = append(msgs, anthropic.NewAssistantMessage(anthropic.NewTextBlock(m.Content)))
		} else {
			msgs = append(msgs, anthropic.NewUserMessage(anthropic.NewTextBlock(m.Content)))
		}
	}
	p := anthropic.MessageNewParams{Model: anthropic.Model(c.m.ID), MaxTokens: c.m.MaxOutputTokens, Messages: msgs,
		System: []anthropic.TextBlockParam{{Text: req.System}}}
	if c.m.ThinkingBudget > 0 {
		p.Thinking = anthropic.ThinkingConfigParamOfEnabled(c.m.ThinkingBudget)
	}
	t0 := time.Now()
	msg, err := c.c.Messages.New(ctx, p)
	r := reply{Latency: time.Since(t0), ReasoningTokens: -1}
	if err != nil {
		return r, err
	}
	r.Model, r.Finish = string(msg.Model), string(msg.StopReason)
	r.Input, r.Output = msg.Usage.InputTokens+msg.Usage.CacheReadInputTokens+msg.Usage.CacheCreationInputTokens, msg.Usage.OutputTokens
	var text, thought []string
	for _, b := range msg.Content {
		switch b.Type {
		case "text":
			text = append(text, b.Text)
		case "thinking":
			thought = append(thought, b.Thinking)
		}
	}
	r.Text, r.Reasoning = strings.Join(text, ""), strings.Join(thought, "\n\n")
	return r, nil
}
