// Package rulebank holds God's rules: it loads rule banks (YAML, docs/files.md),
// compiles each rule once with expr against the typed environment of
// docs/rule-language.md, reads its look-back from the syntax tree, turns rules that
// read only `card` and `prev` into a 52×52 truth table, analyses rules
// (acceptance rate, dead ends), gives `rules check` its verdict
// (CheckRules), finds the rule a transcript names by name or expression
// (Lookup) and decides whether two rules are equivalent.
//
// The pipeline is load → compile → analyse → fast form; each step is a
// function with a plain input and output. Compiled rules are immutable and
// shared by every goroutine; each goroutine judges through its own Judge
// (which owns an expr VM).
package rulebank
