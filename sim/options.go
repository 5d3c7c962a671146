package sim

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// StarterPolicy says how God opens the main line (docs/rules.md, "A hand, step by step").
type StarterPolicy string

// Starter policies.
const (
	// RedrawUntilValid: God puts back a card the starter predicate refuses,
	// reshuffles and draws again (new-eleusis-pt, "Escolha da carta inicial").
	RedrawUntilValid StarterPolicy = "redraw_until_valid"
	// AlwaysValid: the top card is the starter, valid by definition (new-eleusis-es).
	AlwaysValid StarterPolicy = "always_valid"
	// Chain3: God lays three cards that satisfy the rule and two that do not
	// under the last one (eleusis-express-es, Divermazo).
	Chain3 StarterPolicy = "chain3"
)

// FirstPlayerPolicy says who moves first.
type FirstPlayerPolicy string

// First-player policies.
const (
	// CountByStarter: count the starter's value clockwise from God, skipping
	// God (new-eleusis-pt: a 3 makes player 3 first).
	CountByStarter FirstPlayerPolicy = "count_by_starter"
	// LeftOfGod: the player left of God starts (new-eleusis-es).
	LeftOfGod FirstPlayerPolicy = "left_of_god"
)

// SequenceJudging says how God judges a sequence that is not all right.
type SequenceJudging string

// Sequence judging.
const (
	// AllOrNothing: God says only "no"; the whole sequence is one error group
	// (new-eleusis-pt, abbott).
	AllOrNothing SequenceJudging = "all_or_nothing"
	// Prefix: the cards before the first wrong one stay on the main line, the
	// rest is one error group (new-eleusis-es).
	Prefix SequenceJudging = "prefix"
)

// SequencePenalty says how many cards a wrong sequence costs.
type SequencePenalty string

// Sequence penalties.
const (
	// DoubleCount: 2 × the cards played (new-eleusis-pt: a 3-card sequence costs 6).
	DoubleCount SequencePenalty = "double_count"
	// DoubleClamped: 2 × the cards played, at least 2 and at most 8 (new-eleusis-es).
	DoubleClamped SequencePenalty = "double_clamped"
)

// Scoring says how a hand is scored.
type Scoring string

// Scoring schemes.
const (
	// MaxMinusN: Max − N, Max + 4 for going out (New Eleusis, abbott).
	MaxMinusN Scoring = "max_minus_n"
	// FixedMinusN: ScoreBase − N, + GuessBonus for the right guess, + OutBonus
	// for going out (Eleusis Express: 12 − N, +6, +3).
	FixedMinusN Scoring = "fixed_minus_n"
	// Turns: the solo guessing protocol's turn score (TurnScore): the
	// earlier the right statement, the more; each wrong one costs
	// GuessPenalty. Cards do not count.
	Turns Scoring = "turns"
)

