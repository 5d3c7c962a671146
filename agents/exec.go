package agents

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/eleusis/eleusis/sim"
)

// Outside agents (exec:COMMAND) speak protocol version 2, whose reference
// is docs/agent-protocol.md: one JSON object per line each way, every
// request answered by one line with the request's id. The command runs
// under `sh -c` in a process group of its own, once per seat and hand, or
// (exec(persistent=true):COMMAND) once per seat and worker, kept by the
// Kit between hands. Anything it sends is checked; bad JSON, a card it
// does not hold, a crash, a line nobody asked for or no answer within the
// time-out stops the hand with an error in the results; the run goes on.
const defaultExecTimeout = 10 * time.Second

// defaultExecStartup is how long a new program may take to answer its
// first new_hand (an interpreter loading a model's client, say); later
// answers get the per-answer time-out.
const defaultExecStartup = 30 * time.Second

// execAgent is an outside program playing one seat for one hand.
type execAgent struct {
	kit        *Kit
	ctx        context.Context
	command    string
	key        string // the pool's key: the spec as written
	persistent bool
	timeout    time.Duration
	startup    time.Duration // for a new program's first new_hand
	seat       int           // from 0
	seed       uint64        // this seat's own seed
	proc       *proc         // nil until the hand first asks this seat
	sent       int           // moves of the history already sent
	err        error
	beliefs    []StatedBelief
	end        *wireRequest // the end request, once sent
	unwatch    func() bool  // stops the hand's context from ending waits on proc
	booting    *proc        // per hand: started with the player, not yet told of the hand
	// line: the main line after the moves sent (nil until the first
	// request), the base the facts of the next moves are read on.
	line []sim.Card
	opts *sim.Options
	// meta: the agent's notes on its answers since the engine last took
	// them (TakeMeta), by request type.
	meta map[string]json.RawMessage
	// gaveUp: it answered "error": the hand stops, but the program is in
	// step with the protocol and may play on (a persistent one is kept).
	gaveUp bool
	// stated: the move after which it stated a rule whose verdict it has
	// not heard yet (0: none); the next request carries it.
	stated int
	// trace: its answers' trace entries (its calls to its model).
	trace []json.RawMessage
}

// TakeTrace implements Tracer.
func (a *execAgent) TakeTrace() []json.RawMessage {
	t := a.trace
	a.trace = nil
	return t
}

// errGaveUp is an agent's "error" answer: it gives up the hand.
type errGaveUp struct{ reason string }

func (e *errGaveUp) Error() string { return "it gave up the hand: " + e.reason }

func newExec(s Spec, t *Table, seat int) (sim.Player, error) {
	a := &execAgent{kit: t.Kit, ctx: t.context(), command: s.Command, key: s.Text, persistent: s.param("persistent") != 0,
		timeout: time.Duration(s.param("timeout") * float64(time.Second)), startup: time.Duration(s.param("startup") * float64(time.Second)),
		seat: seat, seed: agentSeed(t.Seed, seat)}
	if !a.persistent {
		// Start now: the programs of every seat boot side by side while
		// the hand is dealt (an interpreter takes a good part of a second).
		p, err := startProc(a.command, a.kit.procs.sandboxOf())
		if err != nil {
			return nil, fmt.Errorf("outside agent %q: %w", a.command, err)
		}
		p.gen = a.kit.procs.generation()
		a.booting = p
	}
	return a, nil
}

// agentSeed is the seed an agent gets for a seat of a hand: HMAC-SHA256
// keyed by the hand's seed (which also shuffles the deck, and must not let
// an agent work out the deck) over the seat. The hand's seed is itself
// secret wherever an outside agent sits (lab's run secret, the web table's
// deal secret), so the agent's seed tells it nothing.
func agentSeed(handSeed uint64, seat int) uint64 {
	var key, msg [8]byte
	binary.LittleEndian.PutUint64(key[:], handSeed)
	binary.LittleEndian.PutUint64(msg[:], uint64(seat))
	m := hmac.New(sha256.New, key[:])
	m.Write([]byte("eleusis agent seed\x00"))
	m.Write(msg[:])
	return binary.LittleEndian.Uint64(m.Sum(nil))
}

// fail records the seat's first error and stops its program, unless the
// program gave up the hand in good order (errGaveUp).
func (a *execAgent) fail(err error) {
	var gu *errGaveUp
	if a.err == nil {
		a.err = fmt.Errorf("outside agent %q: %w", a.command, err)
		a.gaveUp = errors.As(err, &gu)
	}
	if !errors.As(err, &gu) {
		a.gaveUp = false
		if a.proc != nil {
			a.proc.stop(0)
		}
	}
}

func (a *execAgent) mode() string {
	if a.persistent {
		return "persistent"
	}
	return "per_hand"
}

