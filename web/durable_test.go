package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// Acknowledged means saved: a move, a judgement or a decision is answered
// only once its journal line is on disk. These tests take the disk away —
// a real full disk and a real read-only one (a small tmpfs mounted for the
// test: CI runs as root), and a disk that fails half-way through a line
// (a fault put in the journal's writer) — and check that every action
// answered survives a restart, every refused one left the table as it was,
// the student reads why in their language without the server's path, the
// teacher's console says what the computer says, and no table is lost.

// mountTmpfs mounts a tmpfs of size bytes for the test, or skips the test
// where this process may not mount (not root): the fault-injecting tests
// below cover the same ground everywhere.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a mounted disk: not with -short")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size+",mode=0700", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s); the fault-injecting tests cover the same", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// classOfThree opens an Express table of three people and seats them: every
// action at it is a person's, answered or refused.
func classOfThree(t *testing.T, ts *testServer) (string, *table, []string) {
	t.Helper()
	code := ts.openTable(t, form("express", "bank", "opposite-colour", "person:Ana", "person:Bia", "person:Caio"))
	links := []string{ts.join(t, code, 0), ts.join(t, code, 1), ts.join(t, code, 2)}
	return code, ts.table(code), links
}

// act makes the next person's action: go on after a right move, else play
// the first card of the hand whose turn it is. It returns the status and
// body of the answer, and the snapshot it acted on.
func act(t *testing.T, ts *testServer, tb *table, links []string) (int, string, *snapshot) {
	t.Helper()
	s := waitFor(t, tb, "a person to act", func(s *snapshot) bool {
		for _, me := range s.seats {
			if me.InWindow || me.YourTurn {
				return true
			}
		}
		return s.public.Ended
	})
	for i, me := range s.seats {
		if me.InWindow {
			status, _, body := ts.post(t, links[i]+"pass", nil, true)
			return status, body, s
		}
	}
	for i, me := range s.seats {
		if me.YourTurn {
			status, _, body := ts.post(t, links[i]+"move", url.Values{"kind": {"play"}, "cards": {me.Hand[0].String()}}, true)
			return status, body, s
		}
	}
	t.Fatal("the hand ended")
	return 0, "", nil
}

// sameState fails when two snapshots of a table differ in what was played.
func sameState(t *testing.T, what string, a, b *snapshot) {
	t.Helper()
	if !reflect.DeepEqual(a.public.Log, b.public.Log) || !reflect.DeepEqual(a.public.Columns, b.public.Columns) {
		t.Fatalf("%s: the table differs:\n%v\n%v", what, a.public.Log, b.public.Log)
	}
	for i := range a.seats {
		if !reflect.DeepEqual(a.seats[i].Hand, b.seats[i].Hand) || a.seats[i].InWindow != b.seats[i].InWindow || a.seats[i].YourTurn != b.seats[i].YourTurn {
			t.Fatalf("%s: seat %d differs", what, i+1)
		}
	}
}

// wholeLines fails unless every line of the journal reads.
func wholeLines(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 {
		return 0
	}
	if data[len(data)-1] != '\n' {
		t.Fatalf("%s ends in a line cut short", path)
	}
	n := 0
	for _, l := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		var a action
		if err := json.Unmarshal(l, &a); err != nil {
			t.Fatalf("%s: line %d does not read: %v (%q)", path, n+1, err, l)
		}
		n++
	}
	return n
}

// refusedPolitely checks a refusal a student reads: the catalogue's
// words, no path of the server's.
func refusedPolitely(t *testing.T, status int, body, dir string) {
	t.Helper()
	if status != http.StatusBadRequest || !strings.Contains(body, "could not be saved") {
		t.Fatalf("an action the disk refused was answered %d %q", status, body)
	}
	for _, leak := range []string{dir, "tables/", "journal", "no space", "read-only"} {
		if strings.Contains(body, leak) {
			t.Fatalf("the student's refusal shows %q: %q", leak, body)
		}
	}
}

// restartAndCompare restarts the server on dir and checks that the table
// comes back exactly as it was.
func restartAndCompare(t *testing.T, a *testServer, dir, code string, before *snapshot) *testServer {
	t.Helper()
	a.ts.Close()
	a.Close()
	b := newTestServer(t, dir)
	tb := b.table(code)
	if tb == nil {
		t.Fatalf("the table was lost: %v", b.broken)
	}
	after := waitFor(t, tb, "the restored table", func(s *snapshot) bool { return s.public.Turn == before.public.Turn })
	sameState(t, "after the restart", before, after)
	return b
}

