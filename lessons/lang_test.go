package lessons

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/longtest"
	"github.com/eleusis/eleusis/internal/testkit"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/rulewords"
	"github.com/eleusis/eleusis/sim"
)

// A class's hand that says every kind of thing a transcript can: beliefs
// in words and as expressions, rules stated in words with God's answer,
// God's mistakes.
const classHandAllKinds = `preset: new-eleusis
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
god: Teacher
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 9H
moves:
  - move: Ana play 7H
    believed: only red cards
  - move: Bia play 9S
    believed: only red cards
  - move: Caio play 3C
    believed: mumble jumble
  - Caio states the card is red or at most 5 god_said:no
  - Duda play 8C god_said:yes
  - Ana play 2S
`

// classLesson narrates a class's transcript.
func classLesson(t *testing.T, text string) *Narration {
	t.Helper()
	tr, err := sim.ParseTranscriptFile("class.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	rule, err := rulebank.Compile(rulebank.Rule{Name: "rule", Expr: tr.Rule})
	if err != nil {
		t.Fatal(err)
	}
	n, err := TranscriptLesson(testkit.Kit(), rule, tr, "class.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// classHandPortuguese is a class's hand written in Portuguese letters (C
// is copas, hearts): beliefs refuted both ways, a rule stated and found,
// God's mistake.
const classHandPortuguese = `lang: pt
preset: new-eleusis
options: {first_player: left_of_god}
rule: 'card.rank <= 5 or card.color == "red"'
god: Professora
players: [Ana, Bia, Caio, Duda]
hand_sizes: {Ana: 14, Bia: 14, Caio: 14, Duda: 14}
starter: 9C
moves:
  - move: Ana play 7C
    believed: só cartas vermelhas
  - move: Bia play 9E
    believed: só cartas vermelhas
  - move: Caio play 3P
    believed: só cartas vermelhas
  - move: Duda play KE
    believed: qualquer carta
  - Caio states a carta é vermelha ou no máximo 5 god_said:yes
  - Ana play KP god_said:yes
`

// wrongSingular matches a count of one with its noun in the plural
// ("1 cartas") in Portuguese, Spanish or Valencian: the page did not
// choose the singular form.
var wrongSingular = regexp.MustCompile(`\b1 (cartas|cartes|regras|reglas|regles|jogadas|jugadas|jugades)\b`)

// codeRE: code in Markdown (expressions), which is no language's words.
var codeRE = regexp.MustCompile("`[^`]*`")

// Every page of the pack, and hand.md, in Portuguese, Spanish and
// Valencian: no English left (the checker of i18n), no key without a
// message, no "1 cartas"; for played hands of several kinds and a class's
// transcript.
func TestPackInEveryLanguage(t *testing.T) {
	var hands []*Narration
	for _, c := range []struct {
		rule   string
		seed   uint64
		follow int
		lineup []string
	}{
		{"same-suit", 7, 0, []string{"bayes-eig(size=3000)", "positive-tester(size=3000)", "bounded-human", "random"}},
		{"low-or-red", 2, 1, []string{"bayes-eig(size=3000)", "positive-tester(size=3000)", "negative-tester(size=3000)", "random"}},
		{"suit-cycle-sdch", 2, 0, []string{"bayes-eig(size=3000)", "positive-tester(size=3000)", "bounded-human", "random"}},
	} {
		hands = append(hands, lesson(t, c.rule, c.seed, c.follow, c.lineup...))
		if testing.Short() { // one played hand besides the classes'
			break
		}
	}
	var said []string // what the classes said, in their own words
	for _, text := range []string{classHandAllKinds, classHandPortuguese} {
		hands = append(hands, classLesson(t, text))
		tr, err := sim.ParseTranscriptFile("class.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tr.Moves {
			said = append(said, m.Words, m.Believed)
		}
	}
	for _, n := range hands {
		for _, lang := range i18n.Languages[1:] {
			pages, err := n.lessonHTMLIn(n.HandoutMove(), lang)
			if err != nil {
				t.Fatal(err)
			}
			var md bytes.Buffer
			if err := n.MarkdownIn(&md, lang); err != nil {
				t.Fatal(err)
			}
			texts := map[string]string{"hand.md": codeRE.ReplaceAllString(md.String(), " ")}
			for name, page := range pages {
				texts[name] = i18n.VisibleText(string(page))
			}
			f, err := n.beliefFigure(i18n.NewPrinter(lang))
			if err != nil {
				t.Fatal(err)
			}
			texts["the plot"] = strings.Join(append([]string{f.Title}, f.Caption...), " ")
			if n.Source != "" {
				dir := t.TempDir()
				if err := WriteClassResults(dir, []*Narration{n}, lang); err != nil {
					t.Fatal(err)
				}
				page, err := os.ReadFile(filepath.Join(dir, "results.html"))
				if err != nil {
					t.Fatal(err)
				}
				texts["results.html"] = i18n.VisibleText(string(page))
			}
			// Names are no language's words: the strategies' (bayes-eig,
			// random), the rule's and the file's, and what the class said
			// in its own words.
			names := append(append([]string{n.Rule, n.Source}, n.Strategies...), said...)
			for name, text := range texts {
				for _, s := range names {
					if s != "" {
						text = strings.ReplaceAll(text, s, " ")
					}
				}
				if left := i18n.Default().Untranslated(lang, text); len(left) > 0 {
					t.Errorf("%s, %s in %s: English left: %v", n.Rule, name, i18n.Name(lang), left)
				}
				for _, bad := range []string{"[no message", "%!"} {
					if strings.Contains(text, bad) {
						t.Errorf("%s, %s in %s holds %q", n.Rule, name, i18n.Name(lang), bad)
					}
				}
				if m := wrongSingular.FindString(text); m != "" {
					t.Errorf("%s, %s in %s: %q", n.Rule, name, i18n.Name(lang), m)
				}
			}
		}
	}
}

// The pack's English stays as it was: the catalogue says the narration's
// sentences word for word.
func TestPackEnglishUnchanged(t *testing.T) {
	n := lesson(t, "same-suit", 7, 0, "bayes-eig(size=3000)", "positive-tester(size=3000)", "bounded-human", "random")
	var a, b bytes.Buffer
	if err := n.Markdown(&a); err != nil {
		t.Fatal(err)
	}
	if err := n.MarkdownIn(&b, language.English); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() || !strings.Contains(a.String(), "## Move 1 — ") {
		t.Errorf("hand.md in English differs from Markdown's")
	}
}

// The handout never holds God's rule, in any language: not its expression
// (as written or escaped), its description, its name, its hint, nor its
// words in the grammar; and it links or embeds no other file that could.
// In Portuguese, Spanish and Valencian no English is left on it.
func TestHandoutHoldsNoRule(t *testing.T) {
	rules := []string{"same-suit", "black-high-red-low", "suit-cycle-sdch", "odd-black-then-even-red", "opposite-colour"}
	switch {
	case testing.Short():
		rules = rules[:1]
	case !longtest.On():
		rules = rules[:3]
	}
	for _, rule := range rules {
		n := lesson(t, rule, 2, 0, "bayes-eig(size=3000)", "positive-tester(size=3000)", "random", "bounded-human")
		for _, ml := range inEveryLanguage(1, n.HandoutMove(), len(n.Steps)) {
			move := ml.move
			pages, err := n.lessonHTMLIn(move, ml.lang)
			if err != nil {
				t.Fatal(err)
			}
			lessonPage := pages["lesson.html"]
			for _, students := range studentPages {
				if students == "deck.html" && move != 1 {
					continue // the same slides whatever the handout's move (English is looked for once)
				}
				if left := i18n.Default().Untranslated(ml.lang, i18n.VisibleText(string(pages[students]))); len(left) > 0 {
					t.Errorf("%s: the %s (move %d) in %s has English left: %v", rule, students, move, i18n.Name(ml.lang), left)
				}
			}
			secrets := []string{n.Expr, htmlEscape(n.Expr), n.Description, htmlEscape(n.Description), n.Rule, n.Hint, htmlEscape(n.Hint)}
			if n.End.GodPhrase != "" {
				secrets = append(secrets, n.End.GodPhrase, htmlEscape(n.End.GodPhrase))
			}
			if w, err := rulewords.SayIn(ml.lang.String(), n.Expr); err == nil { // the rule in the page's words
				secrets = append(secrets, w, htmlEscape(w))
			}
			for _, students := range studentPages {
				page := string(pages[students])
				for _, s := range secrets {
					if strings.TrimSpace(s) != "" && strings.Contains(page, s) {
						t.Errorf("%s: the %s (move %d) holds %q", rule, students, move, s)
					}
				}
				if m := refersOut(page); m != "" {
					t.Errorf("%s: the %s refers to another file (%q): check that file too", rule, students, m)
				}
			}
			if !strings.Contains(string(lessonPage), htmlEscape(n.Expr)) {
				t.Errorf("%s: the teacher's page does not give the rule", rule)
			}
		}
	}
}

func htmlEscape(s string) string { return htmlText{}.text(s) }

// refersOut finds in a page what would load another file: an attribute
// src=, href=, action=, srcset=, poster= or data=, a CSS url( or @import
// ("" when there is none). (A scan, not a case-insensitive regular
// expression: the deck is megabytes of card pictures.)
func refersOut(page string) string {
	lower := strings.ToLower(page)
	for _, s := range []string{"url(", "@import"} {
		if strings.Contains(lower, s) {
			return s
		}
	}
	for _, attr := range []string{"src", "href", "action", "srcset", "poster", "data"} {
		for rest := lower; ; {
			i := strings.Index(rest, attr)
			if i < 0 {
				break
			}
			rest = rest[i+len(attr):]
			if after := strings.TrimLeft(rest, " \t\n\r"); strings.HasPrefix(after, "=") {
				return attr + "="
			}
		}
	}
	return ""
}

type moveInLanguage struct {
	move int
	lang language.Tag
}

// inEveryLanguage pairs each move with each catalogue's language.
func inEveryLanguage(moves ...int) []moveInLanguage {
	var out []moveInLanguage
	for _, m := range moves {
		for _, l := range i18n.Languages {
			out = append(out, moveInLanguage{m, l})
		}
	}
	return out
}
