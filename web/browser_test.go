package web

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/eleusis/eleusis/internal/browsertest"
	"github.com/eleusis/eleusis/sim"
)

// The browser tests drive Debian's chromium with chromedp: what a teacher
// and a student do and see. They run in CI (.ci/run installs chromium); they
// are skipped only when no chromium is installed and ELEUSIS_SKIP_BROWSER=1
// says that is intended.

var updateScreenshots = flag.Bool("update-screenshots", false, "write the README's screenshot of a table (web/screenshots/table.png)")

// browser starts a headless chromium for the test. As root (CI) Chromium
// needs --no-sandbox; the background-networking flags keep it from calling
// out on a machine without a network.
func browser(t *testing.T) (context.Context, func()) {
	t.Helper()
	opts := append(browsertest.Options(t), chromedp.WindowSize(1280, 900))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	// A guard against a hang, not a measure: a whole hand under a loaded
	// machine takes minutes.
	ctx, cancelTimeout := context.WithTimeout(ctx, 5*time.Minute)
	return ctx, func() { cancelTimeout(); cancelCtx(); cancelAlloc() }
}

// noScriptErrors fails the test on any exception in the page's script.
func noScriptErrors(t *testing.T, ctx context.Context) {
	t.Helper()
	var mu sync.Mutex
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			defer mu.Unlock()
			t.Errorf("script error on the page: %s %s", e.ExceptionDetails.Text, describeException(e.ExceptionDetails.Exception))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func describeException(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	return o.Description
}

// do runs browser steps; the test stops at the first that fails.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one browser action and returns its value.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitJS waits until a script expression is true. It asks again and again
// rather than once with Poll: a page that navigates or reloads mid-wait
// loses the script's context.
func waitJS(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 20 s (%v)", what, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type css = chromedp.CSS

// click clicks the first element matching sel, found and clicked in one
// script: the live page replaces its nodes whenever the table changes, so a
// node found in one step may be gone in the next.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	waitJS(t, ctx, "click "+sel, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || e.disabled) return false; e.click(); return true })()`, sel))
}

// text is the text of the first element matching sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	waitJS(t, ctx, "find "+sel, fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
	return get(t, ctx, "read "+sel, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel)))
}

