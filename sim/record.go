package sim

import "encoding/json"

// Verdict is God's answer.
type Verdict string

// Verdicts. For a "no play", Yes means the player was right: no card was valid.
const (
	Yes Verdict = "yes"
	No  Verdict = "no"
)

// EndReason says why a hand ended (docs/rules.md, "How a hand ends").
type EndReason string

// End reasons.
const (
	WentOut       EndReason = "went_out"
	AllEliminated EndReason = "all_eliminated"
	Guessed       EndReason = "guessed"
	DeckEmpty     EndReason = "deck_empty"
	MaxTurns      EndReason = "max_turns"
	// Unfinished: a replayed transcript stopped before the hand ended; it is
	// scored as it stands.
	Unfinished EndReason = "unfinished"
)

// ProphetStatus is a player's standing as Prophet at the end of a hand.
type ProphetStatus string

// Prophet statuses.
const (
	NotProphet      ProphetStatus = "none"
	StandingProphet ProphetStatus = "standing"
	FallenProphet   ProphetStatus = "fallen"
)

// MoveRecord is one move as the table saw it, with God's verdict and its
// consequences. It is public: every player sees it. It is the one record of
// a move: hands.jsonl and a result write it (RecordForm, MarshalJSON; the
// tags below read it back), the outside agents' wire and a report for
// people write it in forms of their own (MoveForm).
type MoveRecord struct {
	Turn    int      `json:"turn"`
	Player  int      `json:"player"`
	Kind    MoveKind `json:"kind"`
	Cards   []Card   `json:"cards"`
	Verdict Verdict  `json:"verdict"`
	// Accepted: the cards that went onto the main line (a right play, a
	// right prefix, or the valid card God or the Prophet picked after a wrong
	// "no play").
	Accepted []Card `json:"accepted,omitempty"`
	// Picked: after a wrong "no play", the card put on the main line.
	Picked *Card `json:"picked,omitempty"`
	// ProphetPick: under a Prophet who judged a wrong "no play" rightly, the
	// card the Prophet picked (new-eleusis-pt, case 4). When it is not valid
	// the Prophet falls and Picked is the card God put down instead.
	ProphetPick *Card `json:"prophet_pick,omitempty"`
	Penalty     int   `json:"penalty"` // cards the rules say the player draws
	Drawn       int   `json:"drawn"`   // cards actually dealt (fewer if the deck ran out)
	// Refund: after a right "no play", the new cards the player got.
	Refund      int  `json:"refund,omitempty"`
	SuddenDeath bool `json:"sudden_death,omitempty"`
	Eliminated  bool `json:"eliminated,omitempty"`
	WentOut     bool `json:"went_out,omitempty"`

	// Under a Prophet: the Prophet's judgement and whether God said "right".
	Prophet         int      `json:"prophet"` // seat of the judging Prophet, -1 if none
	ProphetSaid     *Verdict `json:"prophet_said,omitempty"`
	ProphetFell     bool     `json:"prophet_fell,omitempty"`
	ProphetPenalty  int      `json:"prophet_penalty,omitempty"`
	Spared          bool     `json:"spared,omitempty"` // wrong, but not punished (the Prophet erred)
	DeclaredProphet bool     `json:"declared_prophet,omitempty"`

	// Express guessing.
	Guess      string `json:"guess,omitempty"`
	GuessRight bool   `json:"guess_right,omitempty"`
	GuessError string `json:"guess_error,omitempty"`
	// A rule stated at a real table, with God's answer as given (a
	// transcript's god_said:): GuessInWords, the rule was said in words,
	// judged by God's answer alone; GuessGodErred, God's answer went
	// against the rule's judgement of the expression (GuessRight is God's
	// answer, which the hand followed).
	GuessInWords  bool `json:"guess_in_words,omitempty"`
	GuessGodErred bool `json:"guess_god_erred,omitempty"`

	// Reshuffled: the error columns went back into the deck during this move.
	Reshuffled bool `json:"reshuffled,omitempty"`

	// Meta: what the players' programs said about their answers to this
	// move's questions (an outside agent's "meta": tokens, latency, how a
	// model's reply was read…), by question: "move", "guess",
	// "declare_prophet" (the mover's), "judge", "pick" (the Prophet's). It
	// is no part of the game: never sent to other seats, not replayed.
	Meta map[string]json.RawMessage `json:"meta,omitempty"`
}

// PlayerResult is one player's end of a hand.
type PlayerResult struct {
	Seat       int           `json:"seat"`
	Cards      int           `json:"cards"`
	Score      int           `json:"score"`
	WentOut    bool          `json:"went_out"`
	Eliminated bool          `json:"eliminated"`
	Prophet    ProphetStatus `json:"prophet"`
	Guessed    bool          `json:"guessed"`
	// GuessedAt: with Guessed, the move after which the right statement
	// came; WrongGuesses: the rules stated that were not God's (invalid
	// ones included).
	GuessedAt    int `json:"guessed_at,omitempty"`
	WrongGuesses int `json:"wrong_guesses,omitempty"`
	// Withdrawn: its player failed and left the hand (Hand.Withdraw); it
	// scores WorstScore.
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// Result is the end of a hand.
type Result struct {
	End      EndReason      `json:"end"`
	Turns    int            `json:"turns"`
	GodScore int            `json:"god_score"`
	Players  []PlayerResult `json:"players"`
	Opening  []Card         `json:"opening"` // the starter (or Express chain)
	MainLine []Card         `json:"main_line"`
	Errors   []ErrorGroup   `json:"errors"`
	History  []MoveRecord   `json:"moves"`
	// ProphetA is 2 × the table cards before a standing Prophet's marker
	// (God's cap), 0 without one.
	ProphetA int `json:"prophet_a,omitempty"`
	// Team: the outcome of a cooperative hand (coop_turns > 0).
	Team *TeamOutcome `json:"team,omitempty"`
}

// TeamOutcome is what a cooperative team achieved: whether a rule it stated
// was equivalent to God's, at which move, and how many rules it stated.
type TeamOutcome struct {
	Found   bool   `json:"found"`
	Turn    int    `json:"turn,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Guesses int    `json:"guesses"`
}
