package sim

import (
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// starterJudge is blackHighRedLow with a starter predicate: only black cards open.
type starterJudge struct{ funcJudge }

func (starterJudge) Starter(c Card) (bool, error) { return !c.Red(), nil }

// scenario plays a scripted start with options o and reports one measure.
type scenario func(t *testing.T, o Options) any

func newScripted(t *testing.T, o Options, opening string, hands ...string) *Hand {
	t.Helper()
	var deal [][]Card
	for _, h := range hands {
		deal = append(deal, mustCards(t, h))
	}
	h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Deal: deal, Opening: mustCards(t, opening)})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func apply(t *testing.T, h *Hand, p int, kind MoveKind, cards string) *MoveRecord {
	t.Helper()
	r, err := h.Apply(p, Move{Kind: kind, Cards: mustCards(t, cards)}, Decisions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var fourHands = []string{"2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S", "2H 3H 4H 5H 6H 7H"}

// Each option changes what it should and nothing else: the scenario's
// measure differs between the preset and the override, and every other
// scenario's measure is unchanged.
func TestEachOptionChangesItsOwnThing(t *testing.T) {
	scenarios := map[string]scenario{
		"decks": func(t *testing.T, o Options) any {
			h, err := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: randomPlayers(4)})
			if err != nil {
				t.Fatal(err)
			}
			return h.total
		},
		"hand_size": func(t *testing.T, o Options) any {
			h, _ := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, Players: randomPlayers(4)})
			return len(h.HandOf(0))
		},
		"starter": func(t *testing.T, o Options) any {
			reds := 0
			for seed := uint64(0); seed < 40; seed++ {
				h, _ := NewHand(HandConfig{Options: o, Judge: starterJudge{blackHighRedLow}, Players: randomPlayers(4), Seed: seed})
				if h.MainLine()[0].Red() {
					reds++
				}
			}
			return reds > 0
		},
		"first_player": func(t *testing.T, o Options) any { return newScripted(t, o, "3H", fourHands...).Current() },
		"max_sequence": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "3H", fourHands...)
			_, err := h.Apply(h.Current(), Move{Kind: Sequence, Cards: h.HandOf(h.Current())[:5]}, Decisions{})
			return err == nil
		},
		"sequence_judging": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "4S 9D JC 2C", "2D", "2S", "2H")
			apply(t, h, 0, Sequence, "4S 9D JC")
			return len(h.MainLine())
		},
		"sequence_penalty": func(t *testing.T, o Options) any {
			o.MaxSequence = 5 // the clamp at 8 shows from 5 cards on
			h := newScripted(t, o, "KH", "8S 9D JC QC KC 2C", "2D", "2S", "2H")
			return apply(t, h, 0, Sequence, "8S 9D JC QC KC").Penalty
		},
		"penalty_wrong_card": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "8S 2C", "2D", "2S", "2H")
			return apply(t, h, 0, Play, "8S").Penalty
		},
		"penalty_wrong_no_play": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "2C 3C 4C 5C 6C 7C", "2D", "2S", "2H")
			return apply(t, h, 0, NoPlay, "2C 3C 4C 5C 6C 7C").Penalty
		},
		"no_play_out_limit": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "8C 9C 10C JC QC", "2D", "2S", "2H")
			apply(t, h, 0, NoPlay, "8C 9C 10C JC QC")
			return h.Ended()
		},
		"no_play_refund": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "7C 8C 9C 10C JC QC KC", "2D", "2S", "2H")
			return apply(t, h, 0, NoPlay, "7C 8C 9C 10C JC QC KC").Refund
		},
		"sudden_death_at": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", "8S 2C", "2D", "2S", "2H")
			return apply(t, h, 0, Play, "8S").Eliminated
		},
		"end_on_empty_deck": func(t *testing.T, o Options) any {
			o.Decks, o.HandSize, o.PenaltyWrongCard = 1, 12, 2
			h, _ := NewHand(HandConfig{Options: o, Judge: blackHighRedLow, HandSizes: []int{12, 12, 12, 12}, Opening: mustCards(t, "KH")})
			apply(t, h, 0, Play, "QS") // 3 cards in the deck: two penalties of 2 empty it
			apply(t, h, 1, Play, "JS")
			return string(h.end)
		},
		"max_turns": func(t *testing.T, o Options) any {
			h := newScripted(t, o, "KH", fourHands...)
			for p := 0; p < 3; p++ {
				apply(t, h, p, Play, h.HandOf(p)[0].String())
			}
			return h.end
		},
	}
	overrides := map[string]string{
		"decks": "decks=2", "hand_size": "hand_size=9", "starter": "starter=always_valid",
		"first_player": "first_player=left_of_god", "max_sequence": "max_sequence=5",
		"sequence_judging": "sequence_judging=prefix", "sequence_penalty": "sequence_penalty=double_clamped",
		"penalty_wrong_card": "penalty_wrong_card=3", "penalty_wrong_no_play": "penalty_wrong_no_play=7",
		"no_play_out_limit": "no_play_out_limit=5", "no_play_refund": "no_play_refund=1",
		"sudden_death_at": "sudden_death_at=1", "end_on_empty_deck": "end_on_empty_deck=true", "max_turns": "max_turns=3",
	}
	base := mustPreset(t, "new-eleusis")
	baseline := map[string]any{}
	for name, s := range scenarios {
		baseline[name] = s(t, base)
	}
	for opt, setting := range overrides {
		t.Run(opt, func(t *testing.T) {
			o := base
			if err := o.Override([]string{setting}); err != nil {
				t.Fatal(err)
			}
			for name, s := range scenarios {
				got := s(t, o)
				changed := got != baseline[name]
				if name == opt && !changed {
					t.Errorf("%s did not change its scenario (still %v)", setting, got)
				}
				if name != opt && changed {
					t.Errorf("%s changed the %s scenario: %v → %v", setting, name, baseline[name], got)
				}
			}
		})
	}
}