// Options holds every option of docs/rules.md. The yaml names are the option
// names of docs/rules.md, used in transcripts (`options:`) and on the command line
// (`--option name=value`). Start from a preset (Preset) and override fields.
type Options struct {
	Decks              int               `yaml:"decks" json:"decks"`
	HandSize           int               `yaml:"hand_size" json:"hand_size"`
	Starter            StarterPolicy     `yaml:"starter" json:"starter"`
	FirstPlayer        FirstPlayerPolicy `yaml:"first_player" json:"first_player"`
	MaxSequence        int               `yaml:"max_sequence" json:"max_sequence"`
	SequenceJudging    SequenceJudging   `yaml:"sequence_judging" json:"sequence_judging"`
	SequencePenalty    SequencePenalty   `yaml:"sequence_penalty" json:"sequence_penalty"`
	PenaltyWrongCard   int               `yaml:"penalty_wrong_card" json:"penalty_wrong_card"`
	PenaltyWrongNoPlay int               `yaml:"penalty_wrong_no_play" json:"penalty_wrong_no_play"`
	// NoPlayOutLimit: a right "no play" with at most this many cards ends the
	// hand with the player out (4; new-eleusis-pt, abbott). 0 in Express.
	NoPlayOutLimit int `yaml:"no_play_out_limit" json:"no_play_out_limit"`
	// NoPlayRefund: after a right "no play" with more cards, the player gets
	// N − NoPlayRefund new cards (4 in New Eleusis, 1 in Express).
	NoPlayRefund int `yaml:"no_play_refund" json:"no_play_refund"`
	// SuddenDeathAt: a move made when the table already holds this many cards
	// eliminates the player who errs (30; new-eleusis-pt). 0 turns it off.
	SuddenDeathAt  int  `yaml:"sudden_death_at" json:"sudden_death_at"`
	EndOnEmptyDeck bool `yaml:"end_on_empty_deck" json:"end_on_empty_deck"`
	MaxTurns       int  `yaml:"max_turns" json:"max_turns"`
	// RuleSeesErrors would let a rule read the error columns (abbott-eleusis-pt
	// mentions such rules). The rule language has no name for them yet, so
	// Validate refuses true.
	RuleSeesErrors bool `yaml:"rule_sees_errors" json:"rule_sees_errors"`

	Prophet             bool `yaml:"prophet" json:"prophet"`
	ProphetMinMainLine  int  `yaml:"prophet_min_main_line" json:"prophet_min_main_line"`
	FalseProphetPenalty int  `yaml:"false_prophet_penalty" json:"false_prophet_penalty"`
	ProphetErrorPoints  int  `yaml:"prophet_error_points" json:"prophet_error_points"`
	// ProphetSuddenDeathAfter: under a Prophet, elimination starts at the
	// (this+1)th card played after the marker (20: "a partir da 21ª carta").
	ProphetSuddenDeathAfter int `yaml:"prophet_sudden_death_after" json:"prophet_sudden_death_after"`

	Guessing bool `yaml:"guessing" json:"guessing"`
	// GuessAnyTurn: with guessing, a player may state the rule after any
	// move of their own, right or wrong (the solo guessing protocol), not
	// only after a right one (Express).
	GuessAnyTurn bool `yaml:"guess_any_turn" json:"guess_any_turn"`
	// GuessPenalty: the points each wrong statement of the rule costs its
	// player under scoring turns (5 in solo-guessing). Other scorings do
	// not use it: in Express a wrong guess costs nothing.
	GuessPenalty int `yaml:"guess_penalty" json:"guess_penalty"`
	// ScoreFloor: under scoring turns, a seat's score is never below 0
	// (the public benchmark's floored score: a hand that ends without a
	// right statement, or with more in penalties than it earned, scores 0).
	ScoreFloor bool `yaml:"score_floor" json:"score_floor,omitempty"`
	// KeepHandSize: after each of its moves a player draws until it holds
	// hand_size cards again (the public benchmark's solo protocol: every
	// card played, right or wrong, is replaced from the deck), so that
	// nobody runs out of cards before the turns run out.
	KeepHandSize bool `yaml:"keep_hand_size" json:"keep_hand_size,omitempty"`
	// CoopTurns > 0 makes the hand cooperative (new-eleusis-es, "Eleusis
	// cooperativo"): the players share their hypotheses and work together
	// for this many moves; after any move the mover may state the team's
	// rule (guessing must be on), and the hand ends when it is equivalent to
	// God's. A player who runs out of cards sits out instead of ending the
	// hand. The outcome is the team's: whether and at which move it found
	// the rule (Result.Team).
	CoopTurns int `yaml:"coop_turns" json:"coop_turns"`

	Scoring Scoring `yaml:"scoring" json:"scoring"`
	// OutBonus: points added for going out (+4 New Eleusis, +3 Express).
	OutBonus int `yaml:"out_bonus" json:"out_bonus"`
	// ScoreBase: with fixed_minus_n, each player scores ScoreBase − N (12).
	ScoreBase int `yaml:"score_base" json:"score_base"`
	// GuessBonus: points for the right guess (6, Express).
	GuessBonus int `yaml:"guess_bonus" json:"guess_bonus"`
	// EarlyStopBonus: in a whole game that stops before everyone was God,
	// each player who never was God gets this (10; new-eleusis-pt, abbott).
	EarlyStopBonus int `yaml:"early_stop_bonus" json:"early_stop_bonus"`

	MinPlayers int `yaml:"min_players" json:"min_players"`
	MaxPlayers int `yaml:"max_players" json:"max_players"`
}

