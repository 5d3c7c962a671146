package lab

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/hypotheses"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Plan is a simulation run: every rule × preset × line-up, Hands times
// each. Hand i's coordinates and seed follow from the plan alone.
type Plan struct {
	Seed    uint64   `json:"seed"`
	Rules   []string `json:"rules"`
	Presets []string `json:"presets"`
	// Options override every preset's options (name=value).
	Options []string   `json:"options,omitempty"`
	Lineups [][]string `json:"lineups"`
	Hands   int        `json:"hands"`
	// Moves: keep every move in hands.jsonl (for transcripts).
	Moves bool `json:"moves"`
	// NoDiscovery: skip the discovery measures (speed measurements only).
	NoDiscovery bool `json:"no_discovery,omitempty"`
	// Calibration: measure each scientist's confidence in its best rule
	// (bench reports calibration; rank does not need it).
	Calibration bool `json:"calibration,omitempty"`
	// Designs: for bench, the design each line-up belongs to (solo,
	// homogeneous, mixed: bench_design.go), in the order of Lineups. The
	// mixed design's hands are played for score: no discovery measures.
	Designs []Design `json:"designs,omitempty"`
	// Paired: hand seeds leave the rule out, so that every rule of the
	// plan plays the same deals (the designer's races compare rules hand
	// by hand).
	Paired bool `json:"paired,omitempty"`
	// Defs: each rule of Rules as played (expression and starter), in the
	// same order, and BankHash their hash (BankHash); Lab.Resolve fills
	// them from the bank.
	Defs     []RuleDef `json:"rule_defs,omitempty"`
	BankHash string    `json:"bank_sha256,omitempty"`
	// NoSandbox: the outside agents ran unconfined (--no-sandbox, for
	// debugging; agents.Sandbox): every table of the summaries says so.
	NoSandbox bool `json:"no_sandbox,omitempty"`
	// Secret keys the hand seeds (secret.go): set for a plan that seats an
	// outside agent. Only run.json holds it (RunMeta.Secret), never a
	// summary's copy of the plan.
	Secret []byte `json:"-"`
}

