package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A move is written for three kinds of reader, from the one MoveRecord:
// the record itself (hands.jsonl, a result: RecordForm), the outside
// agents' wire (seats from 1, every zero left out, the facts beside it) and
// a report for people (eleusis replay: seats by name). The forms differ only
// in which fields they carry, in what order, how a seat is written and which
// fields are written when zero; how each field is written and read is said
// once, in moveFields.

// A MoveForm is one way of writing a move record as a JSON object: its
// fields, in order, and how a seat (the mover, the judging Prophet) is
// written. The zero MoveForm writes no field; make one with MustMoveForm.
type MoveForm struct {
	fields   []formField
	seatBase int
	names    []string
	noNull   bool
}

// formField is a field of a form: the field, and whether it is written when
// zero, false or empty (the others are then left out).
type formField struct {
	*moveField
	always bool
}

// RecordForm is the record's own form (MoveRecord's JSON: hands.jsonl, a
// result's moves, docs/results.md): every field in the struct's order, seats
// from 0, the Prophet -1 when none, the move's number, the mover, the
// verdict, the penalty and the Prophet always written, the rest when set.
var RecordForm = MustMoveForm("turn! player! kind! cards! verdict! accepted picked prophet_pick penalty! drawn! refund " +
	"sudden_death eliminated went_out prophet! prophet_said prophet_fell prophet_penalty spared declared_prophet " +
	"guess guess_right guess_error guess_in_words guess_god_erred reshuffled meta")

// MarshalJSON writes the record in RecordForm.
func (r MoveRecord) MarshalJSON() ([]byte, error) { return RecordForm.Append(nil, &r) }

// MustMoveForm makes the form that writes the named fields (the record's
// JSON names, separated by spaces) in that order; a name ending in "!" is
// written whatever its value, the others only when set. Seats are written
// as their number from 0. It panics on a name the record does not have: a
// form is written in the code, once.
func MustMoveForm(fields string) MoveForm {
	var f MoveForm
	for _, name := range strings.Fields(fields) {
		name, always := strings.CutSuffix(name, "!")
		i := slices.IndexFunc(moveFields, func(m moveField) bool { return m.name == name })
		if i < 0 {
			panic(fmt.Sprintf("sim: a move record has no field %q", name))
		}
		f.fields = append(f.fields, formField{&moveFields[i], always})
	}
	return f
}

// SeatsFrom returns the form with seats numbered from base (the command
// line and the outside agents number them from 1).
func (f MoveForm) SeatsFrom(base int) MoveForm { f.seatBase, f.names = base, nil; return f }

// SeatsNamed returns the form with each seat written as its name,
// names[seat].
func (f MoveForm) SeatsNamed(names []string) MoveForm { f.names = names; return f }

// ListsNeverNull returns the form with a list that is always written
// written as [] when there is none, never as null.
func (f MoveForm) ListsNeverNull() MoveForm { f.noNull = true; return f }

// Fields are the JSON names of the form's fields, in order.
func (f MoveForm) Fields() []string {
	var ns []string
	for _, ff := range f.fields {
		ns = append(ns, ff.name)
	}
	return ns
}

// Append appends r to b as a JSON object in form f.
func (f *MoveForm) Append(b []byte, r *MoveRecord) ([]byte, error) {
	b, err := f.AppendFields(append(b, '{'), r)
	return append(b, '}'), err
}

// AppendFields appends r's fields in form f, without the braces around
// them (a caller adds fields of its own, as the wire adds the facts). The
// text is written as encoding/json writes it, HTML left alone (the caller's
// encoder escapes it if it escapes HTML).
func (f *MoveForm) AppendFields(b []byte, r *MoveRecord) ([]byte, error) {
	first := true
	for _, ff := range f.fields {
		if !ff.always && ff.zero(r, f) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(append(append(b, '"'), ff.name...), `":`...)
		var err error
		if b, err = ff.write(b, r, f); err != nil {
			return b, fmt.Errorf("move %d, %s: %w", r.Turn, ff.name, err)
		}
	}
	return b, nil
}

