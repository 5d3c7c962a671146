package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/sim"
)

// maxForm caps every request body: a start-page form with eight seats and
// a long rule is a few kilobytes.
const maxForm = 64 << 10

// commandWait is how long a request waits for its table (a stated rule's
// equivalence check can take seconds).
const commandWait = 30 * time.Second

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /static/", staticFiles())
	mux.HandleFunc("GET /{$}", s.home)
	mux.HandleFunc("GET /join", s.guessed(s.codeInQuery, s.joinPage))
	mux.HandleFunc("POST /join", s.guessed(s.codeInForm, s.join))

	// A person's seat, by its secret link.
	player, hotseat := s.seatPageOf(false), s.seatPageOf(true)
	mux.HandleFunc("GET /play/{tok}/{$}", s.guessed(s.seatLink, s.whole(player, "table.badSeatLink")))
	mux.HandleFunc("GET /play/{tok}/view", s.guessed(s.seatLink, s.live(player)))
	mux.HandleFunc("GET /play/{tok}/events", s.guessed(s.seatLink, s.stream(player)))
	mux.HandleFunc("GET /play/{tok}/state.json", s.guessed(s.seatLink, s.seatJSON))
	mux.HandleFunc("POST /play/{tok}/{action}", s.guessed(s.seatLink, s.seatAction(false)))
	// Hot seat: the people's seats played in turn on one screen.
	mux.HandleFunc("GET /hotseat/{tok}/{$}", s.guessed(s.hotseatLink, s.whole(hotseat, "table.badHotseatLink")))
	mux.HandleFunc("GET /hotseat/{tok}/view", s.guessed(s.hotseatLink, s.live(hotseat)))
	mux.HandleFunc("GET /hotseat/{tok}/events", s.guessed(s.hotseatLink, s.stream(hotseat)))
	mux.HandleFunc("POST /hotseat/{tok}/{action}", s.guessed(s.hotseatLink, s.seatAction(true)))
	// The class screen and, after the reveal, its downloads.
	mux.HandleFunc("GET /board/{code}/{$}", s.guessed(s.codeInPath, s.whole(s.boardData, "table.noSuchTable")))
	mux.HandleFunc("GET /board/{code}/view", s.guessed(s.codeInPath, s.live(s.boardData)))
	mux.HandleFunc("GET /board/{code}/events", s.guessed(s.codeInPath, s.stream(s.boardData)))
	mux.HandleFunc("GET /board/{code}/transcript.yaml", s.guessed(s.codeInPath, s.transcript))
	mux.HandleFunc("GET /board/{code}/beliefs.svg", s.guessed(s.codeInPath, s.beliefs))

	// The teacher, by the secret link printed at start.
	teacher := func(h http.HandlerFunc) http.HandlerFunc { return s.guessed(s.teacherLink, s.teacherOnly(h)) }
	mux.HandleFunc("GET /teacher/{tok}/{$}", teacher(s.teacherHome))
	mux.HandleFunc("POST /teacher/{tok}/tables", teacher(s.createTable))
	mux.HandleFunc("GET /teacher/{tok}/results", teacher(s.results))
	mux.HandleFunc("GET /teacher/{tok}/results.csv", teacher(s.resultsCSV))
	mux.HandleFunc("GET /teacher/{tok}/transcripts.zip", teacher(s.transcriptsZip))
	mux.HandleFunc("GET /teacher/{tok}/t/{code}/{$}", teacher(s.whole(s.consoleData, "table.noSuchTable")))
	mux.HandleFunc("GET /teacher/{tok}/t/{code}/view", teacher(s.live(s.consoleData)))
	mux.HandleFunc("GET /teacher/{tok}/t/{code}/events", teacher(s.stream(s.consoleData)))
	mux.HandleFunc("POST /teacher/{tok}/t/{code}/{action}", teacher(s.consoleAction))
	return securityHeaders(s.guard(withLang(mux)))
}

// securityHeaders: no page may be framed by another site, nothing is
// loaded from elsewhere, and pages holding secrets are not cached.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cache-Control", "no-store")
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		}
		h.ServeHTTP(w, r)
	})
}

