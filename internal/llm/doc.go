// Package llm asks a language model behind an OpenAI-compatible
// chat-completions endpoint for the expression of a rule written in words:
// the optional fallback of `eleusis rules from-words --llm` for a text the
// grammar (rulewords) cannot read. What the model answers is a proposal
// only; the caller compiles it, checks it and says it back in words.
package llm
