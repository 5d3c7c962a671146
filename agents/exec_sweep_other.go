//go:build !linux

package agents

// adopt: only Linux has child subreapers.
func adopt() {}

// sweep: elsewhere a process that left the program's process group (a
// daemon in a session of its own) is not found; it outlives the program.
func sweep(tag string) {}
