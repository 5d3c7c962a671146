package lab

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/eleusis/eleusis/internal/atomicfile"
)

// retryFailed plays again the hands of the run in ro.Out that a seat
// failed or that stopped with an error (--resume --retry-failed: a
// provider's outage, a rate limit), on the same deals, and writes each new
// record in its old one's place, with Retried one more and EarlierErrors
// keeping why every earlier play failed: the file says that the hand was
// played again, and how it had gone. The run's identity was checked by the
// resume that follows (openRun) before anything is played: the run.json
// must describe this run.
func (l *Lab) retryFailed(ctx context.Context, p *Plan, pr *prepared, ro RunOptions) error {
	old, err := readMeta(ro.Out)
	if err != nil {
		return fmt.Errorf("retry: %w (is %s a run folder?)", err, ro.Out)
	}
	meta, err := l.meta(p, ro)
	if err != nil {
		return err
	}
	if d := sameRun(old, &meta, filepath.Join(ro.Out, runFile), "this command"); d != "" {
		return fmt.Errorf("retry: %s describes another run: %s", filepath.Join(ro.Out, runFile), d)
	}
	path := filepath.Join(ro.Out, partFile)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		path = filepath.Join(ro.Out, handsFile)
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // nothing played yet
	}
	if err != nil {
		return err
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	if n := len(lines); n > 0 && !bytes.HasSuffix(lines[n-1], []byte("\n")) {
		lines = lines[:n-1] // a torn last line: the resume drops it too
	}
	olds := map[int]*HandRecord{}
	var redo []int
	at := map[int]int{} // hand → its line
	for k, line := range lines {
		var r recordNoMoves
		if err := json.Unmarshal(line, &r); err != nil {
			return fmt.Errorf("%s:%d: %w", path, k+1, err)
		}
		if err := p.Check(&r.HandRecord); err != nil {
			return fmt.Errorf("%s:%d: %w", path, k+1, err)
		}
		if r.NeedsRetry() {
			rec := r.HandRecord
			olds[rec.Index], at[rec.Index] = &rec, k
			redo = append(redo, rec.Index)
		}
	}
	if len(redo) == 0 {
		return nil
	}
	tw := &traceWriter{dir: ro.Out}
	defer tw.close()
	type replayed struct {
		rec  HandRecord
		line []byte
	}
	_, runErr := Run(ctx, RunConfig[*replayed]{Only: redo, Workers: ro.Workers,
		Do: func(i int) *replayed {
			r := l.play(ctx, p, pr, i)
			if r.Error != "" && ctx.Err() != nil {
				return nil // cut by the cancellation: the old record stays
			}
			o := olds[i]
			r.Retried = o.Retried + 1
			r.EarlierErrors = append(append([]string{}, o.EarlierErrors...), failureTexts(o)...)
			line, err := json.Marshal(r)
			if err != nil {
				return nil
			}
			return &replayed{r, append(line, '\n')}
		},
		Emit: func(i int, rp *replayed) error {
			if rp == nil {
				return nil
			}
			lines[at[i]] = rp.line
			return tw.hand(&rp.rec, rp.rec.traces)
		},
	})
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	for _, line := range lines {
		w.Write(line)
	}
	w.Flush()
	if err := atomicfile.WriteFile(path, out.Bytes(), 0o644); err != nil {
		return err
	}
	return runErr
}

// failureTexts are why a hand's play failed: its seats' failures, or the
// hand's error.
func failureTexts(r *HandRecord) []string {
	var out []string
	for _, f := range r.Failures {
		out = append(out, fmt.Sprintf("seat %d at move %d: %s", f.Seat+1, f.Turn, firstLine(f.Error)))
	}
	if r.Error != "" {
		out = append(out, firstLine(r.Error))
	}
	return out
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
