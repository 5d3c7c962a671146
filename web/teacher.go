package web

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/eleusis/eleusis/i18n"
)

// The teacher's pages: the start page that opens tables, and each table's
// console (God's rule, the teacher's verdicts, the pace, the notebook, the
// reveal, the seats). Every one sits behind the teacher's secret link.

func (s *Server) teacherOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.teacherLink(r) {
			s.notFound(w, r, "web.noPage")
			return
		}
		h(w, r)
	}
}

// tableRow is a table on the teacher's home page.
type tableRow struct {
	Code, Preset, Seats string
	Status              i18n.Msg
	Revealed            bool
}

func (s *Server) teacherHomeData(r *http.Request, form *startForm, flash string) *page {
	l := printer(r)
	p := &page{L: l, Role: "start", Title: l.T("start.title"), TeacherBase: s.TeacherPath(), Form: form, Flash: flash, Broken: map[string]string{}}
	for _, t := range s.tableList() {
		sn := t.snap.Load().public
		var seats []string
		for _, st := range sn.Seats {
			seats = append(seats, st.Name)
		}
		p.Tables = append(p.Tables, tableRow{Code: sn.Code, Preset: sn.Preset, Seats: strings.Join(seats, ", "), Status: sn.StatusMsg, Revealed: sn.Revealed})
	}
	s.mu.Lock()
	for k, v := range s.broken {
		p.Broken[k] = v
	}
	s.mu.Unlock()
	return p
}

func (s *Server) teacherHome(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusOK, "start.html", s.teacherHomeData(r, s.newStartForm(nil, nil), ""))
}

// createTable opens a table from the start page's form.
func (s *Server) createTable(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		reply(w, r, s.TeacherPath(), err)
		return
	}
	setup, _, preview, fe := parseSetup(r.PostForm, s.cfg.Bank, s.dealKey, s.cfg.AllowExec)
	pace := s.cfg.DefaultPace
	if v := strings.TrimSpace(r.PostForm.Get("pace")); v != "" {
		x, err := parsePace(v)
		if err != nil {
			fe.addErr("pace", err)
		}
		pace = x
	}
	notebook := -1
	if len(fe) == 0 && preview != nil {
		// The rule in words, read back: the table opens when the teacher
		// chooses a reading shown.
		form := s.newStartForm(r.PostForm, fe)
		form.Preview = preview
		s.render(w, r, http.StatusOK, "start.html", s.teacherHomeData(r, form, ""))
		return
	}
	if len(fe) == 0 {
		setup.Code, setup.Opened = s.newCode(), s.now()
		dir := ""
		if s.cfg.DataDir != "" {
			dir = filepath.Join(s.cfg.DataDir, "tables", setup.Code)
			if err := os.MkdirAll(dir, 0o700); err != nil {
				s.logf("cannot keep a table on disk: %v", err)
				fe.add("seats", "err.notSaved")
			}
		}
		if len(fe) == 0 {
			st := Settings{Pace: pace, Notebook: notebook, Tokens: make([]string, len(setup.Seats)), Hotseat: newToken()}
			t, err := newTable(s, setup, st, dir)
			if err == nil {
				err = t.saveSetup()
			}
			if err != nil {
				s.logf("opening a table: %v", err)
				fe.addErr("seats", err)
				if dir != "" {
					os.RemoveAll(dir)
				}
			} else {
				s.register(t)
				s.logf("table %s opened: %s, %d seats, rule %s", setup.Code, setup.Preset, len(setup.Seats), setup.Rule.How)
				http.Redirect(w, r, s.TeacherPath()+"t/"+setup.Code+"/", http.StatusSeeOther)
				return
			}
		}
	}
	form := s.newStartForm(r.PostForm, fe)
	form.Preview = preview
	s.render(w, r, http.StatusUnprocessableEntity, "start.html", s.teacherHomeData(r, form, printer(r).T("start.notOpened")))
}

// parsePace reads the seconds a bot waits: a finite number from 0 to 60
// (NaN and infinities, which strconv accepts, are refused).
func parsePace(v string) (float64, error) {
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || !validPace(x) {
		return 0, errPace
	}
	return x, nil
}

// validPace: written so that NaN, which compares false, fails.
func validPace(x float64) bool { return x >= 0 && x <= 60 }

var errPace = sayErr("err.pace")

func (s *Server) consoleData(r *http.Request) (*page, *table) {
	t := s.table(r.PathValue("code"))
	if t == nil {
		return nil, nil
	}
	sn := t.snap.Load()
	pub, ts := sn.public, sn.teacher
	base := s.TeacherPath() + "t/" + pub.Code + "/"
	l := printer(r)
	p := &page{L: l, Role: "teacher", Title: l.T("console.title", groupCode(pub.Code)), Base: base, TeacherBase: s.TeacherPath(),
		P: &pub, T: &ts, Hotseat: "/hotseat/" + ts.Settings.Hotseat + "/"}
	p.JoinURLs, p.LocalOnly, p.OpenAddr = s.joinAddrs(r)
	if pub.Revealed {
		p.Form = s.newStartForm(nil, nil) // the next hand's rule
	}
	return p, t
}

