package web

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// playSome makes n of Ana's moves (going on after each right one).
func playSome(t *testing.T, ts *testServer, tb *table, ana string, n int) {
	t.Helper()
	for moves := 0; moves < n; {
		s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow || s.public.Ended })
		switch {
		case s.public.Ended:
			return
		case s.seats[0].InWindow:
			mustPost(t, ts, ana+"pass", nil)
		default:
			mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
			moves++
		}
	}
}

// A two-hand lesson at one table: the reveal, the next hand with the scores
// carried over (the class screen's standings), the second reveal, and the
// session's results page, its CSV and the transcripts zipped, each of
// which replays; a restart keeps all of it.
func TestATwoHandLesson(t *testing.T) {
	dir := t.TempDir()
	ts := newTestServer(t, dir)
	code, tb, ana := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:bayes-eig(size=10000)", "bot:random"))
	console := ts.TeacherPath() + "t/" + code + "/"
	playSome(t, ts, tb, ana, 4)
	mustPost(t, ts, console+"reveal", nil)
	first := waitFor(t, tb, "the first reveal", func(s *snapshot) bool { return s.public.Reveal != nil && len(s.public.Standings) == 3 })
	if _, board := ts.get(t, "/board/"+code+"/view"); !strings.Contains(board, "The standings after 1 hand") {
		t.Fatal("the class screen shows no standings")
	}
	if status, _, body := ts.post(t, console+"next", url.Values{"rule_mode": {"bank"}, "rule_name": {"same-suit"}}, true); status != http.StatusNoContent {
		t.Fatalf("the next hand: %d %s", status, body)
	}
	s := waitFor(t, tb, "the second hand", func(s *snapshot) bool { return s.public.HandNo == 2 && s.public.Started && s.public.Reveal == nil })
	if s.teacher.Rule.Name != "same-suit" || len(s.public.Standings) != 3 || s.public.Turn != 0 {
		t.Fatalf("hand 2: rule %q, standings %v, turn %d", s.teacher.Rule.Name, s.public.Standings, s.public.Turn)
	}
	if first.seats[0].Hand[0] == s.seats[0].Hand[0] && first.public.Columns[0].Card == s.public.Columns[0].Card {
		t.Log("the second deal starts like the first (possible, unlikely)")
	}
	if st := ts.state(t, ana); st.Seat.Name != "Ana" {
		t.Fatal("Ana's link does not work at the second hand")
	}
	playSome(t, ts, tb, ana, 3)
	mustPost(t, ts, console+"reveal", nil)
	s = waitFor(t, tb, "the second reveal", func(s *snapshot) bool { return s.public.Reveal != nil && s.public.HandsDone == 2 })
	hands := s.teacher.Settings.Hands
	total := 0
	for _, h := range hands {
		total += h.Seats[0].Score
	}
	for _, st := range s.public.Standings {
		if st.Name == "Ana" && st.Total != total {
			t.Fatalf("Ana's total %d, her hands' scores add up to %d", st.Total, total)
		}
	}
	if hands[0].Seats[0].Tests < 4 || hands[1].Seats[0].Tests < 3 || hands[1].Rule.Name != "same-suit" {
		t.Fatalf("the hands' summaries: %+v", hands)
	}

	// The results page, the CSV and the transcripts.
	_, page := ts.get(t, ts.TeacherPath()+"results")
	for _, want := range []string{"Table " + groupCode(code), "Hand 1", "Hand 2", "same-suit", "tests (moves)"} {
		if !strings.Contains(page, want) && !strings.Contains(page, strings.ReplaceAll(want, " ", "&nbsp;")) {
			t.Errorf("the results page lacks %q", want)
		}
	}
	status, body := ts.get(t, ts.TeacherPath()+"results.csv")
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if status != http.StatusOK || err != nil || len(rows) != 1+2*3 {
		t.Fatalf("results.csv: %d %v, %d rows:\n%s", status, err, len(rows), body)
	}
	if rows[0][0] != "table" || rows[6][5] != "Ana" && rows[4][5] != "Ana" {
		t.Fatalf("results.csv: %v", rows)
	}
	status, body = ts.get(t, ts.TeacherPath()+"transcripts.zip")
	zr, err := zip.NewReader(bytes.NewReader([]byte(body)), int64(len(body)))
	if status != http.StatusOK || err != nil || len(zr.File) != 2 {
		t.Fatalf("transcripts.zip: %d %v", status, err)
	}
	for _, f := range zr.File {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		tr, err := sim.ParseTranscript(data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		rule, err := rulebank.Default().Get(tr.RuleName)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		h, err := sim.Replay(tr, rule.NewJudge())
		if err != nil {
			t.Fatalf("%s does not replay: %v", f.Name, err)
		}
		want := hands[0]
		if strings.HasSuffix(f.Name, "hand-2.yaml") {
			want = hands[1]
		}
		if got := h.Result(); got.Turns != want.Turns || got.Players[0].Score != want.Seats[0].Score {
			t.Fatalf("%s replays to %d moves, Ana %d; the hand had %d, %d", f.Name, got.Turns, got.Players[0].Score, want.Turns, want.Seats[0].Score)
		}
	}
	// Students never reach the results.
	if status, _ := ts.get(t, "/teacher/"+strings.Repeat("0", 32)+"/results"); status != http.StatusNotFound {
		t.Fatalf("the results without the teacher's link: %d", status)
	}

	// A restart keeps the lesson.
	ts.ts.Close()
	ts.Close()
	b := newTestServer(t, dir)
	s2 := waitFor(t, b.table(code), "the restored lesson", func(s *snapshot) bool { return s.public.Reveal != nil })
	if s2.public.HandNo != 2 || s2.public.HandsDone != 2 || s2.teacher.Rule.Name != "same-suit" {
		t.Fatalf("after the restart: hand %d, %d done, rule %s", s2.public.HandNo, s2.public.HandsDone, s2.teacher.Rule.Name)
	}
}
