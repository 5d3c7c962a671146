package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// getLang fetches a page with a browser's Accept-Language.
func (ts *testServer) getLang(t *testing.T, path, accept string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.ts.URL+path, nil)
	req.Header.Set("Accept-Language", accept)
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// noEnglish fails when a page in lang still shows English words.
func noEnglish(t *testing.T, lang, what, page string) {
	t.Helper()
	tag, _ := i18n.Parse(lang)
	if !strings.Contains(page, `<html lang="`+lang+`"`) && strings.Contains(page, "<html") {
		t.Errorf("%s in %s: the page does not say lang=%q", what, lang, lang)
	}
	if left := i18n.Default().Untranslated(tag, i18n.VisibleText(page)); len(left) > 0 {
		t.Errorf("%s in %s has English left: %v", what, lang, left)
	}
}

// Every page a student sees, in every language, at every stage of a
// hand: the home and join pages, the seat on the student's turn and after
// a move, the class screen, the reveal; none has English left.
func TestStudentPagesInEveryLanguage(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "person:Rui", "bot:bayes-eig", "bot:random"))
	tb := ts.table(code)
	pages := map[string]string{}
	look := func(stage string, paths ...string) {
		for _, l := range i18n.Codes()[1:] {
			for _, p := range paths {
				status, body := ts.getLang(t, p, l+",en;q=0.5")
				if status != http.StatusOK && status != http.StatusNotFound {
					t.Fatalf("%s %s: %d", stage, p, status)
				}
				noEnglish(t, l, stage+" "+p, body)
				pages[l+" "+stage+" "+p] = body
			}
		}
	}
	look("before joining", "/", "/join?code="+code, "/play/nothing/", "/join?code=ZZZZZZZZ")
	ana := ts.join(t, code, 0)
	look("joined", ana, ana+"view", "/board/"+code+"/", "/board/"+code+"/view")
	waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	look("Ana's turn", ana, ana+"view", "/board/"+code+"/view")
	hand := tb.snap.Load().seats[0].Hand
	if status, _, body := ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {hand[0].String()}}, true); status != http.StatusNoContent {
		t.Fatalf("Ana's move: %d %s", status, body)
	}
	waitFor(t, tb, "Ana's move judged", func(s *snapshot) bool { return len(s.public.Log) > 0 })
	look("after Ana's move", ana+"view", "/board/"+code+"/view")
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", nil, true); status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	look("the reveal", ana+"view", "/board/"+code+"/")

	// The words the class reads are the seeds' words.
	for _, tc := range []struct{ lang, page, want string }{
		{"pt", "Ana's turn " + ana + "view", "Não tenho cartas"},
		{"pt", "Ana's turn " + ana + "view", "Sua vez."},
		{"es", "Ana's turn " + ana + "view", "Sin jugada"},
		{"ca", "Ana's turn " + ana + "view", "Sense jugada"},
		{"ca", "the reveal /board/" + code + "/", "La regla de Deu"},
		{"es", "the reveal /board/" + code + "/", "La regla de Dios"},
		{"pt", "the reveal /board/" + code + "/", "A Regra Divina"},
		{"pt", "before joining /join?code=" + code, "Quem é você?"},
		{"pt", "before joining /join?code=ZZZZZZZZ", "Nenhuma mesa tem o código"},
	} {
		if !strings.Contains(pages[tc.lang+" "+tc.page], tc.want) {
			t.Errorf("%s %s lacks %q", tc.lang, tc.page, tc.want)
		}
	}
	// And English is still English.
	_, body := ts.getLang(t, ana+"view", "en-GB")
	if !strings.Contains(body, "The hand is over") && !strings.Contains(body, "God's rule") {
		t.Errorf("the English page: %s", body)
	}
}

// The switch on every page sets a cookie that outlives the browser's
// Accept-Language, and brings the reader back to the page.
func TestLanguageSwitchSticks(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:random", "bot:random", "bot:random"))
	_, body := ts.getLang(t, "/join?code="+code, "pt-BR")
	for _, l := range []string{"en", "pt", "es", "ca"} {
		if !strings.Contains(body, `hreflang="`+l+`"`) && !strings.Contains(body, `<b lang="`+l+`">`) {
			t.Errorf("the join page's switch has no %s", l)
		}
	}
	if status, loc, _ := ts.do(t, "/join?code="+code+"&lang=ca"); status != http.StatusSeeOther || loc != "/join?code="+code {
		t.Errorf("choosing Valencià: %d → %q", status, loc)
	}
	_, body = ts.getLang(t, "/join?code="+code, "pt-BR")
	if !strings.Contains(body, "Qui eres?") || !strings.Contains(body, `<html lang="ca"`) {
		t.Errorf("after choosing Valencià the join page is not in Valencian: %s", body)
	}
	_, body = ts.getLang(t, "/", "es")
	if !strings.Contains(body, "El codi de la teua taula") {
		t.Errorf("the choice does not stick on another page")
	}
	// A language we do not have is ignored, not kept.
	ts.get(t, "/?lang=fr")
	if _, body = ts.getLang(t, "/", "es"); !strings.Contains(body, "El codi de la teua taula") {
		t.Errorf("?lang=fr undid the choice")
	}
}

