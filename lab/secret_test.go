package lab

import (
	"bufio"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// TestMain makes the test binary an outside agent when asked (the
// inverter below), the way agents' tests run their agents.
func TestMain(m *testing.M) {
	switch os.Getenv("ELEUSIS_TEST_AGENT") {
	case "invert":
		runInverter()
		return
	case "flaky":
		runFlaky()
		return
	}
	code := m.Run()
	if selfDir != "" {
		os.RemoveAll(selfDir)
	}
	os.Exit(code)
}

// self is this test binary copied into a folder of its own, to run as an
// outside agent across a resume: a run records its agents' files (the
// folder above the program's among them), and `go test ./...` writes other
// packages' files beside the test binary meanwhile, which made a resumed
// run look like another (a flake).
var selfDir string

var self = sync.OnceValue(func() string {
	b, err := os.ReadFile(os.Args[0])
	if err == nil {
		selfDir, err = os.MkdirTemp("", "eleusis-lab-agent")
	}
	p := filepath.Join(selfDir, "bin", "agent")
	if err == nil {
		err = os.MkdirAll(filepath.Dir(p), 0o755)
	}
	if err == nil {
		err = os.WriteFile(p, b, 0o755)
	}
	if err != nil {
		panic(fmt.Sprintf("lab tests: copying the test binary to run as an agent: %v", err))
	}
	return p
})

// The inverter is the cheat of issue 30: an outside agent that knows the
// public bank, the run's --seed and how eleusis derives seeds, and tries
// every (rule, preset, repetition) for the hand seed that would give it
// its own seed or its own hand. Against hand seeds derived from --seed
// alone it names God's rule before its first move.

// agentSeedOf is the agent seed of a seat under a hand seed, as
// agents/exec.go derives it (the cheat reads the source).
func agentSeedOf(handSeed uint64, seat int) uint64 {
	var key, msg [8]byte
	binary.LittleEndian.PutUint64(key[:], handSeed)
	binary.LittleEndian.PutUint64(msg[:], uint64(seat))
	m := hmac.New(sha256.New, key[:])
	m.Write([]byte("eleusis agent seed\x00"))
	m.Write(msg[:])
	return binary.LittleEndian.Uint64(m.Sum(nil))
}

// handOf is a seat's hand (sorted) dealt from a hand seed: sim.NewHand's
// shuffle and deal, copied as the cheat would (TestInverterWorks checks
// the copy against the engine).
func handOf(o sim.Options, players, seat int, seed uint64) []sim.Card {
	deck := make([]sim.Card, o.Decks*sim.NumCards)
	for i := range deck {
		deck[i] = sim.Card(i % sim.NumCards)
	}
	rng := rand.New(rand.NewPCG(seed, 0x656c657573697321))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hand := make([]sim.Card, o.HandSize)
	for i := range hand {
		hand[i] = deck[len(deck)-1-i*players-seat]
	}
	slices.Sort(hand)
	return hand
}

// invert tries every rule of the default bank, preset and repetition
// below reps, paired or not, under the run seed: the rule whose public hand
// seed gives the agent's seed or hand, and how many it tried.
func invert(runSeed, agentSeed uint64, seat, players int, o sim.Options, hand []sim.Card, reps int) (string, int) {
	hand = slices.Sorted(slices.Values(hand))
	tried := 0
	for _, r := range rulebank.Default().Rules {
		for _, preset := range sim.PresetNames() {
			for _, paired := range []bool{false, true} {
				p := &Plan{Seed: runSeed, Rules: []string{r.Rule.Name}, Presets: []string{preset}, Paired: paired}
				for rep := range reps {
					hs := p.HandSeed(Coord{Rep: rep})
					tried++
					if agentSeedOf(hs, seat) == agentSeed || slices.Equal(handOf(o, players, seat, hs), hand) {
						return r.Rule.Name, tried
					}
				}
			}
		}
	}
	return "", tried
}

// runInverter plays a seat (the first card of its hand), telling in its
// first move's meta what the inversion found.
func runInverter() {
	runSeed, _ := strconv.ParseUint(os.Getenv("ELEUSIS_TEST_RUN_SEED"), 10, 64)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	var seed uint64
	var seat, players int
	var opts sim.Options
	told := false
	for in.Scan() {
		var req struct {
			Type    string      `json:"type"`
			ID      int         `json:"id"`
			Seat    int         `json:"seat"`
			Players int         `json:"players"`
			Seed    uint64      `json:"seed"`
			Options sim.Options `json:"options"`
			View    struct {
				Hand []sim.Card `json:"hand"`
			} `json:"view"`
			Shown []sim.Card `json:"shown"`
		}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "inverter:", err)
			os.Exit(2)
		}
		ans := map[string]any{"id": req.ID}
		switch req.Type {
		case "new_hand":
			seed, seat, players, opts, told = req.Seed, req.Seat-1, req.Players, req.Options, false
		case "move":
			ans["kind"], ans["cards"] = "play", req.View.Hand[:1]
			if !told {
				rule, tried := invert(runSeed, seed, seat, players, opts, req.View.Hand, 8)
				ans["meta"] = map[string]any{"cracked": rule, "tried": tried, "read": snoopFiles()}
				told = true
			}
		case "declare_prophet":
			ans["declare"] = false
		case "judge":
			ans["right"] = true
		case "pick":
			ans["card"] = req.Shown[0]
		case "guess":
			ans["guess"] = ""
		}
		b, _ := json.Marshal(ans)
		os.Stdout.Write(append(b, '\n'))
	}
}

