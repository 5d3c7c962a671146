package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// answerErring answers the teacher's question by the rule opposite, or,
// when wrong, against it: a play's verdict turned; a sequence all
// accepted where a card breaks the rule, else refused at its last card; a
// "no play" with no card fitting where some do, else with the first card
// fitting.
func answerErring(t *testing.T, ts *testServer, code string, q *question, wrong bool) {
	t.Helper()
	if !wrong || q.Kind == "guess" {
		answerAsGod(t, ts, code, q)
		return
	}
	f := url.Values{"q": {strconv.Itoa(q.ID)}}
	switch q.Kind {
	case "sequence":
		f.Set("verdict", "yes")
		line := slices.Clone(q.Line)
		breaks := false
		for i, c := range q.Cards {
			breaks = breaks || (i >= q.Known && !opposite(line, c))
			line = append(line, c)
		}
		if !breaks {
			f.Set("verdict", "no")
			f.Set("first", strconv.Itoa(len(q.Cards)-1))
		}
	case "noplay":
		f.Set("verdict", "set")
		if !slices.ContainsFunc(q.Cards, func(c sim.Card) bool { return opposite(q.Line, c) }) {
			f.Add("fit", "0")
		}
	default:
		f.Set("verdict", map[bool]string{true: "no", false: "yes"}[opposite(q.Line, q.Cards[0])])
	}
	postAnswer(t, ts, code, f)
}

// The teacher, judging as God, errs now and then on plays, sequences and
// "no play"s. The expression given at the reveal says otherwise on those
// moves; the transcript gives God's verdicts there as God gave them
// (god_said:, docs/files.md), so that it replays to the hand that was
// played.
func TestTranscriptCarriesGodsMistakes(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "teacher", "", "person:Ana", "bot:random", "bot:random")
	f.Set("opt_min_players", "3")
	code, tb, ana := ts.withAna(t, f)
	asked, erred, turns := 0, 0, 0
	for steps := 0; steps < 400 && asked < 40; steps++ {
		s := waitFor(t, tb, "a question or Ana", func(s *snapshot) bool {
			return s.public.Ended || s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[0].InWindow
		})
		if s.public.Ended {
			break
		}
		switch q := s.teacher.Question; {
		case q != nil:
			asked++
			// the opening is God's own chain, no move: never erred on
			wrong := asked%3 == 0 && !strings.Contains(q.About.String(), "opening")
			if wrong {
				erred++
			}
			answerErring(t, ts, code, q, wrong)
			waitFor(t, tb, "the answer", func(n *snapshot) bool { return n.teacher.Question == nil || n.teacher.Question.ID != q.ID })
		case s.seats[0].InWindow:
			mustPost(t, ts, ana+"pass", nil)
		default:
			turns++
			hand := s.seats[0].Hand
			switch {
			case turns%3 == 1 && len(hand) >= 2:
				mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {hand[0].String() + " " + hand[1].String()}})
			case turns%3 == 2:
				mustPost(t, ts, ana+"move", url.Values{"kind": {"noplay"}})
			default:
				mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {hand[0].String()}})
			}
		}
	}
	if erred < 5 {
		t.Fatalf("the teacher erred %d times in %d questions", erred, asked)
	}
	status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", url.Values{"words": {"Alternate the colours"}, "expr": {"card.color != prev.color"}}, true)
	if status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	s := waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	if r := s.public.Reveal; len(r.Mismatches) == 0 || !r.Transcript {
		t.Fatalf("reveal: %+v", r)
	}
	_, yaml := ts.get(t, "/board/"+code+"/transcript.yaml")
	kinds := map[string]bool{}
	for _, l := range strings.Split(yaml, "\n") {
		if strings.Contains(l, "god_said:") {
			kinds[strings.Fields(l)[2]] = true // "  - Ana play 8H god_said:yes"
		}
	}
	if !kinds["play"] || !kinds["seq"] || !kinds["noplay"] {
		t.Errorf("God's mistakes marked on %v only:\n%s", kinds, yaml)
	}
	replayDownload(t, ts, tb, code)
}