// A real full disk: the actions the disk takes are kept, the first it
// refuses is refused in the student's language and changes nothing, the
// teacher's console says why, and once space is freed the hand goes on;
// a restart then restores every answered action.
func TestFullDiskKeepsWhatWasAnswered(t *testing.T) {
	dir := mountTmpfs(t, "512k")
	ts := newTestServer(t, dir)
	code, tb, links := classOfThree(t, ts)
	for range 3 {
		if status, body, _ := act(t, ts, tb, links); status != http.StatusNoContent {
			t.Fatalf("a move on a disk with room: %d %s", status, body)
		}
	}
	// Fill the disk to its last byte.
	fill := filepath.Join(dir, "filler")
	f, err := os.Create(fill)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	for {
		if _, err := f.Write(chunk[:1]); err != nil {
			break
		}
	}
	f.Close()
	// The journal's last page may still take a few lines: those moves are
	// on disk and answered. Play until the disk refuses one.
	var before *snapshot
	refused := false
	for range 200 {
		status, body, s := act(t, ts, tb, links)
		if status == http.StatusNoContent {
			continue
		}
		refusedPolitely(t, status, body, dir)
		before, refused = s, true
		break
	}
	if !refused {
		t.Fatal("a full disk refused nothing")
	}
	after := tb.snap.Load()
	sameState(t, "after a refused action", before, after)
	wholeLines(t, filepath.Join(dir, "tables", code, "journal.jsonl"))
	_, console := ts.get(t, ts.TeacherPath()+"t/"+code+"/view")
	if !strings.Contains(console, "refuses writes") || !strings.Contains(console, "no space left on device") {
		t.Fatal("the teacher's console does not say that the disk is full")
	}
	for i, l := range links {
		if _, page := ts.get(t, l+"view"); strings.Contains(page, dir) || strings.Contains(page, "no space") {
			t.Fatalf("seat %d's page shows the server's trouble", i+1)
		}
	}
	// Space again: the same action goes through, and the banner goes.
	if err := os.Remove(fill); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if status, body, _ := act(t, ts, tb, links); status != http.StatusNoContent {
			t.Fatalf("a move once the disk has room again: %d %s", status, body)
		}
	}
	if s := tb.snap.Load(); s.teacher.Disk != "" {
		t.Fatalf("the console still says %q", s.teacher.Disk)
	}
	last := waitFor(t, tb, "settled", func(s *snapshot) bool { return true })
	restartAndCompare(t, ts, dir, code, last)
}

// An unwritable journal — the file made immutable, or the whole disk made
// read-only — under the running server: every action is refused and
// changes nothing; writable again, the hand goes on, and a restart loses
// nothing — not the table, not an answered action.
func TestUnwritableJournalLosesNothing(t *testing.T) {
	for _, way := range []struct{ name, says string }{{"immutable journal", "operation not permitted"}, {"read-only disk", "read-only"}} {
		t.Run(way.name, func(t *testing.T) { unwritable(t, way.name == "read-only disk", way.says) })
	}
}

