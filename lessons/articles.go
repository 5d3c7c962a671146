package lessons

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/eleusis/eleusis/i18n"
)

// Seats in running text. A played lesson's seats are numbered ("Seat 1"),
// and Portuguese, Spanish and Valencian put an article before such a name
// in a sentence: "as crenças do Jogador 1", "las del Jugador 1", "el
// Jugador 1 s'ha quedat sense cartes". seatRef gives a seat with its
// article (the catalogue's lesson.seatRef); tidy, applied to every
// sentence the lesson formats say, joins a preposition with it ("de o
// Jogador" → "do Jogador") and writes a sentence that opens with it with a
// capital. A person's name (a class's transcript) takes no article.

// seatRef is a seat as running text names it.
func (n *Narration) seatRef(p int, l *i18n.Printer) string {
	s := n.seatIn(p, l)
	if p >= 0 && p < len(n.Players) && n.Players[p] == fmt.Sprintf("Seat %d", p+1) {
		return l.T("lesson.seatRef", s)
	}
	return s
}

// playerRef is a player's name (without the strategy) as running text
// names it.
func (n *Narration) playerRef(p int, l *i18n.Printer) string {
	s := n.playerName(p, l)
	if p >= 0 && p < len(n.Players) && n.Players[p] == fmt.Sprintf("Seat %d", p+1) {
		return l.T("lesson.seatRef", s)
	}
	return s
}

// seatRefs are the players as running text names them (why a hand ended).
func (n *Narration) seatRefs(l *i18n.Printer) []string {
	out := make([]string, len(n.Players))
	for i := range out {
		out[i] = n.playerRef(i, l)
	}
	return out
}

// seatArticles are, by language, the article running text puts before a
// numbered seat and the seat's word, and the contractions of a
// preposition with a masculine article ("de o" → "do", "per a el" → "per
// al"), which a seat or a scientist ("o cientista que seguimos") put into
// a sentence may call for.
var seatArticles = map[string]struct {
	article, seat string
	joins         [][2]string // preposition and article, contraction
}{
	"pt": {"o", "Jogador", [][2]string{{"de o", "do"}, {"em o", "no"}, {"a o", "ao"}, {"por o", "pelo"}, {"de os", "dos"}, {"a os", "aos"}}},
	"es": {"el", "Jugador", [][2]string{{"de el", "del"}, {"a el", "al"}}},
	"ca": {"el", "Jugador", [][2]string{{"per a el", "per al"}, {"d'el", "del"}, {"de el", "del"}, {"a el", "al"}, {"per el", "pel"}}},
}

// tidiers are the rewrites tidy makes, by language.
var tidiers = map[string][]struct {
	re  *regexp.Regexp
	rep string
}{}

func init() {
	for lang, a := range seatArticles {
		for _, j := range a.joins {
			// After a space, a parenthesis, a quote or a tag, or at the
			// start; before a word.
			re := regexp.MustCompile(`(^|[\s(“«>])` + regexp.QuoteMeta(j[0]) + ` `)
			tidiers[lang] = append(tidiers[lang], struct {
				re  *regexp.Regexp
				rep string
			}{re, "${1}" + j[1] + " "})
		}
		// A sentence that opens with a seat's article.
		re := regexp.MustCompile(`(^|[.!?]\s+|\n)` + a.article + ` ` + a.seat + `\b`)
		upper := strings.ToUpper(a.article[:1]) + a.article[1:]
		tidiers[lang] = append(tidiers[lang], struct {
			re  *regexp.Regexp
			rep string
		}{re, "${1}" + upper + " " + a.seat})
	}
}

// tidy joins the prepositions and seats' articles of what a lesson says
// in the printer's language, and capitalises a sentence that opens with a
// seat's article — a whole sentence, one that ends with a full stop (a
// part of a sentence, put into another, keeps its small letter).
func tidy(l *i18n.Printer, s string) string {
	ts := tidiers[l.Lang()]
	if len(ts) == 0 {
		return s
	}
	for _, t := range ts[:len(ts)-1] {
		s = t.re.ReplaceAllString(s, t.rep)
	}
	if t := ts[len(ts)-1]; strings.HasSuffix(strings.TrimSpace(s), ".") || strings.HasSuffix(strings.TrimSpace(s), "?") {
		s = t.re.ReplaceAllString(s, t.rep)
	}
	return s
}

// capital is s with its first letter a capital (a heading that opens with
// a seat's article: "O Jogador 1 joga").
func capital(s string) string {
	for i, r := range s {
		if unicode.IsLetter(r) {
			return s[:i] + string(unicode.ToUpper(r)) + s[i+utf8.RuneLen(r):]
		}
		if r == '<' || r == '&' {
			return s
		}
	}
	return s
}
