package web

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	qr "github.com/piglig/go-qr"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/longtest"
)

// What a class sees in a browser: the projector's join panel (its QR code
// read back from the screen), students on phones typing their own names,
// and — in each of the class's languages — a whole hand with mistakes,
// after which neither the student's page, nor the class screen, nor the
// teacher's console shows a word of English.

// shownText is what a reader of the page reads, as the browser has it:
// the text of every element (closed panels included), the words of
// buttons' confirmations, labels for screen readers, titles, placeholders
// and the script's own words (data-t*); left out are what no language
// translates — code, card drawings, the language switch, names
// (translate="no") — and what the page marks as written in another
// language (lang="…", the words of an outside program or of the rule
// compiler).
const shownText = `(() => {
  const skip = "script, style, svg, code, kbd, nav.langs, [translate=no], body [lang]";
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(skip)) continue;
    for (const a of el.attributes) {
      if (["aria-label", "title", "alt", "placeholder", "data-confirm"].includes(a.name) || a.name.startsWith("data-t")) out.push(a.value.replace(/\{\w+\}/g, "")); // {n}: the script's placeholders
    }
  }
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(skip).forEach(e => e.remove());
  out.push(copy.textContent);
  return out.join("\n");
})()`

// noEnglishInBrowser fails when the page shows English words.
func noEnglishInBrowser(t *testing.T, ctx context.Context, lang, what string) {
	t.Helper()
	text := get(t, ctx, "read "+what, chromedp.Evaluate[string](shownText))
	tag, _ := i18n.Parse(lang)
	if left := i18n.Default().Untranslated(tag, text); len(left) > 0 {
		t.Errorf("%s in %s shows English: %v", what, lang, left)
		if os.Getenv("ELEUSIS_SHOW_TEXT") != "" {
			t.Log(text)
		}
	}
	if got := get(t, ctx, "lang", chromedp.Evaluate[string](`document.documentElement.lang`)); got != lang {
		t.Errorf("%s says lang=%q, want %q", what, got, lang)
	}
}

// contrast is the contrast ratio (WCAG 2) of an element's text on its
// background as the browser draws them: the colours computed, the text's
// alpha and every ancestor's opacity blended onto the first opaque
// background behind it.
const contrast = `((sel) => {
  const el = document.querySelector(sel);
  if (!el) return -1;
  const rgba = s => { const m = s.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  let bg = null, opacity = 1;
  for (let e = el; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    opacity *= Number(cs.opacity);
    const b = rgba(cs.backgroundColor);
    if (!bg && b[3] >= 0.99) bg = b;
  }
  bg = bg || [255, 255, 255, 1];
  const fg = rgba(getComputedStyle(el).color);
  const a = fg[3] * opacity;
  const mix = [0, 1, 2].map(i => fg[i] * a + bg[i] * (1 - a));
  const lum = c => { const v = c.map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const l1 = lum(mix), l2 = lum(bg.slice(0, 3));
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
})`

