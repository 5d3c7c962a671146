package sim

import "fmt"

// GameConfig sets up a whole game: as many hands as participants, each
// participant God once (docs/rules.md, "A whole game").
type GameConfig struct {
	Options      Options
	Participants int
	// Hands: how many hands are played; 0 means one per participant. A game
	// stopped early gives early_stop_bonus (10) to everyone who was never God.
	Hands int
	Seed  uint64
	// NewJudge gives God's rule for a hand, NewPlayer the player a
	// participant is in a hand.
	NewJudge  func(hand, god int) (Judge, error)
	NewPlayer func(hand, participant int) Player
}

// GameResult is the outcome of a whole game. Totals are per participant.
type GameResult struct {
	Hands  []*Result
	Gods   []int   // the participant who was God in each hand
	Seats  [][]int // Seats[h][s]: the participant at seat s in hand h
	Totals []int
}

// PlayGame plays the hands of a game in turn and adds up the scores.
func PlayGame(cfg GameConfig) (*GameResult, error) {
	n := cfg.Participants
	hands := cfg.Hands
	if hands == 0 {
		hands = n
	}
	if hands < 0 || hands > n {
		return nil, fmt.Errorf("a game has 1 to %d hands (one per participant), not %d", n, hands)
	}
	res := &GameResult{Totals: make([]int, n)}
	wasGod := make([]bool, n)
	for k := 0; k < hands; k++ {
		god := k % n
		judge, err := cfg.NewJudge(k, god)
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", k+1, err)
		}
		seats := make([]int, 0, n-1)
		players := make([]Player, 0, n-1)
		for s := 1; s < n; s++ {
			q := (god + s) % n // clockwise from the seat left of God
			seats = append(seats, q)
			players = append(players, cfg.NewPlayer(k, q))
		}
		h, err := NewHand(HandConfig{Options: cfg.Options, Judge: judge, Players: players, Seed: cfg.Seed + uint64(k)*0x9e3779b97f4a7c15})
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", k+1, err)
		}
		r, err := h.Run()
		if err != nil {
			return nil, fmt.Errorf("hand %d: %w", k+1, err)
		}
		wasGod[god] = true
		res.Totals[god] += r.GodScore
		for s, q := range seats {
			res.Totals[q] += r.Players[s].Score
		}
		res.Hands, res.Gods, res.Seats = append(res.Hands, r), append(res.Gods, god), append(res.Seats, seats)
	}
	if hands < n {
		for q := range wasGod {
			if !wasGod[q] {
				res.Totals[q] += cfg.Options.EarlyStopBonus
			}
		}
	}
	return res, nil
}
