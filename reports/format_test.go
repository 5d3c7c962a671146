package reports

import (
	"bytes"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	tb := Table{Title: "T", Headers: []string{"a", "b"}, Rows: [][]string{{"1", "x,y"}, {"2", "z"}}}
	cases := map[string]string{
		"csv":      "a,b\n1,\"x,y\"\n2,z\n",
		"json":     "{\n  \"k\": 1\n}\n",
		"markdown": "### T\n\n| a |  b  |\n|:--|:----|\n| 1 | x,y |\n| 2 | z   |\n",
	}
	for format, want := range cases {
		var b bytes.Buffer
		if err := Render(&b, format, map[string]int{"k": 1}, tb); err != nil {
			t.Fatal(err)
		}
		if b.String() != want {
			t.Errorf("%s:\n%q\nwant\n%q", format, b.String(), want)
		}
	}
	var b bytes.Buffer
	if err := Render(&b, "table", nil, tb); err != nil || !strings.Contains(b.String(), "│ 1 │ x,y │") {
		t.Errorf("table: %v\n%s", err, b.String())
	}
	if err := Render(&b, "xml", nil, tb); err == nil {
		t.Error("unknown format must be an error")
	}
}
