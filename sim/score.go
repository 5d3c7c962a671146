package sim

// Tally is what scoring needs to know about the end of a hand.
type Tally struct {
	Cards   []int // cards in each seat's hand (a Prophet's set-aside hand included)
	WentOut int   // the seat that went out, or -1
	Guessed int   // the seat that guessed the rule (Express), or -1
	// GuessedAt: the move after which the right statement came (0: none);
	// Wrong: each seat's wrong statements (nil: none).
	GuessedAt int
	Wrong     []int
	// Withdrawn: the seats whose player failed and left the hand (nil:
	// none); they score WorstScore and count neither in Max nor for God.
	Withdrawn []bool
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
//   - turns (the solo guessing protocol): TurnScore, + out_bonus for going
//     out (0 in solo-guessing).
//
// God scores the best player score; with a standing Prophet, min(P, A) where
// P is that best score and A = 2 × table cards before the marker. A seat
// that left the hand (Tally.Withdrawn) scores WorstScore, and its cards
// count neither in Max nor in God's best.
func ScoreHand(o Options, t Tally) (players []int, god int) {
	players = make([]int, len(t.Cards))
	out := func(p int) bool { return p < len(t.Withdrawn) && t.Withdrawn[p] }
	mx := 0
	for p, c := range t.Cards {
		if !out(p) {
			mx = max(mx, c)
		}
	}
	for p, c := range t.Cards {
		switch o.Scoring {
		case Turns:
			at, wrong := 0, 0
			if p == t.Guessed {
				at = t.GuessedAt
			}
			if p < len(t.Wrong) {
				wrong = t.Wrong[p]
			}
			players[p] = TurnScore(o.MaxTurns, at, wrong, o.GuessPenalty)
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
		if o.ScoreFloor {
			players[p] = max(0, players[p])
		}
	}
	first := true
	for p, s := range players {
		if out(p) {
			players[p] = WorstScore(o)
			continue
		}
		if first || s > god {
			god, first = s, false
		}
	}
	if t.Prophet >= 0 {
		god = min(god, 2*t.ProphetTable)
	}
	return players, god
}

// WorstScore is the lowest score a seat can make under o, what a seat
// that fails its hand scores (an outside agent that crashed, timed out or
// gave up; Hand.Withdraw): failing must never pay better than playing on.
//   - turns: 0 with score_floor, else a wrong statement after each of the
//     max_turns moves, −guess_penalty × max_turns;
//   - fixed_minus_n: score_base less every card but the starter in one
//     hand, score_base − (decks × 52 − 1);
//   - max_minus_n: 0 (Max − N is never negative).
func WorstScore(o Options) int {
	switch o.Scoring {
	case Turns:
		if o.ScoreFloor {
			return 0
		}
		return -o.GuessPenalty * o.MaxTurns
	case FixedMinusN:
		return o.ScoreBase - (o.Decks*NumCards - 1)
	}
	return 0
}

// TurnScore is a player's score under the solo guessing protocol (scoring
// turns; docs/rules.md, "The solo guessing protocol"), the one place it is
// computed. A hand has a budget of B moves (max_turns); a right statement
// of the rule after move T (1 ≤ T ≤ B) earns B + 1 − T, so a right
// statement after the first move earns B and one after the last earns 1;
// no right statement earns 0; each wrong statement costs penalty
// (guess_penalty):
//
//	score = [right] × (B + 1 − T) − penalty × wrong
//
// rightAt is T, 0 for no right statement.
func TurnScore(budget, rightAt, wrong, penalty int) int {
	s := -penalty * wrong
	if rightAt > 0 {
		s += budget + 1 - rightAt
	}
	return s
}

// Statements is one seat's statements of the rule in a hand (guessing).
type Statements struct {
	// RightAt: the move after which its right statement came (it ended the
	// hand), 0 for none.
	RightAt int `json:"right_at,omitempty"`
	// Wrong: the rules it stated that were not God's, invalid ones included.
	Wrong int `json:"wrong,omitempty"`
}

// StatementsOf reads each of seats' statements from a hand's moves.
func StatementsOf(moves []MoveRecord, seats int) []Statements {
	out := make([]Statements, seats)
	for _, m := range moves {
		if m.Player < 0 || m.Player >= seats {
			continue
		}
		switch {
		case m.GuessRight:
			out[m.Player].RightAt = m.Turn
		case m.Guess != "":
			out[m.Player].Wrong++
		}
	}
	return out
}

// Result scores the hand and reports how it ended. Call it once Ended.
func (h *Hand) Result() *Result {
	t := Tally{WentOut: h.outSeat, Guessed: h.guesser, Prophet: h.prophet, Wrong: make([]int, len(h.hands)), Withdrawn: h.withdrawn}
	for _, hd := range h.hands {
		t.Cards = append(t.Cards, len(hd))
	}
	for p, st := range StatementsOf(h.history, len(h.hands)) {
		t.Wrong[p] = st.Wrong
		t.GuessedAt = max(t.GuessedAt, st.RightAt)
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
			Eliminated: h.eliminated[p], Prophet: NotProphet, Guessed: p == h.guesser, WrongGuesses: t.Wrong[p], Withdrawn: h.withdrawn[p]}
		if pr.Guessed {
			pr.GuessedAt = t.GuessedAt
		}
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