// PresetNames lists the presets in the order of docs/rules.md.
func PresetNames() []string {
	return []string{"new-eleusis", "new-eleusis-es", "abbott", "express", "express-divermazo", "original", "cooperative", "solo-guessing", "solo-public"}
}

// newEleusis is the New Eleusis of new-eleusis-pt (1977): 3 decks, 14 cards,
// 2-card penalty, sequences of up to 4 judged as a whole at 2 × their length,
// "no play" out at 4 or fewer cards, sudden death at 30 table cards.
func newEleusis() Options {
	return Options{
		Decks: 3, HandSize: 14, Starter: RedrawUntilValid, FirstPlayer: CountByStarter,
		MaxSequence: 4, SequenceJudging: AllOrNothing, SequencePenalty: DoubleCount,
		PenaltyWrongCard: 2, PenaltyWrongNoPlay: 5, NoPlayOutLimit: 4, NoPlayRefund: 4,
		SuddenDeathAt: 30, MaxTurns: 1000,
		Prophet: false, ProphetMinMainLine: 0, FalseProphetPenalty: 0, ProphetErrorPoints: 2,
		ProphetSuddenDeathAfter: 20,
		Scoring:                 MaxMinusN, OutBonus: 4, ScoreBase: 0, GuessBonus: 0, EarlyStopBonus: 10,
		MinPlayers: 4, MaxPlayers: 8,
	}
}

