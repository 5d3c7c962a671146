package docs

import _ "embed"

// RuleLanguage is docs/rule-language.md, the manual of the rule language:
// the language model that reads rules in words is given it (rules
// from-words --llm).
//
//go:embed rule-language.md
var RuleLanguage string
