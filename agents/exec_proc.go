package agents

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// Bounds on what an outside program may send and how long it may take to
// go once asked to (docs/agent-protocol.md, "Errors and time-outs").
const (
	// maxAnswerBytes bounds one answer line. An answer is a move, a card or
	// a rule: a few hundred bytes; a belief's rule adds at most maxRuleBytes.
	maxAnswerBytes = 1 << 20
	// exitGrace is how long a program may take to exit by itself once its
	// stdin is closed, before its process group is killed.
	exitGrace = time.Second
	// reapWait bounds the wait for a killed process to be reaped (a process
	// stuck in the kernel cannot hold the run longer than this).
	reapWait = 5 * time.Second
)

// errLineTooLong: the program wrote more than maxAnswerBytes without a
// newline.
var errLineTooLong = fmt.Errorf("an answer line longer than %d bytes", maxAnswerBytes)

// proc is one running outside program: its own process group, our end of
// its stdin, and a reader goroutine that turns its stdout into lines.
type proc struct {
	command string
	cmd     *exec.Cmd
	stdin   *os.File
	lines   chan readLine // closed when stdout ends
	quit    chan struct{} // closed by stop: the reader gives up sending
	lastID  int           // the id of the last request
	gen     int           // the pool's generation it was started in
	// taught: the rule-language reference went out in a new_hand already.
	taught  bool
	stopped bool
}

type readLine struct {
	b   []byte
	err error
}

// startProc runs command under `sh -c` in a process group of its own, so
// that a terminal's Ctrl-C reaches only the harness and stop can kill the
// program's children with it.
func startProc(command string) (*proc, error) {
	cmd := exec.Command("sh", "-c", command)
	setProcessGroup(cmd)
	// Our own pipe for stdin, so that a write to a program that stopped
	// reading times out (os.Pipe ends support deadlines).
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdin = r
	out, err := cmd.StdoutPipe()
	if err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, fmt.Errorf("cannot start: %w", err)
	}
	r.Close() // the child holds its end
	p := &proc{command: command, cmd: cmd, stdin: w, lines: make(chan readLine, 1), quit: make(chan struct{})}
	go p.read(out)
	return p, nil
}

