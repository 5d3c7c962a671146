package web

import (
	"archive/zip"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"
)

// The session's results, for the teacher: every table opened on a day —
// open or closed since —, every hand revealed at it, and for each seat who
// found the rule and at which move, the tests made (moves), God's "yes"es,
// the rules stated and the score; as a page, as CSV, and the hands'
// transcripts zipped. Everything is read from the tables' folders
// (table.json keeps each revealed hand's summary, results.go), so a
// restarted server, or one whose tables were closed, still has it.

// sessionTable is one table of the day.
type sessionTable struct {
	Code, Preset string
	Opened       time.Time
	Closed       bool
	Playing      int // the hand being played, not yet revealed (0: none)
	Hands        []HandSummary
	dir          string
}

// dayOf is the local day a time falls on (2026-12-03).
func dayOf(t time.Time) string { return t.Local().Format("2006-01-02") }

// sessionTables are the tables opened on day ("" for today), oldest
// first, and every day that has tables, newest first.
func (s *Server) sessionTables(day string) ([]sessionTable, []string) {
	if day == "" {
		day = dayOf(time.Now())
	}
	if s.cfg.DataDir == "" {
		return nil, nil
	}
	paths, _ := filepath.Glob(filepath.Join(s.cfg.DataDir, "tables", "*", "table.json"))
	var out []sessionTable
	seen := map[string]bool{}
	var days []string
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		var st stored
		if json.Unmarshal(b, &st) != nil {
			continue
		}
		opened := st.Setup.Opened
		if opened.IsZero() {
			opened = st.Saved
		}
		if d := dayOf(opened); !seen[d] {
			seen[d] = true
			days = append(days, d)
		}
		if dayOf(opened) != day {
			continue
		}
		t := sessionTable{Code: st.Setup.Code, Preset: st.Setup.Preset, Opened: opened, Closed: st.Settings.Closed, Hands: st.Settings.Hands, dir: filepath.Dir(p)}
		if !st.Settings.Revealed && !st.Settings.Closed {
			t.Playing = max(st.Settings.HandNo, 1)
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b sessionTable) int { return a.Opened.Compare(b.Opened) })
	slices.Sort(days)
	slices.Reverse(days)
	return out, days
}

// results is the session's page.
func (s *Server) results(w http.ResponseWriter, r *http.Request) {
	day := r.URL.Query().Get("day")
	if day == "" {
		day = dayOf(time.Now())
	}
	tables, days := s.sessionTables(day)
	l := printer(r)
	long := day
	if d, err := time.ParseInLocation("2006-01-02", day, time.Local); err == nil {
		long = l.Date(d)
	}
	s.render(w, r, http.StatusOK, "session.html", &page{L: l, Role: "start", Title: l.T("session.title", long), TeacherBase: s.TeacherPath(),
		Session: &sessionPage{Day: day, Long: long, Days: days, Tables: tables}})
}

// sessionPage is the results page's part of a page.
type sessionPage struct {
	Day, Long string // 2026-12-03, and as the page's language writes it
	Days      []string
	Tables    []sessionTable
}

// resultsCSV is the session as CSV: one row per seat per hand, the totals
// over the table's hands so far in the last column; the header in the
// teacher's language.
func (s *Server) resultsCSV(w http.ResponseWriter, r *http.Request) {
	day := r.URL.Query().Get("day")
	if day == "" {
		day = dayOf(time.Now())
	}
	tables, _ := s.sessionTables(day)
	l := printer(r)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="eleusis-results-`+day+`.csv"`)
	cw := csv.NewWriter(w)
	head := []string{}
	for _, k := range []string{"table", "hand", "rule", "expr", "seat", "name", "bot", "tests", "yes", "stated", "found", "score", "total"} {
		head = append(head, l.T("rcsv."+k))
	}
	cw.Write(head)
	for _, t := range tables {
		totals := map[int]int{}
		for _, h := range t.Hands {
			rule := h.Rule.Name
			if rule == "" {
				rule = h.Rule.Words
			}
			for i, st := range h.Seats {
				totals[i] += st.Score
				found := ""
				if st.FoundAt > 0 {
					found = strconv.Itoa(st.FoundAt)
				}
				cw.Write([]string{t.Code, strconv.Itoa(h.No), rule, h.Rule.Expr, strconv.Itoa(i + 1), st.Name, st.Bot,
					strconv.Itoa(st.Tests), strconv.Itoa(st.Yes), strconv.Itoa(st.Stated), found, strconv.Itoa(st.Score), strconv.Itoa(totals[i])})
			}
		}
	}
	cw.Flush()
}

// transcriptsZip is every revealed hand's transcript of the day's tables:
// CODE/hand-N.yaml, each one `eleusis replay` referees again.
func (s *Server) transcriptsZip(w http.ResponseWriter, r *http.Request) {
	day := r.URL.Query().Get("day")
	if day == "" {
		day = dayOf(time.Now())
	}
	tables, _ := s.sessionTables(day)
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="eleusis-transcripts-`+day+`.zip"`)
	zw := zip.NewWriter(w)
	for _, t := range tables {
		for _, h := range t.Hands {
			b, err := os.ReadFile(filepath.Join(t.dir, h.Script))
			if err != nil {
				continue
			}
			f, err := zw.Create(t.Code + "/hand-" + strconv.Itoa(h.No) + ".yaml")
			if err != nil {
				return
			}
			f.Write(b)
		}
	}
	zw.Close()
}
