package agents

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/google/shlex"
)

// Sandbox says how outside agents (exec:COMMAND) are confined. An agent is
// a stranger's program: it must not read what would give it the answer
// (run.json holds the rules and the run's secret, hands.jsonl.part the
// hands already played, a bank file the rules, the harness's environment
// and command line the rest), nor another seat's files. On Linux the
// program runs under landlock (exec_sandbox_linux.go) with:
//
//   - read access to the system's folders (/usr, /bin, /lib…, /etc, /opt,
//     /sys) and to the program's own folder (the folder above the file the
//     command names, so that a program in examples/ finds its package
//     beside it; the program's folder, or the file alone, when that one
//     would hold the folder eleusis runs in or a path of Protect), plus
//     Read;
//   - a private temporary folder of its own, writable, as HOME and TMPDIR
//     (removed when the program ends);
//   - nothing else: not the folder eleusis runs in (it still starts there,
//     so that the command's relative paths mean what they say, but cannot
//     read or write it), not /proc (the harness's command line), not /tmp;
//   - no signal to, and no abstract socket of, a process outside its
//     sandbox (landlock ABI 6 and later);
//   - an environment of PATH, LANG, the LC_ variables, the ELEUSIS_
//     variables and those Env names, with HOME and TMPDIR its own.
//
// The network is not confined: an LLM agent calls its model's endpoint.
type Sandbox struct {
	// Off runs agents as the harness runs (--no-sandbox, for debugging):
	// run.json says so, and so does every table of the summaries.
	Off bool
	// Env: names of the harness's environment variables an agent also
	// gets (--agent-env OPENAI_API_KEY).
	Env []string
	// Read: more paths an agent may read (--agent-read): a virtual
	// environment, a model's files.
	Read []string
	// Protect: paths no folder an agent may read may hold (the run's
	// output folder, the bank file, --deals-from): a program whose folder
	// holds one is refused, naming it.
	Protect []string
}

// SetSandbox sets how the kit confines the outside agents it starts from
// now on (the default: confined, Sandbox{}).
func (k *Kit) SetSandbox(s Sandbox) {
	k.procs.mu.Lock()
	k.procs.sandbox = s
	k.procs.mu.Unlock()
}

// Sandbox is how the kit confines the outside agents it starts.
func (k *Kit) Sandbox() Sandbox { return k.procs.sandboxOf() }

func (pp *procPool) sandboxOf() Sandbox {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	return pp.sandbox
}

// SandboxStatus says how agents started now would be confined, for
// run.json and the user: "landlock ABI N", "off (--no-sandbox)", or
// "none: …" where the system has no landlock.
func SandboxStatus(s Sandbox) string {
	if s.Off {
		return "off (--no-sandbox)"
	}
	return landlockStatus()
}

// environ is an agent's environment: the harness's PATH, LANG, LC_* and
// ELEUSIS_* variables and those named, HOME and TMPDIR its own folder.
func (s Sandbox) environ(home string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "PATH", name == "LANG", strings.HasPrefix(name, "LC_"), strings.HasPrefix(name, "ELEUSIS_"):
			env = append(env, kv)
		default:
			for _, n := range s.Env {
				if n == name {
					env = append(env, kv)
				}
			}
		}
	}
	return append(env, "HOME="+home, "TMPDIR="+home)
}

// systemDirs are the folders every program may read (those that exist).
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/sys", "/nix"}

// grants are the paths an agent may read besides the system's: its
// program's folder for every path the command names that exists (as a
// path from the folder eleusis runs in, or on PATH for the command
// itself), and s.Read. Folders that would hold the working folder or a
// protected path are narrowed (see Sandbox); a folder named in the command
// that does, or an s.Read that does, is refused.
func (s Sandbox) grants(command string) (dirs, files []string, err error) {
	cwd, err := os.Getwd()
	if err != nil {
		return nil, nil, err
	}
	protect := []string{cwd}
	for _, p := range s.Protect {
		if a, err := realPath(p); err == nil {
			protect = append(protect, a)
		}
	}
	holds := func(dir string) string {
		for _, p := range protect {
			if dir == p || strings.HasPrefix(p, dir+string(filepath.Separator)) || dir == "/" {
				return p
			}
		}
		return ""
	}
	words, err := shlex.Split(command)
	if err != nil {
		words = strings.Fields(command)
	}
	program := true // the first word that sets no variable: looked up on PATH too
	for _, w := range words {
		first := program
		if name, _, ok := strings.Cut(w, "="); !ok || !isEnvName(name) {
			program = false
		}
		for _, c := range pathsIn(w) {
			p := c
			if !filepath.IsAbs(p) {
				p = filepath.Join(cwd, p)
			}
			if _, err := os.Stat(p); err != nil && first && !program && !strings.Contains(c, "/") {
				if lp, err := exec.LookPath(c); err == nil {
					p = lp
				}
			}
			real, err := realPath(p)
			if err != nil {
				continue
			}
			st, err := os.Stat(real)
			if err != nil {
				continue
			}
			if st.IsDir() {
				if h := holds(real); h != "" {
					return nil, nil, fmt.Errorf("the agent's command names the folder %s, which holds %s: an agent may not read it (move the agent's files to a folder of their own)", c, h)
				}
				dirs = append(dirs, real)
				continue
			}
			folder := filepath.Dir(real)
			switch {
			case holds(filepath.Dir(folder)) == "":
				dirs = append(dirs, filepath.Dir(folder))
			case holds(folder) == "":
				dirs = append(dirs, folder)
			default:
				files = append(files, real)
			}
		}
	}
	for _, r := range s.Read {
		real, err := realPath(r)
		if err != nil {
			return nil, nil, fmt.Errorf("--agent-read %s: %w", r, err)
		}
		if h := holds(real); h != "" {
			return nil, nil, fmt.Errorf("--agent-read %s holds %s: an agent may not read it", r, h)
		}
		if st, err := os.Stat(real); err == nil && !st.IsDir() {
			files = append(files, real)
		} else {
			dirs = append(dirs, real)
		}
	}
	return dirs, files, nil
}

// pathsIn are the paths a word of a command may name: the word, the value
// of NAME=VALUE or --flag=VALUE (each part of a list separated by ':').
func pathsIn(w string) []string {
	if strings.HasPrefix(w, "-") {
		_, v, ok := strings.Cut(w, "=")
		if !ok {
			return nil
		}
		w = v
	} else if name, v, ok := strings.Cut(w, "="); ok && isEnvName(name) {
		w = v
	}
	var out []string
	for _, p := range strings.Split(w, ":") {
		if p != "" && !strings.ContainsAny(p, "<>|&;$`*?") {
			out = append(out, p)
		}
	}
	return out
}

func isEnvName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// realPath is path made absolute, with its symbolic links resolved (what
// landlock's rules are about).
func realPath(path string) (string, error) {
	a, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	r, err := filepath.EvalSymlinks(a)
	if errors.Is(err, os.ErrNotExist) {
		return a, nil
	}
	return r, err
}
