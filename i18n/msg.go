package i18n

import (
	"encoding/json"
	"strings"
)

// Msg is a message not yet said: a key and its arguments, built where
// the words are decided (the table's goroutine) and said in each
// reader's language when a page is drawn. An argument may be a Msg too
// ("God is judging: Ana plays 8♥") or a List of them.
type Msg struct {
	Key  string
	Args []any
}

// M is a message with its arguments.
func M(key string, args ...any) Msg { return Msg{key, args} }

// IsZero tells an empty message (no key).
func (m Msg) IsZero() bool { return m.Key == "" }

// String is the message in English (logs, the JSON state for programs).
func (m Msg) String() string { return NewPrinter(Languages[0]).Say(m) }

// List is messages said one after the other, with "; " between.
type List []Msg

// Say says a message in the printer's language.
func (p *Printer) Say(m Msg) string {
	if m.IsZero() {
		return ""
	}
	return p.T(m.Key, m.Args...)
}

// SayAll says messages one after the other, with "; " between.
func (p *Printer) SayAll(l List) string { return p.said([]any{l})[0].(string) }

// said resolves arguments that are messages.
func (p *Printer) said(args []any) []any {
	out, copied := args, false
	for i, a := range args {
		var s string
		switch v := a.(type) {
		case Msg:
			s = p.Say(v)
		case List:
			parts := make([]string, len(v))
			for j, m := range v {
				parts[j] = p.Say(m)
			}
			s = strings.Join(parts, "; ")
		default:
			continue
		}
		if !copied { // the caller's arguments stay as they were
			out, copied = append([]any(nil), args...), true
		}
		out[i] = s
	}
	return out
}

// MarshalJSON writes the message in English, as a string: the JSON state
// for programs reads as it did before the pages spoke other languages.
func (m Msg) MarshalJSON() ([]byte, error) { return json.Marshal(m.String()) }
