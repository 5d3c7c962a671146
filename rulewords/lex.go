package rulewords

import (
	"strings"
	"unicode"
)

// tokens splits a text into lower-case words and marks, as split does; a
// final full stop or exclamation says nothing.
func tokens(text string) []string {
	out := split(text)
	for len(out) > 0 && (out[len(out)-1] == "." || out[len(out)-1] == "!") {
		out = out[:len(out)-1]
	}
	return out
}

// split splits words into lower-case words and marks: punctuation,
// arrows and suit symbols are tokens of their own, a possessive 's is one,
// hyphens join nothing ("second-to-last" is "second to last") and
// contractions are spelt out.
func split(text string) []string {
	s := strings.ToLower(text)
	for _, r := range []struct{ from, to string }{
		{"’", "'"}, {"‘", "'"}, {"“", " "}, {"”", " "}, {"\"", " "}, {"...", " … "}, {"->", " → "}, {"=>", " → "},
		{"isn't", "is not"}, {"aren't", "are not"}, {"wasn't", "was not"}, {"doesn't", "does not"}, {"don't", "do not"},
		{"can't", "cannot"}, {"mustn't", "must not"}, {"shouldn't", "should not"}, {"won't", "will not"},
		{"&", " and "}, {"≥", " >= "}, {"≤", " <= "}, {"≠", " != "},
	} {
		s = strings.ReplaceAll(s, r.from, r.to)
	}
	var out []string
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			out = append(out, word.String())
			word.Reset()
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\'' && i+1 < len(rs) && rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLetter(rs[i+2])):
			flush()
			out = append(out, "'s")
			i++
		case r == '\'' && word.Len() > 0 && strings.HasSuffix(word.String(), "s"):
			// "the cards' colours": a plural possessive
			flush()
			out = append(out, "'s")
		case r == '>' || r == '<' || r == '=' || r == '!':
			flush()
			if i+1 < len(rs) && rs[i+1] == '=' {
				out = append(out, string(r)+"=")
				i++
			} else {
				out = append(out, string(r))
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			// "7s" and "10s" stay one word; "a=1" splits at "=".
			word.WriteRune(r)
		case r == '-' || r == '_':
			flush()
		case unicode.IsSpace(r):
			flush()
		default:
			flush()
			out = append(out, string(r))
		}
	}
	flush()
	return out
}
