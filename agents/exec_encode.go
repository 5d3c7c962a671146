package agents

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/eleusis/eleusis/sim"
)

// encodeRequest appends req to buf as one JSON line. The requests of a
// hand in play (a view and the moves since the last request: nearly every
// line an agent reads) are written by hand, byte for byte as encoding/json
// writes them (a test compares the two over whole hands): reflection was a
// fifth of the harness's time per request. new_hand and end go through
// encoding/json.
func encodeRequest(buf *bytes.Buffer, req *wireRequest) error {
	if req.View == nil || req.Options != nil || req.Result != nil || req.RuleLanguage != nil {
		enc := json.NewEncoder(buf)
		enc.SetEscapeHTML(false) // rules hold < and >: keep them readable
		return enc.Encode(req)
	}
	b := buf.AvailableBuffer()
	b = append(b, `{"type":`...)
	b = appendString(b, req.Type)
	b = append(b, `,"id":`...)
	b = strconv.AppendInt(b, int64(req.ID), 10)
	if req.Moves != nil {
		b = append(b, `,"moves":[`...)
		for i := range *req.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendMove(b, &(*req.Moves)[i])
		}
		b = append(b, ']')
	}
	b = append(b, `,"view":`...)
	b = appendView(b, req.View)
	if req.Mover != 0 {
		b = append(b, `,"mover":`...)
		b = strconv.AppendInt(b, int64(req.Mover), 10)
	}
	if req.Move != nil {
		b = append(b, `,"move":{"kind":`...)
		b = appendString(b, string(req.Move.Kind))
		b = append(b, `,"cards":`...)
		b = appendCards(b, req.Move.Cards)
		b = append(b, '}')
	}
	if len(req.Shown) > 0 {
		b = append(b, `,"shown":`...)
		b = appendCards(b, req.Shown)
	}
	if req.Stopped {
		b = append(b, `,"stopped":true`...)
	}
	if st := req.Statement; st != nil {
		b = append(b, `,"statement":{"turn":`...)
		b = strconv.AppendInt(b, int64(st.Turn), 10)
		b = append(b, `,"rule":`...)
		b = appendString(b, st.Rule)
		b = append(b, `,"right":`...)
		b = strconv.AppendBool(b, st.Right)
		if st.Error != "" {
			b = append(b, `,"error":`...)
			b = appendString(b, st.Error)
		}
		b = append(b, '}')
	}
	b = append(b, "}\n"...)
	buf.Write(b)
	return nil
}

func appendView(b []byte, v *wireView) []byte {
	b = append(b, `{"hand":`...)
	b = appendCards(b, v.Hand)
	b = append(b, `,"main_line":`...)
	b = appendCards(b, v.MainLine)
	b = append(b, `,"errors":`...)
	if v.Errors == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, g := range v.Errors {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"under":`...)
			b = strconv.AppendInt(b, int64(g.Under), 10)
			b = append(b, `,"cards":`...)
			b = appendCards(b, g.Cards)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"hand_sizes":`...)
	if v.HandSizes == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, n := range v.HandSizes {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, ']')
	}
	b = append(b, `,"eliminated":`...)
	if v.Eliminated == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, e := range v.Eliminated {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendBool(b, e)
		}
		b = append(b, ']')
	}
	b = append(b, `,"current":`...)
	b = strconv.AppendInt(b, int64(v.Current), 10)
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, int64(v.Turn), 10)
	b = append(b, `,"prophet":`...)
	b = appendIntPtr(b, v.Prophet)
	b = append(b, `,"prophet_marker":`...)
	b = appendIntPtr(b, v.ProphetMarker)
	b = append(b, `,"sudden_death":`...)
	b = strconv.AppendBool(b, v.SuddenDeath)
	b = append(b, `,"deck_size":`...)
	b = strconv.AppendInt(b, int64(v.DeckSize), 10)
	return append(b, '}')
}

// appendMove writes a move as sent: its record in wireMoveForm (written
// by sim, as every form of a move), then its facts.
func appendMove(b []byte, m *wireMove) []byte {
	b, _ = wireMoveForm.AppendFields(append(b, '{'), m.MoveRecord) // no meta in the wire's form: nothing can fail
	if len(m.Facts) > 0 {
		b = append(b, `,"facts":[`...)
		for i, f := range m.Facts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"at":`...)
			b = strconv.AppendInt(b, int64(f.At), 10)
			b = append(b, `,"card":"`...)
			b = append(b, f.Card.String()...)
			b = append(b, `","accepted":`...)
			b = strconv.AppendBool(b, f.Accepted)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendCards(b []byte, cs []sim.Card) []byte {
	if cs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, c.String()...)
		b = append(b, '"')
	}
	return append(b, ']')
}

func appendIntPtr(b []byte, p *int) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(*p), 10)
}

// appendString writes s as encoding/json does without HTML escaping: plain
// ASCII directly, anything else (a guess's text, an error) through it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			var q bytes.Buffer
			enc := json.NewEncoder(&q)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s)
			return append(b, bytes.TrimSuffix(q.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
