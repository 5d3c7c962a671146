// Package rulewords is the words of rules, both ways: Say gives plain,
// unambiguous English for an expression of the rule language
// (docs/rule-language.md), and Read parses the English people use for
// Eleusis rules back into expressions — every reading of an ambiguous text,
// an error for one it cannot read, never a guess.
//
// Both directions are built on one grammar of rule English (grammar.go,
// vocab.go): each production has the patterns Read accepts, its first
// pattern is the one Say writes, and its action builds the expression. So
// what Say writes is what Read reads, and the round trip
// Read(Say(e)) ≡ e is tested over many expressions.
//
// SayIn says the same in Portuguese, Spanish and Valencian ("pt", "es",
// "ca"), from phrase files a translator edits without reading Go
// (locales/*.yaml, tongue.go): the same bracketing, a negation said inside
// its clause, the game's words of each language's rule texts. ReadIn
// reads those languages back (what SayIn writes, and the usual ways of
// saying a rule listed in the same files), on the same grammar engine as
// Read.
//
// The package imports no project package: it knows the rule language's
// names (card, prev, prev2, prev3, line, n and the card fields) but not how
// rules are compiled or judged. Callers compare readings by behaviour with
// rulebank (rulebank.ReadWords merges readings that are the same rule).
package rulewords
