package sim

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/eleusis/eleusis/i18n"
)

// TranscriptError is a problem of a transcript at a place, as
// rulebank.Error is for banks: the file, the line, the move (its number
// and its line as written) and why. Every error of ParseTranscript and
// Replay is one.
type TranscriptError struct {
	File string
	Line int    // 1-based; 0 when the problem has no line (the file as a whole)
	Move int    // 1-based number in moves:; 0 when not in a move
	Text string // the move as written
	Err  error
}

func (e *TranscriptError) Error() string { return e.In(english) }

// In is the error in a language of the catalogue (i18n): the place as
// Error gives it, the reason in l's words where the catalogue has them
// (the rule language's and YAML's own complaints stay English).
func (e *TranscriptError) In(l *i18n.Printer) string {
	var b strings.Builder
	switch {
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s:%d: ", e.File, e.Line)
	case e.File != "":
		b.WriteString(e.File + ": ")
	case e.Line > 0:
		b.WriteString(l.T("tr.line", strconv.Itoa(e.Line)) + ": ")
	}
	if e.Move > 0 {
		if e.Text != "" {
			b.WriteString(l.T("tr.moveText", strconv.Itoa(e.Move), e.Text))
		} else {
			b.WriteString(l.T("tr.move", strconv.Itoa(e.Move)))
		}
		b.WriteString(": ")
	}
	b.WriteString(sayIn(l, e.Err))
	return b.String()
}

func (e *TranscriptError) Unwrap() error { return e.Err }

// english says the transcript's errors in English (Error).
var english = i18n.NewPrinter(language.English)

// msgErr is an error that is a message of the catalogue: said in English
// by Error, in any language by sayIn.
type msgErr struct{ m i18n.Msg }

func (e msgErr) Error() string { return english.Say(e.m) }

// say is the error of a catalogue message.
func say(key string, args ...any) error { return msgErr{i18n.M(key, args...)} }

// sayIn says err in l: a catalogue message in l's words, any other error
// as it is.
func sayIn(l *i18n.Printer, err error) string {
	var m msgErr
	if errors.As(err, &m) {
		return l.Say(m.m)
	}
	return err.Error()
}

// Message is err as a message of the catalogue (i18n) when it is one —
// the engine's refusals of a move and a transcript's reasons are —, for a
// caller that says it in its reader's language (the web table).
func Message(err error) (i18n.Msg, bool) {
	var m msgErr
	if errors.As(err, &m) {
		return m.m, true
	}
	return i18n.Msg{}, false
}

// msgOf is an error as a message's argument: a catalogue message, said in
// the reader's language with the message around it, or the error itself.
func msgOf(err error) any {
	var m msgErr
	if errors.As(err, &m) {
		return m.m
	}
	return err
}

// errAt is a transcript error at line (not in a move): the catalogue's
// message key with its arguments.
func errAt(line int, key string, a ...any) *TranscriptError {
	return &TranscriptError{Line: line, Err: say(key, a...)}
}

// errWrap is another error (an option's, a preset's) at line.
func errWrap(line int, err error) *TranscriptError {
	return &TranscriptError{Line: line, Err: err}
}

// inFile names the file in a transcript error (errors of other kinds are
// wrapped in one).
func inFile(file string, err error) error {
	if err == nil {
		return nil
	}
	var te *TranscriptError
	if !errors.As(err, &te) {
		te = &TranscriptError{Err: err}
	}
	te.File = file
	return te
}

// yamlTypeLine is the place go-yaml puts in a type error (the node's own
// line is given instead).
var yamlTypeLine = regexp.MustCompile(`(?m)^line \d+: `)

// yamlLine matches the place go-yaml puts in a syntax error.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlSyntaxError turns go-yaml's syntax error into a TranscriptError at the
// line where the problem is. go-yaml names the line where the enclosing
// block began when it knows one (in a transcript that opens with a
// comment, "line 1" for a bad indentation anywhere below), so the line is
// found again: the first line at which the text, cut there, fails with the
// same complaint.
func yamlSyntaxError(data []byte, err error) error {
	msg := err.Error()
	m := yamlLine.FindStringSubmatch(msg)
	if m == nil {
		return &TranscriptError{Err: errors.New(strings.TrimPrefix(msg, "yaml: "))}
	}
	problem := msg[len(m[0]):]
	line, _ := strconv.Atoi(m[1])
	lines := bytes.SplitAfter(data, []byte("\n"))
	fails := func(k int) bool { // the first k lines fail with the same problem
		var n yaml.Node
		e := yaml.Unmarshal(bytes.Join(lines[:k], nil), &n)
		return e != nil && strings.HasSuffix(e.Error(), ": "+problem)
	}
	// Binary search for the shortest failing prefix; the whole text fails.
	lo, hi := 0, len(lines)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if fails(hi) && !fails(hi-1) {
		line = hi
	}
	if hint := yamlHint(problem); hint != "" {
		return &TranscriptError{Line: line, Err: say(hint, problem)}
	}
	return &TranscriptError{Line: line, Err: errors.New(problem)}
}

// yamlHint is the catalogue's key for what a YAML complaint usually
// means in a transcript's terms ("" for none).
func yamlHint(problem string) string {
	switch {
	case strings.Contains(problem, "did not find expected key"),
		strings.Contains(problem, "did not find expected '-' indicator"):
		return "tr.yaml.indent"
	case strings.Contains(problem, "mapping values are not allowed"):
		return "tr.yaml.colon"
	case strings.Contains(problem, "found character that cannot start any token"), strings.Contains(problem, "tab character"):
		return "tr.yaml.tab"
	}
	return ""
}

// typeError is a yaml.TypeError (a value of the wrong kind) without
// go-yaml's Go words, at the node's line.
func typeError(n *yaml.Node, what string, err error) *TranscriptError {
	s := err.Error()
	s = strings.TrimPrefix(s, "yaml: unmarshal errors:\n")
	s = strings.TrimSpace(s)
	s = yamlTypeLine.ReplaceAllString(s, "")
	s = strings.Replace(s, "cannot unmarshal ", "cannot read ", 1)
	return &TranscriptError{Line: n.Line, Err: fmt.Errorf("%s: %s", what, s)}
}
