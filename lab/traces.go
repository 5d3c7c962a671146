package lab

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/eleusis/eleusis/agents"
)

// The trace file, traces.jsonl.gz beside hands.jsonl: every call a seat
// made to its language model (the built-in LLM strategy's, an outside
// agent's "trace" answers), whole: the prompt as sent, the reply, the
// reasoning, the tokens, the responding model, the latency, the cost.
// Each hand that has any is one gzip member, written with the hand's line
// of hands.jsonl, so that the file grows as the run goes and a resumed or
// retried run appends to it (gzip readers read the members as one
// stream). Each line is a call with "hand", "attempt" (the hand's Retried),
// "seat" (from 1) and "strategy"; a system prompt is written once, on a
// line {"system_sha256", "system"} of its own, and each call names it by
// its "system_sha256". Calls of a hand that was cut and played again
// appear twice; the record's (index, retried) says which play it kept.

// traceWriter appends hands' traces to the trace file of the run in dir,
// which it creates with the first hand that has any.
type traceWriter struct {
	dir  string
	f    *os.File
	seen map[string]bool // system prompts written
}

// hand writes one hand's traces as a gzip member.
func (w *traceWriter) hand(r *HandRecord, traces []agents.SeatTrace) error {
	if w == nil || len(traces) == 0 {
		return nil
	}
	if w.f == nil {
		path := filepath.Join(w.dir, tracesFile)
		w.seen = systemsIn(path) // a resumed run's: each is written once per run
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		w.f = f
	}
	gz := gzip.NewWriter(w.f)
	enc := json.NewEncoder(gz)
	enc.SetEscapeHTML(false)
	for _, st := range traces {
		for _, raw := range st.Calls {
			var call map[string]json.RawMessage
			if json.Unmarshal(raw, &call) != nil {
				continue // a trace entry is checked to be an object where it comes from
			}
			if sys, ok := call["system"]; ok {
				var text string
				if json.Unmarshal(sys, &text) == nil {
					sum := sha256.Sum256([]byte(text))
					h := hex.EncodeToString(sum[:])
					if !w.seen[h] {
						w.seen[h] = true
						if err := enc.Encode(map[string]string{"system_sha256": h, "system": text}); err != nil {
							return err
						}
					}
					delete(call, "system")
					call["system_sha256"], _ = json.Marshal(h)
				}
			}
			call["hand"], _ = json.Marshal(r.Index)
			call["attempt"], _ = json.Marshal(r.Retried)
			if _, ok := call["seat"]; !ok {
				call["seat"], _ = json.Marshal(st.Seat + 1)
			}
			if st.Seat < len(r.Players) {
				call["strategy"], _ = json.Marshal(r.Players[st.Seat])
			}
			if err := enc.Encode(call); err != nil {
				return err
			}
		}
	}
	return gz.Close()
}

func (w *traceWriter) close() error {
	if w == nil || w.f == nil {
		return nil
	}
	return w.f.Close()
}

// systemsIn are the system prompts a trace file holds already (none when
// it does not exist; a member cut short by a crash ends the reading).
func systemsIn(path string) map[string]bool {
	seen := map[string]bool{}
	f, err := os.Open(path)
	if err != nil {
		return seen
	}
	defer f.Close()
	gz, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		return seen
	}
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.HasPrefix(line, []byte(`{"system":`)) && !bytes.HasPrefix(line, []byte(`{"system_sha256":`)) {
			continue
		}
		var m struct {
			Sys  *string `json:"system"`
			Hash string  `json:"system_sha256"`
		}
		if json.Unmarshal(line, &m) == nil && m.Sys != nil {
			seen[m.Hash] = true
		}
	}
	return seen
}
