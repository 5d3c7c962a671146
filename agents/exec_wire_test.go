package agents

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The wire of the outside-agent protocol: answers decoded, requests encoded
// as encoding/json would, every field carried, the rule language's reference.

func TestDecodeAnswer(t *testing.T) {
	for _, tc := range []struct{ typ, line, err string }{
		{"move", `{"id":3,"kind":"play","cards":["7S"]}`, ""},
		{"move", `{"id":3,"kind":"noplay"}`, ""},
		{"move", `{"id":3,"kind":"play","cards":["7S"],"belief":{"accept_prob":0.3}}`, ""},
		{"move", `{"id":3,"kind":"play","cards":["??"]}`, "face down"},
		{"move", `{"id":3,"kind":"play","cards":["7X"]}`, "bad JSON"},
		{"move", `{"id":3,"cards":["7S"]}`, `no "kind"`},
		{"move", `{"id":3,"kind":"play","cards":["7S"],"comment":"hi"}`, "unknown field"},
		{"move", `{"id":3,"kind":"play","cards":["7S"]} {"id":4}`, "more than one JSON value"},
		{"move", `[1,2]`, "bad JSON"},
		{"move", `{"id":2,"kind":"play","cards":["7S"]}`, "id 2 came while waiting for request 3"},
		{"judge", `{"id":3}`, `no "right"`},
		{"judge", `{"id":3,"right":false}`, ""},
		{"pick", `{"id":3,"card":"10H"}`, ""},
		{"end", `{"id":3,"kind":"play"}`, `has "kind", which it does not take (it takes: id)`},
		{"end", `{"id":3,"error":"out of tokens"}`, "gave up the hand: out of tokens"},
		{"guess", `{"id":3,"guess":""}`, ""},
	} {
		_, err := decodeAnswer([]byte(tc.line), tc.typ, 3)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s %s: error %v, want %q", tc.typ, tc.line, err, tc.err)
		}
	}
}

func TestStatedBelief(t *testing.T) {
	f := func(x float64) *float64 { return &x }
	s := func(x string) *string { return &x }
	for _, tc := range []struct {
		b   wireBelief
		err string
	}{
		{wireBelief{Rule: s("card.rank > prev.rank"), RuleProb: f(0.4)}, ""},
		{wireBelief{AcceptProb: f(1)}, ""},
		{wireBelief{Rule: s("card.rank > prev.rank")}, "go together"},
		{wireBelief{Rule: s("card.rank > prev.rank"), RuleProb: f(1.5)}, "not a probability"},
		{wireBelief{AcceptProb: f(-0.1)}, "not a probability"},
		{wireBelief{}, "states nothing"},
		{wireBelief{Rule: s(strings.Repeat("!", 5000) + "true"), RuleProb: f(0.4)}, "at most 4096"},
	} {
		_, err := tc.b.belief(1, nil)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%+v: error %v, want %q", tc.b, err, tc.err)
		}
	}
	// A rule outside the language is kept with the reason, not fatal.
	b, err := wireBelief{Rule: s("card.colour == prev.color"), RuleProb: f(0.4)}.belief(3, nil)
	if err != nil || b.Compiled != nil || !strings.Contains(b.RuleError, "not in the rule language") || b.Rule != "card.colour == prev.color" {
		t.Errorf("a bad rule: %+v, %v", b, err)
	}
}

// jsonNames lists a struct type's JSON field names.
func jsonNames(t reflect.Type) []string {
	var ns []string
	for i := range t.NumField() {
		n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		ns = append(ns, n)
	}
	return ns
}

// The wire carries every field of a move record and of a result: a move
// record's but its meta (the players' own notes, for nobody else), with
// the facts read from it.
func TestWireCarriesEveryField(t *testing.T) {
	want := append(removeString(sim.RecordForm.Fields(), "meta"), "facts")
	if got := wireMoveFields(); !reflect.DeepEqual(got, want) {
		t.Errorf("a move as sent has %v, want %v", got, want)
	}
	res := jsonNames(reflect.TypeFor[sim.Result]())
	for _, n := range jsonNames(reflect.TypeFor[wireResult]()) {
		res = removeString(res, n)
	}
	if want := []string{"moves", "prophet_a"}; !reflect.DeepEqual(res, want) {
		t.Errorf("sim.Result fields not in wireResult: %v, want %v (moves go as moves; prophet_a is in the scores)", res, want)
	}
	// Seats from 1; no Prophet is null.
	b, _ := json.Marshal(wireViewOf(&sim.View{Me: 0, Current: 2, Prophet: -1, HandSizes: []int{1, 2, 3}}))
	if !strings.Contains(string(b), `"current":3`) || !strings.Contains(string(b), `"prophet":null`) || !strings.Contains(string(b), `"errors":[]`) {
		t.Errorf("view %s", b)
	}
}

