package web

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/eleusis/eleusis/i18n"
)

// acceptLanguage makes the browser ask for the languages of header.
func acceptLanguage(t *testing.T, ctx context.Context, header string) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": header}}); err != nil {
		t.Fatal(err)
	}
}

// noEnglishShown fails when the page the browser shows, in lang, still
// shows English words (its script's included).
func noEnglishShown(t *testing.T, ctx context.Context, lang, what string) {
	t.Helper()
	html := get(t, ctx, "read the page", chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	if left := i18n.Default().Untranslated(i18n.Match(lang, ""), i18n.VisibleText(html)); len(left) > 0 {
		t.Errorf("%s has English left: %v", what, left)
	}
}

// A student whose browser asks for Portuguese joins a table and plays:
// the home, join and seat pages speak Portuguese with the seeds' words,
// the page's script too (the chosen card, a sequence), no English is left
// on them; the switch then turns the seat page into Spanish, and the
// choice stays when the page is loaded again.
func TestBrowserJoinAndSeatInPortuguese(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:bayes-eig", "bot:random", "bot:random"))
	tb := ts.table(code)
	ctx, done := browser(t)
	defer done()
	do(t, ctx, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, ctx)
	acceptLanguage(t, ctx, "pt-BR,pt;q=0.9,en;q=0.5")
	english := func(what string) { t.Helper(); noEnglishShown(t, ctx, "pt", what) }

	do(t, ctx, "the home page", chromedp.Navigate(ts.ts.URL+"/"), chromedp.WaitVisible(css(`input[name=code]`)))
	if got := text(t, ctx, `h1 small`); got != "o jogo da ciência" {
		t.Errorf("the home page's heading says %q", got)
	}
	if got := text(t, ctx, `form.join label`); !strings.Contains(got, "O código da sua mesa") {
		t.Errorf("the code's label says %q", got)
	}
	english("the home page")

	do(t, ctx, "join with the code",
		chromedp.SendKeys(css(`input[name=code]`), code),
		chromedp.Submit(css(`input[name=code]`)),
		chromedp.WaitVisible(css(`.seats-join button`)),
	)
	if got := text(t, ctx, `main p`); got != "Quem é você?" {
		t.Errorf("the join page asks %q", got)
	}
	if got := text(t, ctx, `h1`); got != "Mesa "+groupCode(code) {
		t.Errorf("the join page is headed %q", got)
	}
	if lang := get(t, ctx, "lang", chromedp.Evaluate[string](`document.documentElement.lang`)); lang != "pt" {
		t.Errorf("the join page says lang=%q", lang)
	}
	english("the join page")

	click(t, ctx, `.seats-join button`)
	waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	waitJS(t, ctx, "Ana's turn", `document.querySelector(".turnline b") !== null`)
	if got := text(t, ctx, `.turnline`); !strings.HasPrefix(got, "Sua vez.") || !strings.Contains(got, "“não tenho cartas”") {
		t.Errorf("the turn line says %q", got)
	}
	if got := text(t, ctx, `button[value=noplay]`); got != "Não tenho cartas" {
		t.Errorf("the no-play button says %q", got)
	}
	if got := text(t, ctx, `section.log h2`); got != "Jogadas" {
		t.Errorf("the log is headed %q", got)
	}
	label := get(t, ctx, "a card's label", chromedp.Evaluate[string](`document.querySelector(".handcard").getAttribute("aria-label")`))
	if !strings.Contains(label, " de ") {
		t.Errorf("a card is read out as %q", label)
	}
	// The script's words: one card, then a sequence of two.
	click(t, ctx, `.handcard:nth-of-type(1)`)
	if got := text(t, ctx, `button[value=play] .sel`); got != "a carta" {
		t.Errorf("one card chosen: the button says %q", got)
	}
	click(t, ctx, `.handcard:nth-of-type(2)`)
	if got := text(t, ctx, `button[value=play] .sel`); got != "a sequência de 2" {
		t.Errorf("two cards chosen: the button says %q", got)
	}
	english("Ana's seat on her turn")
	if *updateScreenshots || os.Getenv("ELEUSIS_SHOTS") != "" {
		shot := get(t, ctx, "screenshot", chromedp.FullScreenshot(100))
		os.WriteFile(os.TempDir()+"/eleusis-seat-pt.png", shot, 0o644)
	}
	click(t, ctx, `button[value=play]`)
	waitJS(t, ctx, "the move in the log", `Array.from(document.querySelectorAll("section.log li")).some(li => li.textContent.includes("Ana joga"))`)
	english("Ana's seat after her move")

	// The switch: Spanish, kept on the next load.
	click(t, ctx, `nav.langs a[hreflang=es]`)
	waitJS(t, ctx, "the page in Spanish", `document.documentElement.lang === "es" && document.querySelector("section.log h2") !== null`)
	if got := text(t, ctx, `section.log h2`); got != "Jugadas" {
		t.Errorf("after the switch the log is headed %q", got)
	}
	do(t, ctx, "load the page again", chromedp.Reload())
	waitJS(t, ctx, "still Spanish", `document.documentElement.lang === "es" && document.querySelector("section.log h2") !== null`)
	if got := text(t, ctx, `nav.langs b`); got != "Español" {
		t.Errorf("the switch marks %q as the page's language", got)
	}
}
