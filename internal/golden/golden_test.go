package golden

import (
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	for _, tc := range []struct{ want, got, says string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb\n", "a\nc\n", "line 2 differs (3 lines, want 3)\nwant: b\ngot:  c"},
		{"a\n", "a\nb\n", "line 2 differs (3 lines, want 2)"},
		{"a\n", "a\r\n", "line 1 differs"},
		{strings.Repeat("x", 500) + "y", strings.Repeat("x", 500) + "z", "…" + strings.Repeat("x", 120) + "y"},
	} {
		d := Diff([]byte(tc.want), []byte(tc.got))
		if (d == "") != (tc.says == "") || !strings.Contains(d, tc.says) {
			t.Errorf("Diff(%q, %q) = %q, want it to say %q", tc.want, tc.got, d, tc.says)
		}
	}
}

func TestCheckUpdates(t *testing.T) {
	path := t.TempDir() + "/sub/x.golden"
	t.Setenv(Env, "1")
	Check(t, path, []byte("one\n"))
	t.Setenv(Env, "")
	Check(t, path, []byte("one\n")) // the file written is the file compared
}
