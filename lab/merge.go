package lab

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/eleusis/eleusis/internal/atomicfile"
)

// Shards are the folders of the shards of one run, in shard order, read
// and checked by OpenShards.
type Shards struct {
	// Meta is the whole run's run.json (the plan is every shard's).
	Meta RunMeta
	dirs []string
}

// OpenShards reads the run.json of every folder and checks that they are
// the n shards of one run, each once: the same command, plan (rules with
// their expressions, bank hash), options and program. The first
// difference found is named.
func OpenShards(dirs []string) (*Shards, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no folders")
	}
	var metas []*RunMeta
	var shards []Shard
	for _, d := range dirs {
		m, err := readMeta(d)
		if err != nil {
			return nil, fmt.Errorf("merge: %w (is %s a run folder?)", err, d)
		}
		sh, err := ParseShard(m.Shard)
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %w", filepath.Join(d, runFile), err)
		}
		if len(metas) > 0 {
			if diff := sameRun(metas[0], m, dirs[0], d); diff != "" {
				return nil, fmt.Errorf("merge: %s and %s are not shards of one run: %s", dirs[0], d, diff)
			}
			if sh.Of != shards[0].Of {
				return nil, fmt.Errorf("merge: %s is shard %s and %s shard %s: a run split two ways", dirs[0], metas[0].Shard, d, m.Shard)
			}
		}
		if err := m.Plan.checkDefs(); err != nil {
			return nil, fmt.Errorf("merge: %s: %w", filepath.Join(d, runFile), err)
		}
		metas, shards = append(metas, m), append(shards, sh)
	}
	n := shards[0].Of
	s := &Shards{dirs: make([]string, n)}
	for i, sh := range shards {
		if prev := s.dirs[sh.Index]; prev != "" {
			return nil, fmt.Errorf("merge: %s and %s are both shard %s", prev, dirs[i], sh)
		}
		s.dirs[sh.Index] = dirs[i]
	}
	for i, d := range s.dirs {
		if d == "" {
			return nil, fmt.Errorf("merge: shard %d/%d is missing (%d folders given, the run has %d shards)", i+1, n, len(dirs), n)
		}
	}
	s.Meta = *metas[0]
	s.Meta.Shard = All.String()
	s.Meta.MergedFrom = nil
	for _, d := range s.dirs {
		for i := range dirs {
			if dirs[i] == d {
				s.Meta.MergedFrom = append(s.Meta.MergedFrom, *metas[i])
			}
		}
	}
	return s, nil
}

// MergeOptions says where a merge writes and who reads its hands.
type MergeOptions struct {
	// Out: the folder for the whole run's run.json and hands.jsonl (empty:
	// none). A folder holding another run is refused unless Force.
	Out   string
	Force bool
	// Args: the merge's command line, for run.json.
	Args []string
	// Each receives every hand in index order, moves dropped.
	Each func(*HandRecord) error
}

// Merge reads the shards' hands in index order — hand i from shard i mod
// n — checks each against the plan (index, seed, rule, preset, line-up),
// and writes them as the whole run's hands.jsonl (byte-identical to an
// unsharded run's) while handing them to mo.Each. Nothing is kept in
// memory.
func (s *Shards) Merge(mo MergeOptions) error {
	p := &s.Meta.Plan
	n := len(s.dirs)
	readers := make([]*recordReader, n)
	for k, d := range s.dirs {
		rr, err := openRecords(filepath.Join(d, handsFile))
		if err != nil {
			return fmt.Errorf("merge: %w (is the shard finished? continue it with --resume)", err)
		}
		defer rr.Close()
		readers[k] = rr
	}
	var (
		w   *bufio.Writer
		tmp *os.File
	)
	if mo.Out != "" {
		if err := os.MkdirAll(mo.Out, 0o755); err != nil {
			return err
		}
		if err := refuseOrClear(mo.Out, mo.Force); err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		var err error
		if tmp, err = atomicfile.CreateTemp(filepath.Join(mo.Out, handsFile), 0o644); err != nil {
			return err
		}
		defer os.Remove(tmp.Name())
		defer tmp.Close()
		w = bufio.NewWriterSize(tmp, 1<<16)
	}
	seqs := make([]*sequence, n)
	for k := range seqs {
		seqs[k] = &sequence{plan: p, shard: Shard{Index: k, Of: n}}
	}
	if n == 1 {
		seqs[0].shard = All
	}
	for i := range p.N() {
		k := i % n
		rr := readers[k]
		rec, line, err := rr.next()
		if err == io.EOF {
			return fmt.Errorf("merge: %s ends after %d hands: hand %d is missing", rr.path, seqs[k].n, i)
		}
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		if err := seqs[k].check(rec); err != nil {
			return fmt.Errorf("merge: %s:%d: %w", rr.path, rr.line, err)
		}
		if w != nil {
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		if mo.Each != nil {
			if err := mo.Each(rec); err != nil {
				return err
			}
		}
	}
	for _, rr := range readers {
		if _, _, err := rr.next(); err != io.EOF {
			return fmt.Errorf("merge: %s has more lines than its shard's %d hands (line %d)", rr.path, rr.line-1, rr.line)
		}
	}
	if w == nil {
		return nil
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	m := s.Meta
	m.Program, m.Args, m.Started, m.Workers = ThisProgram(), mo.Args, time.Now().UTC().Truncate(time.Second), 1
	if err := m.write(mo.Out); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(mo.Out, handsFile))
}