func unwritable(t *testing.T, wholeDisk bool, says string) {
	dir := mountTmpfs(t, "4m")
	ts := newTestServer(t, dir)
	code, tb, links := classOfThree(t, ts)
	for range 3 {
		if status, body, _ := act(t, ts, tb, links); status != http.StatusNoContent {
			t.Fatalf("a move: %d %s", status, body)
		}
	}
	journal := filepath.Join(dir, "tables", code, "journal.jsonl")
	lock, unlock := []string{"chattr", "+i", journal}, []string{"chattr", "-i", journal}
	if wholeDisk {
		lock, unlock = []string{"mount", "-o", "remount,ro", dir}, []string{"mount", "-o", "remount,rw", dir}
	}
	if out, err := exec.Command(lock[0], lock[1:]...).CombinedOutput(); err != nil {
		t.Skipf("%v: %v %s", lock, err, out)
	}
	defer exec.Command(unlock[0], unlock[1:]...).Run()
	var before *snapshot
	for range 3 {
		status, body, s := act(t, ts, tb, links)
		refusedPolitely(t, status, body, dir)
		sameState(t, "a refused action", s, tb.snap.Load())
		before = s
	}
	if s := tb.snap.Load(); !strings.Contains(s.teacher.Disk, says) {
		t.Fatalf("the console says %q", s.teacher.Disk)
	}
	if wholeDisk { // a setting is refused the same way
		if status, _, body := ts.post(t, ts.TeacherPath()+"t/"+code+"/settings", url.Values{"pace": {"4"}}, true); status != http.StatusBadRequest || !strings.Contains(body, "could not be saved") {
			t.Fatalf("a setting on a read-only disk: %d %s", status, body)
		}
	}
	if out, err := exec.Command(unlock[0], unlock[1:]...).CombinedOutput(); err != nil {
		t.Fatalf("%v: %v %s", unlock, err, out)
	}
	sameState(t, "writable again", before, tb.snap.Load())
	for range 3 {
		if status, body, _ := act(t, ts, tb, links); status != http.StatusNoContent {
			t.Fatalf("a move once writable again: %d %s", status, body)
		}
	}
	last := waitFor(t, tb, "settled", func(s *snapshot) bool { return true })
	restartAndCompare(t, ts, dir, code, last)
}

// failingDisk is a journal writer that writes half of each line and then
// fails, as a disk that fills mid-line does, while on is set.
type failingDisk struct{ on bool }

func (d *failingDisk) write(f *os.File, b []byte, off int64) (int, error) {
	if !d.on {
		return f.WriteAt(b, off)
	}
	n, _ := f.WriteAt(b[:len(b)/2], off)
	return n, syscall.ENOSPC
}

