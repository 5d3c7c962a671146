package lab

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/eleusis/eleusis/agents"
)

// The speed harness of `eleusis bench --perf`: hands per second of a
// strategy with 4 players of it, on one rule, at 1 worker and at all
// workers, without and with the discovery measures.

// SpeedRule is the rule speed is measured on when the bank has it: a
// look-back-1 rule (a truth table judges it) that no strategy finds at
// once, so hands run their full length; otherwise the bank's first rule.
const SpeedRule = "black-high-red-low"

// SpeedStrategies are the strategies measured when none are given: every
// built-in one, bayes-eig at three space sizes.
var SpeedStrategies = []string{"random", "oracle", "bounded-human", "positive-tester", "bayes-greedy",
	"bayes-eig(size=10000)", "bayes-eig(size=30000)", "bayes-eig"}

// Speed is one strategy's speed.
type Speed struct {
	Strategy   string  `json:"strategy"`
	OneWorker  float64 `json:"hands_per_s_1_worker"`
	AllWorkers float64 `json:"hands_per_s_all_workers"`
	Workers    int     `json:"workers"`
	PerCore    float64 `json:"hands_per_s_per_core"`
	Scaling    float64 `json:"scaling"`
	// Measured: hands/s per core with every seat's discovery measures (the
	// lab's setting: strategies without a belief get an observer's).
	Measured float64 `json:"hands_per_s_per_core_with_discovery"`
	// IndexMiB: the memory of its hypothesis space's index, 0 without one.
	IndexMiB float64 `json:"index_mib,omitempty"`
}

// SpeedPlan says what to measure: each figure plays at least Hands hands
// and at least a second; Workers 0 is every core.
type SpeedPlan struct {
	Strategies []string // SpeedStrategies when empty
	Hands      int
	Workers    int
}

// MeasureSpeed measures each strategy of p on the lab's rule (SpeedRule,
// or the bank's first). It returns the rule measured on and a row per
// strategy; a hand that fails stops it with the strategy's error.
func (l *Lab) MeasureSpeed(ctx context.Context, p SpeedPlan) (string, []Speed, error) {
	if len(p.Strategies) == 0 {
		p.Strategies = SpeedStrategies
	}
	if p.Workers <= 0 {
		p.Workers = runtime.GOMAXPROCS(0)
	}
	if len(l.Bank.Rules) == 0 {
		return "", nil, fmt.Errorf("the bank has no rule to measure speed on")
	}
	rule := l.Bank.Rules[0].Rule.Name
	if _, err := l.Bank.Get(SpeedRule); err == nil {
		rule = SpeedRule
	}
	var rows []Speed
	for _, s := range p.Strategies {
		plan := &Plan{Seed: 1, Rules: []string{rule}, Presets: []string{"new-eleusis"}, Lineups: [][]string{{s, s, s, s}}, Hands: p.Hands}
		// Warm up: spaces and behaviour classes are built once per run.
		warm := *plan
		warm.Hands = 2
		recs, err := l.Run(ctx, &warm, RunOptions{Workers: 1})
		if err != nil {
			return rule, nil, err
		}
		for _, r := range recs {
			if r.Error != "" {
				return rule, nil, fmt.Errorf("%s: %s", s, r.Error)
			}
		}
		// rate plays batches of hands until a second has passed: hands/s.
		rate := func(w int, discovery bool) (float64, error) {
			q := *plan
			q.NoDiscovery = !discovery
			done, t0 := 0, time.Now()
			for time.Since(t0) < time.Second || done < p.Hands {
				n := 0
				count := func(*HandRecord) error { n++; return nil }
				if _, err := l.Run(ctx, &q, RunOptions{Workers: w, Each: count}); err != nil {
					return 0, err
				}
				done += n
				q.Seed++
			}
			return float64(done) / time.Since(t0).Seconds(), nil
		}
		one, err := rate(1, false)
		if err != nil {
			return rule, nil, err
		}
		all, err := rate(p.Workers, false)
		if err != nil {
			return rule, nil, err
		}
		measured, err := rate(p.Workers, true)
		if err != nil {
			return rule, nil, err
		}
		row := Speed{Strategy: s, OneWorker: one, AllWorkers: all, Workers: p.Workers, PerCore: all / float64(p.Workers), Scaling: all / one,
			Measured: measured / float64(p.Workers)}
		if sp, err := agents.ParseSpec(s); err == nil {
			if size := agents.BeliefOf(sp).Size; size > 0 {
				if space, err := l.Kit.Space(size); err == nil {
					row.IndexMiB = float64(space.Stats.IndexBytes) / (1 << 20)
				}
			}
		}
		rows = append(rows, row)
	}
	return rule, rows, nil
}