// snoopFiles: the cheat also tries to read the files that would give the
// game away (ELEUSIS_TEST_SNOOP, "|"-separated, with the harness's
// /proc/PID/cmdline and environ): what it read, by path.
func snoopFiles() map[string]int {
	got := map[string]int{}
	paths := strings.Split(os.Getenv("ELEUSIS_TEST_SNOOP"), "|")
	for _, pid := range []int{os.Getppid(), os.Getpid() - 1} { // the harness, or sh under it
		paths = append(paths, fmt.Sprintf("/proc/%d/cmdline", pid), fmt.Sprintf("/proc/%d/environ", pid))
	}
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil && p != "" {
			got[p] = len(b)
		}
	}
	return got
}

func inverterSpec(runSeed uint64) string {
	return fmt.Sprintf("exec:ELEUSIS_TEST_AGENT=invert ELEUSIS_TEST_RUN_SEED=%d %q -test.run=NONE", runSeed, self())
}

// snoopingSpec is the inverter told to read the run's files in out too.
func snoopingSpec(runSeed uint64, paths ...string) string {
	return fmt.Sprintf("exec:ELEUSIS_TEST_AGENT=invert ELEUSIS_TEST_RUN_SEED=%d ELEUSIS_TEST_SNOOP=%q %q -test.run=NONE", runSeed, strings.Join(paths, "|"), self())
}

// secretPlan seats the inverter with three random players.
func secretPlan() *Plan {
	return &Plan{Seed: 1, Rules: []string{"same-suit", "black-high-red-low", "alternate-parity"}, Presets: []string{"new-eleusis"},
		Lineups: [][]string{{inverterSpec(1), "random", "random", "random"}}, Hands: 2, Moves: true, NoDiscovery: true}
}

