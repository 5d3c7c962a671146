package web

import (
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
//   - Looking tables up by code (the join page, the class screen) is rate
//     limited per address, so that the codes cannot be tried in bulk.
//   - A POST sent from another site is refused (net/http's
//     CrossOriginProtection: the browser's Sec-Fetch-Site, or the Origin
//     against the Host), so a page elsewhere cannot make a student's or the
//     teacher's browser act at a table.
//   - A request naming this server by a name that is not its own is
//     refused: a site that rebinds its own name to this computer's address
//     (DNS rebinding) gets nothing.

// Lookups by code: a burst of lookupBurst, then one per lookupEvery, per
// address. A class joining at once makes one lookup each; a guesser
// makes 86,400 a day.
const (
	lookupEvery = time.Second
	lookupBurst = 20
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

// allow takes a token for the request's address.
func (l *limiter) allow(r *http.Request) bool {
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
	return v.lim.AllowN(now, 1)
}

// lookup wraps a handler that looks a table up by its code: each request
// takes a token of its address, unless it is a page's own live update
// (view, events, downloads) of a table that exists.
func (s *Server) lookup(h http.HandlerFunc, always bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if (always || s.table(r.PathValue("code")) == nil) && !s.lookups.allow(r) {
			w.Header().Set("Retry-After", "10")
			l := printer(r)
			s.render(w, r, http.StatusTooManyRequests, "message.html", &page{L: l, Role: "home", Title: l.T("web.tooManyTitle"), Flash: l.T("web.tooMany")})
			return
		}
		h(w, r)
	}
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
