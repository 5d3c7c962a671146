package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// seatState is a seat's state.json.
type seatState struct {
	Table Public    `json:"table"`
	Seat  SeatState `json:"seat"`
}

func (ts *testServer) state(t *testing.T, page string) seatState {
	t.Helper()
	status, body := ts.get(t, page+"state.json")
	if status != http.StatusOK {
		t.Fatalf("state: %d %s", status, body)
	}
	var st seatState
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// playHand plays a person's seat to the end of the hand: the first card of
// the hand each turn; every other decision is declined.
func playHand(t *testing.T, ts *testServer, tb *table, page string) {
	t.Helper()
	for moves := 0; moves < 400; moves++ {
		s := waitFor(t, tb, "the person's turn or the end", func(s *snapshot) bool {
			return s.public.Ended || s.seats[0].YourTurn || s.seats[0].InWindow || s.seats[0].Judge != nil
		})
		if s.public.Ended {
			return
		}
		me := s.seats[0]
		var status int
		var body string
		switch {
		case me.Judge != nil:
			status, _, body = ts.post(t, page+"judge", url.Values{"verdict": {"yes"}}, true)
		case me.InWindow:
			status, _, body = ts.post(t, page+"pass", nil, true)
		default:
			status, _, body = ts.post(t, page+"move", url.Values{"kind": {"play"}, "cards": {me.Hand[0].String()}}, true)
		}
		if status != http.StatusNoContent {
			t.Fatalf("move %d: %d %s", moves, status, body)
		}
	}
	t.Fatal("the hand did not end in 400 of the person's moves")
}

func TestPersonPlaysAWholeNewEleusisHandWithTwoBots(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "bank", "black-high-red-low", "person:Ana", "bot:bayes-eig(size=10000)", "bot:random")
	f.Set("opt_min_players", "3")
	code := ts.openTable(t, f)
	tb := ts.table(code)
	page := ts.join(t, code, 0)
	st := ts.state(t, page)
	if st.Seat.Name != "Ana" || len(st.Seat.Hand) != 14 {
		t.Fatalf("Ana's page shows %+v", st.Seat)
	}
	// A card Ana does not hold is refused in the engine's words.
	var notHers sim.Card
	for c := sim.Card(0); c < sim.NumCards; c++ {
		if !strings.Contains(sim.CardsString(st.Seat.Hand), c.String()) {
			notHers = c
			break
		}
	}
	waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	status, _, body := ts.post(t, page+"move", url.Values{"kind": {"play"}, "cards": {notHers.String()}}, true)
	if status != http.StatusBadRequest || !strings.Contains(body, "is not in Ana's hand") {
		t.Fatalf("a card Ana does not hold: %d %q", status, body)
	}
	playHand(t, ts, tb, page)
	s := tb.snap.Load()
	if !s.public.Ended || s.public.Revealed {
		t.Fatal("the hand should be over and not yet revealed")
	}
	status, _, body = ts.post(t, ts.TeacherPath()+"t/"+code+"/reveal", nil, true)
	if status != http.StatusNoContent {
		t.Fatalf("reveal: %d %s", status, body)
	}
	s = waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	if s.public.Reveal.Expr == "" || len(s.public.Reveal.Scores) != 3 || !s.public.Reveal.Plot {
		t.Fatalf("reveal: %+v", s.public.Reveal)
	}
	status, svg := ts.get(t, "/board/"+code+"/beliefs.svg")
	if status != 200 || !strings.Contains(svg, "<svg") {
		t.Fatalf("beliefs.svg: %d", status)
	}
	replayDownload(t, ts, tb, code)
}

// replayDownload downloads the table's transcript and referees it again
// with the engine: the same end, scores, main line and error columns.
func replayDownload(t *testing.T, ts *testServer, tb *table, code string) {
	t.Helper()
	status, yaml := ts.get(t, "/board/"+code+"/transcript.yaml")
	if status != http.StatusOK {
		t.Fatalf("transcript: %d %s", status, yaml)
	}
	tr, err := sim.ParseTranscript([]byte(yaml))
	if err != nil {
		t.Fatalf("the downloaded transcript does not parse: %v\n%s", err, yaml)
	}
	var rule *rulebank.Compiled
	if tr.RuleName != "" {
		rule, err = rulebank.Default().Get(tr.RuleName)
	} else {
		rule, err = rulebank.Compile(rulebank.Rule{Name: "t", Expr: tr.Rule})
	}
	if err != nil {
		t.Fatal(err)
	}
	h, err := sim.Replay(tr, rule.NewJudge())
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, yaml)
	}
	var want *sim.Result
	tb.do(context.Background(), func(tb *table) error { want = tb.hand.Result(); return nil })
	got := h.Result()
	if got.End != want.End && !(want.End == sim.Unfinished) || got.GodScore != want.GodScore ||
		sim.CardsString(got.MainLine) != sim.CardsString(want.MainLine) || len(got.History) != len(want.History) {
		t.Fatalf("the replayed transcript ends %s (God %d, %d moves), the table %s (God %d, %d moves)", got.End, got.GodScore, len(got.History), want.End, want.GodScore, len(want.History))
	}
	for i := range want.Players {
		if got.Players[i].Score != want.Players[i].Score || got.Players[i].Cards != want.Players[i].Cards {
			t.Fatalf("seat %d: replayed %+v, played %+v", i+1, got.Players[i], want.Players[i])
		}
	}
}

// A sequence (cards in the order clicked) and a "no play" are refereed by
// the engine and told in the log.
func TestSequenceAndNoPlay(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("new-eleusis", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
	f.Set("opt_min_players", "3")
	code := ts.openTable(t, f)
	tb := ts.table(code)
	ana := ts.join(t, code, 0)
	s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	hand := s.seats[0].Hand
	seq := hand[len(hand)-1].String() + " " + hand[0].String()
	if status, _, body := ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {seq}}, true); status != http.StatusNoContent {
		t.Fatalf("a sequence: %d %s", status, body)
	}
	s = tb.snap.Load()
	var mine *LogLine
	for i := range s.public.Log {
		if strings.HasPrefix(s.public.Log[i].Move, "Ana") {
			mine = &s.public.Log[i]
		}
	}
	if mine == nil || !strings.Contains(mine.Move, "plays the sequence "+hand[len(hand)-1].Pretty()+" "+hand[0].Pretty()) {
		t.Fatalf("the log: %+v", s.public.Log)
	}
	s = waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	if status, _, body := ts.post(t, ana+"move", url.Values{"kind": {"noplay"}}, true); status != http.StatusNoContent {
		t.Fatalf("no play: %d %s", status, body)
	}
	found := false
	for _, l := range tb.snap.Load().public.Log {
		found = found || strings.HasPrefix(l.Move, `Ana says "no play", showing`)
	}
	if !found {
		t.Fatal("the log does not show Ana's \"no play\"")
	}
}
