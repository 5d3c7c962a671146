package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The wire form of protocol version 2 (docs/agent-protocol.md is the
// reference: keep the two together). Seats are numbered as the CLI numbers
// them, from 1 (left of God); "no seat" is null.

// ProtocolVersion is the version of the outside-agent protocol.
const ProtocolVersion = 2

// maxRuleBytes bounds a rule an agent states (a guess, a belief's rule):
// the longest rule of the default bank is about 300 bytes.
const maxRuleBytes = 4096

// wireRequest is one line to the agent. Every request is answered by one
// line carrying the same id.
type wireRequest struct {
	Type string `json:"type"`
	ID   int    `json:"id"`
	// new_hand
	Protocol     int           `json:"protocol,omitempty"`
	Mode         string        `json:"mode,omitempty"`
	Seat         int           `json:"seat,omitempty"`
	Players      int           `json:"players,omitempty"`
	Seed         *uint64       `json:"seed,omitempty"`
	SeedString   string        `json:"seed_string,omitempty"`
	Options      *sim.Options  `json:"options,omitempty"`
	Opening      []sim.Card    `json:"opening,omitempty"`
	Facts        []wireFact    `json:"facts,omitempty"` // the opening's
	RuleLanguage *RuleLanguage `json:"rule_language,omitempty"`
	// every request of a hand but new_hand: the moves since the last one
	Moves *[]wireMove `json:"moves,omitempty"`
	// move, declare_prophet, judge, pick, guess
	View *wireView `json:"view,omitempty"`
	// judge
	Mover int       `json:"mover,omitempty"`
	Move  *wireCard `json:"move,omitempty"`
	// pick
	Shown []sim.Card `json:"shown,omitempty"`
	// end
	Result  *wireResult `json:"result,omitempty"`
	Stopped bool        `json:"stopped,omitempty"`
	// Statement: God's verdict on the rule the seat stated after its last
	// move (its guess answer), in the first request after it.
	Statement *wireStatement `json:"statement,omitempty"`
}

// wireStatement is God's verdict on a rule the seat stated: right, wrong,
// or not a rule of the language (error says why).
type wireStatement struct {
	Turn  int    `json:"turn"` // the move the statement followed
	Rule  string `json:"rule"` // as the table recorded it
	Right bool   `json:"right"`
	Error string `json:"error,omitempty"`
}

// statementOf is the verdict on the statement after move turn, from the
// hand's history (nil when none was recorded).
func statementOf(history []sim.MoveRecord, turn int) *wireStatement {
	if turn < 1 || turn > len(history) || history[turn-1].Guess == "" {
		return nil
	}
	r := &history[turn-1]
	return &wireStatement{Turn: turn, Rule: r.Guess, Right: r.GuessRight, Error: r.GuessError}
}

// wireCard is a move without its verdict: what the Prophet judges.
type wireCard struct {
	Kind  sim.MoveKind `json:"kind"`
	Cards []sim.Card   `json:"cards"`
}

// wireView is what the seat sees (sim.View without the history, which
// comes as moves).
type wireView struct {
	Hand          []sim.Card       `json:"hand"`
	MainLine      []sim.Card       `json:"main_line"`
	Errors        []sim.ErrorGroup `json:"errors"`
	HandSizes     []int            `json:"hand_sizes"`
	Eliminated    []bool           `json:"eliminated"`
	Current       int              `json:"current"`
	Turn          int              `json:"turn"`
	Prophet       *int             `json:"prophet"`
	ProphetMarker *int             `json:"prophet_marker"`
	SuddenDeath   bool             `json:"sudden_death"`
	DeckSize      int              `json:"deck_size"`
}

func seatOf(p int) *int {
	if p < 0 {
		return nil
	}
	s := p + 1
	return &s
}

func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}

func wireViewOf(v *sim.View) *wireView {
	w := &wireView{Hand: nonNil(v.Hand), MainLine: nonNil(v.MainLine), Errors: nonNil(v.Errors), HandSizes: v.HandSizes,
		Eliminated: v.Eliminated, Current: v.Current + 1, Turn: v.Turn, Prophet: seatOf(v.Prophet),
		SuddenDeath: v.SuddenDeath, DeckSize: v.DeckSize}
	if v.Prophet >= 0 {
		m := v.ProphetMarker
		w.ProphetMarker = &m
	}
	return w
}

