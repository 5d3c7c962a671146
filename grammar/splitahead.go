package grammar

// The short lines' splits (splits) search a problem of their own: the
// points of the lines too short for prev2 apart from the others. They need
// from the top search only what its root has made before its first
// sub-problem — the look-back terms and the pairs of them (pairAtoms) — so
// they run from a copy of the search taken there, on a core of their own,
// while the top search goes on (a placement alone has a core idle once its
// narrow search is done). The copy is taken at the same point of every
// run, so the rules found are the same at any load and on any number of
// cores; it does not see the rules the top search verifies after that
// point, only the bound the root's atoms set (settle runs on what it finds,
// after).

// splitRun is the short lines' splits run from a copy of the search.
type splitRun struct {
	done     chan struct{}
	found    []Found
	memo     map[string][]Found
	solves   int
	timedOut bool
	// moved: the splits moved the bound of solves, to left solves past
	// their own.
	moved bool
	left  int
}

// splitsAhead starts the short lines' splits from a copy of the search as
// it stands, once (when the search splits them at all).
func (s *synth) splitsAhead() {
	if !s.cfg.Split || s.splitting != nil {
		return
	}
	c := s.fork()
	r := &splitRun{done: make(chan struct{})}
	s.splitting = r
	go func() {
		defer close(r.done)
		base, bound := c.solves, c.cfg.MaxSolves
		r.found = c.splits()
		r.memo, r.solves, r.timedOut = c.memo, c.solves-base, c.timedOut
		if c.cfg.MaxSolves != bound {
			r.moved, r.left = true, c.cfg.MaxSolves-c.solves
		}
	}()
}

// fork is a copy of the search that shares its pools and tables, which
// nothing changes once the root has made its pairs, and has its own memo,
// scratch memory, counters and bounds.
func (s *synth) fork() *synth {
	c := *s
	c.memo = map[string][]Found{}
	c.scratch = [3]struct{ ors, ands, imps, ites, sorted []cand }{}
	c.values = valueTally{}
	c.lateCalls, c.timedOut, c.inTop, c.splitting = 0, false, false, nil
	return &c
}

// joinSplits is the short lines' splits: the run started from the top
// search's root, or, where the root never got that far, a run started now.
// What it learnt joins the search's (its solves, and the sub-problems it
// solved that the search had not).
func (s *synth) joinSplits() []Found {
	s.splitsAhead()
	r := s.splitting
	<-r.done
	for k, v := range r.memo {
		if _, ok := s.memo[k]; !ok {
			s.memo[k] = v
		}
	}
	s.solves += r.solves
	s.timedOut = s.timedOut || r.timedOut
	if r.moved {
		// The splits leave the bound of solves where their own ended, as
		// when they ran after the top search: the fit splits' share is
		// reckoned from it.
		s.cfg.MaxSolves = s.solves + r.left
	}
	return r.found
}