// askView asks a question of the hand, with the seat's view and the moves
// since its last request.
func (a *execAgent) askView(req wireRequest, v *sim.View) (*wireAnswer, bool) {
	if a.err != nil {
		return nil, false
	}
	if a.line == nil {
		a.line, a.opts = slices.Clone(sim.DecodeOpening(v.Opening, v.Options).MainLine), v.Options
	}
	req.View = wireViewOf(v)
	req.Moves, a.line = wireMoves(v.History[a.sent:], a.line, v.Options)
	req.Statement, a.stated = statementOf(v.History, a.stated), 0
	ans, err := a.exchange(&req, v)
	if err != nil {
		a.fail(err)
		return nil, false
	}
	a.sent = len(v.History)
	a.trace = append(a.trace, ans.Trace...)
	if ans.Meta != nil {
		if a.meta == nil {
			a.meta = map[string]json.RawMessage{}
		}
		a.meta[req.Type] = ans.Meta
	}
	return ans, true
}

// TakeMeta implements sim.MetaSource.
func (a *execAgent) TakeMeta() map[string]json.RawMessage {
	m := a.meta
	a.meta = nil
	return m
}

// exchange sends req and returns its checked answer. The hand's first
// request goes with new_hand, on a kept program (a persistent one that
// ended after its last hand is replaced) or a new one.
func (a *execAgent) exchange(req *wireRequest, v *sim.View) (*wireAnswer, error) {
	if a.proc != nil {
		return a.roundTrip(req)
	}
	seed := a.seed
	nh := &wireRequest{Type: "new_hand", Protocol: ProtocolVersion, Mode: a.mode(), Seat: a.seat + 1, Players: len(v.HandSizes),
		Seed: &seed, SeedString: strconv.FormatUint(seed, 10), Options: v.Options, Opening: nonNil(v.Opening),
		Facts: wireFacts(sim.DecodeOpening(v.Opening, v.Options))}
	if a.persistent {
		if p := a.kit.procs.get(a.key); p != nil {
			a.use(p)
			stray, err := p.pending()
			if len(stray) > 0 {
				return nil, fmt.Errorf("it wrote a line nobody asked for after its last hand's end (%q…)", stray)
			}
			if err == nil {
				ans, err := a.roundTrip(nh, req)
				var ee *exchangeError
				if err == nil || !errors.As(err, &ee) || !ee.gone {
					return ans, err
				}
			}
			p.stop(0) // it ended between hands: start afresh
			a.unwatch()
		}
	}
	p := a.booting
	if a.booting = nil; p == nil {
		var err error
		if p, err = startProc(a.command, a.kit.procs.sandboxOf()); err != nil {
			return nil, err
		}
		p.gen = a.kit.procs.generation()
	}
	a.use(p)
	return a.roundTrip(nh, req)
}

// use makes p this hand's program, watching the hand's context.
func (a *execAgent) use(p *proc) {
	a.proc, a.unwatch = p, p.watch(a.ctx)
}

// roundTrip writes the requests at once and returns the last one's answer,
// every answer checked.
func (a *execAgent) roundTrip(reqs ...*wireRequest) (*wireAnswer, error) {
	if err := a.write(reqs...); err != nil {
		return nil, err
	}
	var ans *wireAnswer
	for i, r := range reqs {
		var err error
		if ans, err = a.read(r); err != nil {
			var gu *errGaveUp
			if errors.As(err, &gu) && i < len(reqs)-1 {
				// Its program still owes answers: no longer in step.
				err = errors.New(err.Error())
			}
			return nil, err
		}
	}
	return ans, nil
}

// write numbers the requests and writes them.
func (a *execAgent) write(reqs ...*wireRequest) error {
	p := a.proc
	p.buf.Reset()
	for _, r := range reqs {
		p.lastID++
		r.ID = p.lastID
		if r.Type == "new_hand" && !p.taught {
			r.RuleLanguage = Language()
		}
		if err := encodeRequest(&p.buf, r); err != nil {
			return fmt.Errorf("cannot encode the %s request: %w", r.Type, err)
		}
	}
	return p.write(a.ctx, reqs[0].Type, p.buf.Bytes(), a.timeoutFor(reqs[0]))
}

// timeoutFor is the time the program has for req: the start-up time-out
// for a new program's first new_hand, the per-answer one for the rest.
func (a *execAgent) timeoutFor(req *wireRequest) time.Duration {
	if req.Type == "new_hand" && !a.proc.taught {
		return max(a.startup, a.timeout)
	}
	return a.timeout
}

// read reads and checks the answer to req.
func (a *execAgent) read(req *wireRequest) (*wireAnswer, error) {
	line, err := a.proc.read(a.ctx, req.Type, a.timeoutFor(req))
	if err != nil {
		return nil, err
	}
	if req.Type == "new_hand" {
		a.proc.taught = true
	}
	return decodeAnswer(line, req.Type, req.ID)
}

