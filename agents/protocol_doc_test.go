package agents

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/agent-protocol.md is the protocol's reference: its examples are
// requests the harness could send (every field known, in the wire's types)
// answered as the harness accepts, and its tables name every field.

func protocolDoc(t *testing.T) string {
	b, err := os.ReadFile("../docs/agent-protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestProtocolDocExamples(t *testing.T) {
	doc := protocolDoc(t)
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(doc, -1)
	types := map[string]int{}
	for _, b := range blocks {
		dec := json.NewDecoder(strings.NewReader(b[1]))
		var req *wireRequest
		for {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("a json block: %v\n%s", err, b[1])
			}
			var probe struct{ Type string }
			json.Unmarshal(raw, &probe)
			if probe.Type != "" {
				d := json.NewDecoder(bytes.NewReader(raw))
				d.DisallowUnknownFields()
				req = &wireRequest{}
				if err := d.Decode(req); err != nil {
					t.Errorf("request %s: %v", raw, err)
				}
				if req.View != nil {
					var m struct{ View map[string]any }
					json.Unmarshal(raw, &m)
					if got, want := sortedKeys(m.View), sorted(jsonNames(reflect.TypeFor[wireView]())); !reflect.DeepEqual(got, want) {
						t.Errorf("a view with fields %v, want %v", got, want)
					}
				}
				continue
			}
			if req == nil {
				t.Errorf("an answer without its request: %s", raw)
				continue
			}
			var line bytes.Buffer
			json.Compact(&line, raw)
			if _, err := decodeAnswer(line.Bytes(), req.Type, req.ID); err != nil {
				t.Errorf("the answer %s to %s: %v", raw, req.Type, err)
			}
			types[req.Type]++
			req = nil
		}
	}
	for _, typ := range []string{"new_hand", "move", "declare_prophet", "judge", "pick", "guess", "end"} {
		if types[typ] == 0 {
			t.Errorf("no example of %s with its answer", typ)
		}
	}
}

// The tables of a section list its fields in the first column.
func docFields(t *testing.T, doc, heading string) []string {
	_, sec, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no section %q", heading)
	}
	if i := strings.Index(sec, "\n#"); i >= 0 {
		sec = sec[:i]
	}
	var out []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)`(?:, `([a-z_]+)`)? \\|").FindAllStringSubmatch(sec, -1) {
		out = append(out, m[1])
		if m[2] != "" {
			out = append(out, m[2])
		}
	}
	return sorted(out)
}

func TestProtocolDocTables(t *testing.T) {
	doc := protocolDoc(t)
	for _, tc := range []struct {
		heading string
		want    []string
	}{
		{"## The view", jsonNames(reflect.TypeFor[wireView]())},
		{"## A move record", wireMoveFields()},
		{"### new_hand", []string{"protocol", "mode", "seat", "players", "seed", "seed_string", "options", "opening", "facts", "rule_language"}},
		{"## Stating a belief", jsonNames(reflect.TypeFor[wireBelief]())},
		{"## The result", jsonNames(reflect.TypeFor[wireResult]())},
		{"### move", []string{"kind", "cards", "belief", "meta"}},
		{"## What a verdict proves: facts", jsonNames(reflect.TypeFor[wireFact]())},
	} {
		if got := docFields(t, doc, tc.heading); !reflect.DeepEqual(got, sorted(tc.want)) {
			t.Errorf("%s lists %v, the wire has %v", tc.heading, got, sorted(tc.want))
		}
	}
}

func sorted(xs []string) []string {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs
}

func sortedKeys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return sorted(ks)
}

// The minimal agent of docs/strategies.md is python/examples/minimal.py (which the
// Python tests play).
func TestReadmeMinimalAgent(t *testing.T) {
	readme, err := os.ReadFile("../docs/strategies.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(readme), "The smallest agent")
	m := regexp.MustCompile("(?s)```python\n(.*?)```").FindStringSubmatch(after)
	script, err := os.ReadFile("../python/examples/minimal.py")
	if err != nil {
		t.Fatal(err)
	}
	_, code, _ := strings.Cut(string(script), "\"\"\"\n") // after the docstring
	if m == nil || m[1] != code {
		t.Errorf("the README's minimal agent is not python/examples/minimal.py:\n%v\n---\n%s", m, code)
	}
}
