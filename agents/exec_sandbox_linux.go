//go:build linux

package agents

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// confinement is what landlock restricts: every file-system right of ABI 7
// and the IPC scopes (signals, abstract sockets; ABI 6), not the network.
// BestEffort: on an older kernel, what it has; on none, nothing (and
// landlockStatus says so).
var confinement = landlock.Config{HandledAccessFS: landlock.V7.HandledAccessFS, Scoped: landlock.V7.Scoped}.BestEffort()

func landlockStatus() string {
	v, err := ll.LandlockGetABIVersion()
	if err != nil || v < 1 {
		return fmt.Sprintf("none: this kernel has no landlock (%v): outside agents run unconfined", err)
	}
	return fmt.Sprintf("landlock ABI %d", v)
}

// startConfined starts cmd under landlock: read access to the system's
// folders, dirs and files, read and write to home and a few devices.
//
// Landlock confines the thread that asks and the processes it starts
// after. So the ruleset is applied to a thread of our own, locked to this
// goroutine and never unlocked (the Go runtime ends it with the
// goroutine), which then starts the program: the program and its children
// are confined, the harness's other threads are not.
func startConfined(cmd *exec.Cmd, home string, dirs, files []string) error {
	var sys []string
	for _, d := range systemDirs {
		if _, err := os.Stat(d); err == nil {
			sys = append(sys, d)
		}
	}
	rules := []landlock.Rule{
		landlock.RODirs(sys...),
		landlock.RODirs(dirs...),
		landlock.ROFiles(files...),
		landlock.RWDirs(home).WithRefer(),
		landlock.RWFiles("/dev/null", "/dev/zero", "/dev/full").IgnoreIfMissing(),
		landlock.ROFiles("/dev/urandom", "/dev/random").IgnoreIfMissing(),
	}
	// /etc/resolv.conf may point elsewhere (/run/systemd/resolve/…): an
	// LLM agent needs it to find its endpoint.
	if r, err := filepath.EvalSymlinks("/etc/resolv.conf"); err == nil && r != "/etc/resolv.conf" {
		rules = append(rules, landlock.ROFiles(r))
	}
	fd, flags, err := confinement.NewRulesetFD(rules...)
	if err != nil {
		return fmt.Errorf("the sandbox: %w", err)
	}
	if fd < 0 { // no landlock on this kernel (landlockStatus said so)
		return cmd.Start()
	}
	defer unix.Close(fd)
	return <-startOnThread(cmd, fd, flags)
}

// startOnThread restricts a thread of its own and starts cmd from it. The
// thread must not be the process's main thread: Go never ends that one
// (it parks it instead), and the main thread is the one other processes
// see as the harness (a signal to the harness's pid is checked against
// it). A goroutine that lands there keeps it locked, so that the retry
// cannot land there too, and hands the work to another.
func startOnThread(cmd *exec.Cmd, fd int, flags uint32) <-chan error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if unix.Gettid() == unix.Getpid() {
			done <- <-startOnThread(cmd, fd, flags)
			runtime.UnlockOSThread() // untouched: it may serve again
			return
		}
		// From here the thread is never unlocked: it ends with this goroutine.
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			done <- fmt.Errorf("the sandbox: no_new_privs: %w", err)
			return
		}
		if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
			done <- fmt.Errorf("the sandbox: landlock: %w", err)
			return
		}
		done <- cmd.Start()
	}()
	return done
}
