package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The teacher types God's rule in words on the start page, sees it read
// back — in the scientists' words, as an expression and on cards — says
// "this is my rule", and the table opens with it (words that do not read
// are refused first, saying where the reading stopped).
func TestBrowserRuleInWords(t *testing.T) {
	ts := newTestServer(t, "")
	teacher, done := browser(t)
	defer done()
	do(t, teacher, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, teacher)
	do(t, teacher, "the start page",
		chromedp.Navigate(ts.ts.URL+ts.TeacherPath()),
		chromedp.WaitVisible(css(`form.newtable`)),
		chromedp.SetValue(css(`select[name=preset]`), "express"),
		chromedp.SetValue(css(`input[name=pace]`), "0"),
		chromedp.SetValue(css(`input[name=seat0_name]`), "Ana"),
		chromedp.Click(css(`input[name=rule_mode][value=words]`)),
	)
	// First words the reader cannot read: the page says where it stopped.
	do(t, teacher, "type words it cannot read",
		chromedp.SendKeys(css(`textarea[name=rule_words]`), "red colours only"),
		chromedp.Click(css(`form.newtable > button.primary`)),
		chromedp.WaitVisible(css(`form.newtable`)),
	)
	if msg := text(t, teacher, `textarea[name=rule_words] ~ p.err`); !strings.Contains(msg, `stuck at "colours"`) {
		t.Fatalf("words that do not read: the page says %q", msg)
	}
	if got := get(t, teacher, "the words kept", chromedp.Evaluate[string](`document.querySelector("textarea[name=rule_words]").value`)); got != "red colours only" {
		t.Fatalf("the words typed are not kept after the error: %q", got)
	}
	get(t, teacher, "clear the words", chromedp.Evaluate[string](`document.querySelector("textarea[name=rule_words]").value = ""`))
	do(t, teacher, "type the rule in words",
		chromedp.SendKeys(css(`textarea[name=rule_words]`), "if the last card was black play 7 or higher, otherwise 6 or lower"),
		chromedp.Click(css(`form.newtable > button.primary`)),
		chromedp.WaitVisible(css(`.wordspreview`)),
	)
	said := text(t, teacher, `.wordspreview .said`)
	if said != "if the last card is black: the card is 7 or higher; otherwise: the card is 6 or lower" {
		t.Fatalf("the rule is said back as %q", said)
	}
	if n := get(t, teacher, "example cards", chromedp.Evaluate[int](`document.querySelectorAll(".wordspreview .example svg.card").length`)); n < 3*examplesShown {
		t.Fatalf("%d cards in the examples", n)
	}
	shot := get(t, teacher, "screenshot", chromedp.FullScreenshot(100))
	click(t, teacher, `.wordspreview button[name=read_expr]`)
	do(t, teacher, "the console", chromedp.WaitVisible(css(`section.console`)))
	get(t, teacher, "open God's rule", chromedp.Evaluate[bool](`(document.querySelector("details.secret").open = true, true)`))
	if secret := text(t, teacher, `details.secret`); !strings.Contains(secret, "if the last card was black play 7 or higher") || !strings.Contains(secret, "(prev.color == \"black\")") {
		t.Fatalf("the console shows God's rule as %q", secret)
	}
	code := strings.ReplaceAll(text(t, teacher, `.joinbox b.code`), "-", "")
	tb := ts.table(code)
	if tb == nil || tb.setup.Rule.Expr != `(prev.color == "black") ? (card.rank >= 7) : (card.rank <= 6)` {
		t.Fatalf("the table's rule: %+v", tb)
	}
	if *updateScreenshots {
		if err := os.WriteFile(filepath.Join("screenshots", "words.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