// wireMoveForm is how a move goes to an outside agent
// (docs/agent-protocol.md, "A move record"): every field of the record but
// its meta (the players' own notes, for nobody else), seats from 1, each
// field after the verdict left out when zero, false or empty (the Prophet
// when there is none), the cards never null.
var wireMoveForm = sim.MustMoveForm("turn! player! kind! cards! verdict! accepted picked prophet_pick penalty drawn refund " +
	"sudden_death eliminated went_out prophet prophet_said prophet_fell prophet_penalty spared declared_prophet " +
	"guess guess_right guess_error guess_in_words guess_god_erred reshuffled").SeatsFrom(1).ListsNeverNull()

// wireMove is a move as sent: the record in wireMoveForm, then its facts.
type wireMove struct {
	*sim.MoveRecord
	// Facts: the single judgements God's answer settled (sim.DecodeMove,
	// Evidence.Facts): the harness's one reading of a move as evidence.
	Facts []wireFact
}

// wireMoveFields are the JSON names of a move as sent, in order.
func wireMoveFields() []string { return append(wireMoveForm.Fields(), "facts") }

// MarshalJSON writes the move as appendMove does (the requests that go
// through encoding/json: new_hand, end).
func (m wireMove) MarshalJSON() ([]byte, error) { return appendMove(nil, &m), nil }

// wireFact is one judgement a move (or the opening) settled: God accepts
// (or refuses) card after the first `at` cards of the main line. The line
// a card is judged after is always a beginning of the main line as it
// stands after the move (the main line only grows).
type wireFact struct {
	At       int      `json:"at"`
	Card     sim.Card `json:"card"`
	Accepted bool     `json:"accepted"`
}

func wireFacts(e sim.Evidence) []wireFact {
	fs := e.Facts()
	if len(fs) == 0 {
		return nil
	}
	out := make([]wireFact, len(fs))
	for i, f := range fs {
		out[i] = wireFact{At: len(f.Line), Card: f.Card, Accepted: f.Accepted}
	}
	return out
}

// wireMoves are the records rs as sent, each with its facts; line is the
// main line before rs[0], and the main line after the last is returned.
func wireMoves(rs []sim.MoveRecord, line []sim.Card, o *sim.Options) (*[]wireMove, []sim.Card) {
	out := make([]wireMove, len(rs))
	for i := range rs {
		e := sim.DecodeMove(&rs[i], line, o)
		line = e.MainLine
		out[i] = wireMove{&rs[i], wireFacts(e)}
	}
	return &out, line
}

// wireResult is a sim.Result without its history (sent as moves), seats
// from 1.
type wireResult struct {
	End      sim.EndReason      `json:"end"`
	Turns    int                `json:"turns"`
	GodScore int                `json:"god_score"`
	Players  []sim.PlayerResult `json:"players"`
	Opening  []sim.Card         `json:"opening"`
	MainLine []sim.Card         `json:"main_line"`
	Errors   []sim.ErrorGroup   `json:"errors"`
	Team     *sim.TeamOutcome   `json:"team,omitempty"`
}

func wireResultOf(r *sim.Result) *wireResult {
	w := &wireResult{End: r.End, Turns: r.Turns, GodScore: r.GodScore, Opening: nonNil(r.Opening),
		MainLine: nonNil(r.MainLine), Errors: nonNil(r.Errors), Team: r.Team}
	for _, p := range r.Players {
		p.Seat++
		w.Players = append(w.Players, p)
	}
	return w
}

// wireAnswer is one line from the agent. Which fields it may carry
// depends on the request (answerFields).
type wireAnswer struct {
	ID      *int         `json:"id"`
	Error   *string      `json:"error"`
	Kind    sim.MoveKind `json:"kind"`
	Cards   []sim.Card   `json:"cards"`
	Belief  *wireBelief  `json:"belief"`
	Declare *bool        `json:"declare"`
	Right   *bool        `json:"right"`
	Card    *sim.Card    `json:"card"`
	Guess   *string      `json:"guess"`
	// Meta: the agent's own notes on this answer, kept in the move's record.
	Meta json.RawMessage `json:"meta"`
	// Trace: the agent's calls to its model for this answer (prompt,
	// whole reply, reasoning…), each a JSON object, written whole to the
	// run's trace file (docs/agent-protocol.md, "Traces").
	Trace []json.RawMessage `json:"trace"`
}

// wireBelief is what the agent believes as it moves (optional).
type wireBelief struct {
	Rule       *string  `json:"rule"`
	RuleProb   *float64 `json:"rule_prob"`
	AcceptProb *float64 `json:"accept_prob"`
	// Withdraw: it no longer holds the rule it stated last (and states
	// none in its place).
	Withdraw bool `json:"withdraw"`
}

