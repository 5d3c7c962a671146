package sim

import (
	"errors"
	"strings"
	"testing"
)

// failingPlayer plays at random until its turn number fail, then fails
// (an outside program that crashed): its Move returns a made-up "no play"
// and Err says why, as agents' outside players do.
type failingPlayer struct {
	*RandomPlayer
	fail, moves int
	err         error
	asked       int // moves asked after it failed
}

func (f *failingPlayer) Move(v *View) Move {
	if f.err != nil {
		f.asked++
	}
	f.moves++
	if f.moves >= f.fail && f.err == nil {
		f.err = errors.New("it crashed")
		return Move{Kind: NoPlay}
	}
	return f.RandomPlayer.Move(v)
}

func (f *failingPlayer) Err() error { return f.err }

// illegalPlayer plays a card it does not hold on its first move.
type illegalPlayer struct{ *RandomPlayer }

func (p illegalPlayer) Move(v *View) Move {
	for c := Card(0); c < NumCards; c++ {
		if !containsCard(v.Hand, c) {
			return Move{Kind: Play, Cards: []Card{c}}
		}
	}
	return Move{Kind: NoPlay}
}

func containsCard(cs []Card, c Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// runWithdrawing plays a hand to its end, withdrawing every seat that
// fails, and returns the seats withdrawn in order and the moves made
// before the first left.
func runWithdrawing(t *testing.T, h *Hand) (out []int, at int) {
	t.Helper()
	for !h.Ended() {
		if _, err := h.Step(); err != nil {
			var se *SeatError
			if !errors.As(err, &se) {
				t.Fatalf("not a seat's failure: %v", err)
			}
			if len(out) == 0 {
				at = h.Turns()
			}
			out = append(out, se.Seat)
			if err := h.Withdraw(se.Seat); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.CheckConservation(); err != nil {
			t.Fatal(err)
		}
	}
	return out, at
}

// A seat whose player fails leaves the hand and the others play on: it is
// never asked again, it scores the worst its options allow, and the others'
// scores follow the formulas without it (CheckScores), in every preset.
func TestWithdrawPlaysOn(t *testing.T) {
	for _, name := range PresetNames() {
		t.Run(name, func(t *testing.T) {
			o := mustPreset(t, name)
			players := max(3, o.MinPlayers)
			if players > o.MaxPlayers {
				players = o.MaxPlayers
			}
			for seed := range uint64(10) {
				ps := randomPlayers(players)
				fp := &failingPlayer{RandomPlayer: NewRandomPlayer(99 + seed), fail: 2}
				ps[1] = fp
				h, err := NewHand(HandConfig{Options: o, Judge: guessJudge{goRules["alternate-colour"], "RIGHT"}, Players: ps, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				gone, at := runWithdrawing(t, h)
				r := h.Result()
				if fp.moves < 2 {
					continue // the hand ended before its second move
				}
				if len(gone) != 1 || gone[0] != 1 || fp.asked != 0 {
					t.Fatalf("seed %d: withdrawn %v, asked %d times after failing", seed, gone, fp.asked)
				}
				if p := r.Players[1]; !p.Withdrawn || p.Score != WorstScore(o) {
					t.Fatalf("seed %d: the failed seat %+v, want withdrawn with %d", seed, p, WorstScore(o))
				}
				if err := CheckScores(o, r); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				for _, m := range r.History[at:] {
					if m.Player == 1 || m.Prophet == 1 {
						t.Fatalf("seed %d: move %d is the failed seat's, after it left at move %d", seed, m.Turn, at)
					}
				}
			}
		})
	}
}

// Alone at the table, a seat that fails ends the hand with its worst score;
// a move the referee refuses is the mover's failure (SeatError), not the
// hand's.
func TestWithdrawAlone(t *testing.T) {
	for _, name := range []string{"solo-guessing", "solo-public"} {
		o := mustPreset(t, name)
		h, err := NewHand(HandConfig{Options: o, Judge: guessJudge{goRules["alternate-colour"], "RIGHT"}, Players: []Player{illegalPlayer{NewRandomPlayer(1)}}, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		_, err = h.Step()
		var se *SeatError
		if !errors.As(err, &se) || se.Seat != 0 || !strings.Contains(err.Error(), "not in") {
			t.Fatalf("%s: a card it does not hold: %v", name, err)
		}
		if err := h.Withdraw(0); err != nil {
			t.Fatal(err)
		}
		r := h.Result()
		if !h.Ended() || r.End != AllEliminated || r.Players[0].Score != WorstScore(o) || r.GodScore != 0 {
			t.Errorf("%s: %v %+v god %d", name, r.End, r.Players[0], r.GodScore)
		}
		if err := h.Withdraw(0); !errors.Is(err, ErrHandOver) {
			t.Errorf("%s: withdrawing from an ended hand: %v", name, err)
		}
	}
}

// The worst score is below every score the protocol lets a seat make: a
// failing seat can never rank above one that plays on.
func TestWorstScore(t *testing.T) {
	cases := []struct {
		preset string
		set    []string
		want   int
	}{
		{"solo-guessing", nil, -150},
		{"solo-guessing", []string{"guess_penalty=2"}, -60},
		{"solo-public", nil, 0},
		{"solo-public", []string{"score_floor=false"}, -60},
		{"express", nil, 12 - 103},
		{"new-eleusis", nil, 0},
	}
	for _, c := range cases {
		o, err := PresetWith(c.preset, c.set)
		if err != nil {
			t.Fatal(err)
		}
		if got := WorstScore(o); got != c.want {
			t.Errorf("%s %v: WorstScore %d, want %d", c.preset, c.set, got, c.want)
		}
		for seed := range uint64(40) {
			r := playedHand(t, o, guessJudge{goRules["black-high-red-low"], "RIGHT"}, o.MinPlayers+int(seed)%2, seed)
			for _, p := range r.Players {
				if p.Score < c.want {
					t.Fatalf("%s %v seed %d: a seat scored %d, below the worst %d", c.preset, c.set, seed, p.Score, c.want)
				}
			}
		}
	}
}

// The public benchmark's protocol: the hand stays at 12 cards after every
// move (keep_hand_size), and the turn score never goes below 0
// (score_floor), which only scoring turns takes.
func TestSoloPublicKeepsHandAndFloors(t *testing.T) {
	o := mustPreset(t, "solo-public")
	for seed := range uint64(20) {
		p := guessingPlayer{NewRandomPlayer(seed), 0.9} // states a rule after nearly every move
		h, err := NewHand(HandConfig{Options: o, Judge: guessJudge{goRules["black-high-red-low"], "RIGHT"}, Players: []Player{p}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for !h.Ended() {
			if _, err := h.Step(); err != nil {
				t.Fatal(err)
			}
			if n := len(h.HandOf(0)); n != 12 {
				t.Fatalf("seed %d, move %d: %d cards in hand, want 12", seed, h.Turns(), n)
			}
		}
		r := h.Result()
		st := StatementsOf(r.History, 1)[0]
		raw := TurnScore(o.MaxTurns, st.RightAt, st.Wrong, o.GuessPenalty)
		if r.Players[0].Score != max(0, raw) || r.Turns > 30 {
			t.Fatalf("seed %d: scored %d, the turn score is %d", seed, r.Players[0].Score, raw)
		}
	}
	bad := o
	bad.Scoring = FixedMinusN
	if err := bad.Validate(1); err == nil || !strings.Contains(err.Error(), "score_floor = true") {
		t.Errorf("score_floor with fixed_minus_n: %v", err)
	}
}
