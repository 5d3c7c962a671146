package web

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// Whatever waits is in the journal before the page hears of it: a server
// killed at that moment (here: a new server on a copy of the data folder as
// it stood, which is what SIGKILL leaves, since every write is synced)
// resumes the table exactly there — the same move waiting for the same
// judgement, the same pause — with nothing played again and nothing lost.
func TestRestartAtEveryPendingState(t *testing.T) {
	cases := []struct {
		name string
		// reach opens a table, brings it to the waiting state and returns
		// the code and the state's condition.
		reach func(t *testing.T, ts *testServer) (string, func(s *snapshot) bool)
		// goOn answers what waits, on the restarted server, and returns
		// the condition of the table moved on.
		goOn func(t *testing.T, ts *testServer, code string, s *snapshot) func(s *snapshot) bool
	}{
		{"a Prophet's judgement", func(t *testing.T, ts *testServer) (string, func(*snapshot) bool) {
			f := form("new-eleusis", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
			f.Set("opt_min_players", "3")
			f.Set("opt_prophet", "true")
			code, tb, ana := ts.withAna(t, f)
			s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
			mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
			waitFor(t, tb, "Ana's pause", func(s *snapshot) bool { return s.seats[0].InWindow })
			mustPost(t, ts, ana+"declare", nil)
			return code, func(s *snapshot) bool { return s.seats[0].Judge != nil }
		}, func(t *testing.T, ts *testServer, code string, s *snapshot) func(*snapshot) bool {
			mustPost(t, ts, seatLink(s, 0)+"judge", url.Values{"verdict": {"yes"}, "pick": {pickFor(s.seats[0].Judge)}})
			return func(n *snapshot) bool {
				// The judged move is the one after s's log (newest first):
				// with pace 0 the bots may have moved on past it already.
				if len(n.public.Log) <= len(s.public.Log) {
					return false
				}
				judged := n.public.Log[len(n.public.Log)-len(s.public.Log)-1]
				return judged.Move == s.public.Pending.Text && strings.Contains(judged.Then, "the Prophet Ana had said yes")
			}
		}},
		{"a teacher's verdict", func(t *testing.T, ts *testServer) (string, func(*snapshot) bool) {
			code, tb, ana := ts.withAna(t, form("express", "teacher", "", "person:Ana", "bot:random", "bot:random"))
			// Ana moves first; then Popper's move waits for God.
			s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn || s.teacher.Question != nil })
			for s.teacher.Question != nil {
				answerAsGod(t, ts, code, s.teacher.Question)
				s = waitFor(t, tb, "Ana's turn", func(n *snapshot) bool {
					return n.seats[0].YourTurn || n.teacher.Question != nil && n.teacher.Question.ID != s.teacher.Question.ID
				})
			}
			mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
			for {
				s = waitFor(t, tb, "a question", func(n *snapshot) bool { return n.teacher.Question != nil || n.seats[0].InWindow })
				if s.seats[0].InWindow {
					mustPost(t, ts, ana+"pass", nil)
					continue
				}
				if s.public.Pending != nil && s.public.Pending.Seat == 1 {
					break
				}
				answerAsGod(t, ts, code, s.teacher.Question)
				waitFor(t, tb, "the answer", func(n *snapshot) bool {
					return n.teacher.Question == nil || n.teacher.Question.ID != s.teacher.Question.ID
				})
			}
			return code, func(s *snapshot) bool {
				return s.teacher.Question != nil && s.public.Pending != nil && s.public.Pending.Seat == 1
			}
		}, answerTheTeachersQuestion},
		{"a no play awaiting the teacher", func(t *testing.T, ts *testServer) (string, func(*snapshot) bool) {
			code, tb, ana := ts.withAna(t, form("express", "teacher", "", "person:Ana", "bot:random", "bot:random"))
			for {
				s := waitFor(t, tb, "Ana's turn or a question", func(s *snapshot) bool { return s.seats[0].YourTurn || s.teacher.Question != nil })
				if s.seats[0].YourTurn {
					break
				}
				answerAsGod(t, ts, code, s.teacher.Question)
			}
			mustPost(t, ts, ana+"move", url.Values{"kind": {"noplay"}})
			return code, func(s *snapshot) bool { return s.teacher.Question != nil && s.teacher.Question.Kind == "noplay" }
		}, answerTheTeachersQuestion},
		{"the pause after a move", func(t *testing.T, ts *testServer) (string, func(*snapshot) bool) {
			code, tb, ana := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
			s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
			mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
			return code, func(s *snapshot) bool { return s.seats[0].InWindow }
		}, func(t *testing.T, ts *testServer, code string, s *snapshot) func(*snapshot) bool {
			mustPost(t, ts, seatLink(s, 0)+"pass", nil)
			return func(n *snapshot) bool { return n.public.Turn > s.public.Turn }
		}},
		{"a stated rule awaiting the teacher", func(t *testing.T, ts *testServer) (string, func(*snapshot) bool) {
			code, tb, ana := ts.withAna(t, form("express", "teacher", "", "person:Ana", "bot:random", "bot:random"))
			for {
				s := waitFor(t, tb, "Ana's pause or a question", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow || s.teacher.Question != nil })
				switch {
				case s.teacher.Question != nil:
					answerAsGod(t, ts, code, s.teacher.Question)
					continue
				case s.seats[0].YourTurn:
					mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
					continue
				}
				break
			}
			mustPost(t, ts, ana+"guess", url.Values{"rule": {"card.rank > 3"}})
			return code, func(s *snapshot) bool { return s.teacher.Question != nil && s.teacher.Question.Kind == "guess" }
		}, answerTheTeachersQuestion},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := newTestServer(t, "")
			code, waiting := c.reach(t, a)
			before := waitFor(t, a.table(code), c.name, waiting)
			// The folder as SIGKILL would leave it, now.
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(a.dir)); err != nil {
				t.Fatal(err)
			}
			journal, _ := readFile(dir, code, "journal.jsonl")
			b := newTestServer(t, dir)
			tb := b.table(code)
			if tb == nil {
				t.Fatalf("the table was not restored: %v", b.broken)
			}
			after := waitFor(t, tb, c.name+" after the restart", waiting)
			sameTable(t, before, after)
			if again, _ := readFile(dir, code, "journal.jsonl"); !bytes.Equal(again, journal) {
				t.Errorf("the restarted table wrote to its journal before anyone acted:\n%s", again[len(journal):])
			}
			moved := c.goOn(t, b, code, after)
			waitFor(t, tb, "the table going on from there", moved)
		})
	}
}

