package sim

// Tally is what scoring needs to know about the end of a hand.
type Tally struct {
	Cards   []int // cards in each seat's hand (a Prophet's set-aside hand included)
	WentOut int   // the seat that went out, or -1
	Guessed int   // the seat that guessed the rule (Express), or -1
	// A standing Prophet (-1 if none), the main-line and error cards laid
	// since the marker, and the table cards before it.
	Prophet       int
	ProphetMain   int
	ProphetErrors int
	ProphetTable  int
}

// ScoreHand scores a hand (docs/rules.md, "Scoring"):
//   - max_minus_n (new-eleusis-pt, abbott): Max = the most cards anyone holds;
//     each player scores Max − N, the one who went out Max + out_bonus (4);
//     a standing Prophet scores (Max − N) + main-line cards since the marker +
//     prophet_error_points × error cards since it.
//   - fixed_minus_n (Express): score_base − N (12 − N), + guess_bonus (6) for
//     the right guess, + out_bonus (3) for going out.
//
// God scores the best player score; with a standing Prophet, min(P, A) where
// P is that best score and A = 2 × table cards before the marker.
func ScoreHand(o Options, t Tally) (players []int, god int) {
	players = make([]int, len(t.Cards))
	mx := 0
	for _, c := range t.Cards {
		mx = max(mx, c)
	}
	for p, c := range t.Cards {
		switch o.Scoring {
		case FixedMinusN:
			players[p] = o.ScoreBase - c
			if p == t.Guessed {
				players[p] += o.GuessBonus
			}
		default:
			players[p] = mx - c
		}
		if p == t.WentOut {
			players[p] += o.OutBonus
		}
		if p == t.Prophet {
			players[p] += t.ProphetMain + o.ProphetErrorPoints*t.ProphetErrors
		}
	}
	for p, s := range players {
		if p == 0 || s > god {
			god = s
		}
	}
	if t.Prophet >= 0 {
		god = min(god, 2*t.ProphetTable)
	}
	return players, god
}

// Result scores the hand and reports how it ended. Call it once Ended.
func (h *Hand) Result() *Result {
	t := Tally{WentOut: h.outSeat, Guessed: h.guesser, Prophet: h.prophet}
	for _, hd := range h.hands {
		t.Cards = append(t.Cards, len(hd))
	}
	if h.prophet >= 0 {
		t.ProphetMain = len(h.main) - h.markerMain
		t.ProphetErrors = h.errorsPlaced - h.markerErrors
		t.ProphetTable = h.markerTable
	}
	scores, god := ScoreHand(h.opts, t)
	end := h.end
	if !h.ended {
		end = Unfinished
	}
	r := &Result{End: end, Turns: h.turns, GodScore: god, Opening: h.opening,
		MainLine: h.main, Errors: h.errors, History: h.history}
	if h.prophet >= 0 {
		r.ProphetA = 2 * h.markerTable
	}
	if h.opts.CoopTurns > 0 {
		r.Team = &TeamOutcome{}
		for _, m := range h.history {
			if m.Guess != "" {
				r.Team.Guesses++
			}
			if m.GuessRight {
				r.Team.Found, r.Team.Turn, r.Team.Rule = true, m.Turn, m.Guess
			}
		}
	}
	for p := range h.hands {
		pr := PlayerResult{Seat: p, Cards: t.Cards[p], Score: scores[p], WentOut: p == h.outSeat,
			Eliminated: h.eliminated[p], Prophet: NotProphet, Guessed: p == h.guesser}
		switch {
		case p == h.prophet:
			pr.Prophet = StandingProphet
		case h.fell[p]:
			pr.Prophet = FallenProphet
		}
		r.Players = append(r.Players, pr)
	}
	return r
}
