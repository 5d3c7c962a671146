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
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Bounds on what an outside program may send and how long it may take to
// go once asked to (docs/agent-protocol.md, "Errors and time-outs").
const (
	// maxAnswerBytes bounds one answer line. An answer is a move, a card or
	// a rule: a few hundred bytes; a belief's rule adds at most maxRuleBytes.
	maxAnswerBytes = 16 << 20
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

// proc is one running outside program: its own process group and our ends
// of its stdin and stdout. The hand's goroutine writes and reads them
// itself, with deadlines (os.Pipe ends support them): no goroutine sits
// between the program and the hand, none can be left behind, and an answer
// reaches the hand without a hand-off.
type proc struct {
	command string
	cmd     *exec.Cmd
	stdin   *os.File
	stdout  *os.File
	out     *bufio.Reader
	buf     bytes.Buffer // the request being written
	lastID  int          // the id of the last request
	gen     int          // the pool's generation it was started in
	// taught: the rule-language reference went out in a new_hand already.
	taught  bool
	stopped bool
	// tag marks the program and everything it starts (agentTagVar in their
	// environment), so that stop finds the processes that left its group.
	tag string
	// home: the sandbox's private folder (HOME, TMPDIR), removed at stop.
	home string
}

// agentTagVar is the environment variable that tags an outside program and
// its descendants: the harness's pid and a count, unique on the machine.
const agentTagVar = "ELEUSIS_AGENT_TAG"

var procCount atomic.Int64

// startProc runs command under `sh -c` in a process group of its own, so
// that a terminal's Ctrl-C reaches only the harness and stop can kill the
// program's children with it; confined as sb says (exec_sandbox.go).
func startProc(command string, sb Sandbox) (*proc, error) {
	cmd := exec.Command("sh", "-c", command)
	setProcessGroup(cmd)
	adopt()
	tag := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(procCount.Add(1), 10)
	var home string
	var dirs, files []string
	if sb.Off {
		cmd.Env = append(os.Environ(), agentTagVar+"="+tag)
	} else {
		var err error
		if dirs, files, err = sb.grants(command); err != nil {
			return nil, err
		}
		if home, err = os.MkdirTemp("", "eleusis-agent-"); err != nil {
			return nil, err
		}
		cmd.Env = append(sb.environ(home), agentTagVar+"="+tag)
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		os.RemoveAll(home)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, os.Stderr
	if sb.Off {
		err = cmd.Start()
	} else {
		err = startConfined(cmd, home, dirs, files)
	}
	inR.Close() // the child holds its ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		os.RemoveAll(home)
		return nil, fmt.Errorf("cannot start: %w", err)
	}
	return &proc{command: command, cmd: cmd, stdin: inW, stdout: outR, out: bufio.NewReaderSize(outR, 64<<10), tag: tag, home: home}, nil
}

// readBounded reads one line (without its newline) of at most limit bytes.
func readBounded(r *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > limit+1 { // +1: the newline
			return nil, errLineTooLong
		}
		switch {
		case err == nil && line == nil:
			return bytes.TrimRight(chunk, "\r\n"), nil // valid until the next read
		case err == nil:
			return bytes.TrimRight(append(line, chunk...), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			line = append(line, chunk...)
		case err == io.EOF && len(line)+len(chunk) > 0:
			return append(line, chunk...), nil // a last line without a newline
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

// watch makes a cancelled ctx end any wait on the program at once (every
// write and read sets its own deadline, so a late call does no harm); the
// returned function stops watching.
func (p *proc) watch(ctx context.Context) func() bool {
	if ctx.Done() == nil {
		return func() bool { return true }
	}
	return context.AfterFunc(ctx, func() {
		p.stdin.SetWriteDeadline(time.Unix(1, 0))
		p.stdout.SetReadDeadline(time.Unix(1, 0))
	})
}

func cancelled(ctx context.Context, what string, err error) error {
	return &exchangeError{msg: fmt.Sprintf("the run was cancelled while it thought about the %s request", what), err: errors.Join(ctx.Err(), err)}
}

// write writes request lines (what names the first), within timeout; the
// caller watches ctx.
func (p *proc) write(ctx context.Context, what string, req []byte, timeout time.Duration) error {
	if p.stopped {
		return &exchangeError{msg: "the program was stopped"}
	}
	p.stdin.SetWriteDeadline(time.Now().Add(timeout))
	_, err := p.stdin.Write(req)
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return cancelled(ctx, what, err)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return &exchangeError{msg: fmt.Sprintf("it read no %s request within %s", what, timeout), err: err}
	}
	return &exchangeError{msg: fmt.Sprintf("it stopped reading (%v) at the %s request%s", err, what, p.exitStatus()), err: err, gone: true}
}

// read reads the answer line to the what request, within timeout (the
// caller watches ctx). It is valid until the next read.
func (p *proc) read(ctx context.Context, what string, timeout time.Duration) ([]byte, error) {
	if p.stopped {
		return nil, &exchangeError{msg: "the program was stopped"}
	}
	p.stdout.SetReadDeadline(time.Now().Add(timeout))
	line, err := readBounded(p.out, maxAnswerBytes)
	switch {
	case err == nil:
		return line, nil
	case ctx.Err() != nil:
		return nil, cancelled(ctx, what, err)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, &exchangeError{msg: fmt.Sprintf("no answer to the %s request within %s", what, timeout), err: err}
	case err == io.EOF:
		return nil, &exchangeError{msg: fmt.Sprintf("it exited without answering the %s request%s", what, p.exitStatus()), gone: true}
	}
	return nil, &exchangeError{msg: fmt.Sprintf("answering the %s request: %v", what, err), err: err}
}

// pending reports, without waiting, a line the program wrote that nobody
// asked for (a non-empty line) or its end (io.EOF).
func (p *proc) pending() ([]byte, error) {
	p.stdout.SetReadDeadline(time.Now())
	b, err := p.out.Peek(1)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	line, _ := p.out.Peek(min(p.out.Buffered(), 200))
	return append(b[:0:0], line...), nil
}

// exitStatus stops the program and says how it ended, for messages.
func (p *proc) exitStatus() string {
	p.stop(0)
	if st := p.cmd.ProcessState; st != nil && !st.Success() {
		return fmt.Sprintf(" (%v)", st)
	}
	return ""
}

// stop ends the program: stdin closes, it gets grace to exit by itself
// (its stdout ends; unasked lines are dropped), then its whole process
// group is killed (before the leader is reaped, so the group's id cannot
// have been reused) and it is reaped; last, the processes it started that
// left its group are found by their tag and killed (sweep).
func (p *proc) stop(grace time.Duration) {
	if p.stopped {
		return
	}
	p.stopped = true
	p.stdin.Close()
	if grace > 0 {
		p.stdout.SetReadDeadline(time.Now().Add(grace))
		io.Copy(io.Discard, p.out)
	}
	killGroup(p.cmd)
	p.stdout.Close()
	reaped := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(reaped) }()
	select {
	case <-reaped:
	case <-time.After(reapWait):
	}
	sweep(p.tag)
	if p.home != "" {
		os.RemoveAll(p.home)
	}
}

// procPool keeps the persistent programs between hands, by command: at
// most one per seat per worker is ever started, since a hand takes one per
// seat and gives it back at its end.
type procPool struct {
	mu      sync.Mutex
	idle    map[string][]*proc
	gen     int
	sandbox Sandbox // how the programs are confined (exec_sandbox.go)
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