// decodeAnswer reads one answer line to request typ with id: one JSON
// object, no unknown field, the same id, only the fields typ's answer may
// carry. An answer with "error" is the agent giving up: that error.
func decodeAnswer(line []byte, typ string, id int) (*wireAnswer, error) {
	var a wireAnswer
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return nil, fmt.Errorf("the answer to the %s request has an unknown field %s (an agent's own data goes in \"meta\") (line %q)", typ, f, clip(string(line)))
		}
		return nil, fmt.Errorf("bad JSON answering the %s request: %v (line %q)", typ, err, clip(string(line)))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value on the line answering the %s request (line %q)", typ, clip(string(line)))
	}
	if a.ID == nil {
		return nil, fmt.Errorf("the answer to the %s request has no id (it must repeat the request's id, %d)", typ, id)
	}
	if *a.ID != id {
		return nil, fmt.Errorf("an answer with id %d came while waiting for request %d (%s): a line nobody asked for", *a.ID, id, typ)
	}
	if a.Error != nil {
		return nil, &errGaveUp{clipTo(*a.Error, maxAgentError)}
	}
	present := []bool{a.Kind != "", a.Cards != nil, a.Belief != nil, a.Declare != nil, a.Right != nil, a.Card != nil, a.Guess != nil, a.Meta != nil, a.Trace != nil}
	allowed := answerFields[typ]
	for i, f := range answerNames {
		if present[i] && !slices.Contains(allowed.may, f) {
			return nil, fmt.Errorf("the answer to the %s request has %q, which it does not take (it takes: %s)", typ, f, strings.Join(append([]string{"id"}, allowed.may...), ", "))
		}
		if !present[i] && f == allowed.must {
			return nil, fmt.Errorf("the answer to the %s request has no %q (line %q)", typ, f, clip(string(line)))
		}
	}
	for i, t := range a.Trace {
		if tb := bytes.TrimSpace(t); len(tb) == 0 || tb[0] != '{' {
			return nil, fmt.Errorf("the answer to the %s request: trace entry %d is not a JSON object", typ, i+1)
		}
	}
	if a.Meta != nil {
		m, err := checkMeta(a.Meta)
		if err != nil {
			return nil, fmt.Errorf("the answer to the %s request: %w", typ, err)
		}
		a.Meta = m
	}
	for _, c := range append(a.Cards, derefCard(a.Card)...) {
		if !c.Valid() {
			return nil, fmt.Errorf("the answer to the %s request names a card face down (%q)", typ, c)
		}
	}
	return &a, nil
}

func derefCard(c *sim.Card) []sim.Card {
	if c == nil {
		return nil
	}
	return []sim.Card{*c}
}

// answerNames are the answer's fields besides id and error, in the order
// decodeAnswer checks them.
var answerNames = []string{"kind", "cards", "belief", "declare", "right", "card", "guess", "meta", "trace"}

// answerSpec is the field an answer must carry and those it may.
type answerSpec struct {
	must string
	may  []string
}

// answerFields: what each request's answer must and may carry besides id.
var answerFields = map[string]answerSpec{
	"new_hand":        {},
	"move":            {"kind", []string{"kind", "cards", "belief", "meta", "trace"}},
	"declare_prophet": {"declare", []string{"declare", "meta", "trace"}},
	"judge":           {"right", []string{"right", "meta", "trace"}},
	"pick":            {"card", []string{"card", "meta", "trace"}},
	"guess":           {"guess", []string{"guess", "meta", "trace"}},
	"end":             {},
}

// maxMetaBytes bounds an answer's meta (compacted): room for a model's
// usage figures and a raw reply of a few thousand words, not for a log.
const maxMetaBytes = 32 << 10

// checkMeta checks an answer's meta (a JSON object of at most
// maxMetaBytes) and returns it compacted.
func checkMeta(raw json.RawMessage) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, fmt.Errorf("meta: %v", err)
	}
	if b.Len() == 0 || b.Bytes()[0] != '{' {
		return nil, fmt.Errorf("meta must be a JSON object, not %s", clip(b.String()))
	}
	if b.Len() > maxMetaBytes {
		return nil, fmt.Errorf("a meta of %d bytes (at most %d)", b.Len(), maxMetaBytes)
	}
	return b.Bytes(), nil
}

// checkMove checks a move answer's kind and size; the referee checks the
// rest (the cards are in the hand, a sequence is allowed).
func checkMove(a *wireAnswer, hand int) error {
	switch a.Kind {
	case sim.Play, sim.Sequence, sim.NoPlay:
	default:
		return fmt.Errorf("the move answer's kind is %q: it must be play, seq or noplay", a.Kind)
	}
	if len(a.Cards) > hand {
		return fmt.Errorf("the move answer names %d cards; the hand holds %d", len(a.Cards), hand)
	}
	return nil
}

