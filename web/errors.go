package web

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// Errors a person reads: the table's own refusals (err.*) and the engine's
// (sim's, through sim.Message) are catalogue messages, said in the reader's
// language when the page shows them; what is not the catalogue's — the rule
// compiler's words, an outside program's — is shown as it is and marked as
// English (foreign).

// msgError is a refusal in the catalogue's words.
type msgError struct{ msg i18n.Msg }

// Error is the refusal in English (logs, tests).
func (e *msgError) Error() string { return e.msg.String() }

// sayErr is the refusal of a catalogue key.
func sayErr(key string, args ...any) error { return &msgError{i18n.M(key, args...)} }

// sayError is err in the request's language: the table's own refusals
// and the engine's are the catalogue's.
func sayError(r *http.Request, err error) string {
	switch m := errMsg(err).(type) {
	case i18n.Msg:
		return printer(r).Say(m)
	default:
		return err.Error()
	}
}

// errMsg is an error as a message's argument: a message of the catalogue
// (the table's refusals, the engine's) said in the reader's language, or
// the error's own words (an outside program's, the rule language's).
func errMsg(err error) any {
	var me *msgError
	if errors.As(err, &me) {
		return me.msg
	}
	if m, ok := sim.Message(err); ok {
		return m
	}
	if errors.Is(err, sim.ErrHandOver) {
		return i18n.M("err.handOver")
	}
	return foreign(err.Error())
}

// foreign is text that is not the catalogue's — a rule compiler's, an
// outside program's, the operating system's —: pages mark it as English
// (the msg template function), so that it is not taken for the page's.
type foreign string

// verbatim is text as someone typed it (a rule in words, a name): in no
// language a page can tell (lang="und").
type verbatim string

// code is text in the rule language (a stated rule): said as it is, and
// shown as code on a page.
type code string

// codeHTML is code on a page: <code>…</code>, whatever the message's verb
// (%s or %q).
type codeHTML string

func (c codeHTML) Format(f fmt.State, _ rune) {
	io.WriteString(f, "<code>"+template.HTMLEscapeString(string(c))+"</code>")
}

// sayAll says messages one after the other as HTML (sayMsg), with "; "
// between.
func sayAll(l *i18n.Printer, ms i18n.List) template.HTML {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = string(sayMsg(l, m))
	}
	return template.HTML(strings.Join(parts, "; "))
}

// sayMsg says a message as HTML: its foreign arguments marked lang="en",
// what someone typed lang="und", code as code.
func sayMsg(l *i18n.Printer, m i18n.Msg) template.HTML {
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		switch f := a.(type) {
		case code:
			a = codeHTML(f)
		case foreign:
			a = template.HTML(`<span lang="en">` + template.HTMLEscapeString(string(f)) + `</span>`)
		case verbatim:
			a = template.HTML(`<span lang="und">` + template.HTMLEscapeString(string(f)) + `</span>`)
		}
		args[i] = a
	}
	return l.HTML(m.Key, args...)
}
