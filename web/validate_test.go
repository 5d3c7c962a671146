package web

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// errorsOn is the start page's notes after a refused form.
func errorsOn(body string) string {
	var out []string
	for _, m := range regexp.MustCompile(`(?s)class="err"[^>]*>(.*?)</(p|span)>\s*(<|$)`).FindAllStringSubmatch(body, -1) {
		out = append(out, regexp.MustCompile(`<[^>]*>`).ReplaceAllString(m[1], ""))
	}
	return strings.Join(out, "\n")
}

// The start page refuses what cannot make a table, in the words of the
// rule compiler, the rule checker, the strategies and the options.
func TestStartPageRefusals(t *testing.T) {
	ts := newTestServer(t, "")
	_, compileErr := rulebank.Compile(rulebank.Rule{Name: "typed", Expr: "card.rank >> 3", File: "the start page"})
	cases := []struct {
		name string
		form url.Values
		want string
	}{
		{"a rule that does not compile", form("express", "expr", "card.rank >> 3", "person:Ana", "bot:random", "bot:random"), compileErr.Error()},
		{"a dead end", form("express", "expr", "card.rank > prev.rank", "person:Ana", "bot:random", "bot:random"), "typed has a dead end: after the main line KS (1 card) no card is legal"},
		{"an unknown strategy", form("express", "bank", "opposite-colour", "person:Ana", "bot:cleverest", "bot:random"), `unknown name "cleverest"`},
		{"too few players", form("new-eleusis", "bank", "opposite-colour", "person:Ana", "bot:random"), "2 players: these options are for 4 to 8 players"},
		{"an unknown option value", func() url.Values {
			f := form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
			f.Set("opt_starter", "whatever")
			return f
		}(), `starter = "whatever"`},
		{"a name that is not a word", form("express", "bank", "opposite-colour", "person:Ana Clara", "bot:random", "bot:random"), `the name "Ana Clara"`},
		{"an oracle without a rule", form("express", "teacher", "", "person:Ana", "bot:oracle", "bot:random"), "an oracle"},
		{"a nested rule", form("express", "expr", strings.Repeat("(", 40)+"true"+strings.Repeat(")", 40), "person:Ana", "bot:random", "bot:random"), "nests brackets 40 deep"},
	}
	for _, c := range cases {
		status, _, body := ts.post(t, ts.TeacherPath()+"tables", c.form, false)
		if status != http.StatusUnprocessableEntity || !strings.Contains(html(errorsOn(body)), c.want) {
			t.Errorf("%s: %d, notes:\n%s\nwant %q", c.name, status, html(errorsOn(body)), c.want)
		}
	}
	f := form("express", "expr", "card.rank > prev.rank", "person:Ana", "bot:random", "bot:random")
	f.Set("allow_dead_ends", "on")
	ts.openTable(t, f)
}

// html undoes the template's escaping of the notes.
func html(s string) string {
	return strings.NewReplacer("&#34;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&amp;", "&", "&#43;", "+").Replace(s)
}

func TestRequestsAreLimitedAndChecked(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	tb := ts.table(code)
	ana := ts.join(t, code, 0)
	if status, _, _ := ts.post(t, ana+"guess", url.Values{"rule": {strings.Repeat("x", 70<<10)}}, true); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 70 KB request: %d", status)
	}
	for _, p := range []string{"/play/0123456789abcdef0123456789abcdef/", "/teacher/" + strings.Repeat("0", 32) + "/", "/hotseat/x/", "/board/ZZZZ/"} {
		if status, body := ts.get(t, p); status != http.StatusNotFound || strings.Contains(body, "Open a table") {
			t.Errorf("%s: %d", p, status)
		}
	}
	if status, _, _ := ts.post(t, "/join", url.Values{"code": {code}, "seat": {"0"}}, false); status != http.StatusSeeOther {
		t.Fatal("the join form")
	}
	if _, loc, _ := ts.post(t, "/join", url.Values{"code": {code}, "seat": {"0"}}, false); !strings.Contains(ts.flashAt(t, loc), "taken") {
		t.Errorf("Ana's seat was given twice: %s", loc)
	}
	if _, loc, _ := ts.post(t, "/join", url.Values{"code": {code}, "seat": {"1"}}, false); strings.HasPrefix(loc, "/play/") || ts.flashAt(t, loc) == "" {
		t.Errorf("a bot's seat was given to a person: %s", loc)
	}
	waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"kind": {"play"}, "cards": {"ZH"}}, "unknown rank"},
		{url.Values{"kind": {"jump"}, "cards": {"AS"}}, `unknown move "jump"`},
		{url.Values{"kind": {"play"}, "cards": {"AS 2S"}}, "sequences are not allowed"},
		{url.Values{"kind": {"play"}, "cards": {strings.Repeat("AS ", 200)}}, "too many cards"},
	} {
		status, _, body := ts.post(t, ana+"move", c.form, true)
		if status != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%v: %d %q, want %q", c.form, status, body, c.want)
		}
	}
	// Without the page's script, a refused move comes back as a message
	// on the page.
	_, loc, _ := ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {"ZH"}}, false)
	_, body := ts.get(t, loc)
	if !strings.Contains(body, "unknown rank") {
		t.Errorf("a refused move without the script: %s", loc)
	}
}