func randomPlayers(n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = NewRandomPlayer(uint64(i))
	}
	return ps
}

func TestPresetValues(t *testing.T) {
	want := map[string]string{
		"new-eleusis":       "3 14 redraw_until_valid count_by_starter 4 all_or_nothing double_count 2 5 4 4 30 false false 0 0 2 false 4..8",
		"new-eleusis-es":    "2 14 always_valid left_of_god 4 prefix double_clamped 2 5 4 4 30 true false 20 5 1 false 4..7",
		"abbott":            "2 14 redraw_until_valid left_of_god 4 all_or_nothing double_count 2 5 4 4 30 false false 0 0 2 false 3..6",
		"express":           "2 12 always_valid left_of_god 1 all_or_nothing double_count 1 1 0 1 0 false false 0 0 0 true 3..6",
		"express-divermazo": "2 8 chain3 left_of_god 1 all_or_nothing double_count 1 1 0 1 0 false false 0 0 0 true 3..6",
		"original":          "2 14 always_valid left_of_god 1 all_or_nothing double_count 2 2 4 4 0 false false 0 0 2 false 4..7",
		"cooperative":       "2 14 always_valid left_of_god 4 all_or_nothing double_count 2 5 4 4 0 false false 0 0 2 true 4..7 coop 40",
		"solo-guessing":     "2 31 always_valid left_of_god 1 all_or_nothing double_count 1 1 0 1 0 false false 0 0 0 true 1..3 any turn, penalty 5, turns of 30",
		"solo-public":       "2 12 redraw_until_valid left_of_god 1 all_or_nothing double_count 1 1 0 1 0 false false 0 0 0 true 1..8 any turn, penalty 2, turns of 30, hand kept, floored",
	}
	for _, name := range PresetNames() {
		o := mustPreset(t, name)
		got := strings.Join([]string{itoa(o.Decks), itoa(o.HandSize), string(o.Starter), string(o.FirstPlayer), itoa(o.MaxSequence),
			string(o.SequenceJudging), string(o.SequencePenalty), itoa(o.PenaltyWrongCard), itoa(o.PenaltyWrongNoPlay),
			itoa(o.NoPlayOutLimit), itoa(o.NoPlayRefund), itoa(o.SuddenDeathAt), btoa(o.EndOnEmptyDeck), btoa(o.Prophet),
			itoa(o.ProphetMinMainLine), itoa(o.FalseProphetPenalty), itoa(o.ProphetErrorPoints), btoa(o.Guessing),
			itoa(o.MinPlayers) + ".." + itoa(o.MaxPlayers)}, " ")
		if o.CoopTurns > 0 {
			got += " coop " + itoa(o.CoopTurns)
		}
		if o.GuessAnyTurn {
			got += " any turn, penalty " + itoa(o.GuessPenalty) + ", " + string(o.Scoring) + " of " + itoa(o.MaxTurns)
		}
		if o.KeepHandSize {
			got += ", hand kept"
		}
		if o.ScoreFloor {
			got += ", floored"
		}
		if got != want[name] {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want[name])
		}
	}
	if _, err := Preset("eleusis-2000"); err == nil {
		t.Error("an unknown preset must be an error")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func btoa(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func TestImpossibleOptions(t *testing.T) {
	cases := []struct {
		players int
		set     []string
		want    string
	}{
		{2, nil, "2 players"},
		{4, []string{"hand_size=0"}, "hand_size = 0"},
		{8, []string{"decks=2"}, "8 players × 14 cards + 1 for God = 113 cards, but 2 deck(s) hold 104"},
		{4, []string{"starter=sometimes"}, "starter"},
		{4, []string{"max_turns=0"}, "max_turns"},
		{4, []string{"penalty_wrong_card=-1"}, "must not be negative"},
		{4, []string{"rule_sees_errors=true"}, "no name for the error columns"},
	}
	for _, c := range cases {
		o := mustPreset(t, "new-eleusis")
		if err := o.Override(c.set); err != nil {
			t.Fatal(err)
		}
		err := o.Validate(c.players)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v with %d players: %v, want %q", c.set, c.players, err, c.want)
		}
	}
	o := mustPreset(t, "new-eleusis")
	for _, bad := range []string{"decks", "colour=red", "decks=three"} {
		if err := o.Override([]string{bad}); err == nil {
			t.Errorf("--option %s should be an error", bad)
		}
	}
}

// A whole game: every participant God once; a game stopped early gives +10
// to those who never were God.
func TestWholeGame(t *testing.T) {
	o := mustPreset(t, "new-eleusis")
	cfg := GameConfig{Options: o, Participants: 5, Seed: 3,
		NewJudge:  func(hand, god int) (Judge, error) { return blackHighRedLow, nil },
		NewPlayer: func(hand, q int) Player { return NewRandomPlayer(uint64(hand*10 + q)) }}
	full, err := PlayGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Hands) != 5 {
		t.Fatalf("%d hands, want 5", len(full.Hands))
	}
	sum := make([]int, 5)
	for k, r := range full.Hands {
		sum[full.Gods[k]] += r.GodScore
		for s, q := range full.Seats[k] {
			sum[q] += r.Players[s].Score
			if q == full.Gods[k] {
				t.Fatal("God also sat as a player")
			}
		}
	}
	cfg.Hands = 2
	short, err := PlayGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for q := range sum {
		if full.Totals[q] != sum[q] {
			t.Errorf("participant %d: total %d, hands add to %d", q, full.Totals[q], sum[q])
		}
		var fromHands int
		for k, r := range short.Hands {
			if short.Gods[k] == q {
				fromHands += r.GodScore
			}
			for s, x := range short.Seats[k] {
				if x == q {
					fromHands += r.Players[s].Score
				}
			}
		}
		bonus := 10
		if q < 2 {
			bonus = 0 // participants 0 and 1 were God
		}
		if short.Totals[q] != fromHands+bonus {
			t.Errorf("stopped game, participant %d: %d, want %d + %d", q, short.Totals[q], fromHands, bonus)
		}
	}
}

// Map gives every option by name with the value YAML writes for it.
func TestOptionsMapIsTheYAMLForm(t *testing.T) {
	for _, name := range PresetNames() {
		o := mustPreset(t, name)
		data, err := yaml.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := yaml.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		got := o.Map()
		if len(got) != len(want) || len(OptionNames()) != len(want) {
			t.Fatalf("%s: %d options in Map, %d names, %d in YAML", name, len(got), len(OptionNames()), len(want))
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %#v, YAML says %#v", name, k, got[k], v)
			}
		}
	}
}
