package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The teacher as God answers with the y and n keys; when the server goes
// away the page says "Reconnecting…" (not the browser's "Failed to fetch")
// and, once the server is back on its address, catches up by itself.
func TestBrowserKeysAndReconnecting(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "teacher", "", "person:Ana", "bot:random", "bot:random"))
	tb := ts.table(code)
	ts.join(t, code, 0)
	// The browser talks to the server on an address of the test's own, so
	// that the server can go away and come back on it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	serve := func(ln net.Listener) *http.Server {
		hs := &http.Server{Handler: ts.Handler()}
		go func() {
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				t.Error(err)
			}
		}()
		return hs
	}
	hs := serve(ln)
	defer func() { hs.Close() }()

	ctx, done := browser(t)
	defer done()
	noScriptErrors(t, ctx)
	do(t, ctx, "the console", chromedp.Navigate("http://"+addr+ts.TeacherPath()+"t/"+code+"/"), chromedp.WaitVisible(css(`section.console`)))
	for answered := 0; answered < 3; {
		s := waitFor(t, tb, "a question", func(s *snapshot) bool { return s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[0].InWindow })
		q := s.teacher.Question
		if q == nil || q.Kind != "card" {
			if q != nil {
				answerAsGod(t, ts, code, q)
			} else {
				ana := seatLink(s, 0)
				if s.seats[0].InWindow {
					mustPost(t, ts, ana+"pass", nil)
				} else {
					mustPost(t, ts, ana+"move", map[string][]string{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
				}
			}
			waitFor(t, tb, "the table moving on", func(n *snapshot) bool { return n.public.Version > s.public.Version })
			continue
		}
		waitJS(t, ctx, "the question on the page", fmt.Sprintf(`(document.querySelector("form.question input[name=q]") || {}).value === "%d"`, q.ID))
		yes := opposite(q.Line, q.Cards[0])
		key := map[bool]string{true: "y", false: "n"}[yes]
		do(t, ctx, "press "+key, chromedp.KeyEvent(key))
		waitFor(t, tb, "the answer", func(n *snapshot) bool { return n.teacher.Question == nil || n.teacher.Question.ID != q.ID })
		var got, known bool
		tb.do(context.Background(), func(tb *table) error {
			got, known = tb.tj.verdicts[verdictKey(q.Line, q.Cards[0])]
			return nil
		})
		if !known || got != yes {
			t.Fatalf("pressing %s on a question gave the verdict %v (given: %v)", key, got, known)
		}
		answered++
	}

	// The server goes away.
	hs.Close()
	waitJS(t, ctx, "Reconnecting…", `(() => { const c = document.querySelector("#conn"); return c && !c.hidden && c.textContent.includes("Reconnecting") })()`)
	if body := get(t, ctx, "the page's words", chromedp.Evaluate[string](`document.body.innerText`)); strings.Contains(body, "Failed to fetch") || strings.Contains(body, "NetworkError") {
		t.Fatalf("the page shows the browser's network error:\n%s", body)
	}
	// It comes back on the same address; the table moves meanwhile.
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	before := tb.snap.Load().public.Version
	hs = serve(ln)
	s := waitFor(t, tb, "someone to act", func(s *snapshot) bool { return s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[0].InWindow })
	switch {
	case s.teacher.Question != nil:
		answerAsGod(t, ts, code, s.teacher.Question)
	case s.seats[0].InWindow:
		mustPost(t, ts, seatLink(s, 0)+"pass", nil)
	default:
		mustPost(t, ts, seatLink(s, 0)+"move", map[string][]string{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
	}
	waitFor(t, tb, "a change", func(n *snapshot) bool { return n.public.Version > before })
	waitJS(t, ctx, "reconnected", `document.querySelector("#conn").hidden`)
	waitJS(t, ctx, "caught up", fmt.Sprintf(`+document.querySelector("#live").dataset.version >= %d`, tb.snap.Load().public.Version-1))
}
