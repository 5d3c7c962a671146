package web

import (
	"context"
	htmlpkg "html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testServer is a server on a free port with a data folder of its own.
type testServer struct {
	*Server
	ts     *httptest.Server
	client *http.Client
	dir    string
}

func newTestServer(t *testing.T, dir string) *testServer {
	t.Helper()
	return newTestServerWith(t, dir, Config{AllowExec: true})
}

// newTestServerWith is a test server of the given configuration (its
// data folder and pace are the test's).
func newTestServerWith(t *testing.T, dir string, cfg Config) *testServer {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	cfg.DataDir, cfg.DefaultPace = dir, 0.01
	// A fixed deal key: the forms' typed seed deals the same cards in every
	// run of the tests (a real server makes its own, secret.go).
	if _, err := os.Stat(filepath.Join(dir, dealKeyFile)); err != nil {
		if err := os.WriteFile(filepath.Join(dir, dealKeyFile), []byte(strings.Repeat("5eed", 16)+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	t.Cleanup(func() {
		ts.CloseClientConnections()
		s.Close()
		ts.Close()
	})
	return &testServer{Server: s, ts: ts, client: client, dir: dir}
}

// post sends a form and returns the status, the Location and the body.
func (ts *testServer) post(t *testing.T, path string, form url.Values, fetch bool) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if fetch {
		req.Header.Set("X-Eleusis-Fetch", "1")
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), string(b)
}

func (ts *testServer) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := ts.client.Get(ts.ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// openTable opens a table from the start page's form and returns its code.
func (ts *testServer) openTable(t *testing.T, form url.Values) string {
	t.Helper()
	status, loc, body := ts.post(t, ts.TeacherPath()+"tables", form, false)
	if status != http.StatusSeeOther {
		errs := regexp.MustCompile(`class="(err|flash)"[^>]*>([^<]*)<`).FindAllStringSubmatch(body, -1)
		t.Fatalf("opening a table: status %d, %v", status, errs)
	}
	m := regexp.MustCompile(`/t/([0-9A-Z]{8})/$`).FindStringSubmatch(loc)
	if m == nil {
		t.Fatalf("opening a table sent us to %q", loc)
	}
	return m[1]
}

// join takes a person's seat by the table code and returns the seat's page.
func (ts *testServer) join(t *testing.T, code string, seat int) string {
	t.Helper()
	status, loc, body := ts.post(t, "/join", url.Values{"code": {code}, "seat": {itoa(seat)}}, false)
	if status != http.StatusSeeOther || !strings.HasPrefix(loc, "/play/") {
		t.Fatalf("joining seat %d: %d %q %s", seat, status, loc, body)
	}
	return loc
}

func itoa(i int) string { return strconv.Itoa(i) }

// waitFor polls the table's snapshot until cond holds.
func waitFor(t *testing.T, tb *table, what string, cond func(s *snapshot) bool) *snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		ch := tb.changed()
		if s := tb.snap.Load(); s != nil && cond(s) {
			return s
		}
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %s", what, tb.snap.Load().public.Status)
		}
	}
}

// form is a start-page form: a preset, a rule and seats ("person:Ana",
// "bot:random").
func form(preset, ruleMode, rule string, seats ...string) url.Values {
	f := url.Values{"preset": {preset}, "rule_mode": {ruleMode}, "pace": {"0"}, "seed": {"7"}}
	switch ruleMode {
	case "bank":
		f.Set("rule_name", rule)
	case "expr":
		f.Set("expr", rule)
	}
	for i, s := range seats {
		kind, v, _ := strings.Cut(s, ":")
		f.Set("seat"+itoa(i)+"_kind", kind)
		if kind == "person" {
			f.Set("seat"+itoa(i)+"_name", v)
		} else {
			f.Set("seat"+itoa(i)+"_bot", v)
		}
	}
	return f
}

func readFile(dir, code, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(dir, "tables", code, name))
}

func appendFile(t *testing.T, dir, code, name, text string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(dir, "tables", code, name), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString(text)
}

// withAna opens a table and takes its first seat, Ana's: the code, the
// table and Ana's page.
func (ts *testServer) withAna(t *testing.T, f url.Values) (string, *table, string) {
	t.Helper()
	code := ts.openTable(t, f)
	return code, ts.table(code), ts.join(t, code, 0)
}

// flashAt follows a redirect and returns the flash the page shows (the
// server keeps it in a cookie for the next page).
func (ts *testServer) flashAt(t *testing.T, loc string) string {
	t.Helper()
	return ts.flashAtLang(t, loc, "")
}

// flashAtLang is flashAt for a browser of that Accept-Language.
func (ts *testServer) flashAtLang(t *testing.T, loc, accept string) string {
	t.Helper()
	_, body := ts.getLang(t, loc, accept)
	m := regexp.MustCompile(`<p class="flash" role="alert">([^<]*)</p>`).FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return htmlpkg.UnescapeString(m[1])
}
