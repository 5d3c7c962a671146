//go:build !linux

package agents

import "os/exec"

func landlockStatus() string {
	return "none: landlock is Linux's, and this is not Linux: outside agents run unconfined"
}

// startConfined: elsewhere the program runs with the minimal environment
// and its own HOME, but its file access is not confined.
func startConfined(cmd *exec.Cmd, home string, dirs, files []string) error { return cmd.Start() }
