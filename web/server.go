package web

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/rulebank"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Config sets up a Server.
type Config struct {
	// Bank is where God's rules are chosen from (rulebank.Default() and
	// the user's --bank).
	Bank *rulebank.Bank
	// DataDir holds the tables (DataDir/tables/CODE) and the teacher's
	// secret (DataDir/teacher.token). Empty keeps nothing on disk (tests).
	DataDir string
	// Log receives what the teacher's terminal should show (restored
	// tables, failed bots); nil discards it.
	Log io.Writer
	// JoinURLs are the addresses students open, shown on the teacher's
	// console (serve knows this computer's addresses); empty shows the
	// address the teacher's page was loaded from.
	JoinURLs []string
	// DefaultPace is the seconds a bot waits before it moves, for new tables
	// (the teacher changes it per table).
	DefaultPace float64
	// AllowExec lets tables seat outside programs (exec:COMMAND), which run
	// commands on this computer: off unless the teacher asks (serve
	// --allow-exec), so that whoever holds the teacher's link cannot run a
	// shell through the page.
	AllowExec bool
	// Sandbox: how outside programs are confined (serve's --no-sandbox,
	// --agent-env, --agent-read; the data folder protected); nil keeps the
	// shared kit's (confined).
	Sandbox *agents.Sandbox
}

// Server is `eleusis serve`: the tables, the teacher's secret and the web
// pages. Use Handler to serve it and Close to stop its tables.
type Server struct {
	cfg     Config
	kit     *agents.Kit
	teacher string // the teacher's secret token
	dealKey []byte // turns a typed seed into a deal (secret.go)
	tmpl    *template.Template
	handler http.Handler
	closing chan struct{}
	once    sync.Once

	mu       sync.Mutex
	tables   map[string]*table // by code
	order    []string          // codes, oldest first
	seats    map[string]seatRef
	hotseats map[string]string // token → code
	broken   map[string]string // code → why it could not be restored
	logMu    sync.Mutex
	guesses  *limiter        // wrong codes and links, per address (guard.go)
	retired  map[string]bool // codes and links that were right once
}

// sharedKit holds the hypothesis spaces and rules' behaviour classes, built
// once per process and shared by every table (and every server of a test).
var sharedKit = agents.NewKit()

type seatRef struct {
	code string
	seat int
}

// DefaultDataDir is where tables are kept when --data is not given: the
// user's data directory (XDG_DATA_HOME, ~/.local/share, ~/Library/Application
// Support or %LocalAppData%) + "/eleusis".
func DefaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "eleusis"), nil
	}
	if d := os.Getenv("LocalAppData"); d != "" {
		return filepath.Join(d, "eleusis"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %w (give --data DIR)", err)
	}
	if _, err := os.Stat(filepath.Join(home, "Library", "Application Support")); err == nil {
		return filepath.Join(home, "Library", "Application Support", "eleusis"), nil
	}
	return filepath.Join(home, ".local", "share", "eleusis"), nil
}

// New starts a server: it reads (or makes) the teacher's secret and
// restores every open table of DataDir.
func New(cfg Config) (*Server, error) {
	if cfg.Bank == nil {
		cfg.Bank = rulebank.Default()
	}
	if cfg.DefaultPace == 0 {
		cfg.DefaultPace = 1.5
	}
	if cfg.Sandbox != nil {
		sharedKit.SetSandbox(*cfg.Sandbox)
	}
	s := &Server{cfg: cfg, kit: sharedKit, closing: make(chan struct{}),
		tables: map[string]*table{}, seats: map[string]seatRef{}, hotseats: map[string]string{}, broken: map[string]string{},
		guesses: newLimiter(guessEvery, guessBurst), retired: map[string]bool{}}
	var err error
	if s.tmpl, err = template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html"); err != nil {
		return nil, err
	}
	s.teacher = newToken()
	if cfg.DataDir != "" {
		if err := os.MkdirAll(filepath.Join(cfg.DataDir, "tables"), 0o700); err != nil {
			return nil, err
		}
		path := filepath.Join(cfg.DataDir, "teacher.token")
		if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
			s.teacher = strings.TrimSpace(string(b))
		} else if err := writeAtomic(path, []byte(s.teacher+"\n")); err != nil {
			return nil, err
		}
		s.restoreAll()
	}
	if s.dealKey, err = loadDealKey(cfg.DataDir); err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// restoreAll restores the open tables, oldest first.
