// Package llm is the built-in LLM strategy, llm(model=NAME): a scientist
// that asks a language model for every move, over the providers' official
// Go SDKs — OpenAI's Chat Completions and Responses APIs
// (github.com/openai/openai-go/v3, with reasoning effort), Anthropic's
// Messages API with extended thinking
// (github.com/anthropics/anthropic-sdk-go/v2), and any server that speaks
// Chat Completions by its base URL (vLLM, llama.cpp, Ollama). The model
// comes from a registry file (models.yaml: several models, their prices
// and settings) chosen by name; the key from the environment variable the
// registry names, never from a file or a command line.
//
// Every call is traced (Tracer): the prompt as sent, the whole reply, the
// reasoning text wherever the provider returns it, the reasoning tokens,
// the responding model's id, the latency, the finish reason and the cost;
// each answer's meta carries the figures the bench sums (tokens, cost,
// fallbacks). Importing the package registers the strategy with agents.
//
// RuleReader is the optional language model of `eleusis rules from-words`:
// a text the grammar cannot read goes to it, and its answer is only a
// proposal the caller compiles, checks and says back.
package llm
