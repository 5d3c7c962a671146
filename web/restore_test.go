package web

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// A restarted server restores its open tables: the same cards in the same
// places, the same log, the same links; and the hand goes on.
func TestRestartRestoresTables(t *testing.T) {
	dir := t.TempDir()
	a := newTestServer(t, dir)
	f := form("express", "bank", "opposite-colour", "person:Ana", "bot:bayes-eig(size=10000)", "bot:random")
	code := a.openTable(t, f)
	tb := a.table(code)
	ana := a.join(t, code, 0)
	for i := 0; i < 3; i++ {
		s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow })
		if s.seats[0].InWindow {
			a.post(t, ana+"pass", nil, true)
			continue
		}
		a.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}}, true)
	}
	before := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow })
	if before.seats[0].InWindow {
		a.post(t, ana+"pass", nil, true)
		before = waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	}
	teacher := a.TeacherPath()
	a.ts.Close()
	a.Close()

	b := newTestServer(t, dir)
	if b.TeacherPath() != teacher {
		t.Fatal("the teacher's link changed with the restart")
	}
	tb2 := b.table(code)
	if tb2 == nil {
		t.Fatal("the table was not restored")
	}
	after := waitFor(t, tb2, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	if !reflect.DeepEqual(before.public.Columns, after.public.Columns) || !reflect.DeepEqual(before.public.Log, after.public.Log) {
		t.Fatalf("the table differs after the restart:\n%v\n%v", before.public.Log, after.public.Log)
	}
	for i := range before.seats {
		if !reflect.DeepEqual(before.seats[i].Hand, after.seats[i].Hand) {
			t.Fatalf("seat %d's hand differs after the restart", i+1)
		}
	}
	st := b.state(t, ana)
	if st.Seat.Name != "Ana" {
		t.Fatal("Ana's link does not work after the restart")
	}
	status, _, body := b.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {st.Seat.Hand[0].String()}}, true)
	if status != http.StatusNoContent {
		t.Fatalf("the hand does not go on after the restart: %d %s", status, body)
	}
	if _, err := readFile(dir, code, "transcript.yaml"); err != nil {
		t.Fatal(err)
	}
}

// A journal cut short by a crash loses at most its last line.
func TestRestoreIgnoresATornLastLine(t *testing.T) {
	dir := t.TempDir()
	a := newTestServer(t, dir)
	code := a.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	tb := a.table(code)
	ana := a.join(t, code, 0)
	s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	a.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}}, true)
	waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow })
	a.ts.Close()
	a.Close()
	appendFile(t, dir, code, "journal.jsonl", `{"a":"move","seat":1,"ki`)
	b := newTestServer(t, dir)
	if b.table(code) == nil || len(b.broken) > 0 {
		t.Fatalf("a torn last line broke the table: %v", b.broken)
	}
	log := b.table(code).snap.Load().public.Log
	found := false
	for _, l := range log {
		found = found || strings.HasPrefix(l.Move, "Ana plays")
	}
	if !found {
		t.Fatalf("Ana's move was lost: %v", log)
	}
}

// A revealed table comes back revealed, with its transcript.
func TestRestartKeepsTheReveal(t *testing.T) {
	dir := t.TempDir()
	a := newTestServer(t, dir)
	code := a.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	waitFor(t, a.table(code), "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	a.post(t, a.TeacherPath()+"t/"+code+"/reveal", nil, true)
	waitFor(t, a.table(code), "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	a.ts.Close()
	a.Close()
	b := newTestServer(t, dir)
	s := waitFor(t, b.table(code), "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	if s.public.Reveal.Name != "opposite-colour" {
		t.Fatalf("reveal after the restart: %+v", s.public.Reveal)
	}
	if status, yaml := b.get(t, "/board/"+code+"/transcript.yaml"); status != http.StatusOK || !strings.Contains(yaml, "rule_name: opposite-colour") {
		t.Fatalf("transcript after the restart: %d %s", status, yaml)
	}
}