// The inverter works: on hand seeds derived from --seed alone (a plan of
// built-in strategies) it finds God's rule from the agent's seed, and from
// the agent's hand as the engine deals it.
func TestInverterWorks(t *testing.T) {
	p := secretPlan()
	o, _ := sim.Preset("new-eleusis")
	for i := range p.N() {
		c := p.Coord(i)
		hs := p.HandSeed(c) // no secret: the public derivation
		if rule, _ := invert(p.Seed, agentSeedOf(hs, 0), 0, 4, o, nil, 8); rule != p.Rules[c.Rule] {
			t.Errorf("hand %d: from the agent's seed the inverter found %q, not %s", i, rule, p.Rules[c.Rule])
		}
		ps := []sim.Player{sim.NewRandomPlayer(1), sim.NewRandomPlayer(2), sim.NewRandomPlayer(3), sim.NewRandomPlayer(4)}
		judge := rulebank.Default().Rules[0].NewJudge()
		h, err := sim.NewHand(sim.HandConfig{Options: o, Judge: judge, Players: ps, Seed: hs})
		if err != nil {
			t.Fatal(err)
		}
		if rule, _ := invert(p.Seed, 0, 2, 4, o, h.View(2).Hand, 8); rule != p.Rules[c.Rule] {
			t.Errorf("hand %d: from seat 3's hand the inverter found %q, not %s", i, rule, p.Rules[c.Rule])
		}
	}
}

// The cheat fails: a plan that seats an outside agent deals from a secret,
// and the inverter, knowing everything but the secret, names no rule; nor
// can it read the secret or the rules where the harness keeps them
// (run.json, hands.jsonl.part, the bank), or the harness's command line and
// environment: the sandbox (agents.Sandbox) keeps it out.
func TestAgentCannotInvertTheSeeds(t *testing.T) {
	dir := t.TempDir()
	p := secretPlan()
	bank := filepath.Join(t.TempDir(), "bank.yaml")
	os.WriteFile(bank, []byte("rules: []\n"), 0o644)
	p.Lineups[0][0] = snoopingSpec(p.Seed, filepath.Join(dir, runFile), filepath.Join(dir, partFile), bank)
	RunTo(t, p, RunOptions{Out: dir, Workers: 2})
	if len(p.Secret) != SecretBytes {
		t.Fatalf("a plan seating an outside agent has a secret of %d bytes", len(p.Secret))
	}
	n := 0
	for _, line := range lines(t, filepath.Join(dir, handsFile)) {
		var rec HandRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Error != "" {
			t.Fatalf("hand %d: %s", rec.Index, rec.Error)
		}
		for _, m := range rec.Moves {
			raw, ok := m.Meta["move"]
			if m.Player != 0 || !ok {
				continue
			}
			var told struct {
				Cracked string
				Tried   int
				Read    map[string]int
			}
			json.Unmarshal(raw, &told)
			for path, n := range told.Read {
				t.Errorf("hand %d: the agent read %s (%d bytes)", rec.Index, path, n)
			}
			if told.Tried < 1000 {
				t.Fatalf("hand %d: the inverter tried %d seeds", rec.Index, told.Tried)
			}
			if told.Cracked != "" {
				t.Errorf("hand %d (rule %s): the inverter found %s", rec.Index, rec.Rule, told.Cracked)
			}
			n++
			break
		}
	}
	if n != p.N() {
		t.Fatalf("the inverter told its findings in %d hands of %d", n, p.N())
	}
}

