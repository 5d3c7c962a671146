package web

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// Names at a table. Students type their own names on their phones, and the
// teacher's too are typed: a name is read as Unicode means it (NFKC: the
// full-width "Ａｎａ" is "Ana", an "Á" typed as A and an accent is one
// letter), counted in letters, not bytes (12 × "Á" is 12), one word (it
// names the seat in the transcript), and refused when another seat's name
// at the table looks the same: "ANA" and "Ana", or "Аna" with a Cyrillic А
// and "Ana" (Unicode's confusables, UTS #39 skeletons), since the class
// could not tell them apart on the screen.

// maxName is the most letters a name has.
const maxName = 20

// nameRE: one word of letters (with their marks), digits and _ . ' -.
var nameRE = regexp.MustCompile(`^[\p{L}\p{M}\p{N}_.'-]+$`)

// cleanName is a typed name as the table keeps it, or why it cannot be one.
func cleanName(typed string) (string, error) {
	s := norm.NFKC.String(strings.TrimSpace(typed))
	switch {
	case s == "":
		return "", sayErr("err.nameEmpty")
	case strings.ContainsFunc(s, unicode.IsSpace):
		return "", sayErr("err.nameOneWord", s)
	case !nameRE.MatchString(s):
		return "", sayErr("err.nameLetters", s)
	case nameLen(s) > maxName:
		return "", sayErr("err.nameLong", s, maxName)
	}
	return s, nil
}

// nameLen counts a name's letters: its characters but the marks that sit
// on another (NFKC leaves some uncomposed).
func nameLen(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.Is(unicode.M, r) {
			n++
		}
	}
	return n
}

// nameKeys are what two names that look alike share: the skeleton of the
// name as written, and of the name in small letters (PRECIS's case
// mapping: "ANA" and "ana").
func nameKeys(s string) [2]string {
	low, err := precis.UsernameCaseMapped.String(s)
	if err != nil {
		low = strings.ToLower(s)
	}
	return [2]string{confusables.Skeleton(s), confusables.Skeleton(low)}
}

// alike reports whether two names would look the same to the class.
func alike(a, b string) bool {
	ka, kb := nameKeys(a), nameKeys(b)
	return ka[0] == kb[0] || ka[1] == kb[1]
}

// nameClash is the seat (other than seat) whose name looks like name, or -1.
func nameClash(seats []SeatSpec, seat int, name string) int {
	for i, s := range seats {
		if i != seat && s.Name != "" && alike(s.Name, name) {
			return i
		}
	}
	return -1
}

// seatName is a seat's name where one must be written (the engine, the
// transcript): a seat whose student has not named it yet is P3 for the third.
func seatName(i int, s SeatSpec) string {
	if s.Name == "" {
		return "P" + itoaSeat(i+1)
	}
	return s.Name
}

func itoaSeat(n int) string { return string(rune('0' + n)) } // seats are 1 to 8
