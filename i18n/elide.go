package i18n

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Valencian writes "de" as "d'" before a word that begins with a vowel
// sound: "el torn d'Ana", "la regla d'Hèctor", "1 d'abril", "d'11
// jugades". A name or a word put into a message is known only when the
// message is said, so the elision is made then, on the words said
// (Printer.T). The catalogue's own words are elided by its translator.
//
// Not before an i or a u that sounds as a consonant, with or without an
// h ("de iogurt", "de Iolanda", "de hiena", "de Huelva", "de huit": i or
// u before a, e or o, and "hui"), though "d'Iu", "d'Uixó"; and never
// inside quotes («…», “…”, "…"), which hold a
// person's own words as they typed them.

// elideDe makes the elision in s.
func elideDe(s string) string {
	if !strings.Contains(s, "de ") && !strings.Contains(s, "De ") {
		return s
	}
	var b strings.Builder
	quoted := 0 // depth of «…» and “…”
	ascii := false
	prev := ' '
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '«', '“':
			quoted++
		case '»', '”':
			quoted = max(0, quoted-1)
		case '"':
			ascii = !ascii
		}
		if (r == 'd' || r == 'D') && quoted == 0 && !ascii && !unicode.IsLetter(prev) && !unicode.IsDigit(prev) &&
			strings.HasPrefix(s[i+1:], "e ") && vowelSound(s[i+3:]) {
			b.WriteRune(r)
			b.WriteByte('\'')
			i += 3
			prev = '\''
			continue
		}
		b.WriteRune(r)
		prev = r
		i += size
	}
	return b.String()
}

// vowelSound: the words w begin with a vowel sound: a vowel, an h before
// one, or the numbers 1 and 11 ("u", "onze"), except an i or u that is a
// consonant there. Markup before the word (an HTML tag, Markdown's * and
// _) is looked past.
func vowelSound(w string) bool {
	// past the markup a word may open with: "<strong>Ana", "**Ana**"
	for {
		if strings.HasPrefix(w, "<") && !strings.HasPrefix(w, "</") {
			if end := strings.IndexByte(w, '>'); end > 0 {
				w = w[end+1:]
				continue
			}
		}
		if t := strings.TrimLeft(w, "*_"); t != w {
			w = t
			continue
		}
		break
	}
	word := w
	if i := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != ',' }); i >= 0 {
		word = w[:i]
	}
	if word == "" {
		return false
	}
	if first, _ := utf8.DecodeRuneInString(word); unicode.IsDigit(first) {
		n := strings.TrimRight(word, ".,")
		return n == "1" || n == "11" || strings.HasPrefix(n, "1,") || strings.HasPrefix(n, "11,")
	}
	rs := []rune(strings.ToLower(word))
	h := rs[0] == 'h'
	if h {
		rs = rs[1:]
	}
	if len(rs) == 0 || !isVowel(rs[0]) {
		return false
	}
	if len(rs) > 1 && (rs[0] == 'i' || rs[0] == 'u') {
		next := plain(rs[1])
		// "ia", "ie", "io", "ua", "ue", "uo" and "hui": a consonant
		if next == 'a' || next == 'e' || next == 'o' || (h && rs[0] == 'u' && next == 'i') {
			return false
		}
	}
	return true
}

func isVowel(r rune) bool { return strings.ContainsRune("aeiou", plain(r)) }

// plain is a vowel without its accent.
func plain(r rune) rune {
	switch r {
	case 'à', 'á':
		return 'a'
	case 'è', 'é':
		return 'e'
	case 'í', 'ì', 'ï':
		return 'i'
	case 'ò', 'ó':
		return 'o'
	case 'ú', 'ù', 'ü':
		return 'u'
	}
	return r
}
