package web

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/i18n"
	"github.com/eleusis/eleusis/rulebank"
	"github.com/eleusis/eleusis/sim"
)

// Setup is how the teacher opened a table: the rules, God's rule, the
// seats and the deal's secret. It is written to table.json and never
// changes during the hand (but for a failed bot's replacement).
type Setup struct {
	Code      string      `json:"code"`
	Preset    string      `json:"preset"`
	Overrides []string    `json:"overrides,omitempty"` // name=value, as --option
	Options   sim.Options `json:"options"`
	Rule      RuleChoice  `json:"rule"`
	Seats     []SeatSpec  `json:"seats"`
	// Deal is the secret the hand is dealt from (secret.go), in hex: no
	// page shows it, table.json (which only the server reads) keeps it so
	// that a restarted server deals the same hand again.
	Deal string `json:"deal,omitempty"`
	// Seed: a table opened before deals had secrets, dealt from this seed.
	Seed uint64 `json:"seed,omitempty"`
	// Opened: when the table was opened (the session's results go by day).
	Opened time.Time `json:"opened,omitzero"`
}

// RuleChoice is God's rule: from the bank, typed by the teacher, or the
// teacher's own judgement (Teacher).
type RuleChoice struct {
	Teacher bool   `json:"teacher,omitempty"`
	Name    string `json:"name,omitempty"` // a bank rule's name
	Expr    string `json:"expr,omitempty"`
	Starter string `json:"starter,omitempty"`
	// Words: the rule in plain language, for the reveal (the bank's
	// description, or what the teacher wrote).
	Words string `json:"words,omitempty"`
	// Said: the rule said back in the scientists' words (rulewords.Say),
	// which the teacher checks against what they meant.
	Said string `json:"said,omitempty"`
	// How: how the rule was chosen ("by name", "at random among the easy
	// rules tagged color"), in English for the terminal; Way (name, random,
	// typed, words, teacher), Band and Tag say it on the console in the
	// teacher's language.
	How  string `json:"how,omitempty"`
	Way  string `json:"way,omitempty"`
	Band string `json:"band,omitempty"`
	Tag  string `json:"tag,omitempty"`
}

// HowMsg is how the rule was chosen, in the catalogue's words (zero for a
// table opened before the words were kept).
func (rc RuleChoice) HowMsg() i18n.Msg {
	switch rc.Way {
	case "random":
		return i18n.M("how.random", bandWord(rc.Band), rc.Tag)
	case "":
		return i18n.Msg{}
	}
	return i18n.M("how." + rc.Way)
}

// SeatSpec is one seat: a person (Bot empty) or a bot scientist.
type SeatSpec struct {
	Name string `json:"name"`          // "" for a person's seat its student has not named yet
	Bot  string `json:"bot,omitempty"` // a strategy spec: bayes-eig, random, exec:…
	// Open: the student names the seat on joining (the teacher left its
	// name empty).
	Open bool `json:"open,omitempty"`
}

// Person reports whether a person plays the seat.
func (s SeatSpec) Person() bool { return s.Bot == "" }

// MaxSeats is the most seats a table has: the largest max_players of the
// presets (new-eleusis: 8).
const MaxSeats = 8

// Limits on what a form may hold (requests are also capped in size).
const (
	maxSpec  = 300
	maxExpr  = 2000
	maxWords = 600
	maxGuess = 300
)

// botNames are the default names of bot scientists.
var botNames = []string{"Popper", "Curie", "Darwin", "Noether", "Galileo", "Hypatia", "Franklin", "Bacon"}

// DifficultyBands are the difficulty bands a rule may be drawn from, read from the
// bank's tags: easy (tagged easy or beginner), hard (tagged hard), medium
// (neither).
var DifficultyBands = []string{"easy", "medium", "hard"}

// DifficultyBand is a rule's difficulty band (design.Band is another thing: a target range of shares).
func DifficultyBand(r *rulebank.Compiled) string {
	switch {
	case slices.Contains(r.Rule.Tags, "hard"):
		return "hard"
	case slices.Contains(r.Rule.Tags, "easy"), slices.Contains(r.Rule.Tags, "beginner"):
		return "easy"
	}
	return "medium"
}

// formErrors collects the problems of a start-page form, by field: the
// catalogue's messages, said in the teacher's language.
type formErrors map[string]i18n.Msg

// add notes a field's first problem.
func (fe formErrors) add(field, key string, a ...any) {
	if _, ok := fe[field]; !ok {
		fe[field] = i18n.M(key, a...)
	}
}

// addErr notes an error as a field's problem: the catalogue's message when
// it is one, else its own words (the rule language's, an option's).
func (fe formErrors) addErr(field string, err error) { fe.add(field, "form.raw", errMsg(err)) }

