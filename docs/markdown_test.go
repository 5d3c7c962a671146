package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// block is a fenced code block of a document.
type block struct {
	file string
	line int    // line of the opening fence
	lang string // the fence's info string ("expr", "yaml", …)
	text string
}

func (b block) where() string { return b.file + ":" + strconv.Itoa(b.line) }

// documents are the Markdown files of this folder.
var documents = []string{"README.md", "rule-language.md", "rules.md", "files.md", "results.md", "agent-protocol.md", "rules-in-words.md", "languages.md", "lessons.md", "researcher.md", "strategies.md", "teacher.md", "commands.md", "layout.md", "performance.md", "sources.md"}

func read(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// blocks returns the fenced code blocks of file whose info string is lang
// (every block when lang is "").
func blocks(t *testing.T, file, lang string) []block {
	t.Helper()
	var out []block
	var cur *block
	var body []string
	for i, l := range strings.Split(read(t, file), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			cur = &block{file: file, line: i + 1, lang: strings.TrimSpace(strings.TrimPrefix(l, "```"))}
			body = body[:0]
		case cur != nil && strings.TrimSpace(l) == "```":
			cur.text = strings.Join(body, "\n")
			if lang == "" || cur.lang == lang {
				out = append(out, *cur)
			}
			cur = nil
		case cur != nil:
			body = append(body, l)
		}
	}
	if cur != nil {
		t.Fatalf("%s: the code block opened at line %d is never closed", file, cur.line)
	}
	return out
}

// table is a Markdown table: its header cells and rows of cells.
type table struct {
	line   int
	header []string
	rows   [][]string
}

// tables returns the Markdown tables of file (outside code blocks).
func tables(t *testing.T, file string) []table {
	t.Helper()
	var out []table
	var cur *table
	inCode := false
	for i, l := range strings.Split(read(t, file), "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
		}
		if inCode || !strings.HasPrefix(l, "|") {
			if cur != nil {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		cells := splitRow(l)
		switch {
		case cur == nil:
			cur = &table{line: i + 1, header: cells}
		case len(cur.rows) == 0 && strings.Trim(strings.Join(cells, ""), "-: ") == "":
			// the |---|---| line
		default:
			cur.rows = append(cur.rows, cells)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out
}

// splitRow splits "| a | b \| c |" into its trimmed cells.
func splitRow(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(strings.TrimSuffix(l, "|"), "|")
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(l); i++ {
		switch {
		case l[i] == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteByte('|')
			i++
		case l[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(l[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// codeOnly returns the code of a cell that is exactly one code span.
func codeOnly(cell string) (string, bool) {
	if len(cell) > 2 && strings.HasPrefix(cell, "`") && strings.HasSuffix(cell, "`") && strings.Count(cell, "`") == 2 {
		return cell[1 : len(cell)-1], true
	}
	return "", false
}

var heading = regexp.MustCompile("^#{1,6} +(.*)$")

// anchors are the link targets GitHub makes of file's headings.
func anchors(t *testing.T, file string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	inCode := false
	for _, l := range strings.Split(read(t, file), "\n") {
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
		}
		if m := heading.FindStringSubmatch(l); m != nil && !inCode {
			out[slug(m[1])] = true
		}
	}
	return out
}

// slug is GitHub's anchor for a heading: lower case, punctuation dropped,
// spaces made hyphens.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSlug(t *testing.T) {
	for h, want := range map[string]string{
		`"No play"`:                                    "no-play",
		"A hand, step by step":                         "a-hand-step-by-step",
		"Eleusis Express: guessing the rule":           "eleusis-express-guessing-the-rule",
		"`prev2` and `prev3` are missing at the start": "prev2-and-prev3-are-missing-at-the-start",
	} {
		if got := slug(h); got != want {
			t.Errorf("slug(%q) = %q, want %q", h, got, want)
		}
	}
}

// pending are documents other engineers are writing; a link to them is
// checked as soon as they exist.
var pending = map[string]bool{}

var link = regexp.MustCompile(`\]\(([^)#\s]*)(#[^)\s]*)?\)`)

// Every relative link between the documents, and from the repository's
// README into them, resolves, anchors included.
func TestLinks(t *testing.T) {
	for _, file := range append(slices.Clone(documents), "results.md", "agent-protocol.md", "../README.md") {
		if _, err := os.Stat(file); err != nil && pending[file] {
			continue
		}
		text := read(t, file)
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target, anchor := m[1], strings.TrimPrefix(m[2], "#")
			if strings.Contains(target, "://") {
				continue
			}
			if target == "" {
				target = file
			} else {
				target = filepath.Join(filepath.Dir(file), target)
			}
			if _, err := os.Stat(target); err != nil {
				if pending[filepath.Base(target)] {
					t.Logf("%s links to %s, not written yet", file, target)
					continue
				}
				t.Errorf("%s: link to %s: %v", file, m[0], err)
				continue
			}
			if anchor != "" && strings.HasSuffix(target, ".md") && !anchors(t, target)[anchor] {
				t.Errorf("%s: link %s: %s has no heading #%s", file, m[0], target, anchor)
			}
		}
	}
}

// No comment, help text or document points at files users cannot see: the
// project's design notes outside the repository (RULES.md, FILES.md,
// RULE-LANGUAGE.md, ../shared/…). What users need is in docs/.
func TestNoPointersOutside(t *testing.T) {
	outside := regexp.MustCompile(`\b(RULES|FILES|RULE-LANGUAGE)\.md\b|shared/(spec|seeds)`)
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".yaml", ".py", ".html", ".js", ".css":
		default:
			return nil
		}
		if filepath.Base(filepath.Dir(path)) == "docs" && strings.HasSuffix(path, "_test.go") {
			return nil // this test names them
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, l := range strings.Split(string(b), "\n") {
			if outside.MatchString(l) {
				t.Errorf("%s:%d points outside the repository: %s", path, i+1, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
