package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Merge combines the folders of the shards of one run into the whole run's
// records, checking that they are the shards of one plan and cover it.
func Merge(dirs []string) (*Plan, []HandRecord, error) {
	var plan *Plan
	seen := map[string]string{}
	var all []HandRecord
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "run.json"))
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w", err)
		}
		var m runMeta
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, nil, fmt.Errorf("merge: %s: %w", filepath.Join(d, "run.json"), err)
		}
		if plan == nil {
			plan = &m.Plan
		} else if pb, mb := mustJSON(plan), mustJSON(&m.Plan); !bytes.Equal(pb, mb) {
			return nil, nil, fmt.Errorf("merge: %s is a shard of another run", d)
		}
		if prev, ok := seen[m.Shard]; ok {
			return nil, nil, fmt.Errorf("merge: %s and %s are both shard %s", prev, d, m.Shard)
		}
		seen[m.Shard] = d
		recs, err := readRecords(filepath.Join(d, "hands.jsonl"), false)
		if err != nil {
			return nil, nil, fmt.Errorf("merge: %w (is the shard finished? resume it with --resume)", err)
		}
		all = append(all, recs...)
	}
	if plan == nil {
		return nil, nil, fmt.Errorf("merge: no folders")
	}
	slices.SortFunc(all, func(a, b HandRecord) int { return a.Index - b.Index })
	for k, r := range all {
		if r.Index != k {
			return nil, nil, fmt.Errorf("merge: hand %d is missing or repeated (shards given: %s)", k, strings.Join(slices.Sorted(maps.Keys(seen)), ", "))
		}
	}
	if len(all) != plan.N() {
		return nil, nil, fmt.Errorf("merge: %d hands of %d (shards given: %s)", len(all), plan.N(), strings.Join(slices.Sorted(maps.Keys(seen)), ", "))
	}
	return plan, all, nil
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// WriteRecords writes records as hands.jsonl in dir, atomically.
func WriteRecords(dir string, recs []HandRecord) error {
	var buf bytes.Buffer
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	return writeAtomic(filepath.Join(dir, "hands.jsonl"), buf.Bytes())
}