// Move implements sim.Player. On failure it returns a "no play"; the engine
// then sees Err and stops the hand.
func (a *execAgent) Move(v *sim.View) sim.Move {
	ans, ok := a.askView(wireRequest{Type: "move"}, v)
	if !ok {
		return sim.Move{Kind: sim.NoPlay}
	}
	if err := checkMove(ans, len(v.Hand)); err != nil {
		a.fail(err)
		return sim.Move{Kind: sim.NoPlay}
	}
	if ans.Belief != nil {
		var prev *StatedBelief
		if n := len(a.beliefs); n > 0 {
			prev = &a.beliefs[n-1]
		}
		b, err := ans.Belief.belief(v.Turn+1, prev)
		if err != nil {
			a.fail(err)
			return sim.Move{Kind: sim.NoPlay}
		}
		a.beliefs = append(a.beliefs, b)
	}
	return sim.Move{Kind: ans.Kind, Cards: ans.Cards}
}

// DeclareProphet implements sim.ProphetPlayer.
func (a *execAgent) DeclareProphet(v *sim.View) bool {
	ans, ok := a.askView(wireRequest{Type: "declare_prophet"}, v)
	return ok && *ans.Declare
}

// Judge implements sim.ProphetPlayer.
func (a *execAgent) Judge(v *sim.View, mover int, m sim.Move) bool {
	ans, ok := a.askView(wireRequest{Type: "judge", Mover: mover + 1, Move: &wireCard{m.Kind, nonNil(m.Cards)}}, v)
	return ok && *ans.Right
}

// Pick implements sim.ProphetPlayer.
func (a *execAgent) Pick(v *sim.View, shown []sim.Card) sim.Card {
	ans, ok := a.askView(wireRequest{Type: "pick", Shown: nonNil(shown)}, v)
	if ok && !containsCard(shown, *ans.Card) {
		a.fail(fmt.Errorf("it picked %s, which is not among the shown cards %s", *ans.Card, sim.CardsString(shown)))
		ok = false
	}
	if !ok {
		if len(shown) == 0 {
			return sim.Unknown
		}
		return shown[0] // the engine sees Err and stops the hand
	}
	return *ans.Card
}

// Guess implements sim.Guesser.
func (a *execAgent) Guess(v *sim.View) string {
	ans, ok := a.askView(wireRequest{Type: "guess"}, v)
	if !ok {
		return ""
	}
	if len(*ans.Guess) > maxRuleBytes {
		a.fail(fmt.Errorf("a guess of %d bytes (at most %d)", len(*ans.Guess), maxRuleBytes))
		return ""
	}
	a.stated = v.Turn // the verdict goes with its next request
	return *ans.Guess
}

// Err implements sim.Failer.
func (a *execAgent) Err() error { return a.err }

// StatedBeliefs implements BeliefStater.
func (a *execAgent) StatedBeliefs() []StatedBelief { return a.beliefs }

// sendEnd tells the program the hand is over (res nil: it was stopped by
// an error), without waiting for the answer: ClosePlayers tells every seat
// at once, then waits (Close).
func (a *execAgent) sendEnd(res *sim.Result) {
	if a.proc == nil || a.err != nil && !a.gaveUp || a.end != nil {
		return
	}
	a.end = &wireRequest{Type: "end", Stopped: res == nil || a.err != nil}
	if !a.end.Stopped {
		a.end.Result = wireResultOf(res)
		a.end.Moves, a.line = wireMoves(res.History[min(a.sent, len(res.History)):], a.line, a.opts)
		a.end.Statement, a.stated = statementOf(res.History, a.stated), 0
	}
	if err := a.write(a.end); err != nil {
		a.fail(err)
	}
}

// Close ends the hand for the program: it tells it (sendEnd) and waits
// for its answer; then, in the per-hand mode, ends it, while a persistent
// program that answered goes back to the kit for the next hand.
func (a *execAgent) Close(res *sim.Result) {
	if a.booting != nil { // never asked: it never heard of the hand
		a.booting.stop(exitGrace)
		a.booting = nil
	}
	p := a.proc
	if p == nil {
		return
	}
	a.sendEnd(res)
	if a.err == nil || a.gaveUp {
		if _, err := a.read(a.end); err != nil {
			a.fail(err)
			a.gaveUp = false
		}
	}
	a.proc = nil
	a.unwatch()
	switch {
	case a.err != nil && !a.gaveUp:
		p.stop(0)
	case a.persistent:
		a.kit.procs.put(a.key, p)
	default:
		p.stop(exitGrace)
	}
}

// ender is a player that can be told of the end before it is closed.
type ender interface{ sendEnd(res *sim.Result) }

// Closer is a player holding resources (a process) to release after the
// hand; res is nil when the hand stopped with an error.
type Closer interface {
	Close(res *sim.Result)
}

// isCancelled reports whether err comes from a cancelled run.
func isCancelled(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

func containsCard(cs []sim.Card, c sim.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// leave marks the seat as out of the hand: a move the referee refused.
// The program is in step with the protocol (kept if persistent); its end
// says stopped.
func (a *execAgent) leave(err error) {
	if a.err == nil {
		a.err, a.gaveUp = fmt.Errorf("outside agent %q: %w", a.command, err), true
	}
}
