package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Nothing is lost: each table lives in DATA/tables/CODE/ as
//
//	table.json       the setup and the teacher's settings (rewritten atomically)
//	journal.jsonl    every action in order, one JSON line each, synced to disk
//	                 before the page hears of it: moves with the Prophet's
//	                 judgement and pick, declarations, stated rules, and the
//	                 teacher's verdicts when the teacher judges; and what
//	                 waits: a move laid down awaiting the Prophet's judgement
//	                 or the teacher's verdict (pending), a rule stated awaiting
//	                 the teacher's (stating), the pause after a person's move
//	                 ended without a word (pass)
//	transcript.yaml  the hand so far as a transcript (docs/files.md), rewritten
//	                 after every move
//
// A restarted server deals each open table again from its deal secret and applies
// the journal: the same cards, the same God's picks, the same hand.

// action is one line of the journal.
type action struct {
	A     string       `json:"a"` // move, declare, guess, verdict, guess_verdict; pending, drop, stating, pass
	Seat  int          `json:"seat,omitempty"`
	Kind  sim.MoveKind `json:"kind,omitempty"`
	Cards []sim.Card   `json:"cards,omitempty"`
	Says  *sim.Verdict `json:"says,omitempty"`
	Pick  *sim.Card    `json:"pick,omitempty"`
	Text  string       `json:"text,omitempty"`
	Line  []sim.Card   `json:"line,omitempty"`
	Card  *sim.Card    `json:"card,omitempty"`
	Yes   bool         `json:"yes,omitempty"`
}

// key tells two lines apart.
func (a action) key() string {
	b, _ := json.Marshal(a)
	return string(b)
}

type journal struct {
	f *os.File
}

func (j *journal) close() {
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
}

// log appends an action to the journal and syncs it. Its error is also
// told to the teacher's terminal.
func (t *table) log(a action) error {
	if t.replay || t.dir == "" {
		return nil
	}
	err := t.journal.append(t.dir, a)
	if err != nil {
		t.srv.logf("table %s: journal: %v", t.setup.Code, err)
	}
	return err
}

func (j *journal) append(dir string, a action) error {
	if j.f == nil {
		f, err := os.OpenFile(filepath.Join(dir, "journal.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return err
		}
		j.f = f
	}
	b, _ := json.Marshal(a)
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return err
	}
	return j.f.Sync()
}

// stored is table.json.
type stored struct {
	Setup    Setup     `json:"setup"`
	Settings Settings  `json:"settings"`
	Saved    time.Time `json:"saved"`
}

// saveSetup rewrites table.json atomically.
func (t *table) saveSetup() error {
	if t.replay || t.dir == "" {
		return nil
	}
	b, err := json.MarshalIndent(stored{Setup: t.setup, Settings: t.settings, Saved: t.srv.now()}, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(t.dir, "table.json"), b)
}

func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// saveTranscript rewrites transcript.yaml with the hand so far.
func (t *table) saveTranscript() {
	if t.replay || t.dir == "" || t.hand == nil {
		return
	}
	var b bytes.Buffer
	if err := t.writeTranscript(&b, t.hand.Result(), t.revealedRule()); err != nil {
		t.srv.logf("table %s: transcript: %v", t.setup.Code, err)
		return
	}
	if err := writeAtomic(filepath.Join(t.dir, "transcript.yaml"), b.Bytes()); err != nil {
		t.srv.logf("table %s: transcript: %v", t.setup.Code, err)
	}
}

// writeTranscript writes the hand with sim's transcript writer, God's
// mistakes marked where the teacher judged (markGodSaid). A bank rule
// is named (rule_name:) when the embedded bank holds it unchanged, so that
// a reader finds its name and description in the bank; any other rule is written as its
// expression. When the teacher judged without an expression, the rule line
// says so, and replay asks for it.
func (t *table) writeTranscript(w io.Writer, res *sim.Result, rule *rulebank.Compiled) error {
	head := sim.Transcript{Preset: t.setup.Preset, Options: t.setup.Options, God: "God", Players: t.names()}
	switch {
	case rule == nil:
		head.Rule = "true" // replaced below
	case t.setup.Rule.Name != "" && inDefaultBank(t.setup.Rule.Name, rule.Rule.Expr):
		head.RuleName = t.setup.Rule.Name
	default:
		head.Rule = rule.Rule.Expr
	}
	tr, err := sim.TranscriptOf(res, head)
	if err != nil {
		return err
	}
	if t.tj != nil && rule != nil { // the teacher judged: God's verdicts as given
		markGodSaid(tr, res, &t.setup.Options, rule)
	}
	data, err := tr.Marshal()
	if err != nil {
		return err
	}
	out := string(data)
	if rule == nil {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "rule:") {
				l = "# God's rule was the teacher's own judgement" + wordsComment(t.settings.TeacherWords) + ".\n# Write it as an expression of the rule language to replay this hand:\nrule: ''"
			}
			lines = append(lines, l)
		}
		out = strings.Join(lines, "\n")
	}
	_, err = io.WriteString(w, out)
	return err
}

