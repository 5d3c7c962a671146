package web

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
)

// A name is read as Unicode means it and counted in letters; names that
// look alike at one table are refused.
func TestNames(t *testing.T) {
	for _, c := range []struct {
		typed, want string
		ok          bool
	}{
		{"Ana", "Ana", true},
		{"  Rui ", "Rui", true},
		{strings.Repeat("Á", 12), strings.Repeat("Á", 12), true},       // 24 bytes, 12 letters
		{strings.Repeat("A\u0301", 20), strings.Repeat("Á", 20), true}, // composed by NFKC
		{"Ａｎａ", "Ana", true},                                           // full-width letters
		{"नमस्ते", "नमस्ते", true},                                     // marks count with their letter
		{"O'Neil", "O'Neil", true},
		{strings.Repeat("a", 21), "", false},
		{"Ana Clara", "", false},
		{"Ana<b>", "", false},
		{"", "", false},
		{"😀", "", false},
	} {
		t.Run(c.typed, func(t *testing.T) {
			got, err := cleanName(c.typed)
			if (err == nil) != c.ok || got != c.want {
				t.Errorf("cleanName(%q) = %q, %v", c.typed, got, err)
			}
		})
	}
	for _, c := range []struct {
		a, b  string
		alike bool
	}{
		{"Ana", "Аna", true}, // a Cyrillic А
		{"Ana", "ANA", true},
		{"Ben", "Вen", true}, // a Cyrillic В
		{"rn", "m", true},
		{"Paulo", "PauIo", true}, // a capital I for the l
		{"José", "Jose", false},
		{"Ana", "Ava", false},
		{"Rui", "Ruí", false},
	} {
		if got := alike(c.a, c.b); got != c.alike {
			t.Errorf("alike(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// Students type their own names; one that looks like another's at the
// table is refused in their language; the teacher renames and removes.
func TestStudentsNameThemselves(t *testing.T) {
	ts := newTestServer(t, "")
	f := form("express", "bank", "opposite-colour", "person:", "person:", "bot:random")
	code := ts.openTable(t, f)
	tb := ts.table(code)
	if _, page := ts.get(t, "/join?code="+code); !strings.Contains(page, `name="name"`) {
		t.Fatal("the join page asks no name")
	}
	join := func(name, accept string) (string, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", ts.ts.URL+"/join", strings.NewReader(url.Values{"code": {code}, "name": {name}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", accept)
		resp, err := ts.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		loc := resp.Header.Get("Location")
		if strings.HasPrefix(loc, "/play/") {
			return loc, ""
		}
		return "", ts.flashAtLang(t, loc, accept)
	}
	ana, _ := join("Ana", "en")
	if ana == "" {
		t.Fatal("Ana could not join")
	}
	if _, why := join("АNA", "pt-BR"); why != "o nome АNA parece Ana, que já está nesta mesa: escolha outro (acrescente uma inicial, por exemplo)" {
		t.Fatalf("a name like Ana's: %q", why)
	}
	if _, why := join("Ana Clara", "es"); !strings.Contains(why, "una sola palabra") {
		t.Fatalf("two words: %q", why)
	}
	bia, _ := join("Bia", "en")
	if bia == "" {
		t.Fatal("Bia could not join")
	}
	if _, why := join("Caio", "en"); why != "every seat of this table is taken: ask your teacher" {
		t.Fatalf("a third student at two seats: %q", why)
	}
	s := waitFor(t, tb, "the names", func(s *snapshot) bool { return s.public.Seats[1].Name == "Bia" })
	if s.public.Seats[0].Name != "Ana" || ts.state(t, bia).Seat.Name != "Bia" {
		t.Fatalf("seats %+v", s.public.Seats)
	}
	console := ts.TeacherPath() + "t/" + code + "/"
	// The teacher renames Bia; a name like another's is refused there too.
	if status, _, body := ts.post(t, console+"rename", url.Values{"seat": {"1"}, "name": {"aNa"}}, true); status != http.StatusBadRequest || !strings.Contains(body, "looks like Ana") {
		t.Fatalf("renaming Bia as aNa: %d %s", status, body)
	}
	mustPost(t, ts, console+"rename", url.Values{"seat": {"1"}, "name": {"Beatriz"}})
	waitFor(t, tb, "Beatriz", func(s *snapshot) bool { return s.public.Seats[1].Name == "Beatriz" })
	// Removing a student's name frees the seat for another, who names it.
	mustPost(t, ts, console+"free", url.Values{"seat": {"1"}})
	s = waitFor(t, tb, "the seat free", func(s *snapshot) bool { return s.public.Seats[1].Name == "" && !s.public.Seats[1].Claimed })
	if _, page := ts.get(t, "/board/"+code+"/view"); !strings.Contains(page, "seat 2 (free") {
		t.Fatal("the class screen does not show the free seat")
	}
	if caio, why := join("Caio", "en"); caio == "" {
		t.Fatalf("Caio could not take the freed seat: %s", why)
	}
	waitFor(t, tb, "Caio", func(s *snapshot) bool { return s.public.Seats[1].Name == "Caio" })
	if b, _ := readFile(ts.dir, code, "table.json"); !strings.Contains(string(b), `"Caio"`) {
		t.Fatal("table.json does not name Caio")
	}
}

// A class of 40 behind one school address (every request here comes from
// 127.0.0.1) joins five tables at once, some students mistyping the code
// first: every one is seated, none is told "too many tries", within 5 s.
func TestAClassBehindOneAddressJoinsAtOnce(t *testing.T) {
	ts := newTestServer(t, "")
	var codes []string
	for range 5 {
		f := form("new-eleusis", "bank", "opposite-colour", "person:", "person:", "person:", "person:", "person:", "person:", "person:", "person:")
		codes = append(codes, ts.openTable(t, f))
	}
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Jar: jar, Timeout: 20 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			code := codes[i%5]
			if i%4 == 0 { // a mistyped code first
				resp, err := c.Get(ts.ts.URL + "/join?code=" + code[:7] + "Z")
				if err != nil {
					errs <- err
					return
				}
				resp.Body.Close()
				if resp.StatusCode == http.StatusTooManyRequests {
					errs <- fmt.Errorf("student %d: too many tries", i)
					return
				}
			}
			resp, err := c.Get(ts.ts.URL + "/join?code=" + strings.ToLower(groupCode(code)))
			if err != nil {
				errs <- err
				return
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				errs <- fmt.Errorf("student %d: the join page: %d", i, resp.StatusCode)
				return
			}
			resp, err = c.PostForm(ts.ts.URL+"/join", url.Values{"code": {code}, "name": {fmt.Sprintf("Student%d", i)}})
			if err != nil {
				errs <- err
				return
			}
			resp.Body.Close()
			if loc := resp.Header.Get("Location"); !strings.HasPrefix(loc, "/play/") {
				errs <- fmt.Errorf("student %d: %d %s", i, resp.StatusCode, loc)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("40 students took %v to sit down", d)
	}
	for _, code := range codes {
		for i, st := range ts.table(code).snap.Load().public.Seats {
			if !st.Claimed || st.Name == "" {
				t.Errorf("table %s seat %d: %+v", code, i+1, st)
			}
		}
	}
}

// Every rule of the default bank is described in every language, English
// being the bank's own words.
func TestBankDescriptionsInEveryLanguage(t *testing.T) {
	c := i18n.Default()
	for _, r := range rulebank.Default().Rules {
		key := "bank." + r.Rule.Name
		if !c.Has(key) {
			t.Errorf("%s has no description in the catalogue", r.Rule.Name)
			continue
		}
		if got := i18n.NewPrinter(i18n.Languages[0]).T(key); got != r.Rule.Description {
			t.Errorf("%s: the catalogue's English %q is not the bank's %q", r.Rule.Name, got, r.Rule.Description)
		}
	}
	for _, l := range i18n.Languages[1:] {
		for _, k := range c.Missing(l) {
			if strings.HasPrefix(k, "bank.") {
				t.Errorf("%s lacks %s", l, k)
			}
		}
	}
}
