package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Table codes carry at least 40 bits, from an alphabet people do not
// misread, and are read as people type them.
func TestTableCodes(t *testing.T) {
	if bits := float64(codeLen) * math.Log2(float64(len(codeAlphabet))); bits < 40 {
		t.Fatalf("a code carries %.1f bits", bits)
	}
	s := &Server{tables: map[string]*table{}, broken: map[string]string{}}
	seen := map[string]bool{}
	for range 2000 {
		c := s.newCode()
		if len(c) != codeLen || strings.Trim(c, codeAlphabet) != "" {
			t.Fatalf("the code %q is not %d characters of %s", c, codeLen, codeAlphabet)
		}
		if seen[c] {
			t.Fatalf("the code %q came twice in 2000", c)
		}
		seen[c] = true
	}
	if strings.ContainsAny(codeAlphabet, "ILOU") {
		t.Fatal("the alphabet holds a letter read as another")
	}
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	typed := []string{code, strings.ToLower(code), groupCode(code), strings.ToLower(groupCode(code)), " " + code[:4] + " " + code[4:] + " ",
		strings.NewReplacer("0", "o", "1", "l").Replace(code), strings.NewReplacer("0", "O", "1", "I").Replace(code)}
	for _, c := range typed {
		if status, body := ts.get(t, "/join?code="+url.QueryEscape(c)); status != http.StatusOK || !strings.Contains(body, "Table "+groupCode(code)) {
			t.Errorf("the code typed as %q: %d", c, status)
		}
	}
	if status, _ := ts.get(t, "/join?code="+code[:7]); status != http.StatusNotFound {
		t.Errorf("7 of the code's 8 characters found a table: %d", status)
	}
}

