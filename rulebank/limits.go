package rulebank

import (
	"fmt"
	"unicode/utf8"

	"github.com/eleusis/eleusis/sim"
)

// Bounds on what a rule may be and the steps it may take. Rules come from outside — banks,
// transcripts, the command line, guesses of outside agents — and none of
// them may crash or stall the process: expr's parser is recursive (a deep
// enough expression overflows the stack, which no recover catches), and an
// expression may loop as long as it likes.
const (
	// MaxExprBytes is the longest expression (rule, starter or guess) the
	// compiler reads; the longest rule of the default bank is under 400.
	MaxExprBytes = 4096
	// MaxNesting bounds brackets and chains of unary operators (!, not, -)
	// and of ?: inside one another.
	MaxNesting = 64
	// MaxNodes is expr's node budget for one expression.
	MaxNodes = 2000
	// MemoryBudget is expr's budget of elements a judgement may allocate
	// (ranges, arrays, maps, strings built at run time): a second guard
	// behind MaxSteps.
	MemoryBudget = 50_000
	// MaxSteps bounds the work of one judgement (about half a millisecond),
	// counted statically: the loops of all, any, filter, map, count, …
	// multiplied by the longest collection they can run over (the main
	// line: 8 decks of 52 cards, 416). A loop over the line is allowed; a
	// loop over the line inside another (173,056 steps), or
	// all(1..900000, …), is not.
	MaxSteps = 20_000
	// maxTableSteps bounds the work of tabulating a card/prev rule (2,704
	// judgements); one that takes more is judged by expr each time.
	maxTableSteps = 5_000_000
	// maxLine is the longest main line any options allow (8 decks).
	maxLine = 8 * sim.NumCards
)

// checkSource refuses, before expr parses it, an expression too long or
// nested too deep for the parser to be safe.
func checkSource(src string) error {
	if len(src) > MaxExprBytes {
		return fmt.Errorf("the expression is longer than %d bytes (%d)", MaxExprBytes, len(src))
	}
	if !utf8.ValidString(src) {
		return fmt.Errorf("the expression is not valid UTF-8 text")
	}
	depth, run, ternaries := 0, 0, 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			i = skipString(src, i)
			run = 0
		case c == '(' || c == '[' || c == '{':
			depth++
			run = 0
		case c == ')' || c == ']' || c == '}':
			depth--
			run = 0
		case c == '!' && (i+1 >= len(src) || src[i+1] != '='), c == '-', c == '+':
			run++
		case c == 'n' && i+3 <= len(src) && src[i:i+3] == "not" && (i == 0 || !isWord(src[i-1])) && (i+3 == len(src) || !isWord(src[i+3])):
			run++
			i += 2
		case c == '?' && (i+1 >= len(src) || src[i+1] != '.' && src[i+1] != '?'):
			ternaries++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			run = 0
		}
		if depth+run > MaxNesting || ternaries > MaxNesting {
			return fmt.Errorf("the expression is nested more than %d deep (brackets, ?: and unary operators inside one another)", MaxNesting)
		}
	}
	return nil
}

// skipString returns the index of the quote closing the string that opens
// at i (or the end of src).
func skipString(src string, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch {
		case src[i] == '\\' && q != '`':
			i++
		case src[i] == q:
			return i
		}
	}
	return len(src)
}

func isWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