// The class screen on a projector: the address and the code large, the QR
// code of the join link (read back from a screenshot); students on phones
// type their names — one like another's is refused in the phone's
// language — and the screen shows them; the bot's strategy badge reads at
// a contrast of at least 4.5:1; nothing sticks out sideways on a phone.
func TestBrowserProjectorAndPhones(t *testing.T) {
	ts := newTestServerWith(t, "", Config{JoinURLs: []string{"http://192.168.1.20:8080/"}})
	code := ts.openTable(t, form("new-eleusis", "bank", "black-high-red-low", "person:", "person:", "person:", "bot:bayes-eig", "bot:random"))
	projector, done := browser(t)
	defer done()
	do(t, projector, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, projector)
	do(t, projector, "the class screen", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.ts.URL+"/board/"+code+"/"), chromedp.WaitVisible(css(`.joinpanel svg.qr`)))
	if got := text(t, projector, `.joinpanel .addr`); got != "http://192.168.1.20:8080/" {
		t.Errorf("the class screen shows the address %q", got)
	}
	if got := text(t, projector, `.joinpanel .code`); got != groupCode(code) {
		t.Errorf("the class screen shows the code %q", got)
	}
	if px := get(t, projector, "the code's size", chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".joinpanel .code")).fontSize)`)); px < 48 {
		t.Errorf("the code is %.0f px high on a projector", px)
	}
	shot := get(t, projector, "the QR code", chromedp.Screenshot(css(`.joinpanel .qrbox`)))
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	link, err := qr.Decode(img)
	if want := "http://192.168.1.20:8080/join?code=" + groupCode(code); err != nil || link != want {
		t.Fatalf("the QR code on the screen reads %q (%v), want %q", link, err, want)
	}
	if c := get(t, projector, "the badge's contrast", chromedp.Evaluate[float64](contrast+`(".seat .what code")`)); c < 4.5 || math.IsNaN(c) {
		t.Errorf("the strategy badge's contrast is %.2f:1, under 4.5:1", c)
	}

	// Two phones.
	phone := func(accept string) context.Context {
		ctx, cancel := chromedp.NewContext(projector)
		t.Cleanup(cancel)
		do(t, ctx, "a phone", chromedp.Navigate("about:blank"))
		noScriptErrors(t, ctx)
		acceptLanguage(t, ctx, accept)
		do(t, ctx, "a phone's screen", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
		return ctx
	}
	zoe, rui := phone("en"), phone("pt-BR,pt;q=0.9")
	do(t, zoe, "Zoë joins by the QR code's link", chromedp.Navigate(ts.ts.URL+"/join?code="+groupCode(code)),
		chromedp.SendKeys(css(`input[name=name]`), "Zoë"), chromedp.Submit(css(`input[name=name]`)), chromedp.WaitVisible(css(`form.hand`)))
	do(t, rui, "Rui types a name like Zoë's", chromedp.Navigate(ts.ts.URL+"/join?code="+strings.ToLower(code)),
		chromedp.SendKeys(css(`input[name=name]`), "ZOË"), chromedp.Submit(css(`input[name=name]`)), chromedp.WaitVisible(css(`.flash`)))
	if got := text(t, rui, `.flash`); !strings.Contains(got, "parece Zoë") {
		t.Errorf("a name like Zoë's: %q", got)
	}
	do(t, rui, "Rui types his name", chromedp.SendKeys(css(`input[name=name]`), "Rui"), chromedp.Submit(css(`input[name=name]`)), chromedp.WaitVisible(css(`form.hand`)))
	for _, p := range []context.Context{zoe, rui} {
		if wide := get(t, p, "sideways", chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`)); wide {
			t.Error("a seat's page is wider than the phone")
		}
	}
	noEnglishInBrowser(t, rui, "pt", "Rui's seat")
	waitJS(t, projector, "the screen names them", `Array.from(document.querySelectorAll(".seat .who")).map(e => e.textContent).join(" ").includes("Zoë") && Array.from(document.querySelectorAll(".seat .who")).map(e => e.textContent).join(" ").includes("Rui")`)
	if *updateScreenshots {
		shot := get(t, projector, "screenshot", chromedp.FullScreenshot(100))
		if err := os.WriteFile(filepath.Join("screenshots", "projector.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A whole hand in the class's language, with mistakes — cards God refuses,
// a card that is not in the hand, a rule stated wrong —, then the reveal:
// the student's page, the class screen and the teacher's console show no
// English, each read at the end of the hand in the browser.
func TestBrowserAWholeHandInEveryLanguage(t *testing.T) {
	for _, lang := range i18n.Codes()[1:] {
		t.Run(lang, func(t *testing.T) {
			if lang != "pt" {
				longtest.Skip(t) // Portuguese stands for the others
			}
			wholeHandIn(t, lang)
		})
	}
}

func wholeHandIn(t *testing.T, lang string) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "random", "", "person:", "bot:bounded-human", "bot:random"))
	tb := ts.table(code)
	teacher, done := browser(t)
	defer done()
	do(t, teacher, "start the browser", chromedp.Navigate("about:blank"))
	acceptLanguage(t, teacher, lang)
	noScriptErrors(t, teacher)
	student, cancel := chromedp.NewContext(teacher)
	defer cancel()
	do(t, student, "a tab", chromedp.Navigate("about:blank"))
	acceptLanguage(t, student, lang)
	noScriptErrors(t, student)
	do(t, student, "join", chromedp.Navigate(ts.ts.URL+"/join?code="+code),
		chromedp.SendKeys(css(`input[name=name]`), "Ana"), chromedp.Submit(css(`input[name=name]`)), chromedp.WaitVisible(css(`form.hand`)))
	noEnglishInBrowser(t, student, lang, "the seat at the start")
	refused, guessed := false, false
	for moves := 0; ; moves++ {
		if moves > 300 {
			t.Fatal("the hand did not end")
		}
		s := waitFor(t, tb, "Ana's turn or the end", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow || s.public.Ended })
		if s.public.Ended {
			break
		}
		waitJS(t, student, "the page up to date", fmt.Sprintf(`+document.querySelector("#live").dataset.version >= %d`, s.public.Version))
		if s.seats[0].InWindow {
			if !guessed && s.seats[0].CanGuess {
				// A rule stated wrong: God says no, in the log.
				get(t, student, "type a rule", chromedp.Evaluate[bool](`(document.querySelector("form.guess input[name=rule]").value = "card.rank > 0", true)`))
				click(t, student, `form.guess button`)
				guessed = true
				waitFor(t, tb, "the rule judged", func(n *snapshot) bool { return n.public.Version > s.public.Version })
				continue
			}
			click(t, student, `.window button.quiet`)
			waitFor(t, tb, "the pause over", func(n *snapshot) bool { return !n.seats[0].InWindow })
			continue
		}
		if !refused {
			// A card that is not in Ana's hand: the engine refuses it, in
			// Ana's language.
			notHers := "AS"
			for _, c := range []string{"AS", "2S", "3S", "4S"} {
				held := false
				for _, h := range s.seats[0].Hand {
					held = held || h.String() == c
				}
				if !held {
					notHers = c
					break
				}
			}
			get(t, student, "pick a card Ana does not hold", chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const f = document.querySelector("form.hand"); const b = f.querySelector("button[value=play]"); f.querySelector("input[name=cards]").value = %q; b.disabled = false; f.requestSubmit(b); return true })()`, notHers)))
			waitJS(t, student, "the refusal", `!document.querySelector("#flash").hidden && document.querySelector("#flash").textContent.length > 0`)
			noEnglishInBrowser(t, student, lang, "a refused move")
			refused = true
		}
		click(t, student, `.handcard[data-i="0"]`)
		click(t, student, `button[value=play]`)
		waitFor(t, tb, "Ana's move", func(n *snapshot) bool { return n.public.Turn > s.public.Turn || n.public.Ended })
	}
	do(t, teacher, "the console", chromedp.Navigate(ts.ts.URL+ts.TeacherPath()+"t/"+code+"/"), chromedp.WaitVisible(css(`section.console`)))
	noEnglishInBrowser(t, teacher, lang, "the console at the end of the hand")
	click(t, teacher, `form.revealform button`)
	do(t, teacher, "the reveal", chromedp.WaitVisible(css(`section.reveal`)))
	waitJS(t, student, "the reveal on Ana's page", `document.querySelector("section.reveal") !== null`)
	noEnglishInBrowser(t, student, lang, "Ana's page after the reveal")
	noEnglishInBrowser(t, teacher, lang, "the console after the reveal")
	do(t, student, "the class screen", chromedp.Navigate(ts.ts.URL+"/board/"+code+"/"), chromedp.WaitVisible(css(`section.reveal`)))
	noEnglishInBrowser(t, student, lang, "the class screen after the reveal")
	do(t, teacher, "the results", chromedp.Navigate(ts.ts.URL+ts.TeacherPath()+"results"), chromedp.WaitVisible(css(`section.restable`)))
	noEnglishInBrowser(t, teacher, lang, "the session's results")
	if !guessed {
		t.Log("Ana never made a right move: no rule was stated")
	}
}
