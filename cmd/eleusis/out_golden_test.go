package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The golden runs of `rank --out` and `bench --out`: every file either run
// writes is compared, byte for byte, with testdata/out/<command>/. Text
// files (txt, md, csv, json, svg, small jsonl) are kept as they are; the
// PNGs and the large hands.jsonl are kept as their SHA-256 in
// testdata/out/<command>/SHA256SUMS, as strict but not bulky. run.json
// holds what differs between two runs of the same plan — when it started,
// the folder given to --out, the Go version — and those values are
// replaced by placeholders before comparing (see normaliseRun).
//
// A change that alters these outputs on purpose regenerates them with
//
//	go test ./cmd/eleusis -run TestOutGolden -update
//
// and the diff of testdata/out is then read and committed with it.
var goldenRuns = []struct {
	name string
	args []string
}{
	{"rank", []string{"rank", "--rules", "black-high-red-low,same-suit,alternate-parity", "--hands", "4", "--seed", "7", "--workers", "2",
		"--lineup", "bayes-eig(size=3000);positive-tester(size=3000);random;bounded-human(k=5)"}},
	{"bench", []string{"bench", "--strategies", "bayes-eig(size=3000),random,positive-tester(size=3000)", "--rules", "black-high-red-low,same-suit",
		"--hands", "2", "--seed", "7", "--workers", "2", "--design", "solo,mixed"}},
}

// hashedOver is the size above which a text file is kept as its hash.
const hashedOver = 200 << 10

func TestOutGolden(t *testing.T) {
	for _, r := range goldenRuns {
		t.Run(r.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			if _, err := run(t, append(r.args, "--out", out)...); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join("testdata", "out", r.name)
			got := readOut(t, out)
			if *update {
				writeGolden(t, dir, got)
			}
			want := readGolden(t, dir)
			for _, name := range sortedKeys(got, want) {
				g, okg := got[name]
				w, okw := want[name]
				switch {
				case !okw:
					t.Errorf("%s writes %s, which the golden run lacks (go test ./cmd/eleusis -run TestOutGolden -update to accept)", r.name, name)
				case !okg:
					t.Errorf("%s no longer writes %s", r.name, name)
				case !bytes.Equal(g, w):
					t.Errorf("%s's %s differs from testdata/out/%s (go test ./cmd/eleusis -run TestOutGolden -update to accept):\n%s",
						r.name, name, r.name, firstDifference(g, w))
				}
			}
		})
	}
}

// readOut reads every file of a run's folder: text as it is (run.json
// normalised), PNGs and large files as "sha256:<hex>".
func readOut(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "run.json" {
			b = normaliseRun(b, dir)
		}
		if hashed(e.Name(), b) {
			b = fmt.Appendf(nil, "sha256:%x", sha256.Sum256(b))
		}
		files[e.Name()] = b
	}
	return files
}

func hashed(name string, b []byte) bool {
	return strings.HasSuffix(name, ".png") || len(b) > hashedOver
}

var (
	startedRE = regexp.MustCompile(`"started": "[^"]*"`)
	goRE      = regexp.MustCompile(`"go": "[^"]*"`)
	versionRE = regexp.MustCompile(`"version": "[^"]*"`)
)

// normaliseRun replaces in run.json what two runs of one plan do not
// share: the start time, the --out folder, and the build (Go version,
// module version).
func normaliseRun(b []byte, dir string) []byte {
	b = bytes.ReplaceAll(b, []byte(dir), []byte("OUT"))
	b = startedRE.ReplaceAll(b, []byte(`"started": "TIME"`))
	b = goRE.ReplaceAll(b, []byte(`"go": "GO"`))
	return versionRE.ReplaceAll(b, []byte(`"version": "VERSION"`))
}

const sums = "SHA256SUMS"

// writeGolden replaces the golden folder with got: hashed files go into
// SHA256SUMS, the others are written as they are.
func writeGolden(t *testing.T, dir string, got map[string][]byte) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var list strings.Builder
	for _, name := range sortedKeys(got, nil) {
		b := got[name]
		if h, ok := bytes.CutPrefix(b, []byte("sha256:")); ok {
			fmt.Fprintf(&list, "%s  %s\n", h, name)
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, sums), []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readGolden reads a golden folder back into the form of readOut.
func readGolden(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/eleusis -run TestOutGolden -update writes it)", err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() != sums {
			files[e.Name()] = b
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if h, name, ok := strings.Cut(line, "  "); ok {
				files[name] = []byte("sha256:" + h)
			}
		}
	}
	return files
}

func sortedKeys(a, b map[string][]byte) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// firstDifference shows the first line where got and want part.
func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got: %.300s\nwant: %.300s", i+1, gl, wl)
		}
	}
	return "(same lines, different bytes)"
}