// Decode reads a move written in form f: a JSON object of the form's
// fields only (any other is an error naming it), a field left out read as
// zero (the Prophet as none).
func (f *MoveForm) Decode(data []byte) (MoveRecord, error) {
	r := MoveRecord{Prophet: -1}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return r, err
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		i := slices.IndexFunc(f.fields, func(ff formField) bool { return ff.name == k })
		if i < 0 {
			return r, fmt.Errorf("a move has no field %q (it has %s)", k, strings.Join(f.Fields(), ", "))
		}
		if err := f.fields[i].read(obj[k], &r, f); err != nil {
			return r, fmt.Errorf("a move's %s: %w", k, err)
		}
	}
	return r, nil
}

// moveField is how one field of a move record is written and read.
type moveField struct {
	name  string
	zero  func(r *MoveRecord, f *MoveForm) bool
	write func(b []byte, r *MoveRecord, f *MoveForm) ([]byte, error)
	read  func(raw json.RawMessage, r *MoveRecord, f *MoveForm) error
}

// moveFields are the record's fields, in the struct's order (a test holds
// them to its JSON tags, which decode hands.jsonl).
var moveFields = []moveField{
	intField("turn", func(r *MoveRecord) *int { return &r.Turn }),
	seatField("player", func(r *MoveRecord) *int { return &r.Player }),
	textField("kind", func(r *MoveRecord) *MoveKind { return &r.Kind }),
	cardsField("cards", func(r *MoveRecord) *[]Card { return &r.Cards }),
	textField("verdict", func(r *MoveRecord) *Verdict { return &r.Verdict }),
	cardsField("accepted", func(r *MoveRecord) *[]Card { return &r.Accepted }),
	cardField("picked", func(r *MoveRecord) **Card { return &r.Picked }),
	cardField("prophet_pick", func(r *MoveRecord) **Card { return &r.ProphetPick }),
	intField("penalty", func(r *MoveRecord) *int { return &r.Penalty }),
	intField("drawn", func(r *MoveRecord) *int { return &r.Drawn }),
	intField("refund", func(r *MoveRecord) *int { return &r.Refund }),
	boolField("sudden_death", func(r *MoveRecord) *bool { return &r.SuddenDeath }),
	boolField("eliminated", func(r *MoveRecord) *bool { return &r.Eliminated }),
	boolField("went_out", func(r *MoveRecord) *bool { return &r.WentOut }),
	seatField("prophet", func(r *MoveRecord) *int { return &r.Prophet }),
	verdictField("prophet_said", func(r *MoveRecord) **Verdict { return &r.ProphetSaid }),
	boolField("prophet_fell", func(r *MoveRecord) *bool { return &r.ProphetFell }),
	intField("prophet_penalty", func(r *MoveRecord) *int { return &r.ProphetPenalty }),
	boolField("spared", func(r *MoveRecord) *bool { return &r.Spared }),
	boolField("declared_prophet", func(r *MoveRecord) *bool { return &r.DeclaredProphet }),
	textField("guess", func(r *MoveRecord) *string { return &r.Guess }),
	boolField("guess_right", func(r *MoveRecord) *bool { return &r.GuessRight }),
	textField("guess_error", func(r *MoveRecord) *string { return &r.GuessError }),
	boolField("guess_in_words", func(r *MoveRecord) *bool { return &r.GuessInWords }),
	boolField("guess_god_erred", func(r *MoveRecord) *bool { return &r.GuessGodErred }),
	boolField("reshuffled", func(r *MoveRecord) *bool { return &r.Reshuffled }),
	{name: "meta", zero: func(r *MoveRecord, _ *MoveForm) bool { return len(r.Meta) == 0 },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) { return appendJSON(b, r.Meta) },
		read:  func(raw json.RawMessage, r *MoveRecord, _ *MoveForm) error { return json.Unmarshal(raw, &r.Meta) }},
}

// readJSON reads a field as encoding/json reads it.
func readJSON[T any](get func(*MoveRecord) *T) func(json.RawMessage, *MoveRecord, *MoveForm) error {
	return func(raw json.RawMessage, r *MoveRecord, _ *MoveForm) error { return json.Unmarshal(raw, get(r)) }
}

