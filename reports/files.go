package reports

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// extensions of the summary files, by format.
var extensions = map[string]string{"table": "txt", "markdown": "md", "csv": "csv", "json": "json"}

// WriteAll writes a summary in every format to dir/base.{txt,md,csv,json},
// each atomically.
func WriteAll(dir, base string, data any, tables []Table) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range Formats {
		var buf bytes.Buffer
		if err := Render(&buf, f, data, tables...); err != nil {
			return fmt.Errorf("%s as %s: %w", base, f, err)
		}
		if err := writeAtomic(filepath.Join(dir, base+"."+extensions[f]), buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// WriteRun writes a whole run (a merge's result) to dir: run.json and
// hands.jsonl.
func WriteRun(dir string, p *Plan, recs []HandRecord) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeJSONAtomic(filepath.Join(dir, "run.json"), runMeta{Plan: *p, Shard: "1/1"}); err != nil {
		return err
	}
	return WriteRecords(dir, recs)
}
