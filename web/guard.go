package web

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// The server's guards, for a school network where anyone may reach it:
//
//   - Every route that takes a table's code or a secret link (the join
//     page, the class screen, a seat's, the hot seat's and the teacher's
//     links) counts the wrong ones per address; an address that has made
//     too many is refused on every such route, with the same answer
//     whether its next code is right or wrong, so that codes and links
//     cannot be tried in bulk and the refusal gives nothing away.
//   - A POST sent from another site is refused (net/http's
//     CrossOriginProtection: the browser's Sec-Fetch-Site, or the Origin
//     against the Host), so a page elsewhere cannot make a student's or the
//     teacher's browser act at a table.
//   - A request naming this server by a name that is not its own is
//     refused: a site that rebinds its own name to this computer's address
//     (DNS rebinding) gets nothing.

// Wrong codes and links: a burst of guessBurst, then one per guessEvery,
// per address. Right codes cost nothing, so a class of 40 behind one
// address (a school's NAT) joins at once even if every student mistypes
// the code once; a guesser makes 86,400 tries a day, against 2^40 codes
// and 2^128 links.
const (
	guessEvery = time.Second
	guessBurst = 40
)

// limiter is a token bucket per client address.
type limiter struct {
	mu     sync.Mutex
	every  time.Duration
	burst  int
	byAddr map[string]*visitor
	swept  time.Time
}

type visitor struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(every time.Duration, burst int) *limiter {
	return &limiter{every: every, burst: burst, byAddr: map[string]*visitor{}, swept: time.Now()}
}

// blocked reports whether the request's address has no token left.
func (l *limiter) blocked(r *http.Request) bool {
	return l.visit(r, func(v *rate.Limiter, now time.Time) bool { return v.TokensAt(now) < 1 })
}

// spend takes a token from the request's address (a wrong guess).
func (l *limiter) spend(r *http.Request) {
	l.visit(r, func(v *rate.Limiter, now time.Time) bool { return v.AllowN(now, 1) })
}

// visit runs f on the bucket of the request's address.
func (l *limiter) visit(r *http.Request, f func(*rate.Limiter, time.Time) bool) bool {
	addr, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		addr = r.RemoteAddr
	}
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		// Forget addresses quiet for long enough to have their whole burst
		// again: the map holds the last minutes' visitors only.
		full := l.every * time.Duration(l.burst)
		for a, v := range l.byAddr {
			if now.Sub(v.seen) > full {
				delete(l.byAddr, a)
			}
		}
		l.swept = now
	}
	v := l.byAddr[addr]
	if v == nil {
		v = &visitor{lim: rate.NewLimiter(rate.Every(l.every), l.burst)}
		l.byAddr[addr] = v
	}
	v.seen = now
	return f(v.lim, now)
}

// guessed wraps a handler of a route that takes a code or a link: an
// address out of tokens is refused before the code is looked at; a wrong
// code or link (known says which) spends one of its tokens, a right one
// none. The handler then answers as always (a wrong code: not found).
func (s *Server) guessed(known func(*http.Request) bool, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.guesses.blocked(r) {
			w.Header().Set("Retry-After", "10")
			l := printer(r)
			s.render(w, r, http.StatusTooManyRequests, "message.html", &page{L: l, Role: "home", Title: l.T("web.tooManyTitle"), Flash: l.T("web.tooMany")})
			return
		}
		if !known(r) {
			s.guesses.spend(r)
		}
		h(w, r)
	}
}

// What each route's code or link is, and whether it is right. A code or
// link that was right once (a closed table, a freed seat) is not a guess:
// the pages left open on it keep asking.

func (s *Server) knownTyped(typed string) bool {
	return strings.TrimSpace(typed) == "" || s.table(typed) != nil || s.wasKnown(typed)
}

// codeInQuery: the join page's ?code= (none: the page itself).
func (s *Server) codeInQuery(r *http.Request) bool { return s.knownTyped(r.URL.Query().Get("code")) }

// codeInForm: the join form's code.
func (s *Server) codeInForm(r *http.Request) bool { return s.knownTyped(r.PostFormValue("code")) }

// codeInPath: the class screen's /board/CODE/.
func (s *Server) codeInPath(r *http.Request) bool {
	c := r.PathValue("code")
	return s.table(c) != nil || s.wasKnown(c)
}

// seatLink: a person's /play/TOKEN/.
func (s *Server) seatLink(r *http.Request) bool {
	tok := r.PathValue("tok")
	_, _, ok := s.seatOf(tok)
	return ok || s.wasKnown(tok)
}

// hotseatLink: the shared screen's /hotseat/TOKEN/.
func (s *Server) hotseatLink(r *http.Request) bool {
	tok := r.PathValue("tok")
	s.mu.Lock()
	_, ok := s.hotseats[tok]
	s.mu.Unlock()
	return ok || s.wasKnown(tok)
}

// teacherLink: /teacher/TOKEN/.
func (s *Server) teacherLink(r *http.Request) bool {
	return subtle.ConstantTimeCompare([]byte(r.PathValue("tok")), []byte(s.teacher)) == 1
}

// retire remembers codes and links that were right (wasKnown).
func (s *Server) retire(keys ...string) {
	s.mu.Lock()
	for _, k := range keys {
		if k != "" {
			s.retired[k] = true
		}
	}
	s.mu.Unlock()
}

func (s *Server) wasKnown(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range codeForms(key) {
		if s.retired[c] {
			return true
		}
	}
	return s.retired[key]
}

// guard wraps every page: the Host check, then the cross-origin check of
// POSTs.
func (s *Server) guard(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, fmt.Sprintf("Refused: this form was sent from another site (%s), not from this server's own page.", clip(r.Header.Get("Origin"), 80)), http.StatusForbidden)
	}))
	inner := cop.Handler(h)
	names := s.ownNames()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hostAllowed(r.Host, names) {
			http.Error(w, fmt.Sprintf("This server answers to its own addresses, not to the name %q: open it by its address (the teacher's console shows it).", clip(r.Host, 80)), http.StatusMisdirectedRequest)
			return
		}
		inner.ServeHTTP(w, r)
	})
}

// ownNames are the names this server answers to besides IP addresses and
// localhost: this computer's name (first label, lower case) and the hosts
// of the join addresses serve prints.
func (s *Server) ownNames() map[string]bool {
	names := map[string]bool{}
	if h, err := os.Hostname(); err == nil && h != "" {
		names[firstLabel(h)] = true
	}
	for _, u := range s.cfg.JoinURLs {
		u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
		host, _, _ := strings.Cut(u, "/")
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		names[firstLabel(host)] = true
	}
	return names
}

func firstLabel(host string) string {
	l, _, _ := strings.Cut(strings.ToLower(host), ".")
	return l
}

// hostAllowed: an IP address, localhost, or one of this computer's names
// (with any domain: laptop, laptop.local, laptop.school.lan).
func hostAllowed(hostport string, names map[string]bool) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if host == "" || net.ParseIP(host) != nil {
		return true
	}
	l := strings.ToLower(host)
	if l == "localhost" || strings.HasSuffix(l, ".localhost") {
		return true
	}
	return names[firstLabel(l)]
}
