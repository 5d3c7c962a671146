package lessons

import (
	"bytes"
	"context"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/internal/browsertest"
	"github.com/eleusis/eleusis/internal/longtest"
)

// The classroom pack in a real browser (Debian's chromium, driven by
// chromedp, as the web table's tests do): each page printed on A4 and on
// Letter — no element wider than the printable area, a sensible number of
// pages — and a picture of the first page of each for the README
// (lessons/screenshots, written with -update-screenshots). In CI, .ci/run
// installs chromium; the test is skipped only when there is none and
// ELEUSIS_SKIP_BROWSER=1 says that is intended.

var updateScreenshots = flag.Bool("update-screenshots", false, "write the README's pictures of the lesson pack (lessons/screenshots)")

// paper is a sheet and its printable width in CSS pixels (96 per inch)
// within the pages' 12 mm side margins (lessonhtml/style.html, @page).
// (The slide prints in landscape within 10 mm margins: wide.)
type paper struct {
	name        string
	size        chromedp.PaperSize
	width, wide int64
}

var papers = []paper{
	{"A4", chromedp.PaperA4, 702, 1047},        // (210 − 24) mm at 96 px per inch; (297 − 20) mm
	{"Letter", chromedp.PaperLetter, 725, 980}, // (215.9 − 24) mm; (279.4 − 20) mm
}

func TestLessonPackPrints(t *testing.T) {
	opts := browsertest.Options(t) // skipped with -short
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // start the browser without a time-out
		t.Fatal(err)
	}
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	defer cancelT()
	pageObject := regexp.MustCompile(`/Type\s*/Page[^s]`)
	// The README's pack, a longer one in Spanish (whose sentences run
	// longer than English's): the plan still on one page; and a class's
	// transcript in Valencian, with its statements and God's mistakes.
	type pack struct {
		n    *Narration
		lang language.Tag
	}
	packs := []pack{{lesson(t, "same-suit", 7, 0, "bayes-eig", "positive-tester", "bounded-human", "random"), language.English}}
	if longtest.On() {
		packs = append(packs, pack{lesson(t, "low-or-red", 2, 1, "bayes-eig", "positive-tester", "bounded-human", "random"), language.Spanish},
			pack{classLesson(t, classHandAllKinds), language.Catalan})
	}
	for k, pack := range packs {
		dir := t.TempDir()
		if _, err := pack.n.WritePack(dir, PackOptions{Lang: pack.lang}); err != nil {
			t.Fatal(err)
		}
		printsOnPages(ctx, t, dir, pageObject, len(pack.n.Steps)+2, k == 0)
	}
}

// printsOnPages prints each page of the pack in dir on A4 and Letter: at
// most so many pages (the deck: one page a slide), nothing wider than the
// paper; with shots, the README's pictures.
func printsOnPages(ctx context.Context, t *testing.T, dir string, pageObject *regexp.Regexp, slides int, shots bool) {
	for _, page := range []struct {
		file               string
		minPages, maxPages int
		landscape          bool
	}{{"plan.html", 1, 1, false}, {"lesson.html", 1, 12, false}, {"handout.html", 1, 3, false}, {"slide.html", 1, 1, true},
		{"deck.html", slides, slides, true}, {"worksheet.html", 1, 2, false}, {"younger.html", 1, 2, false}, {"younger-handout.html", 1, 3, false}} {
		url := "file://" + filepath.Join(dir, page.file)
		media := chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
			return chromedp.Void{}, err
		})
		for _, p := range papers {
			width, print := p.width, []chromedp.PDFOption{chromedp.PDFPaper(p.size), chromedp.PDFPrintBackground()}
			if page.landscape {
				width, print = p.wide, append(print, chromedp.PDFLandscape())
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 1000), chromedp.Navigate(url), media); err != nil {
				t.Fatalf("%s: %v", page.file, err)
			}
			// Nothing may stick out of the printable width: the cards, the
			// plot, the table of moves, the long expressions.
			wide, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				const w = document.documentElement.clientWidth;
				for (const e of document.querySelectorAll("body *")) {
					const r = e.getBoundingClientRect();
					if (r.width > 0 && r.right > w + 0.5) return e.tagName + "." + e.className + " ends at " + Math.round(r.right) + " px of " + w;
				}
				return "";
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if wide != "" {
				t.Errorf("%s on %s: %s", page.file, p.name, wide)
			}
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(print...))
			if err != nil {
				t.Fatal(err)
			}
			pages := len(pageObject.FindAll(pdf, -1))
			t.Logf("%s on %s: %d pages", page.file, p.name, pages)
			if pages < page.minPages || pages > page.maxPages {
				t.Errorf("%s on %s prints on %d pages (%d to %d)", page.file, p.name, pages, page.minPages, page.maxPages)
			}
		}
		if !shots || page.file != "lesson.html" && page.file != "handout.html" && page.file != "deck.html" {
			continue
		}
		// The README's picture: the first page as printed on A4, seen at
		// 96 dpi with a white margin; of the deck, a slide of a move.
		w, h, shoot := int64(820), int64(1160), chromedp.CaptureScreenshot()
		if page.landscape {
			w, h, shoot = 1123, 794, chromedp.Screenshot("section:nth-of-type(6)")
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(url), media); err != nil {
			t.Fatal(err)
		}
		shot, err := chromedp.Run(ctx, shoot)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil || img.Bounds().Dx() < 700 {
			t.Fatalf("%s: the picture is not a page: %v", page.file, err)
		}
		if *updateScreenshots {
			name := filepath.Join("screenshots", page.file[:len(page.file)-len(".html")]+".png")
			if err := os.MkdirAll("screenshots", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, shot, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", name)
		}
	}
}
