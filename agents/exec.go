package agents

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/eleusis/eleusis/sim"
)

// The outside-agent protocol (exec:COMMAND). The command runs under `sh -c`
// once per seat and hand. The harness writes one JSON object per line to its
// stdin and reads one JSON object per line from its stdout for every request
// but "end"; stderr is passed through to the harness's stderr.
//
// Requests: {"type": T, "seat": S, "view": VIEW, ...} where T is
//
//	move             answer {"kind": "play"|"seq"|"noplay", "cards": ["7S", ...]}
//	declare_prophet  answer {"declare": true|false}
//	judge            (+ "mover": seat, "move": {"kind", "cards"}) answer {"right": true|false}
//	pick             (+ "shown": [cards]) answer {"card": "7S"}
//	guess            answer {"guess": "expr rule"} or {"guess": ""}
//	end              (+ "result": the hand's result) no answer; stdin closes after it
//
// VIEW is what the seat sees (execView). Cards are written as in transcripts
// ("10H", "QS"). An answer that is not one line of JSON, names a card the
// seat does not hold, or does not come within the time-out (10 s by
// default) stops the hand with an error in the results; the run goes on.
const defaultExecTimeout = 10 * time.Second

// execView is the JSON form of sim.View.
type execView struct {
	Seat          int              `json:"seat"`
	Hand          []sim.Card       `json:"hand"`
	MainLine      []sim.Card       `json:"main_line"`
	Errors        []sim.ErrorGroup `json:"errors"`
	HandSizes     []int            `json:"hand_sizes"`
	Eliminated    []bool           `json:"eliminated"`
	Current       int              `json:"current"`
	Turn          int              `json:"turn"`
	Prophet       int              `json:"prophet"`
	ProphetMarker int              `json:"prophet_marker"`
	SuddenDeath   bool             `json:"sudden_death"`
	DeckSize      int              `json:"deck_size"`
	History       []sim.MoveRecord `json:"history"`
	Options       *sim.Options     `json:"options"`
}

type execMove struct {
	Kind  sim.MoveKind `json:"kind"`
	Cards []sim.Card   `json:"cards"`
}

type execRequest struct {
	Type   string      `json:"type"`
	Seat   int         `json:"seat"`
	View   *execView   `json:"view,omitempty"`
	Mover  *int        `json:"mover,omitempty"`
	Move   *execMove   `json:"move,omitempty"`
	Shown  []sim.Card  `json:"shown,omitempty"`
	Result *sim.Result `json:"result,omitempty"`
}

type execAnswer struct {
	Kind    sim.MoveKind `json:"kind"`
	Cards   []sim.Card   `json:"cards"`
	Declare bool         `json:"declare"`
	Right   bool         `json:"right"`
	Card    *sim.Card    `json:"card"`
	Guess   string       `json:"guess"`
}

// execAgent is an outside program playing one seat.
type execAgent struct {
	command string
	seat    int
	timeout time.Duration
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan string
	err     error
}

func newExec(s Spec, t *Table, seat int) (sim.Player, error) {
	timeout := time.Duration(s.param("timeout", defaultExecTimeout.Seconds()) * float64(time.Second))
	return &execAgent{command: s.Command, seat: seat, timeout: timeout}, nil
}

func (a *execAgent) fail(format string, args ...any) {
	if a.err == nil {
		a.err = fmt.Errorf("outside agent %q: "+format, append([]any{a.command}, args...)...)
	}
	a.kill()
}

func (a *execAgent) start() bool {
	if a.cmd != nil {
		return a.err == nil
	}
	a.cmd = exec.Command("sh", "-c", a.command)
	// Our own pipe for stdin, so that a write to a program that stopped
	// reading can time out too.
	r, in, err := os.Pipe()
	if err != nil {
		a.fail("%v", err)
		return false
	}
	a.cmd.Stdin = r
	out, err := a.cmd.StdoutPipe()
	if err != nil {
		a.fail("%v", err)
		return false
	}
	a.cmd.Stderr = os.Stderr
	if err := a.cmd.Start(); err != nil {
		r.Close()
		in.Close()
		a.fail("cannot start: %v", err)
		return false
	}
	r.Close() // the child holds its end
	a.stdin = in
	a.lines = make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			a.lines <- sc.Text()
		}
		close(a.lines)
	}()
	return true
}

