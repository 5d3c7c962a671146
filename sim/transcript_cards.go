package sim

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/eleusis/eleusis/i18n"
)

// Cards written in a class's language. A class in Portugal writes the
// eight of hearts 8C (copas), in Spain or Valencia 8C too (corazones,
// cors): the letter an English transcript uses for clubs. A transcript
// may say its language (lang: pt); its cards are then read with that
// language's letters only. One that does not is read in the reader's
// language (the lesson's --lang; English elsewhere), and a letter whose
// suit depends on the language — C, hearts in Portuguese, Spanish and
// Valencian, clubs in English — is refused with a hint rather than
// guessed. The suit symbols ♠ ♥ ♦ ♣ mean the same in every language.

// SuitLetters are the letters each transcript language writes the suits
// with, in the order of Suit (spades, hearts, diamonds, clubs).
var SuitLetters = map[string][4]string{
	"en": {"S", "H", "D", "C"}, // spades, hearts, diamonds, clubs
	"pt": {"E", "C", "O", "P"}, // espadas, copas, ouros, paus
	"es": {"P", "C", "D", "T"}, // picas, corazones, diamantes, tréboles
	"ca": {"P", "C", "D", "T"}, // piques, cors, diamants, trèvols
}

// suitWords are the suits' names in each language, as its letters stand
// for them.
var suitWords = map[string][4]string{
	"en": {"spades", "hearts", "diamonds", "clubs"},
	"pt": {"espadas", "copas", "ouros", "paus"},
	"es": {"picas", "corazones", "diamantes", "tréboles"},
	"ca": {"piques", "cors", "diamants", "trèvols"},
}

// transcriptLangs are the languages a transcript may say, in the order
// errors list them.
var transcriptLangs = []string{"en", "pt", "es", "ca"}

// suitIn is the suit letter l stands for in lang.
func suitIn(lang, l string) (Suit, bool) {
	for i, x := range SuitLetters[lang] {
		if x == l {
			return Suit(i), true
		}
	}
	return 0, false
}

// cardReader reads a transcript's cards: in the language the transcript
// says (said), or in the reader's language (context) where the letter
// means one suit whichever of it and English is meant.
type cardReader struct {
	lang    string // the transcript's language (lang:), or the reader's
	said    bool
	collect bool            // a first pass: note the letters, read nothing
	letters map[string]Suit // the suit letters read, and as what
	used    []string        // every suit letter written (the first pass)
}

// letterOf splits a card as written into its rank and its suit letter or
// symbol.
func letterOf(s string) (rank, suit string) {
	t := strings.ToUpper(strings.TrimSpace(s))
	for _, sym := range suitSymbols {
		if strings.HasSuffix(t, sym) {
			return strings.TrimSuffix(t, sym), sym
		}
	}
	r, size := utf8.DecodeLastRuneInString(t)
	if r == utf8.RuneError || size == len(t) {
		return t, ""
	}
	return t[:len(t)-size], t[len(t)-size:]
}

// card reads one card as the transcript writes it.
func (rd *cardReader) card(s string) (Card, error) {
	rank, l := letterOf(s)
	if l == "" || slices.Contains(suitSymbols[:], l) || rd == nil {
		return ParseCard(s)
	}
	if !slices.Contains(rd.used, l) {
		rd.used = append(rd.used, l)
	}
	if rd.collect {
		return 0, nil
	}
	suit, err := rd.suit(l)
	if err != nil {
		return 0, err
	}
	if rd.letters == nil {
		rd.letters = map[string]Suit{}
	}
	rd.letters[l] = suit
	c, err := ParseCard(rank + suitSymbols[suit])
	if err != nil {
		return 0, fmt.Errorf("card %q: unknown rank %q (use A 2 … 10 J Q K)", s, rank)
	}
	return c, nil
}

// cards reads cards separated by spaces or commas.
func (rd *cardReader) cards(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := rd.card(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// suit is the suit a letter stands for, or why the reader will not say.
func (rd *cardReader) suit(l string) (Suit, error) {
	if rd.said {
		if s, ok := suitIn(rd.lang, l); ok {
			return s, nil
		}
		return 0, say("tr.suit.notIn", l, langName(rd.lang), lettersOf(rd.lang))
	}
	mine, inMine := suitIn(rd.lang, l)
	en, inEnglish := suitIn("en", l)
	switch {
	case inMine && inEnglish && mine != en:
		// The letter's suit in its language's word (C: copas), and in
		// English in the reader's word for that suit (paus, to a
		// Portuguese reader).
		return 0, say("tr.suit.ambiguous", l, suitWords[rd.lang][mine]+" "+suitSymbols[mine], langName(rd.lang),
			i18n.M("tr.suit.sym", i18n.M("card.suit."+suitWords["en"][en]), suitSymbols[en]), rd.lang, rd.usedList())
	case inMine:
		return mine, nil
	case inEnglish:
		return en, nil
	}
	// A letter of another language: which, and what it would mean.
	var meanings []any
	var codes []string
	for _, lang := range transcriptLangs {
		if s, ok := suitIn(lang, l); ok {
			meanings = append(meanings, i18n.M("tr.suit.meansIn", suitWords[lang][s]+" "+suitSymbols[s], langName(lang)))
			codes = append(codes, "lang: "+lang)
		}
	}
	if len(meanings) == 0 {
		return 0, say("tr.suit.unknown", l, lettersOf(rd.lang))
	}
	return 0, say("tr.suit.foreign", l, langName(rd.lang), i18n.List(msgs(meanings)), strings.Join(codes, ", "), rd.usedList())
}

// usedList is the suit letters the transcript writes, for an error.
func (rd *cardReader) usedList() string { return strings.Join(rd.used, ", ") }

// langName is a transcript language's name, said in the reader's
// language.
func langName(lang string) i18n.Msg { return i18n.M("tr.langName." + lang) }

// lettersOf lists a language's suit letters with what they stand for:
// "E (espadas ♠), C (copas ♥), O (ouros ♦), P (paus ♣)".
func lettersOf(lang string) string {
	var out []string
	for i, l := range SuitLetters[lang] {
		out = append(out, l+" ("+suitWords[lang][i]+" "+suitSymbols[i]+")")
	}
	return strings.Join(out, ", ")
}

func msgs(as []any) []i18n.Msg {
	out := make([]i18n.Msg, len(as))
	for i, a := range as {
		out[i] = a.(i18n.Msg)
	}
	return out
}

// SuitLettersRead are the suit letters a transcript's cards were written
// with, and the suit each was read as (empty when it wrote symbols only).
func (t *Transcript) SuitLettersRead() map[string]Suit { return maps.Clone(t.read.letters) }
