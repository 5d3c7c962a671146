// Package testkit holds what the tests of several packages share: one kit
// of agents (its spaces are built once per test binary) and the umask.
package testkit

import (
	"os"
	"sync"

	"github.com/eleusis/eleusis/agents"
)

// Kit is one agents.Kit for a whole test binary: spaces and truth tables
// are built once and shared.
var Kit = sync.OnceValue(agents.NewKit)

// Umask is the process's umask (read from a file it creates).
func Umask() os.FileMode {
	f, err := os.CreateTemp("", "umask")
	if err != nil {
		return 0o022
	}
	defer os.Remove(f.Name())
	f.Close()
	os.Chmod(f.Name(), 0o777)
	os.Remove(f.Name())
	g, err := os.OpenFile(f.Name(), os.O_CREATE|os.O_WRONLY, 0o777)
	if err != nil {
		return 0o022
	}
	g.Close()
	st, _ := os.Stat(f.Name())
	return 0o777 &^ st.Mode().Perm()
}