// read turns stdout into lines until it ends, a line is too long, or stop
// is called; it never blocks on a line nobody takes after stop.
func (p *proc) read(out io.Reader) {
	defer close(p.lines)
	r := bufio.NewReaderSize(out, 64<<10)
	for {
		b, err := readBounded(r, maxAnswerBytes)
		if err == io.EOF && len(b) == 0 {
			return
		}
		select {
		case p.lines <- readLine{b, err}:
		case <-p.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// readBounded reads one line (without its newline) of at most limit bytes.
func readBounded(r *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > limit+1 { // +1: the newline
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return bytes.TrimRight(line, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(line) > 0:
			return line, nil // a last line without a newline
		default:
			return nil, err
		}
	}
}

// exchangeError is why a request got no answer line.
type exchangeError struct {
	msg string
	err error // wrapped (a context's error, a write error)
	// gone: the program had ended (its stdin or stdout closed) before it
	// could answer.
	gone bool
}

func (e *exchangeError) Error() string { return e.msg }
func (e *exchangeError) Unwrap() error { return e.err }

// exchange writes one request line and waits for one answer line, within
// timeout each, or until ctx is done. The caller checks the answer.
func (p *proc) exchange(ctx context.Context, what string, req []byte, timeout time.Duration) ([]byte, error) {
	if p.stopped {
		return nil, &exchangeError{msg: "the program was stopped"}
	}
	p.stdin.SetWriteDeadline(time.Now().Add(timeout))
	if _, err := p.stdin.Write(req); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, &exchangeError{msg: fmt.Sprintf("it read no %s request within %s", what, timeout), err: err}
		}
		return nil, &exchangeError{msg: fmt.Sprintf("it stopped reading (%v) at the %s request%s", err, what, p.exitStatus()), err: err, gone: true}
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case l, ok := <-p.lines:
		switch {
		case !ok:
			return nil, &exchangeError{msg: fmt.Sprintf("it exited without answering the %s request%s", what, p.exitStatus()), gone: true}
		case l.err != nil:
			return nil, &exchangeError{msg: fmt.Sprintf("answering the %s request: %v", what, l.err), err: l.err}
		}
		return l.b, nil
	case <-timer.C:
		return nil, &exchangeError{msg: fmt.Sprintf("no answer to the %s request within %s", what, timeout)}
	case <-ctx.Done():
		return nil, &exchangeError{msg: fmt.Sprintf("the run was cancelled while it thought about the %s request", what), err: ctx.Err()}
	}
}

// pending reports a line the program wrote without being asked, or its
// end, without waiting.
func (p *proc) pending() (readLine, bool) {
	select {
	case l, ok := <-p.lines:
		if !ok {
			return readLine{err: io.EOF}, true
		}
		return l, true
	default:
		return readLine{}, false
	}
}

// exitStatus stops the program and says how it ended, for messages.
func (p *proc) exitStatus() string {
	p.stop(0)
	if st := p.cmd.ProcessState; st != nil && !st.Success() {
		return fmt.Sprintf(" (%v)", st)
	}
	return ""
}

// stop ends the program: stdin closes, it gets grace to exit by itself,
// then its whole process group is killed (before the leader is reaped, so
// the group's id cannot have been reused) and it is reaped.
func (p *proc) stop(grace time.Duration) {
	if p.stopped {
		return
	}
	p.stopped = true
	p.stdin.Close()
	if grace > 0 {
		deadline := time.NewTimer(grace)
	drain: // its stdout ends when it exits; unasked lines are dropped
		for {
			select {
			case _, ok := <-p.lines:
				if !ok {
					break drain
				}
			case <-deadline.C:
				break drain
			}
		}
		deadline.Stop()
	}
	killGroup(p.cmd)
	close(p.quit)
	reaped := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(reaped) }()
	select {
	case <-reaped:
	case <-time.After(reapWait):
	}
}

// procPool keeps the persistent programs between hands, by command: at
// most one per seat per worker is ever started, since a hand takes one per
// seat and gives it back at its end.
type procPool struct {
	mu   sync.Mutex
	idle map[string][]*proc
	gen  int
}

// get returns an idle program for key, or nil.
func (pp *procPool) get(key string) *proc {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	ps := pp.idle[key]
	if len(ps) == 0 {
		return nil
	}
	p := ps[len(ps)-1]
	pp.idle[key] = ps[:len(ps)-1]
	return p
}

// put gives a healthy program back; one started before the last Close is
// stopped instead.
func (pp *procPool) put(key string, p *proc) {
	pp.mu.Lock()
	if p.gen == pp.gen {
		if pp.idle == nil {
			pp.idle = map[string][]*proc{}
		}
		pp.idle[key] = append(pp.idle[key], p)
		p = nil
	}
	pp.mu.Unlock()
	if p != nil {
		p.stop(exitGrace)
	}
}

func (pp *procPool) generation() int {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	return pp.gen
}

// close stops every idle program (all at once: each may take exitGrace)
// and marks those in use to be stopped when their hand gives them back.
func (pp *procPool) close() {
	pp.mu.Lock()
	var all []*proc
	for _, ps := range pp.idle {
		all = append(all, ps...)
	}
	pp.idle = nil
	pp.gen++
	pp.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range all {
		wg.Add(1)
		go func() { defer wg.Done(); p.stop(exitGrace) }()
	}
	wg.Wait()
}

// Close ends the outside programs the kit keeps between hands (persistent
// exec agents). The kit stays usable: a later hand starts new ones. The lab
// calls it at the end of every run.
func (k *Kit) Close() { k.procs.close() }
