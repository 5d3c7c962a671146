package web

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// A whole lesson at one table: after the reveal the teacher deals the next
// hand at the same table — the same seats and links, a new rule, a new
// deal — and the scores carry over. Each revealed hand is summed up in
// table.json (Settings.Hands): the class screen's standings and the
// session's results page (session.go) read it.

// HandSummary is one revealed hand of a table.
type HandSummary struct {
	No     int        `json:"no"`
	Rule   RuleChoice `json:"rule"` // as revealed (the teacher's own words when the teacher judged)
	Turns  int        `json:"turns"`
	End    string     `json:"end"`    // sim's end reason; "" when the teacher stopped the hand
	God    int        `json:"god"`    // God's score
	Seats  []SeatSum  `json:"seats"`  // in seat order
	Script string     `json:"script"` // the transcript's file in the table's folder
	Note   string     `json:"note,omitempty"`
}

// SeatSum is a seat's part in a hand: who found the rule and when, the
// tests made and the score.
type SeatSum struct {
	Name    string `json:"name"`
	Bot     string `json:"bot,omitempty"`
	Score   int    `json:"score"`
	Cards   int    `json:"cards"`
	Tests   int    `json:"tests"`              // moves made: every card played, sequence or "no play" is a test
	Yes     int    `json:"yes"`                // tests God said yes to
	Stated  int    `json:"stated,omitempty"`   // rules stated
	FoundAt int    `json:"found_at,omitempty"` // the move after which the seat stated God's rule (0: not found)
}

// summarize is the hand now, as the reveal sums it up.
func (t *table) summarize() HandSummary {
	res := t.hand.Result()
	rule := t.setup.Rule
	if t.tj != nil {
		rule.Words, rule.Expr = t.settings.TeacherWords, t.settings.TeacherExpr
	}
	hs := HandSummary{No: max(t.settings.HandNo, 1), Rule: rule, Turns: res.Turns, God: res.GodScore, Script: transcriptFile(t.settings.HandNo)}
	if t.hand.Ended() {
		hs.End = string(res.End)
	}
	for i, st := range t.setup.Seats {
		s := SeatSum{Name: st.Name, Bot: st.Bot}
		if i < len(res.Players) {
			s.Score, s.Cards = res.Players[i].Score, res.Players[i].Cards
		}
		hs.Seats = append(hs.Seats, s)
	}
	for _, r := range res.History {
		s := &hs.Seats[r.Player]
		s.Tests++
		if r.Verdict == sim.Yes {
			s.Yes++
		}
		if r.Guess != "" {
			s.Stated++
			if r.GuessRight && s.FoundAt == 0 {
				s.FoundAt = r.Turn
			}
		}
	}
	return hs
}

// transcriptFile is the transcript of a table's hand: transcript.yaml for
// the first, transcript-N.yaml for the Nth.
func transcriptFile(hand int) string {
	if hand <= 1 {
		return "transcript.yaml"
	}
	return fmt.Sprintf("transcript-%d.yaml", hand)
}

// Standing is a seat's total over the hands revealed at its table.
type Standing struct {
	Name  string
	Total int
	Last  int // the last hand's score
}

// standings are the seats' totals, highest first (nil before the first
// reveal).
func standings(names []string, hands []HandSummary) []Standing {
	if len(hands) == 0 {
		return nil
	}
	out := make([]Standing, len(names))
	for i, n := range names {
		out[i].Name = n
	}
	for _, h := range hands {
		for i, s := range h.Seats {
			if i < len(out) {
				out[i].Total += s.Score
				out[i].Last = s.Score
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return b.Total - a.Total })
	return out
}

// nextHand deals a new hand at the table once God's rule is revealed: the
// same seats and links, the rule rc, a fresh deal from the table's secret
// (the hand's number in it). table.json says so first; the new journal
// starts empty.
func (t *table) nextHand(rc RuleChoice) error {
	if !t.settings.Revealed {
		return sayErr("err.notRevealed")
	}
	if rc.Teacher {
		for _, st := range t.setup.Seats {
			if sp, err := agents.ParseSpec(st.Bot); err == nil && sp.Name == "oracle" {
				return sayErr("err.oracleTeacher", st.Name)
			}
		}
	}
	oldRule, oldSettings := t.setup.Rule, t.settings
	t.setup.Rule = rc
	t.settings.HandNo = max(t.settings.HandNo, 1) + 1
	t.settings.Revealed, t.settings.TeacherWords, t.settings.TeacherExpr = false, "", ""
	if t.dir != "" {
		os.Remove(filepath.Join(t.dir, journalFile(t.settings.HandNo))) // a hand dealt before a crash that table.json never named
	}
	if err := t.saveSetup(); err != nil {
		t.setup.Rule, t.settings = oldRule, oldSettings
		t.diskTrouble(err)
		return errNotSaved
	}
	t.diskFine()
	t.closeBots()
	t.journal.close()
	t.journal = journal{write: t.journal.write}
	t.gen++
	t.hand, t.pending, t.window, t.guess, t.question, t.fresh, t.swaps, t.reveal = nil, nil, nil, nil, nil, nil, nil, nil
	t.thinking, t.step, t.problem, t.acts = false, false, i18n.Msg{}, nil
	if err := t.build(); err != nil {
		t.problem = i18n.M("problem.deal", errMsg(err))
	}
	t.srv.logf("table %s: hand %d dealt, rule %s", t.setup.Code, t.settings.HandNo, rc.How)
	t.mark()
	return nil
}

var errNoDataDir = errors.New("this server keeps nothing on disk")
