package web

import (
	"net/http"
	"net/url"

	"github.com/eleusis/eleusis/i18n"
)

// The pages' language: the one a reader chose with the switch on every
// page (kept in a cookie), else the best match of the browser's
// Accept-Language, else English.

const langCookie = "eleusis-lang"

// printer is the request's language.
func printer(r *http.Request) *i18n.Printer {
	chosen := ""
	if c, err := r.Cookie(langCookie); err == nil {
		chosen = c.Value
	}
	return i18n.NewPrinter(i18n.Match(chosen, r.Header.Get("Accept-Language")))
}

// withLang keeps a choice made with the switch (?lang=pt on any page):
// the cookie is set and the reader sent back to the page without it.
func withLang(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if r.Method != http.MethodGet || !q.Has("lang") {
			h.ServeHTTP(w, r)
			return
		}
		if tag, err := i18n.Parse(q.Get("lang")); err == nil {
			http.SetCookie(w, &http.Cookie{Name: langCookie, Value: tag.String(), Path: "/", MaxAge: 365 * 24 * 3600,
				HttpOnly: true, SameSite: http.SameSiteLaxMode})
		}
		q.Del("lang")
		back := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
		http.Redirect(w, r, back.String(), http.StatusSeeOther)
	})
}

// langLink is one language of the switch.
type langLink struct {
	Code, Name, URL string
	Current         bool
}

// langLinks are the switch's links for a page: the same page in each
// language.
func langLinks(r *http.Request, cur *i18n.Printer) []langLink {
	var out []langLink
	for _, tag := range i18n.Languages {
		q := r.URL.Query()
		q.Del("flash") // flashes are no links' (flash.go)
		q.Set("lang", tag.String())
		u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
		out = append(out, langLink{Code: tag.String(), Name: i18n.Name(tag), URL: u.String(), Current: tag == cur.Tag()})
	}
	return out
}
