package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bank whose rules replace default rules of the same name says which, on
// standard error, once; standard output is what it is without the notice,
// and a bank that replaces none says nothing.
func TestBankReplacingDefaultRulesIsNoticed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name, bank, notice string
	}{
		{"two", "rules:\n  - name: same-suit\n    expr: card.suit != prev.suit\n  - name: mine\n    expr: card.even\n  - name: only-red\n    expr: card.color == \"black\"\n",
			": replaces 2 rules of the default bank: same-suit, only-red\n"},
		{"one", "rules:\n  - name: same-suit\n    expr: card.suit != prev.suit\n", ": replaces a rule of the default bank: same-suit\n"},
		{"none", "rules:\n  - name: mine\n    expr: card.even\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			bank := write(c.name+".yaml", c.bank)
			var out, errw bytes.Buffer
			if err := newRoot(&out, &errw, []string{"rules", "list", "--bank", bank, "--format", "csv"}).Execute(); err != nil {
				t.Fatal(err)
			}
			want := ""
			if c.notice != "" {
				want = "eleusis: " + bank + " " + strings.TrimPrefix(c.notice, ": ")
			}
			if errw.String() != want {
				t.Errorf("standard error %q, want %q", errw.String(), want)
			}
			if strings.Contains(out.String(), "replaces") {
				t.Errorf("the notice is on standard output: %s", out.String())
			}
		})
	}
}
