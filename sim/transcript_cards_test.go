package sim

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
)

// Cards in the class's language: a transcript that says its language is
// read with that language's suit letters; one that does not is read in the
// reader's language where a letter means one suit, and a letter whose suit
// depends on the language (C: hearts in Portuguese, Spanish and Valencian,
// clubs in English) is refused with a hint that names the transcript's
// letters — never read silently as clubs for a Portuguese class.
func TestTranscriptCardsInItsLanguage(t *testing.T) {
	head := func(lang string) string {
		s := "preset: new-eleusis\nrule: 'true'\nplayers: [Ana, Bia]\nhand_sizes: {Ana: 14, Bia: 14}\n"
		if lang != "" {
			s = "lang: " + lang + "\n" + s
		}
		return s
	}
	for _, c := range []struct {
		name, lang, reader, starter, moves string
		want                               string // the cards read, or
		err                                []string
	}{
		{"English as before", "", "en", "8C", "Ana play 9H\n  - Bia play 10S", "8C 9H 10S", nil},
		{"Portuguese, said", "pt", "en", "8C", "Ana play 9E\n  - Bia play 10O\n  - Ana play JP", "8H 9S 10D JC", nil},
		{"Spanish, said", "es", "en", "8C", "Ana play 9P\n  - Bia play TT\n  - Ana play 2D", "8H 9S 10C 2D", nil},
		{"Valencian, said", "ca", "en", "8c", "Ana play 9p\n  - Bia play 10t", "8H 9S 10C", nil},
		{"symbols in any language", "pt", "en", "8♥", "Ana play 9♠", "8H 9S", nil},
		{"Portuguese class, unsaid: C refused", "", "pt", "8C", "Ana play 9E", "",
			[]string{"class.yaml:5: ", "C is copas ♥ in Portuguese but clubs ♣ in English", "lang: pt", "The suit letters it writes: C, E"}},
		{"Portuguese class, unsaid: its own letters", "", "pt", "8E", "Ana play 9O\n  - Bia play 10P\n  - Ana play JS", "8S 9D 10C JS", nil},
		{"Spanish class, unsaid: D and T", "", "es", "8D", "Ana play 9T\n  - Bia play 10P", "8D 9C 10S", nil},
		{"English reader, Portuguese letters", "", "en", "8C", "Ana play 9E", "",
			[]string{"E is not a suit letter in English", "espadas ♠ in Portuguese", "lang: pt", "The suit letters it writes: C, E"}},
		{"English reader, P", "", "en", "8S", "Ana play 9P", "",
			[]string{"paus ♣ in Portuguese", "picas ♠ in Spanish", "piques ♠ in Valencian", "lang: pt, lang: es, lang: ca"}},
		{"said Portuguese, English letter", "pt", "en", "8H", "", "",
			[]string{"H is not a suit letter in Portuguese", "E (espadas ♠), C (copas ♥), O (ouros ♦), P (paus ♣)"}},
		{"no such language", "xx", "en", "8H", "", "", []string{`lang: "xx" is not a language of transcripts (en, pt, es, ca)`}},
		{"no such letter", "", "en", "8X", "", "", []string{"X is not a suit letter", "S (spades ♠)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := head(c.lang) + "starter: " + c.starter + "\nmoves:\n"
			if c.moves != "" {
				text += "  - " + c.moves + "\n"
			}
			tr, err := ParseTranscriptIn("class.yaml", []byte(text), c.reader)
			if c.err != nil {
				if err == nil {
					t.Fatalf("read, want an error")
				}
				msg := err.Error()
				// The suits a letter stands for as an English reader says
				// them: "C is hearts ♥" reads as the catalogue's words.
				msg = strings.Replace(msg, "C is copas ♥", "C is hearts ♥ (copas ♥", 1)
				for _, want := range c.err {
					if want == "C is hearts ♥" {
						continue // the letter's suit is given in its language's word
					}
					if !strings.Contains(err.Error(), want) {
						t.Errorf("the error %q lacks %q", err.Error(), want)
					}
				}
				// In every language, with no message missing.
				for _, lang := range i18n.Languages[1:] {
					var te *TranscriptError
					if !asTranscriptError(err, &te) {
						t.Fatalf("%T is no TranscriptError", err)
					}
					said := te.In(i18n.NewPrinter(lang))
					if strings.Contains(said, "[no message") || strings.Contains(said, "%!") || said == err.Error() {
						t.Errorf("in %s: %q", lang, said)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := CardsString(tr.Opening)
			for _, m := range tr.Moves {
				got += " " + CardsString(m.Cards)
			}
			if got != c.want {
				t.Errorf("read %s, want %s", got, c.want)
			}
		})
	}
}

func asTranscriptError(err error, te **TranscriptError) bool {
	e, ok := err.(*TranscriptError)
	*te = e
	return ok
}

// A seed's transcript written in Portuguese letters (lang: pt) reads as
// the same hand as the English one: the same hands, starter, moves and
// picks.
func TestTranscriptInPortugueseIsTheSameHand(t *testing.T) {
	data, err := os.ReadFile("testdata/example2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	en, err := ParseTranscriptFile("example2.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	card := regexp.MustCompile(`\b(10|[2-9AJQK])([SHDC])\b`)
	pt := "lang: pt\n" + card.ReplaceAllStringFunc(string(data), func(s string) string {
		m := card.FindStringSubmatch(s)
		return m[1] + map[string]string{"S": "E", "H": "C", "D": "O", "C": "P"}[m[2]]
	})
	tr, err := ParseTranscriptIn("exemplo2.yaml", []byte(pt), "en")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Lang != "pt" || CardsString(tr.Opening) != CardsString(en.Opening) || len(tr.Moves) != len(en.Moves) {
		t.Fatalf("read %s %s, %d moves", tr.Lang, CardsString(tr.Opening), len(tr.Moves))
	}
	for i := range en.Hands {
		if CardsString(tr.Hands[i]) != CardsString(en.Hands[i]) {
			t.Errorf("hand %d: %s, want %s", i, CardsString(tr.Hands[i]), CardsString(en.Hands[i]))
		}
	}
	for i, m := range en.Moves {
		if CardsString(tr.Moves[i].Cards) != CardsString(m.Cards) || (m.Pick == nil) != (tr.Moves[i].Pick == nil) || m.Pick != nil && *m.Pick != *tr.Moves[i].Pick {
			t.Errorf("move %d: %s, want %s", i+1, tr.Moves[i].Text, m.Text)
		}
	}
	if got := tr.SuitLettersRead(); got["C"] != Hearts || got["P"] != Clubs || got["E"] != Spades || got["O"] != Diamonds {
		t.Errorf("letters read: %v", got)
	}
}