// parseSetup reads the start page's form into a Setup. Every field's
// problem is reported (by field name), with the engine's and the rule
// checker's own words.
//
// A rule typed in words opens no table until the teacher has seen it read
// back: the preview is returned instead (see words.go).
func parseSetup(f url.Values, bank *rulebank.Bank, dealKey []byte, allowExec bool) (Setup, *rulebank.Compiled, *wordsPreview, formErrors) {
	fe := formErrors{}
	s := Setup{Preset: f.Get("preset"), Deal: newDeal()}
	if v := strings.TrimSpace(f.Get("seed")); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			fe.add("seed", "form.seed")
		}
		s.Deal = typedDeal(dealKey, n)
	}
	o, err := sim.Preset(s.Preset)
	if err != nil {
		fe.addErr("preset", err)
	}
	for _, name := range sim.OptionNames() {
		if v := strings.TrimSpace(f.Get("opt_" + name)); v != "" {
			s.Overrides = append(s.Overrides, name+"="+v)
		}
	}
	if err := o.Override(s.Overrides); err != nil {
		fe.addErr("options", err)
	}
	s.Options = o

	for i := 0; i < MaxSeats; i++ {
		kind := f.Get(fmt.Sprintf("seat%d_kind", i))
		name := strings.TrimSpace(f.Get(fmt.Sprintf("seat%d_name", i)))
		bot := strings.TrimSpace(f.Get(fmt.Sprintf("seat%d_bot", i)))
		field := fmt.Sprintf("seat%d", i)
		switch kind {
		case "", "empty":
			continue
		case "person": // no name: the student types theirs on joining
			s.Seats = append(s.Seats, SeatSpec{Name: name, Open: name == ""})
		case "bot":
			if bot == "" {
				bot = "bayes-eig"
			}
			if _, err := parseBot(bot, allowExec); err != nil {
				fe.addErr(field, err)
			}
			s.Seats = append(s.Seats, SeatSpec{Name: name, Bot: bot})
		default:
			fe.add(field, "form.seatKind")
		}
	}
	used := map[string]bool{}
	for _, st := range s.Seats {
		used[strings.ToLower(st.Name)] = true
	}
	next := 0
	for i := range s.Seats {
		if s.Seats[i].Name == "" && !s.Seats[i].Open {
			for next < len(botNames) && used[strings.ToLower(botNames[next])] {
				next++
			}
			s.Seats[i].Name = fmt.Sprintf("Bot%d", i+1)
			if next < len(botNames) {
				s.Seats[i].Name = botNames[next]
				next++
			}
			used[strings.ToLower(s.Seats[i].Name)] = true
		}
	}
	for i := range s.Seats {
		st := &s.Seats[i]
		if st.Open {
			continue
		}
		name, err := cleanName(st.Name)
		if err != nil {
			fe.addErr("seats", err)
			continue
		}
		st.Name = name
		if j := nameClash(s.Seats[:i], -1, name); j >= 0 {
			fe.addErr("seats", sayErr("err.nameAlike", name, s.Seats[j].Name))
		}
	}
	if err := o.Validate(len(s.Seats)); err != nil && fe["options"].IsZero() {
		fe.addErr("seats", err)
	}

	var rule *rulebank.Compiled
	var preview *wordsPreview
	s.Rule, rule, preview = chooseRule(f, bank, o, fe)
	if s.Rule.Teacher {
		for _, st := range s.Seats {
			if sp, err := agents.ParseSpec(st.Bot); err == nil && sp.Name == "oracle" {
				fe.add("seats", "err.oracleTeacher", st.Name)
			}
		}
	}
	return s, rule, preview, fe
}

