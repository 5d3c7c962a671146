// Package grammar is the scientists' language as data: a typed syntax tree
// of the rule language (docs/rule-language.md), one table of named
// productions, and the three things every reader of the language needs from
// it.
//
//   - The table (productions.go; the look-back pool's terms of a card and
//     of a card game's points in cardterms.go, joined to it in its init;
//     the countings in lexicon.go). Each production carries its type and its
//     children's, its description length in bits, how it evaluates, its
//     expression text and its words. Nothing outside the table sets a bit or
//     builds an expression string: a Node's Bits, Expr and evaluation are
//     all read from its production.
//   - Evaluation. Compile turns a Node into a closure that judges one card
//     after one main line (a Scene: the cards the language names and the
//     tallies its counts and sums read), with no expr in the loop; Eval
//     evaluates a Node on every point of a Points set at once, as vectors of
//     integers and bit sets — the form the enumerator and the synthesizer
//     work on.
//   - Enumeration. An Enumerator builds the language bottom-up by
//     description length over a fixed set of points, keeping one class per
//     behaviour on those points (observational equivalence: two terms with
//     the same values on every point are one) and, for each class, its
//     shortest members.
//
// The pipeline a reader finds by name, as expr's Compile reads parse →
// check → optimise → compile: enumerate (Enumerator) → merge by behaviour
// (the classes) → index (package hypotheses) → believe (hypotheses.Belief).
package grammar
