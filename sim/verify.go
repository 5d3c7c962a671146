package sim

import "fmt"

// CheckScores re-derives a finished hand's scores from the cards left and
// the formulas of docs/rules.md, and reports the first disagreement. Playout
// tests (and anyone distrusting a result) call it on every hand.
func CheckScores(o Options, r *Result) error {
	mx, best := 0, -1<<30
	for _, p := range r.Players {
		if !p.Withdrawn {
			mx = max(mx, p.Cards)
		}
	}
	// The statements, read from the moves (not from the players' results).
	sts := StatementsOf(r.History, len(r.Players))
	for _, p := range r.Players {
		st := sts[p.Seat]
		if p.WrongGuesses != st.Wrong || p.GuessedAt != st.RightAt || p.Guessed != (st.RightAt > 0) {
			return fmt.Errorf("seat %d: guessed %v at move %d with %d wrong, but its moves say %d wrong and a right one at move %d",
				p.Seat+1, p.Guessed, p.GuessedAt, p.WrongGuesses, st.Wrong, st.RightAt)
		}
		want := mx - p.Cards
		switch o.Scoring {
		case Turns:
			want = TurnScore(o.MaxTurns, st.RightAt, st.Wrong, o.GuessPenalty)
		case FixedMinusN:
			want = o.ScoreBase - p.Cards
			if p.Guessed {
				want += o.GuessBonus
			}
		}
		if p.WentOut {
			want += o.OutBonus
			if p.Cards != 0 || r.End != WentOut {
				return fmt.Errorf("seat %d went out with %d cards, end %s", p.Seat+1, p.Cards, r.End)
			}
		}
		if p.Prophet == StandingProphet {
			// (Max − N) + main-line cards + points for error cards since
			// the marker: never below Max − N.
			if p.Score < want {
				return fmt.Errorf("standing Prophet scored %d, less than Max − N = %d", p.Score, want)
			}
			want = p.Score
		}
		if o.ScoreFloor {
			want = max(0, want)
		}
		if p.Withdrawn {
			if p.Score != WorstScore(o) {
				return fmt.Errorf("seat %d left the hand and scored %d, not the worst score %d", p.Seat+1, p.Score, WorstScore(o))
			}
			continue
		}
		if p.Score != want {
			return fmt.Errorf("seat %d: %d cards scored %d, want %d (Max %d)", p.Seat+1, p.Cards, p.Score, want, mx)
		}
		best = max(best, p.Score)
	}
	if best == -1<<30 {
		best = 0 // every seat left the hand
	}
	if r.ProphetA > 0 {
		best = min(best, r.ProphetA)
	}
	if r.GodScore != best {
		return fmt.Errorf("God scored %d, want %d", r.GodScore, best)
	}
	if r.End == AllEliminated {
		for _, p := range r.Players {
			if !p.Eliminated && p.Prophet != StandingProphet {
				return fmt.Errorf("all eliminated, but seat %d was not", p.Seat+1)
			}
		}
	}
	return nil
}
