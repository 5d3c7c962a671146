package agents

import (
	"cmp"
	"math"
	"strings"
	"testing"

	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

func rule(t testing.TB, expr string) *rulebank.Compiled {
	t.Helper()
	c, err := rulebank.Compile(rulebank.Rule{Name: expr, Expr: expr})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func spec(t testing.TB, s string) Spec {
	t.Helper()
	sp, err := ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func TestParseSpec(t *testing.T) {
	for _, tc := range []struct {
		in, name, err, label string
		params               map[string]float64
	}{
		{in: "random", name: "random"},
		{in: "bayes-eig(lambda=0.5, eps=0.01)", name: "bayes-eig", params: map[string]float64{"lambda": 0.5, "eps": 0.01}},
		{in: "exec:python3 agent.py --fast", name: "exec"},
		{in: "exec(timeout=2):./agent", name: "exec", params: map[string]float64{"timeout": 2}},
		{in: "bayes", err: `unknown name "bayes"`},
		{in: "bayes-eig(lambda=x)", err: `"x" is not a number`},
		{in: "bayes-greedy(lambda=1)", err: `has no parameter "lambda"`},
		{in: "bayes-eig(lambda=1", err: "parentheses"},
		{in: "exec:", err: "needs a command"},
		{in: "falsifier(size=20000)", name: "negative-tester", params: map[string]float64{"size": 20000}},
		{in: "bayes-eig(prophet=0.8)", name: "bayes-eig", params: map[string]float64{"declare": 0.8}},
		{in: "bayes-eig(declare=0.8)", name: "bayes-eig", params: map[string]float64{"declare": 0.8}},
		{in: "exec(persistent=true,timeout=30):./agent", name: "exec", params: map[string]float64{"persistent": 1, "timeout": 30}},
		{in: "bayes-eig(size=-5)", err: "size must be in 1 to 300,000"},
		{in: "bayes-eig(size=1e12)", err: "size must be in 1 to 300,000"},
		{in: "bayes-eig(size=2000.5)", err: "size is a whole number, not 2000.5"},
		{in: "bayes-eig(eps=0.7)", err: "eps must be in [0, 0.5)"},
		{in: "bayes-eig(eps=0.5)", err: "eps must be in [0, 0.5)"},
		{in: "bayes-eig(lambda=Inf)", err: `"Inf" is not a finite number`},
		{in: "bayes-eig(lambda=NaN)", err: "not a finite number"},
		{in: "bayes-eig(lambda=-1)", err: "lambda must be in [0, 1000000]"},
		{in: "bayes-eig(seq=1.5)", err: "seq must be in [0, 1]"},
		{in: "bayes-eig(prophet=true)", err: `"true" is not a number: declare (once called prophet) is the probability at which the strategy declares; to let players be Prophet, give the game option --option prophet=true`},
		{in: "bayes-eig(declare=0.8,prophet=0.9)", err: "given twice"},
		{in: "bounded-human(k=0)", err: "k must be in 1 to 100,000"},
		{in: "bounded-human(memory=2.5)", err: "memory is a whole number"},
		{in: "bounded-human(slip=2)", err: "slip must be in [0, 1]"},
		{in: "exec(timeout=1e12):./agent", err: "timeout must be in [0.001, 3600]"},
		{in: "exec(timeout=0):./agent", err: "timeout must be in"},
		{in: "exec(persistent=yes):./agent", err: `"yes" is not true or false`},
		{in: "random(size=10)", err: `random has no parameter "size" (it has: none)`},
		{in: "exec(persistent=true,name=mine):python3 a.py", name: "exec", label: "mine", params: map[string]float64{"persistent": 1}},
		{in: "bayes-eig(name=eig.v2+, size=2000)", name: "bayes-eig", label: "eig.v2+", params: map[string]float64{"size": 2000}},
		{in: "random(name=random)", err: "a built-in strategy's name"},
		{in: "random(name=a b)", err: "letters, digits and - _ . + only"},
		{in: "random(name=)", err: "name= takes 1 to 40 characters"},
		{in: "random(name=a,name=b)", err: "name is given twice"},
	} {
		sp, err := ParseSpec(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || sp.Name != tc.name || sp.Label != tc.label {
			t.Errorf("%q: %+v, %v", tc.in, sp, err)
		}
		if want := cmp.Or(tc.label, tc.in); sp.Shown() != want {
			t.Errorf("%q is shown as %q, want %q", tc.in, sp.Shown(), want)
		}
		for k, v := range tc.params {
			if sp.Params[k] != v {
				t.Errorf("%q: %s = %v, want %v", tc.in, k, sp.Params[k], v)
			}
		}
	}
}

// The default space is within MaxSpaceSize, and the grammar gives more
// behaviours than the default space keeps.
func TestMaxSpaceSize(t *testing.T) {
	st := hypotheses.Default().Stats
	if st.Kept > MaxSpaceSize || st.Distinct <= st.Kept {
		t.Errorf("default space %v; MaxSpaceSize is %d", st, MaxSpaceSize)
	}
}

// Every strategy's help names its parameters with their ranges.
func TestHelp(t *testing.T) {
	h := strings.Join(strings.Fields(Help()), " ") // as read, whatever the wrapping
	for _, want := range []string{"negative-tester ", "alias: falsifier", "(0.9; [0, 1])", "(100000; 1 to 300,000)",
		"(false; true or false)", "(0; [0, 0.5))", "parameters: size, eps, synth, seq, noplay, declare, guess, lambda"} {
		if !strings.Contains(h, want) {
			t.Errorf("help lacks %q:\n%s", want, h)
		}
	}
}

// Every strategy plays whole hands of every preset: cards conserved after
// every move, the hand ends, scores follow the formulas.
func TestStrategiesPlayEveryPreset(t *testing.T) {
	k := NewKit()
	r := rule(t, `card.color != prev.color or card.rank == prev.rank`)
	presets := append(sim.PresetNames(), "new-eleusis+prophet", "new-eleusis-es+prophet")
	prophets := map[string]int{}
	for _, name := range Names() {
		for _, preset := range presets {
			base, withProphet := strings.CutSuffix(preset, "+prophet")
			opts, err := sim.Preset(base)
			if err != nil {
				t.Fatal(err)
			}
			opts.Prophet = withProphet
			for seed := uint64(1); seed <= 2; seed++ {
				tbl := k.NewTable(r, seed, true)
				var players []sim.Player
				for seat := range min(4, opts.MaxPlayers) { // solo-guessing: 1 to 3
					p, err := NewPlayer(spec(t, name+paramsFor(name)), tbl, seat)
					if err != nil {
						t.Fatal(err)
					}
					players = append(players, p)
				}
				h, err := sim.NewHand(sim.HandConfig{Options: opts, Judge: r.NewJudge(), Players: players, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				for !h.Ended() {
					if _, err := h.Step(); err != nil {
						t.Fatalf("%s, %s, seed %d: %v", name, preset, seed, err)
					}
					if err := h.CheckConservation(); err != nil {
						t.Fatalf("%s, %s, seed %d: %v", name, preset, seed, err)
					}
				}
				if err := sim.CheckScores(opts, h.Result()); err != nil {
					t.Fatalf("%s, %s, seed %d: %v", name, preset, seed, err)
				}
				for _, m := range h.Result().History {
					if m.DeclaredProphet {
						prophets[name]++
					}
					if m.GuessRight {
						prophets[name+" guessed"]++
					}
				}
			}
		}
	}
	checkProphets(t, prophets)
}

// checkProphets: the strategies that decide from a belief (and the oracle)
// do rise as Prophets when the option is on.
func checkProphets(t *testing.T, counts map[string]int) {
	if counts["oracle"] == 0 || counts["oracle guessed"] == 0 {
		t.Errorf("the oracle never declared Prophet or stated the rule: %v", counts)
	}
	declared, guessed := 0, 0
	for _, name := range []string{"bayes-eig", "bayes-greedy", "positive-tester", "negative-tester"} {
		declared += counts[name]
		guessed += counts[name+" guessed"]
	}
	if declared == 0 || guessed == 0 {
		t.Errorf("no belief-driven strategy declared Prophet or stated the rule right: %v", counts)
	}
}

// Small spaces keep the test quick; the strategies' code is the same.
func paramsFor(name string) string {
	if _, ps := Doc(name); len(ps) > 0 && ps[0] == "size" {
		return "(size=20000)"
	}
	return ""
}

// bayes-eig identifies rules in the space in fewer plays than
// positive-tester and random: a paired one-sided t-test over seeds. A hand
// where the posterior never reaches 0.9 counts as its length + 1 (censored;
// this only favours the strategies that fail to find the rule).
func TestEIGIdentifiesFaster(t *testing.T) {
	if testing.Short() {
		t.Skip("statistical test")
	}
	k := NewKit()
	opts, _ := sim.Preset("new-eleusis")
	rules := []string{
		`prev.color == "black" ? card.rank >= 7 : card.rank <= 6`,
		`card.suit == prev.suit or card.rank == prev.rank`,
		`card.rank > prev.rank`,
	}
	plays := func(strategy string, r *rulebank.Compiled, seed uint64) float64 {
		s := spec(t, strategy)
		out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: []Spec{s, s, s, s}, Seed: seed, Measure: true})
		if err != nil {
			t.Fatal(err)
		}
		m := out.Measures[0]
		if m == nil { // random holds no belief: an ideal observer of its table's experiments
			m = out.Observer
		}
		if m.Turn90 >= 0 {
			return float64(m.Turn90)
		}
		return float64(out.Result.Turns + 1)
	}
	for _, other := range []string{"positive-tester", "random"} {
		var diff []float64
		for _, expr := range rules {
			r := rule(t, expr)
			for seed := uint64(1); seed <= 30; seed++ {
				diff = append(diff, plays("bayes-eig", r, seed)-plays(other, r, seed))
			}
		}
		m, sd := stat.MeanStdDev(diff, nil)
		n := float64(len(diff))
		tstat := m / (sd / math.Sqrt(n))
		p := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.CDF(tstat)
		t.Logf("bayes-eig − %s: mean %.1f plays (t = %.2f, one-sided p = %.2g, n = %d)", other, m, tstat, p, len(diff))
		if p > 0.01 {
			t.Errorf("bayes-eig is not faster than %s: mean difference %.2f plays, p = %.3g", other, m, p)
		}
	}
}

// The interpolated binary entropy stays within 1e-3 of the exact one.
func TestBinaryEntropy(t *testing.T) {
	for _, p := range []float64{1e-6, 1e-4, 0.001, 0.01, 0.1, 0.25, 0.5, 0.7, 0.9, 0.999, 1 - 1e-7} {
		want := -p*math.Log2(p) - (1-p)*math.Log2(1-p)
		if got := hb(p); math.Abs(got-want) > 1e-3 {
			t.Errorf("hb(%v) = %v, want %v", p, got, want)
		}
	}
	if hb(0) != 0 || hb(1) != 0 || hb(0.5) != 1 {
		t.Errorf("hb at 0, 1, 0.5: %v %v %v", hb(0), hb(1), hb(0.5))
	}
}

// Label noise and the size principle together: a noisy belief plays every
// preset to the end, and its posterior stays a probability.
func TestNoisyBeliefPlaysEveryPreset(t *testing.T) {
	k := NewKit()
	r := rule(t, `card.color != prev.color or card.rank == prev.rank`)
	s := spec(t, "bayes-eig(size=20000,eps=0.05)")
	for _, preset := range sim.PresetNames() {
		opts, _ := sim.Preset(preset)
		n := max(4, opts.MinPlayers)
		lineup := make([]Spec, n)
		for i := range lineup {
			lineup[i] = s
		}
		for seed := uint64(1); seed <= 3; seed++ {
			out, err := k.Play(HandSetup{Rule: r, Options: opts, Lineup: lineup[:min(n, opts.MaxPlayers)], Seed: seed, Measure: true})
			if err != nil {
				t.Fatalf("%s seed %d: %v", preset, seed, err)
			}
			m := out.Measures[0]
			if m == nil || m.FinalProb < 0 || m.FinalProb > 1+1e-9 || m.Predictive <= 0 || m.Predictive > 1 {
				t.Fatalf("%s seed %d: measures %+v", preset, seed, m)
			}
		}
	}
}