// Preset returns the options of a named preset of docs/rules.md.
func Preset(name string) (Options, error) {
	o := newEleusis()
	switch name {
	case "new-eleusis":
	case "new-eleusis-es":
		// new-eleusis-es: 2 decks, starter always valid, left of God starts,
		// sequences judged card by card, penalty clamped to 2..8, the hand ends
		// when the deck runs out; Prophet from 20 main-line cards, 5 cards for a
		// fall, 1 point per error card. Sudden death is not stated there; 30 is
		// taken from new-eleusis-pt.
		o.Decks, o.Starter, o.FirstPlayer = 2, AlwaysValid, LeftOfGod
		o.SequenceJudging, o.SequencePenalty = Prefix, DoubleClamped
		o.EndOnEmptyDeck = true
		o.ProphetMinMainLine, o.FalseProphetPenalty, o.ProphetErrorPoints = 20, 5, 1
		// The text says 4 to 8 players, but 8 × 14 cards + the starter is 113,
		// more than its 104 cards: 7 is the most that can be dealt.
		o.MaxPlayers = 7
	case "abbott":
		// abbott-eleusis-pt: 3–6 players, 2 decks (the text allows 2 or 3), no Prophet.
		o.Decks, o.FirstPlayer = 2, LeftOfGod
		o.MinPlayers, o.MaxPlayers = 3, 6
	case "express", "express-divermazo":
		// eleusis-express-ca / -es: 12 cards (8 with the Divermazo), one card of
		// penalty, no sequences, no sudden death, guessing, 12 − N scoring.
		o.Decks, o.HandSize, o.Starter, o.FirstPlayer = 2, 12, AlwaysValid, LeftOfGod
		o.MaxSequence = 1
		o.PenaltyWrongCard, o.PenaltyWrongNoPlay = 1, 1
		o.NoPlayOutLimit, o.NoPlayRefund = 0, 1
		o.SuddenDeathAt = 0
		o.ProphetErrorPoints, o.ProphetSuddenDeathAfter = 0, 0
		o.Guessing = true
		o.Scoring, o.OutBonus, o.ScoreBase, o.GuessBonus = FixedMinusN, 3, 12, 6
		o.MinPlayers, o.MaxPlayers = 3, 6
		if name == "express-divermazo" {
			o.HandSize, o.Starter = 8, Chain3
		}
	case "original":
		// Original Eleusis (1956): new-eleusis-es says only "no Prophet, a
		// simpler penalty scheme, a dealer who mostly just confirms cards".
		// Choices: single cards only (no sequences), 2 cards for any error,
		// no sudden death, 2 decks and 14 cards, left of God starts, the
		// starter is valid by definition, scoring as New Eleusis.
		o.Decks, o.Starter, o.FirstPlayer = 2, AlwaysValid, LeftOfGod
		o.MaxSequence, o.PenaltyWrongNoPlay, o.SuddenDeathAt = 1, 2, 0
		o.MaxPlayers = 7 // 8 × 14 + 1 > 104
	case "cooperative":
		// new-eleusis-es, "Eleusis cooperativo": the players share their
		// hypotheses aloud and deduce the rule together in a fixed number of
		// turns. Choices: New Eleusis cards and penalties (2 decks, so that
		// 4–7 players fit), no Prophet, no sudden death (nobody should be
		// eliminated from a team), 40 moves, the team states its rule after
		// any move.
		o.Decks, o.Starter, o.FirstPlayer = 2, AlwaysValid, LeftOfGod
		o.SuddenDeathAt = 0
		o.Guessing, o.CoopTurns, o.MaxTurns = true, 40, 40
		o.MaxPlayers = 7
	case "solo-guessing":
		// The solo guessing protocol of LLM benchmarks (no seed names it):
		// one scientist alone plays one card a turn for at most 30 turns
		// and may state the rule after any move; a right statement ends
		// the hand, a wrong one costs 5 points; the turn score rewards an
		// early right statement (TurnScore). Express cards and penalties;
		// 31 cards, one more than the turns, so that nobody runs out of
		// cards before the budget does (a move sheds at most one card).
		o.Decks, o.HandSize, o.Starter, o.FirstPlayer = 2, 31, AlwaysValid, LeftOfGod
		o.MaxSequence = 1
		o.PenaltyWrongCard, o.PenaltyWrongNoPlay = 1, 1
		o.NoPlayOutLimit, o.NoPlayRefund = 0, 1
		o.SuddenDeathAt, o.MaxTurns = 0, 30
		o.ProphetErrorPoints, o.ProphetSuddenDeathAfter = 0, 0
		o.Guessing, o.GuessAnyTurn, o.GuessPenalty = true, true, 5
		o.Scoring, o.OutBonus = Turns, 0
		o.MinPlayers, o.MaxPlayers = 1, 3 // 3 × 31 + 1 ≤ 104
	case "solo-public":
		// The protocol of the public benchmark of language models ("Can
		// LLMs Play the Game of Science?", Louapre 2026; no seed names it):
		// one scientist, 12 cards from a double deck, every card played
		// replaced from the deck, 30 turns, a statement of the rule after
		// any move, 2 points per wrong statement, the turn score floored
		// at 0. God draws the starter until the rule's starter predicate
		// admits it, as the benchmark evaluates its rules on an empty main
		// line. docs/strategies.md lists what still differs.
		o.Decks, o.HandSize, o.Starter, o.FirstPlayer = 2, 12, RedrawUntilValid, LeftOfGod
		o.MaxSequence = 1
		o.PenaltyWrongCard, o.PenaltyWrongNoPlay = 1, 1
		o.NoPlayOutLimit, o.NoPlayRefund = 0, 1
		o.SuddenDeathAt, o.MaxTurns = 0, 30
		o.ProphetErrorPoints, o.ProphetSuddenDeathAfter = 0, 0
		o.Guessing, o.GuessAnyTurn, o.GuessPenalty, o.ScoreFloor = true, true, 2, true
		o.KeepHandSize = true
		o.Scoring, o.OutBonus = Turns, 0
		o.MinPlayers, o.MaxPlayers = 1, 8 // 8 × 12 + 1 ≤ 104
	default:
		return Options{}, fmt.Errorf("unknown preset %q (known: %s)", name, strings.Join(PresetNames(), ", "))
	}
	return o, nil
}

