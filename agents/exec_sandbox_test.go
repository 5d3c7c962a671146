package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runSnoop is a hostile outside program: for every target of ELEUSIS_SNOOP
// ("|"-separated: read:PATH, list:PATH, write:PATH, signal:PID, env) it
// tries, and writes one JSON line saying what it got; then it waits for
// its stdin to close.
func runSnoop() {
	got := map[string]string{}
	for _, target := range strings.Split(os.Getenv("ELEUSIS_SNOOP"), "|") {
		what, arg, _ := strings.Cut(target, ":")
		var err error
		switch what {
		case "read":
			var b []byte
			b, err = os.ReadFile(arg)
			if err == nil {
				got[target] = fmt.Sprintf("read %d bytes", len(b))
				continue
			}
		case "list":
			_, err = os.ReadDir(arg)
		case "write":
			err = os.WriteFile(arg, []byte("the snoop was here"), 0o644)
		case "signal":
			pid, _ := strconv.Atoi(arg)
			err = syscall.Kill(pid, 0)
		case "env":
			var names []string
			for _, kv := range os.Environ() {
				n, _, _ := strings.Cut(kv, "=")
				names = append(names, n)
			}
			got[target] = strings.Join(names, " ")
			continue
		default:
			continue
		}
		if err != nil {
			got[target] = "denied: " + err.Error()
		} else {
			got[target] = "ok"
		}
	}
	b, _ := json.Marshal(got)
	os.Stdout.Write(append(b, '\n'))
	var buf [1]byte
	os.Stdin.Read(buf[:]) // until the harness closes it
}

// snoop starts the hostile program on targets and returns what it got,
// and the program (stop it).
func snoop(t *testing.T, sb Sandbox, targets ...string) (map[string]string, *proc) {
	t.Helper()
	cmd := fmt.Sprintf("EXEC_AGENT=snoop ELEUSIS_SNOOP=%q %q -test.run=NONE", strings.Join(targets, "|"), os.Args[0])
	p, err := startProc(cmd, sb)
	if err != nil {
		t.Fatal(err)
	}
	line, err := p.read(context.Background(), "snoop", 20*time.Second)
	if err != nil {
		p.stop(0)
		t.Fatal(err)
	}
	got := map[string]string{}
	if err := json.Unmarshal(line, &got); err != nil {
		p.stop(0)
		t.Fatalf("%s: %v", line, err)
	}
	return got, p
}