// joinAddrs are the addresses students open (serve's, else the one this
// page was loaded from), whether only this computer can reach them, and the
// --addr that would open the server to the class network.
func (s *Server) joinAddrs(r *http.Request) (urls []string, localOnly bool, openAddr string) {
	urls = s.cfg.JoinURLs
	if len(urls) == 0 {
		urls = []string{"http://" + r.Host + "/"}
	}
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = r.Host, "80"
	}
	ip := net.ParseIP(host)
	localOnly = len(s.cfg.JoinURLs) == 0 && (host == "localhost" || ip != nil && ip.IsLoopback())
	return urls, localOnly, net.JoinHostPort("0.0.0.0", port) // the port this server listens on, as the terminal says
}

// consoleAction is the teacher's verdict, settings, reveal and seats.
func (s *Server) consoleAction(w http.ResponseWriter, r *http.Request) {
	p, t := s.consoleData(r)
	if p == nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if err := r.ParseForm(); err != nil {
		reply(w, r, p.Base, err)
		return
	}
	f := r.PostForm
	ctx, cancel := context.WithTimeout(r.Context(), commandWait)
	defer cancel()
	seat, seatErr := strconv.Atoi(f.Get("seat"))
	var err error
	switch r.PathValue("action") {
	case "answer":
		id, _ := strconv.Atoi(f.Get("q"))
		var fits []int
		for _, v := range f["fit"] {
			i, perr := strconv.Atoi(v)
			if perr != nil {
				err = sayErr("err.tickedNumber")
			}
			fits = append(fits, i)
		}
		yes := f.Get("verdict") == "yes"
		first := -1
		if v := f.Get("first"); v != "" {
			if first, err = strconv.Atoi(v); err != nil {
				err = sayErr("err.firstBreaks")
			}
		}
		if err == nil {
			err = t.do(ctx, func(t *table) error { return t.answerCmd(id, yes, fits, first) })
		}
	case "settings":
		var pace *float64
		var paused *bool
		var notebook *int
		if v := strings.TrimSpace(f.Get("pace")); v != "" {
			x, perr := parsePace(v)
			if perr != nil {
				err = perr
			}
			pace = &x
		}
		switch f.Get("play") {
		case "pause":
			b := true
			paused = &b
		case "resume":
			b := false
			paused = &b
		}
		if v := f.Get("notebook"); v != "" {
			n, perr := strconv.Atoi(v)
			if perr != nil {
				err = sayErr("err.notebookBot")
			}
			notebook = &n
		}
		play := f.Get("play")
		step, skip, retry, dismiss := play == "step", play == "skip", play == "retry", play == "dismiss"
		if err == nil {
			err = t.do(ctx, func(t *table) error { return t.settingsCmd(pace, paused, step, skip, retry, dismiss, notebook) })
		}
	case "reveal":
		words, expr := f.Get("words"), f.Get("expr")
		err = t.do(ctx, func(t *table) error { return t.revealCmd(words, expr) })
	case "bot":
		if seatErr != nil {
			err = sayErr("err.noSeat")
			break
		}
		spec := strings.TrimSpace(f.Get("spec"))
		err = t.do(ctx, func(t *table) error { return t.replaceBot(seat, spec) })
	case "free":
		if seatErr != nil {
			err = sayErr("err.noSeat")
			break
		}
		err = t.do(ctx, func(t *table) error { return t.freeSeat(seat) })
	case "rename":
		if seatErr != nil {
			err = sayErr("err.noSeat")
			break
		}
		name := f.Get("name")
		err = t.do(ctx, func(t *table) error { return t.renameSeat(seat, name) })
	case "next":
		fe := formErrors{}
		rc, _, _ := chooseRule(f, s.cfg.Bank, p.P.Options, fe)
		for _, k := range []string{"rule", "expr", "rule_words"} {
			if m, ok := fe[k]; ok {
				err = &msgError{m}
				break
			}
		}
		if err == nil {
			err = t.do(ctx, func(t *table) error { return t.nextHand(rc) })
		}
	case "close":
		err = t.do(ctx, func(t *table) error {
			return t.save(func() { t.settings.Closed = true })
		})
		if err == nil {
			s.closeTable(t)
			close(t.stop)
			reply(w, r, s.TeacherPath(), nil)
			return
		}
	default:
		http.Error(w, "no such action", http.StatusNotFound)
		return
	}
	reply(w, r, p.Base, err)
}
