package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// On a server only this computer can reach, the console tells the teacher
// how to open it to the class — on the port it listens on, not a fixed one.
func TestConsoleSaysHowToOpenTheServer(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("new-eleusis", "bank", "same-suit", "person:Ana", "bot:random", "bot:random", "bot:random"))
	status, body := ts.get(t, ts.TeacherPath()+"t/"+code+"/")
	if status != http.StatusOK {
		t.Fatalf("console: %d", status)
	}
	u, _ := url.Parse(ts.ts.URL)
	if want := "eleusis serve --addr 0.0.0.0:" + u.Port(); !strings.Contains(body, want) {
		t.Errorf("the console does not say %q", want)
	}
}