// An outside agent under the sandbox reads nothing that could give it the
// answer: not the run's files (run.json, hands.jsonl.part) or the bank, not
// another seat's private folder, not the harness's environment or command
// line, not the folder eleusis runs in or /tmp; it cannot signal the
// harness or another agent. It can read the system, its own program and
// write its own folder, and it gets only the environment it should. The
// same program unconfined reads them all: the test can fail.
func TestSandboxConfines(t *testing.T) {
	if st := landlockStatus(); strings.HasPrefix(st, "none") {
		t.Skip(st)
	}
	leakCheck(t)
	run := t.TempDir() // a run's folder and a bank
	for name, text := range map[string]string{"run.json": `{"secret": "00ff"}`, "hands.jsonl.part": `{"rule": "same-suit"}`, "bank.yaml": "rules: []"} {
		if err := os.WriteFile(filepath.Join(run, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HARNESS_SECRET", "the rule is same-suit")
	t.Setenv("AGENT_KEY", "sk-test")
	t.Setenv("ELEUSIS_LLM_MODEL", "m")
	sb := Sandbox{Env: []string{"AGENT_KEY"}, Protect: []string{run}}

	// Another seat's program, with a note in its private folder.
	other, op := snoop(t, sb, "write:$HOME/notes") // sh expands $HOME: its own folder
	defer op.stop(0)
	note := filepath.Join(op.home, "notes")
	if _, err := os.Stat(note); err != nil {
		t.Fatalf("the other program could not write its own folder: %v (%v)", err, other)
	}

	cwd, _ := os.Getwd()
	harness := strconv.Itoa(os.Getpid())
	hostile := []string{
		"read:" + filepath.Join(run, "run.json"), "read:" + filepath.Join(run, "hands.jsonl.part"), "read:" + filepath.Join(run, "bank.yaml"),
		"list:" + run, "read:" + note, "list:" + op.home, "write:" + filepath.Join(op.home, "planted"),
		"read:/proc/" + harness + "/environ", "read:/proc/" + harness + "/cmdline", "read:/proc/" + harness + "/mem",
		"signal:" + harness, "signal:" + strconv.Itoa(op.cmd.Process.Pid),
		"list:" + cwd, "read:" + filepath.Join(cwd, "exec_sandbox_test.go"), "write:" + filepath.Join(cwd, "planted"), "list:" + os.TempDir(),
	}
	allowed := []string{"read:/etc/passwd", "read:" + os.Args[0], "write:$HOME/mine", "read:$HOME/mine"}
	got, p := snoop(t, sb, append(append(hostile, allowed...), "env")...)
	p.stop(0)
	for _, h := range hostile {
		if r := got[h]; !strings.HasPrefix(r, "denied") {
			st, _ := os.ReadFile("/proc/" + strconv.Itoa(op.cmd.Process.Pid) + "/stat")
			t.Errorf("%s: %s (the other program: %s)", h, r, st)
		}
	}
	for _, a := range allowed[:2] {
		if r := got[a]; strings.HasPrefix(r, "denied") || r == "" {
			t.Errorf("%s: %s (the sandbox is too tight: the program could not read the system or itself)", a, r)
		}
	}
	own := 0
	for target, r := range got {
		if strings.HasSuffix(target, "/mine") && (r == "ok" || strings.HasPrefix(r, "read ")) {
			own++
		}
	}
	if own != 2 {
		t.Errorf("the program could not write and read its own folder: %v", got)
	}
	names := strings.Fields(got["env"])
	for _, n := range names {
		if !slices.Contains([]string{"PATH", "LANG", "HOME", "TMPDIR", "AGENT_KEY", "PWD", "SHLVL", "_", "OLDPWD"}, n) &&
			!strings.HasPrefix(n, "LC_") && !strings.HasPrefix(n, "ELEUSIS_") && n != "EXEC_AGENT" {
			t.Errorf("the agent's environment holds %s", n)
		}
	}
	for _, n := range []string{"AGENT_KEY", "ELEUSIS_LLM_MODEL", "HOME", agentTagVar} {
		if !slices.Contains(names, n) {
			t.Errorf("the agent's environment lacks %s: %v", n, names)
		}
	}

	// The thread that starts a confined program is confined with it, and
	// must never be the harness's main thread (which a signal to the
	// harness's pid is checked against): again and again, no program may
	// signal the harness.
	for range 12 {
		got, p := snoop(t, sb, "signal:"+harness)
		p.stop(0)
		if r := got["signal:"+harness]; !strings.HasPrefix(r, "denied") {
			t.Fatalf("a program signalled the harness: %s", r)
		}
	}

	// Unconfined (--no-sandbox), the same program reads what it was denied.
	loose, lp := snoop(t, Sandbox{Off: true}, "read:"+filepath.Join(run, "run.json"), "read:/proc/"+harness+"/environ", "read:"+note, "env")
	lp.stop(0)
	for _, target := range []string{"read:" + filepath.Join(run, "run.json"), "read:/proc/" + harness + "/environ", "read:" + note} {
		if !strings.HasPrefix(loose[target], "read ") {
			t.Errorf("unconfined, %s: %s (the test could not have failed)", target, loose[target])
		}
	}
	if !strings.Contains(loose["env"], "HARNESS_SECRET") {
		t.Error("unconfined, the program does not see the harness's environment (the test could not have failed)")
	}
	if _, err := os.Stat(op.home); err != nil {
		t.Fatal(err)
	}
	op.stop(0)
	if _, err := os.Stat(op.home); err == nil {
		t.Error("a program's private folder outlived it")
	}
}

// The program's folder: the folder above the file the command names, but
// never one holding the folder eleusis runs in or a protected path.
func TestSandboxGrants(t *testing.T) {
	root := t.TempDir()
	agent := filepath.Join(root, "kit", "examples", "agent.py")
	out := filepath.Join(root, "kit", "out")
	for _, d := range []string{filepath.Dir(agent), out} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(agent, nil, 0o644)
	t.Chdir(root)
	cases := []struct {
		name, command string
		protect       []string
		dirs, files   []string
		err           string
	}{
		{"above the program", "python3 kit/examples/agent.py", nil, []string{filepath.Join(root, "kit")}, nil, ""},
		{"its folder: the one above holds the output", "python3 kit/examples/agent.py --x", []string{out}, []string{filepath.Join(root, "kit", "examples")}, nil, ""},
		{"the file: its folder is where eleusis runs", "VAR=1 python3 ./agent.py", nil, nil, nil, ""},
		{"a folder named by a variable", "PYTHONPATH=kit/examples python3 x.py", nil, []string{filepath.Join(root, "kit", "examples")}, nil, ""},
		{"a folder holding the output", "PYTHONPATH=kit python3 x.py", []string{out}, nil, nil, "holds " + out},
		{"the working folder", "PYTHONPATH=. python3 x.py", nil, nil, nil, "holds " + root},
	}
	os.WriteFile(filepath.Join(root, "agent.py"), nil, 0o644)
	cases[2].files = []string{filepath.Join(root, "agent.py")}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dirs, files, err := Sandbox{Protect: c.protect}.grants(c.command)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// python3 itself is found on PATH: its folder's parent (/usr).
			dirs = slices.DeleteFunc(dirs, func(d string) bool { return !strings.HasPrefix(d, root) })
			if !slices.Equal(dirs, c.dirs) || !slices.Equal(files, c.files) {
				t.Errorf("dirs %v files %v, want %v %v", dirs, files, c.dirs, c.files)
			}
		})
	}
}