// OptionNames lists every option name, sorted.
func OptionNames() []string { return slices.Clone(optionNames) }

// optionFields maps each option name (the yaml tag) to its field of Options.
var optionFields, optionNames = func() (map[string]int, []string) {
	fields := map[string]int{}
	var names []string
	t := reflect.TypeFor[Options]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		fields[name] = i
		names = append(names, name)
	}
	sort.Strings(names)
	return fields, names
}()

// PresetWith is a preset with overrides, "name=value" settings (as given
// with --option) applied on top of it: the one way a run, a search or a
// hand builds its options.
func PresetWith(name string, overrides []string) (Options, error) {
	o, err := Preset(name)
	if err != nil {
		return Options{}, err
	}
	if err := o.Override(overrides); err != nil {
		return Options{}, err
	}
	return o, nil
}

// Override applies "name=value" settings (as given with --option) on top of o.
func (o *Options) Override(settings []string) error {
	for _, s := range settings {
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return fmt.Errorf("option %q: write name=value", s)
		}
		node := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
			{Kind: yaml.ScalarNode, Value: strings.TrimSpace(k)},
			{Kind: yaml.ScalarNode, Value: strings.TrimSpace(v)},
		}}
		if err := o.Decode(node); err != nil {
			return fmt.Errorf("option %q: %w", s, err)
		}
	}
	return nil
}

// Decode applies a YAML mapping of option names to values on top of o
// (a transcript's `options:`). Unknown names are an error.
func (o *Options) Decode(node *yaml.Node) error {
	if node.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: options must be a mapping of name: value", node.Line)
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		k := node.Content[i]
		if _, known := optionFields[k.Value]; !known {
			return fmt.Errorf("%sunknown option %q (known: %s)", where(k), k.Value, strings.Join(OptionNames(), ", "))
		}
		single := &yaml.Node{Kind: yaml.MappingNode, Content: node.Content[i : i+2]}
		if err := single.Decode(o); err != nil {
			return fmt.Errorf("%soption %s: %v", where(k), k.Value, cleanYAMLError(err))
		}
	}
	return nil
}

// where is "line N: " for a node read from a file, "" for one built from
// the command line.
func where(n *yaml.Node) string {
	if n.Line == 0 {
		return ""
	}
	return fmt.Sprintf("line %d: ", n.Line)
}

func cleanYAMLError(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: unmarshal errors:\n")
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "line 0: ")
	return strings.Replace(s, "cannot unmarshal !!str ", "cannot read ", 1)
}