// sameTable: what everyone sees, each seat's own part and the teacher's
// question are the same (but for the question's number).
func sameTable(t *testing.T, before, after *snapshot) {
	t.Helper()
	b, a := before.public, after.public
	for what, pair := range map[string][2]any{
		"the main line": {b.Columns, a.Columns}, "the moves": {b.Log, a.Log}, "the move waiting": {b.Pending, a.Pending},
		"whose turn": {b.Current, a.Current}, "the turn": {b.Turn, a.Turn}, "the status": {b.Status, a.Status}, "the Prophet": {b.Prophet, a.Prophet},
		"the seats": {before.seats, after.seats},
	} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s differs after the restart:\n before %+v\n after  %+v", what, pair[0], pair[1])
		}
	}
	qb, qa := before.teacher.Question, after.teacher.Question
	if (qb == nil) != (qa == nil) {
		t.Fatalf("the teacher's question before and after the restart: %+v, %+v", qb, qa)
	}
	if qb != nil {
		x, y := *qb, *qa
		x.ID, y.ID = 0, 0
		if !reflect.DeepEqual(x, y) {
			t.Errorf("the teacher's question differs after the restart:\n before %+v\n after  %+v", x, y)
		}
	}
}

func answerTheTeachersQuestion(t *testing.T, ts *testServer, code string, s *snapshot) func(*snapshot) bool {
	q := s.teacher.Question
	answerAsGod(t, ts, code, q)
	if q.Kind == "guess" {
		return func(n *snapshot) bool {
			// The statement is told on the newest move of s's log or a later
			// one (newest first): the bots may have moved on since.
			for _, e := range n.public.Log[:min(len(n.public.Log), max(0, len(n.public.Log)-len(s.public.Log)+1))] {
				if strings.Contains(e.Then, "card.rank > 3") {
					return true
				}
			}
			return false
		}
	}
	return func(n *snapshot) bool {
		return len(n.public.Log) > len(s.public.Log) && n.public.Log[len(n.public.Log)-len(s.public.Log)-1].Move == s.public.Pending.Text
	}
}

func mustPost(t *testing.T, ts *testServer, path string, f url.Values) {
	t.Helper()
	if status, _, body := ts.post(t, path, f, true); status != http.StatusNoContent {
		t.Fatalf("%s: %d %s", path, status, body)
	}
}

// seatLink is a person's link, from the teacher's part of the snapshot.
func seatLink(s *snapshot, seat int) string { return "/play/" + s.teacher.Settings.Tokens[seat] + "/" }

// pickFor is the card a Prophet names when judging a "no play" wrong.
func pickFor(p *PendingView) string {
	if p.Kind == sim.NoPlay {
		return p.Cards[0].String()
	}
	return ""
}
