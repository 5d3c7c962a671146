package lessons

import (
	"bytes"
	"html/template"
	"os"
	"path/filepath"

	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/handwords"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/atomicfile"
	"github.com/eleusis/eleusis/sim"
)

// A class's results across its tables (results.html): for each hand a
// class played and wrote down, each player's tests — positive and
// negative, of the rule they said they believed —, the answers that
// refuted their rule (a positive test refused: too broad; a negative test
// accepted: too narrow), and whether and when they found God's rule; and
// the same summed over the class, with an ideal scientist's hand as a
// yardstick.

// TableResults is one table's hand, player by player.
type TableResults struct {
	Source  string
	Rule    template.HTML // God's rule in words, with its expression
	Moves   int
	End     string
	Players []PlayerResults
	// Ideal: the move after which an ideal scientist watching the table
	// gave God's rule (as far as the hand could show it) half its belief
	// (0: never).
	Ideal int
}

// PlayerResults is one player's part of a hand.
type PlayerResults struct {
	Name               string
	Moves              int
	Positive, Negative int // tests of the rule the player said they believed
	// TooBroad, TooNarrow: answers that refuted the player's own rule, by a
	// positive test and by a negative one.
	TooBroad, TooNarrow int
	// Found: the player said a rule that is God's on this hand, first at
	// move FoundAt (0: before the first move), as FoundHow says.
	Found    bool
	FoundAt  int
	FoundHow template.HTML
	Score    int
}

// ClassResults is a class's results across its tables.
type ClassResults struct {
	Tables []TableResults
	// Totals over the class.
	Players, Positive, Negative, TooBroad, TooNarrow, Found int
}

// resultsOf sums up a class's narrated transcripts.
func resultsOf(hands []*Narration, f htmlText) ClassResults {
	var cr ClassResults
	for _, n := range hands {
		tr := TableResults{Source: n.Source, Rule: safe(n.godRule(f)), Moves: len(n.Steps),
			End: tidy(f.lang(), f.lang().Say(handwords.End(n.Result.End, n.seatRefs(f.lang()), n.Result)))}
		for i, st := range n.Steps {
			if st.LocalProb >= 0.5 {
				tr.Ideal = i + 1
				break
			}
		}
		for seat := range n.Players {
			pr := PlayerResults{Name: n.playerName(seat, f.lang())}
			for _, p := range n.Result.Players {
				if p.Seat == seat {
					pr.Score = p.Score
				}
			}
			for _, s := range n.Said[0] {
				if s.Player == seat && s.Judged && s.Right && !pr.Found {
					pr.Found, pr.FoundHow = true, safe(f.say("results.said", f.text(s.Text)))
				}
			}
			for i := range n.Steps {
				n.tally(&pr, seat, &n.Steps[i], f)
			}
			tr.Players = append(tr.Players, pr)
			cr.Players++
			cr.Positive += pr.Positive
			cr.Negative += pr.Negative
			cr.TooBroad += pr.TooBroad
			cr.TooNarrow += pr.TooNarrow
			if pr.Found {
				cr.Found++
			}
		}
		cr.Tables = append(cr.Tables, tr)
	}
	return cr
}

// tally adds a move to a player's results: a test of the rule they said,
// an answer that refuted it, the rule found — by a rule said in words,
// a rule stated, or a belief that is God's rule on this hand.
func (n *Narration) tally(pr *PlayerResults, seat int, st *NarratedMove, f htmlText) {
	m := &st.Move
	found := func(how string) {
		if !pr.Found {
			pr.Found, pr.FoundAt, pr.FoundHow = true, m.Turn, safe(how)
		}
	}
	if m.Player == seat {
		pr.Moves++
		switch st.Test {
		case "positive":
			pr.Positive++
		case "negative":
			pr.Negative++
		}
		expectsYes := (st.Test == "positive") != (m.Kind == sim.NoPlay)
		if st.Test != "" && !n.Erred[m.Turn] && expectsYes != (m.Verdict == sim.Yes) {
			if st.Test == "positive" {
				pr.TooBroad++
			} else {
				pr.TooNarrow++
			}
		}
		if sr, ok := n.statedWith(st); ok && sr.Rule != nil && n.Truth != nil {
			opening := sim.DecodeOpening(n.Result.Opening, &n.Options).MainLine
			if lc, err := n.Truth.CheckLocal(opening, sr.Rule); err == nil && lc.Agrees {
				found(f.say("results.believed", f.text(sr.Text)))
			}
		}
		if m.Guess != "" && m.GuessRight && !m.GuessGodErred {
			found(f.say("results.guessed", f.text(m.Guess)))
		}
	}
	for _, s := range n.Said[m.Turn] {
		if s.Player == seat && s.Judged && s.Right {
			found(f.say("results.said", f.text(s.Text)))
		}
	}
}

// WriteClassResults writes a class's results across the hands it played
// (narrated transcripts) as dir/results.html, in lang.
func WriteClassResults(dir string, hands []*Narration, lang language.Tag) error {
	if lang == (language.Tag{}) {
		lang = language.English
	}
	f := htmlText{L: i18n.NewPrinter(lang)}
	page := struct {
		L *i18n.Printer
		ClassResults
	}{f.L, resultsOf(hands, f)}
	var b bytes.Buffer
	if err := lessonTemplates.ExecuteTemplate(&b, "results.html", page); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(filepath.Join(dir, "results.html"), b.Bytes(), 0o644)
}
