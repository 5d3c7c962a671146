package atomicfile_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/eleusis/eleusis/internal/atomicfile"
)

func TestWriteFile(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(string, []byte, os.FileMode) error
		perm  os.FileMode
	}{
		{"WriteFile", atomicfile.WriteFile, 0o644},
		{"WriteFileSync", atomicfile.WriteFileSync, 0o600},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "run.json")
			for _, data := range []string{"first\n", "second, longer than the first\n", ""} {
				if err := tc.write(path, []byte(data), tc.perm); err != nil {
					t.Fatal(err)
				}
				if got, err := os.ReadFile(path); err != nil || string(got) != data {
					t.Fatalf("read %q, %v; want %q", got, err, data)
				}
			}
			st, _ := os.Stat(path)
			if want := tc.perm &^ umask(t); st.Mode().Perm() != want {
				t.Errorf("mode %v, want %v", st.Mode().Perm(), want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("the folder holds %v: a temporary file was left", entries)
			}
		})
	}
}

// A write that cannot finish leaves the file as it was and no temporary
// file behind.
func TestWriteFileFails(t *testing.T) {
	if runtime.GOOS == "windows" || os.Getuid() == 0 {
		t.Skip("needs a folder its user cannot write to")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "bank.yaml")
	if err := atomicfile.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder in the file's place: the rename fails after the data was
	// written.
	if err := atomicfile.WriteFile(dir, []byte("new"), 0o644); err == nil {
		t.Error("a file written over a folder")
	}
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if err := atomicfile.WriteFileSync(path, []byte("new"), 0o644); err == nil {
		t.Error("a file written into a read-only folder")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("the file holds %q after failed writes, want it as it was", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the folder holds %v: a temporary file was left", entries)
	}
}

// umask is the process's umask, read from the mode of a file created 0777.
func umask(t *testing.T) os.FileMode {
	f := filepath.Join(t.TempDir(), "umask")
	if err := os.WriteFile(f, nil, 0o777); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(f)
	if err != nil {
		t.Fatal(err)
	}
	return 0o777 &^ st.Mode().Perm()
}
