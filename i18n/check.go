package i18n

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/language"
)

// Untranslated are the English words left in text that should be in
// lang: words of the English catalogue that no message of lang's
// catalogue uses (so "Eleusis", a player's name or a card like 8♥ never
// count, and neither do words a language shares with English). An empty
// answer for every page is what "no English left" means.
func (c *Catalogue) Untranslated(lang language.Tag, text string) []string {
	if lang == language.English {
		return nil
	}
	theirs := map[string]bool{}
	for _, m := range c.texts(lang) {
		for _, w := range words(m) {
			theirs[w] = true
		}
	}
	english := map[string]bool{}
	for _, m := range c.texts(language.English) {
		for _, w := range words(m) {
			if !theirs[w] && len([]rune(w)) > 2 {
				english[w] = true
			}
		}
	}
	var left []string
	for _, w := range words(text) {
		if english[w] && !slices.Contains(left, w) {
			left = append(left, w)
		}
	}
	return left
}

// words are a text's words in lower case, placeholders and markup left out,
// and words all in capitals too: those are codes (a table's code such as
// 2ZJE-SAME, whose halves are random letters), not words of a language.
func words(s string) []string {
	s = verbRE.ReplaceAllString(tagRE.ReplaceAllString(s, " "), " ")
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	}) {
		if len([]rune(w)) > 1 && strings.ToUpper(w) == w {
			continue
		}
		out = append(out, strings.ToLower(w))
	}
	return out
}

var (
	verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*[\d.]*(\[\d+\])?[a-zA-Z]`)
	tagRE  = regexp.MustCompile(`<[^>]*>`)
	// hiddenRE: what a reader does not read as words: scripts, styles,
	// drawings, and code (rule expressions, file names).
	hiddenRE = regexp.MustCompile(`(?is)<(script|style|svg|code)\b.*?</(script|style|svg|code)>`)
	// ownLangRE: an element marked as written in a language of its own
	// (the switch's names, words only English has yet) is not the page's.
	ownLangRE = regexp.MustCompile(`(?is)<(p|span|b|a|i|li|dd|option|textarea|q)\b[^>]*\blang="[a-zA-Z-]+"[^>]*>.*?</(p|span|b|a|i|li|dd|option|textarea|q)>`)
)

// VisibleText is what a reader reads on an HTML page in the page's
// language: its text, with the scripts, styles, card drawings, code (rule
// expressions) and elements marked with a lang of their own left out, and
// the words of buttons' confirmations, labels for screen readers and
// pictures' descriptions (aria-label, title, alt, placeholder,
// data-confirm) added.
func VisibleText(page string) string {
	page = ownLangRE.ReplaceAllString(hiddenRE.ReplaceAllString(page, " "), " ")
	var b strings.Builder
	for _, m := range attrRE.FindAllStringSubmatch(page, -1) {
		b.WriteString(html.UnescapeString(m[2]))
		b.WriteByte('\n')
	}
	b.WriteString(html.UnescapeString(tagRE.ReplaceAllString(page, " ")))
	return b.String()
}

var attrRE = regexp.MustCompile(`\b(aria-label|title|alt|data-confirm)="([^"]*)"`)
