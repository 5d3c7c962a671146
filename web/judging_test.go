package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// opposite is the teacher's rule in the teacher-judged test: a card of the
// other colour than the last one.
func opposite(line []sim.Card, c sim.Card) bool { return c.Red() != line[len(line)-1].Red() }

// answerAsGod answers the teacher's open question by the rule opposite.
func answerAsGod(t *testing.T, ts *testServer, code string, q *question) {
	t.Helper()
	f := url.Values{"q": {strconv.Itoa(q.ID)}}
	switch q.Kind {
	case "guess":
		f.Set("verdict", map[bool]string{true: "yes", false: "no"}[q.Text == "card.color != prev.color"])
	case "sequence":
		f.Set("verdict", "yes")
		line := slices.Clone(q.Line)
		for i, c := range q.Cards {
			if i >= q.Known && !opposite(line, c) {
				f.Set("verdict", "no")
				f.Set("first", strconv.Itoa(i))
				break
			}
			line = append(line, c)
		}
	case "noplay":
		f.Set("verdict", "set")
		for i, c := range q.Cards {
			if opposite(q.Line, c) {
				f.Add("fit", strconv.Itoa(i))
			}
		}
	default:
		f.Set("verdict", map[bool]string{true: "yes", false: "no"}[opposite(q.Line, q.Cards[0])])
	}
	postAnswer(t, ts, code, f)
}

// postAnswer sends the teacher's answer to the open question.
func postAnswer(t *testing.T, ts *testServer, code string, f url.Values) {
	t.Helper()
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/answer", f, true); status != http.StatusNoContent {
		t.Fatalf("answer: %d %s", status, body)
	}
}

// The teacher is God: every verdict is the teacher's answer, the engine
// keeps the cards and scores; Ana states the teacher's rule and wins; the
// reveal takes the teacher's words and expression, and the transcript then
// replays with the engine.
func TestTeacherJudgesAnExpressHand(t *testing.T) {
	ts := newTestServer(t, "")
	code, tb, ana := ts.withAna(t, form("express", "teacher", "", "person:Ana", "bot:bayes-eig(size=10000)", "bot:random"))
	asked := 0
	for steps := 0; steps < 400; steps++ {
		s := waitFor(t, tb, "a question or Ana", func(s *snapshot) bool {
			return s.public.Ended || s.teacher.Question != nil || s.seats[0].YourTurn || s.seats[0].InWindow
		})
		switch {
		case s.public.Ended:
			steps = 1 << 30
		case s.teacher.Question != nil:
			asked++
			answerAsGod(t, ts, code, s.teacher.Question)
		case s.seats[0].InWindow && s.seats[0].CanGuess && asked > 6:
			ts.post(t, ana+"guess", url.Values{"rule": {"card.color != prev.color"}}, true)
		case s.seats[0].InWindow:
			ts.post(t, ana+"pass", nil, true)
		default:
			ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}}, true)
		}
	}
	s := tb.snap.Load()
	if !s.public.Ended || asked < 5 {
		t.Fatalf("the hand did not end with the teacher's verdicts (%d asked): %s", asked, s.public.Status)
	}
	if !strings.Contains(s.public.EndWords, "found the rule") && !strings.Contains(s.public.EndWords, "went out") {
		t.Logf("the hand ended: %s", s.public.EndWords)
	}
	status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", url.Values{"words": {"Alternate the colours"}, "expr": {"card.color != prev.color"}}, true)
	if status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	s = waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	if r := s.public.Reveal; r.Words != "Alternate the colours" || len(r.Mismatches) != 0 || !r.Transcript || !r.Plot {
		t.Fatalf("reveal: %+v", r)
	}
	replayDownload(t, ts, tb, code)
}

// A rule stated in Express is judged by the engine's equivalence check; a
// right one ends the hand.
func TestExpressStatedRule(t *testing.T) {
	ts := newTestServer(t, "")
	_, tb, ana := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	for steps := 0; steps < 200; steps++ {
		s := waitFor(t, tb, "Ana", func(s *snapshot) bool { return s.public.Ended || s.seats[0].YourTurn || s.seats[0].InWindow })
		if s.public.Ended {
			break
		}
		if s.seats[0].InWindow && s.seats[0].CanGuess {
			// A rule that does not parse costs nothing and says why.
			if status, _, body := ts.post(t, ana+"guess", url.Values{"rule": {"card.colour =="}}, true); status != http.StatusNoContent {
				t.Fatalf("a malformed rule: %d %s", status, body)
			}
			// The log shows it once the table has published the change
			// (waited for, not read at once: under load a read right after
			// the answer could miss it).
			// The bots (pace 0) may have moved since: look down the log.
			var last LogLine
			waitFor(t, tb, "the malformed rule in the log", func(s *snapshot) bool {
				for _, l := range s.public.Log {
					if strings.Contains(l.Then, "card.colour") {
						last = l
						return true
					}
				}
				return false
			})
			if !strings.Contains(last.Then, "not a rule") {
				t.Fatalf("a malformed rule: %q", last.Then)
			}
			if status, _, body := ts.post(t, ana+"guess", url.Values{"rule": {"card.color != prev.color"}}, true); status != http.StatusBadRequest || !strings.Contains(body, "guess") {
				t.Fatalf("a second rule after one move: %d %q", status, body)
			}
			continue
		}
		if s.seats[0].InWindow {
			ts.post(t, ana+"pass", nil, true)
			continue
		}
		// Play a card of the other colour when there is one: a right move.
		line := s.public.Columns
		last := line[len(line)-1].Card
		card := s.seats[0].Hand[0]
		for _, c := range s.seats[0].Hand {
			if c.Red() != last.Red() {
				card = c
			}
		}
		ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {card.String()}}, true)
		s = waitFor(t, tb, "the verdict", func(s *snapshot) bool { return s.seats[0].InWindow || !s.seats[0].YourTurn })
		if s.seats[0].InWindow && s.seats[0].CanGuess && steps > 2 {
			ts.post(t, ana+"guess", url.Values{"rule": {"card.color != prev.color"}}, true)
			s = waitFor(t, tb, "the end", func(s *snapshot) bool { return s.public.Ended })
			if !strings.Contains(s.public.EndWords, "Ana found the rule") {
				t.Fatalf("the right rule did not end the hand: %s", s.public.EndWords)
			}
			return
		}
	}
	t.Fatal("Ana never stated the rule")
}