func removeString(xs []string, x string) []string {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

// The rule-language reference names exactly what rules are compiled
// against, and its examples compile.
func TestLanguage(t *testing.T) {
	tags := func(v any) []string {
		var ns []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			ns = append(ns, rt.Field(i).Tag.Get("expr"))
		}
		return ns
	}
	names := func(ls []LangName) []string {
		var ns []string
		for _, l := range ls {
			ns = append(ns, l.Name)
		}
		return ns
	}
	l := Language()
	if got, want := names(l.Names), tags(rulebank.Env{}); !reflect.DeepEqual(got, want) {
		t.Errorf("names %v, rulebank.Env %v", got, want)
	}
	if got, want := names(l.CardFields), tags(rulebank.CardEnv{}); !reflect.DeepEqual(got, want) {
		t.Errorf("card fields %v, rulebank.CardEnv %v", got, want)
	}
	for _, ex := range l.Examples {
		if _, err := compileStated(ex.Rule); err != nil {
			t.Error(err)
		}
	}
}

// The hand-written encoder writes the requests of a hand in play byte for
// byte as encoding/json does: every seat's view after every move of hands
// of every preset (Prophets, sequences, "no play", guesses with quotes).
func TestEncodeRequestIsJSON(t *testing.T) {
	k := NewKit()
	r := rule(t, `card.color != prev.color or card.rank == prev.rank`)
	lineup := []Spec{spec(t, "oracle"), spec(t, "bayes-greedy(size=20000)"), spec(t, "random"), spec(t, "random")}
	n, guesses := 0, 0
	for _, preset := range append(sim.PresetNames(), "new-eleusis+prophet") {
		base, prophet := strings.CutSuffix(preset, "+prophet")
		opts, _ := sim.Preset(base)
		opts.Prophet = prophet
		for seed := range uint64(1) {
			seats := min(len(lineup), opts.MaxPlayers)
			h, _ := newHand(t, k, r, lineup[:seats], opts, seed)
			for !h.Ended() {
				if _, err := h.Step(); err != nil {
					t.Fatal(err)
				}
				for seat := range seats {
					v := h.View(seat)
					from := max(0, len(v.History)-3)
					mover := 2
					for _, req := range []wireRequest{
						{Type: "move", ID: n + 1},
						{Type: "judge", ID: 7, Mover: mover, Move: &wireCard{sim.Sequence, v.Hand[:min(2, len(v.Hand))]}},
						{Type: "pick", ID: 8, Shown: v.Hand},
						{Type: "guess", ID: 9, Stopped: true},
					} {
						all, _ := wireMoves(v.History, openingLine(v.Opening, v.Options), v.Options)
						moves := (*all)[from:]
						req.View, req.Moves = wireViewOf(&v), &moves
						var fast, slow bytes.Buffer
						if err := encodeRequest(&fast, &req); err != nil {
							t.Fatal(err)
						}
						enc := json.NewEncoder(&slow)
						enc.SetEscapeHTML(false)
						enc.Encode(req)
						if fast.String() != slow.String() {
							t.Fatalf("%s seed %d: the encoder writes\n%s\nencoding/json\n%s", preset, seed, fast.String(), slow.String())
						}
						n++
					}
				}
			}
			for _, m := range h.Result().History {
				if m.Guess != "" {
					guesses++
				}
			}
		}
	}
	if guesses == 0 {
		t.Error("no guess was encoded")
	}
	t.Logf("%d requests, %d guesses", n, guesses)
}

// openingLine is the main line the first move is made on.
func openingLine(opening []sim.Card, o *sim.Options) []sim.Card {
	return slices.Clone(sim.DecodeOpening(opening, o).MainLine)
}
