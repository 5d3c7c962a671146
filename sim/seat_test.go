package sim

import (
	"reflect"
	"strings"
	"testing"
)

// A Prophet declared after the verdict (DeclareProphet) leaves the hand
// exactly as a declaration inside the move (Decisions.DeclareProphet): the
// same views and the same result, move after move, to the end.
func TestDeclareProphetAfterMoveIsTheSameHand(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	o.Prophet = true
	for seed := uint64(1); seed <= 20; seed++ {
		inside, _ := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: randomPlayers(4), Seed: seed})
		after, _ := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: randomPlayers(4), Seed: seed})
		declared := false
		for turn := 0; !inside.Ended(); turn++ {
			p := inside.Current()
			v := inside.View(p)
			m := Move{Kind: Play, Cards: v.Hand[:1]}
			declare := !declared && turn >= 6 && inside.CanDeclare(p)
			if _, err := inside.Apply(p, m, Decisions{DeclareProphet: declare, ProphetSays: judgeYes(inside)}); err != nil {
				t.Fatalf("seed %d turn %d: %v", seed, turn, err)
			}
			if _, err := after.Apply(p, m, Decisions{ProphetSays: judgeYes(after)}); err != nil {
				t.Fatalf("seed %d turn %d: %v", seed, turn, err)
			}
			if after.CanDeclareAfterMove(p) != after.CanDeclare(p) || after.CanDeclareAfterMove(after.Current()) && after.Current() != p {
				t.Fatalf("seed %d turn %d: CanDeclareAfterMove disagrees with CanDeclare", seed, turn)
			}
			if declare {
				if err := after.DeclareProphet(p); err != nil {
					t.Fatalf("seed %d turn %d: %v", seed, turn, err)
				}
				declared = true
			}
			for q := 0; q < 4; q++ {
				if a, b := inside.View(q), after.View(q); !reflect.DeepEqual(a, b) {
					t.Fatalf("seed %d turn %d: seat %d sees\n%+v\nafter a late declaration, want\n%+v", seed, turn, q+1, b, a)
				}
			}
		}
		if !after.Ended() || !reflect.DeepEqual(inside.Result(), after.Result()) {
			t.Fatalf("seed %d: results differ", seed)
		}
		if !declared {
			t.Fatalf("seed %d: nobody declared; the test checks nothing", seed)
		}
	}
}

// judgeYes is a standing Prophet's "yes", or nil when none stands.
func judgeYes(h *Hand) *Verdict {
	if h.Prophet() < 0 {
		return nil
	}
	v := Yes
	return &v
}

func TestDeclareProphetRefusals(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	o.Prophet = true
	h, _ := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: randomPlayers(4), Seed: 3, Names: []string{"Ana", "Bia", "Caio", "Duda"}})
	p := h.Current()
	if err := h.DeclareProphet(p); err == nil || !strings.Contains(err.Error(), "only right after their own move") {
		t.Fatalf("declaring before any move: %v", err)
	}
	v := h.View(p)
	if err := h.Check(p, Move{Kind: Play, Cards: v.Hand[:1]}); err != nil {
		t.Fatal(err)
	}
	if err := h.Check((p+1)%4, Move{Kind: Play, Cards: v.Hand[:1]}); err == nil || !strings.Contains(err.Error(), "not") {
		t.Fatalf("a move out of turn passed Check: %v", err)
	}
	if _, err := h.Apply(p, Move{Kind: Play, Cards: v.Hand[:1]}, Decisions{}); err != nil {
		t.Fatal(err)
	}
	if err := h.DeclareProphet((p + 1) % 4); err == nil {
		t.Fatal("a seat declared after someone else's move")
	}
	if err := h.DeclareProphet(p); err != nil {
		t.Fatal(err)
	}
	if err := h.DeclareProphet(p); err == nil || !strings.Contains(err.Error(), "declared already") {
		t.Fatalf("declaring twice: %v", err)
	}
	if h.Prophet() != p || !h.history[0].DeclaredProphet {
		t.Fatal("the declaration is not on the table or in the record")
	}
}

func TestCanGuessOnlyRightAfterOwnRightMove(t *testing.T) {
	o := mustPreset(t, "express")
	h, _ := NewHand(HandConfig{Options: o, Judge: neverRight{blackHighRedLow}, Players: randomPlayers(4), Seed: 5})
	for turn := 0; turn < 30 && !h.Ended(); turn++ {
		p := h.Current()
		v := h.View(p)
		rec, err := h.Apply(p, Move{Kind: Play, Cards: v.Hand[:1]}, Decisions{})
		if err != nil {
			t.Fatal(err)
		}
		want := rec.Verdict == Yes && !h.Ended()
		if got := h.CanGuess(p); got != want {
			t.Fatalf("turn %d: CanGuess = %v after a %s verdict", turn, got, rec.Verdict)
		}
		if h.CanGuess((p + 1) % 4) {
			t.Fatal("another seat may guess")
		}
		if want {
			if _, err := h.Guess(p, "card.rank > 0"); err != nil {
				t.Fatal(err)
			}
			if h.CanGuess(p) {
				t.Fatal("a seat may guess twice after one move")
			}
		}
	}
}

// neverRight judges every guess wrong.
type neverRight struct{ funcJudge }

func (neverRight) Equivalent(string) (bool, error) { return false, nil }