// An outside program that fails stops the table with its error on the
// teacher's console; another strategy takes the seat and the hand goes on.
func TestAFailingBotIsReplaced(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "bot:exec:exit 3", "person:Ana", "bot:random"))
	tb := ts.table(code)
	s := waitFor(t, tb, "the failure", func(s *snapshot) bool { return !s.teacher.Problem.IsZero() })
	if !strings.Contains(s.teacher.Problem.String(), "exec:exit 3") || s.public.Status != "The table waits for the teacher." {
		t.Fatalf("problem %q, status %q", s.teacher.Problem, s.public.Status)
	}
	if strings.Contains(s.public.Status, "exit") {
		t.Error("the public status shows the teacher's problem")
	}
	status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/bot", url.Values{"seat": {"0"}, "spec": {"random"}}, true)
	if status != http.StatusNoContent {
		t.Fatalf("replace: %d %s", status, body)
	}
	waitFor(t, tb, "the hand going on", func(s *snapshot) bool { return s.teacher.Problem.IsZero() && len(s.public.Log) > 0 })
}

// With the teacher judging a Divermazo table, God's opening chain is laid
// from the teacher's verdicts.
func TestTeacherLaysTheDivermazoOpening(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express-divermazo", "teacher", "", "person:Ana", "bot:random", "bot:random"))
	tb := ts.table(code)
	for asked := 0; ; asked++ {
		s := waitFor(t, tb, "a question or the deal", func(s *snapshot) bool { return s.teacher.Question != nil || s.public.Started })
		if s.public.Started {
			if n := len(s.public.Columns); n != 3 || len(s.public.Columns[2].Groups) != 2 {
				t.Fatalf("the opening: %d cards, errors %v", n, s.public.Columns)
			}
			for _, g := range s.public.Columns[2].Groups {
				if opposite([]sim.Card{s.public.Columns[2].Card}, g[0]) {
					t.Fatalf("%s under the chain fits the teacher's rule", g[0])
				}
			}
			// Revealed without an expression, the transcript says where
			// God's rule goes, and replay asks for it.
			ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", url.Values{"words": {"Alternate the colours"}}, true)
			waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
			_, yaml := ts.get(t, "/board/"+code+"/transcript.yaml")
			if !strings.Contains(yaml, "# God's rule was the teacher's own judgement: Alternate the colours.") {
				t.Fatalf("the transcript:\n%s", yaml)
			}
			if _, err := sim.ParseTranscript([]byte(yaml)); err == nil || !strings.Contains(err.Error(), "names no rule") {
				t.Fatalf("replay reads a transcript without God's rule: %v", err)
			}
			return
		}
		if asked > 100 {
			t.Fatal("the opening never finished")
		}
		answerAsGod(t, ts, code, s.teacher.Question)
	}
}

// A student who leaves holds up nobody: the teacher lets the game go on past
// their decision, then gives their seat to a bot; their link still shows
// their cards.
func TestTeacherGivesAPersonsSeatToABot(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	tb := ts.table(code)
	ana := ts.join(t, code, 0)
	console := ts.TeacherPath() + "t/" + code + "/"
	for {
		s := waitFor(t, tb, "Ana", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow })
		if s.seats[0].InWindow {
			if status, _, body := ts.post(t, console+"settings", url.Values{"play": {"skip"}}, true); status != http.StatusNoContent {
				t.Fatalf("skip: %d %s", status, body)
			}
			waitFor(t, tb, "the game going on", func(s *snapshot) bool { return !s.seats[0].InWindow })
			break
		}
		last := s.public.Columns[len(s.public.Columns)-1].Card
		card := s.seats[0].Hand[0]
		for _, c := range s.seats[0].Hand {
			if c.Red() != last.Red() {
				card = c
			}
		}
		ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {card.String()}}, true)
	}
	if status, _, body := ts.post(t, console+"bot", url.Values{"seat": {"0"}, "spec": {"random"}}, true); status != http.StatusNoContent {
		t.Fatalf("give the seat: %d %s", status, body)
	}
	s := waitFor(t, tb, "the bot playing Ana's seat", func(s *snapshot) bool {
		for _, l := range s.public.Log[:min(3, len(s.public.Log))] {
			if l.Seat == 0 && l.Turn > 3 {
				return true
			}
		}
		return s.public.Ended
	})
	if s.public.Seats[0].Bot != "random" {
		t.Fatal("Ana's seat is not a bot's")
	}
	if st := ts.state(t, ana); st.Seat.Name != "Ana" || st.Seat.YourTurn {
		t.Fatalf("Ana's link after the bot took over: %+v", st.Seat)
	}
}

// Outside programs run commands on the teacher's computer: without
// --allow-exec the start page refuses them, saying how to allow them.
func TestExecNeedsAllowExec(t *testing.T) {
	f := form("express", "bank", "opposite-colour", "bot:exec:python3 agent.py", "person:Ana", "bot:random")
	_, _, _, fe := parseSetup(f, rulebank.Default(), nil, false)
	if !strings.Contains(fmt.Sprint(fe), "--allow-exec") {
		t.Fatalf("exec without --allow-exec: %v", fe)
	}
	if _, _, _, fe := parseSetup(f, rulebank.Default(), nil, true); len(fe) > 0 {
		t.Fatalf("exec with --allow-exec: %v", fe)
	}
}
