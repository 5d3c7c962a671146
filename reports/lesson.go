package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/sim"
)

// Narration is one hand told for a class: each move, God's answer, the
// table after it and what a chosen scientist believed.
type Narration struct {
	Rule, Expr, Preset string
	Seed               uint64
	Players            []string
	Observer           int  // the seat whose belief is narrated
	OwnBelief          bool // false: the seat has no belief; an ideal observer's is told
	Result             *sim.Result
	Options            sim.Options
	Steps              []NarratedMove
	Truth              *hypotheses.Truth
}

// NarratedMove is one move with the narrated scientist's belief before it.
type NarratedMove struct {
	Move sim.MoveRecord
	// Top: the scientist's most probable rules before the move.
	Top   []string
	Probs []float64
	// Test: "positive" when its best rule said the card was legal,
	// "negative" when illegal ("" for moves that are not single plays).
	Test string
	// Before, After: hypotheses still possible; TrueProb: the posterior on
	// God's rule after the move.
	Before, After int
	TrueProb      float64
	MainLine      []sim.Card
}

// Narrate replays a played hand through a fresh belief of space sp with
// label noise eps — the narrated scientist's, rebuilt from the public record
// that every scientist sees.
func Narrate(n *Narration, sp *hypotheses.Space, eps float64) {
	b := sp.NewBelief(eps)
	b.Exact() // a lesson shows exact probabilities
	rec := hypotheses.NewRecord(b)
	rec.Start(n.Result.Opening, &n.Options)
	line := append([]sim.Card(nil), rec.Line()...)
	for i := range n.Result.History {
		m := n.Result.History[i]
		ids, ps := rec.Top(3)
		st := NarratedMove{Move: m, Probs: ps, Before: rec.Count()}
		for _, id := range ids {
			st.Top = append(st.Top, sp.Hyps[id].Expr)
		}
		if m.Kind == sim.Play && len(ids) > 0 {
			st.Test = "negative"
			if rec.HypAccepts(ids[0], m.Cards[0]) {
				st.Test = "positive"
			}
		}
		rec.Apply(&m, &n.Options)
		st.After = rec.Count()
		if n.Truth != nil {
			st.TrueProb = rec.ProbOf(n.Truth.IDs)
		}
		line = append(line, m.Accepted...)
		st.MainLine = append([]sim.Card(nil), line...)
		n.Steps = append(n.Steps, st)
	}
}

