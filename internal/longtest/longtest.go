// Package longtest gates the tests too long for a developer's loop: the
// read-back of every phrasing, the sampling checks, whole browser lessons.
// They run when ELEUSIS_LONG_TESTS is set (.ci/run sets it, so CI runs
// everything); plain `go test ./...` skips them and stays within minutes,
// and `go test -short ./...` skips the slow tests that are not gated here.
package longtest

import (
	"os"
	"testing"
)

// Env is the variable that turns the long tests on.
const Env = "ELEUSIS_LONG_TESTS"

// On reports whether the long tests run.
func On() bool { return os.Getenv(Env) != "" }

// Skip skips t unless the long tests are on, saying how to run it.
func Skip(t testing.TB) {
	t.Helper()
	if !On() {
		t.Skipf("a long test: set %s=1 to run it (CI does)", Env)
	}
}