// A teacher opens a New Eleusis table for one person and two bots; the
// person joins with the code from their own browser, plays a card, sees
// God's verdict and the main line grow, plays to the end of the hand; the
// teacher reveals the rule; the transcript downloads and replays.
func TestBrowserAPersonPlaysAHand(t *testing.T) {
	ts := newTestServer(t, "")
	teacher, done := browser(t)
	defer done()
	do(t, teacher, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, teacher)

	// The teacher's start page.
	do(t, teacher, "open a table",
		chromedp.Navigate(ts.ts.URL+ts.TeacherPath()),
		chromedp.WaitVisible(css(`form.newtable`)),
		chromedp.SetValue(css(`select[name=preset]`), "new-eleusis"),
		chromedp.SetValue(css(`input[name=opt_min_players]`), "3"),
		chromedp.Click(css(`input[name=rule_mode][value=bank]`)),
		chromedp.SetValue(css(`select[name=rule_name]`), "black-high-red-low"),
		chromedp.SetValue(css(`select[name=seat0_kind]`), "person"),
		chromedp.SetValue(css(`input[name=seat0_name]`), "Ana"),
		chromedp.SetValue(css(`select[name=seat1_kind]`), "bot"),
		chromedp.SetValue(css(`input[name=seat1_bot]`), "bayes-eig"),
		chromedp.SetValue(css(`select[name=seat2_kind]`), "bot"),
		chromedp.SetValue(css(`input[name=seat2_bot]`), "random"),
		chromedp.SetValue(css(`select[name=seat3_kind]`), "empty"),
		chromedp.SetValue(css(`input[name=pace]`), "0"),
		chromedp.SetValue(css(`input[name=seed]`), "3"),
		chromedp.Click(css(`form.newtable button.primary`)),
		chromedp.WaitVisible(css(`section.console`)),
	)
	shown := text(t, teacher, `.joinbox b.code`)
	if len(shown) != 9 || shown[4] != '-' {
		t.Fatalf("the console shows the code %q (want two groups of four)", shown)
	}
	code := strings.ReplaceAll(shown, "-", "")
	// The lab notebook shows Popper's mind to the class.
	get(t, teacher, "choose the notebook's bot", chromedp.Evaluate[string](`document.querySelector("select[name=notebook]").value = "1"`))
	click(t, teacher, `form.controls button:last-of-type`)
	do(t, teacher, "see the notebook", chromedp.WaitVisible(css(`section.notebook`)))

	// The student's own browser (a second tab): the code, then the seat.
	student, cancel := chromedp.NewContext(teacher)
	defer cancel()
	do(t, student, "open a tab", chromedp.Navigate("about:blank"))
	noScriptErrors(t, student)
	do(t, student, "join",
		chromedp.Navigate(ts.ts.URL+"/"),
		chromedp.SendKeys(css(`input[name=code]`), strings.ToLower(shown)), // as typed: any case, with the dash
		chromedp.Submit(css(`input[name=code]`)),
		chromedp.WaitVisible(css(`.seats-join button`)),
		chromedp.Click(css(`.seats-join button`)),
		chromedp.WaitVisible(css(`form.hand`)),
	)

	tb := ts.table(code)
	var shot []byte
	cards := func(sel string) []string {
		return get(t, student, "read cards", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(`+"`"+sel+"`"+`)).map(e => e.dataset.card)`))
	}
	for moves := 0; ; moves++ {
		if moves > 150 {
			t.Fatal("the hand did not end")
		}
		waitJS(t, student, "Ana's turn or the end", `document.querySelector(".turnline b") !== null || document.querySelector("#status").textContent.includes("over")`)
		if status := text(t, student, `#status`); strings.Contains(status, "over") {
			break
		}
		if moves == 5 {
			// The README's picture: Ana's turn, the notebook open.
			if nb := text(t, student, `section.notebook h2`); !strings.Contains(nb, "Popper's belief") {
				t.Fatalf("the notebook is headed %q", nb)
			}
			shot = get(t, student, "screenshot", chromedp.FullScreenshot(100))
		}
		line, hand := cards(".mainline .col > svg"), cards(".handcard")
		// A card the rule accepts when there is one (the test knows God's
		// rule), so that the main line grows.
		pick := 0
		for i, c := range hand {
			if accepts(t, line[len(line)-1], c) {
				pick = i
				break
			}
		}
		before := len(get(t, student, "the log", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".log li .turn")).map(e => e.textContent)`)))
		if moves == 1 && len(hand) >= 2 {
			// A sequence: the cards in the order clicked.
			first, second := len(hand)-1, 0
			click(t, student, fmt.Sprintf(`.handcard[data-i="%d"]`, first))
			click(t, student, fmt.Sprintf(`.handcard[data-i="%d"]`, second))
			if label := text(t, student, `button[value=play]`); !strings.Contains(label, "sequence of 2") {
				t.Fatalf("the play button says %q with two cards picked", label)
			}
			click(t, student, `button[value=play]`)
			c1, _ := sim.ParseCard(hand[first])
			c2, _ := sim.ParseCard(hand[second])
			waitJS(t, student, "the sequence in the log", fmt.Sprintf(`Array.from(document.querySelectorAll(".log li")).some(li => li.textContent.includes(%q))`, "Ana plays the sequence "+c1.Pretty()+" "+c2.Pretty()))
			continue
		}
		click(t, student, fmt.Sprintf(`.handcard[data-i="%d"]`, pick))
		click(t, student, `button[value=play]`)
		waitJS(t, student, "God's verdict", fmt.Sprintf(`document.querySelectorAll(".log li .turn").length > %d && Array.from(document.querySelectorAll(".log li")).some(li => li.textContent.includes("Ana plays"))`, before))
		verdict := get(t, student, "the verdict", chromedp.Evaluate[string](`Array.from(document.querySelectorAll(".log li")).find(li => li.textContent.includes("Ana plays")).querySelector(".verdict").textContent`))
		after := cards(".mainline .col > svg")
		if moves == 0 {
			if !accepts(t, line[len(line)-1], hand[pick]) {
				t.Fatalf("no card of Ana's first hand fits after %s: the seed should give one", line[len(line)-1])
			}
			if verdict != "yes" || len(after) <= len(line) || !contains(after[len(line):], hand[pick]) {
				t.Fatalf("after a right card God says %q and the main line is %v (was %v)", verdict, after, line)
			}
		}
	}
	if !tb.snap.Load().public.Ended {
		t.Fatal("the page says the hand is over, the table does not")
	}

	// The teacher reveals God's rule; the student's page shows it and the
	// transcript, which the engine replays.
	waitJS(t, teacher, "the console sees the end", `document.querySelector("#status").textContent.includes("over")`)
	click(t, teacher, `form.revealform button`)
	do(t, teacher, "see the reveal", chromedp.WaitVisible(css(`section.reveal`)))
	waitJS(t, student, "the reveal with its plot", `(() => { const i = document.querySelector("section.reveal img.plot"); return i !== null && i.complete && i.naturalWidth > 0 })()`)
	words := text(t, student, `section.reveal .words`)
	href := struct{ Value string }{get(t, student, "the download", chromedp.Evaluate[string](`document.querySelector("a.download").getAttribute("href")`))}
	if !strings.Contains(words, "If the last card is black") {
		t.Fatalf("the reveal says %q", words)
	}
	if href.Value != "/board/"+code+"/transcript.yaml" {
		t.Fatalf("the download link is %q", href.Value)
	}
	replayDownload(t, ts, tb, code)

	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil || img.Bounds().Dx() < 1000 {
		t.Fatalf("the screenshot is not a page-wide PNG: %v", err)
	}
	if *updateScreenshots {
		if err := os.WriteFile(filepath.Join("screenshots", "table.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// accepts is black-high-red-low, the rule of the browser test.
func accepts(t *testing.T, last, card string) bool {
	l, err1 := sim.ParseCard(last)
	c, err2 := sim.ParseCard(card)
	if err1 != nil || err2 != nil {
		t.Fatalf("cards on the page: %q %q", last, card)
	}
	if l.Red() {
		return c.Rank() <= 6
	}
	return c.Rank() >= 7
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// The teacher judges every card from the console, two people share one
// screen (the hot seat, each hand behind a curtain), and the teacher reveals
// the rule in words and as an expression.
func TestBrowserTeacherJudgesAHotSeatTable(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "teacher", "", "person:Ana", "person:Bia", "bot:random"))
	tb := ts.table(code)
	teacher, done := browser(t)
	defer done()
	do(t, teacher, "start the browser", chromedp.Navigate("about:blank"))
	noScriptErrors(t, teacher)
	do(t, teacher, "the console", chromedp.Navigate(ts.ts.URL+ts.TeacherPath()+"t/"+code+"/"), chromedp.WaitVisible(css(`section.console`)))
	hot := get(t, teacher, "the hot seat's link", chromedp.Evaluate[string](`Array.from(document.querySelectorAll(".joinbox a")).find(a => a.textContent == "Hot seat").getAttribute("href")`))
	screen, cancel := chromedp.NewContext(teacher)
	defer cancel()
	do(t, screen, "open a tab", chromedp.Navigate("about:blank"))
	noScriptErrors(t, screen)
	do(t, screen, "the hot seat", chromedp.Navigate(ts.ts.URL+hot))

	var shot []byte
	answered, played := 0, 0
	for step := 0; played < 6 && step < 200; step++ {
		s := waitFor(t, tb, "a question or a person", func(s *snapshot) bool {
			return s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[1].YourTurn || s.seats[0].InWindow || s.seats[1].InWindow || s.public.Ended
		})
		if s.public.Ended {
			break
		}
		if q := s.teacher.Question; q != nil {
			waitJS(t, teacher, "the question", fmt.Sprintf(`(document.querySelector("form.question input[name=q]") || {}).value === "%d"`, q.ID))
			if answered == 0 {
				shot = get(t, teacher, "screenshot", chromedp.FullScreenshot(100))
			}
			switch q.Kind {
			case "noplay":
				for i, c := range q.Cards {
					if opposite(q.Line, c) {
						click(t, teacher, fmt.Sprintf(`form.question input[name=fit][value="%d"]`, i))
					}
				}
				click(t, teacher, `form.question button[value=set]`)
			case "card":
				click(t, teacher, fmt.Sprintf(`form.question button[value=%s]`, map[bool]string{true: "yes", false: "no"}[opposite(q.Line, q.Cards[0])]))
			default:
				click(t, teacher, `form.question button[value=no]`)
			}
			answered++
			waitFor(t, tb, "the answer", func(s *snapshot) bool { return s.teacher.Question == nil || s.teacher.Question.ID != q.ID })
			continue
		}
		// The hot seat: open the curtain, then play or go on.
		want := s.seats[actingSeat(s)].Name
		waitJS(t, screen, "the curtain for "+want, fmt.Sprintf(`(document.querySelector("details.curtain summary b") || {}).textContent === %q`, want))
		if got := get(t, screen, "hand hidden", chromedp.Evaluate[bool](`!document.querySelector(".handcard").checkVisibility()`)); !got {
			t.Fatal("a hand shows before its player opens the curtain")
		}
		click(t, screen, `details.curtain summary`)
		if s.seats[0].InWindow || s.seats[1].InWindow {
			click(t, screen, `.window button.quiet`)
		} else {
			click(t, screen, `.handcard[data-i="0"]`)
			click(t, screen, `button[value=play]`)
			played++
		}
		waitFor(t, tb, "the move", func(n *snapshot) bool { return n.public.Version > s.public.Version })
	}
	if answered < 3 || played < 3 {
		t.Fatalf("%d answers, %d moves by people", answered, played)
	}
	click(t, teacher, `form.revealform input[name=words]`)
	get(t, teacher, "the rule in words", chromedp.Evaluate[string](`document.querySelector("form.revealform input[name=words]").value = "Alternate red and black"`))
	get(t, teacher, "the rule as an expression", chromedp.Evaluate[string](`document.querySelector("form.revealform input[name=expr]").value = "card.color != prev.color"`))
	get(t, teacher, "accept the confirmation", chromedp.Evaluate[bool](`(window.confirm = () => true, true)`))
	click(t, teacher, `form.revealform button`)
	do(t, screen, "the reveal", chromedp.WaitVisible(css(`section.reveal`)))
	if w := text(t, screen, `section.reveal .words`); w != "Alternate red and black" {
		t.Fatalf("the reveal says %q", w)
	}
	if n := get(t, screen, "mismatches", chromedp.Evaluate[int](`document.querySelectorAll(".mismatch li").length`)); n != 0 {
		t.Fatalf("%d verdicts disagree with the teacher's own expression", n)
	}
	replayDownload(t, ts, tb, code)
	if *updateScreenshots && shot != nil {
		if err := os.WriteFile(filepath.Join("screenshots", "teacher.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
