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
