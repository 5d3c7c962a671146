package web

import (
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
)

// Table codes. A code is all a student needs to take a free seat, so it
// must not be guessed: 8 characters of Crockford's base 32 carry 40 random
// bits (2^40 codes; at the join page's rate limit a guesser from one
// address would need tens of thousands of years to try a thousandth of
// them). It is still typed by people: the alphabet has no I, L, O or U, the
// code is shown in two groups of four (K7QM-3XDA), and it is read in any case,
// with or without the dash or spaces, an O taken for 0 and an I or L for 1.

// codeAlphabet is Crockford's base 32: digits, then the letters but I, L,
// O and U.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// codeLen is the characters of a new code: 8 × 5 bits = 40 bits.
const codeLen = 8

// newCode is a fresh table code, not used by a table of this server or a
// folder of its data.
func (s *Server) newCode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		var b [5]byte // 40 bits
		if _, err := rand.Read(b[:]); err != nil {
			panic("web: no randomness: " + err.Error())
		}
		bits := uint64(b[0])<<32 | uint64(b[1])<<24 | uint64(b[2])<<16 | uint64(b[3])<<8 | uint64(b[4])
		code := make([]byte, codeLen)
		for i := range code {
			code[codeLen-1-i] = codeAlphabet[bits&31]
			bits >>= 5
		}
		c := string(code)
		if _, used := s.tables[c]; used {
			continue
		}
		if _, used := s.broken[c]; used {
			continue
		}
		if s.cfg.DataDir != "" {
			if _, err := os.Stat(filepath.Join(s.cfg.DataDir, "tables", c)); err == nil {
				continue
			}
		}
		return c
	}
}

// codeForms are the ways a typed code may name a table: as typed (upper
// case, without separators: the 4-letter codes of tables opened before
// codes grew, which may hold an L or a U), then read as Crockford's base 32.
func codeForms(typed string) []string {
	var b strings.Builder
	for _, r := range strings.ToUpper(typed) {
		switch r {
		case '-', ' ', '.', '_', '\t':
			continue
		}
		b.WriteRune(r)
	}
	plain := b.String()
	read := strings.NewReplacer("O", "0", "I", "1", "L", "1").Replace(plain)
	if read == plain {
		return []string{plain}
	}
	return []string{plain, read}
}

// groupCode shows a code in groups of four (K7QM-3XDA); a short code as it
// is.
func groupCode(code string) string {
	if len(code) != codeLen {
		return code
	}
	return code[:4] + "-" + code[4:]
}

func (s *Server) table(code string) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range codeForms(code) {
		if t := s.tables[c]; t != nil {
			return t
		}
	}
	return nil
}