// chooseRule reads God's rule from the form: a bank rule by name, one drawn
// from the bank by tag and difficulty band, a typed expression (checked as
// `eleusis rules check` checks it), a rule in words (read, then shown
// back: the preview), or the teacher's judgement.
func chooseRule(f url.Values, bank *rulebank.Bank, o sim.Options, fe formErrors) (RuleChoice, *rulebank.Compiled, *wordsPreview) {
	allow := f.Get("allow_dead_ends") != ""
	switch mode := f.Get("rule_mode"); mode {
	case "teacher":
		return RuleChoice{Teacher: true, How: "the teacher judges every card", Way: "teacher"}, nil, nil
	case "words":
		return readWordsRule(f, o, allow, fe)
	case "expr":
		expr := strings.TrimSpace(f.Get("expr"))
		words := strings.TrimSpace(f.Get("words"))
		starter := strings.TrimSpace(f.Get("starter"))
		if expr == "" {
			fe.add("expr", "form.typeExpr")
			return RuleChoice{}, nil, nil
		}
		for _, t := range []struct{ what, s string }{{"rule", expr}, {"starter", starter}} {
			if err := checkText(t.what, t.s, maxExpr); err != nil {
				fe.addErr("expr", err)
				return RuleChoice{}, nil, nil
			}
		}
		if len(words) > maxWords {
			fe.add("words", "form.atMost", maxWords)
		}
		r, err := rulebank.Compile(rulebank.Rule{Name: "typed", Expr: expr, Starter: starter, Description: words, File: "the start page"})
		if err != nil {
			fe.addErr("expr", err)
			return RuleChoice{}, nil, nil
		}
		if msg := checkRule(r, o, allow); !msg.IsZero() {
			fe.add("expr", "form.raw", msg)
		}
		return RuleChoice{Expr: expr, Starter: starter, Words: words, Said: sayRule(expr), How: "typed by the teacher", Way: "typed"}, r, nil
	case "random":
		tag, band := f.Get("tag"), f.Get("band")
		var pool []*rulebank.Compiled
		for _, r := range bank.Rules {
			if (tag == "" || slices.Contains(r.Rule.Tags, tag)) && (band == "" || DifficultyBand(r) == band) &&
				(allow || !slices.Contains(r.Rule.Tags, "dead-end")) {
				pool = append(pool, r)
			}
		}
		how := "at random from the bank"
		if band != "" {
			how += ", among the " + band + " rules"
		}
		if tag != "" {
			how += ", tagged " + tag
		}
		if len(pool) == 0 {
			fe.add("rule", "form.noRule", bandWord(band), tag)
			return RuleChoice{}, nil, nil
		}
		r := pool[drawRule(len(pool))]
		if msg := checkRule(r, o, allow); !msg.IsZero() {
			fe.add("rule", "form.raw", msg)
		}
		rc := bankChoice(r, how)
		rc.Way, rc.Band, rc.Tag = "random", band, tag
		return rc, r, nil
	case "bank", "":
		r, err := bank.Get(f.Get("rule_name"))
		if err != nil {
			fe.addErr("rule", err)
			return RuleChoice{}, nil, nil
		}
		if msg := checkRule(r, o, allow || slices.Contains(r.Rule.Tags, "dead-end")); !msg.IsZero() {
			fe.add("rule", "form.raw", msg)
		}
		rc := bankChoice(r, "by name")
		rc.Way = "name"
		return rc, r, nil
	default:
		fe.add("rule", "form.chooseRule")
		return RuleChoice{}, nil, nil
	}
}

func bankChoice(r *rulebank.Compiled, how string) RuleChoice {
	return RuleChoice{Name: r.Rule.Name, Expr: r.Rule.Expr, Starter: r.Rule.Starter, Words: r.Rule.Description, Said: sayRule(r.Rule.Expr), How: how}
}

// checkRule analyses a rule as `eleusis rules check` does, and refuses it
// in that command's words: a rule failing at run time, or with a dead end
// its author has not acknowledged (the page's "allow dead ends" stands for
// --allow-dead-ends).
func checkRule(r *rulebank.Compiled, o sim.Options, allowDeadEnds bool) i18n.Msg {
	cfg := rulebank.DefaultAnalyse
	cfg.Decks = o.Decks
	rep := rulebank.Analyse(r, cfg)
	if rep.Error != "" {
		return i18n.M("form.ruleFails", rep.Rule, rep.Error)
	}
	if rep.DeadEnd != nil && !allowDeadEnds {
		key := "form.deadEnd"
		if !rep.DeadEnd.Structural {
			key = "form.deadEndUsedUp"
		}
		return i18n.M(key, rep.Rule, sim.CardsString(rep.DeadEnd.Line), len(rep.DeadEnd.Line))
	}
	return i18n.Msg{}
}

// bandWord is a difficulty band's word (any band: none).
func bandWord(band string) any {
	if band == "" {
		return i18n.M("form.anyBand")
	}
	return i18n.M("start.band." + band)
}

// compileChoice compiles a stored rule choice (a restored table): the
// expression is kept in table.json, so a bank changed since still gives the
// same rule.
func compileChoice(rc RuleChoice) (*rulebank.Compiled, error) {
	if rc.Teacher {
		return nil, nil
	}
	name := rc.Name
	if name == "" {
		name = "typed"
	}
	r, err := rulebank.Compile(rulebank.Rule{Name: name, Expr: rc.Expr, Starter: rc.Starter, Description: rc.Words, File: "table.json"})
	if err != nil {
		return nil, errors.New("God's rule no longer compiles: " + err.Error())
	}
	return r, nil
}
