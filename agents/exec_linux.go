//go:build linux

package agents

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// A program may start a process that leaves its process group: a daemon
// that double-forks into a session of its own (setsid). Killing the group
// misses it. On Linux the harness finds such processes by a tag in their
// environment (every descendant inherits it unless it clears its
// environment) and kills them with the program; and it is a child
// subreaper (prctl PR_SET_CHILD_SUBREAPER), so that the orphans become its
// own children, which it reaps, instead of init's.

var subreaper sync.Once

// adopt makes the harness a child subreaper, once, when it first starts an
// outside program (a run without outside agents is left as it is).
func adopt() {
	subreaper.Do(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

// sweepWait bounds how long a sweep waits for the processes it killed to
// be reaped.
const sweepWait = 2 * time.Second

// sweep kills every process whose environment carries tag and reaps those
// that are the harness's children (orphans it adopted). It goes over /proc
// until a pass finds none: a killed process's children may still be
// starting.
func sweep(tag string) {
	needle := []byte(agentTagVar + "=" + tag + "\x00")
	self := os.Getpid()
	var killed []int
	for range 10 {
		found := 0
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		for _, e := range entries {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
			if err != nil || !bytes.HasPrefix(env, needle) && !bytes.Contains(env, append([]byte{0}, needle...)) {
				continue
			}
			_ = unix.Kill(pid, unix.SIGKILL)
			killed = append(killed, pid)
			found++
		}
		if found == 0 {
			break
		}
	}
	deadline := time.Now().Add(sweepWait)
	for _, pid := range killed {
		for time.Now().Before(deadline) {
			ppid, zombie, ok := procStat(pid)
			if !ok || ppid != self {
				break // gone, or another process's child to reap
			}
			if zombie {
				var ws unix.WaitStatus
				_, _ = unix.Wait4(pid, &ws, unix.WNOHANG, nil)
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// procStat reads a process's parent and whether it is a zombie.
func procStat(pid int) (ppid int, zombie, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false, false
	}
	// pid (comm) state ppid …: comm may hold spaces and parentheses.
	rest := b[bytes.LastIndexByte(b, ')')+1:]
	f := bytes.Fields(rest)
	if len(f) < 2 {
		return 0, false, false
	}
	ppid, _ = strconv.Atoi(string(f[1]))
	return ppid, string(f[0]) == "Z", true
}