// The teacher answers two stated rules against the expression given at
// the reveal: "no" to the rule itself, then "yes" to another, which ends
// the hand as found. The transcript gives both answers (god_said:) and
// replays to the same end.
func TestTranscriptCarriesGodsAnswersToRules(t *testing.T) {
	ts := newTestServer(t, "")
	code, tb, ana := ts.withAna(t, form("express", "teacher", "", "person:Ana", "bot:random", "bot:random"))
	right, wrong := "card.color != prev.color", "card.color == prev.color"
	asked, guessed := 0, 0
	for steps := 0; steps < 400; steps++ {
		s := waitFor(t, tb, "a question or Ana", func(s *snapshot) bool {
			return s.public.Ended || s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[0].InWindow
		})
		if s.public.Ended {
			break
		}
		switch q := s.teacher.Question; {
		case q != nil && q.Kind == "guess":
			// God errs on both: "no" to the rule, "yes" to the other
			postAnswer(t, ts, code, url.Values{"q": {strconv.Itoa(q.ID)}, "verdict": {map[bool]string{true: "no", false: "yes"}[q.Text == right]}})
			waitFor(t, tb, "the answer", func(n *snapshot) bool { return n.teacher.Question == nil || n.teacher.Question.ID != q.ID })
		case q != nil:
			asked++
			answerAsGod(t, ts, code, q)
			waitFor(t, tb, "the answer", func(n *snapshot) bool { return n.teacher.Question == nil || n.teacher.Question.ID != q.ID })
		case s.seats[0].InWindow && s.seats[0].CanGuess && asked > 4 && guessed < 2:
			mustPost(t, ts, ana+"guess", url.Values{"rule": {[]string{right, wrong}[guessed]}})
			guessed++
		case s.seats[0].InWindow:
			mustPost(t, ts, ana+"pass", nil)
		default:
			mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
		}
	}
	var end sim.EndReason
	tb.do(context.Background(), func(tb *table) error { end = tb.hand.Result().End; return nil })
	if guessed != 2 || end != sim.Guessed {
		t.Fatalf("Ana stated %d rules; the hand ended %q: %s", guessed, end, tb.snap.Load().public.Status)
	}
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", url.Values{"words": {"Alternate the colours"}, "expr": {right}}, true); status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	if r := waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil }).public.Reveal; len(r.Mismatches) != 2 {
		t.Fatalf("reveal: %+v", r)
	}
	_, yaml := ts.get(t, "/board/"+code+"/transcript.yaml")
	for _, want := range []string{"Ana guess " + right + " god_said:no", "Ana guess " + wrong + " god_said:yes"} {
		if !strings.Contains(yaml, want) {
			t.Errorf("the transcript has no %q:\n%s", want, yaml)
		}
	}
	replayDownload(t, ts, tb, code)
}

// What a transcript cannot give yet — here God's mistakes on the opening
// chain — the reveal says: the transcript is there, with a note that
// refereed again with the expression it is not this hand.
func TestRevealSaysTheTranscriptDoesNotReplay(t *testing.T) {
	ts := newTestServer(t, "")
	code, tb, _ := ts.withAna(t, form("express-divermazo", "teacher", "", "person:Ana", "bot:random", "bot:random"))
	opening := 0
	for {
		s := waitFor(t, tb, "the opening", func(s *snapshot) bool { return s.teacher.Question != nil || s.public.Started })
		q := s.teacher.Question
		if s.public.Started || q == nil || !strings.Contains(q.About.String(), "opening") {
			break
		}
		// every verdict on the opening chain against the rule revealed
		opening++
		answerErring(t, ts, code, q, true)
		waitFor(t, tb, "the answer", func(n *snapshot) bool { return n.teacher.Question == nil || n.teacher.Question.ID != q.ID })
	}
	if opening < 5 {
		t.Fatalf("%d questions on the opening chain", opening)
	}
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", url.Values{"words": {"Alternate the colours"}, "expr": {"card.color != prev.color"}}, true); status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	r := waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil }).public.Reveal
	if !r.Transcript || r.TranscriptNote.Key != "reveal.transcriptNoReplay" || !strings.Contains(r.TranscriptNote.String(), "opening chain") {
		t.Fatalf("reveal: %+v", r)
	}
	if _, page := ts.get(t, ts.TeacherPath()+"t/"+code+"/"); !strings.Contains(page, "Careful: refereed again with the expression given, it is not this hand") {
		t.Errorf("the console does not say the transcript replays otherwise")
	}
}