// Validate reports options that cannot make a game with the given number of
// players (God not counted).
func (o Options) Validate(players int) error {
	var errs []string
	add := func(f string, a ...any) { errs = append(errs, fmt.Sprintf(f, a...)) }
	if o.Decks < 1 || o.Decks > 8 {
		add("decks = %d: use 1 to 8 decks (the source texts play with 2 or 3)", o.Decks)
	}
	if o.HandSize < 1 {
		add("hand_size = %d: every player needs at least one card", o.HandSize)
	}
	switch o.Starter {
	case RedrawUntilValid, AlwaysValid, Chain3:
	default:
		add("starter = %q: use redraw_until_valid, always_valid or chain3", o.Starter)
	}
	switch o.FirstPlayer {
	case CountByStarter, LeftOfGod:
	default:
		add("first_player = %q: use count_by_starter or left_of_god", o.FirstPlayer)
	}
	if o.MaxSequence < 1 || o.MaxSequence > 13 {
		add("max_sequence = %d: use 1 (no sequences) to 13", o.MaxSequence)
	}
	switch o.SequenceJudging {
	case AllOrNothing, Prefix:
	default:
		add("sequence_judging = %q: use all_or_nothing or prefix", o.SequenceJudging)
	}
	switch o.SequencePenalty {
	case DoubleCount, DoubleClamped:
	default:
		add("sequence_penalty = %q: use double_count or double_clamped", o.SequencePenalty)
	}
	switch o.Scoring {
	case MaxMinusN, FixedMinusN, Turns:
	default:
		add("scoring = %q: use max_minus_n, fixed_minus_n or turns", o.Scoring)
	}
	if o.GuessAnyTurn && !o.Guessing {
		add("guess_any_turn = true needs guessing = true")
	}
	if o.ScoreFloor && o.Scoring != Turns {
		add("score_floor = true floors the turn score: it needs scoring = turns (not %s)", o.Scoring)
	}
	for _, v := range []struct {
		name string
		val  int
	}{{"penalty_wrong_card", o.PenaltyWrongCard}, {"penalty_wrong_no_play", o.PenaltyWrongNoPlay},
		{"no_play_out_limit", o.NoPlayOutLimit}, {"no_play_refund", o.NoPlayRefund},
		{"sudden_death_at", o.SuddenDeathAt}, {"prophet_min_main_line", o.ProphetMinMainLine},
		{"false_prophet_penalty", o.FalseProphetPenalty}, {"prophet_error_points", o.ProphetErrorPoints},
		{"prophet_sudden_death_after", o.ProphetSuddenDeathAfter},
		{"out_bonus", o.OutBonus}, {"score_base", o.ScoreBase}, {"guess_bonus", o.GuessBonus},
		{"early_stop_bonus", o.EarlyStopBonus}, {"guess_penalty", o.GuessPenalty}} {
		if v.val < 0 {
			add("%s = %d: must not be negative", v.name, v.val)
		}
	}
	if o.MaxTurns < 1 {
		add("max_turns = %d: a hand needs at least one turn", o.MaxTurns)
	}
	if o.CoopTurns < 0 {
		add("coop_turns = %d: must not be negative", o.CoopTurns)
	}
	if o.CoopTurns > 0 && !o.Guessing {
		add("coop_turns = %d needs guessing = true: the team states its rule as a guess", o.CoopTurns)
	}
	if o.CoopTurns > 0 && o.Prophet {
		add("coop_turns with prophet = true: a cooperative team has no Prophet")
	}
	if o.RuleSeesErrors {
		add("rule_sees_errors = true: the rule language (docs/rule-language.md) has no name for the error columns yet")
	}
	if o.MinPlayers < 1 || o.MaxPlayers < o.MinPlayers {
		add("min_players = %d, max_players = %d: not a range", o.MinPlayers, o.MaxPlayers)
	}
	// One scientist alone against God (a solo benchmark table) is a game
	// only when the options say so, with min_players = 1 (no preset does).
	// A lone player never becomes Prophet: a declaration needs two others
	// still in the hand.
	switch {
	case players < 1:
		add("%d players: a hand needs at least one scientist besides God", players)
	case players == 1 && o.MinPlayers > 1:
		add("1 player: Eleusis needs at least two scientists besides God (the option min_players = 1 allows one alone)")
	case players < o.MinPlayers || players > o.MaxPlayers:
		add("%d players: these options are for %d to %d players besides God", players, o.MinPlayers, o.MaxPlayers)
	}
	starterCards := 1
	if o.Starter == Chain3 {
		starterCards = 5
	}
	if o.Decks >= 1 && o.HandSize >= 1 && players >= 1 {
		if need := players*o.HandSize + starterCards; need > o.Decks*NumCards {
			add("%d players × %d cards + %d for God = %d cards, but %d deck(s) hold %d",
				players, o.HandSize, starterCards, need, o.Decks, o.Decks*NumCards)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("impossible options: %s", strings.Join(errs, "; "))
	}
	return nil
}

// Map is the options by name, as YAML would write them: int, bool or
// string values.
func (o Options) Map() map[string]any {
	v := reflect.ValueOf(o)
	m := make(map[string]any, len(optionFields))
	for name, i := range optionFields {
		switch f := v.Field(i); f.Kind() {
		case reflect.Int:
			m[name] = int(f.Int())
		case reflect.Bool:
			m[name] = f.Bool()
		default:
			m[name] = f.String()
		}
	}
	return m
}
