package sim

import "encoding/json"

// MoveKind is what a player does on a turn.
type MoveKind string

// The moves of docs/rules.md, "A hand, step by step".
const (
	Play     MoveKind = "play"   // one card
	Sequence MoveKind = "seq"    // 2..max_sequence cards in a chosen order
	NoPlay   MoveKind = "noplay" // "no play": shows the whole hand
)

// Move is a player's move. For NoPlay, Cards may be left empty: the engine
// shows the player's whole hand.
type Move struct {
	Kind  MoveKind
	Cards []Card
}

// ErrorGroup is one entry of an error column: the card (or the rejected
// sequence, kept together) played when Under was the index of the last
// main-line card.
type ErrorGroup struct {
	Under int    `json:"under"`
	Cards []Card `json:"cards"`
}

// View is what a person at the table sees when it is their moment to decide:
// their own hand and everything public. It never holds the rule. The engine
// reuses one View per player; its slices must not be changed or kept.
type View struct {
	Me   int    // the deciding player's seat (0 = left of God)
	Hand []Card // the deciding player's own hand
	// Opening is what God laid before the first move: the starter, or the
	// five cards of chain3 (DecodeOpening reads it).
	Opening  []Card
	MainLine []Card
	Errors   []ErrorGroup
	// HandSizes, Eliminated: one entry per seat.
	HandSizes  []int
	Eliminated []bool
	Current    int // whose turn it is
	Turn       int // moves made so far
	// Prophet is the seat of the standing Prophet, or -1; ProphetMarker is the
	// main-line length when the Prophet rose.
	Prophet       int
	ProphetMarker int
	// SuddenDeath reports that a wrong move now eliminates its player.
	SuddenDeath bool
	DeckSize    int
	History     []MoveRecord // every move so far, with God's verdicts
	Options     *Options
}

// Player chooses moves from what it sees. Bots, outside programs and replayed
// transcripts all drive the engine through it.
type Player interface {
	Move(v *View) Move
}

// ProphetPlayer is a player that can be the Prophet (docs/rules.md, "The Prophet").
type ProphetPlayer interface {
	// DeclareProphet is asked right after the player's own move, when the
	// rules allow a declaration.
	DeclareProphet(v *View) bool
	// Judge is asked while the player is Prophet: is this move right ("yes")?
	// For NoPlay, "yes" means the player is right that no card is valid.
	Judge(v *View, mover int, m Move) bool
	// Pick is asked when the Prophet judged a "no play" wrong and God agreed:
	// the Prophet puts one valid card of the shown hand on the main line.
	Pick(v *View, shown []Card) Card
}

// Guesser is a player that may state the rule after a right move (Express).
type Guesser interface {
	// Guess returns an expression in the rule language, or "" for no guess.
	Guess(v *View) string
}

// Observer is told of every move once God has judged it.
type Observer interface {
	Observe(v *View, r *MoveRecord)
}

// Failer is a player that can fail (an outside program that crashed, sent
// bad JSON or timed out): the engine stops the hand with its error instead
// of playing on with a made-up move.
type Failer interface {
	Err() error
}

// MetaSource is a player whose answers carry notes of their own (an
// outside agent's "meta"). After each move the engine takes every
// player's notes, by question ("move", "guess", "judge"…), into the move's
// record (MoveRecord.Meta).
type MetaSource interface {
	TakeMeta() map[string]json.RawMessage
}

// Judge is God: it knows the rule. The rulebank package provides one per
// goroutine.
type Judge interface {
	// Accepts reports whether card may follow the main line.
	Accepts(line []Card, card Card) (bool, error)
	// Starter reports whether God may open the main line with card.
	Starter(card Card) (bool, error)
}

// GuessJudge is a Judge that can tell whether a guessed rule is equivalent to
// God's over reachable states (needed for Express guessing).
type GuessJudge interface {
	Judge
	Equivalent(guess string) (bool, error)
}

// OpeningAware is a Judge told how hands open: with the always_valid
// starter policy any card may open the main line, whatever the rule's
// starter predicate says, so a guess must agree with God from every card
// (NewHand tells it).
type OpeningAware interface {
	OpensWithAnyCard(any bool)
}
