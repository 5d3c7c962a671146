// Package rulewords is the words of rules, both ways, in English,
// Portuguese, Spanish and Valencian: SayIn says an expression of the rule
// language (docs/rule-language.md) in plain words that read one way only,
// and ReadIn reads the words people type for Eleusis rules back into
// expressions — every reading of an ambiguous text, an error for one it
// cannot read, never a guess. Say and Read are SayIn and ReadIn in
// English; Guess orders the languages a text may be in.
//
// One sayer walks an expression for every language: the words are a
// phrase file's (locales/en.yaml, pt.yaml, es.yaml, ca.yaml), which a
// translator edits without reading Go. Every compound part is bracketed
// and a negation is said inside the clause it negates ("the card is not
// red or is not even"), so that the words read back as the rule and only
// as it (the tests in rulebank and hypotheses check this over the banks,
// rules built of their parts and the scientists' space).
//
// The reader is a chart parser over one list of constructions
// (constructions.go): each has an action (what the words mean) and is
// read from its English patterns (words_*.go), from the phrase the sayer
// writes for it, and from the patterns each phrase file lists under its
// name. So a construction — an exception ("unless", "except after a
// king"), branches in a row, a pattern that repeats, a place on the main
// line — is written once and read in four languages. Before reading, a
// text is respelled ("has to" is "must", "q" is "que", "tens de jogar" is
// "joga"), stripped of filler ("please"; "each time" at a clause's end
// only) and of accents on longer words. Where people write one text for
// two rules ("you can only play X after Y"), each is a reading; readings
// nobody means are dropped (a card no rule allows beside others, the last
// cards added one by one, an exception no card of the rule could meet
// read as both).
//
// The package imports no project package: it knows the rule language's
// names (card, prev, prev2, prev3, line, n and the card fields) but not how
// rules are compiled or judged. Callers compare readings by behaviour with
// rulebank (rulebank.ReadWordsIn merges readings that are the same rule and
// drops those no card can follow). A text the grammar cannot read may go to
// a language model (rules from-words --llm): that is package llm's
// RuleReader, not this package's.
package rulewords
