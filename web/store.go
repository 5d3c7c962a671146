package web

import (
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

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/internal/atomicfile"
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

// journal is the table's journal file, appended to line by line. Each
// line opens the file afresh, so that a journal made unwritable (or a disk
// made read-only) refuses the very next action, not some later one. size
// is how much of the file is known good (whole lines, synced): whatever
// lies past it — a line a failed write left half-written — is cut off
// before the next line is written, so that no torn fragment is ever
// followed by good lines.
type journal struct {
	size  int64
	known bool // size has been read from the file
	// write writes a line at off; nil is f.WriteAt (tests put a disk that
	// fails half-way here).
	write func(f *os.File, b []byte, off int64) (int, error)
}

func (j *journal) close() {}

// log appends an action to the journal and syncs it; only then is the
// action acknowledged (t.acts holds it). A failed write leaves the journal as
// it was, stalls the table (the teacher's console shows why, with the
// path) and asks the table's goroutine to take the table back to what the
// journal holds (rollback); the person acting reads errNotSaved, in their
// language and without the server's path.
func (t *table) log(a action) error {
	if t.replay {
		return nil
	}
	if t.dir != "" {
		if err := t.journal.append(filepath.Join(t.dir, t.journalName()), a); err != nil {
			t.diskTrouble(err)
			t.rollbackDue = true
			return errNotSaved
		}
		t.diskFine()
	}
	t.acts = append(t.acts, a)
	return nil
}

// errNotSaved refuses an action the table could not write down.
var errNotSaved = sayErr("err.notSaved")

// journalName is the journal of the table's hand: journal.jsonl for the
// first, journal-N.jsonl for the Nth.
func (t *table) journalName() string { return journalFile(t.settings.HandNo) }

func journalFile(hand int) string {
	if hand <= 1 {
		return "journal.jsonl"
	}
	return fmt.Sprintf("journal-%d.jsonl", hand)
}

func (j *journal) append(path string, a action) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !j.known {
		j.size, j.known = st.Size(), true
	}
	if st.Size() != j.size {
		if err := f.Truncate(j.size); err != nil {
			return fmt.Errorf("%s: a line cut short by an earlier failure cannot be removed: %w", path, err)
		}
	}
	b, _ := json.Marshal(a)
	b = append(b, '\n')
	write := j.write
	if write == nil {
		write = (*os.File).WriteAt
	}
	_, err = write(f, b, j.size)
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Truncate(j.size) // or before the next line, above
		return err
	}
	j.size += int64(len(b))
	return nil
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

// writeAtomic replaces a file of the table's folder durably: readable by
// its owner only (the folder holds the class's names and God's rule), and
// once written, kept across a crash; on a full disk the file stays as it
// was.
func writeAtomic(path string, data []byte) error {
	return atomicfile.WriteFileSync(path, data, 0o600)
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
	if err := writeAtomic(filepath.Join(t.dir, transcriptFile(t.settings.HandNo)), b.Bytes()); err != nil {
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
// replayed on a fresh deal from the same seed. Nothing the journal holds is
// given up lightly: a last line cut short by a crash (its action never
// reached a page) is cut off with a warning; a line that cannot be read or
// replayed further up stops the restore there — the table comes back as it
// stood after the last good action, the whole journal is kept beside it
// (journal.jsonl.broken-TIME) and the teacher's console says so.
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
	code, name := st.Setup.Code, t.journalName()
	path := filepath.Join(dir, name)
	acts, bad, err := readJournal(path)
	if err != nil {
		t.closeBots()
		return nil, err
	}
	if bad != nil && bad.torn {
		s.logf("table %s: %s:%d: %v: the last line was cut short (its action was never answered); cut off", code, name, bad.line, bad.err)
		t.notice = i18n.M("notice.cut", name, bad.line)
		if err := os.Truncate(path, bad.offset); err != nil {
			s.logf("table %s: %s: %v", code, name, err)
		}
		bad = nil
	}
	good, err := t.replayJournal(acts)
	if err == nil && bad == nil {
		return t, nil
	}
	// Restore what replays, and keep the rest aside.
	why := bad.err
	if err != nil {
		why = err
	}
	line := good + 1
	t.closeBots()
	if t, err = newTable(s, st.Setup, st.Settings, dir); err != nil {
		return nil, err
	}
	if _, err := t.replayJournal(acts[:good]); err != nil {
		t.closeBots()
		return nil, err
	}
	aside := name + ".broken-" + time.Now().Format("20060102-150405")
	if err := os.Rename(path, filepath.Join(dir, aside)); err != nil {
		t.closeBots()
		return nil, err
	}
	var kept bytes.Buffer
	for _, a := range acts[:good] {
		l, _ := json.Marshal(a)
		kept.Write(append(l, '\n'))
	}
	if err := writeAtomic(path, kept.Bytes()); err != nil {
		t.closeBots()
		return nil, err
	}
	s.logf("table %s: %s:%d: %v: restored up to the action before; the whole journal is kept in %s", code, name, line, why, aside)
	t.notice = i18n.M("notice.partial", name, line, good, aside)
	return t, nil
}

// badLine is a journal line that cannot be read.
type badLine struct {
	line   int   // 1-based
	offset int64 // where it starts
	torn   bool  // the last line, cut short
	err    error
}

// readJournal reads a journal's actions up to its first line that cannot
// be read (nil: none); a missing journal is an empty one.
func readJournal(path string) ([]action, *badLine, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var acts []action
	var off int64
	for i, l := range bytes.SplitAfter(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			off += int64(len(l))
			continue
		}
		var a action
		if err := json.Unmarshal(l, &a); err != nil {
			last := len(bytes.TrimSpace(data[off+int64(len(l)):])) == 0
			return acts, &badLine{line: i + 1, offset: off, torn: last, err: err}, nil
		}
		acts = append(acts, a)
		off += int64(len(l))
	}
	return acts, nil, nil
}

// replayJournal applies the journal's actions to a freshly dealt hand.
// It returns how many actions replayed: all of them, or those before the
// one that failed (with its error).
func (t *table) replayJournal(acts []action) (int, error) {
	t.replay = true
	defer func() { t.replay = false }()
	t.acts = nil
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
		if !t.problem.IsZero() {
			return 0, errors.New(t.problem.String())
		}
		t.acts = acts
		return len(acts), nil // the opening waits for the teacher's verdicts
	}
	// What waits when the journal ends: the last move laid down and not
	// applied, the last rule stated and not judged, the pause after a
	// person's move.
	var pending *pendingMove
	var guess *pendingGuess
	win := -1
	for i, a := range acts {
		fail := func(err error) (int, error) {
			t.acts = acts[:i]
			return i, fmt.Errorf("action %d (%s): %w", i+1, a.A, err)
		}
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
	t.acts = acts
	if t.settings.Revealed {
		return len(acts), nil // the hand is over: nothing waits
	}
	t.pending, t.guess = pending, guess
	if win >= 0 {
		t.window = &window{seat: win}
	}
	t.lastMove = time.Now() // the reveal, if made, is drawn again by run
	return len(acts), nil
}
