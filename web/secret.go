package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"os"
	"path/filepath"
	"strings"
)

// What a student must not work out: the other hands, the deck's order and
// God's rule. A student sees her own cards; were the deal a function of a
// small number (the seed of six digits tables had), she could try every
// one and find the deal that gives her hand, and with it everyone's cards
// and the rule drawn from it (issue 30). So:
//
//   - each table's hand is dealt from a secret of 256 random bits (Setup.Deal)
//     through HMAC-SHA256, kept in table.json (mode 0600, in a folder of
//     mode 0700) for a restart, never on a page, in a link or in the log;
//   - a rule drawn from the bank is drawn with crypto/rand, apart from the
//     deal: knowing the deal tells nothing of the rule;
//   - a seed the teacher types ("the same deal as this morning") becomes a
//     deal secret through HMAC-SHA256 keyed by the server's deal key
//     (DATA/deal.key, 256 bits, mode 0600): on this server the same seed
//     deals the same cards, and without the key no seed can be tried.

// dealKeyFile holds the server's deal key in the data folder.
const dealKeyFile = "deal.key"

// loadDealKey reads the server's deal key from dir, or makes it (dir empty:
// a key for this process only).
func loadDealKey(dir string) ([]byte, error) {
	if dir == "" {
		return randomBytes(32), nil
	}
	path := filepath.Join(dir, dealKeyFile)
	if b, err := os.ReadFile(path); err == nil {
		if k, err := hex.DecodeString(strings.TrimSpace(string(b))); err == nil && len(k) >= 32 {
			return k, nil
		}
	}
	k := randomBytes(32)
	return k, writeAtomic(path, []byte(hex.EncodeToString(k)+"\n"))
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b) // crypto/rand never fails (it crashes the program instead)
	return b
}

// newDeal is a fresh deal secret.
func newDeal() string { return hex.EncodeToString(randomBytes(32)) }

// typedDeal is the deal secret of a seed the teacher typed.
func typedDeal(key []byte, seed uint64) string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	m := hmac.New(sha256.New, key)
	m.Write([]byte("eleusis typed seed\x00"))
	m.Write(b[:])
	return hex.EncodeToString(m.Sum(nil))
}

// handSeed is the seed the engine deals the table's nth hand from (and its
// bots' choices): HMAC-SHA256 of the deal secret, with the hand's number
// from the second hand on; a table opened before deal secrets keeps its old
// seed (plus the hand's number).
func (s Setup) handSeed(hand int) uint64 {
	if s.Deal == "" {
		return s.Seed + uint64(max(hand, 1)-1)
	}
	key, _ := hex.DecodeString(s.Deal)
	m := hmac.New(sha256.New, key)
	m.Write([]byte("eleusis table hand\x00"))
	if hand > 1 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(hand))
		m.Write(b[:])
	}
	return binary.LittleEndian.Uint64(m.Sum(nil))
}

// drawRule draws one of n rules with crypto/rand, apart from the deal.
func drawRule(n int) int {
	i, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic("web: no randomness: " + err.Error())
	}
	return int(i.Int64())
}