func wordsComment(words string) string {
	words = strings.Join(strings.Fields(words), " ")
	if words == "" {
		return ""
	}
	return ": " + words
}

// defaultBank is the embedded bank, loaded once.
var defaultBank = sync.OnceValue(rulebank.Default)

func inDefaultBank(name, expr string) bool {
	r, err := defaultBank().Get(name)
	return err == nil && r.Rule.Expr == expr
}

// restore loads a table from its folder: the setup, then the journal
// replayed on a fresh deal from the same seed.
func (s *Server) restore(dir string) (*table, error) {
	b, err := os.ReadFile(filepath.Join(dir, "table.json"))
	if err != nil {
		return nil, err
	}
	var st stored
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("table.json: %v", err)
	}
	if st.Settings.Closed {
		return nil, nil
	}
	if len(st.Settings.Tokens) != len(st.Setup.Seats) {
		return nil, errors.New("table.json: the seat links do not match the seats")
	}
	t, err := newTable(s, st.Setup, st.Settings, dir)
	if err != nil {
		return nil, err
	}
	var acts []action
	if f, err := os.Open(filepath.Join(dir, "journal.jsonl")); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
		for line := 1; sc.Scan(); line++ {
			var a action
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				// A line cut short by a crash is the last one: the action
				// it held never reached a page.
				s.logf("table %s: journal.jsonl:%d: %v (ignored)", st.Setup.Code, line, err)
				break
			}
			acts = append(acts, a)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.closeBots()
			return nil, fmt.Errorf("journal.jsonl: %v", err)
		}
	}
	if err := t.replayJournal(acts); err != nil {
		t.closeBots()
		return nil, err
	}
	return t, nil
}

// replayJournal applies the journal's actions to a freshly dealt hand.
func (t *table) replayJournal(acts []action) error {
	t.replay = true
	defer func() { t.replay = false }()
	for _, a := range acts {
		switch a.A {
		case "verdict":
			if t.tj != nil && a.Card != nil {
				t.tj.set(a.Line, *a.Card, a.Yes)
			}
		case "guess_verdict":
			if t.tj != nil {
				t.tj.guesses[a.Text] = a.Yes
			}
		}
	}
	if !t.deal() {
		if t.problem != "" {
			return errors.New(t.problem)
		}
		return nil // the opening waits for the teacher's verdicts
	}
	// What waits when the journal ends: the last move laid down and not
	// applied, the last rule stated and not judged, the pause after a
	// person's move.
	var pending *pendingMove
	var guess *pendingGuess
	win := -1
	for i, a := range acts {
		fail := func(err error) error { return fmt.Errorf("journal.jsonl: action %d (%s): %w", i+1, a.A, err) }
		switch a.A {
		case "move":
			pm := &pendingMove{seat: a.Seat, move: sim.Move{Kind: a.Kind, Cards: a.Cards}, says: a.Says, pick: a.Pick}
			pm.pYes = t.predict(pm.move)
			rec, err := t.apply(pm)
			if err != nil {
				return fail(err)
			}
			t.observe(pm, rec)
			pending, win = nil, -1
			if t.opensWindow(a.Seat) {
				win = a.Seat
			}
		case "pending":
			pending = &pendingMove{seat: a.Seat, move: sim.Move{Kind: a.Kind, Cards: a.Cards}, says: a.Says, pick: a.Pick}
			pending.logged = pending.entry().key()
			win = -1
		case "drop":
			pending = nil
		case "pass":
			win = -1
		case "stating":
			guess = &pendingGuess{seat: a.Seat, text: a.Text}
		case "declare":
			if err := t.hand.DeclareProphet(a.Seat); err != nil {
				return fail(err)
			}
			if win == a.Seat && !t.opensWindow(a.Seat) {
				win = -1
			}
		case "guess":
			if _, err := t.hand.Guess(a.Seat, a.Text); err != nil {
				return fail(err)
			}
			guess = nil
			if win == a.Seat && !t.opensWindow(a.Seat) {
				win = -1
			}
		}
	}
	t.pending, t.guess = pending, guess
	if win >= 0 {
		t.window = &window{seat: win}
	}
	t.lastMove = time.Now() // the reveal, if made, is drawn again by run

	return nil
}
