package sim

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The record's form writes every field of the struct, in its order and by
// its tags' names (the tags read hands.jsonl back).
func TestRecordFormIsTheStruct(t *testing.T) {
	if got, want := RecordForm.Fields(), jsonNamesOf(MoveRecord{}); !reflect.DeepEqual(got, want) {
		t.Errorf("RecordForm writes %v; the struct's tags are %v", got, want)
	}
	if len(moveFields) != reflect.TypeFor[MoveRecord]().NumField() {
		t.Errorf("%d fields written, the struct has %d", len(moveFields), reflect.TypeFor[MoveRecord]().NumField())
	}
}

// Every form reads back what it writes: the record's form through the tags
// and through Decode, the others through Decode, on the made-up records
// (every field set, none, text to escape) and played hands.
func TestMoveFormsReadBack(t *testing.T) {
	names := []string{"Ana", "Bia Luz", "Caio", "Duda", "Eva", "Fê"}
	forms := map[string]MoveForm{
		"record": RecordForm,
		"from 1": RecordForm.SeatsFrom(1).ListsNeverNull(),
		"named":  MustMoveForm("player! kind! cards! verdict! guess prophet accepted").SeatsNamed(names),
	}
	recs := madeUpRecords()
	// Text that is not UTF-8 reads back replaced, and meta compacted (as
	// outside agents' meta is kept).
	recs[2].Guess = "valid UTF-8 ♠ <&>"
	recs[0].Meta = map[string]json.RawMessage{"move": json.RawMessage(`{"said":"a<b"}`)}
	o, _ := Preset("new-eleusis")
	o.Prophet = true
	recs = append(recs, playedHand(t, o, blackHighRedLow, 5, 3).History...)
	for name, f := range forms {
		t.Run(name, func(t *testing.T) {
			for _, r := range recs {
				b, err := f.Append(nil, &r)
				if err != nil {
					t.Fatal(err)
				}
				back, err := f.Decode(b)
				if err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				want := keep(r, f.Fields())
				if f.noNull && want.Cards == nil {
					want.Cards = []Card{}
				}
				if !reflect.DeepEqual(back, want) {
					t.Errorf("wrote %s\nread  %+v\nwant  %+v", b, back, want)
				}
				if name == "record" {
					var tags MoveRecord
					if err := json.Unmarshal(b, &tags); err != nil || !reflect.DeepEqual(tags, r) {
						t.Errorf("the tags read %s as %+v (%v)", b, tags, err)
					}
				}
			}
		})
	}
}

// keep is r with only the fields named (the Prophet, when left out, none).
func keep(r MoveRecord, fields []string) MoveRecord {
	var full map[string]json.RawMessage
	b, _ := RecordForm.Append(nil, &r)
	json.Unmarshal(b, &full)
	out := MoveRecord{Prophet: -1}
	for _, f := range fields {
		if v, ok := full[f]; ok {
			json.Unmarshal([]byte(`{"`+f+`":`+string(v)+`}`), &out)
		}
	}
	return out
}

func TestMoveFormDecodeErrors(t *testing.T) {
	named := MustMoveForm("player! kind! prophet").SeatsNamed([]string{"Ana", "Bia"})
	for _, tc := range []struct {
		f         MoveForm
		json, err string
	}{
		{named, `{"player":"Ana","kind":"play","turn":3}`, `a move has no field "turn" (it has player, kind, prophet)`},
		{named, `{"player":"Eva","kind":"play"}`, `a move's player: "Eva" is not a player`},
		{named, `{"player":2}`, "a move's player: json: cannot unmarshal number"},
		{RecordForm, `{"cards":["7X"]}`, "a move's cards"},
		{RecordForm, `[1]`, "cannot unmarshal array"},
	} {
		if _, err := tc.f.Decode([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want %q", tc.json, err, tc.err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a form naming a field the record lacks must panic")
		}
	}()
	MustMoveForm("turn colour")
}
