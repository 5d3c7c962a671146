//go:build !unix

package agents

import "os/exec"

// setProcessGroup: process groups are a Unix notion; elsewhere the program
// shares the harness's console.
func setProcessGroup(cmd *exec.Cmd) {}

// killGroup kills the program (its children are not reached).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