// page is what every template gets.
type page struct {
	L     *i18n.Printer // the reader's language
	Langs []langLink    // the language switch
	Role  string        // home, join, player, hotseat, board, teacher, start
	Title string
	Base  string // where the page's live view, events and actions are
	P     *Public
	Me    *SeatState
	T     *TeacherState
	Flash string
	// Teacher pages.
	TeacherBase string
	Tables      []tableRow
	Broken      map[string]string
	Form        *startForm
	Names       []ruleName
	// The teacher's console: where students join.
	JoinURLs  []string
	LocalOnly bool
	OpenAddr  string // --addr that opens this server to the class network
	// Join page: the seats named by the teacher, and how many the students
	// name themselves.
	Code      string
	FreeSeats []SeatView
	OpenSeats int
	Hotseat   string
	// The session's results (teacher).
	Session *sessionPage
	// The class screen: where students join (JoinLink: with the code, the
	// QR code's), and whether a person's seat is free.
	JoinURL, JoinLink string
	ShowJoin          bool
	QR                template.HTML
}

func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, name string, p *page) {
	if p.L == nil {
		p.L = printer(r)
	}
	p.Langs = langLinks(r, p.L)
	if name != "live" && p.Flash == "" {
		p.Flash = takeFlash(w, r, p.L)
	}
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, name, p); err != nil {
		s.logf("template %s: %v", name, err)
		http.Error(w, "the page could not be drawn: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// notFound says a catalogue's message (its key) on a page of its own.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, key string) {
	l := printer(r)
	s.render(w, r, http.StatusNotFound, "message.html", &page{L: l, Role: "home", Title: l.T("web.notFound"), Flash: l.T(key)})
}

// reply answers a POST: for the page's script (X-Eleusis-Fetch) the error
// as plain text, or 204; for a plain form, a redirect back with the message.
func reply(w http.ResponseWriter, r *http.Request, back string, err error) {
	var mbe *http.MaxBytesError
	status := http.StatusBadRequest
	if errors.As(err, &mbe) {
		err, status = errTooLarge, http.StatusRequestEntityTooLarge
	}
	if r.Header.Get("X-Eleusis-Fetch") != "" {
		if err != nil {
			http.Error(w, sayError(r, err), status)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		setFlash(w, r, err)
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// ---- students ----------------------------------------------------------

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "home.html", &page{Role: "home", Title: "Eleusis"})
}

// joinPage lists a table's free seats for people.
func (s *Server) joinPage(w http.ResponseWriter, r *http.Request) {
	typed := strings.TrimSpace(r.URL.Query().Get("code"))
	t := s.table(typed)
	if t == nil {
		l := printer(r)
		s.render(w, r, http.StatusNotFound, "home.html", &page{L: l, Role: "home", Title: "Eleusis", Flash: l.T("home.noTable", clip(typed, 12))})
		return
	}
	code := t.setup.Code
	l := printer(r)
	p := &page{L: l, Role: "join", Title: l.T("join.title", groupCode(code)), Code: code}
	for _, st := range t.snap.Load().public.Seats {
		switch {
		case !st.Person() || st.Claimed:
		case st.Open:
			p.OpenSeats++
		default:
			p.FreeSeats = append(p.FreeSeats, st)
		}
	}
	s.render(w, r, http.StatusOK, "join.html", p)
}

// join gives the person a free seat and sends them to its secret link.
func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		reply(w, r, "/", err)
		return
	}
	typed := strings.TrimSpace(r.PostForm.Get("code"))
	t := s.table(typed)
	if t == nil {
		reply(w, r, "/", sayErr("join.noTable", clip(typed, 12)))
		return
	}
	code := t.setup.Code
	seat, typed := -1, r.PostForm.Get("name")
	if !r.PostForm.Has("name") {
		var err error
		if seat, err = strconv.Atoi(r.PostForm.Get("seat")); err != nil {
			reply(w, r, "/join?code="+code, sayErr("err.chooseSeat"))
			return
		}
		if seat < 0 {
			reply(w, r, "/join?code="+code, sayErr("err.noSeat"))
			return
		}
	}
	var tok string
	err := t.do(r.Context(), func(t *table) (err error) {
		tok, seat, err = t.claimSeat(seat, typed)
		return err
	})
	if err != nil {
		reply(w, r, "/join?code="+code, err)
		return
	}
	s.addToken(tok, code, seat)
	http.Redirect(w, r, "/play/"+tok+"/", http.StatusSeeOther)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// actingSeat is the seat a hot-seat screen plays now: a person who must
// judge as Prophet, decide after their move, or move.
func actingSeat(sn *snapshot) int {
	for i, st := range sn.seats {
		if st.Judge != nil {
			return i
		}
	}
	for i, st := range sn.seats {
		if st.InWindow {
			return i
		}
	}
	for i, st := range sn.seats {
		if st.YourTurn {
			return i
		}
	}
	return -1
}

// seatPageData is a seat's page: the public table and that seat's own part.
func (s *Server) seatPageData(r *http.Request, hot bool) (*page, *table, int, bool) {
	tok := r.PathValue("tok")
	var t *table
	seat := -1
	if hot {
		s.mu.Lock()
		t = s.tables[s.hotseats[tok]]
		s.mu.Unlock()
	} else {
		var ok bool
		if t, seat, ok = s.seatOf(tok); !ok {
			t = nil
		}
	}
	if t == nil {
		return nil, nil, 0, false
	}
	sn := t.snap.Load()
	pub := sn.public
	l := printer(r)
	p := &page{L: l, Role: "player", Title: l.T("table.title", groupCode(pub.Code)), P: &pub, Names: ruleNames}
	if hot {
		p.Role, p.Base = "hotseat", "/hotseat/"+tok+"/"
		seat = actingSeat(sn)
	} else {
		p.Base = "/play/" + tok + "/"
	}
	if seat >= 0 {
		me := sn.seats[seat]
		p.Me = &me
		if !hot {
			p.Title = l.T("table.seatTitle", me.Name, groupCode(pub.Code))
		}
	}
	return p, t, seat, true
}

// seatPageOf is the page data of a seat's link (hot: the hot seat's).
func (s *Server) seatPageOf(hot bool) pageOf {
	return func(r *http.Request) (*page, *table) {
		p, t, _, ok := s.seatPageData(r, hot)
		if !ok {
			return nil, nil
		}
		return p, t
	}
}

// pageOf finds what a request's page shows; nil when its link is not valid.
type pageOf func(r *http.Request) (*page, *table)

// whole serves a table's whole page (missing: the catalogue's key for a
// link that is not valid).
func (s *Server) whole(of pageOf, missing string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, _ := of(r)
		if p == nil {
			s.notFound(w, r, missing)
			return
		}
		s.render(w, r, http.StatusOK, "table.html", p)
	}
}