// Every route that takes a code or a link counts the wrong ones per
// address, and only the wrong ones: an address past guessBurst wrong
// guesses is refused on every such route, with the same answer for the
// right code as for a wrong one; right codes never run an address out (a
// class behind one NAT), and other addresses are not touched.
func TestGuessesAreRateLimited(t *testing.T) {
	ts := newTestServer(t, "")
	code, tb, seat := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	seatTok := strings.Split(seat, "/")[2]
	hot, teacher := tb.settings.Hotseat, ts.teacher
	const wrongCode, wrongTok = "ZZZZZZZZ", "0123456789abcdef0123456789abcdef"
	send := func(addr, method, path string, form url.Values) (int, string) {
		var body *strings.Reader
		if form != nil {
			body = strings.NewReader(form.Encode())
		} else {
			body = strings.NewReader("")
		}
		req := httptest.NewRequest(method, path, body)
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		if strings.HasSuffix(path, "/events") {
			// A stream that would stay open: the guard answers (or not)
			// before it starts; a cancelled request ends it at once.
			ctx, cancel := context.WithCancel(req.Context())
			cancel()
			req = req.WithContext(ctx)
		}
		req.RemoteAddr, req.Host = addr+":40000", "127.0.0.1:8080"
		rec := httptest.NewRecorder()
		ts.Handler().ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	// unkeyed: a page with the codes and links it echoes (the language
	// links) blanked out.
	unkeyed := func(b string) string {
		for _, k := range []string{code, seatTok, hot, teacher, wrongCode, wrongTok} {
			b = strings.ReplaceAll(b, k, "KEY")
		}
		return b
	}
	joinForm := func(c string) url.Values { return url.Values{"code": {c}, "seat": {"9"}} }
	routes := []struct {
		name           string
		method         string
		right, wrong   string
		rightF, wrongF url.Values
	}{
		{"join page", "GET", "/join?code=" + code, "/join?code=" + wrongCode, nil, nil},
		{"join form", "POST", "/join", "/join", joinForm(code), joinForm(wrongCode)},
		{"class screen", "GET", "/board/" + code + "/", "/board/" + wrongCode + "/", nil, nil},
		{"class screen's update", "GET", "/board/" + code + "/view", "/board/" + wrongCode + "/view", nil, nil},
		{"class screen's events", "GET", "/board/" + code + "/events", "/board/" + wrongCode + "/events", nil, nil},
		{"transcript", "GET", "/board/" + code + "/transcript.yaml", "/board/" + wrongCode + "/transcript.yaml", nil, nil},
		{"beliefs", "GET", "/board/" + code + "/beliefs.svg", "/board/" + wrongCode + "/beliefs.svg", nil, nil},
		{"seat page", "GET", "/play/" + seatTok + "/", "/play/" + wrongTok + "/", nil, nil},
		{"seat's update", "GET", "/play/" + seatTok + "/view", "/play/" + wrongTok + "/view", nil, nil},
		{"seat's events", "GET", "/play/" + seatTok + "/events", "/play/" + wrongTok + "/events", nil, nil},
		{"seat's state", "GET", "/play/" + seatTok + "/state.json", "/play/" + wrongTok + "/state.json", nil, nil},
		{"seat's action", "POST", "/play/" + seatTok + "/nothing", "/play/" + wrongTok + "/nothing", url.Values{}, url.Values{}},
		{"hot seat", "GET", "/hotseat/" + hot + "/", "/hotseat/" + wrongTok + "/", nil, nil},
		{"hot seat's update", "GET", "/hotseat/" + hot + "/view", "/hotseat/" + wrongTok + "/view", nil, nil},
		{"hot seat's events", "GET", "/hotseat/" + hot + "/events", "/hotseat/" + wrongTok + "/events", nil, nil},
		{"hot seat's action", "POST", "/hotseat/" + hot + "/nothing", "/hotseat/" + wrongTok + "/nothing", url.Values{}, url.Values{}},
		{"teacher's home", "GET", "/teacher/" + teacher + "/", "/teacher/" + wrongTok + "/", nil, nil},
		{"teacher's console", "GET", "/teacher/" + teacher + "/t/" + code + "/", "/teacher/" + wrongTok + "/t/" + code + "/", nil, nil},
		{"teacher's update", "GET", "/teacher/" + teacher + "/t/" + code + "/view", "/teacher/" + wrongTok + "/t/" + code + "/view", nil, nil},
		{"teacher's action", "POST", "/teacher/" + teacher + "/t/" + code + "/nothing", "/teacher/" + wrongTok + "/t/" + code + "/nothing", url.Values{}, url.Values{}},
	}
	for i, rt := range routes {
		t.Run(rt.name, func(t *testing.T) {
			class, guesser, other := fmt.Sprintf("10.1.%d.1", i), fmt.Sprintf("10.2.%d.1", i), fmt.Sprintf("10.3.%d.1", i)
			for range 2 * guessBurst {
				if got, _ := send(class, rt.method, rt.right, rt.rightF); got == http.StatusTooManyRequests {
					t.Fatalf("the right code, again and again from one address, was refused")
				}
			}
			limited := -1
			for k := range 2 * guessBurst {
				if got, _ := send(guesser, rt.method, rt.wrong, rt.wrongF); got == http.StatusTooManyRequests {
					limited = k
					break
				}
			}
			if limited != guessBurst {
				t.Fatalf("wrong guesses refused from the %dth on, want after %d", limited+1, guessBurst)
			}
			wrongStatus, wrongBody := send(guesser, rt.method, rt.wrong, rt.wrongF)
			rightStatus, rightBody := send(guesser, rt.method, rt.right, rt.rightF)
			if rightStatus != http.StatusTooManyRequests || rightStatus != wrongStatus || unkeyed(rightBody) != unkeyed(wrongBody) {
				t.Errorf("a limited address: the right code gets %d, a wrong one %d (the answers must not tell them apart)", rightStatus, wrongStatus)
			}
			if got, _ := send(other, rt.method, rt.right, rt.rightF); got == http.StatusTooManyRequests {
				t.Errorf("another address was refused")
			}
		})
	}
}

// A POST from another site is refused: a page elsewhere cannot make a
// student's or the teacher's browser act; and the server answers to its
// own names only.
func TestForeignPostsRefused(t *testing.T) {
	ts := newTestServer(t, "")
	post := func(path string, f url.Values, header ...string) int {
		req, _ := http.NewRequest("POST", ts.ts.URL+path, strings.NewReader(f.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := ts.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	open := form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
	for _, h := range [][]string{{"Origin", "http://evil.example"}, {"Sec-Fetch-Site", "cross-site"}, {"Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site"}} {
		if got := post(ts.TeacherPath()+"tables", open, h...); got != http.StatusForbidden {
			t.Errorf("opening a table with %v: %d", h, got)
		}
	}
	if n := len(ts.tableList()); n != 0 {
		t.Fatalf("a foreign POST opened %d tables", n)
	}
	if got := post(ts.TeacherPath()+"tables", open, "Origin", ts.ts.URL, "Sec-Fetch-Site", "same-origin"); got != http.StatusSeeOther {
		t.Fatalf("the teacher's own page opening a table: %d", got)
	}
	code := ts.tableList()[0].setup.Code
	if got := post("/join", url.Values{"code": {code}, "seat": {"0"}}, "Origin", "http://evil.example"); got != http.StatusForbidden {
		t.Errorf("joining from another site: %d", got)
	}
	if got := post(ts.TeacherPath()+"t/"+code+"/bot", url.Values{"seat": {"1"}, "spec": {"random"}}, "Origin", "http://evil.example"); got != http.StatusForbidden {
		t.Errorf("the console from another site: %d", got)
	}
	for host, want := range map[string]int{"evil.example": http.StatusMisdirectedRequest, "localhost": http.StatusOK, "127.0.0.1": http.StatusOK, "[::1]": http.StatusOK} {
		req, _ := http.NewRequest("GET", ts.ts.URL+"/", nil)
		req.Host = host + ":8080"
		resp, err := ts.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("a request for the host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}
}

// Every numeric field is a finite number in its range: NaN compares false
// with every bound, so a range check alone lets it through.
func TestPaceIsFinite(t *testing.T) {
	ts := newTestServer(t, "")
	for _, v := range []string{"NaN", "nan", "Inf", "-Inf", "+Inf", "1e400", "-1", "61", "two"} {
		f := form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random")
		f.Set("pace", v)
		if status, _, body := ts.post(t, ts.TeacherPath()+"tables", f, false); status != http.StatusUnprocessableEntity || !strings.Contains(body, "the pace is") {
			t.Errorf("opening a table with pace=%s: %d", v, status)
		}
	}
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	tb := ts.table(code)
	for _, v := range []string{"NaN", "Inf", "-Inf", "-1", "61"} {
		if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/settings", url.Values{"pace": {v}}, true); status != http.StatusBadRequest || !strings.Contains(body, "the pace is") {
			t.Errorf("pace=%s on the console: %d %s", v, status, body)
		}
		if p := tb.snap.Load().teacher.Settings.Pace; p != 0 {
			t.Fatalf("pace=%s changed the pace to %v", v, p)
		}
	}
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/settings", url.Values{"pace": {"2.5"}}, true); status != http.StatusNoContent {
		t.Fatalf("a right pace: %d %s", status, body)
	}
	if b, _ := readFile(ts.dir, code, "table.json"); !strings.Contains(string(b), `"pace": 2.5`) {
		t.Fatalf("the pace was not saved:\n%s", b)
	}
}

// A change that cannot be saved is undone: the table never holds what its
// folder does not. The folder refuses writes because its place is taken by
// a file (tests run as root, for whom a read-only folder is writable).
func TestAFailedSaveChangesNothing(t *testing.T) {
	ts := newTestServer(t, "")
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "person:Bia", "bot:random"))
	tb := ts.table(code)
	bia := ts.join(t, code, 1)
	folder := filepath.Join(ts.dir, "tables", code)
	if err := os.Rename(folder, folder+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(folder, []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	console := ts.TeacherPath() + "t/" + code + "/"
	refused := func(what string, status int, body string) {
		t.Helper()
		if status == http.StatusSeeOther && strings.Contains(ts.flashAt(t, body), "could not be saved") || status == http.StatusBadRequest && strings.Contains(body, "could not be saved") {
			return
		}
		t.Errorf("%s with a folder that refuses writes: %d %s", what, status, body)
	}
	status, loc, _ := ts.post(t, "/join", url.Values{"code": {code}, "seat": {"0"}}, false)
	refused("joining", status, loc)
	if strings.HasPrefix(loc, "/play/") {
		t.Errorf("joining sent Ana to %q", loc)
	}
	s := tb.snap.Load()
	if s.public.Seats[0].Claimed || s.teacher.Settings.Tokens[0] != "" || len(ts.seats) != 1 {
		t.Fatal("a seat claim that could not be saved left the seat taken")
	}
	status, _, body := ts.post(t, console+"settings", url.Values{"pace": {"3"}, "play": {"pause"}}, true)
	refused("the pace", status, body)
	status, _, body = ts.post(t, console+"free", url.Values{"seat": {"1"}}, true)
	refused("freeing a seat", status, body)
	status, _, body = ts.post(t, console+"bot", url.Values{"seat": {"1"}, "spec": {"random"}}, true)
	refused("giving a seat to a bot", status, body)
	status, _, body = ts.post(t, console+"reveal", nil, true)
	refused("the reveal", status, body)
	s = tb.snap.Load()
	if st := s.teacher.Settings; st.Pace != 0 || st.Paused || st.Tokens[1] == "" || st.Revealed || s.teacher.Seats[1].Bot != "" {
		t.Fatalf("changes that could not be saved stayed: %+v, seat 2 %+v", st, s.teacher.Seats[1])
	}
	if st := ts.state(t, bia); st.Seat.Name != "Bia" {
		t.Fatal("Bia's link stopped working")
	}
	// The folder is back: the same requests succeed.
	os.Remove(folder)
	if err := os.Rename(folder+".away", folder); err != nil {
		t.Fatal(err)
	}
	ts.join(t, code, 0)
	if status, _, body := ts.post(t, console+"settings", url.Values{"pace": {"3"}}, true); status != http.StatusNoContent {
		t.Fatalf("the pace once the folder is back: %d %s", status, body)
	}
}

// A link or code that was right once (a freed seat, a closed table) is no
// guess: the pages left open on it keep asking, and must not run their
// address (a whole class behind one NAT) out of tries.
func TestRetiredLinksAreNoGuesses(t *testing.T) {
	ts := newTestServer(t, "")
	code, _, seat := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:random", "bot:random"))
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/free", url.Values{"seat": {"0"}}, true); status >= 400 {
		t.Fatalf("freeing Ana's seat: %d %s", status, body)
	}
	if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/close", nil, true); status >= 400 {
		t.Fatalf("closing the table: %d %s", status, body)
	}
	for _, path := range []string{seat + "view", "/board/" + code + "/view"} {
		for range 2 * guessBurst {
			req := httptest.NewRequest("GET", path, nil)
			req.RemoteAddr, req.Host = "10.9.9.9:40000", "127.0.0.1:8080"
			rec := httptest.NewRecorder()
			ts.Handler().ServeHTTP(rec, req)
			if rec.Code == http.StatusTooManyRequests {
				t.Fatalf("%s, asked again and again after it was retired, ran its address out of tries", path)
			}
			if rec.Code == http.StatusOK && path == seat+"view" {
				t.Fatalf("%s still answers after the seat was freed", path)
			}
		}
	}
}