// The switch's redirect keeps the page's own query (the table's code).
func TestLanguageSwitchRedirect(t *testing.T) {
	ts := newTestServer(t, "")
	status, loc, _ := ts.do(t, "/join?code=ABCD&lang=pt")
	if status != http.StatusSeeOther || loc != "/join?code=ABCD" {
		t.Errorf("?lang=pt: %d → %q", status, loc)
	}
}

// do gets a page and returns the status and where it redirects.
func (ts *testServer) do(t *testing.T, path string) (int, string, string) {
	t.Helper()
	resp, err := ts.client.Get(ts.ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

// The log's words come from the catalogue in every language.
func TestDescribeRecordSaysEveryLanguage(t *testing.T) {
	c8, _ := sim.ParseCard("8H")
	r := &sim.MoveRecord{Turn: 3, Player: 0, Kind: sim.Play, Cards: []sim.Card{c8}, Verdict: sim.No, Penalty: 2, Drawn: 2, Eliminated: true}
	l := describeRecord([]string{"Ana"}, r)
	if l.Move != "Ana plays 8♥" || l.Then != "draws 2; sudden death: eliminated" {
		t.Errorf("English: %q — %q", l.Move, l.Then)
	}
	pt := i18n.NewPrinter(i18n.Match("pt", ""))
	if got := pt.Say(l.MoveMsg) + " — " + pt.SayAll(l.ThenMsg); got != "Ana joga 8♥ — recebe 2 de penitência; eliminação por erro: fora da mão" {
		t.Errorf("Portuguese: %q", got)
	}
}

// postLang sends a form with a browser's Accept-Language.
func (ts *testServer) postLang(t *testing.T, path string, form url.Values, accept string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", accept)
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The teacher's pages in every language: the start page (with its tables,
// a rule typed in words read back, a refused form), and the console of a
// table the computer judges and of one the teacher judges, with God's
// question waiting; none has English left but what is marked as English
// (the engine's notes, the words of rules).
func TestTeacherPagesInEveryLanguage(t *testing.T) {
	ts := newTestServer(t, "")
	bank := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:bayes-eig", "bot:random", "bot:random"))
	judged := ts.openTable(t, form("express", "teacher", "", "bot:random", "bot:random", "bot:random"))
	waitFor(t, ts.table(judged), "God's question", func(s *snapshot) bool { return s.teacher.Question != nil })
	words := wordsForm("red cards low, black cards high")
	refused := wordsForm("red colours only")
	for _, l := range i18n.Codes()[1:] {
		accept := l + ",en;q=0.5"
		_, home := ts.getLang(t, ts.TeacherPath(), accept)
		noEnglish(t, l, "the start page", home)
		if status, page := ts.postLang(t, ts.TeacherPath()+"tables", words, accept); status != http.StatusOK || !strings.Contains(page, "wordspreview") {
			t.Fatalf("%s: the rule in words: %d", l, status)
		} else {
			noEnglish(t, l, "the rule in words read back", page)
		}
		_, page := ts.postLang(t, ts.TeacherPath()+"tables", refused, accept)
		noEnglish(t, l, "a refused form", page)
		for _, code := range []string{bank, judged} {
			_, page := ts.getLang(t, ts.TeacherPath()+"t/"+code+"/", accept)
			noEnglish(t, l, "the console of "+code, page)
			_, view := ts.getLang(t, ts.TeacherPath()+"t/"+code+"/view", accept)
			noEnglish(t, l, "the console's view of "+code, view)
		}
	}
	_, page := ts.getLang(t, ts.TeacherPath(), "pt-BR")
	for _, want := range []string{"Abrir uma mesa", "A Regra Divina", "Os lugares, em sentido horário a partir de Deus"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Portuguese start page lacks %q", want)
		}
	}
}

// The table's own refusals are said in the reader's language; the engine's
// stay its own.
func TestRefusalsInTheReadersLanguage(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:random", "bot:random", "bot:random"))
	req, _ := http.NewRequest("POST", ts.ts.URL+"/join", strings.NewReader(url.Values{"code": {code}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "pt-BR")
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := ts.flashAtLang(t, resp.Header.Get("Location"), "pt-BR"); got != "escolha o seu lugar" {
		t.Errorf("joining without a seat, in Portuguese: %q", got)
	}
	// A link cannot put words in the flash: only the server's own message,
	// by the catalogue's key, is said.
	for _, p := range []string{"/?flash=Send+your+password+to+evil.example", "/join?code=" + code + "&flash=Your+teacher+says+hi"} {
		if _, body := ts.get(t, p); strings.Contains(i18n.VisibleText(body), "password") || strings.Contains(i18n.VisibleText(body), "teacher says") || strings.Contains(body, `class="flash"`) {
			t.Errorf("%s shows a stranger's words", p)
		}
	}
	if err := sayErr("err.seatTaken", "Ana"); err.Error() != "Ana's seat is taken; if that is you, ask the teacher to free it" {
		t.Errorf("in English: %q", err)
	}
}