func (s *Server) restoreAll() {
	dirs, _ := filepath.Glob(filepath.Join(s.cfg.DataDir, "tables", "*", "table.json"))
	type found struct {
		dir string
		mod time.Time
	}
	var fs []found
	for _, p := range dirs {
		if st, err := os.Stat(p); err == nil {
			fs = append(fs, found{filepath.Dir(p), st.ModTime()})
		}
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].mod.Before(fs[j].mod) })
	for _, f := range fs {
		code := filepath.Base(f.dir)
		t, err := s.restore(f.dir)
		if err != nil {
			s.broken[code] = err.Error()
			s.logf("table %s could not be restored: %v", code, err)
			continue
		}
		if t == nil {
			s.retired[code] = true // closed: its class screen may still ask
			continue
		}
		moves := t.turns() // before the table's goroutine owns the hand
		s.register(t)
		s.logf("table %s restored (%s, %d moves)", code, t.setup.Preset, moves)
	}
}

func (t *table) turns() int {
	if t.hand == nil {
		return 0
	}
	return t.hand.View(0).Turn
}

// register makes a table reachable and starts its goroutine, once its
// first snapshot is there for the handlers.
func (s *Server) register(t *table) {
	t.drive()
	t.publish()
	s.mu.Lock()
	s.tables[t.setup.Code] = t
	s.order = append(s.order, t.setup.Code)
	for i, tok := range t.settings.Tokens {
		if tok != "" {
			s.seats[tok] = seatRef{t.setup.Code, i}
		}
	}
	s.hotseats[t.settings.Hotseat] = t.setup.Code
	s.mu.Unlock()
	go t.run()
}

// Handler is the server's web pages.
func (s *Server) Handler() http.Handler { return s.handler }

// TeacherPath is the teacher's secret page (print it with the address).
func (s *Server) TeacherPath() string { return "/teacher/" + s.teacher + "/" }

// Close stops every table's goroutine (and the bots' programs).
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.closing)
		s.mu.Lock()
		ts := make([]*table, 0, len(s.tables))
		for _, t := range s.tables {
			ts = append(ts, t)
		}
		s.mu.Unlock()
		for _, t := range ts {
			close(t.stop)
			<-t.done
		}
	})
}

func (s *Server) logf(format string, a ...any) {
	if s.cfg.Log == nil {
		return
	}
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.cfg.Log, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, a...)...)
}

func (s *Server) now() time.Time { return time.Now() }

// newToken is a secret: 128 random bits in hex.
func newToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic("web: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b)
}

func (s *Server) tableList() []*table {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ts []*table
	for _, c := range slices.Backward(s.order) {
		if t := s.tables[c]; t != nil {
			ts = append(ts, t)
		}
	}
	return ts
}

func (s *Server) seatOf(tok string) (*table, int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ref, ok := s.seats[tok]
	if !ok {
		return nil, 0, false
	}
	return s.tables[ref.code], ref.seat, true
}

func (s *Server) addToken(tok, code string, seat int) {
	s.mu.Lock()
	s.seats[tok] = seatRef{code, seat}
	s.mu.Unlock()
}

func (s *Server) forgetToken(tok string) {
	s.mu.Lock()
	delete(s.seats, tok)
	s.retired[tok] = true
	s.mu.Unlock()
}

// closeTable takes a table off the server; its folder stays on disk.
func (s *Server) closeTable(t *table) {
	s.mu.Lock()
	delete(s.tables, t.setup.Code)
	s.retired[t.setup.Code], s.retired[t.settings.Hotseat] = true, true
	for _, tok := range t.settings.Tokens {
		delete(s.seats, tok)
		if tok != "" {
			s.retired[tok] = true
		}
	}
	delete(s.hotseats, t.settings.Hotseat)
	s.mu.Unlock()
}

// staticFiles is the style sheet and the page script.
func staticFiles() http.Handler {
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err)
	}
	return http.StripPrefix("/static/", http.FileServerFS(sub))
}

var errTooLarge = sayErr("err.tooLarge")