// setDisk puts a writer into the table's journal (in the table's goroutine).
func setDisk(t *testing.T, tb *table, d *failingDisk, on bool) {
	t.Helper()
	err := tb.do(t.Context(), func(tb *table) error {
		d.on = on
		tb.journal.write = d.write
		if !on {
			tb.diskSince = tb.diskSince.Add(-diskRetry) // try again now
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A disk that fails half-way through a line under a bot's move: the move
// is taken back (the bot's beliefs with it: the table goes back to its
// journal), the half line is cut off, the table waits with the teacher
// told; once the disk takes writes, the bots move again and a restart
// finds everything answered.
func TestHalfWrittenLinesAreTakenBack(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole table with a thinking bot: seconds; runs without -short")
	}
	dir := t.TempDir()
	ts := newTestServer(t, dir)
	code, tb, ana := ts.withAna(t, form("express", "bank", "opposite-colour", "person:Ana", "bot:bayes-eig(size=10000)", "bot:random"))
	journal := filepath.Join(dir, "tables", code, "journal.jsonl")
	d := &failingDisk{}
	s := waitFor(t, tb, "Ana's turn", func(s *snapshot) bool { return s.seats[0].YourTurn })
	// Ana's move under a failing disk: refused, nothing changed.
	setDisk(t, tb, d, true)
	status, _, body := ts.post(t, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}}, true)
	refusedPolitely(t, status, body, dir)
	sameState(t, "Ana's refused move", s, tb.snap.Load())
	lines := wholeLines(t, journal)
	// The disk works again; Ana moves (the bots paused); then the disk
	// fails under the bots.
	setDisk(t, tb, d, false)
	console := ts.TeacherPath() + "t/" + code + "/settings"
	mustPost(t, ts, console, url.Values{"play": {"pause"}})
	mustPost(t, ts, ana+"move", url.Values{"kind": {"play"}, "cards": {s.seats[0].Hand[0].String()}})
	s = waitFor(t, tb, "Ana's move", func(s *snapshot) bool { return len(s.public.Log) == 1 })
	if s.seats[0].InWindow {
		setDisk(t, tb, d, true)
		status, _, body := ts.post(t, ana+"pass", nil, true)
		refusedPolitely(t, status, body, dir)
		setDisk(t, tb, d, false)
		mustPost(t, ts, ana+"pass", nil)
	}
	setDisk(t, tb, d, true)
	mustPost(t, ts, console, url.Values{"play": {"resume"}})
	stalled := waitFor(t, tb, "the bots' move refused", func(s *snapshot) bool { return s.teacher.Disk != "" })
	if len(stalled.public.Log) != 1 {
		t.Fatalf("a bot's move was kept though the disk refused it: %v", stalled.public.Log)
	}
	if n := wholeLines(t, journal); n <= lines {
		t.Fatalf("the journal has %d lines, had %d", n, lines)
	}
	// The disk is back: the bots go on by themselves.
	setDisk(t, tb, d, false)
	s = waitFor(t, tb, "the bots' moves", func(s *snapshot) bool { return len(s.public.Log) >= 3 && s.seats[0].YourTurn })
	if s.teacher.Disk != "" {
		t.Fatalf("the console still says %q", s.teacher.Disk)
	}
	wholeLines(t, journal)
	restartAndCompare(t, ts, dir, code, s)
}

// A journal that does not replay — a line that cannot be read, or a move
// the engine refuses, followed by more — restores the table up to the
// last good action, keeps the whole journal beside it and tells the
// teacher; the table is never lost.
func TestABrokenJournalRestoresUpToItsLastGoodAction(t *testing.T) {
	for _, bad := range []struct{ name, line string }{
		{"a line that does not read", `{"a":"move","seat":`},
		{"a move the engine refuses", `{"a":"move","seat":2,"kind":"play","cards":["ZZ"]}`},
	} {
		t.Run(bad.name, func(t *testing.T) {
			dir := t.TempDir()
			a := newTestServer(t, dir)
			code, tb, links := classOfThree(t, a)
			for range 4 {
				if status, body, _ := act(t, a, tb, links); status != http.StatusNoContent {
					t.Fatalf("a move: %d %s", status, body)
				}
			}
			good := waitFor(t, tb, "settled", func(s *snapshot) bool { return true })
			a.ts.Close()
			a.Close()
			journal := filepath.Join(dir, "tables", code, "journal.jsonl")
			kept, _ := os.ReadFile(journal)
			appendFile(t, dir, code, "journal.jsonl", bad.line+"\n"+`{"a":"pass","seat":1}`+"\n")
			b := newTestServer(t, dir)
			tb2 := b.table(code)
			if tb2 == nil {
				t.Fatalf("the table was lost: %v", b.broken)
			}
			after := waitFor(t, tb2, "the restored table", func(s *snapshot) bool { return s.public.Turn == good.public.Turn })
			sameState(t, "restored up to the bad line", good, after)
			if after.teacher.Notice.Key != "notice.partial" {
				t.Fatalf("the console's notice: %+v", after.teacher.Notice)
			}
			if now, _ := os.ReadFile(journal); !bytes.Equal(now, kept) {
				t.Fatalf("the journal now holds\n%s\nwant its good part\n%s", now, kept)
			}
			if aside, _ := filepath.Glob(journal + ".broken-*"); len(aside) != 1 {
				t.Fatalf("the whole journal was not kept aside: %v", aside)
			}
			// The hand goes on from there.
			if status, body, _ := act(t, b, tb2, links); status != http.StatusNoContent {
				t.Fatalf("a move after the restore: %d %s", status, body)
			}
		})
	}
}

// After the reveal nothing waits: a restarted server does not open a
// seat's "declare or go on" pause again.
func TestNoPauseAfterTheRevealOnRestart(t *testing.T) {
	dir := t.TempDir()
	a := newTestServer(t, dir)
	code, tb, links := classOfThree(t, a)
	var s *snapshot
	for range 40 {
		if _, _, s = act(t, a, tb, links); true {
			s = waitFor(t, tb, "settled", func(s *snapshot) bool { return true })
		}
		if s.seats[0].InWindow || s.seats[1].InWindow || s.seats[2].InWindow {
			break
		}
	}
	if !(s.seats[0].InWindow || s.seats[1].InWindow || s.seats[2].InWindow) {
		t.Fatal("nobody made a right move")
	}
	mustPost(t, a, a.TeacherPath()+"t/"+code+"/reveal", nil)
	waitFor(t, tb, "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	a.ts.Close()
	a.Close()
	b := newTestServer(t, dir)
	after := waitFor(t, b.table(code), "the reveal", func(s *snapshot) bool { return s.public.Reveal != nil })
	for i, me := range after.seats {
		if me.InWindow || me.YourTurn || me.Judge != nil {
			t.Fatalf("seat %d may act after the reveal: %+v", i+1, me)
		}
	}
}
