package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// lesson --lang writes the handout in the class's language, with the
// seeds' words; a language we have no catalogue for is refused by name.
func TestLessonLang(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"pt", "Eleusis: qual é a Regra Divina?"},
		{"es", "Eleusis: ¿cuál es la regla de Dios?"},
		{"ca", "Eleusis: quina és la regla de Deu?"},
	} {
		dir := t.TempDir()
		if _, err := run(t, "lesson", "--rule", "same-suit", "--lineup", "random;random;random;random", "--lang", tc.lang, "--out", dir); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, "handout.html"))
		if err != nil {
			t.Fatal(err)
		}
		if page := string(b); !strings.Contains(page, `<html lang="`+tc.lang+`">`) || !strings.Contains(page, tc.want) {
			t.Errorf("--lang %s: the handout is not in that language: %.300s", tc.lang, page)
		}
	}
	_, err := run(t, "lesson", "--rule", "same-suit", "--lang", "fr", "--out", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), `"fr"`) || !strings.Contains(err.Error(), "en, pt, es, ca") {
		t.Errorf("--lang fr: %v", err)
	}
}