// ask sends a request and waits for one answer line.
func (a *execAgent) ask(req execRequest) (execAnswer, bool) {
	var ans execAnswer
	if a.err != nil || !a.start() {
		return ans, false
	}
	req.Seat = a.seat
	b, err := json.Marshal(req)
	if err != nil {
		a.fail("cannot encode the %s request: %v", req.Type, err)
		return ans, false
	}
	a.stdin.SetWriteDeadline(time.Now().Add(a.timeout))
	if _, err := a.stdin.Write(append(b, '\n')); err != nil {
		a.fail("it stopped reading (%v) at the %s request", err, req.Type)
		return ans, false
	}
	timer := time.NewTimer(a.timeout)
	defer timer.Stop()
	select {
	case line, ok := <-a.lines:
		if !ok {
			a.fail("it exited without answering the %s request%s", req.Type, a.exitStatus())
			return ans, false
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ans); err != nil {
			a.fail("bad JSON answering the %s request: %v (line %q)", req.Type, err, clip(line))
			return ans, false
		}
		return ans, true
	case <-timer.C:
		a.fail("no answer to the %s request within %s", req.Type, a.timeout)
		return ans, false
	}
}

func (a *execAgent) exitStatus() string {
	if a.cmd == nil || a.cmd.Process == nil {
		return ""
	}
	err := a.cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fmt.Sprintf(" (%v)", ee)
	}
	return ""
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

func (a *execAgent) kill() {
	if a.stdin != nil {
		a.stdin.Close()
	}
	if a.cmd != nil && a.cmd.Process != nil && a.cmd.ProcessState == nil {
		_ = a.cmd.Process.Kill()
		_ = a.cmd.Wait()
	}
}

func viewJSON(v *sim.View) *execView {
	return &execView{Seat: v.Me, Hand: v.Hand, MainLine: v.MainLine, Errors: v.Errors, HandSizes: v.HandSizes,
		Eliminated: v.Eliminated, Current: v.Current, Turn: v.Turn, Prophet: v.Prophet, ProphetMarker: v.ProphetMarker,
		SuddenDeath: v.SuddenDeath, DeckSize: v.DeckSize, History: v.History, Options: v.Options}
}

// Move implements sim.Player. On failure it returns a "no play"; the engine
// then sees Err and stops the hand.
func (a *execAgent) Move(v *sim.View) sim.Move {
	ans, ok := a.ask(execRequest{Type: "move", View: viewJSON(v)})
	if !ok {
		return sim.Move{Kind: sim.NoPlay}
	}
	return sim.Move{Kind: ans.Kind, Cards: ans.Cards}
}

func (a *execAgent) DeclareProphet(v *sim.View) bool {
	ans, _ := a.ask(execRequest{Type: "declare_prophet", View: viewJSON(v)})
	return ans.Declare
}

func (a *execAgent) Judge(v *sim.View, mover int, m sim.Move) bool {
	ans, _ := a.ask(execRequest{Type: "judge", View: viewJSON(v), Mover: &mover, Move: &execMove{m.Kind, m.Cards}})
	return ans.Right
}

func (a *execAgent) Pick(v *sim.View, shown []sim.Card) sim.Card {
	ans, ok := a.ask(execRequest{Type: "pick", View: viewJSON(v), Shown: shown})
	if !ok || ans.Card == nil {
		if ok {
			a.fail("the pick answer names no card")
		}
		return shown[0]
	}
	return *ans.Card
}

func (a *execAgent) Guess(v *sim.View) string {
	ans, _ := a.ask(execRequest{Type: "guess", View: viewJSON(v)})
	return ans.Guess
}

// Err implements sim.Failer.
func (a *execAgent) Err() error { return a.err }

// Close tells the program the hand is over and ends it.
func (a *execAgent) Close(res *sim.Result) {
	if a.cmd == nil || a.err != nil {
		a.kill()
		return
	}
	b, _ := json.Marshal(execRequest{Type: "end", Seat: a.seat, Result: res})
	a.stdin.SetWriteDeadline(time.Now().Add(time.Second))
	_, _ = a.stdin.Write(append(b, '\n'))
	_ = a.stdin.Close()
	done := make(chan struct{})
	go func() { _ = a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		_ = a.cmd.Process.Kill()
		<-done
	}
}

// Closer is a player holding resources (a process) to release after the
// hand.
type Closer interface {
	Close(res *sim.Result)
}