// StatedBelief is what an outside agent said it believed when it made a
// move (protocol v2, a move answer's "belief"), before God's verdict on
// that move.
type StatedBelief struct {
	// Turn is the move's number in the hand's history (sim.MoveRecord.Turn).
	Turn int
	// Rule is its best rule in the rule language ("" when it stated none),
	// RuleProb its probability of it, Compiled the rule compiled, or nil
	// with RuleError saying why the rule is not in the rule language (a
	// model's slip is kept, not fatal: God treats a bad guess alike).
	Rule      string
	RuleProb  float64
	Compiled  *rulebank.Compiled
	RuleError string
	// AcceptProb is its probability that God accepts the move (every card
	// of a play or sequence; for a "no play", that no card was valid), or
	// nil when it stated none.
	AcceptProb *float64
	// Withdrawn: it took back the rule it stated last (Rule is "").
	Withdrawn bool
}

// BeliefStater is a player that states its beliefs as it plays (an outside
// agent). StatedBeliefs lists them by turn, one per move that stated one.
type BeliefStater interface {
	StatedBeliefs() []StatedBelief
}

// belief checks a stated belief; prev is the last compiled rule, reused
// when the text is the same.
func (b wireBelief) belief(turn int, prev *StatedBelief) (StatedBelief, error) {
	s := StatedBelief{Turn: turn, AcceptProb: b.AcceptProb}
	if b.AcceptProb != nil && !(*b.AcceptProb >= 0 && *b.AcceptProb <= 1) {
		return s, fmt.Errorf("belief: accept_prob %v is not a probability", *b.AcceptProb)
	}
	if (b.Rule == nil) != (b.RuleProb == nil) {
		return s, errors.New("belief: rule and rule_prob go together")
	}
	if b.Withdraw {
		if b.Rule != nil {
			return s, errors.New("belief: withdraw takes back the last rule stated; it does not go with a rule")
		}
		s.Withdrawn = true
		return s, nil
	}
	if b.Rule == nil {
		if b.AcceptProb == nil {
			return s, errors.New("belief: it states nothing (give rule and rule_prob, accept_prob, or withdraw)")
		}
		return s, nil
	}
	if !(*b.RuleProb >= 0 && *b.RuleProb <= 1) {
		return s, fmt.Errorf("belief: rule_prob %v is not a probability", *b.RuleProb)
	}
	s.Rule, s.RuleProb = *b.Rule, *b.RuleProb
	if len(s.Rule) > maxRuleBytes {
		return s, fmt.Errorf("belief: a rule of %d bytes (at most %d)", len(s.Rule), maxRuleBytes)
	}
	if prev != nil && prev.Rule == s.Rule {
		s.Compiled, s.RuleError = prev.Compiled, prev.RuleError
		return s, nil
	}
	c, err := compileStated(s.Rule)
	if err != nil {
		s.RuleError = err.Error()
	}
	s.Compiled = c
	return s, nil
}

// compileStated compiles a rule an agent stated (at most maxRuleBytes).
func compileStated(text string) (*rulebank.Compiled, error) {
	c, err := rulebank.Compile(rulebank.Rule{Name: "stated", Expr: text})
	if err != nil {
		var re *rulebank.Error
		if errors.As(err, &re) {
			err = re.Err
		}
		return nil, fmt.Errorf("the rule %q is not in the rule language: %v", clip(text), err)
	}
	return c, nil
}

// maxAgentError bounds the error text an agent gives for a hand's record
// (a traceback's last lines fit).
const maxAgentError = 2000

func clip(s string) string { return clipTo(s, 200) }

func clipTo(s string, n int) string {
	if len(s) > n {
		return strings.ToValidUTF8(s[:n], "") + "…"
	}
	return s
}

// StateBelief checks what a player states with its move, as an outside
// agent's belief answer is checked (a rule of at most 4,096 bytes with
// its probability, the probability the move is accepted): turn is the
// move's number, prev the player's last statement (its compiled rule is
// reused when the text is the same). A rule that is not in the rule
// language is kept with the reason, measured as a rule that is not God's.
func StateBelief(turn int, rule *string, ruleProb, acceptProb *float64, prev *StatedBelief) (StatedBelief, error) {
	return wireBelief{Rule: rule, RuleProb: ruleProb, AcceptProb: acceptProb}.belief(turn, prev)
}
