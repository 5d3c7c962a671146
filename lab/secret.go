package lab

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"hash/fnv"
	"path/filepath"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/sim"
)

// Secret deals. An outside agent (exec:COMMAND, an LLM) sees its own hand
// and its seat's seed, and knows the bank and the command line's --seed:
// were a hand's seed a function of these alone, it could work out the
// rule by trying every rule of the bank (issue 30). So a plan that seats
// an outside agent has a secret of SecretBytes random bytes, and every
// hand's seed is HMAC-SHA256 keyed by it over the hand's coordinates; the
// secret is kept in run.json (mode 0600), from which rerun, --resume and
// merge read it, and nowhere else: not on a command line, not in the
// environment, not in a summary.
//
// A plan of built-in strategies only has nobody to hide from: its hand
// seeds follow from --seed alone (splitmix64 of an FNV-1a hash, as
// before), so that `eleusis rank --seed 3` is reproducible from its
// command line and the results a paper quotes can be checked without the
// run's files. Such a plan may still be given a secret (--deals-from).

// SecretBytes is the length of a run's secret: 256 bits.
const SecretBytes = 32

// NewSecret draws a secret from the operating system's random source.
func NewSecret() []byte {
	b := make([]byte, SecretBytes)
	rand.Read(b) // never fails (crypto/rand: it crashes the program instead)
	return b
}

// parseSecret reads a secret as run.json writes it (hex).
func parseSecret(s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != SecretBytes {
		return nil, fmt.Errorf("the secret is not %d hex digits", 2*SecretBytes)
	}
	return b, nil
}

// fingerprint names a secret in messages without giving it away: the
// first 8 hex digits of a SHA-256 of it ("none" without one).
func fingerprint(secret []byte) string {
	if secret == nil {
		return "none"
	}
	h := sha256.Sum256(append([]byte("eleusis secret fingerprint\x00"), secret...))
	return "sha256:" + hex.EncodeToString(h[:4])
}

// SeatsOutsider reports whether a line-up of the plan seats an outside
// agent (a program, an LLM), which must not be able to work out the deals.
func (p *Plan) SeatsOutsider() bool {
	for _, lu := range p.Lineups {
		for _, s := range lu {
			if sp, err := agents.ParseSpec(s); err == nil && sp.Command != "" {
				return true
			}
		}
	}
	return false
}

// secure gives the plan its secret: a resumed run keeps the interrupted
// run's; a new plan that seats an outside agent draws one.
func (p *Plan) secure(ro RunOptions) error {
	if p.Secret != nil {
		return nil
	}
	if ro.Resume && ro.Out != "" {
		old, err := readMeta(ro.Out)
		if err != nil {
			return fmt.Errorf("resume: %w (is %s a run folder?)", err, ro.Out)
		}
		if old.Plan.Secret == nil && p.SeatsOutsider() {
			return fmt.Errorf("resume: %s has no secret, and this run seats an outside agent (was it written by an older eleusis? start the run afresh)", filepath.Join(ro.Out, runFile))
		}
		p.Secret = old.Plan.Secret
		return nil
	}
	if p.SeatsOutsider() {
		p.Secret = NewSecret()
	}
	return nil
}

// HandSeed derives a hand's seed from the run's seed, the rule, the preset
// and the repetition, not the line-up: every line-up plays the same deals
// under the same rule (paired seeds). A Paired plan leaves the rule out
// too: every rule plays the same deals. With a secret the derivation is
// HMAC-SHA256 keyed by it; without, splitmix64 of FNV-1a (public: a plan
// of built-in strategies only).
func (p *Plan) HandSeed(c Coord) uint64 {
	var h hash.Hash
	if p.Secret != nil {
		h = hmac.New(sha256.New, p.Secret)
		h.Write([]byte("eleusis hand\x00"))
	} else {
		h = fnv.New64a()
	}
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], p.Seed)
	h.Write(buf[:])
	if !p.Paired {
		h.Write([]byte(p.Rules[c.Rule]))
	}
	h.Write([]byte{0})
	h.Write([]byte(p.Presets[c.Preset]))
	h.Write([]byte{0})
	binary.LittleEndian.PutUint64(buf[:], uint64(c.Rep))
	h.Write(buf[:])
	sum := h.Sum(nil)
	if p.Secret != nil {
		return binary.LittleEndian.Uint64(sum)
	}
	return sim.Splitmix64(binary.BigEndian.Uint64(sum)) // nearby inputs give unrelated seeds
}

// DealsFrom gives the plan the deals of the run whose run.json is at path:
// its secret and, unless seedGiven (--seed on the command line), its seed.
// Hands at the same coordinates (rule, preset, repetition) are then dealt
// alike, so that strategies of separate runs can be compared deal by deal.
// A run without a secret (built-in strategies only) dealt from its seed
// alone, which an outside agent could work out: such a run cannot lend its
// deals to a plan that seats one.
func (p *Plan) DealsFrom(path string, seedGiven bool) error {
	m, err := ReadRunMeta(path)
	if err != nil {
		return fmt.Errorf("--deals-from: %w", err)
	}
	if !seedGiven {
		p.Seed = m.Plan.Seed
	}
	if m.Plan.Secret == nil && p.SeatsOutsider() {
		return fmt.Errorf("--deals-from %s: that run dealt from its seed alone (only built-in strategies played), which an outside agent could work out; lend the deals of a run that seated an outside agent, or seat the strategies to compare in one run", path)
	}
	p.Secret = m.Plan.Secret
	return nil
}
