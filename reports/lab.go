package reports

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"

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

// HandSeed derives a hand's seed from the run's seed, the rule, the preset
// and the repetition, not the line-up: every line-up plays the same deals
// under the same rule (paired seeds).
func (p *Plan) HandSeed(c Coord) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], p.Seed)
	h.Write(buf[:])
	h.Write([]byte(p.Rules[c.Rule]))
	h.Write([]byte{0})
	h.Write([]byte(p.Presets[c.Preset]))
	h.Write([]byte{0})
	binary.LittleEndian.PutUint64(buf[:], uint64(c.Rep))
	h.Write(buf[:])
	x := h.Sum64()
	// splitmix64 finaliser: nearby inputs give unrelated seeds.
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// HandRecord is one line of hands.jsonl (docs/results.md).
type HandRecord struct {
	Index     int                    `json:"index"`
	Seed      uint64                 `json:"seed"`
	Rule      string                 `json:"rule"`
	Preset    string                 `json:"preset"`
	Lineup    int                    `json:"lineup"`
	Players   []string               `json:"players"`
	End       sim.EndReason          `json:"end,omitempty"`
	Turns     int                    `json:"turns"`
	GodScore  int                    `json:"god_score"`
	Scores    []int                  `json:"scores,omitempty"`
	Cards     []int                  `json:"cards_left,omitempty"`
	Prophets  []sim.ProphetStatus    `json:"prophet,omitempty"`
	Discovery []*hypotheses.Measures `json:"discovery,omitempty"`
	Moves     []sim.MoveRecord       `json:"moves,omitempty"`
	// Error: the hand could not be played (a rule failing at run time, a
	// misbehaving outside agent); the run went on.
	Error string `json:"error,omitempty"`
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
	pr := &prepared{}
	for _, name := range p.Rules {
		c, err := l.Bank.Get(name)
		if err != nil {
			return nil, err
		}
		pr.rules = append(pr.rules, c)
	}
	for _, name := range p.Presets {
		o, err := sim.Preset(name)
		if err != nil {
			return nil, err
		}
		if err := o.Override(p.Options); err != nil {
			return nil, err
		}
		pr.options = append(pr.options, o)
	}
	for li, lu := range p.Lineups {
		var specs []agents.Spec
		for _, s := range lu {
			sp, err := agents.ParseSpec(s)
			if err != nil {
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
func (l *Lab) play(p *Plan, pr *prepared, i int) HandRecord {
	c := p.Coord(i)
	rec := HandRecord{Index: i, Seed: p.HandSeed(c), Rule: p.Rules[c.Rule], Preset: p.Presets[c.Preset], Lineup: c.Lineup, Players: p.Lineups[c.Lineup]}
	out, err := l.Kit.Play(agents.HandSetup{Rule: pr.rules[c.Rule], Options: pr.options[c.Preset], Lineup: pr.lineups[c.Lineup], Seed: rec.Seed, Measure: !p.NoDiscovery})
	if err != nil {
		rec.Error = err.Error()
		return rec
	}
	r := out.Result
	rec.End, rec.Turns, rec.GodScore = r.End, r.Turns, r.GodScore
	for _, pl := range r.Players {
		rec.Scores = append(rec.Scores, pl.Score)
		rec.Cards = append(rec.Cards, pl.Cards)
		rec.Prophets = append(rec.Prophets, pl.Prophet)
	}
	rec.Discovery = out.Measures
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
	Shard   sim.Shard
	// Resume continues an interrupted run in Out.
	Resume bool
	// Progress is told of every finished hand (nil: silent).
	Progress func(done, total int)
	// Discard: keep no records in memory (speed measurements); Run then
	// returns only the records' count through Done.
	Discard bool
	Done    *int
}

// runMeta is run.json.
type runMeta struct {
	Plan  Plan   `json:"plan"`
	Shard string `json:"shard"`
}

// Run plays the plan and returns its hands in index order (moves dropped
// from the returned records: they are in hands.jsonl). On cancellation it
// keeps every finished hand of the complete prefix in hands.jsonl.part and
// returns the context's error; Resume continues from there.
func (l *Lab) Run(ctx context.Context, p *Plan, ro RunOptions) ([]HandRecord, error) {
	pr, err := l.prepare(p)
	if err != nil {
		return nil, err
	}
	var (
		recs []HandRecord
		from int
		w    *bufio.Writer
		f    *os.File
	)
	part := filepath.Join(ro.Out, "hands.jsonl.part")
	if ro.Out != "" {
		var finished bool
		if recs, f, finished, err = openRun(p, ro); err != nil || finished {
			return recs, err
		}
		if len(recs) > 0 {
			from = recs[len(recs)-1].Index + 1
		}
		defer f.Close()
		w = bufio.NewWriterSize(f, 1<<16)
	}
	total := 0
	for i := range p.N() {
		if ro.Shard.Has(i) {
			total++
		}
	}
	// A hand's JSON line is written by the worker that played it; only
	// the in-order append happens under the runner's lock.
	type played struct {
		rec  HandRecord
		line []byte
		err  error
	}
	done := len(recs)
	if ro.Done != nil {
		defer func() { *ro.Done = done }()
	}
	_, runErr := sim.Run(ctx, sim.RunConfig[played]{
		N: p.N(), From: from, Shard: ro.Shard, Workers: ro.Workers,
		Do: func(i int) played {
			r := l.play(p, pr, i)
			var pl played
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
			}
			done++
			if !ro.Discard {
				recs = append(recs, pl.rec)
			}
			if ro.Progress != nil {
				ro.Progress(done, total)
			}
			return nil
		},
	})
	if w != nil {
		if err := w.Flush(); err != nil && runErr == nil {
			runErr = err
		}
		if err := f.Sync(); err != nil && runErr == nil {
			runErr = err
		}
		if runErr == nil {
			f.Close()
			if err := os.Rename(part, filepath.Join(ro.Out, "hands.jsonl")); err != nil {
				return nil, err
			}
		}
	}
	return recs, runErr
}

// openRun prepares ro.Out for the plan: a new run writes run.json and an
// empty hands.jsonl.part; a resumed one checks run.json, keeps the complete
// lines of hands.jsonl.part (returned, moves dropped) and appends after
// them, or, when the run had finished, returns its hands with finished set.
func openRun(p *Plan, ro RunOptions) (recs []HandRecord, f *os.File, finished bool, err error) {
	if err := os.MkdirAll(ro.Out, 0o755); err != nil {
		return nil, nil, false, err
	}
	part := filepath.Join(ro.Out, "hands.jsonl.part")
	meta := runMeta{Plan: *p, Shard: ro.Shard.String()}
	if !ro.Resume {
		if err := writeJSONAtomic(filepath.Join(ro.Out, "run.json"), meta); err != nil {
			return nil, nil, false, err
		}
		f, err = os.Create(part)
		return nil, f, false, err
	}
	if err := checkMeta(ro.Out, meta); err != nil {
		return nil, nil, false, err
	}
	done := filepath.Join(ro.Out, "hands.jsonl")
	if _, err := os.Stat(part); errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat(done); err == nil {
			recs, err := readRecords(done, false)
			return dropMoves(recs), nil, true, err
		}
	}
	if recs, err = readRecords(part, true); err != nil {
		return nil, nil, false, err
	}
	if f, err = rewrite(part, recs, p.Moves); err != nil {
		return nil, nil, false, err
	}
	return dropMoves(recs), f, false, nil
}

func dropMoves(recs []HandRecord) []HandRecord {
	for i := range recs {
		recs[i].Moves = nil
	}
	return recs
}

func checkMeta(dir string, want runMeta) error {
	b, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil {
		return fmt.Errorf("resume: %w (is %s a run folder?)", err, dir)
	}
	var got runMeta
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("resume: %s: %w", filepath.Join(dir, "run.json"), err)
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if !bytes.Equal(gb, wb) {
		return fmt.Errorf("resume: %s describes another run (%s), not this one (%s)", filepath.Join(dir, "run.json"), gb, wb)
	}
	return nil
}

// readRecords reads a hands.jsonl file; with partial, a torn last line (an
// interrupted write) is dropped, anywhere else it is an error naming the line.
func readRecords(path string, partial bool) ([]HandRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		if partial && errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	defer f.Close()
	var recs []HandRecord
	r := bufio.NewReaderSize(f, 1<<20)
	for line := 1; ; line++ {
		b, err := r.ReadBytes('\n')
		if err == io.EOF {
			if len(bytes.TrimSpace(b)) > 0 && !partial {
				return nil, fmt.Errorf("%s:%d: the last line is cut short", path, line)
			}
			return recs, nil
		}
		if err != nil {
			return nil, err
		}
		var rec HandRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		recs = append(recs, rec)
	}
}

// rewrite writes recs to path (dropping a torn tail) and returns it open
// for appending.
func rewrite(path string, recs []HandRecord, moves bool) (*os.File, error) {
	var buf bytes.Buffer
	for _, r := range recs {
		if !moves {
			r.Moves = nil
		}
		b, _ := json.Marshal(r)
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if err := writeAtomic(path, buf.Bytes()); err != nil {
		return nil, err
	}
	return os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
}

// writeAtomic writes a file through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func writeJSONAtomic(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'))
}
