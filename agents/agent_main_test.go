package agents

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/eleusis/eleusis/sim"
)

// runTestAgent is a tiny outside agent speaking the protocol; mode chooses
// how it (mis)behaves.
func runTestAgent(mode string) {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	for in.Scan() {
		var req struct {
			Type  string     `json:"type"`
			View  execView   `json:"view"`
			Shown []sim.Card `json:"shown"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "agent:", err)
			os.Exit(2)
		}
		var ans any
		switch req.Type {
		case "end":
			return
		case "move":
			switch mode {
			case "badjson":
				fmt.Println("I play the seven of spades")
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
				ans = map[string]any{"kind": "play", "cards": []sim.Card{c}}
			default:
				ans = map[string]any{"kind": "play", "cards": []sim.Card{req.View.Hand[0]}}
			}
		case "declare_prophet":
			ans = map[string]bool{"declare": mode == "prophet"}
		case "judge":
			ans = map[string]bool{"right": true}
		case "pick":
			ans = map[string]sim.Card{"card": req.Shown[0]}
		case "guess":
			ans = map[string]string{"guess": ""}
		}
		b, _ := json.Marshal(ans)
		fmt.Println(string(b))
	}
}

func containsCard(cs []sim.Card, c sim.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
