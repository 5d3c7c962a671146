package rulewords

import (
	"fmt"
	"os"
	"testing"
)

func TestDebugParse(t *testing.T) {
	text := os.Getenv("DBG")
	if text == "" {
		t.Skip()
	}
	tg, _ := tongueFor(os.Getenv("DBGLANG"))
	if tg == nil {
		tg = englishTongue()
	}
	g, _ := tg.grammar()
	toks := tg.readTokens(text)
	p := &reader{g: g, toks: toks, memo: map[memoKey][]result{}, busy: map[memoKey]bool{}}
	p.parse("rule", 0)
	for k, rs := range p.memo {
		for _, r := range rs {
			if k.i == 0 && r.end == len(toks) {
				fmt.Printf("%s@%d-%d: %s\n", k.nt, k.i, r.end, meaningKey(r.val))
			}
		}
	}
}