// Markdown writes the narration.
func (n *Narration) Markdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# A hand of Eleusis: rule `%s`\n\n", n.Rule)
	fmt.Fprintf(&b, "God's secret rule: `%s`. Preset %s, seed %d.\n\n", n.Expr, n.Preset, n.Seed)
	fmt.Fprintf(&b, "Players: %s.\n\n", strings.Join(seatNames(n.Players), ", "))
	who := fmt.Sprintf("seat %d (%s)", n.Observer+1, n.Players[n.Observer])
	if n.OwnBelief {
		fmt.Fprintf(&b, "We follow the beliefs of %s: what it holds possible, and how each answer changes that.\n\n", who)
	} else {
		fmt.Fprintf(&b, "%s plays without a belief we can show; we follow what an ideal Bayesian scientist sitting beside it would believe from the same answers.\n\n", who)
	}
	if n.Options.Starter == sim.Chain3 && len(n.Result.Opening) == 5 {
		fmt.Fprintf(&b, "God opens with the chain **%s** and lays **%s** under its last card: they break the rule.\n\n", sim.CardsString(n.Result.Opening[:3]), sim.CardsString(n.Result.Opening[3:]))
	} else {
		fmt.Fprintf(&b, "The starter: **%s**.\n\n", sim.CardsString(n.Result.Opening))
	}
	for i, st := range n.Steps {
		m := st.Move
		mine := ""
		if m.Player == n.Observer {
			mine = " — the scientist we follow"
		}
		fmt.Fprintf(&b, "## Move %d — seat %d (%s)%s\n\n", i+1, m.Player+1, n.Players[m.Player], mine)
		verdict := "**yes**"
		if m.Verdict == sim.No {
			verdict = "**no**"
		}
		switch m.Kind {
		case sim.NoPlay:
			fmt.Fprintf(&b, "Says \"no play\", showing %s. God: %s", sim.CardsString(m.Cards), verdict)
			if m.Picked != nil {
				fmt.Fprintf(&b, " — %s fits, and goes on the main line", *m.Picked)
			}
		default:
			fmt.Fprintf(&b, "Plays %s. God: %s", sim.CardsString(m.Cards), verdict)
		}
		if m.Penalty > 0 {
			fmt.Fprintf(&b, "; draws %d", m.Penalty)
		}
		b.WriteString(".\n\n")
		if m.Guess != "" {
			verdict := "not God's rule"
			if m.GuessRight {
				verdict = "**equivalent to God's rule**"
			} else if m.GuessError != "" {
				verdict = "not a rule: " + m.GuessError
			}
			fmt.Fprintf(&b, "States the rule `%s`: %s.\n\n", m.Guess, verdict)
		}
		if st.Test != "" {
			fmt.Fprintf(&b, "A **%s test**: the scientist's best rule said this card was %s.\n\n", st.Test, map[string]string{"positive": "legal", "negative": "illegal"}[st.Test])
		}
		if len(st.Top) > 0 {
			b.WriteString("Before the answer, the scientist's top hypotheses:\n\n")
			for k, t := range st.Top {
				fmt.Fprintf(&b, "%d. `%s` — %.2f\n", k+1, t, st.Probs[k])
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "The answer eliminated %d of %d hypotheses (%d left); belief in God's rule now %.2f.\n\n", st.Before-st.After, st.Before, st.After, st.TrueProb)
		fmt.Fprintf(&b, "Main line: %s\n\n", sim.CardsString(st.MainLine))
	}
	fmt.Fprintf(&b, "## The end\n\nThe hand ended: %s after %d moves. God scores %d.\n\n", n.Result.End, n.Result.Turns, n.Result.GodScore)
	if tm := n.Result.Team; tm != nil {
		if tm.Found {
			fmt.Fprintf(&b, "The team found the rule at move %d: `%s` (%s stated).\n\n", tm.Turn, tm.Rule, plural(tm.Guesses, "rule"))
		} else {
			fmt.Fprintf(&b, "The team did not find the rule (%s stated).\n\n", plural(tm.Guesses, "rule"))
		}
	}
	b.WriteString("| seat | strategy | cards left | score |\n|---|---|---|---|\n")
	for _, p := range n.Result.Players {
		fmt.Fprintf(&b, "| %d | %s | %d | %d |\n", p.Seat+1, n.Players[p.Seat], p.Cards, p.Score)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func seatNames(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("seat %d %s", i+1, p)
	}
	return out
}

// TableCSV is the main line and the error columns as a CSV students can
// analyse: one row per card on the table.
func TableCSV(res *sim.Result) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"position", "where", "under", "card", "rank", "suit", "color", "even", "face"})
	row := func(pos int, where string, under int, c sim.Card) {
		w.Write([]string{fmt.Sprint(pos), where, fmt.Sprint(under), c.String(), fmt.Sprint(c.Rank()), c.Suit().String(), c.Color(), fmt.Sprint(c.Even()), fmt.Sprint(c.Face())})
	}
	for i, c := range res.MainLine {
		row(i+1, "main", i+1, c)
	}
	for _, g := range res.Errors {
		for _, c := range g.Cards {
			row(0, "error", g.Under+1, c)
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// NarrationLearning is the narrated belief in God's rule after each move,
// as a one-rule learning curve.
func (n *Narration) Learning() []RuleSummary {
	s := RuleSummary{Rule: n.Rule}
	for _, st := range n.Steps {
		s.Learning = append(s.Learning, st.TrueProb)
	}
	return []RuleSummary{s}
}

// LearningPlot draws the narrated hand's learning curve.
func (n *Narration) LearningPlot(dir string) error {
	who := fmt.Sprintf("seat %d (%s)", n.Observer+1, n.Players[n.Observer])
	if !n.OwnBelief {
		who = fmt.Sprintf("an ideal observer beside seat %d (%s, which has no belief of its own)", n.Observer+1, n.Players[n.Observer])
	}
	return learningPlot(dir, "hand-learning", "Belief in God's rule during this hand", n.Learning(), 1,
		fmt.Sprintf("One hand: rule %s (%s), preset %s, seed %d; line-up: %s. The posterior of %s on God's rule after each move.",
			n.Rule, n.Expr, n.Preset, n.Seed, strings.Join(n.Players, ", "), who))
}
