package agents

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/eleusis/eleusis/sim"
)

// The outside-agent protocol, with the test binary itself as the agent
// (TestMain runs it as one when EXEC_AGENT is set).
func TestMain(m *testing.M) {
	if mode := os.Getenv("EXEC_AGENT"); mode == "snoop" {
		runSnoop()
		return
	} else if mode != "" {
		runTestAgent(mode)
		return
	}
	os.Exit(m.Run())
}

func agentCommand(mode string) string {
	return fmt.Sprintf("EXEC_AGENT=%s %q -test.run=NONE", mode, os.Args[0])
}

// execSpec is the spec of a test agent; params such as "persistent=true".
func execSpec(t testing.TB, mode, params string) Spec {
	if params != "" {
		return spec(t, "exec("+params+"):"+agentCommand(mode))
	}
	return spec(t, "exec:"+agentCommand(mode))
}

// leakCheck fails the test if it leaves processes started by this test
// binary or goroutines behind.
func leakCheck(t *testing.T) {
	t.Helper()
	g0 := runtime.NumGoroutine()
	t.Cleanup(func() {
		// A process the harness killed may take a moment to exit; one
		// that is still there after two seconds outlived the test.
		kids := descendants()
		for i := 0; i < 100 && len(kids) > 0; i++ {
			time.Sleep(20 * time.Millisecond)
			kids = descendants()
		}
		if len(kids) > 0 {
			t.Errorf("%d processes outlived the test: %v", len(kids), kids)
		}
		var g int
		for range 50 { // goroutines that were told to stop need a moment
			if g = runtime.NumGoroutine(); g <= g0 {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", g0, g, buf[:runtime.Stack(buf, true)])
	})
}

// descendants lists the live processes below this one (Linux /proc).
func descendants() []int {
	parent := map[int]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so cut after ")".
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 2 || f[0] == "Z" {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
	}
	var out []int
	for pid := range parent {
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == os.Getpid() {
				out = append(out, pid)
				break
			}
		}
	}
	return out
}

// alive reports whether pid still runs a second after a kill (a killed
// process takes a moment to die).
func alive(pid int) bool {
	for range 50 {
		if !running(pid) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(f) > 0 && f[0] != "Z"
}

// playOne plays a hand; a seat's failure (the hand went on without it) is
// returned as the error, beside the outcome.
func playOne(t testing.TB, k *Kit, lineup []Spec, seed uint64, opts sim.Options) (*Outcome, error) {
	out, err := k.Play(HandSetup{Rule: rule(t, `card.color != prev.color`), Options: opts, Lineup: lineup, Seed: seed, Measure: true})
	if err == nil && len(out.Failures) > 0 {
		return out, errors.New(out.Failures[0].Error)
	}
	return out, err
}

func TestExecAgent(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	for _, params := range []string{"", "persistent=true"} {
		t.Run("mode="+params, func(t *testing.T) {
			k := NewKit()
			defer k.Close()
			good := execSpec(t, "good", params)
			out, err := playOne(t, k, []Spec{good, spec(t, "random"), good, spec(t, "random")}, 3, opts)
			if err != nil {
				t.Fatalf("a well-behaved outside agent: %v", err)
			}
			if out.Result.End == "" || out.Observer == nil || out.Measures[0] != nil {
				t.Fatalf("no result, or a seat that stated nothing measured: %+v", out)
			}
			// An outside Prophet: it declares, then judges every move over
			// the protocol ("yes" each time) until God says "wrong".
			popts := opts
			popts.Prophet = true
			declared := false
			for seed := uint64(1); seed <= 5 && !declared; seed++ {
				p := execSpec(t, "prophet", params)
				out, err := playOne(t, k, []Spec{p, spec(t, "random"), spec(t, "random"), spec(t, "random")}, seed, popts)
				if err != nil {
					t.Fatalf("an outside Prophet: %v", err)
				}
				for _, m := range out.Result.History {
					if m.DeclaredProphet && m.Player == 0 {
						declared = true
					}
					if declared && m.Prophet == 0 && m.ProphetSaid == nil {
						t.Errorf("move %d under the outside Prophet has no judgement", m.Turn)
					}
				}
			}
			if !declared {
				t.Error("the outside agent never became Prophet")
			}
		})
	}
}

// Every misbehaviour stops its hand with an error that says what went
// wrong, in both modes, and leaves no process or goroutine behind.
func TestExecMisbehaving(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	for j, tc := range []struct{ mode, want string }{
		{"badjson", "bad JSON"},
		{"crash", "exited without answering"},
		{"slow", "no answer to the move request within"},
		{"illegal", "not in"},
		{"noid", "has no id"},
		{"extraline", "a line nobody asked for"},
		{"huge", "longer than"},
		{"giveup", "gave up the hand: Traceback: something broke"},
		{"misplaced", `has "right", which it does not take`},
	} {
		timeout := "timeout=10"
		if tc.mode == "slow" {
			timeout = "timeout=0.5"
		}
		for i, params := range []string{timeout, timeout + ",persistent=true"} {
			if testing.Short() && i != j%2 { // each misbehaviour in one mode, both modes seen
				continue
			}
			t.Run(tc.mode+"/"+params, func(t *testing.T) {
				k := NewKit()
				defer k.Close()
				s := execSpec(t, tc.mode, params)
				_, err := playOne(t, k, []Spec{s, spec(t, "random"), s, s}, 1, opts)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want %q", err, tc.want)
				}
			})
		}
	}
}

// A persistent agent is started once per seat and reused hand after hand;
// Kit.Close ends it; every hand tells it the seat's seed.
func TestExecPersistent(t *testing.T) {
	leakCheck(t)
	log := filepath.Join(t.TempDir(), "agent.log")
	t.Setenv("EXEC_AGENT_LOG", log)
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	k.SetSandbox(Sandbox{Off: true}) // the agent writes its log beside the test (TestSandboxConfines confines)
	s := execSpec(t, "good", "persistent=true")
	const hands = 12
	var wg sync.WaitGroup
	for w := range 2 { // two workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range hands / 2 {
				seed := uint64(w*hands/2 + i)
				if _, err := playOne(t, k, []Spec{s, spec(t, "random"), s, spec(t, "random")}, seed, opts); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	k.Close()
	b, _ := os.ReadFile(log)
	starts, seeds := 0, map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		switch f := strings.Fields(l); f[0] {
		case "start":
			starts++
		case "hand":
			seeds[f[2]]++
		}
	}
	if starts < 2 || starts > 4 {
		t.Errorf("%d processes for 2 seats on 2 workers (want 2 to 4):\n%s", starts, b)
	}
	if len(seeds) != 2*hands {
		t.Errorf("%d distinct seeds for %d seats of hands, want one each:\n%s", len(seeds), 2*hands, b)
	}
	if got := agentSeed(7, 2); got != agentSeed(7, 2) || got == agentSeed(7, 3) || got == agentSeed(8, 2) {
		t.Error("agentSeed is not a function of the hand's seed and the seat")
	}
}

// A persistent agent that exits after each hand is restarted for the next;
// one that writes after its hand's end fails the next hand it is given.
func TestExecPersistentBetweenHands(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	defer k.Close()
	s := execSpec(t, "exitafterend", "persistent=true")
	for seed := range uint64(3) {
		if _, err := playOne(t, k, []Spec{s, spec(t, "random"), spec(t, "random"), spec(t, "random")}, seed, opts); err != nil {
			t.Fatalf("hand %d: %v", seed, err)
		}
	}
	s = execSpec(t, "strayafterend", "persistent=true")
	var errs []error
	for seed := range uint64(2) {
		_, err := playOne(t, k, []Spec{s, spec(t, "random"), spec(t, "random"), spec(t, "random")}, seed, opts)
		errs = append(errs, err)
	}
	if errs[0] != nil || errs[1] == nil || !strings.Contains(errs[1].Error(), "nobody asked for") {
		t.Errorf("a stray line after the end: errors %v", errs)
	}
}

// The agent's children die with it (its process group is killed), and an
// agent that ignores the end of its input is killed after the grace time.
func TestExecNoProcessOutlivesItsHand(t *testing.T) {
	leakCheck(t)
	log := filepath.Join(t.TempDir(), "agent.log")
	t.Setenv("EXEC_AGENT_LOG", log)
	opts, _ := sim.Preset("new-eleusis")
	for _, params := range []string{"", "persistent=true"} {
		k := NewKit()
		k.SetSandbox(Sandbox{Off: true}) // the agent writes its log beside the test (TestSandboxConfines confines)
		for _, mode := range []string{"spawn", "ignoreeof", "crash"} {
			if _, err := playOne(t, k, []Spec{execSpec(t, mode, params), spec(t, "random"), spec(t, "random"), spec(t, "random")}, 1, opts); (err != nil) != (mode == "crash") {
				t.Errorf("%s %s: %v", mode, params, err)
			}
		}
		k.Close()
	}
	b, _ := os.ReadFile(log)
	children := 0
	for _, l := range strings.Split(string(b), "\n") {
		if pid, ok := strings.CutPrefix(l, "child "); ok {
			children++
			if n, _ := strconv.Atoi(pid); alive(n) {
				t.Errorf("the agent's child %d outlived it", n)
				syscall.Kill(n, syscall.SIGKILL)
			}
		}
	}
	if children != 2 {
		t.Errorf("%d children logged, want 2:\n%s", children, b)
	}
}

// Cancelling the run (Ctrl-C) stops a hand waiting on a slow agent at once;
// the hand is reported as cut, not as the agent's fault.
func TestExecCancel(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	for _, params := range []string{"timeout=60", "timeout=60,persistent=true"} {
		k := NewKit()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() {
			_, err := k.Play(HandSetup{Rule: rule(t, `card.color != prev.color`), Options: opts, Seed: 1, Context: ctx,
				Lineup: []Spec{execSpec(t, "slow", params), spec(t, "random"), spec(t, "random"), spec(t, "random")}})
			done <- err
		}()
		time.Sleep(300 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cut") {
				t.Errorf("%s: error %v, want a cut hand", params, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the hand did not stop after the run was cancelled", params)
		}
		k.Close()
	}
}

// A stated belief is checked and kept by turn.
func TestExecBeliefs(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	r := rule(t, `card.color != prev.color`)
	k := NewKit()
	defer k.Close()
	h, players := newHand(t, k, r, []Spec{spec(t, "random"), execSpec(t, "belief", ""), spec(t, "random"), spec(t, "random")}, opts, 5)
	res, err := h.Run()
	ClosePlayers(players, res)
	if err != nil {
		t.Fatal(err)
	}
	bs := players[1].(BeliefStater).StatedBeliefs()
	var turns []int
	for _, m := range res.History {
		if m.Player == 1 {
			turns = append(turns, m.Turn)
		}
	}
	if len(bs) != len(turns) || len(bs) < 2 {
		t.Fatalf("%d beliefs for %d moves", len(bs), len(turns))
	}
	for i, b := range bs {
		want := 0.25 + float64((i+1)%2)/2
		if b.Turn != turns[i] || b.Rule != "card.color != prev.color" || b.Compiled == nil || b.RuleProb != want || b.AcceptProb == nil || *b.AcceptProb != 0.5 {
			t.Errorf("belief %d: %+v, want turn %d, rule_prob %v", i, b, turns[i], want)
		}
	}
	if bs[0].Compiled != bs[1].Compiled {
		t.Error("the same stated rule was compiled twice")
	}
}

type panicker struct{}

func (panicker) Move(v *sim.View) sim.Move { panic("a strategy's bug") }

// A strategy that panics stops its hand with an error, and the outside
// agents of the hand are ended all the same.
func TestExecClosedWhenAStrategyPanics(t *testing.T) {
	leakCheck(t)
	registry["panics"] = entry{"a test strategy that panics", nil, func(Spec, *Table, int) (sim.Player, error) { return panicker{}, nil }, NoRule}
	defer delete(registry, "panics")
	opts, _ := sim.Preset("new-eleusis-es") // the seat left of God starts: the agent moves first
	k := NewKit()
	_, err := playOne(t, k, []Spec{execSpec(t, "good", ""), spec(t, "panics"), spec(t, "random"), spec(t, "random")}, 1, opts)
	if err == nil || !strings.Contains(err.Error(), "panicked: a strategy's bug") {
		t.Errorf("error %v", err)
	}
	if kids := descendants(); len(kids) > 0 {
		t.Errorf("the agent still runs after the panic: %v", kids)
	}
}