func intField(name string, get func(*MoveRecord) *int) moveField {
	return moveField{name: name, read: readJSON(get),
		zero: func(r *MoveRecord, _ *MoveForm) bool { return *get(r) == 0 },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) {
			return strconv.AppendInt(b, int64(*get(r)), 10), nil
		}}
}

func boolField(name string, get func(*MoveRecord) *bool) moveField {
	return moveField{name: name, read: readJSON(get),
		zero:  func(r *MoveRecord, _ *MoveForm) bool { return !*get(r) },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) { return strconv.AppendBool(b, *get(r)), nil }}
}

func textField[T ~string](name string, get func(*MoveRecord) *T) moveField {
	return moveField{name: name, read: readJSON(get),
		zero: func(r *MoveRecord, _ *MoveForm) bool { return *get(r) == "" },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) {
			return appendJSONString(b, string(*get(r))), nil
		}}
}

func verdictField(name string, get func(*MoveRecord) **Verdict) moveField {
	return moveField{name: name, read: readJSON(get),
		zero: func(r *MoveRecord, _ *MoveForm) bool { return *get(r) == nil },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) {
			if v := *get(r); v != nil {
				return appendJSONString(b, string(*v)), nil
			}
			return append(b, "null"...), nil
		}}
}

func cardField(name string, get func(*MoveRecord) **Card) moveField {
	return moveField{name: name, read: readJSON(get),
		zero: func(r *MoveRecord, _ *MoveForm) bool { return *get(r) == nil },
		write: func(b []byte, r *MoveRecord, _ *MoveForm) ([]byte, error) {
			if c := *get(r); c != nil {
				return appendCard(b, *c), nil
			}
			return append(b, "null"...), nil
		}}
}

func cardsField(name string, get func(*MoveRecord) *[]Card) moveField {
	return moveField{name: name, read: readJSON(get),
		zero: func(r *MoveRecord, _ *MoveForm) bool { return len(*get(r)) == 0 },
		write: func(b []byte, r *MoveRecord, f *MoveForm) ([]byte, error) {
			cs := *get(r)
			if cs == nil && !f.noNull {
				return append(b, "null"...), nil
			}
			b = append(b, '[')
			for i, c := range cs {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendCard(b, c)
			}
			return append(b, ']'), nil
		}}
}

// seatField is a seat: a number from the form's base, or a name; a seat
// below 0 is none (zero), as is a seat named "".
func seatField(name string, get func(*MoveRecord) *int) moveField {
	return moveField{name: name,
		zero: func(r *MoveRecord, f *MoveForm) bool {
			s := *get(r)
			return s < 0 || f.names != nil && f.names[s] == ""
		},
		write: func(b []byte, r *MoveRecord, f *MoveForm) ([]byte, error) {
			s := *get(r)
			if f.names != nil {
				return appendJSONString(b, f.names[s]), nil
			}
			if s < 0 {
				return strconv.AppendInt(b, int64(s), 10), nil // none, -1, whatever the base
			}
			return strconv.AppendInt(b, int64(s+f.seatBase), 10), nil
		},
		read: func(raw json.RawMessage, r *MoveRecord, f *MoveForm) error {
			if f.names != nil {
				var n string
				if err := json.Unmarshal(raw, &n); err != nil {
					return err
				}
				if *get(r) = slices.Index(f.names, n); *get(r) < 0 {
					return fmt.Errorf("%q is not a player", n)
				}
				return nil
			}
			var s int
			if err := json.Unmarshal(raw, &s); err != nil {
				return err
			}
			if s >= 0 {
				s -= f.seatBase
			}
			*get(r) = s
			return nil
		}}
}

func appendCard(b []byte, c Card) []byte {
	return append(append(append(b, '"'), c.String()...), '"')
}

// appendJSONString writes s as encoding/json writes it, HTML left alone:
// plain ASCII directly, anything else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			b, _ = appendJSON(b, s) // a string always encodes
			return b
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// appendJSON writes v as encoding/json writes it, HTML left alone.
func appendJSON(b []byte, v any) ([]byte, error) {
	var q bytes.Buffer
	enc := json.NewEncoder(&q)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(q.Bytes(), []byte("\n"))...), nil
}
