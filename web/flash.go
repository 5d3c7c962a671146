package web

import (
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/eleusis/eleusis/i18n"
)

// Flash messages: what a form without the page's script is told after its
// redirect (a refused join, a refused move). The server puts the message in
// a short-lived cookie as the catalogue's key and its arguments, and the
// next page says it in the reader's language and forgets it. Nothing in a
// link becomes a flash: /?flash=… from a stranger's message shows nothing
// (it once put any sentence in an alert on the real site).

const flashCookie = "eleusis-flash"

// flashNote is a flash as the cookie keeps it: a key and its arguments,
// said already (numbers and nested messages in the reader's language).
type flashNote struct {
	Key  string `json:"k"`
	Args []any  `json:"a,omitempty"` // strings and whole numbers
}

// setFlash keeps err's message for the page the redirect goes to.
func setFlash(w http.ResponseWriter, r *http.Request, err error) {
	l := printer(r)
	var n flashNote
	switch m := errMsg(err).(type) {
	case i18n.Msg:
		n.Key = m.Key
		for _, a := range m.Args {
			switch v := a.(type) {
			case int:
				n.Args = append(n.Args, v)
			case string:
				n.Args = append(n.Args, v)
			default: // a message said in the reader's language, foreign words as they are
				n.Args = append(n.Args, l.T("form.raw", a))
			}
		}
	default:
		n = flashNote{Key: "form.raw", Args: []any{sayError(r, err)}}
	}
	b, _ := json.Marshal(n)
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: base64.RawURLEncoding.EncodeToString(b), Path: "/", MaxAge: 60,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// takeFlash is the flash kept for this page, said in l, and forgets it; ""
// when there is none, or when its key is not the catalogue's.
func takeFlash(w http.ResponseWriter, r *http.Request, l *i18n.Printer) string {
	c, err := r.Cookie(flashCookie)
	if err != nil {
		return ""
	}
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	b, err := base64.RawURLEncoding.DecodeString(c.Value)
	var n flashNote
	if err != nil || json.Unmarshal(b, &n) != nil || !i18n.Default().Has(n.Key) || len(n.Args) > 8 {
		return ""
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		switch v := a.(type) {
		case float64: // JSON's numbers: the whole numbers setFlash kept
			args[i] = int(v)
		case string:
			args[i] = v
		default:
			return ""
		}
	}
	return l.T(n.Key, args...)
}
