//go:build unix

package agents

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the program as the leader of a process group of
// its own: a terminal's Ctrl-C (sent to the foreground group) reaches only
// the harness, which then cancels the run and stops its agents itself.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the program and every process it started (its group).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	// The group's id is the leader's pid; the leader is not reaped yet, so
	// the id is still ours.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
