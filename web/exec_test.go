package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/eleusis/eleusis/agents"
)

// A server without --allow-exec runs no outside program on any route that
// seats a bot: opening a table, restoring one from its folder, giving a seat
// to a bot. The program of the test would leave a file behind; with
// --allow-exec it does, without it the file is never made.
func TestOutsideProgramsNeedAllowExec(t *testing.T) {
	routes := []struct {
		name string
		// seat seats the program by the route on a server of the given
		// configuration and returns what the route answered.
		seat func(t *testing.T, allow bool, spec string) string
	}{
		{"open", func(t *testing.T, allow bool, spec string) string {
			ts := newTestServerWith(t, "", Config{AllowExec: allow, Sandbox: unconfined})
			status, _, body := ts.post(t, ts.TeacherPath()+"tables", form("express", "bank", "opposite-colour", "person:Ana", "bot:"+spec, "bot:random"), false)
			if allow != (status == http.StatusSeeOther) {
				t.Errorf("opening a table with %s: status %d", spec, status)
			}
			return body
		}},
		{"replace", func(t *testing.T, allow bool, spec string) string {
			ts := newTestServerWith(t, "", Config{AllowExec: allow, Sandbox: unconfined})
			code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
			status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/bot", url.Values{"seat": {"1"}, "spec": {spec}}, true)
			if allow != (status == http.StatusNoContent) {
				t.Errorf("giving a seat to %s: status %d %s", spec, status, body)
			}
			return body
		}},
		{"restore", func(t *testing.T, allow bool, spec string) string {
			dir := t.TempDir()
			a := newTestServerWith(t, dir, Config{Sandbox: unconfined})
			code := a.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
			a.ts.Close()
			a.Close()
			// The folder of a table that seated the program (on a server
			// that allowed it, once).
			path := filepath.Join(dir, "tables", code, "table.json")
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var st stored
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			st.Setup.Seats[1].Bot = spec
			b, _ = json.Marshal(st)
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			s := newTestServerWith(t, dir, Config{AllowExec: allow, Sandbox: unconfined})
			if allow != (s.table(code) != nil) {
				t.Errorf("restoring a table with %s: restored %v, broken %v", spec, s.table(code) != nil, s.broken)
			}
			return s.broken[code]
		}},
	}
	for _, r := range routes {
		for _, allow := range []bool{false, true} {
			name := r.name + map[bool]string{false: "/without", true: "/with"}[allow]
			t.Run(name, func(t *testing.T) {
				witness := filepath.Join(t.TempDir(), "ran")
				spec := "exec:touch " + witness + "; cat >/dev/null"
				said := r.seat(t, allow, spec)
				if allow {
					deadline := time.Now().Add(30 * time.Second)
					for !exists(witness) {
						if time.Now().After(deadline) {
							t.Fatal("with --allow-exec the program never ran: the test proves nothing")
						}
						time.Sleep(20 * time.Millisecond)
					}
					return
				}
				if !strings.Contains(said, "--allow-exec") {
					t.Errorf("the refusal does not say how to allow programs: %q", clip(said, 300))
				}
				time.Sleep(200 * time.Millisecond)
				if exists(witness) {
					t.Fatal("a server without --allow-exec ran the outside program")
				}
			})
		}
	}
}

// unconfined: the test's program leaves its witness beside the test, which
// the sandbox would not let it write (agents' tests confine programs).
var unconfined = &agents.Sandbox{Off: true}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
