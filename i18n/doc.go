// Package i18n holds the words people read outside the terminal — the web
// table's pages, the lesson pack — in English, Portuguese, Spanish and
// Valencian, and says them in the reader's language.
//
// The catalogues are YAML files in locales/ (en.yaml, pt.yaml, es.yaml,
// ca.yaml), one message a key, written for translators: a message is a
// string with printf placeholders (%s, %d, %[2]s to reorder), or a map of
// plural forms (one, other, =0, …) chosen by a number among its
// arguments. They are embedded in the binary and loaded into an
// x/text catalog.Builder when the package starts; an error in one names
// its file and line. English is the reference: every other catalogue has
// its keys, with the same placeholders (tested).
//
// A Printer says a key in one language (numbers in the language's form:
// 1.234 in Portuguese, 1,234 in English); Match picks a language from a
// cookie or a browser's Accept-Language. Untranslated finds English left
// on a page that should be in another language.
//
// The game's own words follow the source texts: Deus, fila principal,
// Profeta in Portuguese; el repartidor (Dios), la línea principal,
// «sin jugada» in Spanish; Deu (as the Valencian text spells it), «sense jugada» in Valencian.
package i18n
