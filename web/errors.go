package web

import (
	"errors"
	"net/http"

	"github.com/eleusis/eleusis/i18n"
)

// Errors a person reads: the table's own refusals are catalogue messages
// (err.*), said in the reader's language when the page shows them; the
// engine's refusals (a card not in the hand, not your turn) are its own
// words, in English.

// msgError is a refusal in the catalogue's words.
type msgError struct{ msg i18n.Msg }

// Error is the refusal in English (logs, tests).
func (e *msgError) Error() string { return e.msg.String() }

// sayErr is the refusal of a catalogue key.
func sayErr(key string, args ...any) error { return &msgError{i18n.M(key, args...)} }

// sayError is err in the request's language, where it is the table's own.
func sayError(r *http.Request, err error) string {
	var me *msgError
	if errors.As(err, &me) {
		return printer(r).Say(me.msg)
	}
	return err.Error()
}