// PresetOptions are the options of each preset of the plan, in order,
// after the plan's overrides.
func (p *Plan) PresetOptions() ([]sim.Options, error) {
	var out []sim.Options
	for _, name := range p.Presets {
		o, err := sim.PresetWith(name, p.Options)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// N is the number of hands of the plan.
func (p *Plan) N() int { return len(p.Rules) * len(p.Presets) * len(p.Lineups) * p.Hands }

// Coord is where a hand sits in the plan.
type Coord struct{ Rule, Preset, Lineup, Rep int }

// Coord of hand i: i = ((rule·P + preset)·L + lineup)·H + rep.
func (p *Plan) Coord(i int) Coord {
	c := Coord{Rep: i % p.Hands}
	i /= p.Hands
	c.Lineup = i % len(p.Lineups)
	i /= len(p.Lineups)
	c.Preset = i % len(p.Presets)
	c.Rule = i / len(p.Presets)
	return c
}

// Lab plays plans: the bank the rules come from and the kit of spaces and
// behaviour classes shared by all workers.
type Lab struct {
	Bank *rulebank.Bank
	Kit  *agents.Kit
}

type prepared struct {
	rules   []*rulebank.Compiled
	options []sim.Options
	lineups [][]agents.Spec
}

func (l *Lab) prepare(p *Plan) (*prepared, error) {
	if p.Hands < 1 || len(p.Rules) == 0 || len(p.Presets) == 0 || len(p.Lineups) == 0 {
		return nil, fmt.Errorf("an empty plan: %d rules, %d presets, %d line-ups, %d hands each", len(p.Rules), len(p.Presets), len(p.Lineups), p.Hands)
	}
	if len(p.Designs) != 0 && len(p.Designs) != len(p.Lineups) {
		return nil, fmt.Errorf("the plan has %d line-ups and %d designs", len(p.Lineups), len(p.Designs))
	}
	pr := &prepared{}
	for _, name := range p.Rules {
		c, err := l.Bank.Get(name)
		if err != nil {
			return nil, err
		}
		pr.rules = append(pr.rules, c)
	}
	var err error
	if pr.options, err = p.PresetOptions(); err != nil {
		return nil, err
	}
	for li, lu := range p.Lineups {
		var specs []agents.Spec
		for _, s := range lu {
			sp, err := agents.ParseSpec(s)
			if err != nil {
				return nil, fmt.Errorf("line-up %d: %w", li+1, err)
			}
			if err := l.Kit.CheckSpec(sp); err != nil {
				return nil, fmt.Errorf("line-up %d: %w", li+1, err)
			}
			specs = append(specs, sp)
		}
		for pi, o := range pr.options {
			if err := o.Validate(len(specs)); err != nil {
				return nil, fmt.Errorf("line-up %d (%d players) with preset %s: %w", li+1, len(specs), p.Presets[pi], err)
			}
		}
		pr.lineups = append(pr.lineups, specs)
	}
	return pr, nil
}

// play plays hand i of the plan; a failure becomes the record's Error.
// ctx cancels hands waiting on outside agents.
func (l *Lab) play(ctx context.Context, p *Plan, pr *prepared, i int) HandRecord {
	c := p.Coord(i)
	rec := HandRecord{Index: i, Seed: p.HandSeed(c), Rule: p.Rules[c.Rule], Preset: p.Presets[c.Preset], Lineup: c.Lineup, Players: p.Lineups[c.Lineup]}
	out, err := l.Kit.Play(agents.HandSetup{Rule: pr.rules[c.Rule], Options: pr.options[c.Preset], Lineup: pr.lineups[c.Lineup], Seed: rec.Seed,
		Measure: !p.NoDiscovery && p.Design(c.Lineup).measures(), Calibrate: p.Calibration, Context: ctx})
	if err != nil {
		rec.Error = err.Error()
		var hf *agents.HandFailure
		if errors.As(err, &hf) && hf.Seat >= 0 {
			seat := hf.Seat
			rec.FailedSeat, rec.Turns, rec.Scores, rec.Usage = &seat, hf.Turn, hf.Scores, hf.Usage
			if pr.options[c.Preset].Guessing {
				rec.Guesses = sim.StatementsOf(hf.History, len(rec.Players))
			}
			if p.Moves {
				rec.Moves = hf.History
			}
		}
		return rec
	}
	r := out.Result
	rec.Opening, rec.End, rec.Turns, rec.GodScore = r.Opening, r.End, r.Turns, r.GodScore
	for _, pl := range r.Players {
		rec.Scores = append(rec.Scores, pl.Score)
		rec.Cards = append(rec.Cards, pl.Cards)
		rec.Prophets = append(rec.Prophets, pl.Prophet)
	}
	if !slices.ContainsFunc(out.Measures, func(m *hypotheses.Measures) bool { return m != nil }) {
		out.Measures = nil // no seat measured: no list of nulls
	}
	rec.Discovery, rec.Observer, rec.Usage, rec.Failures, rec.traces = out.Measures, out.Observer, out.Usage, out.Failures, out.Traces
	if pr.options[c.Preset].Guessing {
		rec.Guesses = sim.StatementsOf(r.History, len(r.Players))
	}
	if p.Moves {
		rec.Moves = r.History
	}
	return rec
}

// RunOptions says where and how to run a plan.
type RunOptions struct {
	// Out is the run's folder: run.json, hands.jsonl (hands.jsonl.part
	// while running). Empty: nothing is written.
	Out     string
	Workers int
	Shard   Shard
	// Resume continues an interrupted run in Out; Force lets a new run
	// replace another run's files in Out (refused otherwise).
	Resume, Force bool
	// MaxCost stops the run cleanly, as Ctrl-C would, once the spend its
	// hands report (their usage's cost_usd: an LLM's calls) passes it, in
	// US$; --resume continues (0: no cap). The spend counts the hands kept,
	// resumed ones included; the calls of hands cut at the stop are not.
	MaxCost float64
	// RetryFailed (with Resume) first plays again, on the same deals, the
	// hands of the run in Out that a seat failed or that stopped with an
	// error (a provider's outage), each new record in its old one's place
	// with Retried and EarlierErrors saying so (retry.go).
	RetryFailed bool
	// Command, Args: the summary the run feeds ("rank", "bench") and the
	// command line, for run.json.
	Command string
	Args    []string
	// Progress is told of every finished hand (nil: silent).
	Progress func(done, total int)
	// Each, when set, receives every hand in index order (a resumed run's
	// earlier hands first), its moves dropped, and Run keeps nothing: the
	// records are not returned. An error from Each stops the run.
	Each func(*HandRecord) error
}

// errCut marks a hand that failed because the run was being cancelled
// (an outside agent killed by Ctrl-C): not a result, and not written.
var errCut = errors.New("a hand was cut by the cancellation")

// Run plays the plan (resolving its rule definitions first, see Resolve)
// and returns its hands in index order, moves dropped (they are in
// hands.jsonl), or hands them to ro.Each. On cancellation it keeps every
// finished hand of the complete prefix in hands.jsonl.part and returns the
// context's error; Resume continues from there. A hand that failed after
// the cancellation is not kept: it is played again on resume.
func (l *Lab) Run(ctx context.Context, p *Plan, ro RunOptions) ([]HandRecord, error) {
	if ro.Workers < 0 {
		return nil, fmt.Errorf("workers must be 0 (all cores) or more, not %d", ro.Workers)
	}
	if ro.Shard.Of < 1 {
		ro.Shard = All
	}
	if err := l.Resolve(p); err != nil {
		return nil, err
	}
	if err := p.secure(ro); err != nil {
		return nil, err
	}
	if p.NoSandbox {
		sb := l.Kit.Sandbox()
		sb.Off = true
		l.Kit.SetSandbox(sb)
	}
	pr, err := l.prepare(p)
	if err != nil {
		return nil, err
	}
	defer l.Kit.Close() // the outside agents kept between hands (agents)
	var recs []HandRecord
	each := ro.Each
	if each == nil {
		each = func(r *HandRecord) error { recs = append(recs, *r); return nil }
	}
	// The spending cap: every kept hand's cost counts, those of an
	// interrupted run's first session too.
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	spent, capped := 0.0, false
	counted := each
	each = func(r *HandRecord) error {
		spent += r.Cost()
		if ro.MaxCost > 0 && spent > ro.MaxCost && !capped {
			capped = true
			stop()
		}
		return counted(r)
	}
	var (
		from, done int
		w          *bufio.Writer
		f          *os.File
		tw         *traceWriter
	)
	part := filepath.Join(ro.Out, partFile)
	if ro.RetryFailed {
		if !ro.Resume || ro.Out == "" {
			return nil, fmt.Errorf("--retry-failed plays again the failed hands of the run in --out: give --resume")
		}
		if err := l.retryFailed(ctx, p, pr, ro); err != nil {
			return nil, err
		}
	}
	if ro.Out != "" {
		var finished bool
		if f, done, finished, err = l.openRun(p, ro, each); err != nil || finished {
			return recs, err
		}
		from = p.shardIndex(ro.Shard, done)
		defer f.Close()
		w = bufio.NewWriterSize(f, 1<<16)
		tw = &traceWriter{dir: ro.Out}
		defer tw.close()
	}
	total := p.shardSize(ro.Shard)
	// A hand's JSON line is written by the worker that played it; only
	// the in-order append happens under the runner's lock.
	type played struct {
		rec  HandRecord
		line []byte
		err  error
	}
	_, runErr := Run(ctx, RunConfig[played]{
		N: p.N(), From: from, Shard: ro.Shard, Workers: ro.Workers,
		Do: func(i int) played {
			r := l.play(ctx, p, pr, i)
			var pl played
			if r.Error != "" && ctx.Err() != nil {
				pl.err = errCut
				return pl
			}
			if w != nil {
				pl.line, pl.err = json.Marshal(r)
			}
			r.Moves = nil
			pl.rec = r
			return pl
		},
		Emit: func(i int, pl played) error {
			if pl.err != nil {
				return pl.err
			}
			if w != nil {
				w.Write(pl.line)
				if err := w.WriteByte('\n'); err != nil {
					return fmt.Errorf("writing %s: %w", part, err)
				}
				if err := tw.hand(&pl.rec, pl.rec.traces); err != nil {
					return fmt.Errorf("writing %s: %w", filepath.Join(ro.Out, tracesFile), err)
				}
			}
			pl.rec.traces = nil
			done++
			if err := each(&pl.rec); err != nil {
				return err
			}
			if ro.Progress != nil {
				ro.Progress(done, total)
			}
			return nil
		},
	})
	if errors.Is(runErr, errCut) {
		runErr = ctx.Err()
	}
	if capped && runErr != nil && ctx.Err() != nil {
		runErr = &CostCapError{Spent: spent, Max: ro.MaxCost, Done: done}
	}
	if w != nil {
		if err := w.Flush(); err != nil && runErr == nil {
			runErr = err
		}
		if err := f.Sync(); err != nil && runErr == nil {
			runErr = err
		}
		if runErr == nil {
			f.Close()
			if err := os.Rename(part, filepath.Join(ro.Out, handsFile)); err != nil {
				return nil, err
			}
		}
	}
	return recs, runErr
}

// shardSize is the number of hands of the plan in shard s.
func (p *Plan) shardSize(s Shard) int {
	n := p.N()
	if s.Of <= 1 {
		return n
	}
	return (n - s.Index + s.Of - 1) / s.Of
}

// shardIndex is the plan index of the shard's k-th hand (k from 0).
func (p *Plan) shardIndex(s Shard, k int) int {
	if s.Of <= 1 {
		return k
	}
	return s.Index + k*s.Of
}

// meta is the run.json of a new run of p.
func (l *Lab) meta(p *Plan, ro RunOptions) (RunMeta, error) {
	m := RunMeta{Command: ro.Command, Plan: *p, Shard: ro.Shard.String(), Options: map[string]sim.Options{},
		Program: ThisProgram(), Args: ro.Args, Started: time.Now().UTC().Truncate(time.Second), Workers: ro.Workers}
	if m.Workers == 0 {
		m.Workers = runtime.GOMAXPROCS(0)
	}
	if p.SeatsOutsider() {
		m.Sandbox = agents.SandboxStatus(l.Kit.Sandbox())
	}
	for _, lu := range p.Lineups {
		for _, s := range lu {
			if _, done := m.Resources[s]; done {
				continue
			}
			sp, err := agents.ParseSpec(s)
			if err != nil {
				return m, err
			}
			rs, err := l.Kit.ResourcesOf(sp)
			if err != nil {
				return m, fmt.Errorf("strategy %q: %w", s, err)
			}
			if len(rs) > 0 {
				if m.Resources == nil {
					m.Resources = map[string][]agents.Resource{}
				}
				m.Resources[s] = rs
			}
		}
	}
	opts, err := p.PresetOptions()
	if err != nil {
		return m, err
	}
	for i, name := range p.Presets {
		m.Options[name] = opts[i]
	}
	return m, nil
}

// openRun prepares ro.Out for the plan. A new run refuses a folder holding
// another run (unless ro.Force), writes run.json and an empty
// hands.jsonl.part. A resumed one checks that run.json describes this run
// (naming the first difference), hands the hands already played to each —
// checking that they are exactly the shard's first hands, in order — and
// returns hands.jsonl.part, cut after its last complete line, open for
// appending; or, when the run had finished, finished is set.
func (l *Lab) openRun(p *Plan, ro RunOptions, each func(*HandRecord) error) (f *os.File, done int, finished bool, err error) {
	if err := os.MkdirAll(ro.Out, 0o755); err != nil {
		return nil, 0, false, err
	}
	part := filepath.Join(ro.Out, partFile)
	meta, err := l.meta(p, ro)
	if err != nil {
		return nil, 0, false, err
	}
	if !ro.Resume {
		if err := refuseOrClear(ro.Out, ro.Force); err != nil {
			return nil, 0, false, err
		}
		if err := meta.write(ro.Out); err != nil {
			return nil, 0, false, err
		}
		f, err = os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		return f, 0, false, err
	}
	old, err := readMeta(ro.Out)
	if err != nil {
		return nil, 0, false, fmt.Errorf("resume: %w (is %s a run folder?)", err, ro.Out)
	}
	if d := sameRun(old, &meta, filepath.Join(ro.Out, runFile), "this command"); d != "" {
		return nil, 0, false, fmt.Errorf("resume: %s describes another run: %s", filepath.Join(ro.Out, runFile), d)
	}
	if old.Shard != meta.Shard {
		return nil, 0, false, fmt.Errorf("resume: %s is shard %s, not %s", filepath.Join(ro.Out, runFile), old.Shard, meta.Shard)
	}
	seq := &sequence{plan: p, shard: ro.Shard}
	if _, err := os.Stat(part); errors.Is(err, fs.ErrNotExist) {
		whole := filepath.Join(ro.Out, handsFile)
		if _, err := os.Stat(whole); err == nil {
			n, _, err := seq.stream(whole, false, each)
			if err == nil && n != p.shardSize(ro.Shard) {
				err = fmt.Errorf("%s has %d hands, the run %d", whole, n, p.shardSize(ro.Shard))
			}
			return nil, n, true, err
		}
	}
	n, end, err := seq.stream(part, true, each)
	if err != nil {
		return nil, 0, false, err
	}
	if f, err = os.OpenFile(part, os.O_WRONLY|os.O_CREATE, 0o644); err != nil {
		return nil, 0, false, err
	}
	// Drop a torn last line (an interrupted write) and append after the
	// last complete one.
	if err := f.Truncate(end); err != nil {
		f.Close()
		return nil, 0, false, err
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		f.Close()
		return nil, 0, false, err
	}
	return f, n, false, nil
}
