package agents

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/eleusis/eleusis/sim"
)

// runTestAgent is a small outside agent speaking protocol v2; mode chooses
// how it (mis)behaves. With EXEC_AGENT_LOG set it appends "start" to that
// file when it starts, and "hand SEAT SEED" at every new_hand.
func runTestAgent(mode string) {
	logf := func(format string, args ...any) {
		if name := os.Getenv("EXEC_AGENT_LOG"); name != "" {
			f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				fmt.Fprintf(f, format+"\n", args...)
				f.Close()
			}
		}
	}
	logf("start %d", os.Getpid())
	if mode == "slowstart" {
		time.Sleep(1500 * time.Millisecond) // an interpreter loading its libraries
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	out := bufio.NewWriter(os.Stdout)
	say := func(v any) {
		b, _ := json.Marshal(v)
		out.Write(append(b, '\n'))
		out.Flush()
	}
	if mode == "setsid" {
		// A grandchild in a session of its own (setsid), whose parent
		// exits at once: the agent's process group does not hold it.
		c := exec.Command("sh", "-c", `setsid sh -c 'echo $$ >"$EXEC_AGENT_LOG.daemon"; exec sleep 300' </dev/null >/dev/null 2>&1 &`)
		c.Env = os.Environ()
		_ = c.Run()
		for range 500 { // until the daemon is up
			if b, err := os.ReadFile(os.Getenv("EXEC_AGENT_LOG") + ".daemon"); err == nil && len(b) > 0 && b[len(b)-1] == '\n' {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		logf("daemonised")
	}
	if mode == "spawn" {
		// A child that would outlive the agent if only sh were killed.
		c := exec.Command("sleep", "300")
		if c.Start() == nil {
			logf("child %d", c.Process.Pid)
		}
	}
	moves, guesses, judged := 0, 0, 0
	pending, stated, kind := 0, "", "" // verdicts: its last statement, awaiting a verdict
	for in.Scan() {
		var req struct {
			Type  string            `json:"type"`
			ID    int               `json:"id"`
			Seat  int               `json:"seat"`
			Seed  uint64            `json:"seed"`
			SeedS string            `json:"seed_string"`
			View  wireView          `json:"view"`
			Moves []json.RawMessage `json:"moves"`
			Shown []sim.Card        `json:"shown"`
			// Statement: the verdict on its last statement of the rule.
			Statement *wireStatement `json:"statement"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "agent:", err)
			os.Exit(2)
		}
		ans := map[string]any{"id": req.ID}
		if mode == "verdicts" && req.Type != "new_hand" {
			// Every statement's verdict comes with the next request, as
			// expected: wrong, invalid (with the reason) or right.
			switch st := req.Statement; {
			case pending == 0 && st != nil:
				logf("unasked %d", st.Turn)
			case pending == 0:
			case st == nil || st.Turn != pending:
				logf("missing %d (%s)", pending, req.Type)
			case st.Rule != stated || st.Right != (kind == "right") || (st.Error != "") != (kind == "invalid"):
				logf("bad %d: %+v after stating %s %q", pending, *st, kind, stated)
			default:
				logf("verdict %d %s", pending, kind)
			}
			pending = 0
		}
		switch req.Type {
		case "new_hand":
			logf("hand %d %d", req.Seat, req.Seed)
			guesses = 0
			if req.SeedS != strconv.FormatUint(req.Seed, 10) {
				ans["error"] = fmt.Sprintf("seed %d, seed_string %q", req.Seed, req.SeedS)
			}
		case "end":
			switch mode {
			case "exitafterend":
				say(ans)
				return
			case "strayafterend":
				say(ans)
				say(ans)
				continue
			}
		case "move":
			moves++
			ans["kind"], ans["cards"] = "play", []sim.Card{req.View.Hand[0]}
			switch mode {
			case "badjson":
				fmt.Fprintln(out, "I play the seven of spades")
				out.Flush()
				continue
			case "crash":
				os.Exit(3)
			case "slow":
				time.Sleep(5 * time.Second)
			case "illegal":
				c := sim.Card(0)
				for containsCard(req.View.Hand, c) {
					c++
				}
				ans["cards"] = []sim.Card{c}
			case "noid":
				delete(ans, "id")
			case "extraline":
				say(ans)
			case "huge":
				out.WriteString(`{"id": 1, "guess": "` + strings.Repeat("!", 17<<20) + `"}` + "\n")
				out.Flush()
				time.Sleep(30 * time.Second)
			case "giveup":
				ans = map[string]any{"id": req.ID, "error": "Traceback: something broke"}
			case "belief":
				ans["belief"] = map[string]any{"rule": "card.color != prev.color", "rule_prob": 0.25 + float64(moves%2)/2, "accept_prob": 0.5}
			case "settles": // a wrong rule on its first two moves, then God's
				rule := "card.color == prev.color"
				if moves > 2 {
					rule = "card.color != prev.color"
				}
				ans["belief"] = map[string]any{"rule": rule, "rule_prob": 0.8}
			case "withdraws": // God's rule on its first two moves, then it takes it back
				ans["belief"] = map[string]any{"rule": "card.color != prev.color", "rule_prob": 0.9}
				if moves > 2 {
					ans["belief"] = map[string]any{"withdraw": true}
				}
			case "meta": // its own notes, and a field of a later protocol in the new_hand answer's place
				meta := map[string]any{"move": moves, "tokens": map[string]int{"prompt": 10 * moves}, "prompt_tokens": 10, "cost_usd": 0.5}
				if moves%3 == 0 {
					meta["fallback"] = "parse_error: no JSON"
				}
				ans["meta"] = meta
			case "badbelief":
				ans["belief"] = map[string]any{"rule": "card.colour != prev.color", "rule_prob": 0.5}
			case "misplaced":
				ans["right"] = true
			case "recorded": // a "no play" every third move, right or wrong
				if moves%3 == 0 {
					ans["kind"] = "noplay"
					delete(ans, "cards")
				}
			}
		case "declare_prophet":
			ans["declare"] = mode == "prophet" || mode == "recorded"
		case "judge":
			judged++
			ans["right"] = mode != "recorded" || judged%2 == 1 // recorded: "right" and "wrong" in turn
		case "pick":
			ans["card"] = req.Shown[0]
		case "guess":
			ans["guess"] = ""
			guesses++
			if mode == "guesser" || mode == "recorded" { // a wrong rule at its first chance, God's at its second
				ans["guess"] = "card.rank > 20"
				if guesses > 1 {
					ans["guess"] = "card.color != prev.color"
				}
			}
			if mode == "meta" {
				ans["meta"] = map[string]any{"asked": "guess"}
			}
			if mode == "verdicts" { // wrong, invalid, wrong, invalid, then God's rule
				pending, kind, stated = req.View.Turn, "wrong", fmt.Sprintf("card.rank == %d", 13+guesses)
				switch {
				case guesses >= 5:
					kind, stated = "right", "card.color != prev.color"
				case guesses%2 == 0:
					kind, stated = "invalid", "card.suit !="
				}
				ans["guess"] = stated
				logf("stated %d %s", pending, kind)
			}
		}
		say(ans)
	}
	if mode == "ignoreeof" {
		time.Sleep(time.Minute)
	}
}