// live serves the part of a table's page that changes (the page's script
// fetches it after every change).
func (s *Server) live(of pageOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, _ := of(r)
		if p == nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		s.render(w, r, http.StatusOK, "live", p)
	}
}

// stream tells a page of every change (events).
func (s *Server) stream(of pageOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, t := of(r)
		if t == nil {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		s.events(w, r, t)
	}
}

// seatJSON is the seat's state for programs: the public table and the
// seat's own hand and choices, nothing else.
func (s *Server) seatJSON(w http.ResponseWriter, r *http.Request) {
	p, _, _, ok := s.seatPageData(r, false)
	if !ok {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(struct {
		Table *Public    `json:"table"`
		Seat  *SeatState `json:"seat"`
	}{p.P, p.Me})
}

// seatAction is a person's move, judgement or decision.
func (s *Server) seatAction(hot bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, t, seat, ok := s.seatPageData(r, hot)
		if !ok {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if err := r.ParseForm(); err != nil {
			reply(w, r, p.Base, err)
			return
		}
		if seat < 0 {
			reply(w, r, p.Base, sayErr("err.nobodyActs"))
			return
		}
		f := r.PostForm
		if hot {
			// The screen acts for the seat it showed: a stale page must not
			// play for the next person.
			if want := f.Get("seat"); want != strconv.Itoa(seat) {
				reply(w, r, p.Base, sayErr("err.movedOn"))
				return
			}
		}
		ctx, cancel := context.WithTimeout(r.Context(), commandWait)
		defer cancel()
		var err error
		switch r.PathValue("action") {
		case "move":
			var cards []sim.Card
			if cards, err = parseCards(f.Get("cards")); err == nil {
				m := sim.Move{Kind: sim.MoveKind(f.Get("kind")), Cards: cards}
				if m.Kind == sim.Play && len(cards) > 1 {
					m.Kind = sim.Sequence
				}
				err = t.do(ctx, func(t *table) error { return t.personMove(seat, m) })
			}
		case "judge":
			var pick *sim.Card
			if v := f.Get("pick"); v != "" {
				c, perr := sim.ParseCard(v)
				if perr != nil {
					err = perr
					break
				}
				pick = &c
			}
			yes := f.Get("verdict") == "yes"
			if err == nil {
				err = t.do(ctx, func(t *table) error { return t.prophetJudges(seat, yes, pick) })
			}
		case "declare":
			err = t.do(ctx, func(t *table) error { return t.personDeclare(seat) })
		case "guess":
			text := f.Get("rule")
			err = t.do(ctx, func(t *table) error { return t.personGuess(seat, text) })
		case "pass":
			err = t.do(ctx, func(t *table) error { return t.pass(seat) })
		default:
			http.Error(w, "no such action", http.StatusNotFound)
			return
		}
		reply(w, r, p.Base, err)
	}
}

// parseCards reads the cards of a move ("8H 9S"), at most a whole hand's
// worth.
func parseCards(s string) ([]sim.Card, error) {
	if len(s) > 400 {
		return nil, sayErr("err.tooManyCards")
	}
	cs, err := sim.ParseCards(s)
	if err != nil {
		return nil, err
	}
	if len(cs) > 3*sim.NumCards {
		return nil, sayErr("err.tooManyCards")
	}
	return cs, nil
}

// ---- the class screen ------------------------------------------------------

func (s *Server) boardData(r *http.Request) (*page, *table) {
	t := s.table(r.PathValue("code"))
	if t == nil {
		return nil, nil
	}
	pub := t.snap.Load().public
	l := printer(r)
	p := &page{L: l, Role: "board", Title: l.T("table.title", groupCode(pub.Code)), Base: "/board/" + pub.Code + "/", P: &pub}
	var urls []string
	urls, p.LocalOnly, p.OpenAddr = s.joinAddrs(r)
	p.JoinURL = urls[0]
	p.JoinLink = strings.TrimSuffix(urls[0], "/") + "/join?code=" + groupCode(pub.Code)
	for _, st := range pub.Seats {
		p.ShowJoin = p.ShowJoin || st.Person() && !st.Claimed
	}
	if p.ShowJoin {
		p.QR = qrSVG(p.JoinLink, l.T("board.qrLabel", p.JoinLink))
	}
	return p, t
}

// revealed is the table's reveal, or nil before it.
func (s *Server) revealed(r *http.Request) *reveal {
	t := s.table(r.PathValue("code"))
	if t == nil || !t.snap.Load().public.Revealed {
		return nil
	}
	var rv *reveal
	if err := t.do(r.Context(), func(t *table) error { rv = t.reveal; return nil }); err != nil {
		return nil
	}
	return rv
}

// transcript is the hand as a transcript, once God's rule is revealed.
func (s *Server) transcript(w http.ResponseWriter, r *http.Request) {
	rv := s.revealed(r)
	if rv == nil || rv.transcript == nil {
		http.Error(w, "the transcript is there once God's rule is revealed", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"eleusis-%s.yaml\"", strings.ToUpper(r.PathValue("code"))))
	w.Write(rv.transcript)
}

func (s *Server) beliefs(w http.ResponseWriter, r *http.Request) {
	rv := s.revealed(r)
	if rv == nil || rv.plot == nil {
		http.Error(w, "the belief plot is there once God's rule is revealed", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(rv.plot[printer(r).Lang()])
}

// events tells a page, by server-sent events, the table's version after
// every change (and every 20 s, which keeps proxies from closing it); the
// page then fetches its view.
func (s *Server) events(w http.ResponseWriter, r *http.Request, t *table) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	tick := time.NewTicker(20 * time.Second)
	defer tick.Stop()
	for {
		ch := t.changed()
		fmt.Fprintf(w, "data: %d\n\n", t.snap.Load().public.Version)
		fl.Flush()
		select {
		case <-ch:
		case <-tick.C:
		case <-t.done:
			return
		case <-s.closing:
			return
		case <-r.Context().Done():
			return
		}
	}
}