// A person declares Prophet after hearing God's verdict and then judges the
// others' moves.
func TestPersonAsProphet(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
	f.Set("opt_min_players", "3")
	f.Set("opt_prophet", "true")
	_, tb, ana := ts.withAna(t, f)
	s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}}, true)
	s = waitFor(t, tb, "Ana's window", func(s *snapshot) bool { return s.seats[0].InWindow })
	if !s.seats[0].CanDeclare {
		t.Fatal("Ana may not declare")
	}
	if status, _, body := ts.post(t, ana+"declare", nil, true); status != http.StatusNoContent {
		t.Fatalf("declare: %d %s", status, body)
	}
	for judged := 0; judged < 3; judged++ {
		s = waitFor(t, tb, "a move for the Prophet", func(s *snapshot) bool { return s.seats[0].Judge != nil || s.public.Ended })
		if s.public.Ended {
			break
		}
		if s.seats[0].YourTurn {
			t.Fatal("the Prophet is asked to play")
		}
		v := "yes"
		if judged == 1 {
			v = "no"
		}
		f := url.Values{"verdict": {v}}
		if v == "no" && s.seats[0].Judge.Kind == sim.NoPlay {
			f.Set("pick", s.seats[0].Judge.Cards[0].String())
		}
		if status, _, body := ts.post(t, ana+"judge", f, true); status != http.StatusNoContent {
			t.Fatalf("judge: %d %s", status, body)
		}
		// The log shows it once the table has published the change (waited
		// for: under load a read right after the answer could miss it).
		var judgement LogLine
		waitFor(t, tb, "Ana's judgement in the log", func(s *snapshot) bool {
			n := 0
			for _, l := range slices.Backward(s.public.Log) { // oldest first: the last one found is the newest
				if strings.Contains(l.Then, "the Prophet Ana had said") {
					judgement, n = l, n+1
				}
			}
			return n == judged+1
		})
		if !strings.Contains(judgement.Then, "the Prophet Ana had said "+v) {
			t.Fatalf("the log does not show Ana's judgement: %+v", judgement)
		}
		if strings.Contains(judgement.Then, "Prophet falls") {
			break
		}
	}
}

// The teacher judges a whole sequence in one question: all of it follows
// the rule, or which card is the first that breaks it.
func TestTeacherJudgesASequenceInOneQuestion(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "teacher", "", "person:Ana", "bot:random", "bot:random")
	f.Set("opt_min_players", "3")
	code, tb, ana := ts.withAna(t, f)
	var s *snapshot
	for {
		s = waitFor(t, tb, "Ana's turn or a question", func(s *snapshot) bool { return s.seats[0].YourTurn || s.seats[0].InWindow || s.teacher.Question != nil })
		if s.seats[0].YourTurn {
			break
		}
		if s.seats[0].InWindow {
			mustPost(t, ts, ana+"pass", nil)
			continue
		}
		answerAsGod(t, ts, code, s.teacher.Question)
		waitFor(t, tb, "the answer", func(n *snapshot) bool {
			return n.teacher.Question == nil || n.teacher.Question.ID != s.teacher.Question.ID
		})
	}
	// Three cards whose second breaks "opposite colours" after the first.
	line := s.public.Columns[len(s.public.Columns)-1].Card
	var seq []sim.Card
	hand := s.seats[0].Hand
	pick := func(red bool, not []sim.Card) (sim.Card, bool) {
		for _, c := range hand {
			if c.Red() == red && !slices.Contains(not, c) {
				return c, true
			}
		}
		return hand[0], false
	}
	c1, ok1 := pick(!line.Red(), nil)
	c2, ok2 := pick(c1.Red(), []sim.Card{c1})
	c3, ok3 := pick(!c2.Red(), []sim.Card{c1, c2})
	if !ok1 || !ok2 || !ok3 {
		t.Skipf("Ana's hand %v has no such three cards", hand)
	}
	seq = []sim.Card{c1, c2, c3}
	mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {c1.String() + " " + c2.String() + " " + c3.String()}})
	s = waitFor(t, tb, "the question", func(s *snapshot) bool { return s.teacher.Question != nil })
	q := s.teacher.Question
	if q.Kind != "sequence" || !slices.Equal(q.Cards, seq) || q.Known != 0 {
		t.Fatalf("the teacher is asked %+v", q)
	}
	before := len(s.public.Log)
	answerAsGod(t, ts, code, q) // "No: the second card is the first that breaks it"
	s = waitFor(t, tb, "the sequence judged", func(s *snapshot) bool { return len(s.public.Log) > before })
	if s.teacher.Question != nil && s.teacher.Question.About.String() == q.About.String() {
		t.Fatalf("one answer was not enough: asked again %+v", s.teacher.Question)
	}
	l := s.public.Log[len(s.public.Log)-before-1]
	if !strings.Contains(l.Move, "Ana plays the sequence") || l.Verdict != "no" {
		t.Fatalf("the log says %+v", l)
	}
}
