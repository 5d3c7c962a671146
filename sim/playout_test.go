package sim

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/eleusis/eleusis/internal/longtest"
)

var goRules = map[string]funcJudge{
	"black-high-red-low": blackHighRedLow,
	"alternate-colour":   func(l []Card, c Card) bool { return l[len(l)-1].Red() != c.Red() },
	"only-aces":          func(l []Card, c Card) bool { return c.Rank() == 1 }, // a dead end once the aces are down
	"anything":           func(l []Card, c Card) bool { return true },
	"nothing":            func(l []Card, c Card) bool { return false },
	"pairs-by-position":  func(l []Card, c Card) bool { return (len(l)%2 == 1) == (c.Suit() == l[len(l)-1].Suit()) },
}

// playouts plays hands with random players (playedHand: cards conserved
// after every move, scores by the formulas) and counts how they ended.
func playouts(t *testing.T, o Options, rule funcJudge, players, hands int, seed uint64) map[EndReason]int {
	t.Helper()
	ends := map[EndReason]int{}
	for k := 0; k < hands; k++ {
		r := playedHand(t, o, rule, players, seed*1000+uint64(k))
		ends[r.End]++
	}
	return ends
}

func TestPlayoutsEveryPreset(t *testing.T) {
	n := 10 // 60 in the long tests (CI)
	if longtest.On() && !testing.Short() {
		n = 60
	}
	for _, preset := range PresetNames() {
		for _, prophet := range []bool{false, true} {
			o := mustPreset(t, preset)
			if prophet && o.CoopTurns > 0 {
				continue // a cooperative team has no Prophet (Validate refuses it)
			}
			o.Prophet = prophet
			for name, rule := range goRules {
				if o.Starter == Chain3 && (name == "anything" || name == "nothing") {
					continue // chain3 needs cards that break (or follow) the rule
				}
				t.Run(fmt.Sprintf("%s/prophet=%v/%s", preset, prophet, name), func(t *testing.T) {
					for _, players := range []int{o.MinPlayers, o.MaxPlayers} {
						playouts(t, o, rule, players, n, uint64(players))
					}
				})
			}
		}
	}
}

// The same seed gives the same hand.
func TestSameSeedSameHand(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	o.Prophet = true
	play := func() *Result {
		ps := []Player{NewRandomPlayer(1), NewRandomPlayer(2), NewRandomPlayer(3), NewRandomPlayer(4)}
		h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: ps, Seed: 42})
		if err != nil {
			t.Fatal(err)
		}
		r, err := h.Run()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := play(), play()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) || len(a.History) == 0 {
		t.Fatal("two runs of seed 42 differ")
	}
}
