package web

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulewords"
)

// Rules in words are said in the page's language: the start page's
// reading of the teacher's words, God's rule on the console, the rules of
// the lab notebook on the board, and God's rule at the reveal — in
// Portuguese, Spanish and Valencian as in English.
func TestRulesInThePagesLanguage(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:bayes-eig", "bot:random", "bot:random"))
	tb := ts.table(code)
	expr := tb.setup.Rule.Expr
	ts.post(t, ts.TeacherPath()+"t/"+code+"/settings", url.Values{"notebook": {"1"}}, true)
	s := waitFor(t, tb, "the notebook", func(s *snapshot) bool { return s.public.Notebook != nil && len(s.public.Notebook.Top) > 0 })
	top := s.public.Notebook.Top
	says := func(lang, e string) string {
		t.Helper()
		w, err := rulewords.SayIn(lang, e)
		if err != nil || w == "" {
			t.Fatalf("SayIn(%s, %s): %q, %v", lang, e, w, err)
		}
		return template.HTMLEscapeString(w)
	}
	for _, l := range []string{"en", "pt", "es", "ca"} {
		_, console := ts.getLang(t, ts.TeacherPath()+"t/"+code+"/", l)
		if want := says(l, expr); !strings.Contains(console, want) {
			t.Errorf("%s: the console does not say God's rule as %q", l, want)
		}
		_, board := ts.getLang(t, "/board/"+code+"/", l)
		for _, h := range top {
			if want := says(l, h.Expr); !strings.Contains(board, want) {
				t.Errorf("%s: the notebook does not say %s as %q", l, h.Expr, want)
			}
		}
		status, preview := ts.postLang(t, ts.TeacherPath()+"tables", wordsForm("if the last card was black play 7 or higher, otherwise 6 or lower"), l)
		if want := says(l, `(prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)`); status != http.StatusOK || !strings.Contains(preview, `<p class="said">`+want+`</p>`) {
			t.Errorf("%s: the start page does not read the words back as %q: %d", l, want, status)
		}
	}
	if _, pt := ts.getLang(t, ts.TeacherPath()+"t/"+code+"/", "pt"); !strings.Contains(pt, "Com as palavras dos cientistas: se a última carta é preta") {
		t.Errorf("the Portuguese console: %s", pt)
	}
	ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", nil, true)
	waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	for _, l := range []string{"pt", "es", "ca"} {
		_, board := ts.getLang(t, "/board/"+code+"/", l)
		if want := says(l, expr); !strings.Contains(board, want) {
			t.Errorf("%s: the reveal does not say God's rule as %q", l, want)
		}
		noEnglish(t, l, "the board at the reveal", board)
	}
}

// The teacher types God's rule in the words of the start page's language
// (words_lang, the page's own): it is read in that language, read back in
// it, and opens the table; English words are still read on any page, and
// words no language reads are refused, saying where reading stopped.
func TestRuleTypedInThePagesLanguage(t *testing.T) {
	ts := newTestServer(t, "")
	want := `(prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)`
	for _, c := range []struct{ lang, text string }{
		{"pt", "Se a carta anterior for preta, jogue 7 ou maior; senão, 6 ou menor."},
		{"es", "si la última carta es negra, juegue 7 o más; si no, 6 o menos"},
		{"ca", "si l'última carta és negra, juga 7 o més; si no, 6 o menys"},
		{"pt", "if the last card was black play 7 or higher, otherwise 6 or lower"},
	} {
		f := wordsForm(c.text)
		f.Set("words_lang", c.lang)
		status, page := ts.postLang(t, ts.TeacherPath()+"tables", f, c.lang)
		m := readExprRE.FindAllStringSubmatch(page, -1)
		if status != http.StatusOK || len(m) != 1 || html(m[0][1]) != want {
			t.Errorf("%s: %q: %d, readings %q: %s", c.lang, c.text, status, m, errorsOn(page))
			continue
		}
		said, _ := rulewords.SayIn(c.lang, want)
		if !strings.Contains(page, `<p class="said">`+template.HTMLEscapeString(said)+`</p>`) {
			t.Errorf("%s: the reading is not said back as %q", c.lang, said)
		}
		f.Set("read_expr", want)
		if status, _, body := ts.post(t, ts.TeacherPath()+"tables", f, false); status != http.StatusSeeOther && status != http.StatusOK {
			t.Errorf("%s: opening the table with the reading: %d %s", c.lang, status, errorsOn(body))
		}
	}
	f := wordsForm("jogue a melhor carta")
	f.Set("words_lang", "pt")
	if _, page := ts.postLang(t, ts.TeacherPath()+"tables", f, "pt"); !strings.Contains(html(errorsOn(page)), `cannot read it as a rule: stuck at "melhor" (word 3: jogue a melhor)`) {
		t.Errorf("words that do not read: %q", errorsOn(page))
	}
}
