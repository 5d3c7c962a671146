// Package docs holds the user documentation of eleusis as Markdown: the rule
// language (rule-language.md), the rules of the game with every option and
// preset (rules.md), and the file formats (files.md); README.md is the index.
//
// The package has no code but RuleLanguage (the manual of the rule language,
// embedded for the language model of rules from-words). Its tests keep the
// documents true: every rule example compiles and runs over reachable main
// lines, every rule bank loads,
// every transcript is refereed (with the scores written beside it), every
// option and preset of the code appears in rules.md with its values, every
// field of the refereed hand's JSON is described in files.md, and every link
// between the documents resolves.
package docs
