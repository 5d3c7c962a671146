package agents

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// The Python package (python/eleusis_agent) and its examples, played
// through exec: in both modes. Skipped, saying why, without python3.

func python(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: the Python agents are not tested")
	}
	return py
}

func pyDir(t *testing.T) string {
	d, err := filepath.Abs("../python")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func pyExample(t *testing.T, name string) string {
	return fmt.Sprintf("python3 %q", filepath.Join(pyDir(t), "examples", name))
}

// The package's own unit tests.
func TestPythonUnit(t *testing.T) {
	if testing.Short() {
		t.Skip("the Python package's own tests: seconds; run without -short")
	}
	py := python(t)
	cmd := exec.Command(py, "-m", "unittest", "discover", "-s", "tests", "-t", ".")
	cmd.Dir = pyDir(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python unit tests: %v\n%s", err, out)
	}
}

// The Python dataclasses have the fields the harness sends.
func TestPythonTypesFollowTheWire(t *testing.T) {
	py := python(t)
	cmd := exec.Command(py, "-c", `import json, dataclasses as d
from eleusis_agent import protocol as p
print(json.dumps({c.__name__: [f.name for f in d.fields(c)] for c in (p.View, p.MoveRecord, p.Options, p.PlayerResult, p.Result)}))`)
	cmd.Dir = pyDir(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var got map[string][]string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"View":         append(append([]string{"seat"}, jsonNames(reflect.TypeFor[wireView]())...), "history", "options", "opening", "opening_facts"),
		"MoveRecord":   wireMoveFields(),
		"Options":      jsonNames(reflect.TypeFor[sim.Options]()),
		"PlayerResult": jsonNames(reflect.TypeFor[sim.PlayerResult]()),
		"Result":       jsonNames(reflect.TypeFor[wireResult]()),
	}
	for k, w := range want {
		if !reflect.DeepEqual(got[k], w) {
			t.Errorf("python %s has %v, the wire %v", k, got[k], w)
		}
	}
}

// newHand deals a hand to players built from specs (kept apart for their
// stated beliefs); the caller closes them (ClosePlayers).
func newHand(t testing.TB, k *Kit, r *rulebank.Compiled, specs []Spec, opts sim.Options, seed uint64) (*sim.Hand, []sim.Player) {
	t.Helper()
	tbl := k.NewTable(r, seed, false)
	var players []sim.Player
	for seat, s := range specs {
		p, err := NewPlayer(s, tbl, seat)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	h, err := sim.NewHand(sim.HandConfig{Options: opts, Judge: r.NewJudge(), Players: players, Seed: seed})
	if err != nil {
		ClosePlayers(players, nil)
		t.Fatal(err)
	}
	return h, players
}

// playSeats plays one hand with players built from specs and returns them
// (for their stated beliefs) with the result.
func playSeats(t *testing.T, k *Kit, specs []Spec, opts sim.Options, expr string, seed uint64) ([]sim.Player, *sim.Result, error) {
	t.Helper()
	h, players := newHand(t, k, rule(t, expr), specs, opts, seed)
	res, err := h.Run()
	ClosePlayers(players, res)
	return players, res, err
}

func presetsForAgents(t *testing.T) map[string]sim.Options {
	out := map[string]sim.Options{}
	for _, name := range []string{"new-eleusis", "new-eleusis-es", "express"} {
		o, err := sim.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = o
	}
	o := out["new-eleusis"]
	o.Prophet = true
	out["new-eleusis+prophet"] = o
	return out
}

// The example agents play whole hands of several presets in both modes;
// the eliminator's stated beliefs are in the rule language.
func TestPythonExamples(t *testing.T) {
	python(t)
	leakCheck(t)
	examples, modes := []string{"minimal.py", "random_agent.py", "eliminator.py"}, []string{"", "persistent=true,"}
	if testing.Short() { // the example that says most, kept running
		examples, modes = examples[2:], modes[1:]
	}
	for _, ex := range examples {
		for _, mode := range modes {
			t.Run(ex+"/"+mode, func(t *testing.T) {
				k := NewKit()
				defer k.Close()
				s := spec(t, "exec("+mode+"timeout=20):"+pyExample(t, ex))
				stated, prophet := 0, false
				seeds := uint64(3)
				if mode == "" { // a process per seat and hand: slower
					seeds = 2
				}
				for name, opts := range presetsForAgents(t) {
					if mode == "" && name != "new-eleusis+prophet" && name != "express" {
						continue
					}
					for seed := range seeds {
						players, res, err := playSeats(t, k, []Spec{s, spec(t, "random"), s, spec(t, "random")}, opts,
							`card.color != prev.color`, seed)
						if err != nil {
							t.Fatalf("%s seed %d: %v", name, seed, err)
						}
						if err := sim.CheckScores(opts, res); err != nil {
							t.Fatal(err)
						}
						for _, m := range res.History {
							prophet = prophet || m.DeclaredProphet && m.Player%2 == 0
						}
						for _, b := range players[0].(BeliefStater).StatedBeliefs() {
							stated++
							if b.Rule != "" && b.Compiled == nil {
								t.Errorf("%s stated %q: %s", ex, b.Rule, b.RuleError)
							}
						}
					}
				}
				if ex == "eliminator.py" && (stated == 0 || !prophet) {
					t.Errorf("the eliminator stated %d beliefs, declared Prophet: %v", stated, prophet)
				}
			})
		}
	}
}

// fakeLLM is an OpenAI-compatible chat-completions endpoint that plays the
// first card of the hand, and sometimes answers badly: once (the agent
// retries) or twice in a row (the agent falls back to a legal card).
type fakeLLM struct {
	mu                          sync.Mutex
	calls, retries, twiceBad    int
	judged, badAuth, badRequest int
}

var handLine = regexp.MustCompile(`Your hand: ([0-9AJQKSHDC ]+)`)

func (f *fakeLLM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model    string `json:"model"`
		Messages []struct{ Role, Content string }
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if r.Header.Get("Authorization") != "Bearer test-key" {
		f.badAuth++
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "fake-model" || len(req.Messages) < 2 {
		f.badRequest++
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	first, last := req.Messages[1].Content, req.Messages[len(req.Messages)-1].Content
	const once, twice = "I would play a red card.", "Hmm, hard to say."
	var reply string
	switch {
	case strings.Contains(last, "cannot be used"):
		f.retries++
		if req.Messages[len(req.Messages)-2].Content == twice {
			reply = twice
			break
		}
		fallthrough
	case strings.Contains(last, "It is your move"):
		m := handLine.FindStringSubmatch(first)
		switch {
		case m == nil:
			reply = "no hand in the prompt"
		case f.calls%7 == 0 && !strings.Contains(last, "cannot be used"):
			reply, f.twiceBad = twice, f.twiceBad+1
		case f.calls%3 == 0 && !strings.Contains(last, "cannot be used"):
			reply = once
		default:
			card := strings.Fields(m[1])[0]
			reply = fmt.Sprintf("```json\n{\"kind\": \"play\", \"cards\": [%q], \"rule\": \"card.color != prev.color\", \"confidence\": 0.8, \"accept_prob\": 0.6}\n```", card)
		}
	case strings.Contains(last, "You are the Prophet: you judge"):
		f.judged++
		reply = `{"right": true}`
	case strings.Contains(last, "Shown cards:"):
		_, shown, _ := strings.Cut(last, "Shown cards: ")
		reply = fmt.Sprintf(`{"card": %q}`, strings.Fields(shown)[0])
	default:
		reply = "?"
	}
	json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": reply}}}})
}

// The LLM agent plays hands against a fake endpoint: it sends the model
// and key, retries a bad reply once, falls back after two, states its rule
// (kept as its belief), guesses in Express and judges as Prophet.
func TestPythonLLMAgent(t *testing.T) {
	python(t)
	leakCheck(t)
	fake := &fakeLLM{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	k := NewKit()
	defer k.Close()
	s := spec(t, fmt.Sprintf("exec(persistent=true,timeout=30):ELEUSIS_LLM_KEY=test-key %s --url %s/v1 --model fake-model --declare 0.7",
		pyExample(t, "llm_agent.py"), srv.URL))
	guessed, beliefs, fallbacks := false, 0, 0
	for name, opts := range presetsForAgents(t) {
		players, res, err := playSeats(t, k, []Spec{s, spec(t, "random"), spec(t, "random"), spec(t, "random")}, opts,
			`card.color != prev.color`, 4)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		guessed = guessed || res.End == sim.Guessed
		for _, m := range res.History { // every answer of the model's seat says how it was read
			if m.Player != 0 {
				continue
			}
			var meta struct {
				Read     string `json:"read"`
				Fallback string `json:"fallback"`
				Calls    int    `json:"calls"`
			}
			if err := json.Unmarshal(m.Meta["move"], &meta); err != nil || meta.Calls == 0 || meta.Read == "" {
				t.Errorf("%s move %d: meta %s (%v)", name, m.Turn, m.Meta["move"], err)
			}
			if meta.Fallback != "" {
				fallbacks++
				if meta.Read != "parse_error" || !strings.HasPrefix(meta.Fallback, "parse_error: ") {
					t.Errorf("%s move %d: a fallback read as %q: %q", name, m.Turn, meta.Read, meta.Fallback)
				}
			}
		}
		for _, b := range players[0].(BeliefStater).StatedBeliefs() {
			beliefs++
			if b.Rule != "card.color != prev.color" || b.Compiled == nil || b.RuleProb != 0.8 || b.AcceptProb == nil || *b.AcceptProb != 0.6 {
				t.Errorf("%s: stated %+v", name, b)
			}
		}
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	t.Logf("%d calls, %d retries, %d bad twice, %d judgements, %d beliefs", fake.calls, fake.retries, fake.twiceBad, fake.judged, beliefs)
	if fake.badAuth > 0 || fake.badRequest > 0 {
		t.Errorf("%d requests without the key, %d malformed", fake.badAuth, fake.badRequest)
	}
	if fallbacks == 0 {
		t.Errorf("no fallback recorded in the moves' meta (%d replies bad twice)", fake.twiceBad)
	}
	if fake.retries == 0 || fake.twiceBad == 0 || fake.judged == 0 || beliefs == 0 || !guessed {
		t.Errorf("retries %d, bad twice %d, judgements %d, beliefs %d, guessed in Express: %v", fake.retries, fake.twiceBad, fake.judged, beliefs, guessed)
	}
}

// The Python package decodes the history into the same facts as the
// harness (sim.DecodeOpening, sim.DecodeMove): hands of every preset, with
// sequences, "no play", Prophets' picks and chain3 openings.
func TestPythonFactsAreTheHarnesss(t *testing.T) {
	py := python(t)
	k := NewKit()
	r := rule(t, `card.color != prev.color or card.rank == prev.rank`)
	type hand struct {
		Options  *sim.Options `json:"options"`
		Opening  []sim.Card   `json:"opening"`
		Facts    []wireFact   `json:"facts"`
		MainLine []sim.Card   `json:"main_line"`
		Moves    *[]wireMove  `json:"moves"`
	}
	handOf := func(o *sim.Options, res *sim.Result) hand {
		moves, _ := wireMoves(res.History, openingLine(res.Opening, o), o)
		return hand{o, nonNil(res.Opening), wireFacts(sim.DecodeOpening(res.Opening, o)), res.MainLine, moves}
	}
	var hands []hand
	var want [][]sim.Fact
	lineup := []Spec{spec(t, "oracle"), spec(t, "bayes-greedy(size=20000,noplay=0.01)"), spec(t, "random"), spec(t, "bounded-human(memory=1)")}
	for name, opts := range presetsForAgents(t) {
		for _, preset := range []string{"abbott", "express-divermazo", "cooperative"} {
			if o, err := sim.Preset(preset); err == nil && name == "new-eleusis" {
				hands, want = appendHands(t, k, r, o, lineup, hands, want, handOf)
			}
		}
		hands, want = appendHands(t, k, r, opts, lineup, hands, want, handOf)
	}
	in, _ := json.Marshal(hands)
	cmd := exec.Command(py, "-c", `import json, sys
from eleusis_agent import protocol as p, table
out = []
for h in json.load(sys.stdin):
    o = p.Options.from_json(h["options"])
    hist = [p.MoveRecord.from_json(m) for m in h["moves"]]
    v = p.View(seat=1, hand=[], main_line=p.parse_cards(h["main_line"]), errors=[], hand_sizes=[], eliminated=[],
               current=1, turn=0, prophet=None, prophet_marker=None, sudden_death=False, deck_size=0, history=hist,
               options=o, opening=p.parse_cards(h["opening"]), opening_facts=[p.Fact.from_json(f) for f in h["facts"] or []])
    out.append([[[str(c) for c in f.line], str(f.card), f.accepted] for f in table.observations(v)])
print(json.dumps(out))`)
	cmd.Dir = pyDir(t)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var got [][][3]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	facts, picks := 0, 0
	for i := range want {
		var w [][3]any
		for _, f := range want[i] {
			var line []any
			for _, c := range f.Line {
				line = append(line, c.String())
			}
			w = append(w, [3]any{line, f.Card.String(), f.Accepted})
		}
		if fmt.Sprint(w) != fmt.Sprint(got[i]) {
			t.Errorf("hand %d: python facts\n%v\nharness\n%v", i, got[i], w)
		}
		facts += len(w)
		for _, m := range *hands[i].Moves {
			if m.Picked != nil {
				picks++
			}
		}
	}
	t.Logf("%d hands, %d facts, %d picks after a wrong \"no play\"", len(want), facts, picks)
	if picks == 0 {
		t.Error("no hand had a pick after a wrong \"no play\"")
	}
}

// appendHands plays 4 hands and appends them (as mk makes them) with the
// harness's facts.
func appendHands[H any](t *testing.T, k *Kit, r *rulebank.Compiled, opts sim.Options, lineup []Spec, hands []H, want [][]sim.Fact,
	mk func(*sim.Options, *sim.Result) H) ([]H, [][]sim.Fact) {
	for seed := range uint64(4) {
		n := min(len(lineup), opts.MaxPlayers)
		out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: lineup[:n], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		res := out.Result
		e := sim.DecodeOpening(res.Opening, &opts)
		facts, line := e.Facts(), e.MainLine
		for i := range res.History {
			e := sim.DecodeMove(&res.History[i], line, &opts)
			facts, line = append(facts, e.Facts()...), e.MainLine
		}
		o := opts
		hands, want = append(hands, mk(&o, res)), append(want, facts)
	}
	return hands, want
}
