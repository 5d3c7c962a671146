package agents

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/eleusis/eleusis/sim"
)

// A process the agent starts in a session of its own (setsid, after a
// double fork) dies with the hand (per hand) or with the run (persistent).
func TestExecDaemonDiesWithItsAgent(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	for _, params := range []string{"", "persistent=true"} {
		log := filepath.Join(t.TempDir(), "agent.log")
		t.Setenv("EXEC_AGENT_LOG", log)
		k := NewKit()
		k.SetSandbox(Sandbox{Off: true}) // the agent writes its log beside the test (TestSandboxConfines confines)
		if _, err := playOne(t, k, []Spec{execSpec(t, "setsid", params), spec(t, "random"), spec(t, "random"), spec(t, "random")}, 1, opts); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(log + ".daemon")
		if err != nil {
			t.Fatalf("%s: the daemon did not start: %v", params, err)
		}
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
		if pid <= 0 {
			t.Fatalf("daemon pid %q", b)
		}
		if params != "" && !running(pid) {
			t.Errorf("persistent: the daemon %d died before the run ended", pid)
		}
		k.Close()
		if alive(pid) {
			t.Errorf("%q: the agent's daemon %d (its own session) outlived the run", params, pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// An answer's meta is kept, by question, in the move's record; other seats
// never see it.
func TestExecMetaKeptPerMove(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("express")
	k := NewKit()
	defer k.Close()
	out, err := k.Play(HandSetup{Rule: rule(t, `card.color != prev.color`), Options: opts, Seed: 3,
		Lineup: []Spec{execSpec(t, "meta", ""), spec(t, "random"), spec(t, "random")}})
	if err != nil {
		t.Fatal(err)
	}
	moves, guesses := 0, 0
	for _, m := range out.Result.History {
		if m.Player != 0 {
			if m.Meta != nil {
				t.Errorf("move %d by seat %d has meta %s", m.Turn, m.Player+1, m.Meta)
			}
			continue
		}
		moves++
		var mm struct {
			Move   int            `json:"move"`
			Tokens map[string]int `json:"tokens"`
		}
		if err := json.Unmarshal(m.Meta["move"], &mm); err != nil || mm.Move != moves || mm.Tokens["prompt"] != 10*moves {
			t.Errorf("move %d: meta %s (%v), want move %d", m.Turn, m.Meta["move"], err, moves)
		}
		if g, ok := m.Meta["guess"]; ok {
			guesses++
			if string(g) != `{"asked":"guess"}` {
				t.Errorf("guess meta %s", g)
			}
		}
	}
	if moves == 0 || guesses == 0 {
		t.Errorf("%d moves, %d guesses with meta", moves, guesses)
	}
	b, _ := json.Marshal(out.Result.History[0])
	if !strings.Contains(string(b), `"meta":{"move":{"cost_usd":0.5,"move":1,"prompt_tokens":10,"tokens":{"prompt":10}}}`) {
		t.Errorf("the record's JSON: %s", b)
	}
	// Usage: every answer with a meta, its fallbacks, the figures summed.
	u := out.Usage[0]
	if out.Usage[1] != nil || u == nil || u.Answers != moves+guesses || u.Fallbacks != moves/3 || u.PromptTokens != float64(10*moves) ||
		u.CostUSD != 0.5*float64(moves) {
		t.Errorf("usage %+v (seats %v), want %d answers, %d fallbacks", u, out.Usage, moves+guesses, moves/3)
	}
	b, _ = json.Marshal([]*Usage{{CostUSD: math.NaN()}, u})
	var back []*Usage
	if err := json.Unmarshal(b, &back); err != nil || !math.IsNaN(back[0].CostUSD) || *back[1] != *u {
		t.Errorf("usage JSON %s read back as %+v, %+v (%v)", b, back[0], back[1], err)
	}
}

// A seat that fails leaves the hand and the others play on: the outcome
// names the seat, the moves made before it failed and why; it scores the
// worst its options allow, is never asked again, and is not measured.
func TestSeatFailurePlaysOn(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	defer k.Close()
	out, err := k.Play(HandSetup{Rule: rule(t, `card.color != prev.color`), Options: opts, Seed: 3, Measure: true,
		Lineup: []Spec{spec(t, "bayes-eig(size=2000)"), spec(t, "random"), execSpec(t, "giveup", ""), spec(t, "random")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Failures) != 1 {
		t.Fatalf("failures %+v", out.Failures)
	}
	f := out.Failures[0]
	if f.Seat != 2 || f.Turn == 0 || !strings.Contains(f.Error, "gave up the hand") {
		t.Fatalf("failure %+v", f)
	}
	r := out.Result
	if r.Turns <= f.Turn || !r.Players[2].Withdrawn || r.Players[2].Score != sim.WorstScore(opts) {
		t.Fatalf("the hand stopped at move %d (failure at %d), the failed seat %+v", r.Turns, f.Turn, r.Players[2])
	}
	for _, m := range r.History[f.Turn:] {
		if m.Player == 2 {
			t.Fatalf("move %d is the failed seat's", m.Turn)
		}
	}
	if out.Measures[2] != nil || out.Measures[0] == nil {
		t.Errorf("measures %v: the failed seat must not be measured, the scientist must", out.Measures)
	}
	if err := sim.CheckScores(opts, r); err != nil {
		t.Error(err)
	}
}

// Answers are checked: meta must be a bounded object; an unknown field is
// named, with the place for an agent's own data.
func TestDecodeAnswerMetaAndUnknownFields(t *testing.T) {
	for _, c := range []struct{ line, err string }{
		{`{"id": 3, "kind": "noplay", "meta": {"a": [1, 2], "b": "x"}}`, ""},
		{`{"id": 3, "kind": "noplay", "notes": "thinking…"}`, `unknown field "notes" (an agent's own data goes in "meta")`},
		{`{"id": 3, "kind": "noplay", "trace": ["thinking…"]}`, "trace entry 1 is not a JSON object"},
		{`{"id": 3, "kind": "noplay", "meta": {"a": [1, 2], "b": "x"}, "trace": [{"reply": "thinking…"}]}`, ""},
		{`{"id": 3, "kind": "noplay", "meta": [1]}`, "meta must be a JSON object"},
		{`{"id": 3, "kind": "noplay", "meta": {"raw": "` + strings.Repeat("x", maxMetaBytes) + `"}}`, "a meta of"},
		{`{"id": 3, "meta": {}}`, `has no "kind"`},
	} {
		a, err := decodeAnswer([]byte(c.line), "move", 3)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.line, err)
		case c.err == "" && string(a.Meta) != `{"a":[1,2],"b":"x"}`:
			t.Errorf("meta kept as %s", a.Meta)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%.60s: error %v, want %q", c.line, err, c.err)
		}
	}
	if _, err := decodeAnswer([]byte(`{"id": 1, "meta": {}}`), "new_hand", 1); err == nil {
		t.Error("meta on a new_hand answer accepted")
	}
}

// An agent that gives up a hand ("error") is in step with the protocol: a
// persistent one is kept for the next hand; one that breaks the protocol
// is replaced.
func TestExecGiveUpKeepsPersistentProgram(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	for _, c := range []struct {
		mode   string
		starts int
	}{{"giveup", 1}, {"badjson", 2}} {
		log := filepath.Join(t.TempDir(), "agent.log")
		t.Setenv("EXEC_AGENT_LOG", log)
		k := NewKit()
		k.SetSandbox(Sandbox{Off: true}) // the agent writes its log beside the test (TestSandboxConfines confines)
		for seed := range uint64(2) {
			if _, err := playOne(t, k, []Spec{execSpec(t, c.mode, "persistent=true"), spec(t, "random"), spec(t, "random"), spec(t, "random")}, seed, opts); err == nil {
				t.Errorf("%s: hand %d did not fail", c.mode, seed)
			}
		}
		k.Close()
		b, _ := os.ReadFile(log)
		if n := strings.Count(string(b), "start "); n != c.starts {
			t.Errorf("%s: %d programs started, want %d:\n%s", c.mode, n, c.starts, b)
		}
	}
}

// A new program has the start-up time-out for its first new_hand, the
// per-answer time-out after that.
func TestExecStartupTimeout(t *testing.T) {
	leakCheck(t)
	opts, _ := sim.Preset("new-eleusis")
	k := NewKit()
	defer k.Close()
	for _, c := range []struct{ params, err string }{
		{"timeout=0.5,startup=20", ""},
		{"timeout=0.5,startup=0.5", "no answer to the new_hand request within 500ms"},
	} {
		_, err := playOne(t, k, []Spec{execSpec(t, "slowstart", c.params), spec(t, "random"), spec(t, "random"), spec(t, "random")}, 1, opts)
		if (err != nil) != (c.err != "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.params, err, c.err)
		}
	}
}

// Under the solo guessing protocol an outside agent is asked for a rule
// after every move of its own, right or wrong: its wrong first statement
// costs the penalty, its right second one ends the hand after move 2.
func TestExecStatesOnAnyTurn(t *testing.T) {
	leakCheck(t)
	o, err := sim.Preset("solo-guessing")
	if err != nil {
		t.Fatal(err)
	}
	k := NewKit()
	defer k.Close()
	for seed := uint64(1); seed <= 3; seed++ {
		out, err := playOne(t, k, []Spec{execSpec(t, "guesser", "persistent=true")}, seed, o)
		if err != nil {
			t.Fatal(err)
		}
		r := out.Result
		p := r.Players[0]
		if r.End != sim.Guessed || r.Turns != 2 || p.GuessedAt != 2 || p.WrongGuesses != 1 || p.Score != sim.TurnScore(30, 2, 1, 5) {
			t.Fatalf("seed %d: end %s after %d moves, %+v (history %+v)", seed, r.End, r.Turns, p, r.History)
		}
	}
}

// Every statement of the rule an outside agent makes gets its verdict in
// the next request it receives (the end's included): wrong, right, or not
// a rule of the language with the reason; in every preset that lets
// players state the rule, from every seat.
func TestStatementVerdictsReachTheAgent(t *testing.T) {
	leakCheck(t)
	for _, name := range sim.PresetNames() {
		opts, _ := sim.PresetWith(name, []string{"min_players=1"})
		if !opts.Guessing {
			continue
		}
		t.Run(name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "agent.log")
			t.Setenv("EXEC_AGENT_LOG", log)
			k := NewKit()
			k.SetSandbox(Sandbox{Off: true}) // the agent writes its log beside the test
			defer k.Close()
			seats, seeds := min(3, opts.MaxPlayers), uint64(4)
			if testing.Short() {
				seeds = 2
			}
			for seed := range seeds {
				var lineup []Spec
				for range seats {
					lineup = append(lineup, execSpec(t, "verdicts", "persistent=true"))
				}
				if _, err := playOne(t, k, lineup, seed, opts); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
			b, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			stated, heard := map[string]int{}, map[string]int{}
			for _, l := range strings.Split(string(b), "\n") {
				f := strings.Fields(l)
				switch {
				case len(f) == 0:
				case f[0] == "stated":
					stated[f[2]]++
				case f[0] == "verdict":
					heard[f[2]]++
				case f[0] == "missing", f[0] == "bad", f[0] == "unasked":
					t.Error(l)
				}
			}
			if stated["wrong"] == 0 || stated["invalid"] == 0 || fmt.Sprint(stated) != fmt.Sprint(heard) {
				t.Errorf("statements made %v, verdicts heard %v", stated, heard)
			}
		})
	}
}
