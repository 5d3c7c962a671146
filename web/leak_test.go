package web

import (
	"bufio"
	"context"
	htmlpkg "html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/eleusis/eleusis/cardsvg"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// reachable fetches every URL a seat's page can reach: the page, its live
// view, its events, its state.json, the static files and every link, image
// and form on them (forms are posted, empty and with a card the seat does
// not hold, to read their errors), the join page and the class screen, and
// the reveal's downloads. It returns each URL's body.
func reachable(t *testing.T, ts *testServer, page, code string) map[string]string {
	t.Helper()
	seen := map[string]string{}
	queue := []string{page, page + "view", page + "state.json", "/", "/join?code=" + code, "/board/" + code + "/",
		"/board/" + code + "/view", "/board/" + code + "/transcript.yaml", "/board/" + code + "/beliefs.svg"}
	link := regexp.MustCompile(`(?:href|src)="(/[^"]*)"`)
	action := regexp.MustCompile(`action="(/[^"]*)"`)
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if _, ok := seen[u]; ok || strings.HasPrefix(u, "/teacher/") {
			if strings.HasPrefix(u, "/teacher/") {
				t.Errorf("a seat's page links to the teacher's pages: %s", u)
			}
			continue
		}
		_, body := ts.get(t, u)
		seen[u] = body
		for _, m := range link.FindAllStringSubmatch(body, -1) {
			queue = append(queue, m[1])
		}
		for _, m := range action.FindAllStringSubmatch(body, -1) {
			if m[1] == "/join" {
				continue // claiming a seat is not looking
			}
			for _, f := range []url.Values{{}, {"kind": {"play"}, "cards": {"AS"}}, {"verdict": {"no"}}, {"rule": {"card.rank > 0"}}} {
				_, _, reply := ts.post(t, m[1], f, true)
				seen["POST "+m[1]+" "+f.Encode()] = reply
			}
		}
	}
	seen["events"] = firstEvent(t, ts, page+"events")
	return seen
}

// firstEvent reads the first server-sent event of a page.
func firstEvent(t *testing.T, ts *testServer, path string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.ts.URL+path, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	line, _ := bufio.NewReader(resp.Body).ReadString('\n')
	return line
}

// cardForms are the ways a page can show a card.
func cardForms(c sim.Card) []string {
	return []string{`data-card="` + c.String() + `"`, `"` + c.String() + `"`, cardsvg.Name(c), c.Pretty()}
}

// A seat's page, and every response it can reach, never holds God's rule
// before the reveal, another player's card, or anything of the teacher's.
func TestNoSeatSeesWhatItShouldNot(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "bank", "suit-cycle-sdch", "person:Ana", "person:Bia", "bot:random")
	f.Set("opt_min_players", "3")
	f.Set("opt_prophet", "true")
	code := ts.openTable(t, f)
	tb := ts.table(code)
	ana, bia := ts.join(t, code, 0), ts.join(t, code, 1)
	rule, _ := ts.cfg.Bank.Get("suit-cycle-sdch")
	secrets := map[string]string{"the rule's expression": rule.Rule.Expr, "the rule's name": rule.Rule.Name,
		"the rule's description": rule.Rule.Description, "the teacher's link": ts.teacher,
		"Bia's link": strings.Split(bia, "/")[2], "the hot seat's link": tb.snap.Load().teacher.Settings.Hotseat}
	check := func(when string, pages map[string]string, s *snapshot) {
		t.Helper()
		public := map[sim.Card]bool{}
		for _, c := range s.seats[0].Hand {
			public[c] = true
		}
		for _, col := range s.public.Columns {
			public[col.Card] = true
			for _, g := range col.Groups {
				for _, c := range g {
					public[c] = true
				}
			}
		}
		for _, l := range s.public.Log {
			for _, c := range l.Cards {
				public[c] = true
			}
		}
		var private []sim.Card
		for _, c := range s.seats[1].Hand {
			if !public[c] && !slices.Contains(private, c) {
				private = append(private, c)
			}
		}
		if len(private) == 0 {
			t.Fatalf("%s: Bia has no card Ana cannot see: the test checks nothing", when)
		}
		for u, body := range pages {
			for what, secret := range secrets {
				if strings.Contains(body, secret) {
					t.Errorf("%s: %s shows %s", when, u, what)
				}
			}
			for _, c := range private {
				for _, form := range cardForms(c) {
					if strings.Contains(body, form) {
						t.Errorf("%s: %s shows Bia's %s (as %s)", when, u, c, form)
					}
				}
			}
		}
	}
	s := waitFor(t, tb, "the first turn", func(s *snapshot) bool { return s.public.Started })
	check("at the start", reachable(t, ts, ana, code), s)

	// A few moves by both people (and the bot), then look again.
	for moves := 0; moves < 6; moves++ {
		s := waitFor(t, tb, "a person's turn", func(s *snapshot) bool {
			return s.public.Ended || slices.ContainsFunc(s.seats[:2], func(st SeatState) bool { return st.YourTurn || st.Judge != nil || st.InWindow })
		})
		if s.public.Ended {
			break
		}
		who, page := 0, ana
		if st := s.seats[1]; st.YourTurn || st.Judge != nil || st.InWindow {
			who, page = 1, bia
		}
		if s.seats[who].InWindow {
			ts.post(t, page+"pass", nil, true)
			continue
		}
		if j := s.seats[who].Judge; j != nil { // a Prophet judges
			ts.post(t, page+"judge", url.Values{"verdict": {"yes"}, "pick": {pickFor(j)}}, true)
			continue
		}
		ts.post(t, page+"move", url.Values{"kind": {"play"}, "cards": {s.seats[who].Hand[0].String()}}, true)
		ts.post(t, page+"pass", nil, true)
	}
	check("after some moves", reachable(t, ts, ana, code), tb.snap.Load())

	// With the lab notebook on, the bots' hypotheses are on every page; one
	// of them may be God's rule itself (that is what a bot has found), but
	// not its name, its words, or anyone's cards.
	ts.post(t, ts.TeacherPath()+"t/"+code+"/settings", url.Values{"notebook": {"2"}}, true)
	waitFor(t, tb, "the notebook", func(s *snapshot) bool { return s.public.Notebook != nil })
	delete(secrets, "the rule's expression")
	check("with the notebook on", reachable(t, ts, ana, code), tb.snap.Load())

	// The check can fail: after the reveal the rule is on the page.
	ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", nil, true)
	waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	pages := reachable(t, ts, ana, code)
	said := false // in the language the crawl left the pages in (it follows the language switch)
	for _, l := range i18n.Languages {
		said = said || strings.Contains(pages[ana+"view"], htmlpkg.EscapeString(i18n.NewPrinter(l).T("bank."+rule.Rule.Name)))
	}
	if !said || !strings.Contains(pages["/board/"+code+"/transcript.yaml"], "suit-cycle-sdch") {
		t.Error("after the reveal, the rule is not on the page or in the transcript: the check above could not have failed")
	}
}
