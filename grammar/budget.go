package grammar

import (
	"cmp"
	"slices"
	"time"
)

// A synthesis's budgets: the sub-problems it may solve (MaxSolves), the
// clock (Budget), the caller's patience (Stop), and the length a rule
// verified right leaves the phases after it (settle).

// unsettled is settled before any rule is verified.
const unsettled = 1 << 30

// settle holds whole rules to Verify, shortest first, the ones shorter
// than the shortest right one so far; a right one bounds the phases after
// this one to shorter rules (MaxBits). It returns fs.
func (s *synth) settle(fs []Found) []Found {
	if s.cfg.Verify == nil {
		return fs
	}
	for _, f := range slices.SortedStableFunc(slices.Values(fs), func(a, b Found) int { return cmp.Compare(a.Bits, b.Bits) }) {
		if f.Bits >= s.settled {
			break
		}
		if s.verify(f) {
			break
		}
	}
	return fs
}

// verify reports whether a whole rule is right, shorter than any known
// right; when it is, it settles the search's length.
func (s *synth) verify(f Found) bool {
	if s.cfg.Verify == nil || f.Bits >= s.settled || !s.cfg.Verify(f.Node) {
		return false
	}
	s.settled = f.Bits
	s.cfg.MaxBits = min(s.cfg.MaxBits, f.Bits-1)
	return true
}

func (s *synth) late() bool {
	// The clock every 64th call: late is asked for every term of every
	// solve, and reading the time was a fiftieth of a placement.
	s.lateCalls++
	return s.over(s.lateCalls%64 == 0)
}

// lateNow is late with the clock read every time: the pools' growth asks
// once per 4,096 nodes, and a hand's synthesis has 150 ms in all.
func (s *synth) lateNow() bool { return s.over(true) }

// over reports whether the solves, the time (when clock is set) or the
// caller's patience have run out.
func (s *synth) over(clock bool) bool {
	if s.cfg.MaxSolves > 0 && s.solves >= s.cfg.MaxSolves || s.interrupted(clock) {
		s.timedOut = true
		return true
	}
	return false
}

// interrupted reports whether the caller's patience or the time (when clock
// is set) has run out: over without the budget of solves, for the searches
// that solve no sub-problems (exactly.go).
func (s *synth) interrupted(clock bool) bool {
	select {
	case <-s.cfg.Stop:
		return true
	default:
	}
	return clock && !s.deadline.IsZero() && time.Now().After(s.deadline)
}
