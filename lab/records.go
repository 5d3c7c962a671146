package lab

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/eleusis/eleusis/hypotheses"
)

// Check reports whether rec is the plan's hand rec.Index: the same seed,
// rule, preset, line-up and players. A record of another run (another
// seed, another bank order, an edited line) fails here.
func (p *Plan) Check(rec *HandRecord) error {
	if rec.Index < 0 || rec.Index >= p.N() {
		return fmt.Errorf("hand %d is outside the plan (hands 0 to %d)", rec.Index, p.N()-1)
	}
	c := p.Coord(rec.Index)
	want := func(field string, got, plan any) error {
		return fmt.Errorf("hand %d has %s %v, the plan's is %v", rec.Index, field, got, plan)
	}
	switch {
	case rec.Rule != p.Rules[c.Rule]:
		return want("rule", rec.Rule, p.Rules[c.Rule])
	case rec.Preset != p.Presets[c.Preset]:
		return want("preset", rec.Preset, p.Presets[c.Preset])
	case rec.Lineup != c.Lineup:
		return want("line-up", rec.Lineup, c.Lineup)
	case !slices.Equal(rec.Players, p.Lineups[c.Lineup]):
		return want("players", rec.Players, p.Lineups[c.Lineup])
	case rec.Seed != p.HandSeed(c):
		return want("seed", rec.Seed, p.HandSeed(c))
	}
	return nil
}

// sequence checks that records come exactly as a shard of a plan plays
// them: the shard's hands in index order, none missing or repeated, each
// the plan's.
type sequence struct {
	plan  *Plan
	shard Shard
	n     int // records seen
}

func (s *sequence) check(rec *HandRecord) error {
	want := s.plan.shardIndex(s.shard, s.n)
	switch {
	case s.n >= s.plan.shardSize(s.shard):
		return fmt.Errorf("hand %d is one more than the %d hands of shard %s", rec.Index, s.n, s.shard)
	case rec.Index < want:
		return fmt.Errorf("hand %d comes again, or out of order, where hand %d was due", rec.Index, want)
	case rec.Index > want:
		return fmt.Errorf("hand %d comes where hand %d was due: hand %d is missing", rec.Index, want, want)
	}
	if err := s.plan.Check(rec); err != nil {
		return err
	}
	s.n++
	return nil
}

// stream reads a hands.jsonl file, checks each record against the
// sequence and hands it (moves dropped) to each. With partial, a torn last
// line (an interrupted write) is ignored and end is the offset after the
// last complete line; a missing file is empty.
func (s *sequence) stream(path string, partial bool, each func(*HandRecord) error) (n int, end int64, err error) {
	rr, err := openRecords(path)
	if err != nil {
		if partial && errors.Is(err, fs.ErrNotExist) {
			return 0, 0, nil
		}
		return 0, 0, err
	}
	defer rr.Close()
	for {
		rec, _, err := rr.next()
		if err == io.EOF {
			return s.n, rr.end, nil
		}
		if err != nil {
			if partial && errors.Is(err, errTorn) {
				return s.n, rr.end, nil
			}
			return s.n, rr.end, err
		}
		if err := s.check(rec); err != nil {
			return s.n, rr.end, fmt.Errorf("%s:%d: %w", path, rr.line, err)
		}
		if err := each(rec); err != nil {
			return s.n, rr.end, err
		}
	}
}

// errTorn: the file's last line has no newline (an interrupted write).
var errTorn = errors.New("the last line is cut short")

// recordReader reads hands.jsonl one record at a time.
type recordReader struct {
	path string
	f    *os.File
	r    *bufio.Reader
	line int   // the line last read, from 1
	end  int64 // offset after the last complete line
}

func openRecords(path string) (*recordReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &recordReader{path: path, f: f, r: bufio.NewReaderSize(f, 1<<20)}, nil
}

func (rr *recordReader) Close() error { return rr.f.Close() }

// recordNoMoves decodes a record without its moves (the largest part,
// which summaries do not read): the outer field shadows the embedded one.
type recordNoMoves struct {
	HandRecord
	Moves skipJSON `json:"moves,omitempty"`
}

type skipJSON struct{}

func (*skipJSON) UnmarshalJSON([]byte) error { return nil }

// next returns the next record (moves dropped) and its line as read,
// newline included; io.EOF at the end.
func (rr *recordReader) next() (*HandRecord, []byte, error) {
	b, err := rr.r.ReadBytes('\n')
	if err == io.EOF {
		if len(bytes.TrimSpace(b)) > 0 {
			return nil, nil, fmt.Errorf("%s:%d: %w", rr.path, rr.line+1, errTorn)
		}
		return nil, nil, io.EOF
	}
	if err != nil {
		return nil, nil, err
	}
	rr.line++
	var rec recordNoMoves
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, nil, fmt.Errorf("%s:%d: %w", rr.path, rr.line, err)
	}
	rr.end += int64(len(b))
	return &rec.HandRecord, b, nil
}

// CompareHands compares two hands.jsonl files line by line and returns ""
// when they are identical, else where they first differ.
func CompareHands(a, b string) (string, error) {
	fa, err := os.Open(a)
	if err != nil {
		return "", err
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return "", err
	}
	defer fb.Close()
	ra, rb := bufio.NewReaderSize(fa, 1<<20), bufio.NewReaderSize(fb, 1<<20)
	for line := 1; ; line++ {
		la, ea := ra.ReadBytes('\n')
		lb, eb := rb.ReadBytes('\n')
		if !bytes.Equal(la, lb) {
			switch {
			case len(la) == 0:
				return fmt.Sprintf("%s ends at line %d, %s goes on", a, line-1, b), nil
			case len(lb) == 0:
				return fmt.Sprintf("%s ends at line %d, %s goes on", b, line-1, a), nil
			}
			var ha, hb HandRecord
			json.Unmarshal(la, &ha)
			json.Unmarshal(lb, &hb)
			path, x, y, _ := firstDiff(ha, hb)
			return fmt.Sprintf("line %d (hand %d) differs first: %s is %s in %s, %s in %s", line, ha.Index, path, x, a, y, b), nil
		}
		if ea == io.EOF || eb == io.EOF {
			return "", nil
		}
		if ea != nil {
			return "", ea
		}
		if eb != nil {
			return "", eb
		}
	}
}

// MeasuredSeats are the seats whose measures count: those with a belief of
// their own, or, when no seat has one, the hand's ideal observer (once; a
// record of an older run credited it to every seat without a belief).
func (h *HandRecord) MeasuredSeats() []*hypotheses.Measures {
	var own, obs []*hypotheses.Measures
	for _, m := range h.Discovery {
		switch {
		case m == nil, m.Stated == "accept": // an agent that stated no rule has no best rule
		case m.Own:
			own = append(own, m)
		case len(obs) == 0:
			obs = append(obs, m)
		}
	}
	switch {
	case len(own) > 0:
		return own
	case h.Observer != nil:
		return []*hypotheses.Measures{h.Observer}
	}
	return obs
}