// The secret is kept in run.json alone, readable by its owner only; the
// hands come back byte for byte from it (a rerun), a resumed run keeps it,
// and another run can borrow the deals (DealsFrom).
func TestSecretKeptAndReused(t *testing.T) {
	dir := t.TempDir()
	p := secretPlan()
	RunTo(t, p, RunOptions{Out: dir, Workers: 2})
	st, err := os.Stat(filepath.Join(dir, runFile))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		t.Errorf("run.json with a secret has mode %v", st.Mode().Perm())
	}
	m, err := readMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Plan.Secret, p.Secret) {
		t.Fatal("run.json does not give back the plan's secret")
	}
	hands := Read(t, filepath.Join(dir, handsFile))
	if strings.Contains(string(hands), m.Secret) {
		t.Error("hands.jsonl holds the secret")
	}
	summary, _ := json.Marshal(p)
	if strings.Contains(string(summary), m.Secret) {
		t.Error("the plan as a summary writes it holds the secret")
	}

	// A rerun from run.json: the same hands, byte for byte.
	again := t.TempDir()
	q := m.Plan
	RunTo(t, &q, RunOptions{Out: again, Workers: 1})
	if got := Read(t, filepath.Join(again, handsFile)); string(got) != string(hands) {
		t.Error("a rerun from run.json dealt other hands")
	}

	// Resumed after its first hands: the same secret, the same hands.
	ls := lines(t, filepath.Join(dir, handsFile))
	cut := t.TempDir()
	RunTo(t, secretPlan(), RunOptions{Out: cut}) // a run of its own secret …
	os.Remove(filepath.Join(cut, handsFile))
	meta := Read(t, filepath.Join(dir, runFile)) // … made this run, interrupted after 2 hands
	os.WriteFile(filepath.Join(cut, runFile), meta, 0o600)
	writeLines(t, filepath.Join(cut, partFile), ls[:2])
	RunTo(t, secretPlan(), RunOptions{Out: cut, Resume: true})
	if got := Read(t, filepath.Join(cut, handsFile)); string(got) != string(hands) {
		t.Error("the resumed run dealt other hands")
	}

	// Another run deals the same hands from the same secret; a fresh one
	// deals others.
	borrow := secretPlan()
	if err := borrow.DealsFrom(filepath.Join(dir, runFile), false); err != nil {
		t.Fatal(err)
	}
	fresh := secretPlan()
	if err := NewLab().Resolve(fresh); err != nil {
		t.Fatal(err)
	}
	fresh.secure(RunOptions{})
	for i := range p.N() {
		c := p.Coord(i)
		if borrow.HandSeed(c) != p.HandSeed(c) {
			t.Errorf("hand %d: --deals-from dealt another hand", i)
		}
		if fresh.HandSeed(c) == p.HandSeed(c) {
			t.Errorf("hand %d: a fresh secret dealt the same hand", i)
		}
	}

	// A run of built-in strategies deals from its seed alone: it lends no
	// deals to a plan that seats an outside agent.
	public := t.TempDir()
	RunTo(t, TinyPlan(), RunOptions{Out: public})
	if m, _ := readMeta(public); m.Secret != "" {
		t.Error("a plan of built-in strategies drew a secret")
	}
	wantErr(t, "deals of a public run", secretPlan().DealsFrom(filepath.Join(public, runFile), false), "seed alone", "outside agent")
}

// Shards of a run that seats an outside agent share its secret by
// --deals-from, and merge refuses shards of different secrets without
// showing them.
func TestShardsShareTheSecret(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	lab := NewLab()
	if _, err := lab.Run(context.Background(), secretPlan(), RunOptions{Out: a, Shard: Shard{Index: 0, Of: 2}}); err != nil {
		t.Fatal(err)
	}
	p := secretPlan()
	if err := p.DealsFrom(filepath.Join(a, runFile), false); err != nil {
		t.Fatal(err)
	}
	if _, err := lab.Run(context.Background(), p, RunOptions{Out: b, Shard: Shard{Index: 1, Of: 2}}); err != nil {
		t.Fatal(err)
	}
	if _, err := lab.Run(context.Background(), secretPlan(), RunOptions{Out: c, Shard: Shard{Index: 1, Of: 2}}); err != nil {
		t.Fatal(err)
	}
	if err := MergeTo([]string{a, b}, t.TempDir()); err != nil {
		t.Errorf("shards sharing a secret: %v", err)
	}
	err := MergeTo([]string{a, c}, t.TempDir())
	wantErr(t, "shards of two secrets", err, `secret is "sha256:`)
	if m, _ := readMeta(c); err != nil && strings.Contains(err.Error(), m.Secret) {
		t.Error("the merge's message shows a secret")
	}
}
