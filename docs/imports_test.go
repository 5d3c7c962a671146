package docs

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// Imports flow one way (layout.md), the tests' too: no test imports a
// package that imports the package under test (which an import in the
// package itself could not do without a cycle).
func TestTestsImportDown(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the packages")
	}
	const module = "github.com/eleusis/eleusis/"
	cmd := exec.Command("go", "list", "-json=ImportPath,Deps,TestImports,XTestImports", "../...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	type pkg struct {
		ImportPath                      string
		Deps, TestImports, XTestImports []string
	}
	deps := map[string][]string{}
	var pkgs []pkg
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		deps[p.ImportPath] = p.Deps
		pkgs = append(pkgs, p)
	}
	for _, p := range pkgs {
		for _, q := range append(p.TestImports, p.XTestImports...) {
			if q == p.ImportPath || !slices.Contains(deps[q], p.ImportPath) {
				continue
			}
			t.Errorf("a test of %s imports %s, which imports %[1]s: move the test up to %[2]s, or what it needs down",
				strings.TrimPrefix(p.ImportPath, module), strings.TrimPrefix(q, module))
		}
	}
}
