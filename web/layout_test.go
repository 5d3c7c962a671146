package web

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A student's page fits a phone (390×844) and a laptop (1280×900): the page
// never scrolls sideways, the main line does, with its newest card in view
// without scrolling; the deck does not float over the line, the hand is
// below the table and the latest verdict near the top.
func TestBrowserLayoutPhoneAndLaptop(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
	f.Set("opt_min_players", "3")
	f.Set("seed", "2") // a deal on which the hand lasts past 24 cards (with the tests' deal key)
	_, tb, ana := ts.withAna(t, f)
	// A long main line: Ana plays a right card when she has one.
	for {
		s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.public.Ended || s.seats[0].YourTurn || s.seats[0].InWindow })
		if s.public.Ended {
			t.Fatalf("the hand ended with %d cards on the main line", len(s.public.Columns))
		}
		if s.seats[0].InWindow {
			mustPost(t, ts, ana+"pass", nil)
			continue
		}
		if len(s.public.Columns) >= 24 {
			break
		}
		last := s.public.Columns[len(s.public.Columns)-1].Card
		card := s.seats[0].Hand[0]
		for _, c := range s.seats[0].Hand {
			if c.Red() != last.Red() {
				card = c
				break
			}
		}
		mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {card.String()}})
	}
	// Then a wrong card: Ana's box says so, and her penalty cards are
	// marked in her hand.
	s := tb.snap.Load()
	last := s.public.Columns[len(s.public.Columns)-1].Card
	wrong := s.seats[0].Hand[0]
	for _, c := range s.seats[0].Hand {
		if c.Red() == last.Red() {
			wrong = c
			break
		}
	}
	mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {wrong.String()}})
	s = waitFor(t, tb, "Ana's turn again", func(s *snapshot) bool { return s.seats[0].YourTurn || s.public.Ended })
	mine := s.seats[0].Last
	if mine == nil || mine.Yes || mine.Drawn == 0 {
		t.Fatalf("Ana's wrong card: %+v", mine)
	}
	newest := s.public.Columns
	want := newest[len(newest)-1].Card.String()

	ctx, done := browser(t)
	defer done()
	noScriptErrors(t, ctx)
	for _, size := range []struct {
		name          string
		width, height int64
		phone         bool
	}{{"phone", 390, 844, true}, {"laptop", 1280, 900, false}} {
		t.Run(size.name, func(t *testing.T) {
			opts := []chromedp.EmulateViewportOption{}
			if size.phone {
				opts = append(opts, chromedp.EmulateMobile)
			}
			do(t, ctx, "open Ana's page", chromedp.EmulateViewport(size.width, size.height, opts...),
				chromedp.Navigate(ts.ts.URL+ana), chromedp.WaitVisible(css(`form.hand`)))
			waitJS(t, ctx, "the newest card scrolled into the line's view", `(() => { const l = document.querySelector(".mainline"); return l.scrollLeft + l.clientWidth >= l.scrollWidth - 1 })()`)
			type box struct{ Left, Right, Top, Bottom float64 }
			rect := func(sel string) box {
				return get(t, ctx, "where is "+sel, chromedp.Evaluate[box](fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom} })()`, sel)))
			}
			page := get(t, ctx, "the page's width", chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth, window.innerHeight]`))
			if page[0] > page[1] {
				t.Errorf("the page scrolls sideways: %v px wide in a %v px window", page[0], page[1])
			}
			if page[2] != float64(size.width) {
				t.Fatalf("the window is %v px wide, not %d", page[2], size.width)
			}
			if got := get(t, ctx, "the newest card", chromedp.Evaluate[string](`[...document.querySelectorAll(".mainline .col > svg")].pop().dataset.card`)); got != want {
				t.Fatalf("the last card of the line on the page is %s, the table's %s", got, want)
			}
			c := rect(".mainline .col:last-child > svg")
			if c.Left < 0 || c.Right > page[2] || c.Top < 0 || c.Bottom > page[3] {
				t.Errorf("the newest main-line card is out of view: %+v in %v×%v", c, page[2], page[3])
			}
			if size.phone {
				if w := get(t, ctx, "the line", chromedp.Evaluate[[]float64](`[document.querySelector(".mainline").scrollWidth, document.querySelector(".mainline").clientWidth]`)); w[0] <= w[1] {
					t.Errorf("the main line of %d cards fits the phone (%v ≤ %v): the test shows nothing", len(newest), w[0], w[1])
				}
				if fl := get(t, ctx, "the deck", chromedp.Evaluate[string](`getComputedStyle(document.querySelector(".deck")).float`)); fl != "none" {
					t.Errorf("the deck floats (%s)", fl)
				}
			}
			if me, felt := rect("section.me"), rect("section.felt"); me.Top < felt.Bottom {
				t.Errorf("the hand (top %v) is not below the table (bottom %v)", me.Top, felt.Bottom)
			}
			if l := rect(".topbar .latest"); l.Top > page[3]/4 {
				t.Errorf("the latest verdict is %v px down a %v px screen", l.Top, page[3])
			}
			if said := text(t, ctx, ".mylast"); !strings.Contains(said, fmt.Sprintf("%s: no — you draw %d", wrong.Pretty(), mine.Drawn)) {
				t.Errorf("Ana's box says %q", said)
			}
			if n := get(t, ctx, "new cards", chromedp.Evaluate[int](`document.querySelectorAll(".handcard.new").length`)); n != mine.Drawn {
				t.Errorf("%d cards are marked new; Ana drew %d", n, mine.Drawn)
			}
			shot := get(t, ctx, "screenshot", chromedp.CaptureScreenshot())
			if *updateScreenshots {
				if err := os.WriteFile(filepath.Join("screenshots", size.name+".png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
