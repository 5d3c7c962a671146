package web

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A teacher whose browser asks for Portuguese types God's rule in
// Portuguese words (the seed's own example): the start page reads it back
// in the scientists' Portuguese words, the console keeps it
// in Portuguese among God's secrets, and the lab notebook on the class
// screen says the scientists' rules in Portuguese, with no English left.
func TestBrowserRuleInPortugueseWords(t *testing.T) {
	ts := newTestServer(t, "")
	teacher, done := browser(t)
	defer done()
	do(t, teacher, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, teacher)
	acceptLanguage(t, teacher, "pt-BR,pt;q=0.9")
	do(t, teacher, "the start page",
		chromedp.Navigate(ts.ts.URL+ts.TeacherPath()),
		chromedp.WaitVisible(css(`form.newtable`)),
		chromedp.SetValue(css(`select[name=preset]`), "new-eleusis"),
		chromedp.SetValue(css(`input[name=pace]`), "0"),
		chromedp.SetValue(css(`input[name=seat0_name]`), "Ana"),
		chromedp.SetValue(css(`select[name=seat1_kind]`), "bot"),
		chromedp.SetValue(css(`input[name=seat1_bot]`), "bayes-eig"),
		chromedp.Click(css(`input[name=rule_mode][value=words]`)),
		chromedp.SendKeys(css(`textarea[name=rule_words]`), "Se a carta anterior for preta, jogue 7 ou maior. Se a carta anterior for vermelha, jogue 6 ou menor."),
		chromedp.Click(css(`form.newtable > button.primary`)),
		chromedp.WaitVisible(css(`.wordspreview`)),
	)
	// the two conditions exclude each other and cover every card: read
	// "if black …, otherwise …" (the chain's last branch the otherwise)
	want := "se a última carta é preta: a carta vale pelo menos 7; caso contrário: a carta vale no máximo 6"
	if said := text(t, teacher, `.wordspreview .said`); said != want {
		t.Fatalf("the rule is read back as %q, want %q", said, want)
	}
	if lang := get(t, teacher, "lang", chromedp.Evaluate[string](`document.querySelector(".wordspreview .said").closest("[lang]").lang`)); lang != "pt" {
		t.Errorf("the words read back are marked lang=%q", lang)
	}
	shot := get(t, teacher, "screenshot", chromedp.FullScreenshot(100))
	click(t, teacher, `.wordspreview button[name=read_expr]`)
	do(t, teacher, "the console", chromedp.WaitVisible(css(`section.console`)))
	get(t, teacher, "open God's rule", chromedp.Evaluate[bool](`(document.querySelector("details.secret").open = true, true)`))
	if secret := text(t, teacher, `details.secret .said`); secret != "Com as palavras dos cientistas: "+want {
		t.Errorf("the console says God's rule as %q", secret)
	}
	// (the console shows the teacher's own words too, which the reader read
	// in English: no check for English there)

	// The lab notebook, on the class screen.
	code := strings.ReplaceAll(text(t, teacher, `.joinbox b.code`), "-", "")
	get(t, teacher, "choose the notebook's bot", chromedp.Evaluate[string](`document.querySelector("select[name=notebook]").value = "1"`))
	click(t, teacher, `form.controls button:last-of-type`)
	do(t, teacher, "the class screen",
		chromedp.Navigate(ts.ts.URL+"/board/"+code+"/"),
		chromedp.WaitVisible(css(`section.notebook .hyps .said`)),
	)
	phrases := get(t, teacher, "the notebook's rules", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("section.notebook .hyps .said")).map(e => e.textContent)`))
	if len(phrases) == 0 {
		t.Fatal("the notebook says no rule in words")
	}
	for _, p := range phrases {
		if !strings.Contains(p, "carta") {
			t.Errorf("a rule of the notebook in words: %q", p)
		}
	}
	noEnglishShown(t, teacher, "pt", "the class screen with the notebook")
	if *updateScreenshots || os.Getenv("ELEUSIS_SHOTS") != "" {
		os.WriteFile(os.TempDir()+"/eleusis-words-pt.png", shot, 0o644)
		board := get(t, teacher, "screenshot", chromedp.FullScreenshot(100))
		os.WriteFile(os.TempDir()+"/eleusis-board-pt.png", board, 0o644)
	}
}
